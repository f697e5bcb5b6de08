//! Edition 2023's features against Google's protobuf: one test for each
//! value of each feature, so that a failure names the feature and the
//! value (docs/differential.md, "Editions").
//!
//! The schemas are `tests/differential/editions`: for each feature, a file
//! that sets one value at the file level and another that sets the other
//! value (or the default, written out), each with messages that take the
//! file's value and messages that set another value on each field (on the
//! enum for `enum_type`, on the message for `json_format`). A test takes
//! the messages of its value from both files, and runs them through:
//!
//! - the random differential, both ways, bytes and JSON, with the
//!   generated code of the `schemac-protos` crate (which keeps unknown
//!   fields, as Google does) and with `schemac decode | schemac encode`;
//! - probes: fixed bytes that show the value at work (a zero written or
//!   not, a list packed or not, a group, an enum's number moved to the
//!   unknown fields...), each with what Google writes back, which the
//!   generated code must write too, and the command line too but for the
//!   unknown fields, which JSON does not hold; and fixed JSON, read by
//!   Google and by both of schemac's subjects alike.
//!
//! Where schemac differs on purpose, the probe says so: `utf8_validation
//! = NONE` lets Google read strings that are not UTF-8, which schemac
//! refuses, its strings being Rust's; and `json_format =
//! LEGACY_BEST_EFFORT` lets protoc accept fields whose JSON names clash,
//! which schemac refuses (E0317).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use schemac::transcode;
use schemac_corpus::corpus;
use schemac_tests::workspace_root;
use serde_json::Value as Json;

use super::google::{from_hex, hex};
use super::{Case, DEFAULT_SEED, Differential, Protos, Subject, env_number, generated};

/// The schemas, below `tests/differential`, their include directory.
const FILES: &[&str] = &[
    "editions/presence_explicit.proto",
    "editions/presence_implicit.proto",
    "editions/enum_open.proto",
    "editions/enum_closed.proto",
    "editions/packed.proto",
    "editions/expanded.proto",
    "editions/encoding_length_prefixed.proto",
    "editions/encoding_delimited.proto",
    "editions/utf8_verify.proto",
    "editions/utf8_none.proto",
    "editions/json_allow.proto",
    "editions/json_best_effort.proto",
];

/// schemac's three ways of reading and writing a message.
const SUBJECTS: [Subject; 3] = [
    Subject::Generated(generated::EDITIONS),
    Subject::CommandLine,
    Subject::Dynamic,
];

/// One value of one feature, and what shows it.
struct FeatureValue<'a> {
    /// As a file sets it: `field_presence = IMPLICIT`.
    name: &'static str,
    /// The messages that have it, by the file and by the field.
    types: &'static [&'static str],
    probes: &'a [Probe],
    json: &'a [JsonProbe],
}

/// Bytes of a message, and what Google writes back from them.
struct Probe {
    what: &'static str,
    ty: &'static str,
    /// Hex, with blanks between records for the reader.
    input: &'static str,
    /// What Google writes back (hex), or a part of its error.
    google: Result<&'static str, &'static str>,
    /// Where schemac differs on purpose and refuses what Google reads: a
    /// part of schemac's error.
    schemac_refuses: Option<&'static str>,
}

/// A message as JSON, and the bytes Google reads from it.
struct JsonProbe {
    what: &'static str,
    ty: &'static str,
    json: &'static str,
    /// The bytes Google reads (hex), or a part of its error.
    google: Result<&'static str, &'static str>,
    /// Where schemac differs on purpose and refuses what Google reads: a
    /// part of schemac's error.
    schemac_refuses: Option<&'static str>,
}

/// The analysis of [`FILES`] and their include directory.
fn analysis() -> (schemac::Analysis, PathBuf) {
    let dir = workspace_root().join("tests/differential");
    let roots: Vec<PathBuf> = FILES.iter().map(|file| dir.join(file)).collect();
    let analysis = schemac::analyze(&roots, std::slice::from_ref(&dir), &mut |path| {
        fs::read_to_string(path)
    })
    .unwrap_or_else(|error| panic!("{error}"));
    (analysis, dir)
}

