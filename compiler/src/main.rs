//! The `schemac` command line. (Stub: being written.)

fn main() {}
