use serde_json::{Value as Json, json};

use crate::Message as _;
use crate::reflect::tests::enumeration;

use super::*;
use crate::reflect::descriptor::field_descriptor_proto::{Label, Type};
use crate::reflect::descriptor::{
    DescriptorProto, FieldDescriptorProto, FileDescriptorProto, MessageOptions,
    OneofDescriptorProto,
};
use crate::reflect::{DescriptorPool, DynamicMessage, MapKey, Value};

/// protoc's descriptors of the well-known types, as the compiler ships
/// them.
const WELL_KNOWN: &[u8] =
    include_bytes!("../../../../../compiler/proto/provided_descriptors.binpb");

fn field(name: &str, number: i32, ty: Type) -> FieldDescriptorProto {
    FieldDescriptorProto {
        name: Some(name.to_owned()),
        number: Some(number),
        label: Some(Label::Optional),
        r#type: Some(ty),
        ..Default::default()
    }
}

fn of(mut field: FieldDescriptorProto, type_name: &str) -> FieldDescriptorProto {
    field.type_name = Some(type_name.to_owned());
    field
}

fn repeated(mut field: FieldDescriptorProto) -> FieldDescriptorProto {
    field.label = Some(Label::Repeated);
    field
}

fn in_oneof(mut field: FieldDescriptorProto, index: i32) -> FieldDescriptorProto {
    field.oneof_index = Some(index);
    field
}

