//! Compiles two schemas, one importing another package, into OUT_DIR, with
//! an include file that nests the packages as modules, and serde impls, as
//! `make generate` makes them.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .include("../../schemas")
        .include_file("schemas.rs")
        .json(true)
        .compile(&[
            "../../schemas/order.schema",
            "../../schemas/world_travel.schema",
        ])?;
    Ok(())
}
