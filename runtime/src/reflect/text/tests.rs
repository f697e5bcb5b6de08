//! The text format: what is printed (as protoc 35 prints it), what is
//! read (as Google's parser reads it), the errors and where they point,
//! hostile inputs, and printing then reading any message.

use proptest::prelude::*;

use crate::prelude::*;
use crate::reflect::descriptor::field_descriptor_proto::{Label, Type};
use crate::reflect::descriptor::{
    DescriptorProto, FieldDescriptorProto, FileDescriptorProto, MessageOptions,
    OneofDescriptorProto,
};
use crate::reflect::tests::enumeration;
use crate::reflect::{DescriptorPool, DynamicMessage, MessageDescriptor, TextOptions, Value};

use super::print::{double_text, float_text};

fn field(name: &str, number: i32, label: Label, ty: Type, type_name: &str) -> FieldDescriptorProto {
    FieldDescriptorProto {
        name: Some(name.to_owned()),
        number: Some(number),
        label: Some(label),
        r#type: Some(ty),
        type_name: (!type_name.is_empty()).then(|| type_name.to_owned()),
        ..Default::default()
    }
}

fn optional(name: &str, number: i32, ty: Type) -> FieldDescriptorProto {
    field(name, number, Label::Optional, ty, "")
}

fn message(name: &str, fields: Vec<FieldDescriptorProto>) -> DescriptorProto {
    DescriptorProto {
        name: Some(name.to_owned()),
        field: fields,
        ..Default::default()
    }
}

/// The pool of the tests, made once: descriptors of two pools are never
/// equal.
fn pool() -> &'static DescriptorPool {
    static POOL: std::sync::OnceLock<DescriptorPool> = std::sync::OnceLock::new();
    POOL.get_or_init(test_pool)
}

/// `t.M` (proto2) with a field of every kind, a group, a map, a oneof,
/// an `Any`, a reserved name and an extension; `t.R` with a required
/// field; `p3.P` (proto3) with an open enum; and `google.protobuf.Any`.
fn test_pool() -> DescriptorPool {
    let mut any = FileDescriptorProto {
        name: Some("google/protobuf/any.proto".to_owned()),
        package: Some("google.protobuf".to_owned()),
        syntax: Some("proto3".to_owned()),
        ..Default::default()
    };
    any.message_type.push(message(
        "Any",
        vec![
            optional("type_url", 1, Type::String),
            optional("value", 2, Type::Bytes),
        ],
    ));
    let mut t = FileDescriptorProto {
        name: Some("t.proto".to_owned()),
        package: Some("t".to_owned()),
        dependency: vec!["google/protobuf/any.proto".to_owned()],
        ..Default::default()
    };
    let mut m = message(
        "M",
        vec![
            optional("i32", 1, Type::Int32),
            optional("i64", 2, Type::Int64),
            optional("u32", 3, Type::Uint32),
            optional("u64", 4, Type::Uint64),
            optional("s32", 5, Type::Sint32),
            optional("fx64", 6, Type::Fixed64),
            optional("f", 7, Type::Float),
            optional("d", 8, Type::Double),
            optional("b", 9, Type::Bool),
            optional("s", 10, Type::String),
            optional("by", 11, Type::Bytes),
            field("e", 12, Label::Optional, Type::Enum, ".t.E"),
            field("child", 13, Label::Optional, Type::Message, ".t.M"),
            field("ints", 14, Label::Repeated, Type::Int32, ""),
            field("children", 15, Label::Repeated, Type::Message, ".t.M"),
            field("data", 16, Label::Optional, Type::Group, ".t.M.Data"),
            field(
                "counts",
                17,
                Label::Repeated,
                Type::Message,
                ".t.M.CountsEntry",
            ),
            FieldDescriptorProto {
                oneof_index: Some(0),
                ..optional("a", 18, Type::Int32)
            },
            FieldDescriptorProto {
                oneof_index: Some(0),
                ..optional("z", 19, Type::String)
            },
            field(
                "any",
                20,
                Label::Optional,
                Type::Message,
                ".google.protobuf.Any",
            ),
            field("doubles", 21, Label::Repeated, Type::Double, ""),
        ],
    );
    m.nested_type
        .push(message("Data", vec![optional("x", 1, Type::Int32)]));
    m.nested_type.push(DescriptorProto {
        options: Some(MessageOptions {
            map_entry: Some(true),
            ..Default::default()
        }),
        ..message(
            "CountsEntry",
            vec![
                optional("key", 1, Type::String),
                optional("value", 2, Type::Int32),
            ],
        )
    });
    m.oneof_decl.push(OneofDescriptorProto {
        name: Some("choice".to_owned()),
        ..Default::default()
    });
    m.reserved_name.push("old".to_owned());
    t.message_type.push(m);
    t.message_type.push(message(
        "R",
        vec![field("need", 1, Label::Required, Type::Int32, "")],
    ));
    t.enum_type
        .push(enumeration("E", &[("ZERO", 0), ("ONE", 1)]));
    t.extension.push(FieldDescriptorProto {
        extendee: Some(".t.M".to_owned()),
        ..optional("ext", 100, Type::Int32)
    });
    let mut p3 = FileDescriptorProto {
        name: Some("p3.proto".to_owned()),
        package: Some("p3".to_owned()),
        syntax: Some("proto3".to_owned()),
        ..Default::default()
    };
    p3.message_type.push(message(
        "P",
        vec![
            optional("n", 1, Type::Int32),
            field("e", 2, Label::Optional, Type::Enum, ".p3.E3"),
        ],
    ));
    p3.enum_type.push(enumeration("E3", &[("Z", 0)]));
    let mut pool = DescriptorPool::new();
    for file in [any, t, p3] {
        pool.add_file(file).unwrap();
    }
    pool
}

