//! Each shape of a closed enum's field read with numbers the enum names
//! and numbers it does not, owned and as views, into unknown fields kept
//! and dropped: what a field keeps, and the records the unknown fields
//! get, byte for byte as Google's Python protobuf writes them back.

use alloc::collections::BTreeMap;

use super::*;
use crate::__private::codec::{ClosedEnum, Int32, Map};
use crate::__private::field::MapEntries;
use crate::decode::DecodeOptions;
use crate::unknown::{Discard, UnknownFields};
use crate::view::{MapView, UnknownFieldsView};

/// A closed enum that starts at 0, as a map's must: `LOW = 0; HIGH = 1;
/// TOP = 2;`, and -1 as `NEG`. The JSON tests read it too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Level {
    #[default]
    Low,
    High,
    Top,
    Neg,
    Unrecognized(i32),
}

impl Enumeration for Level {
    const NAME: &'static str = "Level";

    fn number(self) -> i32 {
        match self {
            Level::Low => 0,
            Level::High => 1,
            Level::Top => 2,
            Level::Neg => -1,
            Level::Unrecognized(number) => number,
        }
    }

    fn from_number(number: i32) -> Self {
        match number {
            0 => Level::Low,
            1 => Level::High,
            2 => Level::Top,
            -1 => Level::Neg,
            _ => Level::Unrecognized(number),
        }
    }

    fn name(self) -> Option<&'static str> {
        match Self::from_number(self.number()) {
            Level::Low => Some("LOW"),
            Level::High => Some("HIGH"),
            Level::Top => Some("TOP"),
            Level::Neg => Some("NEG"),
            Level::Unrecognized(_) => None,
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        ["LOW", "HIGH", "TOP", "NEG"]
            .iter()
            .position(|known| *known == name)
            .map(|index| [Level::Low, Level::High, Level::Top, Level::Neg][index])
    }
}

/// What a oneof of a closed enum and a string holds.
#[derive(Clone, Debug, PartialEq)]
enum Choice {
    Level(Level),
    Text(alloc::string::String),
}

/// A message of every shape: `single` (1, implicit presence), `optional`
/// (2), `list` (3, unpacked when written so), `packed` (4), `by_id` (5, a
/// `map<int32, Level>`), and a oneof of `member` (6) and `text` (7); field
/// 8 is an `int32` to see the records land between others.
#[derive(Clone, Debug, Default, PartialEq)]
struct Report {
    single: Level,
    optional: Option<Level>,
    list: Vec<Level>,
    packed: Vec<Level>,
    by_id: BTreeMap<i32, Level>,
    choice: Option<Choice>,
    count: i32,
}

/// Reads `bytes` as a [`Report`], its closed enums' strays into `unknown`,
/// the map by `read_map`; fields it does not know are an error.
fn read_report<'a, S: UnknownSink<'a>>(
    bytes: &'a [u8],
    unknown: &mut S,
    mut read_map: impl FnMut(
        WireType,
        &mut BTreeMap<i32, Level>,
        &mut Decoder<'a>,
        &mut S,
    ) -> Result<(), DecodeError>,
) -> Result<Report, DecodeError> {
    let mut report = Report::default();
    let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
    while decoder.has_remaining() {
        let (number, wire) = decoder.read_key()?;
        let d = &mut decoder;
        match number {
            1 => ClosedEnum::merge(wire, &mut report.single, d, unknown)?,
            2 => ClosedEnum::merge_optional(wire, &mut report.optional, d, unknown)?,
            3 => ClosedEnum::merge_repeated(wire, &mut report.list, d, unknown)?,
            4 => ClosedEnum::merge_repeated(wire, &mut report.packed, d, unknown)?,
            5 => read_map(wire, &mut report.by_id, d, unknown)?,
            6 => ClosedEnum::merge_member(wire, &mut report.choice, Choice::Level, d, unknown)?,
            7 => {
                let mut text = alloc::string::String::new();
                crate::__private::field::merge::<crate::__private::codec::String>(
                    wire, &mut text, d,
                )?;
                report.choice = Some(Choice::Text(text));
            }
            8 => crate::__private::field::merge::<Int32>(wire, &mut report.count, d)?,
            _ => panic!("field {number} is not in the test's message"),
        }
    }
    Ok(report)
}

