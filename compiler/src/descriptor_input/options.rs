//! The standard options of a descriptor, read from their encoded bytes as
//! `.proto` option text.
//!
//! Each options message has a table of the fields protoc 35's
//! `descriptor.proto` gives it: number, name and how its value is
//! written. A field no table names is a custom option (an extension of the
//! options message); it is counted and left out.

use prost::encoding::{WireType, decode_key, decode_varint};

/// How an option's value is written.
#[derive(Clone, Copy)]
enum Kind {
    Bool,
    Int,
    Str,
    /// An enum, by its values' names.
    Enum(&'static [(i64, &'static str)]),
    /// `google.protobuf.FeatureSet`: written as one option per feature,
    /// `features.field_presence = IMPLICIT`.
    Features,
    /// A message, written as a message literal `{ name: value ... }`.
    Message(&'static [Entry]),
}

/// One field of an options message.
type Entry = (u32, &'static str, Kind);

const EDITION: Kind = Kind::Enum(&[
    (0, "EDITION_UNKNOWN"),
    (900, "EDITION_LEGACY"),
    (998, "EDITION_PROTO2"),
    (999, "EDITION_PROTO3"),
    (1000, "EDITION_2023"),
    (1001, "EDITION_2024"),
    (1002, "EDITION_2026"),
    (9999, "EDITION_UNSTABLE"),
    (1, "EDITION_1_TEST_ONLY"),
    (2, "EDITION_2_TEST_ONLY"),
    (99997, "EDITION_99997_TEST_ONLY"),
    (99998, "EDITION_99998_TEST_ONLY"),
    (99999, "EDITION_99999_TEST_ONLY"),
    (0x7FFF_FFFF, "EDITION_MAX"),
]);

const FEATURES: &[Entry] = &[
    (
        1,
        "field_presence",
        Kind::Enum(&[
            (0, "FIELD_PRESENCE_UNKNOWN"),
            (1, "EXPLICIT"),
            (2, "IMPLICIT"),
            (3, "LEGACY_REQUIRED"),
        ]),
    ),
    (
        2,
        "enum_type",
        Kind::Enum(&[(0, "ENUM_TYPE_UNKNOWN"), (1, "OPEN"), (2, "CLOSED")]),
    ),
    (
        3,
        "repeated_field_encoding",
        Kind::Enum(&[
            (0, "REPEATED_FIELD_ENCODING_UNKNOWN"),
            (1, "PACKED"),
            (2, "EXPANDED"),
        ]),
    ),
    (
        4,
        "utf8_validation",
        Kind::Enum(&[(0, "UTF8_VALIDATION_UNKNOWN"), (2, "VERIFY"), (3, "NONE")]),
    ),
    (
        5,
        "message_encoding",
        Kind::Enum(&[
            (0, "MESSAGE_ENCODING_UNKNOWN"),
            (1, "LENGTH_PREFIXED"),
            (2, "DELIMITED"),
        ]),
    ),
    (
        6,
        "json_format",
        Kind::Enum(&[
            (0, "JSON_FORMAT_UNKNOWN"),
            (1, "ALLOW"),
            (2, "LEGACY_BEST_EFFORT"),
        ]),
    ),
    (
        7,
        "enforce_naming_style",
        Kind::Enum(&[
            (0, "ENFORCE_NAMING_STYLE_UNKNOWN"),
            (1, "STYLE2024"),
            (2, "STYLE_LEGACY"),
            (3, "STYLE2026"),
        ]),
    ),
    (
        8,
        "default_symbol_visibility",
        Kind::Enum(&[
            (0, "DEFAULT_SYMBOL_VISIBILITY_UNKNOWN"),
            (1, "EXPORT_ALL"),
            (2, "EXPORT_TOP_LEVEL"),
            (3, "LOCAL_ALL"),
            (4, "STRICT"),
        ]),
    ),
];

const FEATURE_SUPPORT: Kind = Kind::Message(&[
    (1, "edition_introduced", EDITION),
    (2, "edition_deprecated", EDITION),
    (3, "deprecation_warning", Kind::Str),
    (4, "edition_removed", EDITION),
    (5, "removal_error", Kind::Str),
]);

/// Which options message a descriptor's `options` field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Options {
    File,
    Message,
    Field,
    Oneof,
    Enum,
    EnumValue,
    Service,
    Method,
    ExtensionRange,
}

