//! Unit tests of resolve on schema text, through the whole front end.

use std::io;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Code, Diagnostic};
use crate::model::{DefaultValue, FieldType, MessageId, RefKind, Scalar, Schema, ValueType};
use crate::resolve::test_helpers::{codes, enumeration, message};
use crate::{Analysis, Error};

/// Analyzes in-memory files, the first as root; imports name them as given.
fn analyze(files: &[(&str, &str)]) -> Result<Analysis, Error> {
    let mut read = |path: &Path| {
        files
            .iter()
            .find(|(name, _)| Path::new(name) == path)
            .map(|(_, text)| (*text).to_owned())
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
    };
    let root = files
        .first()
        .map_or_else(PathBuf::new, |(name, _)| name.into());
    crate::analyze(&[root], &[], &mut read)
}

fn schema(files: &[(&str, &str)]) -> Schema {
    match analyze(files) {
        Ok(analysis) => analysis.schema,
        Err(error) => panic!("{}", error.render(false)),
    }
}

fn diagnostics(files: &[(&str, &str)]) -> Vec<Diagnostic> {
    match analyze(files) {
        Ok(_) => panic!("no diagnostics"),
        Err(Error::Schema { diagnostics, .. }) => diagnostics,
        Err(error) => panic!("{}", error.render(false)),
    }
}

const SHAPES: &str = include_str!("../../../../schemas/shapes.schema");
const WORLD_GEO: &str = include_str!("../../../../schemas/world_geo.schema");
const WORLD_TRAVEL: &str = include_str!("../../../../schemas/world_travel.schema");

#[test]
fn shapes_boxes_exactly_the_recursive_singular_fields() {
    let schema = schema(&[("shapes.schema", SHAPES)]);
    let boxed: Vec<_> = schema
        .messages
        .iter()
        .flat_map(|message| {
            let fields = message.fields.iter().filter(|field| field.boxed);
            fields.map(|field| format!("{}.{}", message.full_name, field.name))
        })
        .collect();
    assert_eq!(
        boxed,
        [
            "shapes.Tree.left",
            "shapes.Tree.right",
            "shapes.Ping.pong",
            "shapes.Pong.ping",
            "shapes.Pong.choice",
            "shapes.Pong.Choice.again",
        ]
    );
}

#[test]
fn recursive_messages_are_those_that_can_hold_themselves() {
    let text = "package p;
        message Tree { children: list<Tree> = 1; }
        message Ping { pongs: map<string, Pong> = 1; }
        message Pong { oneof next { ping: Ping = 1; done: bool = 2; } }
        message Node { next: optional Node = 1; }
        message Holder { tree: Tree = 1; }
        message Line { order: weak Order = 1; }
        message Order { lines: list<Line> = 1; }
        message Plain { id: i64 = 1; }";
    let schema = schema(&[("r.schema", text)]);
    let recursive: Vec<_> = (schema.messages.iter())
        .filter(|message| message.recursive)
        .map(|message| message.name.as_str())
        .collect();
    // Holder holds a recursive message but not itself; an order reached
    // back through a `weak` reference is read out of line by the runtime.
    assert_eq!(recursive, ["Tree", "Ping", "Pong", "Node"]);
}

#[test]
fn world_travel_resolves_relative_absolute_and_dotted_names() {
    let schema = schema(&[
        ("world_travel.schema", WORLD_TRAVEL),
        ("world_geo.schema", WORLD_GEO),
    ]);
    let coordinates = schema
        .message_ids()
        .find(|(_, message)| message.full_name == "world.geo.Coordinates")
        .map(|(id, _)| ValueType::Message(id))
        .expect("declared");
    let unit = schema
        .enum_ids()
        .find(|(_, enumeration)| enumeration.full_name == "world.geo.Unit")
        .map(|(id, _)| ValueType::Enum(id))
        .expect("declared");
    let types: Vec<_> = message(&schema, "world.travel.Trip")
        .fields
        .iter()
        .map(|field| field.ty)
        .collect();
    assert_eq!(
        types,
        [
            FieldType::Single(ValueType::Scalar(Scalar::String)),
            FieldType::List(coordinates),
            FieldType::Single(coordinates),
            FieldType::Single(unit),
            FieldType::Map(Scalar::String, ValueType::Scalar(Scalar::F64)),
        ]
    );
    assert_eq!(schema.files[0].imports, [schema.files[1].id]);
    assert_eq!(schema.files[1].name, "world_geo.schema");
}

