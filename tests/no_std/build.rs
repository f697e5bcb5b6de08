//! Compiles the telemetry schema into OUT_DIR with schemac's Builder, as
//! a firmware crate's build.rs would.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .include("schemas")
        .include_file("schemas.rs")
        .compile(&["schemas/telemetry.schema"])?;
    Ok(())
}
