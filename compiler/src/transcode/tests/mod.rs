//! Tests of transcoding on small schemas, extensions' in `extensions`; the
//! tests crate checks the result against generated code.

mod extensions;
mod messages;

use serde_json::{Value as Json, json};

use super::{Codec, CodecError, find_message};
use crate::model::{MessageId, Scalar, ValueType, WellKnown};
use crate::{Analysis, JsonNames};
use schemac_runtime::__private::codec;
use schemac_runtime::WireType;
use schemac_runtime::json::{JsonCodec, JsonKey};

/// `json` as the bytes of message `id` of `analysis`, by the codec of
/// `schemac encode`.
fn encode(analysis: &Analysis, id: MessageId, json: &Json) -> Result<Vec<u8>, CodecError> {
    Codec::new(analysis).json_to_bytes(id, json)
}

/// `bytes` as the JSON of message `id` of `analysis`, by the codec of
/// `schemac decode`, under the schema's field names.
fn decode(analysis: &Analysis, id: MessageId, bytes: &[u8]) -> Result<Json, CodecError> {
    Codec::new(analysis).bytes_to_json(id, bytes, JsonNames::Schema)
}

const SCHEMA: &str = r#"
package t;

message Line {
  number: i32 = 1;
  name: string = 2;
}

enum Status { PENDING = 0; PAID = 1; }

message Order {
  id: i64 = 1;
  lines: list<Line> = 2;
  status: Status = 3;
  counts: list<sint32> = 4;
  by_key: map<i32, string> = 5;
  note: optional string = 6;
  oneof payment {
    card: string = 7;
    cash: u64 = 8;
  }
  data: bytes = 9;
  ratio: f64 = 10;
  flags: map<bool, Line> = 11;
}
"#;

fn analysis() -> Analysis {
    crate::analyze_text("t.schema", SCHEMA).unwrap_or_else(|error| panic!("{error}"))
}

fn to_binary(json: Json) -> Result<Vec<u8>, CodecError> {
    let analysis = analysis();
    let order = find_message(&analysis.schema, "t.Order").unwrap();
    encode(&analysis, order, &json)
}

fn to_json(bytes: &[u8]) -> Result<Json, CodecError> {
    let analysis = analysis();
    let order = find_message(&analysis.schema, "Order").unwrap();
    decode(&analysis, order, bytes)
}

#[test]
fn a_full_order_round_trips() {
    let order = json!({
        "id": "-5",
        "lines": [{"number": 1, "name": "one"}, {}],
        "status": "PAID",
        "counts": [-1, 0, 2],
        "by_key": {"2": "two", "-1": ""},
        "note": "",
        "cash": "7",
        "data": "AAE=",
        "ratio": 0.5,
        "flags": {"true": {"number": 3}}
    });
    let bytes = to_binary(order.clone()).unwrap();
    let back = to_json(&bytes).unwrap();
    // The map's default value is written back as the default, as a map holds it.
    assert_eq!(back, order);
}

#[test]
fn bytes_match_the_protobuf_encoding() {
    let bytes = to_binary(json!({"id": 150, "status": 1, "counts": [3, -2]})).unwrap();
    // id: key 08, varint 150; status: key 18, 1; counts: packed zigzag 6 and 3.
    assert_eq!(
        bytes,
        [0x08, 0x96, 0x01, 0x18, 0x01, 0x22, 0x02, 0x06, 0x03]
    );
}

#[test]
fn defaults_are_left_out_both_ways() {
    assert!(
        to_binary(json!({"id": "0", "status": "PENDING", "lines": [], "note": null}))
            .unwrap()
            .is_empty()
    );
    assert_eq!(to_json(&[]).unwrap(), json!({}));
    // An optional field keeps an explicit default.
    assert_eq!(
        to_json(&to_binary(json!({"note": ""})).unwrap()).unwrap(),
        json!({"note": ""})
    );
}

#[test]
fn an_empty_packed_run_is_left_out() {
    // counts (field 4) as a packed run of no elements; found by fuzzing.
    assert_eq!(to_json(&[0x22, 0x00]).unwrap(), json!({}));
    let mut bytes = to_binary(json!({"counts": [1]})).unwrap();
    bytes.extend([0x22, 0x00]);
    assert_eq!(to_json(&bytes).unwrap(), json!({"counts": [1]}));
}

#[test]
fn map_entries_are_written_in_key_order() {
    let bytes = to_binary(json!({"by_key": {"10": "b", "-3": "a", "2": "c"}})).unwrap();
    let keys: Vec<u8> = bytes
        .windows(2)
        .filter(|w| w[0] == 0x08)
        .map(|w| w[1])
        .collect();
    // Varints of -3 (ten bytes, first fd), 2, 10: numeric order, not text order.
    assert_eq!(keys, [0xfd, 0x02, 0x0a]);
}

/// Found by the `encode_json` fuzz target, against generated code: `"-0"`
/// and `"0"` are one `i32` key, which a map holds once, with the later
/// value; each value is still checked.
#[test]
fn a_key_spelled_twice_is_one_entry_with_the_later_value() {
    let once = to_binary(json!({"by_key": {"0": "b", "7": "c"}})).unwrap();
    for twice in [
        json!({"by_key": {"-0": "a", "0": "b", "7": "c"}}),
        json!({"by_key": {"0": "a", "7": "c", "+0": "b"}}),
        json!({"by_key": {"7": "c", "00": "", "-0": "b"}}),
    ] {
        assert_eq!(to_binary(twice.clone()).unwrap(), once, "{twice}");
    }
    let error = to_binary(json!({"by_key": {"-0": 5, "0": "b"}})).unwrap_err();
    assert_eq!(error.path(), "t.Order.by_key[\"-0\"]");
}