#[test]
fn nested_names_shadow_outer_ones() {
    let schema = schema(&[(
        "shop.schema",
        "package shop;\n\
         enum Status { ZERO = 0; }\n\
         message Order {\n\
           enum Status { NONE = 0; }\n\
           message Line { status: Status = 1; }\n\
           status: Status = 1;\n\
           outer: shop.Status = 2;\n\
           line: Order.Line = 3;\n\
         }\n",
    )]);
    let inner = schema
        .enum_ids()
        .find(|(_, e)| e.full_name == "shop.Order.Status")
        .map(|(id, _)| ValueType::Enum(id));
    let outer = schema
        .enum_ids()
        .find(|(_, e)| e.full_name == "shop.Status")
        .map(|(id, _)| ValueType::Enum(id));
    let line = message(&schema, "shop.Order.Line");
    assert_eq!(Some(line.fields[0].ty), inner.map(FieldType::Single));
    let order = message(&schema, "shop.Order");
    assert_eq!(Some(order.fields[0].ty), inner.map(FieldType::Single));
    assert_eq!(Some(order.fields[1].ty), outer.map(FieldType::Single));
    assert_eq!(enumeration(&schema, "shop.Status").values[0].name, "ZERO");
}

#[test]
fn a_type_of_a_file_not_imported_is_reported() {
    let diagnostics = diagnostics(&[
        (
            "trip.schema",
            "import \"geo.schema\";\npackage trip;\nmessage Trip { unit: units.Unit = 1; }\n",
        ),
        (
            "geo.schema",
            "import \"units.schema\";\npackage geo;\nmessage Point { x: f64 = 1; }\n",
        ),
        (
            "units.schema",
            "package units;\nenum Unit { METERS = 0; }\n",
        ),
    ]);
    assert_eq!(codes(&diagnostics), [Code::TypeNotImported]);
    assert_eq!(
        diagnostics[0].help,
        "add `import \"units.schema\";` to `trip.schema`"
    );
}

#[test]
fn an_import_cycle_is_reported_at_the_closing_import() {
    let diagnostics = diagnostics(&[
        ("a.schema", "import \"b.schema\";\npackage a;\n"),
        ("b.schema", "import \"c.schema\";\npackage b;\n"),
        ("c.schema", "import \"a.schema\";\npackage c;\n"),
    ]);
    assert_eq!(codes(&diagnostics), [Code::ImportCycle]);
    assert_eq!(
        diagnostics[0].message,
        "import cycle: a.schema → b.schema → c.schema → a.schema"
    );
    assert_eq!(diagnostics[0].primary.span.file.0, 2);
}

const MONEY: &str = include_str!("../../../../schemas/money.schema");

#[test]
fn decimal_and_value_resolve_in_every_cardinality() {
    let schema = schema(&[("money.schema", MONEY)]);
    let decimal = ValueType::Scalar(Scalar::Decimal);
    let value = ValueType::Scalar(Scalar::Value);
    let types = |name: &str| -> Vec<FieldType> {
        let fields = &message(&schema, name).fields;
        fields.iter().map(|field| field.ty).collect()
    };
    assert_eq!(
        types("money.Amounts"),
        [
            FieldType::Single(decimal),
            FieldType::Optional(decimal),
            FieldType::List(decimal),
            FieldType::Map(Scalar::String, decimal),
            FieldType::Map(Scalar::U32, decimal),
        ]
    );
    assert_eq!(
        types("money.Values"),
        [
            FieldType::Single(value),
            FieldType::Optional(value),
            FieldType::List(value),
            FieldType::Map(Scalar::String, value),
            FieldType::Map(Scalar::I64, value),
        ]
    );
    let entry = types("money.Entry");
    assert_eq!(
        entry[1..3],
        [FieldType::Single(decimal), FieldType::Single(value)]
    );
}

