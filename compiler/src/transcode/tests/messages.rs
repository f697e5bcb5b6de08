//! The codec of `schemac encode` and `decode`, dynamic messages: every
//! message of a schema, `decimal`, `value` and references among them, and
//! the errors of each way.

use serde_json::json;

use super::super::{Codec, CodecError, find_message};
use crate::JsonNames;

const SCHEMA: &str = r#"
package c;

message Plain { name: string = 1; }
message Money { amount: decimal = 1; }
message Holder { money: list<Money> = 1; plain: Plain = 2; }
message Dynamic { attributes: map<string, value> = 1; }
message Node { next: ref Node = 1; }
message Far { holder: Holder = 1; }
message Graph { nodes: list<Node> = 1; }
message Held { held: value = 1; }
"#;

/// A file exported as proto2 (for its `required`), whose `decimal`
/// without `optional` says it has no presence with
/// `(schemac.implicit_presence)`.
const PROTO2: &str = r#"
package p;

message Money { id: required i64 = 1; amount: decimal = 2; kept: optional decimal = 3; }
"#;

#[test]
fn every_message_reads_back_its_json_and_errors_name_their_field() {
    let analysis = crate::analyze_text("c.schema", SCHEMA).unwrap_or_else(|e| panic!("{e}"));
    let codec = Codec::new(&analysis);
    let schema = &analysis.schema;
    let cases = [
        ("c.Plain", json!({"name": "Ada"})),
        (
            "c.Far",
            json!({"holder": {"money": [{"amount": "1.50"}, {}]}}),
        ),
        ("c.Dynamic", json!({"attributes": {"n": {"$i32": 3}}})),
        ("c.Graph", json!({"nodes": [{"next": {"$id": 2}}, {}]})),
    ];
    for (name, value) in cases {
        let id = find_message(schema, name).unwrap();
        let bytes = codec.json_to_bytes(id, &value).expect("encodes");
        let back = codec.bytes_to_json(id, &bytes, JsonNames::Schema).unwrap();
        assert_eq!(back, value, "{name}");
    }
    // The errors of each path.
    let plain = find_message(schema, "c.Plain").unwrap();
    let error = codec.json_to_bytes(plain, &json!({"name": 1})).unwrap_err();
    assert!(matches!(error, CodecError::Json(_)), "{error}");
    assert!(error.to_string().starts_with("c.Plain.name: "), "{error}");
    let money = find_message(schema, "c.Money").unwrap();
    let error = codec
        .json_to_bytes(money, &json!({"amount": true}))
        .unwrap_err();
    assert!(matches!(error, CodecError::Json(_)), "{error}");
    assert!(error.to_string().starts_with("c.Money.amount: "), "{error}");
    let node = find_message(schema, "c.Node").unwrap();
    let error = codec.json_to_bytes(node, &json!({"next": 1})).unwrap_err();
    assert!(matches!(error, CodecError::Json(_)), "{error}");
    assert!(error.to_string().starts_with("c.Node.next: "), "{error}");
}

/// Bytes of field `number` holding a decimal: `unscaled`, then `scale`.
fn decimal_field(number: u8, unscaled: &[u8], scale: u8) -> Vec<u8> {
    let mut decimal = vec![0x0a, unscaled.len() as u8];
    decimal.extend_from_slice(unscaled);
    if scale != 0 {
        decimal.extend([0x10, scale]);
    }
    let mut field = vec![number << 3 | 2, decimal.len() as u8];
    field.extend(decimal);
    field
}