#[test]
fn errors_name_the_field_path() {
    let error = to_binary(json!({"lines": [{}, {"number": "x"}]})).unwrap_err();
    assert_eq!(error.path(), "t.Order.lines[1].number");
    let error = to_binary(json!({"by_key": {"nine": "x"}})).unwrap_err();
    assert_eq!(error.path(), "t.Order.by_key[\"nine\"]");
    let error = to_binary(json!({"status": "LOST"})).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("`LOST` is not a value of enum t.Status"),
        "{error}"
    );
    let error = to_binary(json!({"nope": 1})).unwrap_err();
    assert_eq!(
        error.to_string(),
        "t.Order: unknown field `nope` in message t.Order"
    );
    let error = to_binary(json!({"card": "x", "cash": "1"})).unwrap_err();
    assert!(error.to_string().contains("oneof `payment`"), "{error}");
    assert!(to_binary(json!([1])).is_err());
}

#[test]
fn bad_bytes_name_the_field_path_and_offset() {
    // lines[0].name is a string of two bytes, the second invalid UTF-8.
    let error = to_json(&[0x12, 0x04, 0x12, 0x02, b'a', 0xff]).unwrap_err();
    assert_eq!(error.path(), "t.Order.lines[0].name");
    assert!(error.to_string().contains("UTF-8 at byte 3"), "{error}");
    let error = to_json(&[0x12, 0x09, 0x08]).unwrap_err();
    assert!(
        error.to_string().contains("length prefix of 9 bytes"),
        "{error}"
    );
}

#[test]
fn later_fields_win_and_messages_merge() {
    // Two occurrences of lines[0]-less fields: ids replace, oneof members replace.
    let mut bytes = to_binary(json!({"id": "1", "card": "c"})).unwrap();
    bytes.extend(to_binary(json!({"id": "2", "cash": "3"})).unwrap());
    assert_eq!(to_json(&bytes).unwrap(), json!({"id": "2", "cash": "3"}));
}

