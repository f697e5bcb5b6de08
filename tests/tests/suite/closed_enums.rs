//! Closed enums in generated code (`schemas/school.schema`): a number the
//! enum does not name is not a value of the field. `ReportCard` keeps it
//! in its unknown fields, written back after the known fields as Google's
//! protobuf writes it; `Summary` drops it. Views read alike, the JSON of
//! such a number is refused, and `schemac decode` reads the bytes as the
//! generated code does. `differential::closed` holds the same cases to
//! Google's Python protobuf.

use std::fs;
use std::path::PathBuf;

use schemac::Analysis;
use schemac_generated::school::{Grade, Level, ReportCard, ReportCardView, Summary, report_card};
use schemac_runtime::json::ignoring_unknown_fields;
use schemac_runtime::{Message, MessageView};
use schemac_tests::{assert_same_repr, workspace_root};

/// One input with numbers that closed enums do not name, and what
/// `ReportCard` writes back from it: its known fields, then its unknown
/// fields as read, as Google's protobuf does.
pub(crate) struct Case {
    /// What the input holds.
    pub what: &'static str,
    /// The input, hex, spaces allowed.
    pub input: &'static str,
    /// The bytes `ReportCard` writes back.
    pub written: &'static str,
    /// Of those, its unknown fields.
    pub unknown: &'static str,
    /// Whether a map's entry goes to the unknown fields, which Google's
    /// Python protobuf on its C++ backend of 3.21 does not do (see
    /// `differential::closed`).
    pub map: bool,
}

/// `ReportCard`: `grade` (1, `Grade`: A = 1, B = 2, C = 3), `levels` (2,
/// `Level`: LOW = 0, HIGH = 1), `packed_levels` (3),
/// `by_subject` (4, a map of `Level`), the oneof `pick` of `level` (5) and
/// `note` (6), `absences` (7, `i32`) and `later_levels` (20, packed).
pub(crate) const CASES: &[Case] = &[
    Case {
        what: "an optional field: a stray after a value",
        input: "0802 0809 3805",
        written: "0802 3805 0809",
        unknown: "0809",
        map: false,
    },
    Case {
        what: "an optional field: only a stray",
        input: "0809",
        written: "0809",
        unknown: "0809",
        map: false,
    },
    Case {
        what: "an optional field: a negative stray",
        input: "08fbffffffffffffffff01 0801",
        written: "0801 08fbffffffffffffffff01",
        unknown: "08fbffffffffffffffff01",
        map: false,
    },
    Case {
        what: "a list read unpacked",
        input: "1001 1007 1000",
        written: "1202 0100 1007",
        unknown: "1007",
        map: false,
    },
    Case {
        what: "a packed list: a record per stray",
        input: "1a04 01070005",
        written: "1a02 0100 1807 1805",
        unknown: "1807 1805",
        map: false,
    },
    Case {
        what: "a packed list of strays alone",
        input: "1a02 0705",
        written: "1807 1805",
        unknown: "1807 1805",
        map: false,
    },
    Case {
        what: "a packed list past field 15",
        input: "a20102 0107",
        written: "a20101 01 a00107",
        unknown: "a00107",
        map: false,
    },
    Case {
        what: "a oneof: a stray after another member",
        input: "3201 78 2807",
        written: "3201 78 2807",
        unknown: "2807",
        map: false,
    },
    Case {
        what: "a oneof: a stray after its member",
        input: "2801 2807",
        written: "2801 2807",
        unknown: "2807",
        map: false,
    },
    Case {
        what: "strays among unknown fields, kept in the order read",
        input: "0809 f00105 1001 1003",
        written: "1201 01 0809 f00105 1003",
        unknown: "0809 f00105 1003",
        map: false,
    },
    Case {
        what: "a map: the entry whose value is a stray, whole",
        input: "2205 0a016d 1007 2205 0a016e 1001",
        written: "2205 0a016e 1001 2205 0a016d 1007",
        unknown: "2205 0a016d 1007",
        map: true,
    },
];

