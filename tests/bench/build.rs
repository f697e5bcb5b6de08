//! Compiles the benchmark schemas for every peer, so that every side comes
//! from the same schema:
//!
//! - with `schemac::Builder` into `OUT_DIR/schemac`, with borrowed views;
//! - with `schemac::Builder` again into `OUT_DIR/schemac_in_place`, its
//!   messages read in place by `decode_in_place`;
//! - with `schemac::Builder` again into `OUT_DIR/schemac_repr`, with the
//!   field representations: `CompactString` strings in
//!   `shop`, `otlp`, `bench.Simple`, `bench.Strings` and `bench.Tree`,
//!   `HashMap` maps with foldhash's hasher in `bench`, `bytes::Bytes` in
//!   `bench.Blob` and `otlp`;
//! - with `schemac::Builder` again into `OUT_DIR/schemac_lite`, bench.schema
//!   alone with its maps as `LiteMap`, vectors sorted by key;
//! - from the `.proto` files schemac exports, with protox and prost-build
//!   (no protoc) into `OUT_DIR/prost`, and again with prost-build's
//!   defaults for maps (`HashMap`) and `bytes(["."])` into
//!   `OUT_DIR/prost_repr`;
//! - from the same `.proto` files, through the descriptor set protox
//!   builds (no protoc), with buffa-build into `OUT_DIR/buffa`, with views.
//!
//! schemac and the first prost use `BTreeMap` for map fields, so that both
//! write map entries in key order and their bytes can be compared.

use std::env;
use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};

use schemac::{BytesType, MapType, StringType};

/// The schemas the benchmarks use; Order tracks the flagship schema.
const SCHEMAS: &[&str] = &[
    "../../schemas/order.schema",
    "schemas/bench.schema",
    "schemas/otlp.schema",
];

/// The schemas of the representations' generation.
const REPR_SCHEMAS: &[&str] = &[
    "../../schemas/order.schema",
    "schemas/bench.schema",
    "schemas/otlp.schema",
];

/// Where imports are looked up.
const INCLUDE_DIRS: &[&str] = &["../../schemas", "schemas"];

/// Set to `drop`, schemac's messages drop unknown fields instead of
/// keeping them (the default): what keeping costs is the difference of two
/// builds' ratios against prost (docs/benchmarks.md).
const UNKNOWN_FIELDS_VAR: &str = "SCHEMAC_BENCH_UNKNOWN_FIELDS";

/// A schemac builder that looks up imports in [`INCLUDE_DIRS`], keeping
/// unknown fields unless [`UNKNOWN_FIELDS_VAR`] says `drop`.
fn builder() -> schemac::Builder {
    let mut builder = schemac::Builder::new();
    for dir in INCLUDE_DIRS {
        builder.include(dir);
    }
    let drop = env::var(UNKNOWN_FIELDS_VAR).is_ok_and(|value| value == "drop");
    builder.keep_unknown_fields(!drop);
    builder
}

/// Set to `1`, schemac's default types are generated to be read in place
/// too (`decode_in_place(".")`): what that costs their fresh decode is the
/// difference of two builds' ratios against prost (docs/benchmarks.md).
const IN_PLACE_VAR: &str = "SCHEMAC_BENCH_IN_PLACE";

fn main() -> Result<(), Box<dyn Error>> {
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    println!("cargo:rerun-if-env-changed={UNKNOWN_FIELDS_VAR}");
    println!("cargo:rerun-if-env-changed={IN_PLACE_VAR}");

    let mut schemac = builder();
    if env::var(IN_PLACE_VAR).is_ok_and(|value| value == "1") {
        schemac.decode_in_place(".");
    }
    schemac
        .out_dir(out_dir.join("schemac"))
        .include_file("mod.rs")
        .views(true)
        .compile(SCHEMAS)?;

    builder()
        .out_dir(out_dir.join("schemac_in_place"))
        .include_file("mod.rs")
        .decode_in_place(".")
        .compile(SCHEMAS)?;

    builder()
        .out_dir(out_dir.join("schemac_repr"))
        .include_file("mod.rs")
        .string_type(".shop", StringType::CompactString)
        .string_type(".bench.Simple", StringType::CompactString)
        .string_type(".bench.Strings", StringType::CompactString)
        .string_type(".bench.Tree", StringType::CompactString)
        .string_type(".otlp", StringType::CompactString)
        .map_type(
            ".bench",
            MapType::HashMapWith("::foldhash::fast::RandomState".to_owned()),
        )
        .bytes_type(".bench.Blob", BytesType::Bytes)
        .bytes_type(".otlp", BytesType::Bytes)
        .compile(REPR_SCHEMAS)?;

    builder()
        .out_dir(out_dir.join("schemac_lite"))
        .include_file("mod.rs")
        .map_type(".", MapType::LiteMap)
        .compile(&["schemas/bench.schema"])?;

    let proto_dir = out_dir.join("proto");
    let protos = export_protos(&proto_dir)?;
    let descriptors = protox::compile(&protos, [&proto_dir])?;
    let prost_dir = out_dir.join("prost");
    fs::create_dir_all(&prost_dir)?;
    prost_build::Config::new()
        .out_dir(&prost_dir)
        .btree_map(["."])
        .include_file("mod.rs")
        .compile_fds(descriptors.clone())?;
    let prost_repr_dir = out_dir.join("prost_repr");
    fs::create_dir_all(&prost_repr_dir)?;
    prost_build::Config::new()
        .out_dir(&prost_repr_dir)
        .bytes(["."])
        .include_file("mod.rs")
        .compile_fds(descriptors.clone())?;

    // buffa-build asks cargo to run this script again when the descriptor
    // set changes: written again with the same bytes, it would seem changed
    // at every build, and every build would run this script.
    let descriptor_path = out_dir.join("bench.binpb");
    let descriptor_set = prost::Message::encode_to_vec(&descriptors);
    if fs::read(&descriptor_path).ok().as_ref() != Some(&descriptor_set) {
        fs::write(&descriptor_path, descriptor_set)?;
    }
    let files: Vec<String> = descriptors
        .file
        .iter()
        .map(|f| f.name().to_owned())
        .collect();
    let buffa_dir = out_dir.join("buffa");
    fs::create_dir_all(&buffa_dir)?;
    buffa_build::Config::new()
        .descriptor_set(&descriptor_path)
        .files(&files)
        .out_dir(&buffa_dir)
        .generate_views(true)
        .include_file("mod.rs")
        .compile()?;
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
