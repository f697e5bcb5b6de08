//! The codec of `schemac encode` and `decode`: which messages go through
//! dynamic messages, and that both ways give the transcoder's JSON and
//! generated code's bytes where both apply.

use serde_json::json;

use super::super::messages::beyond_descriptors;
use super::super::{Codec, CodecError, decode, encode, find_message};
use crate::JsonNames;
use schemac_runtime::DecodeOptions;

const SCHEMA: &str = r#"
package c;

message Plain { name: string = 1; }
message Money { amount: decimal = 1; }
message Holder { money: list<Money> = 1; plain: Plain = 2; }
message Dynamic { attributes: map<string, value> = 1; }
message Node { next: ref Node = 1; }
message Far { holder: Holder = 1; }
"#;

#[test]
fn only_messages_that_reach_decimal_value_or_references_go_beyond_descriptors() {
    let analysis = crate::analyze_text("c.schema", SCHEMA).unwrap_or_else(|e| panic!("{e}"));
    let marks = beyond_descriptors(&analysis.schema);
    let mut beyond: Vec<&str> = (analysis.schema.message_ids())
        .filter(|(id, _)| marks[id.0 as usize])
        .map(|(_, message)| message.name.as_str())
        .collect();
    beyond.sort();
    assert_eq!(beyond, ["Dynamic", "Far", "Holder", "Money", "Node"]);
}

#[test]
fn both_paths_give_the_transcoders_json_and_bytes() {
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
    ];
    for (name, value) in cases {
        let id = find_message(schema, name).unwrap();
        let bytes = codec.json_to_bytes(id, &value).expect("encodes");
        assert_eq!(bytes, encode(schema, id, &value).unwrap(), "{name}");
        let back = codec.bytes_to_json(id, &bytes, JsonNames::Schema).unwrap();
        let transcoded = decode(schema, id, &bytes, &DecodeOptions::new()).unwrap();
        assert_eq!(back, transcoded, "{name}");
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
    assert!(matches!(error, CodecError::Transcode(_)), "{error}");
    assert!(error.to_string().starts_with("c.Money.amount: "), "{error}");
    // A zero decimal with implicit presence is left out, as generated code
    // leaves it out; a dynamic message over the descriptor would keep it.
    let zero = [0x0a, 0x03, 0x0a, 0x01, 0x00];
    let json = codec.bytes_to_json(money, &zero, JsonNames::Proto).unwrap();
    assert_eq!(json, json!({}));
}