fn m() -> MessageDescriptor<'static> {
    pool().message("t.M").unwrap()
}

fn parse(text: &str) -> DynamicMessage<'static> {
    DynamicMessage::parse_text(m(), text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

fn error(text: &str) -> String {
    match DynamicMessage::parse_text(m(), text) {
        Ok(message) => panic!("{text} was read, as {message:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn every_kind_prints_as_protoc_prints_it() {
    let text = r#"i32: -5 i64: 9000000000 u32: 7 u64: 18446744073709551615 s32: -1
        fx64: 3 f: 0.1 d: 0.3 b: true s: "h\303\251llo\001\177 \"q\" ' \\ \t"
        by: "\000\n" e: ONE child { child { s: "x" } } ints: [1, 2]
        children {} children { i32: 1 } Data { x: 1 } counts { key: "b" value: 2 }
        counts { key: "a" } z: "zed" [t.ext]: 5 doubles: [1e15, 1e14, 1e-5, -0, inf, nan]"#;
    let expected = r#"i32: -5
i64: 9000000000
u32: 7
u64: 18446744073709551615
s32: -1
fx64: 3
f: 0.1
d: 0.3
b: true
s: "h\303\251llo\001\177 \"q\" \' \\ \t"
by: "\000\n"
e: ONE
child {
  child {
    s: "x"
  }
}
ints: 1
ints: 2
children {
}
children {
  i32: 1
}
Data {
  x: 1
}
counts {
  key: "a"
  value: 0
}
counts {
  key: "b"
  value: 2
}
z: "zed"
doubles: 1e+15
doubles: 100000000000000
doubles: 1e-05
doubles: -0
doubles: inf
doubles: nan
[t.ext]: 5
"#;
    assert_eq!(parse(text).to_text(), expected);
}

#[test]
fn one_line_is_fields_separated_by_spaces() {
    let message = parse("i32: 1 child { s: \"x\" child {} } ints: [3]");
    let options = TextOptions::new().single_line(true);
    assert_eq!(
        message.to_text_with(&options),
        r#"i32: 1 child { s: "x" child { } } ints: 3"#
    );
    assert_eq!(DynamicMessage::new(m()).to_text_with(&options), "");
    assert_eq!(DynamicMessage::new(m()).to_text(), "");
}

#[test]
fn numbers_print_as_protobuf_prints_them() {
    for (value, text) in [
        (0.1, "0.1"),
        (0.3, "0.3"),
        (0.1 + 0.2, "0.30000000000000004"),
        (1e15, "1e+15"),
        (1e14, "100000000000000"),
        (1e-5, "1e-05"),
        (1.5e-7, "1.5e-07"),
        (0.0001, "0.0001"),
        (123456789012345678.0, "1.2345678901234568e+17"),
        (1e300, "1e+300"),
        (100.0, "100"),
        (-2.5, "-2.5"),
        (0.0, "0"),
        (-0.0, "-0"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
        (f64::NAN, "nan"),
        (f64::MAX, "1.7976931348623157e+308"),
        (5e-324, "4.94065645841247e-324"),
    ] {
        assert_eq!(double_text(value), text, "{value:?}");
        if value.is_finite() {
            assert_eq!(text.parse::<f64>().unwrap().to_bits(), value.to_bits());
        }
    }
    for (value, text) in [
        (0.1f32, "0.1"),
        (1234567.0, "1234567"),
        (1e6, "1e+06"),
        (123456.0, "123456"),
        (16777216.0, "16777216"),
        (f32::MAX, "3.40282347e+38"),
        (1e-5, "1e-05"),
    ] {
        assert_eq!(float_text(value), text, "{value:?}");
    }
}

#[test]
fn every_escape_is_read() {
    let message = parse(
        r#"by: "\a\b\f\n\r\t\v\\\?\'\"" "\0\12\101\777" '\x41\xfff\X7' "\u00e9\U0001F600" 'é'"#,
    );
    let bytes = message.get_by_name("by").unwrap();
    let mut expected = b"\x07\x08\x0c\n\r\t\x0b\\?'\"\x00\nA\xffA\xfff\x07".to_vec();
    expected.extend_from_slice("é😀é".as_bytes());
    assert_eq!(bytes.as_bytes(), Some(&expected[..]));
}

#[test]
fn every_byte_prints_and_reads_back() {
    let all: Vec<u8> = (0..=255).collect();
    let mut message = DynamicMessage::new(m());
    message
        .set_by_name("by", Value::Bytes(all.clone()))
        .unwrap();
    message
        .set_by_name("s", Value::String("tab\t é \u{0} \u{7f} 😀".into()))
        .unwrap();
    let text = message.to_text();
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains(r#"s: "tab\t \303\251 \000 \177 \360\237\230\200""#));
    assert_eq!(parse(&text), message);
}

#[test]
fn surrogates_in_escapes_are_refused() {
    for text in [
        r#"s: "\ud801\udc37""#,
        r#"by: "\uD801""#,
        r#"by: "\uDC01""#,
        r#"s: "\U0000D801\uDC37""#,
    ] {
        assert!(error(text).contains("surrogate"), "{text}");
    }
    assert!(error(r#"s: "\U00110000""#).contains("past U+10FFFF"));
    assert!(error(r#"s: "\u12""#).contains("4 hexadecimal digits"));
    assert!(error(r#"s: "\q""#).contains("invalid escape"));
    assert!(error(r#"s: "\303""#).contains("not UTF-8"));
}

#[test]
fn every_syntax_form_is_read() {
    let text = "
        # a comment
        i32: 0x10 i64: -0x10, u32: 010; u64: 18446744073709551615
        f: 1.5f d: -.5e1 b: t
        child: { i32: 1 } children < i32: 2 > children: [{ i32: 3 }, < i32: 4 >]
        ints: [] ints: [-1, 0x7fffffff] ints: 5
        e: 1 data: { x: 7 }  # a group by its field's name
        counts: [{ key: 'k' value: 1 }]
        s: 'one' \"two\"
        [t.ext]: -3
    ";
    let message = parse(text);
    let again = parse(&message.to_text());
    assert_eq!(message, again);
    let get = |name: &str| message.get_by_name(name).unwrap().into_owned();
    assert_eq!(get("i32"), Value::I32(16));
    assert_eq!(get("i64"), Value::I64(-16));
    assert_eq!(get("u32"), Value::U32(8));
    assert_eq!(get("f"), Value::F32(1.5));
    assert_eq!(get("d"), Value::F64(-5.0));
    assert_eq!(get("b"), Value::Bool(true));
    assert_eq!(get("e"), Value::Enum(1));
    assert_eq!(get("s"), Value::String("onetwo".into()));
    assert_eq!(
        get("ints"),
        Value::List(vec![Value::I32(-1), Value::I32(i32::MAX), Value::I32(5)])
    );
    assert_eq!(get("children").as_list().unwrap().len(), 3);
    assert_eq!(message.get_by_number(100).unwrap().as_i32(), Some(-3));
    assert!(message.to_text().contains("Data {\n  x: 7\n}"));
}

#[test]
fn floats_and_bools_take_every_spelling() {
    for (text, value) in [
        ("d: inf", f64::INFINITY),
        ("d: -Infinity", f64::NEG_INFINITY),
        ("d: iNF", f64::INFINITY),
        ("d: 18446744073709551616", 18446744073709551616.0),
        ("d: 1E3", 1000.0),
        ("d: 5.", 5.0),
        ("d: 0", 0.0),
        ("d: 2F", 2.0),
        ("d: - 5", -5.0),
    ] {
        assert_eq!(parse(text).get_by_name("d").unwrap().as_f64(), Some(value));
    }
    let nan = parse("d: -NaN").get_by_name("d").unwrap().as_f64().unwrap();
    assert!(nan.is_nan());
    assert_eq!(
        parse("f: 1e39").get_by_name("f").unwrap().as_f32(),
        Some(f32::INFINITY)
    );
    for (text, value) in [("True", true), ("f", false), ("1", true), ("0x0", false)] {
        let message = parse(&format!("b: {text}"));
        assert_eq!(message.get_by_name("b").unwrap().as_bool(), Some(value));
    }
    assert!(error("b: 2").contains("out of range"));
    assert!(error("b: yes").contains("expected a bool"));
    assert!(error("d: 0x10").contains("decimal"));
    assert!(error("d: 010").contains("decimal"));
    assert!(error("d: -inff").contains("decimal"));
    assert!(error("i32: 1.5").contains("expected an integer"));
}

#[test]
fn an_any_whose_type_the_pool_holds_is_expanded() {
    let text = "any { [type.googleapis.com/t.M] { i32: 5 child { s: \"in\" } } }";
    let message = parse(text);
    let any = message.get_by_name("any").unwrap();
    let any = any.as_message().unwrap();
    assert_eq!(
        any.get_by_number(1).unwrap().as_str(),
        Some("type.googleapis.com/t.M")
    );
    let printed = message.to_text();
    assert_eq!(
        printed,
        "any {\n  [type.googleapis.com/t.M] {\n    i32: 5\n    child {\n      s: \"in\"\n    }\n  }\n}\n"
    );
    assert_eq!(parse(&printed), message);
    // A type the pool does not hold prints as its two fields.
    let other = parse(r#"any { type_url: "type.googleapis.com/x.Y" value: "\001" }"#);
    assert!(
        other
            .to_text()
            .contains("type_url: \"type.googleapis.com/x.Y\"")
    );
    let elsewhere = parse(r#"any { type_url: "example.com/t.M" value: "\010\005" }"#);
    assert!(
        elsewhere
            .to_text()
            .contains("type_url: \"example.com/t.M\"")
    );
    let prod = parse(r#"any { [type.googleprod.com/t.M] { i32: 5 } }"#);
    assert!(prod.to_text().contains("[type.googleprod.com/t.M] {"));
    assert!(error("any { [type.googleapis.com/x.Y] {} }").contains("no type"));
    assert!(error("any { [example.com/t.M] {} }").contains("no type"));
    assert!(error("[type.googleapis.com/t.M] {}").contains("not an Any"));
    let twice = "any { [type.googleapis.com/t.M] {} [type.googleapis.com/t.M] {} }";
    assert!(error(twice).contains("given twice"));
    let partial = "any { [type.googleapis.com/t.R] {} }";
    assert!(error(partial).contains("required field need"));
}

#[test]
fn unknown_fields_print_by_number_on_request() {
    let mut bytes = parse("i32: 1").encode_to_vec();
    bytes.extend_from_slice(&[
        0x90, 0x03, 0x05, // 50: 5
        0x9a, 0x03, 0x03, b'a', b'b', b'c', // 51: "abc"
        0xa2, 0x03, 0x02, 0x08, 0x01, // 52 { 1: 1 }
        0xad, 0x03, 0x01, 0x00, 0x00, 0x00, // 53: fixed32 1
        0xb1, 0x03, 2, 0, 0, 0, 0, 0, 0, 0, // 54: fixed64 2
        0xbb, 0x03, 0x08, 0x01, 0xbc, 0x03, // 55 { 1: 1 } as a group
        0xc2, 0x03, 0x00, // 56: ""
    ]);
    let message = DynamicMessage::decode(m(), &bytes).unwrap();
    assert_eq!(message.to_text(), "i32: 1\n");
    let options = TextOptions::new().unknown_fields(true);
    assert_eq!(
        message.to_text_with(&options),
        "i32: 1\n50: 5\n51: \"abc\"\n52 {\n  1: 1\n}\n53: 0x00000001\n\
         54: 0x0000000000000002\n55 {\n  1: 1\n}\n56: \"\"\n"
    );
    assert_eq!(
        message.to_text_with(&options.single_line(true)),
        "i32: 1 50: 5 51: \"abc\" 52 { 1: 1 } 53: 0x00000001 54: 0x0000000000000002 55 { 1: 1 } 56: \"\""
    );
    // Field numbers are not names: protoc refuses them too.
    assert!(error("50: 5").contains("expected a field name"));
}

#[test]
fn maps_print_sorted_and_the_last_value_of_a_key_wins() {
    let message =
        parse(r#"counts { key: "b" value: 1 } counts { value: 3 } counts { key: "b" value: 2 }"#);
    assert_eq!(
        message.to_text_with(&TextOptions::new().single_line(true)),
        r#"counts { key: "" value: 3 } counts { key: "b" value: 2 }"#
    );
}

#[test]
fn open_and_closed_enums_take_numbers_as_they_may() {
    let p = pool().message("p3.P").unwrap();
    let message = DynamicMessage::parse_text(p, "e: 7 n: 0").unwrap();
    assert_eq!(message.to_text(), "e: 7\n");
    assert!(error("e: 7").contains("no value numbered 7"));
    assert!(error("e: TWO").contains("no value named TWO"));
    assert_eq!(parse("e: ZERO").to_text(), "e: ZERO\n");
}

#[test]
fn errors_say_where_and_what() {
    for (text, expected) in [
        ("i32: 1\n  i32: 2", "2:3: the field i32 is given twice"),
        (
            "a: 1 z: \"x\"",
            "1:6: the field z is given with a, another member of the oneof choice",
        ),
        ("nope: 1", "1:1: t.M has no field named nope"),
        ("[t.nope]: 1", "1:1: t.M has no extension [t.nope]"),
        ("i32: 2147483648", "1:6: the integer is out of range"),
        ("i32: -2147483649", "1:6: the integer is out of range"),
        ("u32: -1", "1:6: expected an integer, found `-`"),
        (
            "u64: 18446744073709551616",
            "1:6: the integer is out of range",
        ),
        ("s: \"abc", "1:4: the string is not terminated"),
        ("s: \"a\nb\"", "1:6: a string cannot span lines"),
        (
            "child { i32: 1",
            "1:15: expected `}`, found the end of the text",
        ),
        ("child { i32: 1 >", "1:16: expected a field name, found `>`"),
        ("i32 1", "1:5: expected `:`, found `1`"),
        (
            "i32: 1x",
            "1:6: a number must be followed by a space or a symbol",
        ),
        (
            "i32: 09",
            "1:6: numbers starting with a zero must be in octal",
        ),
        ("ints: [1 2]", "1:10: expected `,`, found `2`"),
        ("child [{}]", "1:7: expected `{` or `<`, found `[`"),
        ("Child {}", "1:1: t.M has no field named Child"),
        ("DATA {}", "1:1: t.M has no field named DATA"),
    ] {
        assert_eq!(error(text), expected, "{text}");
    }
    let r = pool().message("t.R").unwrap();
    let missing = DynamicMessage::parse_text(r, "\n").unwrap_err();
    assert_eq!(
        missing.to_string(),
        "2:1: t.R is missing the required field need"
    );
    assert_eq!((missing.line(), missing.column()), (2, 1));
    assert!(missing.message().starts_with("t.R is missing"));
}

#[test]
fn merging_replaces_singular_fields_and_keeps_the_message_on_an_error() {
    let mut message = parse("i32: 1 child { i32: 2 } a: 3 ints: 1");
    message
        .merge_text("i32: 4 child { s: \"x\" } z: \"y\" ints: 2")
        .unwrap();
    assert_eq!(
        message.to_text_with(&TextOptions::new().single_line(true)),
        r#"i32: 4 child { i32: 2 s: "x" } ints: 1 ints: 2 z: "y""#
    );
    let before = message.clone();
    assert!(message.merge_text("i32: 5 nope: 1").is_err());
    assert_eq!(message, before);
    // Merging checks no required field.
    let mut r = DynamicMessage::new(pool().message("t.R").unwrap());
    r.merge_text("").unwrap();
}

#[test]
fn reserved_names_are_skipped() {
    for value in [
        "true",
        "-123",
        "0.123",
        "ENUM_VALUE",
        "\"hello\" 'again'",
        "{ a: 123 b { c: [1] } }",
        "< a: 123 >",
        "[-123, 456]",
        "[\"hello\", \"world\"]",
        "[{ a: 1 }, <>]",
    ] {
        let message = parse(&format!("old: {value} i32: 1"));
        assert_eq!(message.to_text(), "i32: 1\n", "{value}");
    }
    let message = parse("old { a: 1 } old [{}]");
    assert_eq!(message.to_text(), "");
}

#[test]
fn proto3_zeros_are_not_set_and_may_be_given_again() {
    let p = pool().message("p3.P").unwrap();
    let message = DynamicMessage::parse_text(p, "n: 0 n: 0 n: 3").unwrap();
    assert_eq!(message.to_text(), "n: 3\n");
}

#[test]
fn hostile_inputs_are_errors_not_panics() {
    let deep = "child { ".repeat(101) + &"} ".repeat(101);
    assert!(error(&deep).contains("nest deeper than 100"));
    let fine = "child { ".repeat(100) + &"} ".repeat(100);
    assert_eq!(parse(&fine).to_text().lines().count(), 200);
    let deep_skip = "old ".to_owned() + &"{ a ".repeat(200);
    assert!(error(&deep_skip).contains("nest deeper than 100"));
    let huge = "9".repeat(1000);
    assert!(error(&format!("i64: {huge}")).contains("out of range"));
    assert!(
        parse(&format!("d: {huge}"))
            .get_by_name("d")
            .unwrap()
            .as_f64()
            == Some(f64::INFINITY)
    );
    for text in [
        "\"",
        "'",
        "[",
        "child {",
        "child <",
        "any { [",
        "[t.",
        "s: \"\\",
        "i32: -",
        "#",
        "\u{0}",
        "é: 1",
        "0x",
        "1e",
        ".",
        "[type.googleapis.com/",
    ] {
        let _ = DynamicMessage::parse_text(m(), text);
    }
}

/// A message of `t.M` from a few values: every scalar kind, a list, a
/// map, a child, an enum.
fn any_message() -> impl Strategy<Value = DynamicMessage<'static>> {
    use proptest::num::{f32, f64};
    let double = f64::NORMAL | f64::SUBNORMAL | f64::ZERO | f64::INFINITE;
    let float = f32::NORMAL | f32::SUBNORMAL | f32::ZERO;
    (
        (any::<i32>(), any::<i64>(), any::<u64>(), any::<bool>()),
        (double, float, prop::collection::vec(double, 0..3)),
        (".*", prop::collection::vec(any::<u8>(), 0..8), 0..2i32),
        (
            prop::collection::vec(any::<i32>(), 0..4),
            prop::collection::btree_map("[a-c]{0,2}", any::<i32>(), 0..3),
        ),
        proptest::option::of(".{0,4}"),
    )
        .prop_map(
            |((i, l, u, b), (d, f, ds), (s, by, e), (ints, counts), child)| {
                let mut message = DynamicMessage::new(m());
                // Empty lists and maps are not set: nothing prints for them.
                let mut set = |name: &str, value: Value<'static>| {
                    if !matches!(&value, Value::List(_) | Value::Map(_)) || !value.is_zero() {
                        message.set_by_name(name, value).unwrap();
                    }
                };
                set("i32", Value::I32(i));
                set("i64", Value::I64(l));
                set("u64", Value::U64(u));
                set("b", Value::Bool(b));
                set("d", Value::F64(d));
                set("f", Value::F32(f));
                set(
                    "doubles",
                    Value::List(ds.into_iter().map(Value::F64).collect()),
                );
                set("s", Value::String(s));
                set("by", Value::Bytes(by));
                set("e", Value::Enum(e));
                set(
                    "ints",
                    Value::List(ints.into_iter().map(Value::I32).collect()),
                );
                let counts = counts
                    .into_iter()
                    .map(|(k, v)| (crate::reflect::MapKey::String(k), Value::I32(v)));
                set("counts", Value::Map(counts.collect()));
                if let Some(s) = child {
                    let mut inner = DynamicMessage::new(m());
                    inner.set_by_name("s", Value::String(s)).unwrap();
                    set("child", Value::Message(inner));
                }
                message
            },
        )
}

proptest! {
    #[test]
    fn printed_messages_read_back_the_same(message in any_message()) {
        let text = message.to_text();
        prop_assert_eq!(&parse(&text), &message, "{}", text);
        let line = message.to_text_with(&TextOptions::new().single_line(true));
        prop_assert_eq!(&parse(&line), &message, "{}", line);
    }

    #[test]
    fn any_text_is_read_or_refused(text in "[ -~\\n]{0,40}") {
        let _ = DynamicMessage::parse_text(m(), &text);
    }

    #[test]
    fn mutated_texts_are_read_or_refused(
        message in any_message(),
        cut in any::<prop::sample::Index>(),
        insert in "[\\[\\]{}<>:,;\"'\\\\#.\\-0-9a-z ]{0,3}",
    ) {
        let text = message.to_text();
        let mut at = cut.index(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mutated = format!("{}{insert}{}", &text[..at], &text[at..]);
        if let Ok(read) = DynamicMessage::parse_text(m(), &mutated) {
            let again = read.to_text();
            prop_assert_eq!(parse(&again).to_text(), again);
        }
    }
}