/// The owned reading, map through `Map::merge_closed`, unknown fields kept.
fn owned(bytes: &[u8]) -> (Report, UnknownFields) {
    let mut unknown = UnknownFields::new();
    let report = read_report(bytes, &mut unknown, |wire, map, d, unknown| {
        Map::<Int32, ClosedEnum<Level>>::merge_closed(wire, map, d, unknown)
    })
    .unwrap();
    (report, unknown)
}

/// The owned reading with the map's entries gathered, as a generated
/// `merge_from` reads a sorted map.
fn owned_gathered(bytes: &[u8]) -> (Report, UnknownFields) {
    let mut unknown = UnknownFields::new();
    let mut entries = MapEntries::new();
    let mut report = read_report(bytes, &mut unknown, |wire, map, d, unknown| {
        entries.merge_closed::<Int32>(wire, map, d, unknown)
    })
    .unwrap();
    entries.finish(&mut report.by_id);
    (report, unknown)
}

/// The reading of a view: its map a `MapView`, its unknown fields borrowed.
fn viewed(bytes: &[u8]) -> (Report, UnknownFieldsView<'_>) {
    let mut unknown = UnknownFieldsView::new();
    let mut map_view = MapView::new();
    let mut report = read_report(bytes, &mut unknown, |wire, _, d, unknown| {
        Map::<Int32, ClosedEnum<Level>>::view_closed(wire, &mut map_view, d, unknown)
    })
    .unwrap();
    report.by_id = map_view.iter().copied().collect();
    (report, unknown)
}

/// The reading of a message that keeps no unknown fields.
fn dropping(bytes: &[u8]) -> Report {
    read_report(bytes, &mut Discard, |wire, map, d, unknown| {
        Map::<Int32, ClosedEnum<Level>>::merge_closed(wire, map, d, unknown)
    })
    .unwrap()
}

fn hex(text: &str) -> Vec<u8> {
    let digits: alloc::string::String = text.split_whitespace().collect();
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).unwrap())
        .collect()
}

/// Reads `input` every way, and checks that each keeps `report` and, of
/// the ways that keep unknown fields, exactly `unknown` (hex).
#[track_caller]
fn check(input: &str, report: &Report, unknown: &str) {
    let input = hex(input);
    let unknown = hex(unknown);
    let (read, kept) = owned(&input);
    assert_eq!(&read, report, "owned");
    assert_eq!(kept.as_bytes(), unknown, "owned's unknown fields");
    let (read, kept) = owned_gathered(&input);
    assert_eq!(&read, report, "owned, map gathered");
    assert_eq!(
        kept.as_bytes(),
        unknown,
        "owned's unknown fields, map gathered"
    );
    let (read, kept) = viewed(&input);
    assert_eq!(&read, report, "view");
    assert_eq!(kept.to_owned().as_bytes(), unknown, "view's unknown fields");
    assert_eq!(&dropping(&input), report, "unknown fields dropped");
}

#[test]
fn a_singular_field_keeps_what_it_had() {
    let report = Report {
        single: Level::High,
        count: 3,
        ..Report::default()
    };
    // 1 = HIGH, 1 = 9, 8 = 3: the record of 9 is kept, HIGH stays.
    check("08 01  08 09  40 03", &report, "08 09");
    // 9 first: the field is still at its default, then HIGH.
    check("08 09  08 01  40 03", &report, "08 09");
}

#[test]
fn an_optional_field_stays_absent() {
    check("10 07", &Report::default(), "10 07");
    let report = Report {
        optional: Some(Level::Top),
        ..Report::default()
    };
    check("10 02  10 07", &report, "10 07");
}

#[test]
fn a_list_leaves_out_the_numbers_its_enum_does_not_name() {
    let report = Report {
        list: vec![Level::High, Level::Top],
        ..Report::default()
    };
    check("18 01  18 09  18 02", &report, "18 09");
}

#[test]
fn a_packed_run_keeps_each_stray_as_a_record_of_its_own() {
    let report = Report {
        packed: vec![Level::High, Level::Top],
        ..Report::default()
    };
    // 1, 9, 2, 7 packed: 9 and 7 become varint records of field 4.
    check("22 04 01 09 02 07", &report, "20 09  20 07");
    // Every number named: the run is read at once, nothing kept.
    check("22 02 01 02", &report, "");
    // The form of the list does not matter: a packed field read unpacked.
    check("20 01  20 09  20 02", &report, "20 09");
    // Nothing named: an empty list.
    check("22 02 09 07", &Report::default(), "20 09  20 07");
}

