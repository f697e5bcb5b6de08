//! generated/ must hold exactly what schemac generates from schemas/ now.
//! Run `make generate` (or this test with `SCHEMAC_BLESS=1`) to refresh it.

use std::fs;
use std::path::PathBuf;

use schemac_tests::{schema_paths, workspace_root};

#[test]
fn generated_crate_matches_the_compiler() {
    let root = workspace_root();
    let analysis = schemac::analyze(&schema_paths(), &[PathBuf::from("schemas")], &mut |path| {
        fs::read_to_string(root.join(path))
    })
    .unwrap_or_else(|error| panic!("schemas/ does not compile:\n{error}"));
    let bless = std::env::var_os("SCHEMAC_BLESS").is_some();
    let out_dir = root.join("generated/src");
    // The options `make generate` passes: `--json --views
    // --decode-in-place .`.
    let mut config = schemac::Config::new();
    config.json(true).views(true).decode_in_place(".");
    let files = analysis.generate(&config);
    let mut stale = Vec::new();
    for file in &files {
        let path = out_dir.join(&file.name);
        if fs::read_to_string(&path).ok().as_deref() != Some(file.contents.as_str()) {
            if bless {
                fs::write(&path, &file.contents).expect("write generated file");
            } else {
                stale.push(file.name.clone());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated/src is stale for {stale:?}; run `make generate`"
    );

    let mut checked_in: Vec<String> = fs::read_dir(&out_dir)
        .expect("generated/src exists")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs") && name != "lib.rs")
        .collect();
    checked_in.sort();
    let mut expected: Vec<String> = files.into_iter().map(|file| file.name).collect();
    expected.sort();
    assert_eq!(
        checked_in, expected,
        "generated/src has files schemac no longer makes"
    );
}

/// The runtime's own types of `descriptor.proto`, which its descriptor pool
/// reads (`runtime/src/reflect/descriptor.rs`, feature `reflect`), are what
/// schemac generates from the `descriptor.proto` it ships, naming the
/// runtime as `crate`.
#[test]
fn the_runtimes_descriptor_types_match_the_compiler() {
    let root = workspace_root();
    let analysis = schemac::analyze(
        &[PathBuf::from("google/protobuf/descriptor.proto")],
        &[PathBuf::from("compiler/proto")],
        &mut |path| fs::read_to_string(root.join(path)),
    )
    .unwrap_or_else(|error| panic!("descriptor.proto does not compile:\n{error}"));
    let mut config = schemac::Config::new();
    config.runtime_crate("crate");
    let files = analysis.generate(&config);
    let [file] = files.as_slice() else {
        panic!("one file, one package: {files:?}");
    };
    let path = root.join("runtime/src/reflect/descriptor.rs");
    if std::env::var_os("SCHEMAC_BLESS").is_some() {
        fs::write(&path, &file.contents).expect("write the descriptor types");
    }
    assert!(
        fs::read_to_string(&path).ok().as_deref() == Some(file.contents.as_str()),
        "runtime/src/reflect/descriptor.rs is stale; run `make generate`"
    );
}
