//! The descriptors against the model, through prost-reflect; their source
//! info; and protoc's text forms. tests/tests/suite/descriptors.rs holds
//! the comparisons with protoc and protox.

use std::path::{Path, PathBuf};

use prost_reflect::{Cardinality, DescriptorPool, EnumDescriptor, Kind, MessageDescriptor};

use super::*;
use crate::builtin::{self, FILES, provides_types};
use crate::model::{EnumId, MessageId, WellKnown};
use crate::{Analysis, analyze, analyze_text};

/// Every schema of `schemas/`, as one compilation.
fn schemas() -> Analysis {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join("schemas"))
        .expect("schemas/")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "schema"))
        .collect();
    paths.sort();
    analyze(&paths, &[root.join("schemas")], &mut |path| {
        std::fs::read_to_string(path)
    })
    .unwrap_or_else(|error| panic!("{error}"))
}

fn text(name: &str, text: &str) -> Analysis {
    analyze_text(name, text).unwrap_or_else(|error| panic!("{error}"))
}

/// A proto2 file with what `schemas/` lacks.
const PROTO2: &str = r#"syntax = "proto2";
package legacy;
import "google/protobuf/timestamp.proto";
message Record {
  required int64 id = 1;
  optional string name = 2 [default = "x"];
  repeated int32 numbers = 3 [packed = true];
  repeated int32 loose = 4;
  map<string, Record> by_name = 5;
  optional google.protobuf.Timestamp at = 6;
  oneof choice { string text = 7; Record other = 8; }
  optional Kind kind = 9 [default = B];
  extensions 100 to max;
  enum Kind { option allow_alias = true; A = 0; B = 1; ALSO_B = 1; }
}
"#;

/// A `.schema` file that exports as proto2, with names protobuf scopes
/// otherwise.
const SCHEMA2: &str = r#"package two;
message Settings {
  id: required i64 = 1;
  level: optional Level = 2 [default = HIGH];
  scores: list<i32> = 3;
  when: optional timestamp = 4;
  amounts: map<string, decimal> = 5;
  /// Two values.
  oneof pick { a: value = 6; b: duration = 7; }
}
enum Level { UNKNOWN = 0; HIGH = 1; }
enum Other { UNKNOWN = 0; }
"#;

/// A `.schema` file in graph mode: references of every shape, a target
/// with a oneof and a proto3 `optional`, one without fields, and a target
/// holding a reference to itself.
const GRAPH: &str = r#"package graph;
message Customer {}
message Line {
  note: optional string = 1;
  oneof pick { a: i32 = 2; b: string = 3; }
  order: weak Order = 4;
}
message Order {
  lines: list<ref Line> = 4;
  customer: ref Customer = 5;
  by_role: map<string, ref Customer> = 6;
  split_from: list<weak Order> = 7;
}
message Plain { order: ref Order = 1; }
"#;

/// The set of `analysis`'s roots and their imports, in a pool.
fn pool(analysis: &Analysis) -> DescriptorPool {
    let set = analysis.export_descriptor_set(&analysis.roots, true);
    DescriptorPool::decode(set.encode_to_vec().as_slice()).expect("the set decodes in a pool")
}

#[test]
fn the_descriptors_describe_the_model() {
    for analysis in [
        schemas(),
        text("legacy.proto", PROTO2),
        text("two.schema", SCHEMA2),
        text("graph.schema", GRAPH),
    ] {
        let pool = pool(&analysis);
        let schema = &analysis.schema;
        let own = |file| !schema.is_implicit(file);
        for (id, message) in schema.message_ids().filter(|(_, m)| own(m.file)) {
            let descriptor = pool
                .get_message_by_name(&message.full_name)
                .unwrap_or_else(|| panic!("{} is in the pool", message.full_name));
            check_message(schema, id, &descriptor);
        }
        for (id, enumeration) in schema.enum_ids().filter(|(_, e)| own(e.file)) {
            let descriptor = pool
                .get_enum_by_name(&enumeration.full_name)
                .unwrap_or_else(|| panic!("{} is in the pool", enumeration.full_name));
            check_enum(schema, id, &descriptor);
        }
        // And nothing else, but for the provided files' types.
        let described = pool.all_messages().filter(|message| {
            let provided = ["schemac", "google.protobuf"].contains(&message.package_name());
            !message.is_map_entry() && !provided
        });
        let own_messages = schema.messages.iter().filter(|m| own(m.file));
        assert_eq!(described.count(), own_messages.count());
    }
}

