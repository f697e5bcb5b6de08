//! The syntax of the exported `.proto` files, and the enums a field may
//! hold, against protoc: a file exports as proto2 where protoc needs it,
//! and check refuses the enum fields protoc refuses. Ignored unless asked
//! for, since it needs protoc (`make interop`).

use std::fs;
use std::path::{Path, PathBuf};

use schemac_tests::workspace_root;

use crate::protoc::protoc_accepts;

/// Writes `files` to a fresh `target/<name>` and returns the directory.
fn write_files(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = workspace_root().join("target").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create the directory");
    for (path, text) in files {
        fs::write(dir.join(path), text).expect("write the file");
    }
    dir
}

fn analyze(dir: &Path, root: &str) -> Result<schemac::Analysis, schemac::Error> {
    schemac::analyze(&[dir.join(root)], &[dir.to_path_buf()], &mut |path| {
        fs::read_to_string(path)
    })
}

/// `legacy.schema` must be proto2 for its `required` field, which makes
/// its open enum a closed one to protoc; `box.schema` holds that enum, so
/// it must be proto2 too, and so must `shelf.schema`, which holds an enum
/// of `box.schema`.
#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn protoc_accepts_files_made_proto2_by_the_enums_they_hold() {
    let dir = write_files(
        "export-syntax",
        &[
            (
                "legacy.schema",
                "package legacy; enum Kind { NONE = 0; BIG = 1; } \
                 message Part { id: required i64 = 1; }",
            ),
            (
                "box.schema",
                "import \"legacy.schema\"; package boxes; enum Size { SMALL = 0; } \
                 message Box { kind: legacy.Kind = 1; }",
            ),
            (
                "shelf.schema",
                "import \"box.schema\"; package shelves; \
                 message Shelf { sizes: map<string, boxes.Size> = 1; }",
            ),
            (
                "plain.schema",
                "package plain; message Note { text: string = 1; }",
            ),
        ],
    );
    let mut syntaxes = Vec::new();
    for root in ["shelf.schema", "plain.schema"] {
        let analysis = analyze(&dir, root).unwrap_or_else(|error| panic!("{error}"));
        for file in analysis.schema.files.iter().filter(|file| !file.provided) {
            let text = analysis.export_proto(file.id);
            let name = file.name.replace(".schema", ".proto");
            let name = Path::new(&name).file_name().expect("a file name");
            let syntax = text
                .lines()
                .find(|line| line.starts_with("syntax"))
                .unwrap_or("");
            syntaxes.push(format!("{}: {syntax}", name.to_string_lossy()));
            fs::write(dir.join(name), text.replace(".schema\"", ".proto\"")).expect("write");
        }
    }
    syntaxes.sort();
    syntaxes.dedup();
    assert_eq!(
        syntaxes,
        [
            "box.proto: syntax = \"proto2\";",
            "legacy.proto: syntax = \"proto2\";",
            "plain.proto: syntax = \"proto3\";",
            "shelf.proto: syntax = \"proto2\";",
        ]
    );
    for file in ["shelf.proto", "plain.proto"] {
        assert!(protoc_accepts(&dir, file), "protoc refuses {file}");
    }
}

/// A proto3 message holding a closed enum, and a map of an enum that does
/// not start at 0: protoc refuses both, and so does check.
#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn check_refuses_the_enum_fields_protoc_refuses() {
    let legacy = "syntax = \"proto2\"; package legacy; enum Status { ACTIVE = 1; }";
    let cases = [
        (
            "closed_in_proto3.proto",
            "syntax = \"proto3\"; import \"legacy.proto\"; \
             message Product { legacy.Status status = 1; }",
        ),
        (
            "list_closed_in_proto3.proto",
            "syntax = \"proto3\"; import \"legacy.proto\"; \
             message Product { repeated legacy.Status status = 1; }",
        ),
        (
            "map_not_zero.proto",
            "syntax = \"proto2\"; import \"legacy.proto\"; \
             message Review { map<string, legacy.Status> grades = 1; }",
        ),
    ];
    let mut files = vec![("legacy.proto", legacy)];
    files.extend(cases);
    let dir = write_files("enum-fields", &files);
    for (name, _) in cases {
        assert!(!protoc_accepts(&dir, name), "protoc accepts {name}");
        assert!(analyze(&dir, name).is_err(), "check accepts {name}");
    }
    // The same enum in a proto2 message's singular field is fine to both.
    let fine = "syntax = \"proto2\"; import \"legacy.proto\"; \
                message Product { optional legacy.Status status = 1; }";
    fs::write(dir.join("fine.proto"), fine).expect("write");
    assert!(protoc_accepts(&dir, "fine.proto"));
    assert!(analyze(&dir, "fine.proto").is_ok());
}
