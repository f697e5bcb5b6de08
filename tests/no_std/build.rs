//! Compiles the telemetry schema into OUT_DIR with schemac's Builder, as
//! a firmware crate's build.rs would, and again into OUT_DIR/rc with `Rc`
//! pointers for its graph messages, which targets without atomics need.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .include("schemas")
        .include_file("schemas.rs")
        .compile(&["schemas/telemetry.schema"])?;
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    schemac::Builder::new()
        .include("schemas")
        .out_dir(out.join("rc"))
        .include_file("schemas.rs")
        .pointer_type(schemac::PointerType::Rc)
        .compile(&["schemas/telemetry.schema"])?;
    Ok(())
}