fn check_message(schema: &Schema, id: MessageId, descriptor: &MessageDescriptor) {
    let message = schema.message(id);
    let name = &message.full_name;
    let file = &schema.files[message.file.0 as usize];
    let proto3 = !needs_proto2(schema, file);
    // A message that a reference points at ends with graph mode's field.
    let ref_target = schema.ref_target_marks()[id.0 as usize];
    let fields = message.fields.len() + usize::from(ref_target);
    assert_eq!(descriptor.fields().len(), fields, "{name}");
    let graph_id = descriptor.get_field(GRAPH_ID_FIELD_NUMBER as u32);
    assert_eq!(graph_id.is_some(), ref_target, "{name}");
    if let Some(graph_id) = graph_id {
        assert_eq!(graph_id.name(), GRAPH_ID_FIELD_NAME, "{name}");
        assert_eq!(graph_id.json_name(), "schemacGraphId", "{name}");
        assert_eq!(graph_id.kind(), Kind::Uint32, "{name}");
        assert_eq!(graph_id.cardinality(), Cardinality::Optional, "{name}");
        assert!(graph_id.containing_oneof().is_none(), "{name}");
        assert_eq!(graph_id.supports_presence(), !proto3, "{name}");
        let last = descriptor
            .fields()
            .last()
            .map(|field| field.name().to_owned());
        assert_eq!(last.as_deref(), Some(GRAPH_ID_FIELD_NAME), "{name}");
    }
    for field in &message.fields {
        let found = descriptor.get_field(field.wire_number());
        let found = found.unwrap_or_else(|| panic!("{name}.{} is there", field.name));
        let what = format!("{name}.{}", field.name);
        assert_eq!(found.name(), field.name, "{what}");
        assert_eq!(found.json_name(), field.json_name(), "{what}");
        let (cardinality, value) = match field.ty {
            FieldType::Single(ty) | FieldType::Optional(ty) => (Cardinality::Optional, Some(ty)),
            FieldType::Required(ty) => (Cardinality::Required, Some(ty)),
            FieldType::List(ty) => (Cardinality::Repeated, Some(ty)),
            FieldType::Map(key, value) => {
                assert!(found.is_map(), "{what}");
                let Kind::Message(entry) = found.kind() else {
                    panic!("{what}: a map's entry is a message");
                };
                assert_eq!(entry.name(), map_entry_name(&field.name), "{what}");
                check_kind(
                    schema,
                    ValueType::Scalar(key),
                    entry.map_entry_key_field().kind(),
                );
                check_kind(schema, value, entry.map_entry_value_field().kind());
                (Cardinality::Repeated, None)
            }
        };
        assert_eq!(found.cardinality(), cardinality, "{what}");
        if let Some(value) = value {
            check_kind(schema, value, found.kind());
        }
        let oneof = found.containing_oneof();
        match (field.oneof, field.ty) {
            (Some(index), _) => {
                let oneof = oneof.unwrap_or_else(|| panic!("{what} is in a oneof"));
                assert_eq!(oneof.name(), message.oneofs[index].name, "{what}");
                assert!(!oneof.is_synthetic(), "{what}");
            }
            (None, FieldType::Optional(_)) if proto3 => {
                let oneof = oneof.unwrap_or_else(|| panic!("{what} has a synthetic oneof"));
                assert_eq!(oneof.name(), format!("_{}", field.name), "{what}");
                assert!(oneof.is_synthetic(), "{what}");
            }
            (None, _) => assert!(oneof.is_none(), "{what}"),
        }
        let presence = matches!(field.ty, FieldType::Optional(_) | FieldType::Required(_))
            || field.oneof.is_some();
        if presence {
            assert!(found.supports_presence(), "{what}");
        }
        let packable = field.ty.is_packable();
        if packable {
            assert_eq!(found.is_packed(), field.packed, "{what}");
        }
    }
    let real_oneofs = descriptor.oneofs().filter(|oneof| !oneof.is_synthetic());
    let with_members = (0..message.oneofs.len())
        .filter(|&index| message.oneof_members(index).next().is_some())
        .count();
    assert_eq!(real_oneofs.count(), with_members, "{name}");
    let nested: Vec<String> = descriptor
        .child_messages()
        .filter(|child| !child.is_map_entry())
        .map(|child| child.name().to_owned())
        .collect();
    let model: Vec<String> = (message.messages.iter())
        .map(|&id| schema.message(id).name.clone())
        .collect();
    assert_eq!(nested, model, "{name}");
    let enums: Vec<String> = descriptor
        .child_enums()
        .map(|e| e.name().to_owned())
        .collect();
    let model: Vec<String> = (message.enums.iter())
        .map(|&id| schema.enumeration(id).name.clone())
        .collect();
    assert_eq!(enums, model, "{name}");
}

