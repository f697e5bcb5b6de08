//! The rules on pairs of schemas given as text, for the cases the
//! snapshot pairs of compiler/tests/evolution do not single out.

use crate::diagnostic::Code;
use crate::evolution::Level;

/// The codes of the findings from `old` to `new` at `level`.
fn codes(old: &str, new: &str, level: Level) -> Vec<Code> {
    let old = crate::analyze_text("old.schema", old).expect("old checks");
    let new = crate::analyze_text("new.schema", new).expect("new checks");
    let breaking = new.breaking_since(&old, "");
    breaking.at(level).map(|f| f.diagnostic.code).collect()
}

#[test]
fn a_changed_json_name_breaks_json_but_not_bytes() {
    let old = "message A { order_id: i64 = 1; }";
    let new = "message A { order_id: i64 = 1 [json_name = \"id\"]; }";
    assert_eq!(codes(old, new, Level::Wire), []);
    assert_eq!(codes(old, new, Level::Json), [Code::FieldRenamed]);
}

#[test]
fn fields_follow_a_renamed_type() {
    let old = "message Customer { name: string = 1; } message Order { buyer: Customer = 1; }";
    let new = "message Client { name: string = 1; } message Order { buyer: Client = 1; }";
    assert_eq!(codes(old, new, Level::Wire), []);
    assert_eq!(codes(old, new, Level::Rust), [Code::TypeRenamed]);
}

#[test]
fn a_type_of_another_shape_is_deleted_not_renamed() {
    let old = "message Customer { name: string = 1; } message Order { id: i64 = 1; }";
    let new = "message Client { title: string = 1; } message Order { id: i64 = 1; }";
    assert_eq!(codes(old, new, Level::Json), []);
    assert_eq!(codes(old, new, Level::Rust), [Code::TypeDeleted]);
}

#[test]
fn map_keys_and_values_are_compared() {
    let old = "message A { m: map<string, i64> = 1; }";
    let key = "message A { m: map<i32, i64> = 1; }";
    let value = "message A { m: map<string, bytes> = 1; }";
    assert_eq!(codes(old, key, Level::Wire), [Code::WireTypeChanged]);
    assert_eq!(codes(old, value, Level::Wire), [Code::WireTypeChanged]);
}

#[test]
fn a_message_field_made_a_group_breaks_the_wire() {
    let old = "message A { b: optional B = 1; message B { n: i32 = 1; } }";
    let new = "message A { b: optional B = 1 [delimited = true]; message B { n: i32 = 1; } }";
    assert_eq!(codes(old, new, Level::Wire), [Code::WireTypeChanged]);
    assert_eq!(codes(new, old, Level::Wire), [Code::WireTypeChanged]);
    assert_eq!(codes(new, new, Level::Rust), []);
}

#[test]
fn packing_and_optional_messages_change_nothing() {
    let old = "message B {} message A { b: B = 1; n: list<i32> = 2; }";
    let new = "message B {} message A { b: optional B = 1; n: list<i32> = 2 [packed = false]; }";
    assert_eq!(codes(old, new, Level::Rust), []);
}

#[test]
fn moving_between_oneofs_breaks_the_wire() {
    let old = "message A { oneof a { x: i32 = 1; } oneof b { y: i32 = 2; } }";
    let new = "message A { oneof a { x: i32 = 1; y: i32 = 2; } oneof b { z: i32 = 3; } }";
    assert_eq!(codes(old, new, Level::Wire), [Code::OneofChanged]);
}

#[test]
fn an_enum_of_another_type_reads_but_writes_other_json() {
    let old = "enum E { A = 0; } enum F { B = 0; C = 1; } message M { e: E = 1; }";
    let new = "enum E { A = 0; } enum F { B = 0; C = 1; } message M { e: F = 1; }";
    assert_eq!(codes(old, new, Level::Wire), []);
    assert_eq!(codes(old, new, Level::Json), [Code::JsonTypeChanged]);
}