impl Options {
    fn table(self) -> &'static [Entry] {
        match self {
            Options::File => &[
                (1, "java_package", Kind::Str),
                (8, "java_outer_classname", Kind::Str),
                (10, "java_multiple_files", Kind::Bool),
                (20, "java_generate_equals_and_hash", Kind::Bool),
                (27, "java_string_check_utf8", Kind::Bool),
                (
                    9,
                    "optimize_for",
                    Kind::Enum(&[(1, "SPEED"), (2, "CODE_SIZE"), (3, "LITE_RUNTIME")]),
                ),
                (11, "go_package", Kind::Str),
                (16, "cc_generic_services", Kind::Bool),
                (17, "java_generic_services", Kind::Bool),
                (18, "py_generic_services", Kind::Bool),
                (23, "deprecated", Kind::Bool),
                (31, "cc_enable_arenas", Kind::Bool),
                (36, "objc_class_prefix", Kind::Str),
                (37, "csharp_namespace", Kind::Str),
                (39, "swift_prefix", Kind::Str),
                (40, "php_class_prefix", Kind::Str),
                (41, "php_namespace", Kind::Str),
                (44, "php_metadata_namespace", Kind::Str),
                (45, "ruby_package", Kind::Str),
                (50, "features", Kind::Features),
            ],
            Options::Message => &[
                (1, "message_set_wire_format", Kind::Bool),
                (2, "no_standard_descriptor_accessor", Kind::Bool),
                (3, "deprecated", Kind::Bool),
                (7, "map_entry", Kind::Bool),
                (11, "deprecated_legacy_json_field_conflicts", Kind::Bool),
                (12, "features", Kind::Features),
            ],
            Options::Field => &[
                (
                    1,
                    "ctype",
                    Kind::Enum(&[(0, "STRING"), (1, "CORD"), (2, "STRING_PIECE")]),
                ),
                (2, "packed", Kind::Bool),
                (
                    6,
                    "jstype",
                    Kind::Enum(&[(0, "JS_NORMAL"), (1, "JS_STRING"), (2, "JS_NUMBER")]),
                ),
                (5, "lazy", Kind::Bool),
                (15, "unverified_lazy", Kind::Bool),
                (3, "deprecated", Kind::Bool),
                (10, "weak", Kind::Bool),
                (16, "debug_redact", Kind::Bool),
                (
                    17,
                    "retention",
                    Kind::Enum(&[
                        (0, "RETENTION_UNKNOWN"),
                        (1, "RETENTION_RUNTIME"),
                        (2, "RETENTION_SOURCE"),
                    ]),
                ),
                (
                    19,
                    "targets",
                    Kind::Enum(&[
                        (0, "TARGET_TYPE_UNKNOWN"),
                        (1, "TARGET_TYPE_FILE"),
                        (2, "TARGET_TYPE_EXTENSION_RANGE"),
                        (3, "TARGET_TYPE_MESSAGE"),
                        (4, "TARGET_TYPE_FIELD"),
                        (5, "TARGET_TYPE_ONEOF"),
                        (6, "TARGET_TYPE_ENUM"),
                        (7, "TARGET_TYPE_ENUM_ENTRY"),
                        (8, "TARGET_TYPE_SERVICE"),
                        (9, "TARGET_TYPE_METHOD"),
                    ]),
                ),
                (
                    20,
                    "edition_defaults",
                    Kind::Message(&[(3, "edition", EDITION), (2, "value", Kind::Str)]),
                ),
                (21, "features", Kind::Features),
                (22, "feature_support", FEATURE_SUPPORT),
            ],
            Options::Oneof => &[(1, "features", Kind::Features)],
            Options::Enum => &[
                (2, "allow_alias", Kind::Bool),
                (3, "deprecated", Kind::Bool),
                (6, "deprecated_legacy_json_field_conflicts", Kind::Bool),
                (7, "features", Kind::Features),
            ],
            Options::EnumValue => &[
                (1, "deprecated", Kind::Bool),
                (2, "features", Kind::Features),
                (3, "debug_redact", Kind::Bool),
                (4, "feature_support", FEATURE_SUPPORT),
            ],
            Options::Service => &[
                (34, "features", Kind::Features),
                (33, "deprecated", Kind::Bool),
            ],
            Options::Method => &[
                (33, "deprecated", Kind::Bool),
                (
                    34,
                    "idempotency_level",
                    Kind::Enum(&[
                        (0, "IDEMPOTENCY_UNKNOWN"),
                        (1, "NO_SIDE_EFFECTS"),
                        (2, "IDEMPOTENT"),
                    ]),
                ),
                (35, "features", Kind::Features),
            ],
            Options::ExtensionRange => &[
                (
                    2,
                    "declaration",
                    Kind::Message(&[
                        (1, "number", Kind::Int),
                        (2, "full_name", Kind::Str),
                        (3, "type", Kind::Str),
                        (5, "reserved", Kind::Bool),
                        (6, "repeated", Kind::Bool),
                    ]),
                ),
                (
                    3,
                    "verification",
                    Kind::Enum(&[(0, "DECLARATION"), (1, "UNVERIFIED")]),
                ),
                (50, "features", Kind::Features),
            ],
        }
    }
}

