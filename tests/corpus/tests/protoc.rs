//! schemac against protoc on every file of the corpus: both accept the
//! same files, and the descriptor schemac writes of each is the one protoc
//! writes, byte for byte, source info aside; and the same descriptors of
//! the editions files of the tests (the conformance suite's and
//! `tests/grammar/editions.proto` and `edition_2024.proto`).
//!
//! The verdicts of the current protoc (libprotoc 35) are recorded in
//! `files.txt`, which the first test reads; the second runs protoc itself
//! (`make corpus`; CI installs it), as `SCHEMAC_PROTOC` names it or from
//! the workspace's `.venv-protoc` (`corpus::current_protoc`).

use std::path::{Path, PathBuf};
use std::process::Command;

use prost::encoding::{WireType, decode_key, decode_varint, encode_key, encode_varint};
use schemac_corpus::corpus::{CURRENT_PROTOC_HELP, Corpus, Entry, ROOTS, current_protoc};

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// schemac's analysis of `entry`, with every root as an include directory.
fn analyze(entry: &Entry) -> Result<schemac::Analysis, schemac::Error> {
    let dir = corpus_dir();
    let includes: Vec<PathBuf> = ROOTS.iter().map(|root| dir.join(root)).collect();
    schemac::analyze(&[dir.join(&entry.path)], &includes, &mut |path: &Path| {
        std::fs::read_to_string(path)
    })
}

