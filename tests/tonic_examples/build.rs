//! tonic's examples' build.rs, moved from tonic-prost-build to schemac as
//! the README says: the same `.proto` files and include directory, tonic
//! services, and structs without unknown fields, as prost's are (the
//! example code writes struct literals that name every field).
//!
//! Then schemac's own `proto/extra/defaults.proto`, for tests/defaults.rs,
//! with default bodies answering Unimplemented: into `OUT_DIR` with the
//! `#[async_trait]` shape of a `.proto` service's trait, and into
//! `OUT_DIR/native` with native `async fn` in traits.

use std::env;
use std::path::PathBuf;

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

    let defaults = "proto/extra/defaults.proto";
    let native = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?).join("native");
    std::fs::create_dir_all(&native)?;
    for (server_trait, out_dir) in [
        (schemac::ServerTrait::ByInput, None),
        (schemac::ServerTrait::Native, Some(native)),
    ] {
        let mut builder = schemac::Builder::new();
        builder
            .services(schemac::Services::Tonic)
            .tonic_server_trait(server_trait)
            .tonic_default_unimplemented(true)
            .keep_unknown_fields(false)
            .include("proto");
        if let Some(out_dir) = out_dir {
            builder.out_dir(out_dir);
        }
        builder.compile(&[defaults])?;
    }
    Ok(())
}
