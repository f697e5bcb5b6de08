//! The diagnostics for every schema in `schemas/invalid/`, `.schema` and
//! `.proto` alike, pinned as
//! snapshots, and the promise that every schema in `schemas/` is clean.
//!
//! Each `err_<code>.schema` shows one diagnostic code, named after it in
//! snake case; `err_many_errors.schema` shows that every error of a file is
//! reported in one run. Paths are passed relative to the workspace root, so
//! the rendered `file:line:col` is the same on every machine.

use std::path::{Path, PathBuf};

use schemac::diagnostic::{Code, Diagnostic};

/// The root of the workspace, which holds `schemas/`.
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Analyzes the schema at `path`, relative to the workspace root, with
/// `include_dirs` (also relative) as include path.
fn analyze(path: &Path, include_dirs: &[PathBuf]) -> Result<schemac::Analysis, schemac::Error> {
    let root = workspace_root();
    let mut read = |path: &Path| std::fs::read_to_string(root.join(path));
    schemac::analyze(&[path.to_path_buf()], include_dirs, &mut read)
}

/// The code an `err_*.schema` file promises, from its name:
/// `err_duplicate_field_number` promises `DuplicateFieldNumber`.
fn promised_code(stem: &str) -> Option<Code> {
    let wanted = stem.strip_prefix("err_")?.replace('_', "");
    Code::ALL
        .iter()
        .copied()
        .find(|code| format!("{code:?}").eq_ignore_ascii_case(&wanted))
}

fn diagnostics(error: &schemac::Error) -> &[Diagnostic] {
    match error {
        schemac::Error::Schema { diagnostics, .. } => diagnostics,
        _ => &[],
    }
}

#[test]
fn invalid_schemas() {
    let root = workspace_root();
    insta::glob!("../../schemas/invalid", "*.{schema,proto}", |path| {
        let relative = path.strip_prefix(&root).expect("under the workspace");
        let source = std::fs::read_to_string(path).expect("readable");
        let stem = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("");
        let error = match analyze(relative, &[]) {
            // What a build's options ask that the schema cannot have is
            // reported by `check_config`, on a schema that passes analysis.
            Ok(analysis) if stem == "err_not_generated" => analysis
                .check_config(schemac::Config::new().views(true))
                .expect_err("views of graph messages are refused"),
            Ok(_) => panic!("{} analyzed without errors", relative.display()),
            Err(error) => error,
        };
        let codes: Vec<Code> = diagnostics(&error).iter().map(|d| d.code).collect();
        if stem == "err_many_errors" {
            // Resolve and check errors alike, all in one run.
            let from = |range: &str| codes.iter().any(|code| code.as_str().starts_with(range));
            assert!(codes.len() >= 8 && from("E02") && from("E03"), "{codes:?}");
        } else {
            let code = promised_code(stem).unwrap_or_else(|| panic!("no code is named {stem}"));
            assert!(
                !codes.is_empty() && codes.iter().all(|found| *found == code),
                "{}: {codes:?}",
                relative.display()
            );
        }
        insta::with_settings!({ description => source, omit_expression => true }, {
            insta::assert_snapshot!(error.render(false));
        });
    });
}

#[test]
fn every_code_has_an_invalid_schema() {
    let dir = workspace_root().join("schemas/invalid");
    // Breaking changes (`B…`) need two versions and lints (`W…`) are not
    // errors; compiler/tests/evolution.rs and lints.rs show those.
    for code in Code::ALL
        .iter()
        .filter(|code| code.as_str().starts_with('E'))
    {
        let name = format!("{code:?}").chars().enumerate().fold(
            String::from("err"),
            |mut name, (index, c)| {
                if c.is_ascii_uppercase() || index == 0 {
                    name.push('_');
                }
                name.push(c.to_ascii_lowercase());
                name
            },
        );
        let found = ["schema", "proto"]
            .iter()
            .any(|extension| dir.join(format!("{name}.{extension}")).exists());
        assert!(
            found,
            "{code} has no {name}.schema or {name}.proto in schemas/invalid"
        );
    }
}

#[test]
fn valid_schemas_have_no_diagnostics() {
    let root = workspace_root();
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("schemas")).expect("schemas/ exists") {
        let path = entry.expect("readable directory").path();
        if path
            .extension()
            .is_none_or(|extension| extension != "schema")
        {
            continue;
        }
        let relative = path.strip_prefix(&root).expect("under the workspace");
        if let Err(error) = analyze(relative, &[PathBuf::from("schemas")]) {
            panic!("{}", error.render(false));
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} schemas found");
}
