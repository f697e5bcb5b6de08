//! Compiles two schemas, one importing another package, into OUT_DIR, with
//! an include file that nests the packages as modules.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .include("../../schemas")
        .include_file("schemas.rs")
        .compile(&[
            "../../schemas/order.schema",
            "../../schemas/world_travel.schema",
        ])?;
    Ok(())
}
