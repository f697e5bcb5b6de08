//! protobuf's options as schemac reads them: interpreted as protoc
//! interprets them, checked where protoc checks them, and reported, when
//! wrong, at what is wrong. The descriptors they give are held to protoc's
//! on the real-world corpus (tests/corpus); these are the rules one by one.

use schemac::diagnostic::Code;
use schemac::model::{Constant, Options};

/// The analysis of one `.proto` file given as text, or its rendered
/// diagnostics.
fn analyze(text: &str) -> Result<schemac::Analysis, String> {
    schemac::analyze_text("options.proto", text).map_err(|error| error.render(false))
}

/// The codes of the diagnostics of `text`, which must not analyze.
fn codes(text: &str) -> Vec<Code> {
    match schemac::analyze_text("options.proto", text) {
        Ok(_) => panic!("analyzed without errors:\n{text}"),
        Err(schemac::Error::Schema { diagnostics, .. }) => diagnostics
            .iter()
            .map(|diagnostic| diagnostic.code)
            .collect(),
        Err(other) => panic!("{other}"),
    }
}

const RULES: &str = r#"
syntax = "proto3";
package p;
import "google/protobuf/descriptor.proto";
message Rules {
  optional uint64 min_len = 1;
  optional uint64 max_len = 2;
  repeated string tags = 3;
  Rules nested = 4;
}
extend google.protobuf.FieldOptions {
  Rules rules = 50001;
  repeated int32 weights = 50002;
  float ratio = 50003;
}
"#;

/// The options of field `name` of message `p.M`.
fn field_options(analysis: &schemac::Analysis, name: &str) -> Options {
    let message = (analysis.schema.messages.iter())
        .find(|message| message.full_name == "p.M")
        .expect("p.M");
    let field = message
        .fields
        .iter()
        .find(|field| field.name == name)
        .expect("the field");
    field.options.clone()
}

#[test]
fn paths_into_one_option_merge_into_one_message() {
    let text = format!(
        "{RULES}message M {{ string s = 1 [(rules).max_len = 9, deprecated = true, \
         (rules).min_len = 1, (rules).nested = {{ tags: [\"a\", \"b\"] }}]; }}"
    );
    let analysis = analyze(&text).unwrap_or_else(|error| panic!("{error}"));
    let options = field_options(&analysis, "s");
    // Standard options first, by number, then the extension.
    let numbers: Vec<u32> = options.fields.iter().map(|field| field.number).collect();
    assert_eq!(numbers, [3, 50001]);
    let [Constant::Message(rules)] = &options.fields[1].values[..] else {
        panic!("one message: {:?}", options.fields[1]);
    };
    let inner: Vec<(&str, usize)> = (rules.fields.iter())
        .map(|field| (field.name.as_str(), field.values.len()))
        .collect();
    assert_eq!(inner, [("min_len", 1), ("max_len", 1), ("nested", 1)]);
}

#[test]
fn repeated_options_gather_every_value_and_floats_read_as_protoc_reads_them() {
    let text = format!(
        "{RULES}message M {{ string s = 1 [(weights) = 1, (weights) = -0x7fffffff, \
         (ratio) = -inf]; string t = 2 [(ratio) = 12]; }}"
    );
    let analysis = analyze(&text).unwrap_or_else(|error| panic!("{error}"));
    let options = field_options(&analysis, "s");
    assert_eq!(
        options.fields[0].values,
        [Constant::Int(1), Constant::Int(-0x7fff_ffff)]
    );
    assert_eq!(
        options.fields[1].values,
        [Constant::Float(f32::NEG_INFINITY)]
    );
    let options = field_options(&analysis, "t");
    assert_eq!(options.fields[0].values, [Constant::Float(12.0)]);
}

#[test]
fn an_option_set_twice_by_any_two_paths_is_an_error() {
    for assignments in [
        "(rules).max_len = 1, (rules).max_len = 2",
        "(rules).max_len = 1, (rules) = { min_len: 2 }",
        "(rules) = { min_len: 2 }, (rules).max_len = 1",
        "deprecated = true, deprecated = false",
    ] {
        let text = format!("{RULES}message M {{ string s = 1 [{assignments}]; }}");
        assert_eq!(codes(&text), [Code::InvalidOption], "{assignments}");
    }
    let text =
        format!("{RULES}message M {{ string s = 1 [(rules) = {{ min_len: 1 min_len: 2 }}]; }}");
    assert_eq!(codes(&text), [Code::InvalidOptionValue]);
}

