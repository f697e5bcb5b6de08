//! `schemac breaking`: its exit codes (0 nothing breaks, 1 something does
//! or an input is wrong, 2 bad usage), its JSON output, and `--against` on
//! a git repository made for the test.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{schemac, schemac_in, stderr, stdout, workspace};

const V1: &str = "tests/evolution/schemas/v1.schema";
const V2: &str = "tests/evolution/schemas/v2.schema";
const V3: &str = "tests/evolution/schemas/v3.schema";

#[test]
fn compatible_versions_pass_at_every_level() {
    for level in ["wire", "json", "rust"] {
        let output = schemac(&["breaking", "--level", level, V1, V2]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert!(stderr(&output).is_empty() && stdout(&output).is_empty());
    }
}

#[test]
fn breaking_versions_exit_1_with_both_places() {
    let output = schemac(&["breaking", V2, V3]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(text.contains("error[B0004]"), "{text}");
    assert!(
        text.contains("tests/evolution/schemas/v3.schema:42:7"),
        "{text}"
    );
    assert!(
        text.contains("tests/evolution/schemas/v2.schema:46:7"),
        "{text}"
    );
    assert!(
        text.ends_with("error: 5 breaking changes at level json\n"),
        "{text}"
    );
    let wire = schemac(&["breaking", "--level", "wire", V2, V3]);
    assert!(stderr(&wire).ends_with("error: 4 breaking changes at level wire\n"));
}

#[test]
fn the_json_format_has_one_object_per_finding() {
    let output = schemac(&["breaking", "--format", "json", "--level", "rust", V2, V3]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).is_empty());
    insta::assert_snapshot!(stdout(&output));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["breaking", V1][..],
        &["breaking", V1, V2, V3],
        &["breaking", "--level", "bytes", V1, V2],
        &["breaking", "--format", "xml", V1, V2],
    ] {
        let output = schemac(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn an_unreadable_or_broken_version_exits_1() {
    let missing = schemac(&["breaking", "no/such.schema", V2]);
    assert_eq!(missing.status.code(), Some(1));
    let broken = schemac(&["breaking", "schemas/invalid/err_syntax.schema", V2]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(stderr(&broken).contains("the old version does not check"));
}

/// Runs git in `dir`, as a fixed user with no configuration of the
/// machine's.
fn git(dir: &Path, args: &[&str]) {
    let output = Command::new("git")
        .args([
            "-c",
            "user.name=schemac",
            "-c",
            "user.email=schemac@example.invalid",
        ])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .output()
        .expect("git runs");
    assert!(output.status.success(), "git {args:?}: {}", stderr(&output));
}

/// A git repository with `schemas/order.schema` (the flagship) importing
/// `schemas/common.schema`, committed, in the target directory.
fn repository(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("schemas")).unwrap();
    let order = std::fs::read_to_string(workspace().join("schemas/order.schema")).unwrap();
    let order = order.replace(
        "package shop;",
        "package shop;\n\nimport \"common.schema\";",
    );
    let order = order.replace("  reserved 8,", "  note: Note = 9;\n  reserved 8,");
    std::fs::write(dir.join("schemas/order.schema"), order).unwrap();
    std::fs::write(
        dir.join("schemas/common.schema"),
        "package shop;\n\nmessage Note {\n  text: string = 1;\n}\n",
    )
    .unwrap();
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "."]);
    git(&dir, &["commit", "-q", "-m", "v1"]);
    dir
}

fn edit(dir: &Path, path: &str, from: &str, to: &str) {
    let path = dir.join(path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
}

#[test]
fn against_reads_the_old_version_from_git() {
    let dir = repository("breaking_against");
    let args = ["breaking", "--against", "HEAD", "schemas/order.schema"];
    let unchanged = schemac_in(&dir, &args);
    assert_eq!(unchanged.status.code(), Some(0), "{}", stderr(&unchanged));

    // A field with a new number passes.
    edit(
        &dir,
        "schemas/order.schema",
        "  reserved 8,",
        "  coupon: string = 13;\n  reserved 8,",
    );
    let added = schemac_in(&dir, &args);
    assert_eq!(added.status.code(), Some(0), "{}", stderr(&added));

    // Deleting `description` is stopped, pointing at both lines.
    edit(
        &dir,
        "schemas/order.schema",
        "  description: string = 2;\n  /// The sum",
        "  /// The sum",
    );
    let deleted = schemac_in(&dir, &args);
    assert_eq!(deleted.status.code(), Some(1));
    let text = stderr(&deleted);
    assert!(text.contains("error[B0001]"), "{text}");
    assert!(text.contains("HEAD:schemas/order.schema:35:3"), "{text}");
    assert!(text.contains("┌─ schemas/order.schema:33:9"), "{text}");
    assert!(
        text.contains("help: reserve 2 and \"description\" in Order: `reserved 2, description;`"),
        "{text}"
    );

    // Changing `id` to a string is stopped too.
    edit(
        &dir,
        "schemas/order.schema",
        "  id: i64 = 1;\n  /// The sum",
        "  id: string = 1;\n  /// The sum",
    );
    let retyped = schemac_in(&dir, &args);
    assert!(
        stderr(&retyped).contains("error[B0004]"),
        "{}",
        stderr(&retyped)
    );

    // An imported file is read from git as well.
    git(&dir, &["checkout", "-q", "--", "schemas/order.schema"]);
    edit(
        &dir,
        "schemas/common.schema",
        "text: string = 1;",
        "text: bytes = 1;",
    );
    let imported = schemac_in(&dir, &args);
    assert_eq!(imported.status.code(), Some(1));
    let text = stderr(&imported);
    assert!(text.contains("HEAD:schemas/common.schema:4:9"), "{text}");

    // A revision that does not exist, or a file it lacks, is an input error.
    let unknown = schemac_in(
        &dir,
        &[
            "breaking",
            "--against",
            "no-such-ref",
            "schemas/order.schema",
        ],
    );
    assert_eq!(unknown.status.code(), Some(1), "{}", stderr(&unknown));
}