/// A field given under both its names is refused, as generated code and
/// Google's parsers refuse it (the conformance suite's
/// `FieldNameDuplicateDifferentCasing`), also when one of them is `null`;
/// so is a oneof member.
#[test]
fn a_field_under_both_its_names_is_refused() {
    let error = to_binary(json!({"by_key": {"1": "a"}, "byKey": {"2": "b"}})).unwrap_err();
    assert_eq!(
        error.to_string(),
        "t.Order: field 5 of message t.Order is given twice, by one of its names or by both"
    );
    assert!(to_binary(json!({"byKey": null, "by_key": {"1": "a"}})).is_err());
    assert!(to_binary(json!({"by_key": {"1": "a"}})).is_ok());

    let analysis = crate::analyze_text(
        "p.schema",
        "package p; message Pay { oneof method { card_number: string = 1; cash_amount: u64 = 2; } }",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let pay = find_message(&analysis.schema, "Pay").unwrap();
    let to_binary = |json: Json| encode(&analysis, pay, &json);
    for json in [
        json!({"card_number": "a", "cardNumber": null}),
        json!({"card_number": "a", "cardNumber": "b"}),
    ] {
        let error = to_binary(json.clone()).unwrap_err();
        assert!(
            error.to_string().contains("is given twice"),
            "{json}: {error}"
        );
    }
    assert!(to_binary(json!({"cardNumber": null})).is_ok());
}

#[test]
fn unknown_numbers_are_skipped() {
    let mut bytes = vec![0xf8, 0x01, 0x05]; // field 31, varint 5
    bytes.extend(to_binary(json!({"id": "4"})).unwrap());
    assert_eq!(to_json(&bytes).unwrap(), json!({"id": "4"}));
}

#[test]
fn messages_are_found_by_full_or_unique_name() {
    let analysis = analysis();
    assert!(find_message(&analysis.schema, ".t.Line").is_ok());
    let error = find_message(&analysis.schema, "Nope").unwrap_err();
    assert!(error.contains("no message named `Nope`"), "{error}");
}

#[test]
fn decimal_and_value_transcode_with_their_json_mapping() {
    let analysis =
        crate::analyze_text("m.schema", include_str!("../../../../schemas/money.schema"))
            .unwrap_or_else(|error| panic!("{error}"));
    let schema = &analysis.schema;
    let amounts = find_message(schema, "money.Amounts").unwrap();
    let json = json!({"total": "12.34", "discount": "0.00", "prices": {"a": "-1"}});
    let bytes = encode(&analysis, amounts, &json).unwrap();
    assert_eq!(bytes[..8], [0x0a, 0x06, 0x0a, 0x02, 0x04, 0xd2, 0x10, 0x02]);
    let back = decode(&analysis, amounts, &bytes).unwrap();
    assert_eq!(back["total"], json!("12.34"));
    assert_eq!(back["discount"], json!("0.00"));
    assert_eq!(back["prices"], json!({"a": "-1"}));

    let values = find_message(schema, "money.Values").unwrap();
    let json = json!({"payload": {"$i32": 5}, "history": [null, [1, {"x": true}]]});
    let bytes = encode(&analysis, values, &json).unwrap();
    assert_eq!(bytes[..4], [0x0a, 0x02, 0x18, 0x0a]);
    let back = decode(&analysis, values, &bytes).unwrap();
    assert_eq!(back["payload"], json!({"$i32": 5}));
    assert_eq!(back["history"], json!([null, [1, {"x": true}]]));
}

/// A message field read twice merges as on the wire: a later field at its
/// default replaces an earlier value, lists append. Found by fuzzing: a
/// customer whose second occurrence set its id back to 0 kept the first id.
#[test]
fn a_message_read_twice_takes_later_defaults() {
    let analysis = crate::analyze_text(
        "m.schema",
        "message Inner { id: i64 = 1; tags: list<i32> = 2; }\nmessage Outer { inner: Inner = 1; }\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let outer = find_message(&analysis.schema, "Outer").unwrap();
    let read = |bytes: &[u8]| decode(&analysis, outer, bytes);
    // inner {id: 5, tags: [1]} then inner {id: 0, tags: [2]}.
    let bytes = [
        0x0a, 0x05, 0x08, 0x05, 0x12, 0x01, 0x01, //
        0x0a, 0x05, 0x08, 0x00, 0x12, 0x01, 0x02,
    ];
    assert_eq!(read(&bytes).unwrap(), json!({"inner": {"tags": [1, 2]}}));
    // Later, an id again; an empty occurrence changes nothing.
    let bytes = [0x0a, 0x02, 0x08, 0x00, 0x0a, 0x02, 0x08, 0x07, 0x0a, 0x00];
    assert_eq!(read(&bytes).unwrap(), json!({"inner": {"id": "7"}}));
}

/// Google's protobuf writes fields by number, a oneof member at its own
/// number: `b` (3) comes before `c` (5) though `a` (1) shares c's oneof.
/// These are the bytes Python's protobuf writes for the same message.
#[test]
fn fields_go_by_number_with_a_oneof_member_at_its_own() {
    let schema = "message M { oneof k { a: i32 = 1; c: i32 = 5; } b: i32 = 3; }";
    let analysis = crate::analyze_text("m.schema", schema).unwrap();
    let m = find_message(&analysis.schema, "M").unwrap();
    let bytes = encode(&analysis, m, &json!({"c": 1, "b": 1})).unwrap();
    assert_eq!(bytes, [0x18, 0x01, 0x28, 0x01]);
    let bytes = encode(&analysis, m, &json!({"a": 1, "b": 1})).unwrap();
    assert_eq!(bytes, [0x08, 0x01, 0x18, 0x01]);
}

/// A null in a map of values, and a zero decimal in a map of decimals,
/// are written in their entries, as generated code writes them;
/// a null in a map of another type is an error, as in Google's parsers
/// (the conformance suite's `MapFieldValueIsNull`).
#[test]
fn map_entries_keep_a_null_value_and_a_zero_decimal() {
    let schema = "package t; message M { m: map<string, value> = 1; d: map<u32, decimal> = 2; v: value = 4; }";
    let analysis = crate::analyze_text("m.schema", schema).unwrap();
    let m = find_message(&analysis.schema, "M").unwrap();
    let hex = |json: Json| {
        let bytes = encode(&analysis, m, &json).unwrap();
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
    };
    assert_eq!(hex(json!({"m": {"a": null}})), "0a070a016112020800");
    assert_eq!(hex(json!({"d": {"1": "0"}})), "1207080112030a0100");
    assert!(encode(&analysis, m, &json!({"d": {"1": null}})).is_err());
    assert_eq!(hex(json!({"v": {"x": null}})), "220b6a090a070a017812020800");
}

/// transcode's dispatch to the runtime's codecs names, for each scalar,
/// the codec generated code names ([`Scalar::codec_name`]), and takes as
/// map keys exactly the scalars the model allows as keys.
#[test]
fn the_codec_of_each_scalar_is_the_one_codegen_names() {
    struct Name;
    impl CodecVisitor for Name {
        type Output = &'static str;
        fn visit<C: JsonCodec>(self) -> &'static str {
            std::any::type_name::<C>()
        }
    }
    impl KeyVisitor for Name {
        type Output = &'static str;
        fn visit<C: JsonCodec + JsonKey>(self) -> &'static str
        where
            C::Value: Ord,
        {
            std::any::type_name::<C>()
        }
    }
    for scalar in Scalar::ALL {
        let codec = with_codec(scalar, Name);
        let runtime_name = codec.rsplit("::").next().unwrap_or_default();
        // `Decimal` and `Value` are the runtime's re-exported codecs.
        let expected = match scalar {
            Scalar::Decimal => "DecimalCodec",
            Scalar::Value => "ValueCodec",
            _ => scalar.codec_name(),
        };
        assert_eq!(runtime_name, expected, "{scalar:?}");
        let key = with_key_codec(scalar, Name);
        assert_eq!(key.is_some(), scalar.is_map_key(), "{scalar:?}");
        if let Some(key) = key {
            assert_eq!(key, codec, "{scalar:?}");
        }
    }
}

const GRAPH: &str = r#"
package g;

message Customer { name: string = 1; }

message Line {
  number: i32 = 1;
  order: weak Order = 2;
}

message Order {
  id: i64 = 1;
  lines: list<ref Line> = 2;
  customer: ref Customer = 3;
  contacts: map<string, ref Customer> = 4;
}
"#;

/// Encodes `json` as a `g.Order` of the graph schema.
fn graph_to_binary(json: Json) -> Result<Vec<u8>, CodecError> {
    let analysis = crate::analyze_text("g.schema", GRAPH).unwrap_or_else(|error| panic!("{error}"));
    let order = find_message(&analysis.schema, "g.Order").unwrap();
    encode(&analysis, order, &json)
}

/// Decodes `bytes` as a `g.Order` of the graph schema.
fn graph_to_json(bytes: &[u8]) -> Result<Json, CodecError> {
    let analysis = crate::analyze_text("g.schema", GRAPH).unwrap_or_else(|error| panic!("{error}"));
    let order = find_message(&analysis.schema, "g.Order").unwrap();
    decode(&analysis, order, bytes)
}

/// The canonical key of the field that holds an object's number on the
/// wire, [`REFERENCE_FIELD`](super::REFERENCE_FIELD): a varint.
const NUMBER_KEY: [u8; 5] = [0xf8, 0xff, 0xff, 0xff, 0x0f];

/// A reference's bytes in field `key` (a one-byte key): its number on the
/// wire, if it has one, then `fields`.
fn reference(key: u8, number: Option<u8>, fields: &[u8]) -> Vec<u8> {
    let mut content = Vec::new();
    if let Some(number) = number {
        content.extend(NUMBER_KEY);
        content.push(number);
    }
    content.extend(fields);
    let mut bytes = vec![key, content.len() as u8];
    bytes.extend(content);
    bytes
}

#[test]
fn references_are_written_once_with_an_id_and_then_by_it() {
    let order = json!({
        "$id": 1,
        "id": "5",
        "lines": [
            {"$id": 2, "number": 1, "order": {"$ref": 1}},
            {"$id": 3, "number": 2, "order": {"$ref": 1}},
        ],
        "customer": {"$id": 4, "name": "Ada"},
        "contacts": {"billing": {"$ref": 4}, "shipping": {"$id": 5, "name": "Bob"}},
    });
    let bytes = graph_to_binary(order.clone()).expect("encodes");
    // Only Ada occurs twice: she is object 2 on the wire, number first in
    // her first occurrence and alone in the later one. The lines and Bob
    // occur once and are written as plain messages; the order's back
    // references name it as object 1.
    let mut expected = vec![0x08, 0x05];
    for number in [1, 2] {
        let back = reference(0x12, Some(1), &[]);
        expected.extend(reference(
            0x12,
            None,
            &[&[0x08, number][..], &back].concat(),
        ));
    }
    expected.extend(reference(0x1a, Some(2), b"\x0a\x03Ada"));
    let billing = reference(0x12, Some(2), &[]);
    expected.extend(reference(
        0x22,
        None,
        &[b"\x0a\x07billing", &billing[..]].concat(),
    ));
    let bob = reference(0x12, None, b"\x0a\x03Bob");
    expected.extend(reference(
        0x22,
        None,
        &[b"\x0a\x08shipping", &bob[..]].concat(),
    ));
    assert_eq!(bytes, expected);
    // JSON numbers every object as the bytes hold them: the same JSON.
    assert_eq!(graph_to_json(&bytes).expect("decodes"), order);
}

/// An object that occurs once takes no number: its reference holds the
/// bytes a plain field of its type would, whether or not a `$id` labels it.
#[test]
fn an_object_that_occurs_once_is_written_as_a_plain_message_field() {
    let schema = "package p;
        message Text { value: string = 1; tags: list<i32> = 2; }
        message ByRef { text: ref Text = 1; texts: list<ref Text> = 2; }
        message ByValue { text: Text = 1; texts: list<Text> = 2; }";
    let analysis =
        crate::analyze_text("p.schema", schema).unwrap_or_else(|error| panic!("{error}"));
    let schema = &analysis.schema;
    let by_ref = find_message(schema, "ByRef").unwrap();
    let by_value = find_message(schema, "ByValue").unwrap();
    let text = json!({"value": "a", "tags": [1, 2]});
    let plain = json!({"text": text, "texts": [{}, text]});
    let expected = encode(&analysis, by_value, &plain).unwrap();
    assert_eq!(encode(&analysis, by_ref, &plain).unwrap(), expected);
    let labelled = json!({
        "text": {"$id": 8, "value": "a", "tags": [1, 2]},
        "texts": [{"$id": 9}, {"$id": 3, "value": "a", "tags": [1, 2]}],
    });
    assert_eq!(encode(&analysis, by_ref, &labelled).unwrap(), expected);
    // Read back, each is an object of its own, with the next JSON id.
    let json = decode(&analysis, by_ref, &expected).unwrap();
    assert_eq!(
        json,
        json!({
            "text": {"$id": 2, "value": "a", "tags": [1, 2]},
            "texts": [{"$id": 3}, {"$id": 4, "value": "a", "tags": [1, 2]}],
        })
    );
}

#[test]
fn labels_are_any_numbers_and_objects_without_one_take_the_next_id() {
    let labelled = graph_to_binary(json!({
        "$id": 70,
        "lines": [{"number": 1, "order": {"$ref": 70}}],
        "customer": {"$id": 9, "name": "Ada"},
        "contacts": {"billing": {"$ref": 9}},
    }));
    let numbered = graph_to_binary(json!({
        "$id": 1,
        "lines": [{"$id": 2, "number": 1, "order": {"$ref": 1}}],
        "customer": {"$id": 3, "name": "Ada"},
        "contacts": {"billing": {"$ref": 3}},
    }));
    let numbered = numbered.expect("encodes");
    assert_eq!(labelled.expect("encodes"), numbered);
    let json = graph_to_json(&numbered).expect("decodes");
    assert_eq!(json["lines"][0]["$id"], json!(2));
    // A dead weak reference is `{}` both ways, and number 0 on the wire.
    let dead = graph_to_binary(json!({"lines": [{"number": 1, "order": {}}]})).expect("encodes");
    let line = [&[0x08, 0x01][..], &reference(0x12, Some(0), &[])].concat();
    assert_eq!(dead, reference(0x12, None, &line));
    let json = graph_to_json(&dead).expect("decodes");
    assert_eq!(json["lines"][0]["order"], json!({}));
}

/// The key of the number field leads a numbered object only in its
/// canonical five bytes, and only first: anywhere else, or spelled longer,
/// it is an unknown field of the object, which takes no number.
#[test]
fn only_the_canonical_number_key_first_numbers_an_object() {
    let after_a_field = reference(
        0x1a,
        None,
        &[b"\x0a\x01a", &NUMBER_KEY[..], &[0x05]].concat(),
    );
    let spelled_longer = reference(0x1a, None, &[0xf8, 0xff, 0xff, 0xff, 0x8f, 0x00, 0x05]);
    assert_eq!(
        graph_to_json(&after_a_field).expect("decodes"),
        json!({"$id": 1, "customer": {"$id": 2, "name": "a"}})
    );
    assert_eq!(
        graph_to_json(&spelled_longer).expect("decodes"),
        json!({"$id": 1, "customer": {"$id": 2}})
    );
    // A numbered object may have no fields; a later occurrence names it.
    let shared = [
        reference(0x1a, Some(2), &[]),
        reference(
            0x22,
            None,
            &[&[0x0a, 0x00][..], &reference(0x12, Some(2), &[])].concat(),
        ),
    ]
    .concat();
    assert_eq!(
        graph_to_json(&shared).expect("decodes"),
        json!({"$id": 1, "customer": {"$id": 2}, "contacts": {"": {"$ref": 2}}})
    );
}

/// Two spellings of one map key are one entry, the later value's: the
/// objects of the earlier are not written, and what they name takes no
/// number unless it occurs twice.
#[test]
fn a_replaced_map_entry_numbers_nothing() {
    let schema = "package b;
        message Customer { name: string = 1; }
        message Book { customer: ref Customer = 1; by_number: map<i32, weak Customer> = 2; }";
    let analysis =
        crate::analyze_text("b.schema", schema).unwrap_or_else(|error| panic!("{error}"));
    let book = find_message(&analysis.schema, "Book").unwrap();
    let to_binary = |json: Json| encode(&analysis, book, &json);
    let replaced = json!({
        "customer": {"$id": 7, "name": "a"},
        "by_number": {"0": {"$ref": 7}, "-0": {}},
    });
    let once = json!({"customer": {"name": "a"}, "by_number": {"0": {}}});
    assert_eq!(to_binary(replaced).unwrap(), to_binary(once).unwrap());
    // An object of a replaced entry may still be named, as generated
    // code's serde impls read it; only `weak`s name it, so it is gone.
    let named = to_binary(json!({
        "customer": {"name": "a"},
        "by_number": {"0": {"$id": 7}, "-0": {}, "1": {"$ref": 7}},
    }));
    let dead = json!({"customer": {"name": "a"}, "by_number": {"0": {}, "1": {}}});
    assert_eq!(named.unwrap(), to_binary(dead).unwrap());
}

/// Found by the `decode_graph` fuzz target: the first occurrence of an
/// object in a field that a later occurrence replaces is still read, and
/// a later reference may name it, as generated code reads it; and a map's
/// entries may come out of key order on the wire. JSON moves the object to
/// its first occurrence in the text, so that the JSON encodes, to the
/// graph's canonical bytes.
#[test]
fn an_object_moves_to_its_first_occurrence_in_the_text() {
    let ada = reference(0x1a, Some(2), b"\x0a\x03Ada");
    let billing = reference(0x12, Some(2), &[]);
    let contacts = reference(0x22, None, &[b"\x0a\x07billing", &billing[..]].concat());
    let customer_again = reference(0x1a, Some(2), &[]);
    let bytes = [&ada[..], &contacts, &customer_again].concat();
    let json = graph_to_json(&bytes).expect("decodes");
    assert_eq!(
        json,
        json!({
            "$id": 1,
            "customer": {"$id": 2, "name": "Ada"},
            "contacts": {"billing": {"$ref": 2}},
        })
    );
    assert_eq!(
        graph_to_binary(json).expect("encodes"),
        [&ada[..], &contacts].concat()
    );

    // A map entry replaced by a reference to the object it held.
    let entry = |value: &[u8]| reference(0x22, None, &[b"\x0a\x01a", value].concat());
    let bob = reference(0x12, Some(2), b"\x0a\x03Bob");
    let bytes = [entry(&bob), entry(&reference(0x12, Some(2), &[]))].concat();
    let json = graph_to_json(&bytes).expect("decodes");
    assert_eq!(
        json,
        json!({"$id": 1, "contacts": {"a": {"$id": 2, "name": "Bob"}}})
    );
    assert_eq!(
        graph_to_binary(json).expect("encodes"),
        entry(b"\x12\x05\x0a\x03Bob")
    );

    // Map entries out of key order on the wire: JSON writes them in key
    // order, as generated code does, the object at the first.
    let named = |key: &[u8], value: &[u8]| {
        reference(
            0x22,
            None,
            &[&[0x0a, key.len() as u8][..], key, value].concat(),
        )
    };
    let later = reference(0x12, Some(2), &[]);
    let json = graph_to_json(&[named(b"b", &bob), named(b"a", &later)].concat()).expect("decodes");
    assert_eq!(
        json,
        json!({"$id": 1, "contacts": {"a": {"$id": 2, "name": "Bob"}, "b": {"$ref": 2}}})
    );
    assert_eq!(
        graph_to_binary(json).expect("encodes"),
        [named(b"a", &bob), named(b"b", &later)].concat()
    );

    // Only references' objects move: a map entry whose key is `$id` stays.
    let schema = "package t;
        message Customer { name: string = 1; }
        message Tagged { counts: map<string, u32> = 1; first: ref Customer = 2; second: ref Customer = 3; }";
    let analysis =
        crate::analyze_text("t.schema", schema).unwrap_or_else(|error| panic!("{error}"));
    let tagged = find_message(&analysis.schema, "Tagged").unwrap();
    let counts = reference(0x0a, None, b"\x0a\x03$id\x10\x02");
    let first = reference(0x12, Some(2), b"\x0a\x03Ada");
    let bytes = [
        &counts[..],
        &first,
        &reference(0x12, Some(2), &[]),
        &reference(0x1a, Some(2), &[]),
    ]
    .concat();
    let json = decode(&analysis, tagged, &bytes).expect("decodes");
    assert_eq!(
        json,
        json!({"counts": {"$id": 2}, "first": {"$id": 2, "name": "Ada"}, "second": {"$ref": 2}})
    );
    let again = encode(&analysis, tagged, &json).expect("encodes");
    assert_eq!(
        again,
        [&counts[..], &first, &reference(0x1a, Some(2), &[])].concat()
    );

    // Replaced and named by nothing: gone, as from generated code's graph,
    // which numbers what it writes.
    let bytes = [&ada[..], &reference(0x1a, None, b"\x0a\x03Bob")].concat();
    assert_eq!(
        graph_to_json(&bytes).expect("decodes"),
        json!({"$id": 1, "customer": {"$id": 2, "name": "Bob"}})
    );
}

/// A `weak` may point at an object being read or written, which closes a
/// cycle; a `ref` may not, on the wire or in JSON.
#[test]
fn a_weak_may_point_at_an_object_being_read_and_a_ref_may_not() {
    let schema =
        "package n; message Node { value: i32 = 1; next: ref Node = 2; prev: weak Node = 3; }";
    let analysis =
        crate::analyze_text("n.schema", schema).unwrap_or_else(|error| panic!("{error}"));
    let node = find_message(&analysis.schema, "Node").unwrap();
    let to_binary = |json: Json| encode(&analysis, node, &json);
    let to_json = |bytes: &[u8]| decode(&analysis, node, bytes);
    let looped = json!({"$id": 1, "next": {"$id": 2, "value": 5, "prev": {"$ref": 2}}});
    let bytes = to_binary(looped.clone()).unwrap();
    let prev = reference(0x1a, Some(2), &[]);
    assert_eq!(
        bytes,
        reference(0x12, Some(2), &[&[0x08, 0x05][..], &prev].concat())
    );
    assert_eq!(to_json(&bytes).unwrap(), looped);

    let cycle = "a cycle through a strong reference";
    let error = to_binary(json!({"next": {"$id": 2, "next": {"$ref": 2}}})).unwrap_err();
    assert!(
        error.to_string().starts_with("n.Node.next.next: `$ref` 2"),
        "{error}"
    );
    assert!(error.to_string().contains(cycle), "{error}");
    for bytes in [
        reference(0x12, Some(1), &[]),
        reference(0x12, Some(2), &reference(0x12, Some(2), &[])),
    ] {
        let error = to_json(&bytes).unwrap_err().to_string();
        assert!(error.starts_with("n.Node.next"), "{bytes:02x?}: {error}");
        assert!(error.contains(cycle), "{bytes:02x?}: {error}");
    }
}

/// Generated code checks the `required` fields of the messages a message
/// holds, but not of graph mode's shared objects; neither do dynamic
/// messages, where a later occurrence holds its number alone.
#[test]
fn required_fields_of_shared_objects_are_not_checked() {
    let schema = "package r;
        message Customer { name: required string = 1; }
        message Order { customer: ref Customer = 1; held: Customer = 2; }";
    let analysis =
        crate::analyze_text("r.schema", schema).unwrap_or_else(|error| panic!("{error}"));
    let order = find_message(&analysis.schema, "Order").unwrap();
    // customer: an empty Customer.
    assert_eq!(
        decode(&analysis, order, &[0x0a, 0x00]).unwrap(),
        json!({"customer": {"$id": 2}})
    );
    // held: an empty Customer, a plain field, is checked.
    let error = decode(&analysis, order, &[0x12, 0x00]).unwrap_err();
    assert!(error.to_string().contains("held.name"), "{error}");
}

/// A `$ref` comes after its `$id` in field number order, the order of the
/// bytes, whatever the order of the text.
#[test]
fn labels_are_read_in_field_number_order() {
    let by_number = graph_to_binary(json!({
        "customer": {"$id": 9, "name": "a"},
        "contacts": {"x": {"$ref": 9}},
    }));
    let reversed = graph_to_binary(json!({
        "contacts": {"x": {"$ref": 9}},
        "customer": {"$id": 9, "name": "a"},
    }));
    assert_eq!(reversed.expect("reads"), by_number.expect("reads"));
}

/// A graph message's JSON has its fields by number, as generated serde
/// impls write it, where another's has them as declared.
#[test]
fn a_graph_messages_json_is_in_field_number_order() {
    let schema = "package o;
        message Customer { name: string = 1; }
        message Order { customer: ref Customer = 3; id: i64 = 1; }
        message Plain { name: string = 3; id: i64 = 1; }";
    let analysis =
        crate::analyze_text("o.schema", schema).unwrap_or_else(|error| panic!("{error}"));
    let keys = |name: &str, bytes: &[u8]| -> Vec<String> {
        let id = find_message(&analysis.schema, name).unwrap();
        let json = decode(&analysis, id, bytes).expect("decodes");
        json.as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(keys("Order", &[0x08, 0x05, 0x1a, 0x00]), ["id", "customer"]);
    assert_eq!(
        keys("Plain", &[0x08, 0x05, 0x1a, 0x01, b'a']),
        ["name", "id"]
    );
}

#[test]
fn bad_references_in_json_name_their_path() {
    let cases = [
        (
            json!({"customer": {"$ref": 2}}),
            "g.Order.customer: `$ref` 2 names no object written before it",
        ),
        (
            json!({"lines": [{"$id": 2}], "customer": {"$ref": 2}}),
            "g.Order.customer: `$ref` 2 names an object of type g.Line, not g.Customer",
        ),
        (
            json!({"$id": 1, "customer": {"$ref": 1}}),
            "g.Order.customer: `$ref` 1 names an object of type g.Order, not g.Customer",
        ),
        (
            json!({"customer": {"$id": 1, "name": "a"}, "contacts": {"x": {"$id": 1}}}),
            "g.Order.contacts[\"x\"]: `$id` 1 labels two objects",
        ),
        (
            json!({"customer": {"$ref": 1, "name": "a"}}),
            "g.Order.customer: a `$ref` holds nothing else",
        ),
        (
            json!({"customer": {"$id": -1}}),
            "g.Order.customer: an object's label is a non-negative integer, not -1",
        ),
        (
            json!({"customer": 3}),
            "g.Order.customer: expected a JSON object for a reference to g.Customer, found 3",
        ),
    ];
    for (json, expected) in cases {
        let error = graph_to_binary(json.clone())
            .expect_err(&json.to_string())
            .to_string();
        assert!(error.starts_with(expected), "{json}: {error}");
    }
}

#[test]
fn only_a_message_that_references_point_at_takes_a_label() {
    let error = to_binary(json!({"$id": 1, "id": "5"})).expect_err("Order takes no $id");
    assert_eq!(
        error.to_string(),
        "t.Order: unknown field `$id` in message t.Order"
    );
    assert!(graph_to_binary(json!({"$id": 1, "id": "5"})).is_ok());
}

#[test]
fn bad_reference_bytes_are_refused_as_generated_code_refuses_them() {
    let line = |order: Vec<u8>| reference(0x12, None, &order);
    let cases = [
        // customer: number 3, where 2 comes next.
        (
            reference(0x1a, Some(3), &[]),
            "g.Order.customer",
            "a reference to an object not seen yet",
        ),
        // customer: dead, which only a `weak` may be.
        (
            reference(0x1a, Some(0), &[]),
            "g.Order.customer",
            "a `ref` field holds no object (number 0)",
        ),
        // customer: number 2^32.
        (
            reference(
                0x1a,
                None,
                &[&NUMBER_KEY[..], &[0x80, 0x80, 0x80, 0x80, 0x10]].concat(),
            ),
            "g.Order.customer",
            "an object's number is larger than 2^32 - 1",
        ),
        // customer: a later occurrence of object 1 with a field after it.
        (
            reference(0x1a, Some(1), &[0x0a, 0x00]),
            "g.Order.customer",
            "a reference holds fields besides its object's number",
        ),
        // customer: a strong reference to the order, object 1.
        (
            reference(0x1a, Some(1), &[]),
            "g.Order.customer",
            "a strong reference to the top-level message",
        ),
        // lines[0].order: number 5, where 2 comes next.
        (
            line(reference(0x12, Some(5), &[])),
            "g.Order.lines[0].order",
            "a reference to an object not seen yet",
        ),
        // lines[0].order: dead, with a field after it.
        (
            line(reference(0x12, Some(0), &[0x08, 0x01])),
            "g.Order.lines[0].order",
            "a reference holds fields besides its object's number",
        ),
    ];
    for (bytes, path, expected) in cases {
        let error = graph_to_json(&bytes).expect_err(expected);
        assert_eq!(error.path(), path, "{bytes:02x?}: {error}");
        assert!(
            error.to_string().contains(expected),
            "{bytes:02x?}: {error}"
        );
    }
}

/// The model's wire class of every scalar and well-known type, which the
/// breaking-change checker compares and generated code expects fields
/// under, names the wire type the runtime's codec writes.
#[test]
fn wire_classes_name_the_codecs_wire_types() {
    struct WireTypeOf;
    impl CodecVisitor for WireTypeOf {
        type Output = WireType;
        fn visit<C: JsonCodec>(self) -> WireType {
            C::WIRE_TYPE
        }
    }
    let scalars =
        Scalar::ALL.map(|scalar| (ValueType::Scalar(scalar), with_codec(scalar, WireTypeOf)));
    let well_known = WellKnown::ALL.map(|known| {
        (
            ValueType::WellKnown(known),
            with_well_known(known, WireTypeOf),
        )
    });
    for (ty, codec_writes) in scalars.into_iter().chain(well_known) {
        assert_eq!(
            ty.wire_class().wire_type(),
            format!("{codec_writes:?}"),
            "{ty:?}"
        );
    }
}

/// Groups of every shape, declared in `.schema` with `[delimited = true]`,
/// beside the same message as a plain field.
const GROUPS: &str = r#"
package g;

message Search {
  result: list<Result> = 1 [delimited = true];
  paging: optional Paging = 2 [delimited = true];
  oneof cursor {
    token: Token = 3 [delimited = true];
    offset: i64 = 4;
  }
  best: optional Result = 5;

  message Result { url: string = 1; }
  message Paging { page: i32 = 1; }
  message Token { value: bytes = 1; }
}
"#;

fn groups_to_binary(json: Json) -> Result<Vec<u8>, CodecError> {
    let analysis = crate::analyze_text("g.schema", GROUPS).unwrap_or_else(|e| panic!("{e}"));
    let search = find_message(&analysis.schema, "g.Search").unwrap();
    encode(&analysis, search, &json)
}

fn groups_to_json(bytes: &[u8]) -> Result<Json, CodecError> {
    let analysis = crate::analyze_text("g.schema", GROUPS).unwrap_or_else(|e| panic!("{e}"));
    let search = find_message(&analysis.schema, "g.Search").unwrap();
    decode(&analysis, search, bytes)
}

#[test]
fn groups_travel_between_their_keys_both_ways() {
    let search = json!({
        "result": [{"url": "u"}, {}],
        "paging": {"page": 2},
        "token": {},
        "best": {"url": "u"}
    });
    let bytes = groups_to_binary(search.clone()).unwrap();
    assert_eq!(
        bytes,
        [
            0x0b, 0x0a, 0x01, b'u', 0x0c, // result[0]
            0x0b, 0x0c, // result[1], empty
            0x13, 0x08, 0x02, 0x14, // paging
            0x1b, 0x1c, // token
            0x2a, 0x03, 0x0a, 0x01, b'u', // best, length-delimited
        ]
    );
    assert_eq!(groups_to_json(&bytes).unwrap(), search);
    // A group read twice merges.
    let twice = [0x13, 0x08, 0x02, 0x14, 0x13, 0x14];
    assert_eq!(
        groups_to_json(&twice).unwrap(),
        json!({"paging": {"page": 2}})
    );
}

#[test]
fn group_keys_that_do_not_pair_up_are_refused_with_the_path() {
    let cases: [(&[u8], &str); 3] = [
        (
            &[0x0b, 0x14],
            "end-group of field 2 in the group of field 1 at byte 1",
        ),
        (
            &[0x13, 0x08, 0x02],
            "input ends in the middle of a value at byte 3",
        ),
        (
            &[0x2a, 0x01, 0x2c],
            "end-group without a matching start-group at byte 2",
        ),
    ];
    for (bytes, reason) in cases {
        let error = groups_to_json(bytes).unwrap_err();
        assert!(error.to_string().contains(reason), "{bytes:02x?}: {error}");
    }
    let error = groups_to_json(&[0x0b, 0x14]).unwrap_err();
    assert_eq!(error.path(), "g.Search.result[0]");
}

/// A known field's number under another wire type than the field's is an
/// unknown field, as protobuf's implementations read it: skipped, the
/// JSON as if it were not there. Here the group `result` (1)
/// length-delimited, the message `best` (5) as a group, and both right.
#[test]
fn a_known_number_under_another_wire_type_is_an_unknown_field() {
    assert_eq!(groups_to_json(&[0x0a, 0x00]).unwrap(), json!({}));
    assert_eq!(groups_to_json(&[0x2b, 0x2c]).unwrap(), json!({}));
    assert_eq!(
        groups_to_json(&[0x0a, 0x00, 0x0b, 0x0c, 0x2b, 0x2c, 0x2a, 0x00]).unwrap(),
        json!({"result": [{}], "best": {}})
    );
}

/// ProtoJSON writes a `google.protobuf.NullValue` as `null`, which sets
/// the field: a oneof's `null_value` member read back from `null` is set,
/// not left out (the corpus differential found `google.firestore.v1.Value`
/// and `google.api.expr.v1alpha1.Value` losing it).
#[test]
fn null_sets_a_oneof_member_of_null_value() {
    let proto = r#"
        syntax = "proto3";
        package n;
        import "google/protobuf/struct.proto";
        message Value {
          oneof kind {
            google.protobuf.NullValue null_value = 1;
            string text = 2;
          }
        }
    "#;
    let analysis = crate::analyze_text("n.proto", proto).unwrap_or_else(|error| panic!("{error}"));
    let value = find_message(&analysis.schema, "n.Value").unwrap();
    let bytes = encode(&analysis, value, &json!({ "nullValue": null })).unwrap();
    assert_eq!(bytes, [0x08, 0x00]);
    let json = decode(&analysis, value, &bytes).unwrap();
    assert_eq!(json, json!({ "null_value": null }));
    let empty = encode(&analysis, value, &json!({})).unwrap();
    assert!(empty.is_empty());
}

/// Something to do with the runtime codec of a scalar, whichever it is:
/// what generated code names, checked below.
trait CodecVisitor {
    type Output;
    fn visit<C: JsonCodec>(self) -> Self::Output;

    /// `visit`, for a codec whose values may be map keys.
    fn visit_key<C: JsonCodec + JsonKey>(self) -> Self::Output
    where
        C::Value: Ord,
        Self: Sized,
    {
        self.visit::<C>()
    }
}

/// Runs `visitor` with the runtime codec of `scalar`: by `visit_key` for
/// the scalars that may be map keys ([`Scalar::is_map_key`]).
fn with_codec<V: CodecVisitor>(scalar: Scalar, visitor: V) -> V::Output {
    match scalar {
        Scalar::I32 => visitor.visit_key::<codec::Int32>(),
        Scalar::I64 => visitor.visit_key::<codec::Int64>(),
        Scalar::U32 => visitor.visit_key::<codec::Uint32>(),
        Scalar::U64 => visitor.visit_key::<codec::Uint64>(),
        Scalar::Sint32 => visitor.visit_key::<codec::Sint32>(),
        Scalar::Sint64 => visitor.visit_key::<codec::Sint64>(),
        Scalar::Fixed32 => visitor.visit_key::<codec::Fixed32>(),
        Scalar::Fixed64 => visitor.visit_key::<codec::Fixed64>(),
        Scalar::Sfixed32 => visitor.visit_key::<codec::Sfixed32>(),
        Scalar::Sfixed64 => visitor.visit_key::<codec::Sfixed64>(),
        Scalar::F32 => visitor.visit::<codec::Float>(),
        Scalar::F64 => visitor.visit::<codec::Double>(),
        Scalar::Bool => visitor.visit_key::<codec::Bool>(),
        Scalar::String => visitor.visit_key::<codec::String>(),
        Scalar::Bytes => visitor.visit::<codec::Bytes>(),
        Scalar::Decimal => visitor.visit::<codec::Decimal>(),
        Scalar::Value => visitor.visit::<codec::Value>(),
    }
}

/// Runs `visitor` with the runtime codec of the well-known type `known`.
fn with_well_known<V: CodecVisitor>(known: WellKnown, visitor: V) -> V::Output {
    match known {
        WellKnown::Timestamp => visitor.visit::<codec::Timestamp>(),
        WellKnown::Duration => visitor.visit::<codec::Duration>(),
        WellKnown::Empty => visitor.visit::<codec::Empty>(),
        WellKnown::FieldMask => visitor.visit::<codec::FieldMask>(),
        WellKnown::Struct => visitor.visit::<codec::Struct>(),
        WellKnown::Value => visitor.visit::<codec::StructValue>(),
        WellKnown::ListValue => visitor.visit::<codec::ListValue>(),
        WellKnown::NullValue => visitor.visit::<codec::NullValue>(),
        WellKnown::Any => visitor.visit::<codec::Any>(),
        WellKnown::DoubleValue => visitor.visit::<codec::DoubleValue>(),
        WellKnown::FloatValue => visitor.visit::<codec::FloatValue>(),
        WellKnown::Int64Value => visitor.visit::<codec::Int64Value>(),
        WellKnown::UInt64Value => visitor.visit::<codec::UInt64Value>(),
        WellKnown::Int32Value => visitor.visit::<codec::Int32Value>(),
        WellKnown::UInt32Value => visitor.visit::<codec::UInt32Value>(),
        WellKnown::BoolValue => visitor.visit::<codec::BoolValue>(),
        WellKnown::StringValue => visitor.visit::<codec::StringValue>(),
        WellKnown::BytesValue => visitor.visit::<codec::BytesValue>(),
    }
}

/// Something to do with the codec of a map key, whichever it is.
trait KeyVisitor {
    type Output;
    fn visit<C: JsonCodec + JsonKey>(self) -> Self::Output
    where
        C::Value: Ord;
}

/// Runs `visitor` with the runtime codec of map key type `scalar`, or
/// returns `None` for a scalar that cannot be a key (check rules them out).
fn with_key_codec<V: KeyVisitor>(scalar: Scalar, visitor: V) -> Option<V::Output> {
    /// `visitor`, called for key codecs only.
    struct Keys<V>(V);

    impl<V: KeyVisitor> CodecVisitor for Keys<V> {
        type Output = Option<V::Output>;

        fn visit<C: JsonCodec>(self) -> Self::Output {
            None
        }

        fn visit_key<C: JsonCodec + JsonKey>(self) -> Self::Output
        where
            C::Value: Ord,
        {
            Some(self.0.visit::<C>())
        }
    }

    with_codec(scalar, Keys(visitor))
}