/// The standard options an element's encoded `options` hold, as
/// `(name, value)` pairs in the order they are encoded, and how many
/// custom options were left out.
pub(super) fn read(kind: Options, bytes: &[u8]) -> Result<(Vec<(String, String)>, usize), String> {
    let mut out = Vec::new();
    let mut dropped = 0;
    for (number, value) in fields(bytes)? {
        match kind.table().iter().find(|(n, _, _)| *n == number) {
            Some(&(_, name, Kind::Features)) => {
                let Value::Bytes(bytes) = value else {
                    return Err(format!("option `{name}` is not a message"));
                };
                for (number, value) in fields(bytes)? {
                    match FEATURES.iter().find(|(n, _, _)| *n == number) {
                        Some(&(_, feature, kind)) => {
                            for value in write(kind, &value)? {
                                out.push((format!("features.{feature}"), value));
                            }
                        }
                        None => dropped += 1,
                    }
                }
            }
            Some(&(_, name, kind)) => {
                for value in write(kind, &value)? {
                    out.push((name.to_owned(), value));
                }
            }
            None => dropped += 1,
        }
    }
    Ok((out, dropped))
}

/// Whether a message's options say it is a map entry.
pub(super) fn is_map_entry(bytes: &[u8]) -> bool {
    fields(bytes).is_ok_and(|fields| {
        fields
            .iter()
            .any(|(number, value)| *number == 7 && matches!(value, Value::Varint(1)))
    })
}

/// A field's value as it was encoded.
#[derive(Clone, Copy, Debug)]
enum Value<'a> {
    Varint(u64),
    /// A fixed-width value, which no standard option has.
    Fixed,
    Bytes(&'a [u8]),
}

/// The fields of an encoded message, in order; groups are skipped.
fn fields(mut bytes: &[u8]) -> Result<Vec<(u32, Value<'_>)>, String> {
    let mut out = Vec::new();
    let malformed = |error: prost::DecodeError| format!("malformed options: {error}");
    while !bytes.is_empty() {
        let (number, wire_type) = decode_key(&mut bytes).map_err(malformed)?;
        let value = match wire_type {
            WireType::Varint => Value::Varint(decode_varint(&mut bytes).map_err(malformed)?),
            WireType::SixtyFourBit | WireType::ThirtyTwoBit => {
                let width = if wire_type == WireType::SixtyFourBit {
                    8
                } else {
                    4
                };
                let (head, rest) = bytes
                    .split_at_checked(width)
                    .ok_or("malformed options: a fixed-width value is cut short")?;
                bytes = rest;
                let _ = head;
                Value::Fixed
            }
            WireType::LengthDelimited => {
                let len = decode_varint(&mut bytes).map_err(malformed)?;
                let len = usize::try_from(len).unwrap_or(usize::MAX);
                let (head, rest) = bytes
                    .split_at_checked(len)
                    .ok_or("malformed options: a length runs past the end")?;
                bytes = rest;
                Value::Bytes(head)
            }
            WireType::StartGroup => {
                skip_group(&mut bytes, number)?;
                continue;
            }
            WireType::EndGroup => return Err("malformed options: an unmatched end of group".into()),
        };
        out.push((number, value));
    }
    Ok(out)
}

