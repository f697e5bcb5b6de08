//! `schemac import-proto`: the `.schema` of `.proto` files on stdout or in
//! a directory, and its exit codes (0 success, 1 bad input, 2 bad usage).

use std::path::{Path, PathBuf};

mod common;

use common::{schemac, schemac_in, stderr, stdout};

fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Generated Rust without its `@generated` lines, which name the sources.
fn without_headers(code: &str) -> Vec<&str> {
    let lines = code.lines();
    lines
        .filter(|line| !line.starts_with("// @generated"))
        .collect()
}

#[test]
fn import_proto_prints_the_schema_of_one_file() {
    let args = [
        "import-proto",
        "-I",
        "tests/protos/proto",
        "tests/protos/proto/legacy/v1/inventory.proto",
    ];
    let output = schemac(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    for expected in [
        "// Written by schemac from legacy/v1/inventory.proto: its .schema equivalent.\n",
        "\npackage legacy.v1;\n",
        "/// A stock keeping unit and how many of it there are.\nmessage Item {\n",
        "  sku: required string = 1;\n  count: optional i32 = 2 [default = 1];\n",
        "  barcode: optional bytes = 7 [default = \"\\x00\\x01\"];\n",
        "  bins: list<i32> = 8 [packed = false];\n  sizes: list<i32> = 9 [packed = true];\n",
        "  enum Condition {\n    option closed = true;\n    NEW = 0;\n",
        "  extensions 100 to 199;\n",
    ] {
        assert!(text.contains(expected), "{expected:?} not in\n{text}");
    }
}

#[test]
fn import_proto_prints_several_files_each_under_its_name() {
    let args = [
        "import-proto",
        "-I",
        "tests/protos/proto",
        "tests/protos/proto/acme/common/v1/common.proto",
        "tests/protos/proto/wkt.proto",
    ];
    let output = schemac(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let common = text.find("// ===== acme/common/v1/common.schema =====\n");
    let wkt = text.find("// ===== wkt.schema =====\n");
    assert!(common.is_some() && common < wkt, "{text}");
}

#[test]
fn import_proto_writes_every_converted_file_and_they_compile_to_the_same_rust() {
    let out = tempdir("import_proto_out");
    let out_arg = out.to_string_lossy().into_owned();
    let root = "tests/protos/proto/acme/trace/v1/trace.proto";
    let args = [
        "import-proto",
        "-I",
        "tests/protos/proto",
        "-o",
        &out_arg,
        root,
    ];
    let output = schemac(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mut written = Vec::new();
    for name in [
        "acme/trace/v1/trace.schema",
        "acme/common/v1/common.schema",
        "acme/resource/v1/resource.schema",
    ] {
        let path = out.join(name);
        assert!(path.is_file(), "{name} is not written");
        written.push(path);
    }
    // Nothing else: no shipped file, nothing at the top.
    let top: Vec<_> = std::fs::read_dir(&out).unwrap().flatten().collect();
    assert_eq!(top.len(), 1, "{top:?}");

    // The .schema files generate the .proto's Rust.
    let from_proto = schemac(&["compile", "--json", "-I", "tests/protos/proto", root]);
    assert_eq!(from_proto.status.code(), Some(0), "{}", stderr(&from_proto));
    let compile = ["compile", "--json", "-I", ".", "acme/trace/v1/trace.schema"];
    let from_schema = schemac_in(&out, &compile);
    assert_eq!(
        from_schema.status.code(),
        Some(0),
        "{}",
        stderr(&from_schema)
    );
    let (schema_code, proto_code) = (stdout(&from_schema), stdout(&from_proto));
    let (schema_code, proto_code) = (without_headers(&schema_code), without_headers(&proto_code));
    assert!(proto_code.len() > 1000, "{proto_code:?}");
    // Not assert_eq!, which would print thousands of lines.
    assert!(schema_code == proto_code, "the Rust differs");

    // A second run leaves the unchanged files untouched.
    let modified = std::fs::metadata(&written[0]).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert_eq!(schemac(&args).status.code(), Some(0));
    assert_eq!(
        std::fs::metadata(&written[0]).unwrap().modified().unwrap(),
        modified
    );
}

#[test]
fn import_proto_fails_with_1_on_bad_input_and_2_on_bad_usage() {
    let missing = schemac(&["import-proto", "no/such.proto"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).contains("no/such.proto"),
        "{}",
        stderr(&missing)
    );

    let unsupported = schemac(&["import-proto", "schemas/invalid/err_unsupported.proto"]);
    assert_eq!(unsupported.status.code(), Some(1));
    assert!(
        stderr(&unsupported).contains("error[E0003]"),
        "{}",
        stderr(&unsupported)
    );
    assert!(stdout(&unsupported).is_empty());

    let no_file = schemac(&["import-proto"]);
    assert_eq!(no_file.status.code(), Some(2), "{}", stderr(&no_file));
}
