//! Schemas of 100,000 declarations, in `.schema` and in `.proto` (proto2
//! and proto3): a message of 100,000 fields and a file of 100,000 types
//! are analyzed in time linear in their size, and correctly; and so are
//! 100,000 options of one element and a message literal of 100,000
//! fields, written out of order. Each analysis
//! runs on a thread of its own and fails the test unless it is done
//! within a time far above what linear work takes, even in a debug build;
//! the release build's times are in docs/benchmarks.md.

use std::fmt::Write as _;
use std::sync::mpsc;
use std::time::Duration;

use schemac::diagnostic::{Code, Diagnostic};
use schemac::model::{Constant, Scalar, Schema, ValueType};
use schemac::{Analysis, Error};

/// How many fields or types the large schemas have.
const COUNT: usize = 100_000;

/// How long an analysis may take. Linear work takes a few seconds at most
/// in a debug build; comparing every pair of 100,000 names takes minutes.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The languages: a file name and the header of a file.
const LANGUAGES: [(&str, &str); 3] = [
    ("large.schema", "package large;\n"),
    ("large2.proto", "syntax = \"proto2\";\npackage large;\n"),
    ("large3.proto", "syntax = \"proto3\";\npackage large;\n"),
];

/// Analyzes `text` as the file `name` on a thread of its own, failing the
/// test if that takes longer than [`TIMEOUT`].
fn analyze_in_time(name: &'static str, text: String) -> Result<Analysis, Error> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(schemac::analyze_text(name, &text));
    });
    match receiver.recv_timeout(TIMEOUT) {
        Ok(result) => result,
        Err(_) => panic!("analyzing {name} took more than {TIMEOUT:?}"),
    }
}

/// The field number of the `index`th field: 1, 2, …, leaving out the
/// numbers protobuf keeps for itself.
fn number(index: usize) -> usize {
    let number = index + 1;
    if number < 19_000 {
        number
    } else {
        number + 1_000
    }
}

/// A field `name` of scalar type `i32`, as `file` writes it.
fn field(file: &str, name: &str, number: usize) -> String {
    match file.rsplit('.').next() {
        Some("proto") if file.contains('2') => format!("  optional int32 {name} = {number};\n"),
        Some("proto") => format!("  int32 {name} = {number};\n"),
        _ => format!("  {name}: i32 = {number};\n"),
    }
}

/// A field `name` of the named type `ty`, as `file` writes it.
fn typed_field(file: &str, name: &str, ty: &str, number: usize) -> String {
    match file.rsplit('.').next() {
        Some("proto") if file.contains('2') => format!("optional {ty} {name} = {number}; "),
        Some("proto") => format!("{ty} {name} = {number}; "),
        _ => format!("{name}: {ty} = {number}; "),
    }
}

/// A message `Wide` of [`COUNT`] `i32` fields, `f0` to `f99999`, and then
/// `extra` fields.
fn wide_message(file: &str, header: &str, extra: &[String]) -> String {
    let mut text = format!("{header}message Wide {{\n");
    for index in 0..COUNT {
        text.push_str(&field(file, &format!("f{index}"), number(index)));
    }
    for extra in extra {
        text.push_str(extra);
    }
    text.push_str("}\n");
    text
}

#[test]
fn a_message_of_100_000_fields_is_analyzed_in_linear_time() {
    for (file, header) in LANGUAGES {
        let analysis = analyze_in_time(file, wide_message(file, header, &[]))
            .unwrap_or_else(|error| panic!("{file}: {error}"));
        let schema = &analysis.schema;
        assert_eq!(schema.messages.len(), 1, "{file}");
        let fields = &schema.messages[0].fields;
        assert_eq!(fields.len(), COUNT, "{file}");
        for (index, field) in fields.iter().enumerate() {
            assert_eq!(field.name, format!("f{index}"), "{file}");
            assert_eq!(field.number, number(index) as i64, "{file}");
            assert_eq!(field.ty.value(), ValueType::Scalar(Scalar::I32), "{file}");
        }
    }
}

#[test]
fn the_errors_of_a_message_of_100_000_fields_are_all_found() {
    for (file, header) in LANGUAGES {
        let last = number(COUNT - 1);
        let reserved = match file.ends_with(".proto") {
            true => format!(
                "  reserved {} to {};\n  reserved \"gone\";\n",
                last + 1,
                last + 10
            ),
            false => format!(
                "  reserved {} to {};\n  reserved gone;\n",
                last + 1,
                last + 10
            ),
        };
        let extra = [
            // The number of `f0`, the JSON name of `f1`, a reserved number
            // and a reserved name, each after 100,000 fields.
            field(file, "again", 1),
            field(file, "f_1", last + 20),
            field(file, "late", last + 5),
            field(file, "gone", last + 30),
            reserved,
        ];
        let text = wide_message(file, header, &extra);
        let Err(Error::Schema { diagnostics, .. }) = analyze_in_time(file, text) else {
            panic!("{file} has errors");
        };
        let found: Vec<(Code, &str)> = diagnostics
            .iter()
            .map(|diagnostic: &Diagnostic| (diagnostic.code, diagnostic.message.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    Code::DuplicateFieldNumber,
                    "field number 1 is used by both `f0` and `again` in `large.Wide`"
                ),
                (
                    Code::JsonNameClash,
                    "`f1` and `f_1` in `large.Wide` both read the JSON key `f1`"
                ),
                (
                    Code::ReservedNumber,
                    "the field `late` has number 101005, which `large.Wide` reserves"
                ),
                (
                    Code::ReservedName,
                    "the field name `gone` is reserved in `large.Wide`"
                ),
            ],
            "{file}"
        );
    }
}