/// `kind` is the kind of a value of type `ty`.
fn check_kind(schema: &Schema, ty: ValueType, kind: Kind) {
    let expected = match ty {
        ValueType::Scalar(scalar) if scalar.is_builtin_message() => {
            format!("schemac.{}", &scalar.proto_name()[".schemac.".len()..])
        }
        ValueType::Scalar(scalar) => {
            let expected = match scalar_type(scalar) {
                Type::Double => Kind::Double,
                Type::Float => Kind::Float,
                Type::Int64 => Kind::Int64,
                Type::Uint64 => Kind::Uint64,
                Type::Int32 => Kind::Int32,
                Type::Fixed64 => Kind::Fixed64,
                Type::Fixed32 => Kind::Fixed32,
                Type::Bool => Kind::Bool,
                Type::String => Kind::String,
                Type::Bytes => Kind::Bytes,
                Type::Uint32 => Kind::Uint32,
                Type::Sfixed32 => Kind::Sfixed32,
                Type::Sfixed64 => Kind::Sfixed64,
                Type::Sint32 => Kind::Sint32,
                Type::Sint64 => Kind::Sint64,
                other => panic!("{scalar:?} is not {other:?}"),
            };
            return assert_eq!(kind, expected, "{scalar:?}");
        }
        ValueType::Message(id) => schema.message(id).full_name.clone(),
        ValueType::Enum(id) => schema.enumeration(id).full_name.clone(),
        ValueType::WellKnown(known) => format!("google.protobuf.{}", known.name()),
        // A reference travels as its target.
        ValueType::Ref(id, _) => schema.message(id).full_name.clone(),
    };
    let enumeration = matches!(
        ty,
        ValueType::Enum(_) | ValueType::WellKnown(WellKnown::NullValue)
    );
    match kind {
        Kind::Message(message) if !enumeration => assert_eq!(message.full_name(), expected),
        Kind::Enum(found) if enumeration => assert_eq!(found.full_name(), expected),
        other => panic!("{ty:?} is not {other:?}"),
    }
}

fn check_enum(schema: &Schema, id: EnumId, descriptor: &EnumDescriptor) {
    let enumeration = schema.enumeration(id);
    let name = &enumeration.full_name;
    // prost-reflect lists values by number; protoc's order is checked in
    // the suite.
    assert_eq!(
        descriptor.values().len(),
        enumeration.values.len(),
        "{name}"
    );
    for value in &enumeration.values {
        let exported = value_name(schema, enumeration, &value.name);
        let found = descriptor.get_value_by_name(&exported);
        let found = found.unwrap_or_else(|| panic!("{name}.{exported} is there"));
        assert_eq!(i64::from(found.number()), value.number, "{name}.{exported}");
    }
}

