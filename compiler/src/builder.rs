//! The build.rs face of the compiler. (Stub: being written.)

/// Compiles schemas from a build script.
#[derive(Clone, Debug, Default)]
pub struct Builder {}
