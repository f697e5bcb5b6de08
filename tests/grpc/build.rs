//! Compiles the order service with tonic servers and clients, as a user's
//! build.rs does; then exports its `.proto` (what `schemac export-proto`
//! writes) into `OUT_DIR/proto`, for the Python peer of the interop tests,
//! and compiles that `.proto` with protox (no protoc) and tonic-prost-build
//! into `OUT_DIR/prost`, for the load test's comparison.

use std::env;
use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};

/// The schema of the service.
const SCHEMA: &str = "schemas/orders.schema";

fn main() -> Result<(), Box<dyn Error>> {
    schemac::Builder::new()
        .services(schemac::Services::Tonic)
        .include_file("schemas.rs")
        .compile(&[SCHEMA])?;

    let out_dir = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let proto_dir = out_dir.join("proto");
    let root = export_proto(&proto_dir)?;
    let descriptors = protox::compile([&root], [&proto_dir])?;
    let prost_dir = out_dir.join("prost");
    fs::create_dir_all(&prost_dir)?;
    tonic_prost_build::configure()
        .out_dir(&prost_dir)
        .include_file("mod.rs")
        .compile_fds(descriptors)?;
    Ok(())
}

/// Writes the `.proto` equivalent of the schema into `dir`, with every
/// file it imports; returns the root's name, relative to `dir`.
fn export_proto(dir: &Path) -> Result<String, Box<dyn Error>> {
    let analysis = schemac::analyze(&[PathBuf::from(SCHEMA)], &[], &mut |path| {
        fs::read_to_string(path)
    })?;
    let root = *analysis.roots.first().ok_or("no root file")?;
    let files = analysis.export_proto_files(root);
    let name = files.first().ok_or("nothing exported")?.name.clone();
    for file in files {
        let path = dir.join(&file.name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(path, file.contents)?;
    }
    Ok(name)
}