#[test]
fn a_field_s_location_is_where_the_schema_writes_it_with_its_docs() {
    let source = "package shop;\n\n/// A customer.\n///\n///  Indented.\nmessage Customer {\n\tid: i64 = 1;\n  /// The name, é.\n  name: optional string = 2;\n  /// One of two.\n  oneof contact {\n    /// By mail.\n    email: string = 3;\n  }\n}\n\n/// States.\nenum State {\n  /// The first.\n  NEW = 0;\n}\n";
    let analysis = text("shop.schema", source);
    let set = analysis.export_descriptor_set(&analysis.roots, false);
    let [file] = &set.file[..] else {
        panic!("one file: {set:?}");
    };
    let locations = &file
        .source_code_info
        .as_ref()
        .expect("source info")
        .location;
    let at = |path: &[i32]| {
        let location = locations.iter().find(|location| location.path == path);
        location.unwrap_or_else(|| panic!("a location at {path:?}"))
    };
    // The file spans its text.
    assert_eq!(at(&[]).span, [0, 0, 20, 1]);
    // The message spans its name, on line 5 from 0.
    assert_eq!(at(&[4, 0]).span, [5, 8, 16]);
    assert_eq!(
        at(&[4, 0]).leading_comments.as_deref(),
        Some(" A customer.\n\n  Indented.\n")
    );
    // `id: i64 = 1` after a tab, which protoc counts to column 8.
    assert_eq!(at(&[4, 0, 2, 0]).span, [6, 8, 19]);
    assert_eq!(at(&[4, 0, 2, 0, 1]).span, [6, 8, 10]);
    assert_eq!(at(&[4, 0, 2, 0, 5]).span, [6, 12, 15]);
    assert_eq!(at(&[4, 0, 2, 0, 3]).span, [6, 18, 19]);
    assert_eq!(at(&[4, 0, 2, 0]).leading_comments, None);
    // `name: optional string = 2`: the name, then the type after the label.
    assert_eq!(at(&[4, 0, 2, 1]).span, [8, 2, 27]);
    assert_eq!(
        at(&[4, 0, 2, 1]).leading_comments.as_deref(),
        Some(" The name, é.\n")
    );
    assert_eq!(at(&[4, 0, 8, 0]).span, [10, 8, 15]);
    assert_eq!(
        at(&[4, 0, 8, 0]).leading_comments.as_deref(),
        Some(" One of two.\n")
    );
    assert_eq!(at(&[4, 0, 2, 2]).span, [12, 4, 21]);
    assert_eq!(
        at(&[4, 0, 2, 2]).leading_comments.as_deref(),
        Some(" By mail.\n")
    );
    assert_eq!(at(&[5, 0]).span, [17, 5, 10]);
    assert_eq!(at(&[5, 0]).leading_comments.as_deref(), Some(" States.\n"));
    assert_eq!(at(&[5, 0, 2, 0]).span, [19, 2, 9]);
    assert_eq!(
        at(&[5, 0, 2, 0]).leading_comments.as_deref(),
        Some(" The first.\n")
    );
    // The synthetic oneof of `name` has no location.
    assert_eq!(file.message_type[0].oneof_decl[1].name(), "_name");
    assert!(
        locations
            .iter()
            .all(|location| location.path != [4, 0, 8, 1])
    );
}

#[test]
fn a_proto_file_s_locations_are_in_its_own_text() {
    let source = "syntax = \"proto3\";\npackage p;\n\n// A point.\nmessage Point {\n  sint32 x = 1; // Across.\n}\n";
    let analysis = text("point.proto", source);
    let set = analysis.export_descriptor_set(&analysis.roots, false);
    let locations = &set.file[0]
        .source_code_info
        .as_ref()
        .expect("source info")
        .location;
    let at = |path: &[i32]| locations.iter().find(|location| location.path == path);
    let message = at(&[4, 0]).expect("the message's location");
    assert_eq!(message.span, [4, 8, 13]);
    assert_eq!(message.leading_comments.as_deref(), Some(" A point.\n"));
    // The model's docs hold the trailing comment too; it leads in the
    // exported text.
    let field = at(&[4, 0, 2, 0]).expect("the field's location");
    assert_eq!(field.span, [5, 2, 14]);
    assert_eq!(field.leading_comments.as_deref(), Some(" Across.\n"));
}