#[test]
fn decimal_and_value_are_not_map_keys() {
    let diagnostics = diagnostics(&[(
        "m.schema",
        "message M {\n  a: map<decimal, i32> = 1;\n  b: map<value, i32> = 2;\n}\n",
    )]);
    assert_eq!(codes(&diagnostics), [Code::InvalidMapKey; 2]);
    assert_eq!(diagnostics[0].message, "`decimal` cannot be a map key");
    assert_eq!(diagnostics[1].message, "`value` cannot be a map key");
}

#[test]
fn no_type_may_be_named_decimal_or_value() {
    let diagnostics = diagnostics(&[(
        "m.schema",
        "message decimal {}\nenum value { ZERO = 0; }\nmessage Money { value: value = 1; decimal: decimal = 2; }\n",
    )]);
    assert_eq!(codes(&diagnostics), [Code::ScalarTypeName; 2]);
    assert_eq!(
        diagnostics[0].message,
        "the message `decimal` has the name of a scalar type"
    );
    assert_eq!(
        diagnostics[1].message,
        "the enum `value` has the name of a scalar type"
    );
}

#[test]
fn a_dotted_name_never_reaches_a_builtin_type() {
    // `decimal` and `value` are names of types, not of a package.
    let diagnostics = diagnostics(&[("m.schema", "message M { a: .decimal = 1; }\n")]);
    assert_eq!(codes(&diagnostics), [Code::UnknownType]);
}

#[test]
fn keep_unknown_fields_is_a_message_option() {
    let schema = schema(&[(
        "m.schema",
        "package p;\n\
         message Keeps { option keep_unknown_fields = true; id: i32 = 1; }\n\
         message Declines { option keep_unknown_fields = false; }\n\
         message Plain { message Inner { option keep_unknown_fields = true; } }\n",
    )]);
    let keeps = |name: &str| message(&schema, name).keep_unknown_fields;
    assert_eq!(keeps("p.Keeps"), Some(true));
    assert_eq!(keeps("p.Declines"), Some(false));
    assert_eq!(
        keeps("p.Plain"),
        None,
        "options do not pass to outer messages"
    );
    assert_eq!(keeps("p.Plain.Inner"), Some(true));
    assert_eq!(message(&schema, "p.Keeps").fields.len(), 1);
}

#[test]
fn invalid_options_are_reported_and_ignored() {
    let diagnostics = diagnostics(&[(
        "m.schema",
        "message A {\n  option keep_unknown = true;\n  option keep_unknown_fields = 0;\n}\n\
         message B {\n  option keep_unknown_fields = true;\n  option keep_unknown_fields = true;\n}\n",
    )]);
    assert_eq!(
        codes(&diagnostics),
        [
            Code::UnknownOption,
            Code::InvalidOption,
            Code::InvalidOption
        ]
    );
    assert_eq!(
        diagnostics[0].message,
        "unknown message option `keep_unknown`"
    );
    assert_eq!(diagnostics[0].help, "did you mean `keep_unknown_fields`?");
    assert_eq!(
        diagnostics[1].message,
        "the option `keep_unknown_fields` takes `true` or `false`, not `0`"
    );
    assert_eq!(
        diagnostics[2].message,
        "the option `keep_unknown_fields` is set twice in `B`"
    );
    assert_eq!(diagnostics[2].secondary[0].text, "first set here");
}

