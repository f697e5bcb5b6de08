//! The generated serde impls (`schemac compile --json`): every fixture
//! survives JSON both as a `serde_json::Value` and as text, the JSON is the
//! same as `schemac decode`'s (dynamic messages over the schema's
//! descriptors), `schemac encode` turns it back into the same bytes, and
//! the mapping and its errors look as docs/json.md says.

use std::fmt::Debug;

use schemac::transcode::Codec;
use schemac::{Analysis, JsonNames};
use schemac_generated::kitchen::{Color, Lists, Maps, Scalars};
use schemac_generated::shapes::shape::{Kind, Polygon};
use schemac_generated::shapes::{Shape, Tree};
use schemac_generated::shop::{Customer, Order, Status};
use schemac_runtime::Message;
use schemac_runtime::json::serde;
use schemac_tests::{assert_same_repr, fixtures};
use serde_json::{Value as Json, json};

/// Checks every fixture of the message `full_name`: JSON round trips as a
/// value and as text, and agrees with `schemac decode` and `schemac
/// encode` both ways.
fn check<M>(analysis: &Analysis, full_name: &str, fixtures: Vec<(&str, M)>)
where
    M: Message + serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
{
    let id = schemac::transcode::find_message(&analysis.schema, full_name)
        .unwrap_or_else(|error| panic!("{error}"));
    let codec = Codec::new(analysis);
    for (name, value) in fixtures {
        let case = format!("{full_name} {name}");
        let json = serde_json::to_value(&value).unwrap_or_else(|e| panic!("{case}: {e}"));
        let back: M =
            serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{case}: {e}"));
        assert_same_repr(&back, &value, format!("{case}: JSON value round trip"));
        assert_eq!(serde_json::to_value(&back).unwrap(), json, "{case}: again");

        let text = serde_json::to_string(&value).unwrap_or_else(|e| panic!("{case}: {e}"));
        let back: M = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{case}: {text}: {e}"));
        assert_same_repr(&back, &value, format!("{case}: JSON text round trip"));
        assert_eq!(serde_json::to_string(&back).unwrap(), text, "{case}: again");

        let bytes = value.try_encode_to_vec().expect("fixtures nest shallowly");
        let decoded = (codec.bytes_to_json(id, &bytes, JsonNames::Schema))
            .unwrap_or_else(|error| panic!("{case}: {error}"));
        assert_eq!(json, decoded, "{case}: generated serde vs schemac decode");
        // The same text too, fields in the same order: schemac builds
        // serde_json with `preserve_order`, so a Value keeps its key order.
        let decoded_text = serde_json::to_string(&decoded).unwrap();
        assert_eq!(decoded_text, text, "{case}: text of schemac decode");
        let encoded =
            (codec.json_to_bytes(id, &json)).unwrap_or_else(|error| panic!("{case}: {error}"));
        assert_eq!(encoded, bytes, "{case}: schemac encode vs generated encode");
    }
}

#[test]
fn every_fixture_round_trips_and_matches_schemac_decode() {
    let analysis = crate::analyze_schemas();
    check(&analysis, "shop.Customer", fixtures::customers());
    check(&analysis, "shop.OrderLine", fixtures::order_lines());
    check(&analysis, "shop.Order", fixtures::orders());
    check(&analysis, "kitchen.Scalars", fixtures::scalars());
    check(
        &analysis,
        "kitchen.OptionalScalars",
        fixtures::optional_scalars(),
    );
    check(&analysis, "kitchen.Lists", fixtures::lists());
    check(&analysis, "kitchen.Maps", fixtures::maps());
    check(&analysis, "shapes.Drawing", fixtures::drawings());
    check(&analysis, "shapes.Tree", fixtures::trees());
    check(&analysis, "world.travel.Trip", fixtures::trips());
}