/// Moves past the group `number` begun just before `bytes`.
fn skip_group(bytes: &mut &[u8], number: u32) -> Result<(), String> {
    let malformed = |error: prost::DecodeError| format!("malformed options: {error}");
    let mut open = vec![number];
    while let Some(&innermost) = open.last() {
        let (number, wire_type) = decode_key(bytes).map_err(malformed)?;
        match wire_type {
            WireType::Varint => drop(decode_varint(bytes).map_err(malformed)?),
            WireType::SixtyFourBit | WireType::ThirtyTwoBit => {
                let width = if wire_type == WireType::SixtyFourBit {
                    8
                } else {
                    4
                };
                *bytes = bytes
                    .get(width..)
                    .ok_or("malformed options: a fixed-width value is cut short")?;
            }
            WireType::LengthDelimited => {
                let len = decode_varint(bytes).map_err(malformed)?;
                let len = usize::try_from(len).unwrap_or(usize::MAX);
                *bytes = bytes
                    .get(len..)
                    .ok_or("malformed options: a length runs past the end")?;
            }
            WireType::StartGroup if open.len() < 64 => open.push(number),
            WireType::StartGroup => return Err("malformed options: groups nest too deep".into()),
            WireType::EndGroup if number == innermost => drop(open.pop()),
            WireType::EndGroup => return Err("malformed options: an unmatched end of group".into()),
        }
    }
    Ok(())
}

/// The option text of `value`, of kind `kind`: one value, or one per
/// element of a packed list.
fn write(kind: Kind, value: &Value<'_>) -> Result<Vec<String>, String> {
    let wrong = || "malformed options: a value of the wrong wire type".to_owned();
    match (kind, value) {
        (Kind::Bool, Value::Varint(v)) => Ok(vec![(*v != 0).to_string()]),
        (Kind::Int, Value::Varint(v)) => Ok(vec![(*v as i64 as i32).to_string()]),
        (Kind::Str, Value::Bytes(bytes)) => Ok(vec![quote(bytes)]),
        (Kind::Enum(values), Value::Varint(v)) => Ok(vec![enum_name(values, *v)?]),
        (Kind::Enum(values), &Value::Bytes(packed)) => {
            let mut packed = packed;
            let mut out = Vec::new();
            while !packed.is_empty() {
                let v = decode_varint(&mut packed).map_err(|error| error.to_string())?;
                out.push(enum_name(values, v)?);
            }
            Ok(out)
        }
        (Kind::Message(entries), Value::Bytes(bytes)) => {
            let mut members = Vec::new();
            for (number, value) in fields(bytes)? {
                if let Some(&(_, name, kind)) = entries.iter().find(|(n, _, _)| *n == number) {
                    for value in write(kind, &value)? {
                        members.push(format!("{name}: {value}"));
                    }
                }
            }
            Ok(vec![format!("{{ {} }}", members.join(" "))])
        }
        (Kind::Features, _) | (_, Value::Fixed) | (_, _) => Err(wrong()),
    }
}

fn enum_name(values: &[(i64, &str)], value: u64) -> Result<String, String> {
    let value = value as i64 as i32 as i64;
    (values.iter())
        .find(|(number, _)| *number == value)
        .map(|(_, name)| (*name).to_owned())
        .ok_or_else(|| format!("an option holds {value}, which its enum does not name"))
}

/// `bytes` as a quoted `.proto` string literal: printable ASCII and UTF-8
/// as they are, the rest escaped in octal.
pub(super) fn quote(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    let text = String::from_utf8_lossy(bytes);
    let valid = std::str::from_utf8(bytes).is_ok();
    if valid {
        for c in text.chars() {
            escape_char(c, &mut out);
        }
    } else {
        for &byte in bytes {
            match byte {
                0x20..=0x7e => escape_char(char::from(byte), &mut out),
                _ => out.push_str(&format!("\\{byte:03o}")),
            }
        }
    }
    out.push('"');
    out
}

fn escape_char(c: char, out: &mut String) {
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\{:03o}", c as u32)),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_options_are_read_and_custom_ones_counted() {
        // deprecated = true (3), features.field_presence = IMPLICIT (21 {1: 2}),
        // and a custom option 50000 = 1.
        let bytes = [0x18, 1, 0xaa, 0x01, 2, 0x08, 2, 0x80, 0xb5, 0x18, 1];
        let (options, dropped) = read(Options::Field, &bytes).unwrap();
        assert_eq!(
            options,
            [
                ("deprecated".to_owned(), "true".to_owned()),
                ("features.field_presence".to_owned(), "IMPLICIT".to_owned())
            ]
        );
        assert_eq!(dropped, 1);
    }

    #[test]
    fn malformed_options_are_an_error() {
        assert!(read(Options::Field, &[0x18]).is_err());
        assert!(read(Options::Field, &[0x1a, 5, 1]).is_err());
    }

    #[test]
    fn strings_are_quoted_with_escapes() {
        assert_eq!(quote(b"a\"b\\\n\x01"), "\"a\\\"b\\\\\\n\\001\"");
        assert_eq!(quote("é".as_bytes()), "\"é\"");
    }
}