/// A file of [`COUNT`] types: messages `M0` … and enums `E0` …, half
/// each; each message holds the enum of its number and the next message,
/// the last one the first.
fn many_types(file: &str, header: &str) -> String {
    let half = COUNT / 2;
    let mut text = header.to_owned();
    for index in 0..half {
        let next = (index + 1) % half;
        let _ = writeln!(
            text,
            "message M{index} {{ {}{}}}",
            typed_field(file, "kind", &format!("E{index}"), 1),
            typed_field(file, "next", &format!("M{next}"), 2),
        );
    }
    for index in 0..half {
        let _ = writeln!(
            text,
            "enum E{index} {{ E{index}_NONE = 0; E{index}_ONE = 1; }}"
        );
    }
    text
}

#[test]
fn a_file_of_100_000_types_is_analyzed_in_linear_time() {
    let half = COUNT / 2;
    for (file, header) in LANGUAGES {
        let analysis = analyze_in_time(file, many_types(file, header))
            .unwrap_or_else(|error| panic!("{file}: {error}"));
        let schema: &Schema = &analysis.schema;
        assert_eq!(schema.messages.len(), half, "{file}");
        assert_eq!(schema.enums.len(), half, "{file}");
        for (index, message) in schema.messages.iter().enumerate() {
            assert_eq!(message.full_name, format!("large.M{index}"), "{file}");
            let [kind, next] = &message.fields[..] else {
                panic!("{file}: two fields in {}", message.full_name);
            };
            let ValueType::Enum(kind) = kind.ty.value() else {
                panic!("{file}: an enum in {}", message.full_name);
            };
            assert_eq!(
                schema.enumeration(kind).full_name,
                format!("large.E{index}"),
                "{file}"
            );
            let ValueType::Message(next) = next.ty.value() else {
                panic!("{file}: a message in {}", message.full_name);
            };
            let expected = format!("large.M{}", (index + 1) % half);
            assert_eq!(schema.message(next).full_name, expected, "{file}");
        }
        // The messages hold each other in one loop, so each boxes the next.
        assert!(schema.messages.iter().all(|message| message.recursive));
        assert!(
            analysis.warnings.is_empty(),
            "{file}: {:?}",
            analysis.warnings
        );
    }
}

/// A proto3 file whose message `User` sets, out of order, each of the
/// [`COUNT`] fields of the custom option `(big)` in one message literal,
/// and whose field `User.a` sets [`COUNT`] custom options `(o0)` ….
fn many_options() -> String {
    let mut text = String::from(
        "syntax = \"proto3\";\npackage large;\nimport \"google/protobuf/descriptor.proto\";\n",
    );
    text.push_str("message Big {\n");
    for index in 0..COUNT {
        let _ = writeln!(text, "  int32 f{index} = {};", number(index));
    }
    text.push_str("}\nextend google.protobuf.MessageOptions { Big big = 50000; }\n");
    text.push_str("extend google.protobuf.FieldOptions {\n");
    for index in 0..COUNT {
        let _ = writeln!(text, "  int32 o{index} = {};", 50_000 + index);
    }
    text.push_str("}\nmessage User {\n  option (big) = {\n");
    for index in (0..COUNT).rev() {
        let _ = writeln!(text, "    f{index}: {index}");
    }
    text.push_str("  };\n  int32 a = 1 [");
    let options: Vec<String> = (0..COUNT)
        .rev()
        .map(|index| format!("(o{index}) = {index}"))
        .collect();
    text.push_str(&options.join(", "));
    text.push_str("];\n}\n");
    text
}

#[test]
fn options_of_100_000_fields_and_100_000_extensions_are_interpreted_in_linear_time() {
    let analysis =
        analyze_in_time("options.proto", many_options()).unwrap_or_else(|error| panic!("{error}"));
    let schema = &analysis.schema;
    let user = (schema.messages.iter())
        .find(|message| message.full_name == "large.User")
        .expect("large.User");
    // The message literal's fields, by number whatever the order written.
    let [big] = &user.options.fields[..] else {
        panic!("one option of large.User: {:?}", user.options.fields.len());
    };
    assert_eq!((big.name.as_str(), big.number), ("large.big", 50_000));
    let [Constant::Message(value)] = &big.values[..] else {
        panic!("one message value");
    };
    assert_eq!(value.fields.len(), COUNT);
    for (index, field) in value.fields.iter().enumerate() {
        assert_eq!(field.name, format!("f{index}"));
        assert_eq!(field.number, number(index) as u32);
        assert_eq!(field.values, [Constant::Int(index as i64)]);
    }
    // The field's options, by number.
    let options = &user.fields[0].options.fields;
    assert_eq!(options.len(), COUNT);
    for (index, option) in options.iter().enumerate() {
        assert_eq!(option.name, format!("large.o{index}"));
        assert_eq!(option.number, (50_000 + index) as u32);
        assert_eq!(option.values, [Constant::Int(index as i64)]);
    }
}