#[test]
fn a_decimal_reads_as_generated_code_reads_it_through_dynamic_messages() {
    for (text, name, number, prefix) in [
        (SCHEMA, "c.Money", 1, Vec::new()),
        (PROTO2, "p.Money", 2, vec![0x08, 0x07]),
    ] {
        let analysis = crate::analyze_text("m.schema", text).unwrap_or_else(|e| panic!("{e}"));
        let codec = Codec::new(&analysis);
        let schema = &analysis.schema;
        let money = find_message(schema, name).unwrap();
        // A zero decimal without presence is left out, as generated code
        // leaves it out, where a message field would keep it.
        let zero = [prefix.clone(), decimal_field(number, &[0], 0)].concat();
        let json = codec.bytes_to_json(money, &zero, JsonNames::Proto).unwrap();
        assert_eq!(json.get("amount"), None, "{name}: {json}");
        assert_eq!(codec.json_to_bytes(money, &json).unwrap(), prefix, "{name}");
        // A later occurrence replaces an earlier one whole, where two
        // messages would merge into 5 at scale 1, 0.5.
        let twice = [
            prefix.clone(),
            decimal_field(number, &[5], 2),
            decimal_field(number, &[], 1),
        ]
        .concat();
        let json = codec
            .bytes_to_json(money, &twice, JsonNames::Proto)
            .unwrap();
        assert_eq!(json["amount"], "0.0", "{name}");
    }
    // With `optional`, a zero is kept.
    let analysis = crate::analyze_text("m.schema", PROTO2).unwrap_or_else(|e| panic!("{e}"));
    let codec = Codec::new(&analysis);
    let money = find_message(&analysis.schema, "p.Money").unwrap();
    let kept = [vec![0x08, 0x07], decimal_field(3, &[0], 0)].concat();
    let json = codec.bytes_to_json(money, &kept, JsonNames::Proto).unwrap();
    assert_eq!(json, json!({"id": "7", "kept": "0"}));
}

#[test]
fn a_value_read_twice_merges_as_generated_code_merges_it() {
    let analysis = crate::analyze_text("c.schema", SCHEMA).unwrap_or_else(|e| panic!("{e}"));
    let codec = Codec::new(&analysis);
    let held = find_message(&analysis.schema, "c.Held").unwrap();
    // `held` holding a list of one `i32` 1, twice: the lists append, as
    // generated code appends them, where a decimal would be replaced.
    let once = [0x0a, 0x06, 0x62, 0x04, 0x0a, 0x02, 0x18, 0x02];
    let twice = [once, once].concat();
    let json = codec
        .bytes_to_json(held, &twice, JsonNames::Schema)
        .unwrap();
    assert_eq!(json, json!({"held": [{"$i32": 1}, {"$i32": 1}]}));
}

#[test]
fn what_generated_code_refuses_in_a_value_read_twice_is_refused() {
    let analysis = crate::analyze_text("c.schema", SCHEMA).unwrap_or_else(|e| panic!("{e}"));
    let codec = Codec::new(&analysis);
    let held = find_message(&analysis.schema, "c.Held").unwrap();
    // A value holding a decimal of 13 bytes, more than 96 bits, then a
    // value holding `i32` 1, which would replace it as a oneof's member.
    let decimal = [[0x0a, 13].as_slice(), &[0x7f; 13]].concat();
    let value = [[0x5a, decimal.len() as u8].as_slice(), &decimal].concat();
    let bytes = [
        [0x0a, value.len() as u8].as_slice(),
        &value,
        &[0x0a, 0x02, 0x18, 0x02],
    ]
    .concat();
    let error = (codec.bytes_to_json(held, &bytes, JsonNames::Schema)).unwrap_err();
    assert!(matches!(error, CodecError::Decode(_)), "{error}");
    assert!(error.to_string().contains("96 bits"), "{error}");
}