#[test]
fn a_float_default_of_minus_zero_keeps_its_sign_in_both_languages() {
    let proto = "syntax = \"proto2\";\n\
                 message M {\n\
                   optional float f = 1 [default = -0.0];\n\
                   optional double d = 2 [default = -0];\n\
                   optional int32 i = 3 [default = -0];\n\
                 }\n";
    let schema_text = "message M {\n\
                         f: optional f32 = 1 [default = -0.0];\n\
                         d: optional f64 = 2 [default = -0];\n\
                         i: optional i32 = 3 [default = -0];\n\
                       }\n";
    for (name, text) in [("m.proto", proto), ("m.schema", schema_text)] {
        let schema = schema(&[(name, text)]);
        let defaults: Vec<_> = message(&schema, "M")
            .fields
            .iter()
            .map(|field| field.default.clone())
            .collect();
        let [
            Some(DefaultValue::Float(f)),
            Some(DefaultValue::Float(d)),
            Some(i),
        ] = &defaults[..]
        else {
            panic!("{name}: {defaults:?}");
        };
        assert!(f.is_sign_negative() && *f == 0.0, "{name}: {f}");
        assert!(d.is_sign_negative() && *d == 0.0, "{name}: {d}");
        assert_eq!(*i, DefaultValue::Int(0), "{name}");
    }
}

#[test]
fn timestamp_and_duration_are_builtin_only_in_schema_files() {
    let proto = "syntax = \"proto3\";\npackage p;\nmessage timestamp { int32 x = 1; }\n\
                 message duration {}\nmessage A { timestamp t = 1; duration d = 2; }\n";
    let schema = schema(&[("p.proto", proto)]);
    let fields = &message(&schema, "p.A").fields;
    let local = |name: &str| match fields.iter().find(|f| f.name == name).map(|f| f.ty) {
        Some(FieldType::Single(ValueType::Message(id))) => schema.message(id).full_name.clone(),
        other => panic!("{name} is {other:?}"),
    };
    assert_eq!(local("t"), "p.timestamp");
    assert_eq!(local("d"), "p.duration");

    let schema = crate::analyze_text("s.schema", "message A { t: timestamp = 1; }")
        .map(|analysis| analysis.schema)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(
        message(&schema, "A").fields[0].ty,
        FieldType::Single(ValueType::WellKnown(crate::model::WellKnown::Timestamp))
    );
}

#[test]
fn a_schema_enum_is_closed_by_its_option() {
    let text = "enum Open { ZERO = 0; }\nenum Kind { option closed = true; ONE = 1; TWO = 2; }\n";
    let schema = crate::analyze_text("e.schema", text)
        .map(|analysis| analysis.schema)
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(!enumeration(&schema, "Open").closed);
    assert!(enumeration(&schema, "Kind").closed);
    // Open, the same enum must start at 0.
    let open = "enum Kind { option closed = false; ONE = 1; }\n";
    let diagnostics = diagnostics(&[("e.schema", open)]);
    assert_eq!(codes(&diagnostics), [Code::EnumFirstValueNotZero]);
}

/// The Order model with graph mode: a customer shared by orders, lines
/// pointing back at their order.
const GRAPH: &str = "package shop;
message Customer { id: i64 = 1; }
message OrderLine { number: i32 = 1; order: weak Order = 2; }
message Order {
  customer: ref Customer = 5;
  lines: list<ref OrderLine> = 4;
  by_name: map<string, weak Customer> = 6;
  next: ref Order = 7;
}
message Plain { id: i64 = 1; }
message Holder { order: Order = 1; plain: Plain = 2; }
";