/// Runs the random differential and the probes of `value`.
fn check(value: &FeatureValue) {
    let (analysis, dir) = analysis();
    for ty in value
        .types
        .iter()
        .chain(value.probes.iter().map(|probe| &probe.ty))
    {
        transcode::find_message(&analysis.schema, ty).unwrap_or_else(|error| panic!("{error}"));
    }
    let case = Case {
        label: format!("editions {}", value.name),
        analysis: &analysis,
        sources: format!("{}: {}\n", value.name, value.types.join(", "))
            + &(FILES.iter())
                .map(|file| format!("tests/differential/{file}\n"))
                .collect::<String>(),
        seed: env_number("SCHEMAC_DIFFERENTIAL_SEED", DEFAULT_SEED),
        count: env_number("SCHEMAC_DIFFERENTIAL_MESSAGES", 40) as usize,
        protos: Protos::Files(vec![dir]),
        only: value.types,
    };
    let mut run = Differential::new();
    run.check(&case, &SUBJECTS);
    run.probe(&case, value.probes);
    run.probe_json(&case, value.json);
    run.report.assert_clean();
}

impl Differential {
    /// Each probe read and written back by Google, by the generated code
    /// (which must write what Google writes) and by the command line (which
    /// must write what Google writes without its unknown fields).
    fn probe(&mut self, case: &Case, probes: &[Probe]) {
        for probe in probes {
            let input = [from_hex(&probe.input.replace(' ', ""))];
            let google = self.google.reserialize(probe.ty, &input).remove(0);
            let known = self
                .google
                .reserialize_with(probe.ty, &input, true)
                .remove(0);
            let mut wrong = Vec::new();
            if !is(&google, probe.google) {
                wrong.push(format!("Google: {}, not {:?}", show(&google), probe.google));
            }
            // The command line's JSON drops unknown fields; the others
            // keep them.
            for (subject, googles) in SUBJECTS.into_iter().zip([&google, &known, &google]) {
                let ours = subject.round_trip(self.pools(), probe.ty, &input[0]);
                let right = match probe.schemac_refuses {
                    Some(text) => matches!(&ours, Err(error) if error.contains(text)),
                    None => same(&ours, googles),
                };
                if !right {
                    let expected = match probe.schemac_refuses {
                        Some(text) => format!("an error with {text:?}"),
                        None => show(googles),
                    };
                    wrong.push(format!(
                        "{}: {}, not {expected}",
                        subject.name(),
                        show(&ours)
                    ));
                }
            }
            if !wrong.is_empty() {
                self.report.failures.push(format!(
                    "{}: {} ({}): probe\n  input: {}\n  {}",
                    case.label,
                    probe.ty,
                    probe.what,
                    probe.input,
                    wrong.join("\n  ")
                ));
            }
        }
    }

    /// Each JSON probe read by Google and by both of schemac's subjects,
    /// which must read the same bytes, or refuse it as Google does.
    fn probe_json(&mut self, case: &Case, probes: &[JsonProbe]) {
        for probe in probes {
            let google = self
                .google
                .parse_json(probe.ty, &[probe.json.to_owned()])
                .remove(0);
            let json: Json = serde_json::from_str(probe.json).expect("a JSON probe is JSON");
            let mut wrong = Vec::new();
            if !is(&google, probe.google) {
                wrong.push(format!("Google: {}, not {:?}", show(&google), probe.google));
            }
            for subject in SUBJECTS.into_iter().filter(|s| s.has_json()) {
                let ours = subject.encode_json(self.pools(), probe.ty, &json);
                let right = match probe.schemac_refuses {
                    Some(text) => matches!(&ours, Err(error) if error.contains(text)),
                    None => same(&ours, &google),
                };
                if !right {
                    let expected = match probe.schemac_refuses {
                        Some(text) => format!("an error with {text:?}"),
                        None => show(&google),
                    };
                    wrong.push(format!(
                        "{}: {}, not {expected}",
                        subject.name(),
                        show(&ours)
                    ));
                }
            }
            if !wrong.is_empty() {
                self.report.failures.push(format!(
                    "{}: {} ({}): JSON probe\n  JSON: {}\n  {}",
                    case.label,
                    probe.ty,
                    probe.what,
                    probe.json,
                    wrong.join("\n  ")
                ));
            }
        }
    }
}

