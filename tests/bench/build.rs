//! Compiles the benchmark schemas twice, so that both sides come from the
//! same schema:
//!
//! - with `schemac::Builder` into `OUT_DIR/schemac`, with borrowed views;
//! - from the `.proto` files schemac exports, with protox and prost-build
//!   (no protoc) into `OUT_DIR/prost`.
//!
//! Both sides use `BTreeMap` for map fields, so that both write map entries
//! in key order and their bytes can be compared.

use std::env;
use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};

/// The schemas the benchmarks use; Order tracks the flagship schema.
const SCHEMAS: &[&str] = &["../../schemas/order.schema", "schemas/bench.schema"];

/// Where imports are looked up.
const INCLUDE_DIRS: &[&str] = &["../../schemas", "schemas"];

fn main() -> Result<(), Box<dyn Error>> {
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);

    let mut builder = schemac::Builder::new();
    for dir in INCLUDE_DIRS {
        builder.include(dir);
    }
    builder
        .out_dir(out_dir.join("schemac"))
        .include_file("mod.rs")
        .views(true)
        .compile(SCHEMAS)?;

    let proto_dir = out_dir.join("proto");
    let protos = export_protos(&proto_dir)?;
    let descriptors = protox::compile(&protos, [&proto_dir])?;
    let prost_dir = out_dir.join("prost");
    fs::create_dir_all(&prost_dir)?;
    prost_build::Config::new()
        .out_dir(&prost_dir)
        .btree_map(["."])
        .include_file("mod.rs")
        .compile_fds(descriptors)?;
    Ok(())
}

/// Writes the `.proto` equivalent of every root schema into `dir`, with
/// every file it imports (`schemac/types.proto` included, for `decimal`
/// and `value`), and returns the roots' names.
fn export_protos(dir: &Path) -> Result<Vec<String>, Box<dyn Error>> {
    let roots: Vec<PathBuf> = SCHEMAS.iter().map(PathBuf::from).collect();
    let include_dirs: Vec<PathBuf> = INCLUDE_DIRS.iter().map(PathBuf::from).collect();
    let analysis = schemac::analyze(&roots, &include_dirs, &mut |path| fs::read_to_string(path))?;
    let mut names = Vec::new();
    for &root in &analysis.roots {
        let files = analysis.export_proto_files(root);
        if let Some(own) = files.first() {
            names.push(own.name.clone());
        }
        for file in files {
            let path = dir.join(&file.name);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(path, file.contents)?;
        }
    }
    Ok(names)
}