#[test]
fn the_standard_options_protoc_refuses_where_they_are_set_are_refused() {
    for (body, why) in [
        (
            "message S { option message_set_wire_format = true; optional int32 a = 1; extensions 4 to max; }",
            "a field of a message set",
        ),
        (
            "message S { option map_entry = true; }",
            "map_entry by hand",
        ),
        (
            "message S { optional int32 a = 1 [lazy = true]; }",
            "lazy on a number",
        ),
        (
            "message S { optional string a = 1 [jstype = JS_STRING]; }",
            "jstype on a string",
        ),
        (
            "message S { optional int32 a = 1 [packed = true]; }",
            "packed on a singular field",
        ),
    ] {
        let text = format!("syntax = \"proto2\";\npackage p;\n{body}\n");
        assert_eq!(codes(&text), [Code::InvalidOption], "{why}");
    }
    // What protoc takes.
    for body in [
        "message S { repeated string a = 1 [packed = false]; }",
        "message S { optional int64 a = 1 [jstype = JS_STRING]; }",
        "message S { optional S a = 1 [lazy = true]; }",
        "message S { oneof o { int32 a = 1 [default = 5]; } }",
    ] {
        let text = format!("syntax = \"proto2\";\npackage p;\n{body}\n");
        analyze(&text).unwrap_or_else(|error| panic!("{body}:\n{error}"));
    }
}

#[test]
fn options_of_source_retention_are_read_but_left_out_of_descriptors() {
    let text = r#"
syntax = "proto2";
package p;
import "google/protobuf/descriptor.proto";
extend google.protobuf.MessageOptions {
  optional int32 source_only = 50010 [retention = RETENTION_SOURCE];
  optional int32 kept = 50011;
}
message M {
  option (source_only) = 1;
  option (kept) = 2;
}
"#;
    let analysis = analyze(text).unwrap_or_else(|error| panic!("{error}"));
    let message = (analysis.schema.messages.iter())
        .find(|m| m.full_name == "p.M")
        .expect("p.M");
    assert_eq!(message.options.fields.len(), 2, "both are read");
    let set = analysis.encode_descriptor_set(&analysis.roots, false);
    // Each option a varint field: its key, then its value.
    let record = |number: u32, value: u8| {
        let mut key = u64::from(number) << 3;
        let mut bytes = Vec::new();
        while key >= 0x80 {
            bytes.push((key as u8) | 0x80);
            key >>= 7;
        }
        bytes.extend([key as u8, value]);
        bytes
    };
    let (kept, source_only) = (record(50011, 2), record(50010, 1));
    let contains = |needle: &[u8]| set.windows(needle.len()).any(|window| window == needle);
    assert!(contains(&kept), "the runtime option is in the descriptor");
    assert!(!contains(&source_only), "the source option is not");
}

/// An unknown option name, a value that does not fit, and a broken
/// message value, as the diagnostics show them.
#[test]
fn diagnostics_point_at_what_is_wrong() {
    for (name, body) in [
        (
            "unknown_name",
            "message M { string s = 1 [(rules).max_lenght = 3]; }",
        ),
        (
            "wrong_value",
            "message M { string s = 1 [(rules).max_len = \"three\"]; }",
        ),
        (
            "bad_aggregate",
            "message M { string s = 1 [(rules) = { min_len: 1 max_len }]; }",
        ),
        (
            "unknown_field_in_aggregate",
            "message M { string s = 1 [(rules) = { min_len: 1 nested { tag: \"x\" } }]; }",
        ),
    ] {
        let text = format!("{RULES}{body}\n");
        let error = analyze(&text).expect_err("the option is wrong");
        insta::with_settings!({ description => body, omit_expression => true }, {
            insta::assert_snapshot!(name, error);
        });
    }
}

/// An export of a file that imports `descriptor.proto`, for its custom
/// options, leaves `descriptor.proto` to protoc, as it leaves the
/// well-known types: protoc, protox and older protocs each have their own,
/// and a copy beside the export would stand in for theirs.
#[test]
fn exports_leave_descriptor_proto_to_protoc() {
    let text = "syntax = \"proto2\";\npackage p;\nimport \"google/protobuf/descriptor.proto\";\n\
                import \"google/protobuf/timestamp.proto\";\n\
                extend google.protobuf.FileOptions { optional string tag = 50000; }\n\
                message M { optional google.protobuf.Timestamp at = 1; }\n";
    let analysis = schemac::analyze_text("p.proto", text).unwrap_or_else(|error| panic!("{error}"));
    let files = analysis.export_proto_files(analysis.roots[0]);
    let names: Vec<&str> = files.iter().map(|file| file.name.as_str()).collect();
    assert_eq!(names, ["p.proto"]);
    assert!(
        files[0]
            .contents
            .contains("import \"google/protobuf/descriptor.proto\";")
    );
}
