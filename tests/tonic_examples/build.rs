//! tonic's examples' build.rs, moved from tonic-prost-build to schemac as
//! the README says: the same `.proto` files and include directory, tonic
//! services, and structs without unknown fields, as prost's are (the
//! example code writes struct literals that name every field).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for proto in [
        "proto/routeguide/route_guide.proto",
        "proto/helloworld/helloworld.proto",
    ] {
        schemac::Builder::new()
            .services(schemac::Services::Tonic)
            .keep_unknown_fields(false)
            .include("proto")
            .compile(&[proto])?;
    }
    Ok(())
}