#[test]
fn the_text_format_refuses_a_decimal_generated_code_cannot_hold() {
    let analysis = crate::analyze_text("c.schema", SCHEMA).unwrap_or_else(|e| panic!("{e}"));
    let codec = Codec::new(&analysis);
    let money = find_message(&analysis.schema, "c.Money").unwrap();
    let fits = r#"amount { unscaled: "\001\000" scale: 2 }"#;
    let bytes = codec.text_to_bytes(money, fits).expect("2.56 reads");
    let json = codec
        .bytes_to_json(money, &bytes, JsonNames::Schema)
        .unwrap();
    assert_eq!(json, json!({"amount": "2.56"}));
    // As generated code holds them: a zero without presence left out, a
    // negative scale read as the integer it makes.
    assert!(codec.text_to_bytes(money, "amount { }").unwrap().is_empty());
    let thousand = r#"amount { unscaled: "\n" scale: -2 }"#;
    let bytes = codec.text_to_bytes(money, thousand).unwrap();
    let text = codec.bytes_to_text(money, &bytes).unwrap();
    assert_eq!(codec.text_to_bytes(money, &text).unwrap(), bytes, "{text}");
    let json = codec
        .bytes_to_json(money, &bytes, JsonNames::Schema)
        .unwrap();
    assert_eq!(json, json!({"amount": "1000"}));
    // 13 bytes of digits, more than 96 bits: in a list, and in a value.
    let too_long = r#"\177\377\377\377\377\377\377\377\377\377\377\377\377"#;
    let holder = find_message(&analysis.schema, "c.Holder").unwrap();
    let held = find_message(&analysis.schema, "c.Held").unwrap();
    for (id, text) in [
        (money, format!(r#"amount {{ unscaled: "{too_long}" }}"#)),
        (
            holder,
            format!(r#"money {{ amount {{ unscaled: "{too_long}" }} }}"#),
        ),
        (
            held,
            format!(r#"held {{ decimal_value {{ unscaled: "{too_long}" }} }}"#),
        ),
    ] {
        let error = codec.text_to_bytes(id, &text).unwrap_err();
        assert!(matches!(error, CodecError::Text(_)), "{error}");
        assert!(error.to_string().contains("96 bits"), "{text}: {error}");
    }
}

/// Setting a decimal checks it as reading its bytes does: one of more than
/// 96 bits is refused, and one generated code holds otherwise is held as
/// it holds it.
#[test]
fn setting_a_decimal_generated_code_cannot_hold_is_refused() {
    use schemac_runtime::reflect::{DynamicMessage, MapKey, Value};
    let analysis = crate::analyze_text("c.schema", SCHEMA).unwrap_or_else(|e| panic!("{e}"));
    let codec = Codec::new(&analysis);
    let money = codec
        .descriptor(find_message(&analysis.schema, "c.Money").unwrap())
        .unwrap();
    let amount = money.field_by_name("amount").unwrap();
    let Value::Message(zero) = Value::default_of(amount) else {
        panic!("a decimal is a message");
    };
    let decimal = |unscaled: &[u8], scale: i32| {
        let mut decimal = zero.clone();
        decimal
            .set_by_name("unscaled", Value::Bytes(unscaled.to_vec()))
            .unwrap();
        decimal.set_by_name("scale", Value::I32(scale)).unwrap();
        Value::Message(decimal)
    };
    let mut message = DynamicMessage::new(money);
    let error = (message.set(amount, decimal(&[0x7f; 13], 0))).unwrap_err();
    assert!(error.to_string().contains("96 bits"), "{error}");
    assert!(!message.has(amount), "nothing changed");
    // 10 at scale -2 is held as generated code holds it: 1000.
    message.set(amount, decimal(b"\n", -2)).unwrap();
    let json = codec
        .bytes_to_json(
            find_message(&analysis.schema, "c.Money").unwrap(),
            &message.encode_to_vec(),
            JsonNames::Schema,
        )
        .unwrap();
    assert_eq!(json, json!({"amount": "1000"}));
    let Some(Value::Message(held)) = message.get_by_name("amount").as_deref().cloned() else {
        panic!("a decimal is a message");
    };
    assert_eq!(held.get_by_name("scale").as_deref(), Some(&Value::I32(0)));
    // A map's values too.
    let analysis = crate::analyze_text(
        "d.schema",
        "package d; message D { ds: map<string, decimal> = 1; }",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let codec = Codec::new(&analysis);
    let d = codec
        .descriptor(find_message(&analysis.schema, "d.D").unwrap())
        .unwrap();
    let ds = d.field_by_name("ds").unwrap();
    let (_, value) = ds.map_entry().unwrap();
    let Value::Message(zero) = Value::default_of(value) else {
        panic!("a decimal is a message");
    };
    let mut too_long = zero.clone();
    too_long
        .set_by_name("unscaled", Value::Bytes(vec![0x7f; 13]))
        .unwrap();
    let entries = [(MapKey::String("a".into()), Value::Message(too_long))];
    let error = DynamicMessage::new(d).set(ds, Value::Map(entries.into_iter().collect()));
    assert!(error.unwrap_err().to_string().contains("96 bits"));
}