#[test]
fn references_resolve_to_messages_in_every_position() {
    let schema = schema(&[("graph.schema", GRAPH)]);
    let id = |name: &str| {
        let position = schema.messages.iter().position(|m| m.full_name == name);
        MessageId(position.expect("declared") as u32)
    };
    let (customer, line, order_id) = (id("shop.Customer"), id("shop.OrderLine"), id("shop.Order"));
    let order = message(&schema, "shop.Order");
    let types: Vec<FieldType> = order.fields.iter().map(|field| field.ty).collect();
    assert_eq!(
        types,
        [
            FieldType::Single(ValueType::Ref(customer, RefKind::Strong)),
            FieldType::List(ValueType::Ref(line, RefKind::Strong)),
            FieldType::Map(Scalar::String, ValueType::Ref(customer, RefKind::Weak)),
            FieldType::Single(ValueType::Ref(order_id, RefKind::Strong)),
        ]
    );
    // An `Arc` is the indirection a recursive field needs: nothing boxed.
    assert!(order.fields.iter().all(|field| !field.boxed));
}

#[test]
fn graph_messages_are_those_that_reach_a_reference() {
    let schema = schema(&[("graph.schema", GRAPH)]);
    let names = |marks: Vec<bool>| -> Vec<&str> {
        (schema.messages.iter().zip(marks))
            .filter(|(_, mark)| *mark)
            .map(|(message, _)| message.name.as_str())
            .collect()
    };
    // Customer holds no reference; a message holding Order is a graph
    // message too, and its encoding starts the id table.
    assert_eq!(
        names(schema.graph_messages()),
        ["OrderLine", "Order", "Holder"]
    );
    assert_eq!(
        names(schema.ref_target_marks()),
        ["Customer", "OrderLine", "Order"]
    );
}

#[test]
fn a_reference_to_a_non_message_is_reported_in_a_oneof_too() {
    let text = "package p; enum E { A = 0; } message M {
        a: ref E = 1; b: weak string = 2;
        oneof o { c: ref E = 3; e: weak M = 5; }
        d: map<ref M, i32> = 4;
    }";
    let codes = codes(&diagnostics(&[("p.schema", text)]));
    assert_eq!(
        codes,
        [
            Code::InvalidReference,
            Code::InvalidReference,
            Code::InvalidReference,
            Code::InvalidMapKey,
        ]
    );
}

#[test]
fn a_oneof_member_may_be_a_reference() {
    let text = "package p; message Customer { id: i64 = 1; }
        message Remark { oneof about { customer: ref Customer = 1; remark: weak Remark = 2; } }";
    let schema = schema(&[("p.schema", text)]);
    let remark = message(&schema, "p.Remark");
    let types: Vec<FieldType> = remark.fields.iter().map(|field| field.ty).collect();
    assert_eq!(
        types,
        [
            FieldType::Single(ValueType::Ref(MessageId(0), RefKind::Strong)),
            FieldType::Single(ValueType::Ref(MessageId(1), RefKind::Weak)),
        ]
    );
    assert_eq!(schema.graph_messages(), [false, true]);
    assert_eq!(schema.weak_target_marks(), [false, true]);
}

/// The `.proto` file that export-proto writes for [`GRAPH`], with the files
/// it imports.
fn exported_graph() -> Vec<(String, String)> {
    let analysis = analyze(&[("graph.schema", GRAPH)]).expect("graph.schema analyzes");
    let files = analysis.export_proto_files(analysis.roots[0]);
    (files.into_iter())
        .map(|file| (file.name, file.contents))
        .collect()
}