/// An absent field reads as its default, so a changed default changes
/// what old data without the field means; a renamed enum value does not.
#[test]
fn a_changed_default_breaks_the_wire() {
    let field = |default: &str| {
        format!(
            "syntax = \"proto2\"; enum E {{ A = 0; B = 1; }} enum F {{ F_A = 0; C = 1; }}
             message M {{ optional {default}; }}"
        )
    };
    let codes = |old: &str, new: &str| {
        let old = crate::analyze_text("a.proto", &field(old)).expect("old checks");
        let new = crate::analyze_text("a.proto", &field(new)).expect("new checks");
        let breaking = new.breaking_since(&old, "old:");
        (breaking.at(Level::Wire))
            .map(|finding| finding.diagnostic.code)
            .collect::<Vec<_>>()
    };
    for (old, new) in [
        ("int32 x = 1 [default = 1]", "int32 x = 1 [default = 2]"),
        ("int32 x = 1", "int32 x = 1 [default = 2]"),
        ("string x = 1 [default = \"a\"]", "string x = 1"),
        ("E x = 1 [default = B]", "E x = 1"),
        (
            "double x = 1 [default = nan]",
            "double x = 1 [default = inf]",
        ),
    ] {
        assert_eq!(codes(old, new), [Code::DefaultChanged], "{old} -> {new}");
    }
    for (old, new) in [
        ("int32 x = 1 [default = 0x10]", "int32 x = 1 [default = 16]"),
        (
            "double x = 1 [default = nan]",
            "double x = 1 [default = nan]",
        ),
        ("E x = 1 [default = B]", "F x = 1 [default = C]"),
    ] {
        assert_eq!(codes(old, new), [], "{old} -> {new}");
    }
}

/// A closed enum reads a number it does not name as an unknown field, so
/// a change to one breaks the wire unless it names every old number.
#[test]
fn a_closed_enum_breaks_the_wire_where_it_names_fewer_numbers() {
    let field = |ty: &str| {
        format!(
            "enum Open {{ A = 0; B = 1; }}
             enum Two {{ option closed = true; A = 0; B = 1; }}
             enum One {{ option closed = true; A = 0; }}
             message M {{ x: {ty} = 1; }}"
        )
    };
    for (old, new, code) in [
        ("i32", "Two", Some(Code::NumbersReinterpreted)),
        ("Open", "Two", Some(Code::NumbersReinterpreted)),
        ("Two", "One", Some(Code::NumbersReinterpreted)),
        ("bool", "One", Some(Code::NumbersReinterpreted)),
        ("bool", "Two", None),
        ("One", "Two", None),
        ("Two", "Open", None),
        ("Two", "i32", None),
    ] {
        let expected: Vec<Code> = code.into_iter().collect();
        assert_eq!(
            codes(&field(old), &field(new), Level::Wire),
            expected,
            "{old} -> {new}"
        );
    }
}

/// A float and an integer of one width take the same bytes, but their
/// bits mean another number, so every value changes: a wire-level
/// finding, as buf's `FIELD_WIRE_COMPATIBLE_TYPE` has it.
#[test]
fn a_float_and_an_integer_of_one_width_break_the_wire() {
    let field = |ty: &str| format!("message M {{ x: {ty} = 1; }}");
    for (old, new) in [
        ("fixed64", "f64"),
        ("sfixed64", "f64"),
        ("fixed32", "f32"),
        ("sfixed32", "f32"),
    ] {
        let (old, new) = (field(old), field(new));
        assert_eq!(
            codes(&old, &new, Level::Wire),
            [Code::FloatBitsReinterpreted]
        );
        assert_eq!(
            codes(&new, &old, Level::Wire),
            [Code::FloatBitsReinterpreted]
        );
    }
}