fn entry(name: &str, key: Type, value: FieldDescriptorProto) -> DescriptorProto {
    let mut value = value;
    value.name = Some("value".to_owned());
    value.number = Some(2);
    DescriptorProto {
        name: Some(name.to_owned()),
        field: vec![field("key", 1, key), value],
        options: Some(MessageOptions {
            map_entry: Some(true),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// `t.All`, a proto3 message of every kind of field, and `l.Legacy`, a
/// proto2 one with a closed enum and extensions, beside the well-known
/// types.
fn pool() -> DescriptorPool {
    let mut pool = DescriptorPool::decode(WELL_KNOWN).expect("the well-known types");
    let mut maybe = field("maybe", 16, Type::String);
    maybe.proto3_optional = Some(true);
    maybe.oneof_index = Some(1);
    let all = DescriptorProto {
        name: Some("All".to_owned()),
        field: vec![
            field("i32", 1, Type::Int32),
            field("i64", 2, Type::Int64),
            field("u32", 3, Type::Uint32),
            field("u64", 4, Type::Uint64),
            field("s64", 5, Type::Sint64),
            field("f32", 6, Type::Float),
            field("f64", 7, Type::Double),
            field("flag", 8, Type::Bool),
            field("text", 9, Type::String),
            field("data", 10, Type::Bytes),
            of(field("color", 11, Type::Enum), ".t.Color"),
            repeated(field("ints", 12, Type::Int32)),
            repeated(of(field("colors", 13, Type::Enum), ".t.Color")),
            repeated(of(field("by_id", 14, Type::Message), ".t.All.ByIdEntry")),
            repeated(of(
                field("by_flag", 15, Type::Message),
                ".t.All.ByFlagEntry",
            )),
            maybe,
            in_oneof(field("name", 17, Type::String), 0),
            in_oneof(field("count", 18, Type::Int32), 0),
            in_oneof(of(field("nested", 19, Type::Message), ".t.All"), 0),
            field("snake_case_name", 20, Type::Int32),
            of(field("at", 21, Type::Message), ".google.protobuf.Timestamp"),
            of(
                field("took", 22, Type::Message),
                ".google.protobuf.Duration",
            ),
            of(field("value", 23, Type::Message), ".google.protobuf.Value"),
            of(field("any", 24, Type::Message), ".google.protobuf.Any"),
            of(
                field("wrapped", 25, Type::Message),
                ".google.protobuf.Int64Value",
            ),
            of(
                field("object", 26, Type::Message),
                ".google.protobuf.Struct",
            ),
            of(
                field("mask", 27, Type::Message),
                ".google.protobuf.FieldMask",
            ),
            of(field("empty", 28, Type::Message), ".google.protobuf.Empty"),
            of(field("null", 29, Type::Enum), ".google.protobuf.NullValue"),
            repeated(of(
                field("values", 30, Type::Message),
                ".google.protobuf.Value",
            )),
            in_oneof(
                of(
                    field("nothing", 31, Type::Enum),
                    ".google.protobuf.NullValue",
                ),
                0,
            ),
            of(field("price", 32, Type::Message), ".schemac.Decimal"),
            of(field("extra", 33, Type::Message), ".schemac.Value"),
        ],
        nested_type: vec![
            entry("ByIdEntry", Type::Int64, field("", 0, Type::String)),
            entry(
                "ByFlagEntry",
                Type::Bool,
                of(field("", 0, Type::Enum), ".t.Color"),
            ),
        ],
        oneof_decl: vec![
            OneofDescriptorProto {
                name: Some("choice".to_owned()),
                ..Default::default()
            },
            OneofDescriptorProto {
                name: Some("_maybe".to_owned()),
                ..Default::default()
            },
        ],
        ..Default::default()
    };
    let file = FileDescriptorProto {
        name: Some("t.proto".to_owned()),
        package: Some("t".to_owned()),
        syntax: Some("proto3".to_owned()),
        dependency: [
            "timestamp",
            "duration",
            "struct",
            "any",
            "wrappers",
            "field_mask",
            "empty",
        ]
        .iter()
        .map(|name| format!("google/protobuf/{name}.proto"))
        .collect(),
        message_type: vec![all],
        enum_type: vec![enumeration(
            "Color",
            &[("COLOR_UNSET", 0), ("RED", 1), ("GREEN", 2)],
        )],
        ..Default::default()
    };
    pool.add_file(file).expect("t.proto");
    let mut extra = field("extra", 100, Type::Int32);
    extra.extendee = Some(".l.Legacy".to_owned());
    let mut tags = repeated(field("tags", 101, Type::String));
    tags.extendee = Some(".l.Legacy".to_owned());
    let legacy = FileDescriptorProto {
        name: Some("l.proto".to_owned()),
        package: Some("l".to_owned()),
        message_type: vec![DescriptorProto {
            name: Some("Legacy".to_owned()),
            field: vec![
                of(field("grade", 1, Type::Enum), ".l.Grade"),
                repeated(of(field("grades", 2, Type::Enum), ".l.Grade")),
            ],
            extension_range: vec![
                crate::reflect::descriptor::descriptor_proto::ExtensionRange {
                    start: Some(100),
                    end: Some(200),
                    ..Default::default()
                },
            ],
            ..Default::default()
        }],
        enum_type: vec![enumeration("Grade", &[("A", 1), ("B", 2)])],
        extension: vec![extra, tags],
        ..Default::default()
    };
    pool.add_file(legacy).expect("l.proto");
    pool.add_file(message_set()).expect("s.proto");
    pool
}

/// `s.Set`, a message set, and `s.Item`, whose extension `s.Item.item`
/// extends it.
fn message_set() -> FileDescriptorProto {
    let mut item = of(field("item", 100, Type::Message), ".s.Item");
    item.extendee = Some(".s.Set".to_owned());
    FileDescriptorProto {
        name: Some("s.proto".to_owned()),
        package: Some("s".to_owned()),
        message_type: vec![
            DescriptorProto {
                name: Some("Set".to_owned()),
                options: Some(MessageOptions {
                    message_set_wire_format: Some(true),
                    ..Default::default()
                }),
                extension_range: vec![
                    crate::reflect::descriptor::descriptor_proto::ExtensionRange {
                        start: Some(4),
                        end: Some(1000),
                        ..Default::default()
                    },
                ],
                ..Default::default()
            },
            DescriptorProto {
                name: Some("Item".to_owned()),
                field: vec![field("x", 1, Type::String)],
                extension: vec![item],
                ..Default::default()
            },
        ],
        ..Default::default()
    }
}

fn read<'a>(pool: &'a DescriptorPool, name: &str, json: Json) -> DynamicMessage<'a> {
    let descriptor = pool.message(name).expect("in the pool");
    DynamicMessage::from_json(descriptor, &json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn refused(pool: &DescriptorPool, name: &str, json: Json, options: JsonOptions) -> JsonError {
    let descriptor = pool.message(name).expect("in the pool");
    match DynamicMessage::from_json_with(descriptor, &json, &options) {
        Ok(message) => panic!("{json} read as {message:?}"),
        Err(error) => error,
    }
}

/// `json` read and written back is `json`.
fn round_trips(pool: &DescriptorPool, name: &str, json: Json) {
    let message = read(pool, name, json.clone());
    assert_eq!(message.to_json().expect("writes"), json, "{message:?}");
    let again = DynamicMessage::decode(message.descriptor(), &message.encode_to_vec());
    assert_eq!(again.expect("decodes").to_json().expect("writes"), json);
}

#[test]
fn scalars_have_protojson_forms_under_json_names() {
    let pool = pool();
    round_trips(
        &pool,
        "t.All",
        json!({
            "i32": -7, "i64": "-1099511627776", "u32": 4294967295u32,
            "u64": "18446744073709551615", "s64": "-2", "f32": 0.1, "f64": -0.0,
            "flag": true, "text": "héllo", "data": "+/8=", "color": "GREEN",
            "ints": [1, -1], "colors": ["RED", 7], "snakeCaseName": 3,
        }),
    );
    round_trips(&pool, "t.All", json!({"f32": "NaN", "f64": "-Infinity"}));
    // Zeros of fields without presence are left out; an optional one's is
    // written.
    round_trips(&pool, "t.All", json!({"maybe": ""}));
    let zeros = read(
        &pool,
        "t.All",
        json!({"i32": 0, "text": "", "color": "COLOR_UNSET"}),
    );
    assert_eq!(zeros.to_json().expect("writes"), json!({}));
}

#[test]
fn both_names_and_loose_forms_are_read() {
    let pool = pool();
    let message = read(
        &pool,
        "t.All",
        json!({
            "snake_case_name": "12", "i64": 5, "u64": "1e3", "data": "-_8",
            "color": 1, "f64": "1.5", "i32": 3.0,
        }),
    );
    assert_eq!(
        message.to_json().expect("writes"),
        json!({"snakeCaseName": 12, "i64": "5", "u64": "1000", "data": "+/8=",
               "color": "RED", "f64": 1.5, "i32": 3})
    );
    let proto = JsonOptions::new().proto_field_names(true);
    assert_eq!(
        message.to_json_with(&proto).expect("writes"),
        json!({"snake_case_name": 12, "i64": "5", "u64": "1000", "data": "+/8=",
               "color": "RED", "f64": 1.5, "i32": 3})
    );
}

#[test]
fn maps_have_string_keys() {
    let pool = pool();
    round_trips(
        &pool,
        "t.All",
        json!({"byId": {"-1": "a", "7": ""}, "byFlag": {"true": "RED", "false": "COLOR_UNSET"}}),
    );
    let message = read(&pool, "t.All", json!({"by_id": {"3": "c"}}));
    let by_id = message.get_by_name("by_id").expect("a field");
    let expected = [(MapKey::I64(3), Value::String("c".into()))];
    assert_eq!(by_id.as_map().expect("a map").clone(), expected.into());
    // A map entry leaves out its zero key and value, as generated code's.
    let zeros = read(&pool, "t.All", json!({"byId": {"0": ""}}));
    assert_eq!(zeros.encode_to_vec(), [0x72, 0x00]);
    let error = refused(
        &pool,
        "t.All",
        json!({"byId": {"x": "a"}}),
        JsonOptions::new(),
    );
    assert_eq!(error.path(), r#"t.All.byId["x"]"#);
    refused(
        &pool,
        "t.All",
        json!({"byId": {"1": null}}),
        JsonOptions::new(),
    );
}

#[test]
fn enums_read_names_and_numbers() {
    let pool = pool();
    let error = refused(&pool, "t.All", json!({"color": "BLUE"}), JsonOptions::new());
    assert_eq!(
        error.to_string(),
        "t.All.color: `BLUE` is not a value of enum t.Color"
    );
    let ignoring = JsonOptions::new().ignore_unknown_fields(true);
    let descriptor = pool.message("t.All").expect("t.All");
    let json =
        json!({"color": "BLUE", "colors": ["BLUE", "RED"], "byFlag": {"true": "BLUE"}, "what": 1});
    let message = DynamicMessage::from_json_with(descriptor, &json, &ignoring).expect("reads");
    assert_eq!(
        message.to_json().expect("writes"),
        json!({"colors": ["RED"]})
    );
    // A closed enum reads only the numbers it names, even ignoring.
    let legacy = pool.message("l.Legacy").expect("l.Legacy");
    assert!(DynamicMessage::from_json_with(legacy, &json!({"grade": 9}), &ignoring).is_err());
    let grade = DynamicMessage::from_json(legacy, &json!({"grade": 2})).expect("reads");
    assert_eq!(grade.to_json().expect("writes"), json!({"grade": "B"}));
}

#[test]
fn null_is_no_value_but_of_value_and_null_value() {
    let pool = pool();
    let message = read(
        &pool,
        "t.All",
        json!({"i32": null, "maybe": null, "ints": null, "byId": null, "at": null,
               "value": null, "null": null, "values": [null, 1]}),
    );
    assert_eq!(
        message.to_json().expect("writes"),
        json!({"value": null, "values": [null, 1.0]})
    );
    round_trips(&pool, "t.All", json!({"nothing": null}));
    let error = refused(
        &pool,
        "t.All",
        json!({"ints": [1, null]}),
        JsonOptions::new(),
    );
    assert_eq!(error.path(), "t.All.ints[1]");
}

#[test]
fn a_oneof_holds_one_member() {
    let pool = pool();
    round_trips(&pool, "t.All", json!({"count": 0}));
    round_trips(&pool, "t.All", json!({"nested": {"nested": {"name": "x"}}}));
    let both = json!({"name": "a", "count": 1});
    let error = refused(&pool, "t.All", both, JsonOptions::new());
    assert!(
        error.reason().contains("second member of oneof `choice`"),
        "{error}"
    );
    let message = read(&pool, "t.All", json!({"name": null, "count": 1}));
    assert_eq!(message.to_json().expect("writes"), json!({"count": 1}));
}

#[test]
fn keys_given_twice_and_unknown_keys_are_refused() {
    let pool = pool();
    let all = pool.message("t.All").expect("t.All");
    let both = json!({"snake_case_name": 1, "snakeCaseName": 1});
    let error = refused(&pool, "t.All", both, JsonOptions::new());
    assert!(error.reason().contains("given twice"), "{error}");
    let twice = r#"{"i32": 1, "i32": 2}"#;
    let error = DynamicMessage::from_json_str(all, twice, &JsonOptions::new()).unwrap_err();
    assert!(error.reason().contains("given twice"), "{error}");
    let error = refused(
        &pool,
        "t.All",
        json!({"nested": {"bad": 1}}),
        JsonOptions::new(),
    );
    assert_eq!(
        error.to_string(),
        "t.All.nested: unknown field `bad` in message t.All"
    );
    let text = r#"{"i32": 1, "nested": {"bad": [1]}}"#;
    let ignoring = JsonOptions::new().ignore_unknown_fields(true);
    let message = DynamicMessage::from_json_str(all, text, &ignoring).expect("reads");
    assert_eq!(
        message.to_json_string().expect("writes"),
        r#"{"i32":1,"nested":{}}"#
    );
}

#[test]
fn extensions_are_bracketed_full_names() {
    let pool = pool();
    round_trips(
        &pool,
        "l.Legacy",
        json!({"grade": "A", "[l.extra]": 0, "[l.tags]": ["x"]}),
    );
    let error = refused(
        &pool,
        "l.Legacy",
        json!({"[l.none]": 1}),
        JsonOptions::new(),
    );
    assert!(
        error.reason().contains("unknown field `[l.none]`"),
        "{error}"
    );
    let error = refused(
        &pool,
        "l.Legacy",
        json!({"[l.extra]": "x"}),
        JsonOptions::new(),
    );
    assert_eq!(error.path(), "l.Legacy.[l.extra]");
}

#[test]
fn a_message_sets_extension_reads_under_its_type_too() {
    let pool = pool();
    round_trips(&pool, "s.Set", json!({"[s.Item.item]": {"x": "a"}}));
    let message = read(&pool, "s.Set", json!({"[s.Item]": {"x": "a"}}));
    let json = message.to_json().expect("writes");
    assert_eq!(json, json!({"[s.Item.item]": {"x": "a"}}));
    let both = json!({"[s.Item]": {}, "[s.Item.item]": {}});
    let error = refused(&pool, "s.Set", both, JsonOptions::new());
    assert!(error.reason().contains("given twice"), "{error}");
    // Only a message set reads an extension under its type.
    let error = refused(
        &pool,
        "l.Legacy",
        json!({"[s.Item]": {}}),
        JsonOptions::new(),
    );
    assert!(error.reason().contains("unknown field"), "{error}");
}

#[test]
fn well_known_types_have_their_own_forms() {
    let pool = pool();
    round_trips(
        &pool,
        "t.All",
        json!({
            "at": "1972-01-01T10:00:20.021Z", "took": "-0.500s", "value": {"a": [1.5, "x", null]},
            "wrapped": "0", "object": {"k": {"n": true}}, "mask": "foo.barBaz,qux", "empty": {},
        }),
    );
    let error = refused(
        &pool,
        "t.All",
        json!({"at": "1972-01-01"}),
        JsonOptions::new(),
    );
    assert_eq!(error.path(), "t.All.at");
    // A top-level well-known type is its own form too.
    round_trips(&pool, "google.protobuf.Duration", json!("3s"));
    round_trips(&pool, "google.protobuf.Value", json!([{"a": "b"}]));
}

#[test]
fn schemacs_decimal_and_value_are_generated_codes_scalars() {
    let pool = pool();
    round_trips(
        &pool,
        "t.All",
        json!({"price": "12.30", "extra": {"$i32": 5}}),
    );
    round_trips(&pool, "t.All", json!({"extra": [1, {"$bytes": "AAE="}]}));
    // Without `optional` in proto3, a null value and a zero decimal (of
    // scale 0) are left out, as generated code leaves them out.
    let zeros = read(&pool, "t.All", json!({"extra": null, "price": "0"}));
    assert_eq!(zeros.to_json().expect("writes"), json!({}));
    assert!(zeros.encode_to_vec().is_empty());
    round_trips(&pool, "t.All", json!({"price": "0.0"}));
    // Bytes as generated code writes them: the codec's.
    let message = read(&pool, "t.All", json!({"price": "-1.5"}));
    let price = message.get_by_name("price").expect("a field");
    let price = price.as_message().expect("a message").encode_to_vec();
    let decimal = rust_decimal::Decimal::new(-15, 1);
    let codec = crate::wkt::encode_content::<crate::__private::codec::Decimal>(&decimal);
    assert_eq!(Ok(price), codec);
}

#[test]
fn an_any_holds_any_type_of_the_pool() {
    let pool = pool();
    let url = "type.googleapis.com/t.All";
    round_trips(
        &pool,
        "t.All",
        json!({"any": {"@type": url, "i32": 1, "byId": {"1": "a"}}}),
    );
    round_trips(&pool, "t.All", json!({"any": {"@type": url}}));
    round_trips(&pool, "t.All", json!({"any": {}}));
    round_trips(
        &pool,
        "t.All",
        json!({"any": {"@type": "type.googleapis.com/google.protobuf.Duration", "value": "1s"}}),
    );
    round_trips(
        &pool,
        "t.All",
        json!({"any": {"@type": "type.googleapis.com/google.protobuf.Empty"}}),
    );
    round_trips(
        &pool,
        "t.All",
        json!({"any": {"@type": "type.googleapis.com/google.protobuf.Any",
                       "value": {"@type": url, "text": "deep"}}}),
    );
    let unknown = json!({"any": {"@type": "x/t.Nothing"}});
    let error = refused(&pool, "t.All", unknown, JsonOptions::new());
    assert!(
        error.reason().contains("no message type of the pool"),
        "{error}"
    );
    let error = refused(
        &pool,
        "t.All",
        json!({"any": {"i32": 1}}),
        JsonOptions::new(),
    );
    assert!(error.reason().contains("missing `@type`"), "{error}");
    // The same `Any` as generated code reads it, for a well-known type.
    let any = read(
        &pool,
        "t.All",
        json!({"any": {"@type": "x/google.protobuf.Int32Value", "value": 5}}),
    );
    let bytes = any.get_by_name("any").expect("a field");
    let bytes = bytes.as_message().expect("a message").encode_to_vec();
    let generated = crate::wkt::Any::decode(bytes.as_slice()).expect("decodes");
    assert_eq!(generated.type_url, "x/google.protobuf.Int32Value");
    assert_eq!(generated.value, [8, 5]);
}

#[test]
fn values_without_json_are_errors_naming_their_field() {
    let pool = pool();
    let all = pool.message("t.All").expect("t.All");
    let mut message = DynamicMessage::new(all);
    let timestamp = pool
        .message("google.protobuf.Timestamp")
        .expect("Timestamp");
    let mut at = DynamicMessage::new(timestamp);
    at.set_by_name("seconds", Value::I64(i64::MAX))
        .expect("sets");
    message.set_by_name("at", Value::Message(at)).expect("sets");
    let error = message.to_json().expect_err("out of range");
    assert_eq!(error.path(), "t.All.at");
}

#[test]
fn deep_json_is_refused_at_the_recursion_limit() {
    let pool = pool();
    let mut json = json!({});
    for _ in 0..150 {
        json = json!({ "nested": json });
    }
    let error = refused(&pool, "t.All", json, JsonOptions::new());
    assert!(error.reason().contains("recursion limit"), "{error}");
}

#[test]
fn the_option_holds_for_the_codecs_whatever_the_threads_setting() {
    let pool = pool();
    let all = pool.message("t.All").expect("t.All");
    let json = json!({"empty": {"x": 1}});
    let strict = JsonOptions::new();
    let outer = crate::json::ignoring_unknown_fields(|| {
        DynamicMessage::from_json_with(all, &json, &strict).map(|_| ())
    });
    assert!(outer.is_err(), "{outer:?}");
    let ignoring = JsonOptions::new().ignore_unknown_fields(true);
    let message = DynamicMessage::from_json_with(all, &json, &ignoring).expect("reads");
    assert_eq!(message.to_json().expect("writes"), json!({"empty": {}}));
}