#[test]
fn a_map_entry_whose_value_is_not_named_goes_whole() {
    let report = Report {
        by_id: BTreeMap::from([(1, Level::Top)]),
        ..Report::default()
    };
    // {1: 9}, then {1: TOP}: the first entry's record is kept whole.
    check(
        "2a 04 08 01 10 09  2a 04 08 01 10 02",
        &report,
        "2a 04 08 01 10 09",
    );
    // An entry as read, its value first and another field in it.
    check(
        "2a 06 10 09 18 05 08 03  2a 04 08 01 10 02",
        &report,
        "2a 06 10 09 18 05 08 03",
    );
    // A missing value reads as the default, which the enum names.
    let report = Report {
        by_id: BTreeMap::from([(4, Level::Low)]),
        ..Report::default()
    };
    check("2a 02 08 04", &report, "");
}

#[test]
fn a_oneof_keeps_the_member_it_had() {
    let report = Report {
        choice: Some(Choice::Text("x".into())),
        ..Report::default()
    };
    check("3a 01 78  30 09", &report, "30 09");
    let report = Report {
        choice: Some(Choice::Level(Level::Top)),
        ..Report::default()
    };
    check("30 09  30 02", &report, "30 09");
    check("30 09", &Report::default(), "30 09");
}

#[test]
fn records_keep_their_values_as_read_and_a_canonical_key() {
    // -1 is named; -2 as ten bytes and as five (the low 32 bits) is not,
    // and each record keeps the varint as read.
    let report = Report {
        single: Level::Neg,
        ..Report::default()
    };
    check(
        "08 ffffffffffffffffff01  08 feffffffffffffffff01  08 feffffff0f",
        &report,
        "08 feffffffffffffffff01  08 feffffff0f",
    );
    // A padded key (field 1 in two bytes): the record's key is one byte.
    check("88 00 09", &Report::default(), "08 09");
    // A number read as its low 32 bits: 2^32 + 1 is HIGH, as in Google's.
    let report = Report {
        single: Level::High,
        ..Report::default()
    };
    check("08 8180808010", &report, "");
    // A packed run's strays keep their bytes too.
    check("22 05 feffffff0f", &Report::default(), "20 feffffff0f");
}

#[test]
fn errors_are_those_of_an_open_enum() {
    // Each input read as field 1 of a closed enum, and of an open one.
    let errors = |bytes: &str| {
        let bytes = hex(bytes);
        let read = |closed: bool| {
            let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
            let (_, wire) = decoder.read_key().unwrap();
            let mut values = Vec::new();
            let result = match closed {
                true => merge_repeated(wire, &mut values, &mut decoder, &mut UnknownFields::new()),
                false => crate::__private::field::merge_repeated::<Enum<Level>>(
                    wire,
                    &mut values,
                    &mut decoder,
                ),
            };
            result.unwrap_err()
        };
        (read(true), read(false))
    };
    for input in ["08 80", "0d 01000000", "0a 02 01 80", "0a 03 01"] {
        let (closed, open) = errors(input);
        assert_eq!(closed, open, "{input}");
    }
    // An index is the list's: strays before it are not counted.
    let (closed, open) = errors("0a 02 09 80");
    assert_eq!((closed.path(), open.path()), ("[0]".into(), "[1]".into()));
    // A map entry cut short, as an open enum's map.
    let bytes = hex("2a 03 08 01 10");
    let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
    let (_, wire) = decoder.read_key().unwrap();
    let closed = Map::<Int32, ClosedEnum<Level>>::merge_closed(
        wire,
        &mut BTreeMap::new(),
        &mut decoder,
        &mut Discard,
    );
    let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
    let (_, wire) = decoder.read_key().unwrap();
    let open = Map::<Int32, Enum<Level>>::merge(wire, &mut BTreeMap::new(), &mut decoder);
    assert_eq!(closed.unwrap_err(), open.unwrap_err());
}

#[test]
fn a_view_borrows_its_records() {
    let input = hex("22 03 01 09 02  2a 04 08 01 10 09");
    let (_, unknown) = viewed(&input);
    let fields = unknown.fields();
    assert_eq!(fields.len(), 2);
    assert_eq!(
        (fields[0].number, fields[0].wire_type),
        (4, WireType::Varint)
    );
    assert_eq!(fields[0].value, [0x09]);
    assert_eq!((fields[1].number, fields[1].wire_type), (5, WireType::Len));
    assert_eq!(fields[1].value, [0x04, 0x08, 0x01, 0x10, 0x09]);
    for field in fields {
        assert!(input.as_ptr_range().contains(&field.value.as_ptr()));
    }
}