/// Between integer types of one wire class, a change breaks the wire
/// where some old value reads as another number (B0013), and is a JSON
/// change only where the new type reads every old value as itself.
#[test]
fn integers_of_one_class_break_the_wire_where_a_value_changes() {
    let field =
        |ty: &str| format!("enum E {{ A = 0; }} enum F {{ B = 0; }} message M {{ x: {ty} = 1; }}");
    let reinterpreting = [
        ("i64", "i32"),
        ("u64", "u32"),
        ("i32", "u32"),
        ("u32", "i32"),
        ("i64", "u64"),
        ("u64", "i64"),
        ("i32", "u64"),
        ("u64", "E"),
        ("u32", "E"),
        ("E", "u32"),
        ("i32", "bool"),
        ("E", "bool"),
        ("sint64", "sint32"),
        ("fixed32", "sfixed32"),
        ("sfixed64", "fixed64"),
    ];
    for (old, new) in reinterpreting {
        assert_eq!(
            codes(&field(old), &field(new), Level::Wire),
            [Code::NumbersReinterpreted],
            "{old} -> {new}"
        );
    }
    let widening = [
        ("i32", "i64"),
        ("u32", "u64"),
        ("u32", "i64"),
        ("bool", "i32"),
        ("bool", "u64"),
        ("bool", "E"),
        ("E", "i32"),
        ("i32", "E"),
        ("E", "i64"),
        ("E", "F"),
        ("sint32", "sint64"),
    ];
    for (old, new) in widening {
        let (old_schema, new_schema) = (field(old), field(new));
        assert_eq!(
            codes(&old_schema, &new_schema, Level::Wire),
            [],
            "{old} -> {new}"
        );
        assert_eq!(
            codes(&old_schema, &new_schema, Level::Json),
            [Code::JsonTypeChanged],
            "{old} -> {new}"
        );
    }
}

#[test]
fn proto_files_are_compared_and_spelled_as_protobuf_does() {
    let old = crate::analyze_text(
        "a.proto",
        "syntax = \"proto3\"; message A { int64 id = 1; }",
    )
    .expect("old checks");
    let new = crate::analyze_text(
        "a.proto",
        "syntax = \"proto3\"; message A { sint64 id = 1; }",
    )
    .expect("new checks");
    let breaking = new.breaking_since(&old, "old:");
    let messages: Vec<&str> = (breaking.at(Level::Wire))
        .map(|finding| finding.diagnostic.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "field 1 (id) of A changed type from int64 to sint64: varints and zigzag varints do not read each other's bytes"
        ]
    );
}

#[test]
fn a_message_and_a_reference_to_it_do_not_read_each_other() {
    let customer = "message Customer { name: string = 1; }";
    let old = format!("{customer} message Order {{ buyer: Customer = 1; }}");
    let shared = format!("{customer} message Order {{ buyer: ref Customer = 1; }}");
    let listed = |ty: &str| format!("{customer} message Order {{ buyers: list<{ty}> = 1; }}");
    assert_eq!(
        codes(&old, &shared, Level::Wire),
        [Code::MessageTypeChanged]
    );
    assert_eq!(
        codes(&shared, &old, Level::Wire),
        [Code::MessageTypeChanged]
    );
    assert_eq!(
        codes(&listed("Customer"), &listed("weak Customer"), Level::Wire),
        [Code::MessageTypeChanged]
    );
}

#[test]
fn a_oneof_member_that_becomes_a_reference_is_compared_as_a_field_is() {
    let customer = "message Customer { name: string = 1; }";
    let member =
        |ty: &str| format!("{customer} message Remark {{ oneof about {{ customer: {ty} = 1; }} }}");
    let (plain, strong, weak) = (
        member("Customer"),
        member("ref Customer"),
        member("weak Customer"),
    );
    assert_eq!(
        codes(&plain, &strong, Level::Wire),
        [Code::MessageTypeChanged]
    );
    assert_eq!(codes(&strong, &weak, Level::Json), []);
    assert_eq!(
        codes(&strong, &weak, Level::Rust),
        [Code::ReferenceKindChanged]
    );
}

#[test]
fn ref_and_weak_write_the_same_bytes_but_not_the_same_rust() {
    let customer = "message Customer { name: string = 1; }";
    let field =
        |ty: &str| format!("{customer} message Order {{ contacts: map<string, {ty}> = 1; }}");
    let (strong, weak) = (field("ref Customer"), field("weak Customer"));
    assert_eq!(codes(&strong, &weak, Level::Json), []);
    assert_eq!(
        codes(&strong, &weak, Level::Rust),
        [Code::ReferenceKindChanged]
    );
    assert_eq!(
        codes(&weak, &strong, Level::Rust),
        [Code::ReferenceKindChanged]
    );
    assert_eq!(codes(&strong, &strong, Level::Rust), []);
}