/// Whether an outcome is the one expected: the same bytes, or an error
/// that holds the text expected.
fn is(outcome: &Result<Vec<u8>, String>, expected: Result<&str, &str>) -> bool {
    match (outcome, expected) {
        (Ok(bytes), Ok(text)) => hex(bytes) == text.replace(' ', ""),
        (Err(error), Err(text)) => error.contains(text),
        _ => false,
    }
}

/// Whether two outcomes are the same bytes, or both errors.
fn same(ours: &Result<Vec<u8>, String>, googles: &Result<Vec<u8>, String>) -> bool {
    match (ours, googles) {
        (Ok(ours), Ok(googles)) => ours == googles,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

fn show(outcome: &Result<Vec<u8>, String>) -> String {
    match outcome {
        Ok(bytes) => format!("writes {:?}", hex(bytes)),
        Err(error) => format!("refuses: {error}"),
    }
}

/// What protoc (the current one) and schemac make of a message whose
/// fields clash in JSON, `alpha` named "beta" by its `json_name` beside a
/// field `beta`, in a file that sets `json_format` to `format`: whether
/// protoc accepts it, and schemac's errors.
fn json_clash(format: &str) -> (bool, Result<(), String>) {
    let dir = workspace_root()
        .join("target/differential/editions-json-clash")
        .join(format);
    fs::create_dir_all(&dir).expect("create the folder of the clash");
    let text = format!(
        "edition = \"2023\";\npackage clash;\noption features.json_format = {format};\n\
         message Clash {{\n  int32 alpha = 1 [json_name = \"beta\"];\n  int32 beta = 2;\n}}\n"
    );
    fs::write(dir.join("clash.proto"), &text).expect("write clash.proto");
    let protoc =
        corpus::current_protoc().unwrap_or_else(|| panic!("{}", corpus::CURRENT_PROTOC_HELP));
    let accepted = Command::new(&protoc[0])
        .args(&protoc[1..])
        .arg(format!("--proto_path={}", dir.display()))
        .arg("--descriptor_set_out=/dev/null")
        .arg("clash.proto")
        .output()
        .unwrap_or_else(|error| panic!("cannot run {protoc:?}: {error}"))
        .status
        .success();
    let ours = schemac::analyze(&[PathBuf::from("clash.proto")], &[], &mut |path: &Path| {
        (path == Path::new("clash.proto"))
            .then(|| text.clone())
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"))
    });
    (
        accepted,
        ours.map(|_| ()).map_err(|error| error.to_string()),
    )
}

/// The table of generated types names every message of the editions
/// schemas.
#[test]
fn every_generated_editions_message_is_in_the_table() {
    let (analysis, _) = analysis();
    let mut declared: Vec<&str> = (analysis.schema.messages.iter())
        .map(|message| message.full_name.as_str())
        .filter(|name| name.starts_with("editions."))
        .collect();
    let mut listed = generated::EDITIONS.names.to_vec();
    declared.sort_unstable();
    listed.sort_unstable();
    assert_eq!(listed, declared);
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_field_presence_explicit() {
    check(&FeatureValue {
        name: "field_presence = EXPLICIT",
        types: &[
            "editions.presence_explicit.Explicit",
            "editions.presence_implicit.Explicit",
        ],
        probes: &[
            Probe {
                what: "zeros set are written, by the file",
                ty: "editions.presence_explicit.Explicit",
                input: "0800 6800 7200 800100",
                google: Ok("0800 6800 7200 800100"),
                schemac_refuses: None,
            },
            Probe {
                what: "zeros set are written, by the field, but beside it",
                ty: "editions.presence_implicit.Explicit",
                input: "0800 3800 4200 5000 5800",
                google: Ok("0800 3800 4200 5000"),
                schemac_refuses: None,
            },
            Probe {
                what: "known numbers under other wire types are unknown fields",
                ty: "editions.presence_explicit.Explicit",
                // i32 length-delimited, text a varint, inner a varint and
                // then holding its id length-delimited, the list packed
                // and not (both its own), fl a fixed64, flag a fixed32.
                input: "0a0141 7005 880105 8a01030a0141 92010201 02 900103 \
                        59000000000000f03f 6d01000000",
                google: Ok("8a01030a0141 920103010203 \
                            0a0141 7005 880105 59000000000000f03f 6d01000000"),
                schemac_refuses: None,
            },
        ],
        json: &[
            JsonProbe {
                what: "a zero set",
                ty: "editions.presence_explicit.Explicit",
                json: r#"{"i32": 0, "text": ""}"#,
                google: Ok("0800 7200"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "a zero set, by the field, but beside it",
                ty: "editions.presence_implicit.Explicit",
                json: r#"{"i32": 0, "implicitBeside": 0}"#,
                google: Ok("0800"),
                schemac_refuses: None,
            },
        ],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_field_presence_implicit() {
    check(&FeatureValue {
        name: "field_presence = IMPLICIT",
        types: &[
            "editions.presence_implicit.Implicit",
            "editions.presence_explicit.Implicit",
        ],
        probes: &[
            Probe {
                what: "zeros are left out, by the file",
                ty: "editions.presence_implicit.Implicit",
                input: "0800 6800 7200 800100",
                google: Ok(""),
                schemac_refuses: None,
            },
            Probe {
                what: "zeros are left out, by the field, but beside it",
                ty: "editions.presence_explicit.Implicit",
                input: "0800 3800 4200 5000 6000",
                google: Ok("6000"),
                schemac_refuses: None,
            },
            Probe {
                what: "-0.0 is no zero",
                ty: "editions.presence_implicit.Implicit",
                input: "61 0000000000000080",
                google: Ok("61 0000000000000080"),
                schemac_refuses: None,
            },
            Probe {
                what: "an empty message and a oneof's zero are kept",
                ty: "editions.presence_implicit.Implicit",
                input: "8a0100 a00100",
                google: Ok("8a0100 a00100"),
                schemac_refuses: None,
            },
        ],
        json: &[JsonProbe {
            what: "zeros read as absent",
            ty: "editions.presence_implicit.Implicit",
            json: r#"{"i32": 0, "text": "", "color": "COLOR_UNSPECIFIED"}"#,
            google: Ok(""),
            schemac_refuses: None,
        }],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_field_presence_legacy_required() {
    check(&FeatureValue {
        name: "field_presence = LEGACY_REQUIRED",
        types: &[
            "editions.presence_explicit.Required",
            "editions.presence_implicit.Required",
        ],
        probes: &[
            Probe {
                what: "none of the required fields",
                ty: "editions.presence_explicit.Required",
                input: "",
                google: Err("missing required fields"),
                schemac_refuses: None,
            },
            Probe {
                what: "all but one required field",
                ty: "editions.presence_explicit.Required",
                input: "0800 1200 1800 2200",
                google: Err("missing required fields"),
                schemac_refuses: None,
            },
            Probe {
                what: "required zeros are written",
                ty: "editions.presence_explicit.Required",
                input: "0800 1200 1800 2200 29 0000000000000000",
                google: Ok("0800 1200 1800 2200 29 0000000000000000"),
                schemac_refuses: None,
            },
            Probe {
                what: "none of the required fields, in an implicit file",
                ty: "editions.presence_implicit.Required",
                input: "",
                google: Err("missing required fields"),
                schemac_refuses: None,
            },
            Probe {
                what: "required zeros are written in an implicit file, but beside them",
                ty: "editions.presence_implicit.Required",
                input: "0800 1200 1a00 2000 2800",
                google: Ok("0800 1200 1a00 2000"),
                schemac_refuses: None,
            },
        ],
        json: &[
            JsonProbe {
                what: "none of the required fields",
                ty: "editions.presence_explicit.Required",
                json: "{}",
                google: Err("missing required fields"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "required zeros",
                ty: "editions.presence_explicit.Required",
                json: r#"{"i32": 0, "text": "", "color": "COLOR_UNSPECIFIED", "inner": {}, "db": 0}"#,
                google: Ok("0800 1200 1800 2200 29 0000000000000000"),
                schemac_refuses: None,
            },
        ],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_enum_type_open() {
    check(&FeatureValue {
        name: "enum_type = OPEN",
        types: &["editions.enum_open.Open", "editions.enum_closed.Open"],
        probes: &[
            Probe {
                what: "numbers the enum does not name, in every shape, by the file",
                ty: "editions.enum_open.Open",
                input: "0805 1005 1a020506 2005 2006 2a050a016d1005 3005",
                google: Ok("0805 1005 1a020506 2005 2006 2a050a016d1005 3005"),
                schemac_refuses: None,
            },
            Probe {
                what: "numbers the enum does not name, in every shape, by the enum",
                ty: "editions.enum_closed.Open",
                input: "0805 1005 1a020506 2005 2006 2a0408011005 3005",
                google: Ok("0805 1005 1a020506 2005 2006 2a0408011005 3005"),
                schemac_refuses: None,
            },
            Probe {
                what: "a negative number the enum does not name",
                ty: "editions.enum_open.Open",
                input: "08 fbffffffffffffffff01",
                google: Ok("08 fbffffffffffffffff01"),
                schemac_refuses: None,
            },
        ],
        json: &[
            JsonProbe {
                what: "a number the enum does not name",
                ty: "editions.enum_open.Open",
                json: r#"{"single": 5, "packed": [5, "OPEN_ENUM_ONE"]}"#,
                google: Ok("0805 1a020501"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "a number the enum does not name, by the enum",
                ty: "editions.enum_closed.Open",
                json: r#"{"single": 5}"#,
                google: Ok("0805"),
                schemac_refuses: None,
            },
        ],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_enum_type_closed() {
    check(&FeatureValue {
        name: "enum_type = CLOSED",
        types: &["editions.enum_closed.Closed", "editions.enum_open.Closed"],
        probes: &[
            Probe {
                what: "a number the enum does not name goes to the unknown fields",
                ty: "editions.enum_closed.Closed",
                input: "0805 1007",
                google: Ok("1007 0805"),
                schemac_refuses: None,
            },
            Probe {
                what: "0, which an enum from 7 does not name",
                ty: "editions.enum_closed.Closed",
                input: "1000 0801",
                google: Ok("0801 1000"),
                schemac_refuses: None,
            },
            Probe {
                what: "in a packed run, the number alone",
                ty: "editions.enum_closed.Closed",
                input: "1a03 010500",
                google: Ok("1a020100 1805"),
                schemac_refuses: None,
            },
            Probe {
                what: "in an expanded list",
                ty: "editions.enum_closed.Closed",
                input: "2003 2007",
                google: Ok("2007 2003"),
                schemac_refuses: None,
            },
            Probe {
                what: "a map's value, the whole entry",
                ty: "editions.enum_closed.Closed",
                input: "2a0408011005 0801",
                google: Ok("0801 2a0408011005"),
                schemac_refuses: None,
            },
            Probe {
                what: "a oneof's member, left unset",
                ty: "editions.enum_closed.Closed",
                input: "3005 1007",
                google: Ok("1007 3005"),
                schemac_refuses: None,
            },
            Probe {
                what: "by the enum, a single field",
                ty: "editions.enum_open.Closed",
                input: "0805 1007",
                google: Ok("1007 0805"),
                schemac_refuses: None,
            },
            Probe {
                what: "by the enum, in a packed run",
                ty: "editions.enum_open.Closed",
                input: "1a03 010500",
                google: Ok("1a020100 1805"),
                schemac_refuses: None,
            },
            Probe {
                what: "by the enum, a map's value",
                ty: "editions.enum_open.Closed",
                input: "2a050a016d1005 0801",
                google: Ok("0801 2a050a016d1005"),
                schemac_refuses: None,
            },
            Probe {
                what: "by the enum, a oneof's member",
                ty: "editions.enum_open.Closed",
                input: "3001 0801",
                google: Ok("0801 3001"),
                schemac_refuses: None,
            },
        ],
        json: &[
            JsonProbe {
                what: "a number the enum does not name",
                ty: "editions.enum_closed.Closed",
                json: r#"{"single": 5}"#,
                google: Err("Invalid enum value 5"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "0, which an enum from 7 does not name",
                ty: "editions.enum_closed.Closed",
                json: r#"{"fromOne": 0}"#,
                google: Err("Invalid enum value 0"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "the enum's largest value",
                ty: "editions.enum_closed.Closed",
                json: r#"{"fromOne": "CLOSED_FROM_ONE_MAX"}"#,
                google: Ok("10 ffffffff07"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "by the enum, a number it does not name",
                ty: "editions.enum_open.Closed",
                json: r#"{"packed": [5]}"#,
                google: Err("Invalid enum value 5"),
                schemac_refuses: None,
            },
        ],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_repeated_field_encoding_packed() {
    check(&FeatureValue {
        name: "repeated_field_encoding = PACKED",
        types: &["editions.packed.Packed", "editions.expanded.Packed"],
        probes: &[
            Probe {
                what: "expanded records are written packed, by the file",
                ty: "editions.packed.Packed",
                input: "0801 0802 6801 6800 7001",
                google: Ok("0a020102 6a020100 720101"),
                schemac_refuses: None,
            },
            Probe {
                what: "expanded records are written packed, by the field",
                ty: "editions.expanded.Packed",
                input: "0801 0802 6801 6800 7001",
                google: Ok("0a020102 6a020100 720101"),
                schemac_refuses: None,
            },
            Probe {
                what: "fixed-width numbers packed",
                ty: "editions.packed.Packed",
                input: "3d01000000 61000000000000f03f",
                google: Ok("3a0401000000 6208000000000000f03f"),
                schemac_refuses: None,
            },
            Probe {
                what: "strings are not packed",
                ty: "editions.packed.Packed",
                input: "7a0161 7a00",
                google: Ok("7a0161 7a00"),
                schemac_refuses: None,
            },
        ],
        json: &[JsonProbe {
            what: "lists of numbers and bools",
            ty: "editions.packed.Packed",
            json: r#"{"i32": [1, 2], "flag": [true, false]}"#,
            google: Ok("0a020102 6a020100"),
            schemac_refuses: None,
        }],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_repeated_field_encoding_expanded() {
    check(&FeatureValue {
        name: "repeated_field_encoding = EXPANDED",
        types: &["editions.expanded.Expanded", "editions.packed.Expanded"],
        probes: &[
            Probe {
                what: "packed runs are written expanded, by the file",
                ty: "editions.expanded.Expanded",
                input: "0a020102 6a020100 720101",
                google: Ok("0801 0802 6801 6800 7001"),
                schemac_refuses: None,
            },
            Probe {
                what: "packed runs are written expanded, by the field",
                ty: "editions.packed.Expanded",
                input: "0a020102 6a020100 720101",
                google: Ok("0801 0802 6801 6800 7001"),
                schemac_refuses: None,
            },
            Probe {
                what: "fixed-width numbers expanded",
                ty: "editions.expanded.Expanded",
                input: "3a0401000000 6208000000000000f03f",
                google: Ok("3d01000000 61000000000000f03f"),
                schemac_refuses: None,
            },
        ],
        json: &[JsonProbe {
            what: "a list of numbers",
            ty: "editions.expanded.Expanded",
            json: r#"{"i32": [1, 2]}"#,
            google: Ok("0801 0802"),
            schemac_refuses: None,
        }],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_message_encoding_length_prefixed() {
    check(&FeatureValue {
        name: "message_encoding = LENGTH_PREFIXED",
        types: &[
            "editions.encoding_length_prefixed.LengthPrefixed",
            "editions.encoding_length_prefixed.Item",
            "editions.encoding_delimited.LengthPrefixed",
        ],
        probes: &[
            Probe {
                what: "every shape of message field, by the file",
                ty: "editions.encoding_length_prefixed.LengthPrefixed",
                input: "0a020801 12020802 22020803 3204 0a020804",
                google: Ok("0a020801 12020802 22020803 3204 0a020804"),
                schemac_refuses: None,
            },
            Probe {
                what: "by the field, holding a message whose own field is delimited",
                ty: "editions.encoding_delimited.LengthPrefixed",
                input: "0a04 1b08011c 12020802",
                google: Ok("0a04 1b08011c 12020802"),
                schemac_refuses: None,
            },
            Probe {
                what: "a group where a length-prefixed message is expected",
                ty: "editions.encoding_length_prefixed.LengthPrefixed",
                input: "0b 0801 0c",
                // An unknown field, kept and written back.
                google: Ok("0b 0801 0c"),
                schemac_refuses: None,
            },
        ],
        json: &[JsonProbe {
            what: "a message field",
            ty: "editions.encoding_length_prefixed.LengthPrefixed",
            json: r#"{"item": {"id": 1}}"#,
            google: Ok("0a020801"),
            schemac_refuses: None,
        }],
    });
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_message_encoding_delimited() {
    check(&FeatureValue {
        name: "message_encoding = DELIMITED",
        types: &[
            "editions.encoding_delimited.Delimited",
            "editions.encoding_delimited.Item",
            "editions.encoding_length_prefixed.Delimited",
        ],
        probes: &[
            Probe {
                what: "every shape of message field as a group, by the file",
                ty: "editions.encoding_delimited.Delimited",
                input: "0b08010c 13080214 23080324 33 0b08040c 34 e312 0805 e412",
                google: Ok("0b08010c 13080214 23080324 33 0b08040c 34 e312 0805 e412"),
                schemac_refuses: None,
            },
            Probe {
                what: "a map's value stays length-prefixed",
                ty: "editions.encoding_delimited.Delimited",
                input: "1a07 0a016d 12020801",
                google: Ok("1a07 0a016d 12020801"),
                schemac_refuses: None,
            },
            Probe {
                what: "a group in a group, the file's",
                ty: "editions.encoding_delimited.Delimited",
                input: "0b 1b08011c 0c",
                google: Ok("0b 1b08011c 0c"),
                schemac_refuses: None,
            },
            Probe {
                what: "every shape of message field as a group, by the field",
                ty: "editions.encoding_length_prefixed.Delimited",
                input: "0b08010c 13080214 23080324 33 0b08040c 34 e312 0805 e412",
                google: Ok("0b08010c 13080214 23080324 33 0b08040c 34 e312 0805 e412"),
                schemac_refuses: None,
            },
            Probe {
                what: "by the field, a group holding a length-prefixed message",
                ty: "editions.encoding_length_prefixed.Delimited",
                input: "0b 1a020801 0c",
                google: Ok("0b 1a020801 0c"),
                schemac_refuses: None,
            },
            Probe {
                what: "a length-prefixed message where a group is expected",
                ty: "editions.encoding_delimited.Delimited",
                input: "0a020801",
                // An unknown field, kept and written back.
                google: Ok("0a020801"),
                schemac_refuses: None,
            },
        ],
        json: &[JsonProbe {
            what: "a message field",
            ty: "editions.encoding_delimited.Delimited",
            json: r#"{"item": {"id": 1}}"#,
            google: Ok("0b08010c"),
            schemac_refuses: None,
        }],
    });
}

/// Strings that are not UTF-8 in every shape of string field:
/// `Verify`'s and `Unverified`'s numbers are the same.
const NOT_UTF8: &[(&str, &str)] = &[
    ("a single string", "0a02fffe"),
    ("an implicit string", "1202c328"),
    ("a list's string", "1a0180"),
    ("a map's key", "2205 0a01ff 1200"),
    ("a map's value", "2206 0a016d 1201fe"),
    ("a oneof's string", "2a0180"),
];

/// The probes of [`NOT_UTF8`] in `ty`, each with what Google and schemac do.
fn not_utf8(
    ty: &'static str,
    google: Option<&'static str>,
    schemac_refuses: Option<&'static str>,
) -> Vec<Probe> {
    NOT_UTF8
        .iter()
        .map(|&(what, input)| Probe {
            what,
            ty,
            input,
            google: google.map_or(Ok(input), Err),
            schemac_refuses,
        })
        .collect()
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_utf8_validation_verify() {
    let probes: Vec<Probe> = ["editions.utf8_verify.Verify", "editions.utf8_none.Verify"]
        .into_iter()
        .flat_map(|ty| not_utf8(ty, Some("bad UTF-8"), None))
        .collect();
    check(&FeatureValue {
        name: "utf8_validation = VERIFY",
        types: &["editions.utf8_verify.Verify", "editions.utf8_none.Verify"],
        probes: &probes,
        json: &[],
    });
}

/// schemac differs on purpose: its strings are Rust's, UTF-8 whatever the
/// feature says, so it refuses what Google reads (docs/proto.md,
/// "Editions").
#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_utf8_validation_none() {
    let probes: Vec<Probe> = [
        "editions.utf8_none.Unverified",
        "editions.utf8_verify.Unverified",
    ]
    .into_iter()
    .flat_map(|ty| not_utf8(ty, None, Some("UTF-8")))
    .collect();
    check(&FeatureValue {
        name: "utf8_validation = NONE",
        types: &[
            "editions.utf8_none.Unverified",
            "editions.utf8_verify.Unverified",
        ],
        probes: &probes,
        json: &[],
    });
}

/// Fields given twice, each by both its names. What JSON reads does not
/// depend on `json_format`: Google's Python takes the last of them, where
/// schemac refuses them, as the conformance suite recommends
/// (`FieldNameDuplicateDifferentCasing*`, docs/json.md).
const JSON_NAMES: &str = r#"{"snake_case": 1, "snakeCase": 2, "renamed": "x", "json_named": "y"}"#;

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_json_format_allow() {
    check(&FeatureValue {
        name: "json_format = ALLOW",
        types: &[
            "editions.json_allow.Allow",
            "editions.json_best_effort.Allow",
        ],
        probes: &[],
        json: &[
            JsonProbe {
                what: "names, by the file",
                ty: "editions.json_allow.Allow",
                json: r#"{"snake_case": 1, "renamed": "x"}"#,
                google: Ok("0801 120178"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "a field given twice, by two names",
                ty: "editions.json_best_effort.Allow",
                json: JSON_NAMES,
                google: Ok("0802 120179"),
                schemac_refuses: Some("given twice"),
            },
            JsonProbe {
                what: "a renamed field's lowerCamelCase name, by the message",
                ty: "editions.json_best_effort.Allow",
                json: r#"{"jsonNamed": "x"}"#,
                google: Err("no field named \"jsonNamed\""),
                schemac_refuses: None,
            },
        ],
    });
    let (protoc_accepts, ours) = json_clash("ALLOW");
    assert!(
        !protoc_accepts,
        "protoc accepts fields whose JSON names clash under ALLOW"
    );
    assert!(
        ours.as_ref().is_err_and(|error| error.contains("E0317")),
        "schemac: {ours:?}"
    );
}

/// schemac differs on purpose: it refuses fields whose JSON names clash
/// (E0317), which protoc accepts here with a warning, since its JSON reads
/// every field by either name.
#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_editions_json_format_legacy_best_effort() {
    check(&FeatureValue {
        name: "json_format = LEGACY_BEST_EFFORT",
        types: &[
            "editions.json_best_effort.BestEffort",
            "editions.json_allow.BestEffort",
        ],
        probes: &[],
        json: &[
            JsonProbe {
                what: "names, by the file",
                ty: "editions.json_best_effort.BestEffort",
                json: r#"{"snake_case": 1, "renamed": "x"}"#,
                google: Ok("0801 120178"),
                schemac_refuses: None,
            },
            JsonProbe {
                what: "a field given twice, by two names",
                ty: "editions.json_allow.BestEffort",
                json: JSON_NAMES,
                google: Ok("0802 120179"),
                schemac_refuses: Some("given twice"),
            },
            JsonProbe {
                what: "a renamed field's lowerCamelCase name, by the message",
                ty: "editions.json_allow.BestEffort",
                json: r#"{"jsonNamed": "x"}"#,
                google: Err("no field named \"jsonNamed\""),
                schemac_refuses: None,
            },
        ],
    });
    let (protoc_accepts, ours) = json_clash("LEGACY_BEST_EFFORT");
    assert!(
        protoc_accepts,
        "protoc refuses fields whose JSON names clash under LEGACY_BEST_EFFORT"
    );
    assert!(
        ours.as_ref().is_err_and(|error| error.contains("E0317")),
        "schemac: {ours:?}"
    );
}