#[test]
fn imports_come_before_the_files_that_import_them_when_asked_for() {
    let analysis = schemas();
    let travel = (analysis.schema.files.iter())
        .find(|file| file.import_name == "world_travel.schema")
        .expect("world_travel.schema");
    let names = |set: FileDescriptorSet| -> Vec<String> {
        set.file
            .into_iter()
            .map(|file| file.name().to_owned())
            .collect()
    };
    let only = analysis.export_descriptor_set(&[travel.id], false);
    assert_eq!(names(only), ["world_travel.proto"]);
    let all = analysis.export_descriptor_set(&[travel.id], true);
    assert_eq!(names(all), ["world_geo.proto", "world_travel.proto"]);
    let money = text(
        "money.schema",
        "message M { a: decimal = 1; b: timestamp = 2; }",
    );
    let all = money.export_descriptor_set(&money.roots, true);
    let expected = [
        "google/protobuf/timestamp.proto",
        "schemac/types.proto",
        "money.proto",
    ];
    assert_eq!(names(all.clone()), expected);
    // The provided files have protoc's source info.
    assert!(all.file[1].source_code_info.is_some());
}

#[test]
fn the_stored_descriptors_are_those_of_every_provided_file() {
    let set = FileDescriptorSet::decode(builtin::PROVIDED_DESCRIPTORS).expect("the set decodes");
    // protoc puts each file after those it imports.
    let mut stored: Vec<&str> = set.file.iter().map(|file| file.name()).collect();
    stored.sort_unstable();
    // And descriptor.proto, which `schemac/options.proto` imports.
    let mut provided: Vec<&str> = (FILES.iter())
        .map(|(name, _)| *name)
        .filter(|name| provides_types(name) || *name == "google/protobuf/descriptor.proto")
        .collect();
    provided.sort_unstable();
    assert_eq!(stored, provided);
    for file in &set.file {
        assert!(file.source_code_info.is_some(), "{}", file.name());
    }
}

#[test]
fn floats_are_written_as_protoc_writes_defaults() {
    let double = |value: f64| float_text(value, 15, 17, |text| text.parse().ok());
    let float = |value: f32| {
        float_text(f64::from(value), 6, 9, |text| {
            text.parse::<f32>().ok().map(f64::from)
        })
    };
    // protoc 3.21's forms, read from its descriptors.
    assert_eq!(double(1e20), "1e+20");
    assert_eq!(double(0.30000000000000004), "0.30000000000000004");
    assert_eq!(double(-0.0), "-0");
    assert_eq!(double(f64::NEG_INFINITY), "-inf");
    assert_eq!(double(f64::NAN), "nan");
    assert_eq!(float(0.1), "0.1");
    assert_eq!(float(3.402_823_5e38), "3.40282347e+38");
    // C's %g: fixed from 1e-4 up to the precision, else with an exponent.
    assert_eq!(format_g(0.0001, 15), "0.0001");
    assert_eq!(format_g(0.00001, 15), "1e-05");
    assert_eq!(format_g(123456.0, 6), "123456");
    assert_eq!(format_g(1234567.0, 6), "1.23457e+06");
    assert_eq!(format_g(2.5, 1), "2");
    assert_eq!(format_g(1.5e300, 17), "1.5000000000000001e+300");
}

#[test]
fn map_entries_and_bytes_are_named_and_escaped_as_protoc_does() {
    assert_eq!(map_entry_name("by_name"), "ByNameEntry");
    assert_eq!(map_entry_name("Odd_map_2x"), "OddMap2xEntry");
    assert_eq!(map_entry_name("_x"), "XEntry");
    assert_eq!(map_entry_name("a__b"), "ABEntry");
    assert_eq!(
        c_escape(b"\0\x01\xff'\"\\\n x"),
        "\\000\\001\\377\\'\\\"\\\\\\n x"
    );
}

