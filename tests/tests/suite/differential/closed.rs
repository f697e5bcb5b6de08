//! Closed enums against Google's Python protobuf: each case of
//! `closed_enums` (numbers that `school.ReportCard`'s closed enums do not
//! name, in every shape) read and written back by Google from the
//! descriptors schemac exports, byte for byte as schemac writes it back,
//! and the same numbers in JSON refused by both.
//!
//! Unlike the rest of the differential test, these run in every `cargo
//! test`: they need Python and its protobuf, not protoc. Without them they
//! are skipped with a note, but under `CI=true`, where CI installs them,
//! their absence fails.
//!
//! Debian's python3-protobuf (3.21, on its C++ backend, whose messages of
//! a descriptor are `DynamicMessage`s) keeps a map entry whose value a
//! closed enum does not name in the map, with the enum's default, and the
//! number in the entry's own unknown fields. Google's C++ generated code
//! (`TcParser::MpMap` in `generated_message_tctable_lite.cc`) and upb, on
//! which current Python releases run, move the whole entry to the
//! message's unknown fields, as schemac does: the map cases are held to a
//! current release, the differential test's Python (`google::python`: the
//! workspace's `.venv-protoc`, or `SCHEMAC_PYTHON`).

use std::fs;
use std::io::Write as _;
use std::path::PathBuf;

use schemac_tests::workspace_root;

use super::google::{self, Google, hex};
use crate::closed_enums::{CASES, Case, bytes, report_card_round_trip};

const NAME: &str = "school.ReportCard";

/// The same numbers in JSON, which Google's json_format refuses.
const STRAYS_IN_JSON: &[&str] = &[
    r#"{"grade": 9}"#,
    r#"{"levels": [1, 7]}"#,
    r#"{"packedLevels": [7]}"#,
    r#"{"bySubject": {"m": 7}}"#,
    r#"{"level": 7}"#,
];

#[test]
fn closed_enums_are_written_back_as_googles_python_writes_them() {
    let python = google::debian_python();
    if !available_or_skip(
        &python,
        "SCHEMAC_PYTHON_DEBIAN",
        "Debian's python3-protobuf",
    ) {
        return;
    }
    let cases: Vec<&Case> = CASES.iter().filter(|case| !case.map).collect();
    compare(&python, "debian", &cases);
}

#[test]
fn closed_enums_maps_are_written_back_as_current_python_writes_them() {
    let python = google::python();
    if !available_or_skip(
        &python,
        "SCHEMAC_PYTHON",
        "a current protobuf (`.venv-protoc`, `make differential`)",
    ) {
        return;
    }
    let cases: Vec<&Case> = CASES.iter().collect();
    compare(&python, "current", &cases);
}

/// Google's protobuf in `python` reads each of `cases` and writes it back
/// as schemac does, and refuses [`STRAYS_IN_JSON`] as schemac does.
fn compare(python: &str, label: &str, cases: &[&Case]) {
    let mut google = Google::start_with(
        python,
        &workspace_root().join("tests/differential/google_peer.py"),
    );
    google.load(&descriptors(label));
    let inputs: Vec<Vec<u8>> = cases.iter().map(|case| bytes(case.input)).collect();
    let googles = google.reserialize(NAME, &inputs);
    for ((case, input), googles) in cases.iter().zip(&inputs).zip(googles) {
        let googles = googles.unwrap_or_else(|error| panic!("{}: Google: {error}", case.what));
        let ours = report_card_round_trip(input);
        assert_eq!(
            hex(&ours),
            hex(&googles),
            "{} ({python}): schemac's bytes, then Google's",
            case.what
        );
    }
    let texts: Vec<String> = STRAYS_IN_JSON.iter().map(|text| text.to_string()).collect();
    for (text, googles) in texts.iter().zip(google.parse_json(NAME, &texts)) {
        assert!(
            googles.is_err(),
            "{text} ({python}): Google reads {googles:?}"
        );
        let ours = serde_json::from_str::<schemac_generated::school::ReportCard>(text);
        assert!(ours.is_err(), "{text}: schemac reads {ours:?}");
    }
}

/// The descriptor set of `schemas/school.schema`, as schemac exports it,
/// in a file of its own for the test `label`.
fn descriptors(label: &str) -> PathBuf {
    let root = workspace_root();
    let analysis = schemac::analyze(
        &[PathBuf::from("schemas/school.schema")],
        &[PathBuf::from("schemas")],
        &mut |path| fs::read_to_string(root.join(path)),
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let set = analysis.encode_descriptor_set(&analysis.roots, true);
    let dir = root.join("target/differential/closed-enums");
    fs::create_dir_all(&dir).expect("create target/differential/closed-enums");
    let path = dir.join(format!("{label}.binpb"));
    fs::write(&path, set).expect("write the descriptor set");
    path
}

/// Whether `python` imports Google's protobuf. If not, a note on stderr
/// says what is left unchecked, and `false`; but under `CI=true`, where CI
/// installs it, its absence fails the test.
fn available_or_skip(python: &str, variable: &str, what: &str) -> bool {
    if google::imports_protobuf(python) {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{python} cannot import google.protobuf, and CI=true promises {what}; \
         {variable} names another Python"
    );
    // Straight to stderr, which the test harness does not capture, so that
    // the note shows in a passing run too.
    let _ = writeln!(
        std::io::stderr(),
        "note: {python} cannot import google.protobuf ({what}; {variable} names another); \
         closed enums left unchecked against it"
    );
    false
}