/// Reads each of `accepted` and `refused` as a `M` with the generated
/// impls and with `schemac encode`: each of `accepted` must give the same
/// bytes both ways, and each of `refused` an error both ways.
fn read_alike<M>(analysis: &Analysis, full_name: &str, accepted: &[&str], refused: &[&str])
where
    M: Message + serde::de::DeserializeOwned,
{
    let id = schemac::transcode::find_message(&analysis.schema, full_name)
        .unwrap_or_else(|error| panic!("{error}"));
    let codec = Codec::new(analysis);
    let read = |text: &str| {
        let json: Json = serde_json::from_str(text).expect("valid JSON");
        let generated = serde_json::from_str::<M>(text)
            .map(|message| message.try_encode_to_vec().expect("shallow"))
            .map_err(|error| error.to_string());
        let transcoded = codec.json_to_bytes(id, &json).map_err(|e| e.to_string());
        (generated, transcoded)
    };
    for text in accepted {
        match read(text) {
            (Ok(generated), Ok(transcoded)) => assert_eq!(generated, transcoded, "{text}"),
            (generated, transcoded) => {
                panic!("{text}: generated {generated:?}, schemac encode {transcoded:?}")
            }
        }
    }
    for text in refused {
        let (generated, transcoded) = read(text);
        assert!(
            generated.is_err() && transcoded.is_err(),
            "{text}: generated {generated:?}, schemac encode {transcoded:?}"
        );
    }
}

