//! Compiles the `.proto` files of tests/proto as a team moving from prost
//! would: `prost_build::compile_protos(&[...], &["../proto"])` becomes the
//! Builder with the same include path. The well-known types they import
//! come with schemac; Google's `descriptor.proto` too.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .include("../proto")
        .include_file("protos.rs")
        .json(true)
        .views(true)
        .compile(&[
            "../proto/acme/trace/v1/trace.proto",
            "../proto/store/v1/orders.proto",
            "../proto/legacy/v1/inventory.proto",
            "../proto/legacy/v1/retired.proto",
            "../proto/legacy/v1/extended.proto",
            "../proto/acme/catalog/v1/catalog.proto",
            "../proto/legacy/v1/search.proto",
            "../proto/wkt.proto",
        ])?;
    Ok(())
}