#[test]
fn a_proto_files_schemac_options_read_as_the_references_they_mark() {
    let files = exported_graph();
    let texts: Vec<(&str, &str)> = (files.iter())
        .map(|(name, text)| (name.as_str(), text.as_str()))
        .collect();
    assert!(
        texts[0].1.contains("[(.schemac.reference) = WEAK]"),
        "{}",
        texts[0].1
    );
    let from_proto = schema(&texts);
    let from_schema = schema(&[("graph.schema", GRAPH)]);
    // The same types and fields: graph mode's `schemac_graph_id`, which
    // the export declares in each target, is the wire's, not the schema's.
    let fields = |schema: &Schema| -> Vec<(String, Vec<(String, FieldType)>)> {
        (schema.messages.iter())
            .filter(|message| message.package == ["shop"])
            .map(|message| {
                let fields = (message.fields.iter())
                    .map(|field| (field.name.clone(), field.ty))
                    .collect();
                (message.full_name.clone(), fields)
            })
            .collect()
    };
    assert_eq!(fields(&from_proto), fields(&from_schema));
    assert_eq!(from_proto.graph_messages(), from_schema.graph_messages());
    // `schemac/options.proto` is provided: what it imports is not loaded,
    // so no `descriptor.proto` is generated beside the schema.
    let loaded: Vec<&str> = (from_proto.files.iter())
        .map(|file| file.import_name.as_str())
        .collect();
    assert_eq!(loaded, ["graph.proto", "schemac/options.proto"]);
    // import-proto writes `ref` and `weak` again, and no import of the
    // options' file, which `.schema` does not need.
    let analysis = analyze(&texts).unwrap_or_else(|error| panic!("{}", error.render(false)));
    let schema_text = analysis.export_schema(analysis.roots[0]);
    assert!(
        schema_text.contains("customer: ref Customer = 5;"),
        "{schema_text}"
    );
    assert!(
        schema_text.contains("order: weak Order = 2;"),
        "{schema_text}"
    );
    assert!(!schema_text.contains("options.proto"), "{schema_text}");
}

#[test]
fn a_proto2_decimal_without_presence_says_so_with_a_schemac_option() {
    let text = "package p;
        message M { id: required i64 = 1; a: decimal = 2; b: optional value = 3; }";
    let analysis = analyze(&[("p.schema", text)]).expect("p.schema analyzes");
    let files = analysis.export_proto_files(analysis.roots[0]);
    let texts: Vec<(&str, &str)> = (files.iter())
        .map(|file| (file.name.as_str(), file.contents.as_str()))
        .collect();
    let types: Vec<FieldType> = (message(&schema(&texts), "p.M").fields.iter())
        .map(|field| field.ty)
        .collect();
    assert_eq!(
        types,
        [
            FieldType::Required(ValueType::Scalar(Scalar::I64)),
            FieldType::Single(ValueType::Scalar(Scalar::Decimal)),
            FieldType::Optional(ValueType::Scalar(Scalar::Value)),
        ]
    );
}

#[test]
fn schemac_options_that_cannot_mean_what_they_say_are_reported() {
    let options = r#"syntax = "proto2"; package p; import "schemac/options.proto";
        message M {
          optional int32 a = 1 [(schemac.reference) = REF];
          optional M b = 2 [(schemac.reference) = SHARED];
          optional int32 c = 3 [(.schemac.implicit_presence) = true];
          optional M d = 4 [(schemac.reference) = WEAK, (schemac.reference) = REF];
          optional M e = 5 [(schemac.reference) = NOT_A_REFERENCE];
          optional M f = 6 [(schemac.reference) = REF, (schemac.implicit_presence) = true];
        }"#;
    assert_eq!(
        codes(&diagnostics(&[("p.proto", options)])),
        [Code::InvalidOption; 5]
    );
    let not_imported = r#"syntax = "proto3"; package p;
        message M { M a = 1 [(schemac.reference) = REF]; }"#;
    let refused = diagnostics(&[("p.proto", not_imported)]);
    assert_eq!(codes(&refused), [Code::UnknownOption]);
    assert!(refused[0].message.contains("schemac/options.proto"));
    // In a `.schema` file they are no option of schemac's: `ref` says it.
    let schema_file = "package p; message M { a: M = 1 [(schemac.reference) = REF]; }";
    assert_eq!(
        codes(&diagnostics(&[("p.schema", schema_file)])),
        [Code::UnknownOption]
    );
}