/// The field export_proto gives every message a reference points at, as
/// protoc describes it: after the message's own fields, `optional` without
/// a synthetic oneof in proto3 as in proto2; the reference fields are
/// fields of their targets' types.
#[test]
fn references_are_fields_of_their_targets_which_end_with_the_graph_id() {
    let graph_id = FieldDescriptorProto {
        name: Some("schemac_graph_id".to_owned()),
        number: Some(536_870_911),
        label: Some(Label::Optional as i32),
        r#type: Some(Type::Uint32 as i32),
        json_name: Some("schemacGraphId".to_owned()),
        ..FieldDescriptorProto::default()
    };
    let proto3 = text("graph.schema", GRAPH);
    let set = proto3.export_descriptor_set(&proto3.roots, false);
    let [file] = &set.file[..] else {
        panic!("one file: {set:?}");
    };
    assert_eq!(file.syntax(), "proto3");
    let message = |name: &str| {
        let found = file
            .message_type
            .iter()
            .find(|message| message.name() == name);
        found.unwrap_or_else(|| panic!("{name} is there"))
    };
    let field_names = |name: &str| -> Vec<&str> {
        message(name)
            .field
            .iter()
            .map(|field| field.name())
            .collect()
    };
    assert_eq!(
        message("Customer").field.as_slice(),
        std::slice::from_ref(&graph_id)
    );
    assert_eq!(
        field_names("Line"),
        ["note", "a", "b", "order", "schemac_graph_id"]
    );
    let line = message("Line");
    assert_eq!(line.field[4], graph_id);
    // The synthetic oneof of `note` follows `pick`; the graph id has none.
    let oneofs: Vec<&str> = line.oneof_decl.iter().map(|oneof| oneof.name()).collect();
    assert_eq!(oneofs, ["pick", "_note"]);
    assert_eq!(line.field[3].type_name(), ".graph.Order");
    assert_eq!(line.field[3].label(), Label::Optional);
    let order = message("Order");
    assert_eq!(
        field_names("Order"),
        [
            "lines",
            "customer",
            "by_role",
            "split_from",
            "schemac_graph_id"
        ]
    );
    let types: Vec<(&str, Label)> = (order.field.iter())
        .map(|field| (field.type_name(), field.label()))
        .collect();
    assert_eq!(
        types,
        [
            (".graph.Line", Label::Repeated),
            (".graph.Customer", Label::Optional),
            (".graph.Order.ByRoleEntry", Label::Repeated),
            (".graph.Order", Label::Repeated),
            ("", Label::Optional),
        ]
    );
    // No wrapper: the map's entry is the only nested message.
    let nested: Vec<&str> = order
        .nested_type
        .iter()
        .map(|nested| nested.name())
        .collect();
    assert_eq!(nested, ["ByRoleEntry"]);
    assert_eq!(order.nested_type[0].field[1].type_name(), ".graph.Customer");
    // No reference points at `Plain`.
    assert_eq!(field_names("Plain"), ["order"]);

    // In proto2 the exported field is `optional`, described alike, and
    // comes before the nested items.
    let proto2 = text(
        "node.schema",
        "package p;\nmessage Node {\n  value: optional i32 = 1 [default = 7];\n  \
         next: ref Node = 2;\n  message Inner {}\n}\n",
    );
    let set = proto2.export_descriptor_set(&proto2.roots, false);
    let node = &set.file[0].message_type[0];
    assert_eq!(set.file[0].syntax, None);
    let names: Vec<&str> = node.field.iter().map(|field| field.name()).collect();
    assert_eq!(names, ["value", "next", "schemac_graph_id"]);
    assert_eq!(node.field[2], graph_id);
    assert_eq!(node.nested_type.len(), 1);
    assert_eq!(node.nested_type[0].name(), "Inner");
}