/// JSON other writers may produce, and JSON that is wrong: the generated
/// impls and `schemac encode` accept and refuse the same.
#[test]
fn generated_code_and_schemac_encode_read_alike() {
    let analysis = crate::analyze_schemas();
    read_alike::<Scalars>(
        &analysis,
        "kitchen.Scalars",
        &[
            r#"{"an_i64": 5, "an_i32": "-3", "a_u32": 3.0, "a_u64": 18446744073709551615}"#,
            r#"{"some_bytes": "-_8A", "a_string": null, "an_f64": "1.5", "an_f32": "Infinity"}"#,
            r#"{"an_f64": -0.0, "a_bool": false, "an_sfixed64": "-1"}"#,
        ],
        &[
            r#"{"an_i32": 2147483648}"#,
            r#"{"an_i32": 1.5}"#,
            r#"{"a_bool": "true"}"#,
            r#"{"a_bool": 1}"#,
            r#"{"some_bytes": "!!"}"#,
            r#"{"an_f32": 1e39}"#,
            r#"{"a_u64": -1}"#,
            r#"{"nope": 1}"#,
            r#"[]"#,
        ],
    );
    read_alike::<schemac_generated::kitchen::OptionalScalars>(
        &analysis,
        "kitchen.OptionalScalars",
        &[
            r#"{"an_i32": 0, "a_color": 0, "a_point": null, "a_string": null}"#,
            r#"{"a_point": {}, "some_bytes": "", "a_sint32": -7}"#,
        ],
        &[r#"{"a_point": 5}"#, r#"{"a_bool": "false"}"#],
    );
    read_alike::<Lists>(
        &analysis,
        "kitchen.Lists",
        &[r#"{"colors": ["COLOR_RED", -1, 7], "i64s": [1, "2"], "points": [{}], "strings": null}"#],
        &[
            r#"{"i32s": [null]}"#,
            r#"{"strings": ["a", null]}"#,
            r#"{"points": [null]}"#,
            r#"{"i32s": 5}"#,
            r#"{"colors": [2.5]}"#,
        ],
    );
    read_alike::<Maps>(
        &analysis,
        "kitchen.Maps",
        &[
            r#"{"by_i32": {"-1": "", "2": "x"}, "points": {"a": {}, "b": {"x": 1}}}"#,
            r#"{"colors": {"k": 0, "j": 1}, "by_bool": {"true": "5", "false": 0}}"#,
            // One key spelled twice: one entry, the later value (found by
            // the encode_json fuzz target).
            r#"{"by_i32": {"-0": "", "0": "zero", "+7": "a", "7": "b"}}"#,
        ],
        &[
            r#"{"by_i32": {"x": "1"}}"#,
            r#"{"by_bool": {"yes": 1}}"#,
            // A null value, as in Google's parsers (the conformance
            // suite's MapFieldValueIsNull).
            r#"{"by_i32": {"-1": null}}"#,
            r#"{"points": {"a": null}}"#,
            r#"{"colors": {"k": null}}"#,
        ],
    );
    read_alike::<Shape>(
        &analysis,
        "shapes.Shape",
        &[
            r#"{"circle": null, "label": ""}"#,
            r#"{"group": {}, "note": null}"#,
        ],
        &[r#"{"label": "", "scale_only": 1}"#],
    );
    read_alike::<Order>(
        &analysis,
        "shop.Order",
        &[
            r#"{"status": 2, "customer": null, "order_lines": [{}]}"#,
            r#"{"total_cost": 7, "attributes": {"a": {"$map": {"$i32": 1}}, "b": [null]}}"#,
        ],
        &[
            r#"{"status": "LOST"}"#,
            r#"{"status": 2.5}"#,
            r#"{"customer": 5}"#,
            r#"{"total_cost": 1.5}"#,
            r#"{"total_cost": "0.00000000000000000000000000001"}"#,
            r#"{"attributes": {"a": {"$i32": 1, "x": 2}}}"#,
            r#"{"order_lines": [null]}"#,
        ],
    );
}

/// The refusals docs/json.md states, with the reason each gives: from the
/// generated impls (followed by the position in the text) and from the
/// codec of `schemac encode` (after the field path).
#[test]
fn documented_refusals_name_the_problem() {
    let analysis = crate::analyze_schemas();
    let codec = schemac::transcode::Codec::new(&analysis);
    let cases: &[(&str, &str, &str)] = &[
        (
            "kitchen.Lists",
            r#"{"i32s": [null]}"#,
            "kitchen.Lists.i32s[0]: invalid type: null, expected an integer that fits i32",
        ),
        (
            "kitchen.Lists",
            r#"{"strings": ["a", null]}"#,
            "kitchen.Lists.strings[1]: invalid type: null, expected a string",
        ),
        (
            "kitchen.Scalars",
            r#"{"a_bool": "true"}"#,
            r#"kitchen.Scalars.a_bool: invalid type: string "true", expected a boolean"#,
        ),
        (
            "shop.OrderLine",
            r#"{"cost": 1.5}"#,
            r#"shop.OrderLine.cost: invalid type: floating point `1.5`, expected a decimal as a string, such as "12.34""#,
        ),
        (
            "kitchen.Scalars",
            r#"{"an_i32": 1.5}"#,
            "kitchen.Scalars.an_i32: 1.5 is not an integer",
        ),
        (
            "kitchen.Scalars",
            r#"{"an_f32": 1e39}"#,
            "kitchen.Scalars.an_f32: 1000000000000000000000000000000000000000 is out of range for f32",
        ),
        (
            "kitchen.Maps",
            r#"{"by_bool": {"yes": 1}}"#,
            r#"kitchen.Maps.by_bool["yes"]: map key `yes` is not `true` or `false`"#,
        ),
        (
            "shop.Order",
            r#"{"attributes": {"a": {"$i32": 1, "x": 2}}}"#,
            r#"shop.Order.attributes["a"]: a `$i32` object must have no other keys"#,
        ),
    ];
    for &(full_name, text, expected) in cases {
        let id = schemac::transcode::find_message(&analysis.schema, full_name).unwrap();
        let json: Json = serde_json::from_str(text).unwrap();
        let error = codec.json_to_bytes(id, &json).expect_err(text).to_string();
        assert_eq!(error, expected, "{text}");
        // The generated impls give the reason after the path, with the
        // position in the text.
        let (_, reason) = expected.split_once(": ").unwrap();
        let generated = match full_name {
            "kitchen.Lists" => serde_json::from_str::<Lists>(text).map(drop),
            "kitchen.Scalars" => serde_json::from_str::<Scalars>(text).map(drop),
            "kitchen.Maps" => serde_json::from_str::<Maps>(text).map(drop),
            "shop.OrderLine" => {
                serde_json::from_str::<schemac_generated::shop::OrderLine>(text).map(drop)
            }
            _ => serde_json::from_str::<Order>(text).map(drop),
        };
        let generated = generated.expect_err(text).to_string();
        assert!(
            generated.starts_with(reason) && generated[reason.len()..].starts_with(" at line 1"),
            "{text}: {generated}"
        );
    }
    // A list of values may hold null: it is `DynamicValue::Null`.
    let values: schemac_generated::money::Values =
        serde_json::from_str(r#"{"history": [null]}"#).unwrap();
    assert_eq!(values.history, [schemac_runtime::DynamicValue::Null]);
}

#[test]
fn a_typical_order_reads_as_documented() {
    let order = fixtures::typical_order(1);
    // Decimals are exact strings; each attribute keeps its kind: i64 and
    // f64 as plain JSON, the others tagged.
    let expected = json!({
        "id": "1000042",
        "description": "Spring restock for the Leeds shop",
        "total_cost": "19.99",
        "order_lines": [
            {"line_number": 1, "description": "Widget, blue, size 1", "cost": "19.99", "quantity": 12}
        ],
        "customer": {"id": "4711", "name": "Ada Lovelace", "email": "ada@example.com"},
        "status": "PAID",
        "attributes": {
            "discount": {"$decimal": "0.10"},
            "distance_km": 12.5,
            "gift": true,
            "loyalty_points": 15000,
            "note": "leave at the door",
            "priority": {"$i32": 2},
            "weight_kg": {"$f32": 1.25}
        }
    });
    assert_eq!(serde_json::to_value(&order).unwrap(), expected);
    // Fields come in declaration order.
    let text = serde_json::to_string(&order).unwrap();
    assert!(
        text.starts_with(r#"{"id":"1000042","description":"#),
        "{text}"
    );
}

#[test]
fn scalars_map_as_documented() {
    let scalars = Scalars {
        an_i64: -(1 << 40),
        a_u64: u64::MAX,
        an_f32: f32::NEG_INFINITY,
        an_f64: f64::NAN,
        some_bytes: vec![0xfb, 0xff, 0x00],
        an_i32: -7,
        ..Scalars::default()
    };
    let expected = json!({
        "an_i32": -7,
        "an_i64": "-1099511627776",
        "a_u64": "18446744073709551615",
        "an_f32": "-Infinity",
        "an_f64": "NaN",
        "some_bytes": "+/8A",
    });
    assert_eq!(serde_json::to_value(&scalars).unwrap(), expected);
    let back: Scalars = serde_json::from_value(expected).unwrap();
    assert!(back.an_f64.is_nan());
    assert_eq!(back.some_bytes, [0xfb, 0xff, 0x00]);
    assert_eq!(back.a_u64, u64::MAX);
}

#[test]
fn enums_are_names_or_unrecognized_numbers() {
    let order = Order {
        status: Status::Unrecognized(42),
        ..Order::default()
    };
    assert_eq!(serde_json::to_value(&order).unwrap(), json!({"status": 42}));
    assert_eq!(
        serde_json::to_value(Status::Shipped).unwrap(),
        json!("SHIPPED")
    );
    // Both spellings are read.
    let by_number: Status = serde_json::from_value(json!(2)).unwrap();
    assert_eq!(by_number, Status::Shipped);
    let lists: Lists = serde_json::from_value(json!({
        "colors": ["COLOR_INFRARED", -1, 7]
    }))
    .unwrap();
    assert_eq!(
        lists.colors,
        [Color::Infrared, Color::Infrared, Color::Unrecognized(7)]
    );
}

#[test]
fn lenient_input_is_accepted() {
    // 64-bit integers as numbers, URL-safe unpadded base64, null as the
    // default, and 32-bit integers as strings.
    let scalars: Scalars = serde_json::from_str(
        r#"{"an_i64": 5, "some_bytes": "-_8A", "a_string": null, "an_i32": "-3"}"#,
    )
    .unwrap();
    assert_eq!(scalars.an_i64, 5);
    assert_eq!(scalars.some_bytes, [0xfb, 0xff, 0x00]);
    assert_eq!(scalars.an_i32, -3);
    // null leaves an optional field absent and a message field unset.
    let order: Order = serde_json::from_str(r#"{"customer": null}"#).unwrap();
    assert_eq!(order, Order::default());
    let customer: Customer = serde_json::from_str(r#"{"email": null}"#).unwrap();
    assert_eq!(customer.email, None);
    let maps: Maps =
        serde_json::from_str(r#"{"by_i32": {"-1": "x"}, "by_bool": {"true": "5"}}"#).unwrap();
    assert_eq!(maps.by_i32[&-1], "x");
    assert_eq!(maps.by_bool[&true], 5);
}

#[test]
fn oneof_members_appear_as_their_field() {
    let shape = Shape {
        kind: Some(Kind::Polygon(Polygon::default())),
        note: Some(String::new()),
        ..Default::default()
    };
    let json = serde_json::to_value(&shape).unwrap();
    assert_eq!(json, json!({"polygon": {}, "note": ""}));
    assert_eq!(serde_json::from_value::<Shape>(json).unwrap(), shape);
    // A member that is null is not set; a second member is an error.
    let shape: Shape = serde_json::from_str(r#"{"circle": null, "label": ""}"#).unwrap();
    assert_eq!(shape.kind, Some(Kind::Label(String::new())));
    let error = serde_json::from_str::<Shape>(r#"{"label": "", "scale_only": 1}"#).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`scale_only` is a second member of oneof `kind`; set one at line 1 column 30"
    );
}

/// A message field, or a `value` field, read twice merges the second into
/// the first, in a map entry too: `schemac decode` reads what generated code
/// reads. Found by the `decode_dynamic` fuzz target, where a map entry of
/// `map<string, value>` held its value field twice.
#[test]
fn unknown_enum_names_are_skipped_only_when_unknown_fields_are() {
    use schemac_generated::kitchen::OptionalScalars;
    use schemac_runtime::json::ignoring_unknown_fields;

    let optional = json!({"a_color": "COLOR_ULTRAVIOLET", "a_bool": true});
    let list = json!({"colors": ["COLOR_INFRARED", "COLOR_ULTRAVIOLET", "COLOR_INFRARED"]});
    let map = json!({"colors": {"a": "COLOR_INFRARED", "b": "COLOR_ULTRAVIOLET"}});
    let error = serde_json::from_value::<OptionalScalars>(optional.clone()).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("`COLOR_ULTRAVIOLET` is not a value of enum"),
        "{error}"
    );
    assert!(serde_json::from_value::<Lists>(list.clone()).is_err());
    assert!(serde_json::from_value::<Maps>(map.clone()).is_err());

    // As Google's parsers: the field stays unset, the element and the
    // entry are left out.
    let read: OptionalScalars =
        ignoring_unknown_fields(|| serde_json::from_value(optional)).unwrap();
    assert_eq!((read.a_color, read.a_bool), (None, Some(true)));
    let read: Lists = ignoring_unknown_fields(|| serde_json::from_value(list)).unwrap();
    assert_eq!(read.colors, [Color::Infrared, Color::Infrared]);
    let read: Maps = ignoring_unknown_fields(|| serde_json::from_value(map)).unwrap();
    assert_eq!(
        read.colors.into_iter().collect::<Vec<_>>(),
        [("a".to_owned(), Color::Infrared)]
    );
}

#[test]
fn a_field_read_twice_merges_in_schemac_decode_as_in_generated_code() {
    use schemac_generated::kitchen::Point;
    use schemac_generated::money::Values;
    use schemac_runtime::DynamicValue;
    use std::collections::BTreeMap;

    /// The message's encoding, which holds one length-delimited field; its
    /// payload.
    fn payload_of(bytes: Vec<u8>) -> Vec<u8> {
        assert!(bytes[1] < 0x80, "a one-byte length");
        bytes[2..].to_vec()
    }
    /// A field of one-byte key and length.
    fn delimited(key: u8, payload: &[u8]) -> Vec<u8> {
        assert!(payload.len() < 0x80, "a one-byte length");
        [&[key, payload.len() as u8][..], payload].concat()
    }
    fn list(items: &[i32]) -> DynamicValue {
        DynamicValue::List(items.iter().copied().map(DynamicValue::I32).collect())
    }
    fn value_payload(value: DynamicValue) -> Vec<u8> {
        let values = Values {
            payload: value,
            ..Values::default()
        };
        payload_of(values.try_encode_to_vec().unwrap())
    }
    fn point_payload(x: i32, y: i32) -> Vec<u8> {
        let maps = Maps {
            points: BTreeMap::from([(
                String::new(),
                Point {
                    x,
                    y,
                    ..Default::default()
                },
            )]),
            ..Maps::default()
        };
        // The entry holds only its value: the key is the default.
        payload_of(payload_of(maps.try_encode_to_vec().unwrap()))
    }

    let analysis = crate::analyze_schemas();
    // Three `Values`, one after the other: `payload` is read three times,
    // `previous` twice.
    let values_with = |payload: DynamicValue, previous: Option<(&str, i32)>| {
        let previous = previous.map(|(key, number)| {
            DynamicValue::Map(BTreeMap::from([(
                key.to_owned(),
                DynamicValue::I32(number),
            )]))
        });
        Values {
            payload,
            previous,
            ..Values::default()
        }
        .try_encode_to_vec()
        .unwrap()
    };
    let mut values = [
        values_with(list(&[1]), None),
        values_with(list(&[2]), Some(("a", 1))),
        values_with(DynamicValue::Bool(true), Some(("b", 2))),
    ]
    .concat();
    // An `attributes` entry with key "k" and its value field twice.
    let entry = [
        delimited(0x0a, b"k"),
        delimited(0x12, &value_payload(list(&[1, 2]))),
        delimited(0x12, &value_payload(list(&[3]))),
    ]
    .concat();
    values.extend(delimited(0x22, &entry));
    // A `points` entry with its value field twice: x, then y.
    let entry = [
        delimited(0x12, &point_payload(1, 0)),
        delimited(0x12, &point_payload(0, 2)),
    ]
    .concat();
    let maps = delimited(0x72, &entry);

    let read: Values = Message::decode(&values).unwrap();
    assert_eq!(read.payload, DynamicValue::Bool(true));
    assert_eq!(
        read.previous.as_ref().map(|previous| match previous {
            DynamicValue::Map(map) => map.len(),
            _ => 0,
        }),
        Some(2)
    );
    assert_eq!(read.attributes["k"], list(&[1, 2, 3]));
    let read_maps: Maps = Message::decode(&maps).unwrap();
    assert_eq!(
        read_maps.points[""],
        Point {
            x: 1,
            y: 2,
            ..Default::default()
        }
    );

    for (full_name, bytes, json) in [
        (
            "money.Values",
            &values,
            serde_json::to_value(&read).unwrap(),
        ),
        (
            "kitchen.Maps",
            &maps,
            serde_json::to_value(&read_maps).unwrap(),
        ),
    ] {
        let id = schemac::transcode::find_message(&analysis.schema, full_name).unwrap();
        let decoded = (Codec::new(&analysis).bytes_to_json(id, bytes, JsonNames::Schema))
            .unwrap_or_else(|error| panic!("{full_name}: {error}"));
        assert_eq!(
            decoded, json,
            "{full_name}: schemac decode vs generated code"
        );
    }
}

#[test]
fn boxed_fields_round_trip() {
    let tree: Tree =
        serde_json::from_str(r#"{"left": {"value": 2}, "by_name": {"a": {}}}"#).unwrap();
    assert_eq!(tree.left.as_deref().map(|left| left.value), Some(2));
    assert_eq!(tree.by_name["a"], Tree::default());
}

#[test]
fn errors_name_the_problem() {
    let cases = [
        (
            r#"{"nickname": "Ada"}"#,
            "unknown field `nickname` in message Customer at line 1 column 11",
        ),
        (
            r#"{"id": true}"#,
            "invalid type: boolean `true`, expected an integer that fits i64 at line 1 column 11",
        ),
        (
            r#"{"name": 5}"#,
            "invalid type: integer `5`, expected a string at line 1 column 10",
        ),
        (
            r#"[]"#,
            "invalid type: sequence, expected a JSON object for message Customer at line 1 column 0",
        ),
    ];
    for (text, expected) in cases {
        let error = serde_json::from_str::<Customer>(text).unwrap_err();
        assert_eq!(error.to_string(), expected, "{text}");
    }
    let error = serde_json::from_str::<Order>(r#"{"status": "LOST"}"#).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`LOST` is not a value of enum Status at line 1 column 17"
    );
    let error = serde_json::from_str::<Order>(r#"{"order_lines": [{"line_number": 2147483648}]}"#)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "2147483648 is out of range at line 1 column 43"
    );
}

/// The codec of `schemac encode` and `decode` on random JSON of every
/// message of `schemas/`: the bytes it writes read back as JSON that
/// writes the same bytes, under the schema's names and under protobuf's.
#[test]
fn the_json_of_the_command_line_is_a_fixed_point_on_random_messages() {
    use crate::differential::random_json::RandomJson;

    const MESSAGES_PER_TYPE: usize = 30;
    let analysis = crate::analyze_schemas();
    let codec = Codec::new(&analysis);
    let schema = &analysis.schema;
    let mut random = RandomJson {
        schema,
        rng: schemac_tests::rng::Rng::new(0x5eed_c0de),
    };
    let mut compared = 0;
    for (id, message) in schema.message_ids() {
        let name = &message.full_name;
        for _ in 0..MESSAGES_PER_TYPE {
            let json = random.message(id, 0);
            let Ok(bytes) = codec.json_to_bytes(id, &json) else {
                continue;
            };
            for names in [JsonNames::Schema, JsonNames::Proto] {
                let again = (codec.bytes_to_json(id, &bytes, names))
                    .unwrap_or_else(|error| panic!("{name}: {bytes:02x?}: {error}"));
                let written = codec.json_to_bytes(id, &again);
                assert_eq!(written.ok().as_ref(), Some(&bytes), "{name}: {again}");
            }
            compared += 1;
        }
    }
    // Most random values encode; a few hold what JSON cannot (a NaN in a
    // `value`, say).
    assert!(
        compared > schema.message_ids().count() * MESSAGES_PER_TYPE / 2,
        "{compared}"
    );
}
