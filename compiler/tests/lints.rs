//! Lints (docs/language.md#lints): each `warn_<code>.schema` in `lints/`
//! gives warnings of exactly that code, pinned as a snapshot; the other
//! files there give none, `allowed.schema` because `allow` options silence
//! every lint it would give. Paths are relative to the workspace root.

use std::path::{Path, PathBuf};

use schemac::diagnostic::{Code, Severity};

fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

fn analyze(path: &Path) -> schemac::Analysis {
    let root = workspace_root();
    let mut read = |path: &Path| std::fs::read_to_string(root.join(path));
    schemac::analyze(&[path.to_path_buf()], &[], &mut read)
        .unwrap_or_else(|error| panic!("{}", error.render(false)))
}

fn promised_code(stem: &str) -> Option<Code> {
    let wanted = stem.strip_prefix("warn_")?.replace('_', "");
    Code::ALL
        .iter()
        .copied()
        .find(|code| format!("{code:?}").eq_ignore_ascii_case(&wanted))
}

#[test]
fn each_lint_has_its_schema() {
    let root = workspace_root();
    insta::glob!("lints", "warn_*.schema", |path| {
        let relative = path.strip_prefix(&root).expect("under the workspace");
        let stem = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("");
        let code = promised_code(stem).unwrap_or_else(|| panic!("no code is named {stem}"));
        assert_eq!(code.severity(), Severity::Warning);
        let analysis = analyze(relative);
        let codes: Vec<Code> = analysis.warnings.iter().map(|w| w.code).collect();
        assert!(
            !codes.is_empty() && codes.iter().all(|found| *found == code),
            "{}: {codes:?}",
            relative.display()
        );
        let source = std::fs::read_to_string(path).expect("readable");
        let text = schemac::diagnostic::render(&analysis.warnings, &analysis.sources, false);
        insta::with_settings!({ description => source, omit_expression => true }, {
            insta::assert_snapshot!(text);
        });
    });
}

#[test]
fn every_lint_has_a_schema() {
    let dir = workspace_root().join("compiler/tests/lints");
    for code in Code::ALL
        .iter()
        .filter(|code| code.severity() == Severity::Warning)
    {
        let found = std::fs::read_dir(&dir)
            .expect("the directory exists")
            .filter_map(|entry| entry.ok())
            .any(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                promised_code(name.trim_end_matches(".schema")) == Some(*code)
            });
        assert!(found, "{code} has no warn_*.schema in compiler/tests/lints");
    }
}

#[test]
fn other_schemas_have_no_warnings() {
    for name in ["allowed", "common", "unused"] {
        let path = PathBuf::from(format!("compiler/tests/lints/{name}.schema"));
        let analysis = analyze(&path);
        let text = schemac::diagnostic::render(&analysis.warnings, &analysis.sources, false);
        assert!(text.is_empty(), "{name}:\n{text}");
    }
}

#[test]
fn imported_files_and_proto_files_are_not_linted() {
    // The file with bad names is only imported here, and `.proto` files
    // follow protobuf's style guide, which schemac does not police.
    let mut read = |path: &Path| match path.to_str() {
        Some("root.schema") => Ok("import \"bad.schema\";\nmessage A { b: B = 1; }\n".to_owned()),
        Some("bad.schema") => Ok("message B { badName: i32 = 1; }\n".to_owned()),
        Some("c.proto") => {
            Ok("syntax = \"proto3\";\nmessage c_msg { int32 badName = 1; }\n".to_owned())
        }
        _ => Err(std::io::Error::from(std::io::ErrorKind::NotFound)),
    };
    for root in ["root.schema", "c.proto"] {
        let analysis = schemac::analyze(&[PathBuf::from(root)], &[], &mut read)
            .unwrap_or_else(|error| panic!("{}", error.render(false)));
        assert_eq!(analysis.warnings, Vec::new(), "{root}");
    }
}