#[test]
fn schemac_accepts_exactly_the_files_protoc_accepts() {
    let corpus = Corpus::read().expect("files.txt reads");
    let mut wrong = Vec::new();
    for entry in &corpus.entries {
        let result = analyze(entry);
        if result.is_ok() != entry.protoc_accepts {
            let why = match result {
                Ok(_) => "protoc refuses it, schemac accepts it".to_owned(),
                Err(error) => format!("protoc accepts it, schemac refuses it:\n{error}"),
            };
            wrong.push(format!("{}: {why}", entry.path));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} files:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(corpus.entries.len() >= 290, "the corpus lost files");
}

/// The command that runs the current protoc.
fn protoc() -> Vec<String> {
    current_protoc().unwrap_or_else(|| panic!("no current protoc: {CURRENT_PROTOC_HELP}"))
}

/// protoc's descriptor set of `entry` (no imports, no source info), or its
/// diagnostics when it refuses the file.
fn protoc_descriptor(entry: &Entry, out: &Path) -> Result<Vec<u8>, String> {
    protoc_descriptor_in(&corpus_dir(), &ROOTS, &entry.path, out)
}

/// protoc's descriptor set of `file`, run in `dir` with the import roots
/// `roots`, written to `out`; its diagnostics when it refuses the file.
fn protoc_descriptor_in(
    dir: &Path,
    roots: &[&str],
    file: &str,
    out: &Path,
) -> Result<Vec<u8>, String> {
    let command = protoc();
    let mut protoc = Command::new(&command[0]);
    protoc.args(&command[1..]).current_dir(dir);
    for root in roots {
        protoc.arg("-I").arg(root);
    }
    let output = protoc
        .arg(format!("--descriptor_set_out={}", out.display()))
        .arg(file)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    match output.status.success() {
        true => Ok(std::fs::read(out).expect("protoc wrote the set")),
        false => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
    }
}

#[test]
#[ignore = "needs the current protoc (SCHEMAC_PROTOC); run with `make corpus`"]
fn descriptors_equal_protocs_byte_for_byte() {
    let corpus = Corpus::read().expect("files.txt reads");
    let out = std::env::temp_dir().join(format!("schemac-corpus-{}.pb", std::process::id()));
    let (mut equal, mut problems) = (0, Vec::new());
    for entry in &corpus.entries {
        let theirs = protoc_descriptor(entry, &out);
        if theirs.is_ok() != entry.protoc_accepts {
            problems.push(format!(
                "{}: files.txt records another verdict than this protoc gives",
                entry.path
            ));
            continue;
        }
        let (Ok(theirs), Ok(analysis)) = (theirs, analyze(entry)) else {
            continue;
        };
        let ours = without_source_info(&analysis.encode_descriptor_set(&analysis.roots, false));
        match ours == theirs {
            true => equal += 1,
            false => problems.push(format!("{}: the descriptors differ", entry.path)),
        }
    }
    let _ = std::fs::remove_file(&out);
    assert!(
        problems.is_empty(),
        "{} of them:\n{}",
        problems.len(),
        problems.join("\n")
    );
    let accepted = corpus.accepted_by_protoc().len();
    assert_eq!(equal, accepted, "every accepted file was compared");
}

/// The editions files of the tests, each in its import root: protoc and
/// schemac describe each alike, the edition, the features as written and
/// the labels and types protoc keeps for them (`LABEL_OPTIONAL` for a
/// `LEGACY_REQUIRED` field, `TYPE_MESSAGE` for a delimited one).
#[test]
#[ignore = "needs the current protoc (SCHEMAC_PROTOC); run with `make corpus`"]
fn editions_descriptors_equal_protocs_byte_for_byte() {
    let tests = corpus_dir().join("..");
    let files = [
        ("grammar", "editions.proto"),
        ("grammar", "edition_2024.proto"),
        ("grammar", "edition_2024_options.proto"),
        (
            "conformance/protos",
            "google/protobuf/test_messages_edition2023.proto",
        ),
        (
            "conformance/protos",
            "google/protobuf/test_messages_proto2_editions.proto",
        ),
        (
            "conformance/protos",
            "google/protobuf/test_messages_proto3_editions.proto",
        ),
    ];
    let out = std::env::temp_dir().join(format!("schemac-editions-{}.pb", std::process::id()));
    for (root, file) in files {
        let theirs = protoc_descriptor_in(&tests, &[root], file, &out)
            .unwrap_or_else(|error| panic!("protoc refuses {file}: {error}"));
        let dir = tests.join(root);
        let includes = std::slice::from_ref(&dir);
        let analysis = schemac::analyze(&[dir.join(file)], includes, &mut |path: &Path| {
            std::fs::read_to_string(path)
        })
        .unwrap_or_else(|error| panic!("schemac refuses {file}: {error}"));
        let ours = without_source_info(&analysis.encode_descriptor_set(&analysis.roots, false));
        assert!(ours == theirs, "{file}: the descriptors differ");
    }
    let _ = std::fs::remove_file(&out);
}

/// A `FileDescriptorSet` without the source info (field 9) of its files.
fn without_source_info(set: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(set.len());
    for (number, _, file) in records(set) {
        let kept: Vec<u8> = (records(file).into_iter())
            .filter(|(number, _, _)| *number != 9)
            .flat_map(|(_, record, _)| record.iter().copied())
            .collect();
        encode_key(number, WireType::LengthDelimited, &mut out);
        encode_varint(kept.len() as u64, &mut out);
        out.extend_from_slice(&kept);
    }
    out
}

/// The records of a message: each field's number, its whole record (key
/// and value) and, for a length-delimited field, its value's bytes.
fn records(mut bytes: &[u8]) -> Vec<(u32, &[u8], &[u8])> {
    let mut records = Vec::new();
    while !bytes.is_empty() {
        let start = bytes;
        let (number, wire_type) = decode_key(&mut bytes).expect("a key");
        let mut value: &[u8] = &[];
        match wire_type {
            WireType::Varint => {
                decode_varint(&mut bytes).expect("a varint");
            }
            WireType::LengthDelimited => {
                let length = decode_varint(&mut bytes).expect("a length") as usize;
                (value, bytes) = bytes.split_at(length);
            }
            WireType::SixtyFourBit => bytes = &bytes[8..],
            WireType::ThirtyTwoBit => bytes = &bytes[4..],
            other => panic!("a descriptor holds no {other:?}"),
        }
        let record = &start[..start.len() - bytes.len()];
        records.push((number, record, value));
    }
    records
}
