//! Compiles two schemas, one importing another package, into OUT_DIR, with
//! an include file that nests the packages as modules, serde impls and
//! views, as `make generate` makes them; a schema of its own for views; and
//! one whose import only the include directory finds.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .include("../../schemas")
        .include_file("schemas.rs")
        .json(true)
        .views(true)
        .compile(&[
            "../../schemas/order.schema",
            "../../schemas/world_travel.schema",
            "schemas/views.schema",
            "schemas/itinerary.schema",
        ])?;
    Ok(())
}
