//! Compiles `schemas/graph.schema` with the `Builder` into OUT_DIR, with
//! serde impls (no views: graph messages have none); again into
//! OUT_DIR/hash_maps with `HashMap` maps, whose references the encoder
//! visits in the order it writes them; again into OUT_DIR/rc with `Rc`
//! pointers; and exports it as
//! `graph.proto` beside the code, with the `schemac/options.proto` it
//! imports, for the test that Google's protoc reads graph mode's bytes.

use std::path::{Path, PathBuf};

const SCHEMA: &str = "schemas/graph.schema";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    println!("cargo:rerun-if-changed={SCHEMA}");
    schemac::Builder::new()
        .out_dir(&out)
        .include_file("mod.rs")
        .json(true)
        .compile(&[SCHEMA])?;
    schemac::Builder::new()
        .out_dir(out.join("hash_maps"))
        .include_file("mod.rs")
        .map_type(".", schemac::MapType::HashMap)
        .json(true)
        .compile(&[SCHEMA])?;
    schemac::Builder::new()
        .out_dir(out.join("rc"))
        .include_file("mod.rs")
        .pointer_type(schemac::PointerType::Rc)
        .json(true)
        .compile(&[SCHEMA])?;
    let analysis = schemac::analyze(&[PathBuf::from(SCHEMA)], &[], &mut |path: &Path| {
        std::fs::read_to_string(path)
    })?;
    for root in &analysis.roots {
        for file in analysis.export_proto_files(*root) {
            let path = out.join(&file.name);
            if let Some(folder) = path.parent() {
                std::fs::create_dir_all(folder)?;
            }
            std::fs::write(path, file.contents)?;
        }
    }
    Ok(())
}