/// Hex, spaces allowed, as bytes.
pub(crate) fn bytes(hex: &str) -> Vec<u8> {
    let digits: String = hex.split_whitespace().collect();
    (0..digits.len() / 2)
        .map(|i| u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// `ReportCard` read from `input` and written back.
pub(crate) fn report_card_round_trip(input: &[u8]) -> Vec<u8> {
    let card = ReportCard::decode(input).expect("a report card");
    card.try_encode_to_vec().expect("encodes")
}

/// Every schema in schemas/, analyzed as `make generate` does.
fn analysis() -> Analysis {
    let root = workspace_root();
    schemac::analyze(
        &[PathBuf::from("schemas/school.schema")],
        &[PathBuf::from("schemas")],
        &mut |path| fs::read_to_string(root.join(path)),
    )
    .unwrap_or_else(|error| panic!("schemas/school.schema does not compile:\n{error}"))
}

#[test]
fn strays_go_to_the_unknown_fields_and_are_written_back_last() {
    for case in CASES {
        let input = bytes(case.input);
        let card =
            ReportCard::decode(&input).unwrap_or_else(|error| panic!("{}: {error}", case.what));
        assert_eq!(
            card.unknown_fields.as_bytes(),
            bytes(case.unknown),
            "{}: the unknown fields",
            case.what
        );
        assert_eq!(
            card.try_encode_to_vec().unwrap(),
            bytes(case.written),
            "{}: written back",
            case.what
        );
        // Read again, the bytes written back give the same message.
        let again = ReportCard::decode(&bytes(case.written)).unwrap();
        assert_eq!(again, card, "{}: read again", case.what);
    }
}

#[test]
fn the_fields_keep_what_they_held() {
    let card = ReportCard::decode(&bytes("0802 0809 1001 1007 1a03 000701 3201 78 2807")).unwrap();
    let expected = ReportCard {
        grade: Some(Grade::B),
        levels: vec![Level::High],
        packed_levels: vec![Level::Low, Level::High],
        pick: Some(report_card::Pick::Note("x".to_owned())),
        unknown_fields: card.unknown_fields.clone(),
        ..ReportCard::default()
    };
    assert_same_repr(&card, &expected, "the known fields");
    assert_eq!(card.unknown_fields.as_bytes(), bytes("0809 1007 1807 2807"));
    // Nothing a closed enum holds after reading is a number it does not
    // name, though code may set one, which is written where it is.
    let set = ReportCard {
        grade: Some(Grade::Unrecognized(9)),
        ..ReportCard::default()
    };
    assert_eq!(set.try_encode_to_vec().unwrap(), bytes("0809"));
    let read = ReportCard::decode(&bytes("0809")).unwrap();
    assert_eq!(
        (read.grade, read.unknown_fields.as_bytes()),
        (None, &[0x08, 0x09][..])
    );
}

#[test]
fn views_read_as_owned_messages_do() {
    for case in CASES {
        let input = bytes(case.input);
        let view =
            ReportCardView::decode(&input).unwrap_or_else(|error| panic!("{}: {error}", case.what));
        assert_eq!(
            view.to_message(),
            ReportCard::decode(&input).unwrap(),
            "{}: the view",
            case.what
        );
        // The unknown fields borrow from the input.
        for field in view.unknown_fields.fields() {
            assert!(
                input.as_ptr_range().contains(&field.value.as_ptr()),
                "{}",
                case.what
            );
        }
        let summary = <Summary as schemac_runtime::view::HasView>::View::decode(&input).unwrap();
        assert_eq!(
            summary.to_message(),
            Summary::decode(&input).unwrap(),
            "{}: Summary's view",
            case.what
        );
    }
}

#[test]
fn a_message_that_keeps_no_unknown_fields_drops_strays() {
    for case in CASES {
        let input = bytes(case.input);
        let summary =
            Summary::decode(&input).unwrap_or_else(|error| panic!("{}: {error}", case.what));
        // The known fields of the report card but `later_levels` (20),
        // which `Summary` does not have.
        let card = ReportCard::decode(&input).unwrap();
        let known = ReportCard {
            unknown_fields: Default::default(),
            later_levels: Vec::new(),
            ..card
        };
        assert_eq!(
            summary.try_encode_to_vec().unwrap(),
            known.try_encode_to_vec().unwrap(),
            "{}",
            case.what
        );
    }
}

#[test]
fn json_refuses_a_number_a_closed_enum_does_not_name() {
    let read = |text: &str| serde_json::from_str::<ReportCard>(text);
    assert_eq!(
        read(r#"{"grade": "GRADE_B"}"#).unwrap().grade,
        Some(Grade::B)
    );
    assert_eq!(read(r#"{"grade": 3}"#).unwrap().grade, Some(Grade::C));
    for text in [
        r#"{"grade": 9}"#,
        r#"{"levels": [1, 7]}"#,
        r#"{"packed_levels": [7]}"#,
        r#"{"by_subject": {"m": 7}}"#,
        r#"{"level": 7}"#,
    ] {
        let error = read(text).expect_err(text).to_string();
        assert!(
            error.contains("7 is not a value of enum Level, which is closed")
                || error.contains("9 is not a value of enum Grade, which is closed"),
            "{text}: {error}"
        );
        // Ignoring unknown fields skips an unknown name, never a number.
        assert!(ignoring_unknown_fields(|| read(text)).is_err(), "{text}");
    }
    let card: ReportCard =
        ignoring_unknown_fields(|| read(r#"{"levels": ["LEVEL_HIGH", "LEVEL_TOP"]}"#)).unwrap();
    assert_eq!(card.levels, [Level::High]);
    // What code set is written as its number, as an open enum's.
    let set = ReportCard {
        grade: Some(Grade::Unrecognized(9)),
        ..ReportCard::default()
    };
    assert_eq!(serde_json::to_string(&set).unwrap(), r#"{"grade":9}"#);
}

#[test]
fn schemac_decode_reads_and_refuses_as_generated_code_does() {
    let analysis = analysis();
    let schema = &analysis.schema;
    let codec = schemac::transcode::Codec::new(&analysis);
    for name in ["school.ReportCard", "school.Summary"] {
        let id = schemac::transcode::find_message(schema, name).unwrap();
        for case in CASES {
            let input = bytes(case.input);
            let generated = match name {
                "school.ReportCard" => serde_json::to_value(ReportCard::decode(&input).unwrap()),
                _ => serde_json::to_value(Summary::decode(&input).unwrap()),
            }
            .unwrap();
            let decoded = (codec.bytes_to_json(id, &input, schemac::JsonNames::Schema))
                .unwrap_or_else(|error| panic!("{name}, {}: {error}", case.what));
            assert_eq!(decoded, generated, "{name}, {}: schemac decode", case.what);
        }
        for text in [
            r#"{"grade": 9}"#,
            r#"{"levels": [7]}"#,
            r#"{"by_subject": {"m": 7}}"#,
            r#"{"level": 7}"#,
        ] {
            let json: serde_json::Value = serde_json::from_str(text).unwrap();
            let error = codec.json_to_bytes(id, &json).expect_err(text);
            assert!(
                error.to_string().contains("which is closed"),
                "{name}, {text}: {error}"
            );
        }
    }
}
