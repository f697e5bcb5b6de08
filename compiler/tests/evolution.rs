//! The schema-evolution checker on pairs of small schemas
//! (docs/evolution.md).
//!
//! Each directory of `evolution/breaking/` holds an `old.schema` and a
//! `new.schema` that break exactly one rule, named after its code in snake
//! case (`field_deleted` shows `B0001 FieldDeleted`): the rule fires, no
//! other does, levels below the rule's pass, and the rendered report is
//! pinned as a snapshot. Each directory of `evolution/compatible/` holds a
//! pair that must pass at every level. Paths are relative to the workspace
//! root, so the rendered `file:line:col` is the same on every machine.

use std::path::{Path, PathBuf};

use schemac::diagnostic::Code;
use schemac::evolution::{Breaking, Level, Place};

const LEVELS: [Level; 3] = [Level::Wire, Level::Json, Level::Rust];

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

/// The comparison of `dir/old.schema` with `dir/new.schema`, `dir`
/// relative to the workspace root.
fn compare(dir: &Path) -> Breaking {
    let old = analyze(&dir.join("old.schema"));
    let new = analyze(&dir.join("new.schema"));
    new.breaking_since(&old, "")
}

/// The code a case directory promises: `field_deleted` promises
/// `FieldDeleted`.
fn promised_code(name: &str) -> Option<Code> {
    let wanted = name.replace('_', "");
    Code::ALL
        .iter()
        .copied()
        .find(|code| format!("{code:?}").eq_ignore_ascii_case(&wanted))
}

fn relative_dir(path: &Path) -> PathBuf {
    let dir = path.parent().expect("in a case directory");
    dir.strip_prefix(workspace_root())
        .expect("under the workspace")
        .to_path_buf()
}

#[test]
fn each_rule_fires_alone_on_its_pair() {
    insta::glob!("evolution/breaking", "*/old.schema", |path| {
        let dir = relative_dir(path);
        let name = dir.file_name().and_then(|name| name.to_str()).unwrap_or("");
        let code = promised_code(name).unwrap_or_else(|| panic!("no code is named {name}"));
        let level = Level::of(code).expect("a breaking-change code");
        let breaking = compare(&dir);
        let codes: Vec<Code> = breaking
            .at(Level::Rust)
            .map(|f| f.diagnostic.code)
            .collect();
        assert!(
            !codes.is_empty() && codes.iter().all(|found| *found == code),
            "{}: {codes:?}",
            dir.display()
        );
        for below in LEVELS.iter().filter(|below| **below < level) {
            assert_eq!(breaking.at(*below).count(), 0, "{name} at {below:?}");
        }
        for finding in breaking.at(Level::Rust) {
            assert!(
                finding.old.is_some() || finding.new.is_some(),
                "{name}: a finding with no place"
            );
        }
        let old = std::fs::read_to_string(path).expect("readable");
        let new = std::fs::read_to_string(path.with_file_name("new.schema")).expect("readable");
        let description = format!("--- old.schema\n{old}--- new.schema\n{new}");
        insta::with_settings!({ description => description, omit_expression => true }, {
            insta::assert_snapshot!(breaking.render(Level::Rust, false));
        });
    });
}

#[test]
fn every_breaking_code_has_a_pair() {
    let dir = workspace_root().join("compiler/tests/evolution/breaking");
    for code in Code::ALL.iter().filter(|code| Level::of(**code).is_some()) {
        let name = snake_case(&format!("{code:?}"));
        assert!(
            dir.join(&name).join("old.schema").exists(),
            "{code} has no pair in compiler/tests/evolution/breaking/{name}"
        );
    }
}

#[test]
fn compatible_pairs_pass_at_every_level() {
    let dir = workspace_root().join("compiler/tests/evolution/compatible");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("the directory exists") {
        let case = entry.expect("readable").path();
        let relative = relative_dir(&case.join("old.schema"));
        let breaking = compare(&relative);
        let text = breaking.render(Level::Rust, false);
        assert!(text.is_empty(), "{}:\n{text}", relative.display());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} compatible pairs");
}

#[test]
fn a_schema_is_compatible_with_itself() {
    for name in ["order", "money", "shapes", "scalars", "world_travel"] {
        let path = PathBuf::from(format!("schemas/{name}.schema"));
        let root = workspace_root();
        let mut read = |path: &Path| std::fs::read_to_string(root.join(path));
        let analysis = schemac::analyze(&[path], &[PathBuf::from("schemas")], &mut read)
            .unwrap_or_else(|error| panic!("{}", error.render(false)));
        let breaking = analysis.breaking_since(&analysis, "");
        assert_eq!(breaking.findings, Vec::new(), "{name}");
    }
}

#[test]
fn a_finding_has_its_place_in_both_versions() {
    let dir = "compiler/tests/evolution/breaking/field_deleted";
    let breaking = compare(Path::new(dir));
    let [finding] = breaking.findings.as_slice() else {
        panic!("{:?}", breaking.findings);
    };
    let place = |span: Option<schemac::source::Span>| breaking.place(span.expect("a place"));
    let place_at = |file: &str, line, column, end_line, end_column| Place {
        file: format!("{dir}/{file}"),
        line,
        column,
        end_line,
        end_column,
    };
    // The deleted field in the old version, its message in the new one.
    assert_eq!(place(finding.old), place_at("old.schema", 5, 3, 5, 26));
    assert_eq!(place(finding.new), place_at("new.schema", 3, 9, 3, 14));
    assert_eq!(breaking.at(Level::Wire).count(), 1);
    let clean = compare(Path::new("compiler/tests/evolution/compatible/add_field"));
    assert_eq!(clean.at(Level::Rust).count(), 0);
}

fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (index, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && index > 0 {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    snake
}
