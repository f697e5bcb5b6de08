//! Transcoding extensions: `"[full.name]"` members to fields in the
//! extension ranges, after the message's fields, and back; a message set's
//! as items.

use serde_json::{Value as Json, json};

use super::{decode, encode};
use crate::Analysis;
use crate::transcode::{CodecError, find_message};

const SCHEMA: &str = r#"
package t;

message Item {
  sku: string = 1;
  extensions 100 to 199;
}

enum Grade { GRADE_UNKNOWN = 0; GRADE_A = 1; }

message Note { text: string = 1; }

extend Item {
  shelf: i32 = 100;
  grades: list<Grade> = 101;
  note: Note = 102;
}

message Scope {
  extend Item { flag: bool = 110; }
}

message Ledger {
  option message_set_wire_format = true;
  extensions 4 to max;
}

message Receipt {
  extend Ledger { receipt: Receipt = 1547769; }
  number: string = 1;
}
"#;

fn analysis() -> Analysis {
    crate::analyze_text("t.schema", SCHEMA).unwrap_or_else(|error| panic!("{error}"))
}

fn to_binary(message: &str, json: Json) -> Result<Vec<u8>, CodecError> {
    let analysis = analysis();
    let id = find_message(&analysis.schema, message).unwrap();
    encode(&analysis, id, &json)
}

fn to_json(message: &str, bytes: &[u8]) -> Result<Json, CodecError> {
    let analysis = analysis();
    let id = find_message(&analysis.schema, message).unwrap();
    decode(&analysis, id, bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[test]
fn extensions_are_written_after_the_fields_by_number_and_read_back() {
    let item = json!({
        "[t.Scope.flag]": false,
        "[t.note]": {"text": "x"},
        "sku": "A",
        "[t.shelf]": 0,
        "[t.grades]": ["GRADE_A", "GRADE_UNKNOWN"],
    });
    let bytes = to_binary("Item", item.clone()).unwrap();
    // sku; shelf 0 (presence: a set zero is written); grades packed;
    // note; flag false.
    assert_eq!(hex(&bytes), "0a0141a00600aa06020100b206030a0178f00600");
    assert_eq!(to_json("Item", &bytes).unwrap(), item);
}

#[test]
fn a_message_set_s_extensions_are_items_and_read_by_either_name() {
    let bytes = to_binary("Ledger", json!({"[t.Receipt.receipt]": {"number": "R"}})).unwrap();
    assert_eq!(hex(&bytes), "0b10f9bb5e1a030a01520c");
    let alias = to_binary("Ledger", json!({"[t.Receipt]": {"number": "R"}})).unwrap();
    assert_eq!(alias, bytes);
    assert_eq!(
        to_json("Ledger", &bytes).unwrap(),
        json!({"[t.Receipt.receipt]": {"number": "R"}})
    );
}

#[test]
fn unknown_bracketed_keys_and_bad_values_are_errors_with_paths() {
    let error = to_binary("Item", json!({"[t.nothing]": 1})).unwrap_err();
    assert_eq!(
        error.to_string(),
        "t.Item: unknown field `[t.nothing]` in message t.Item"
    );
    let error = to_binary("Item", json!({"[t.note]": {"text": 5}})).unwrap_err();
    assert_eq!(error.path(), "t.Item.[t.note].text");
    // Field 100 as a fixed32, where `shelf` is an i32: an unknown field,
    // as protobuf's implementations read it, which JSON leaves out.
    assert_eq!(
        to_json("Item", &[0xa5, 0x06, 1, 2, 3, 4]).unwrap(),
        json!({})
    );
    // Its value is still read: a truncated one is an error.
    let error = to_json("Item", &[0xa5, 0x06, 1, 2]).unwrap_err();
    assert!(error.to_string().contains("ends in the middle"), "{error}");
}

#[test]
fn fields_of_extensions_the_schema_does_not_declare_are_skipped() {
    // Field 150, in Item's range; an item of type 9 in the message set.
    assert_eq!(to_json("Item", &[0xb0, 0x09, 0x1e]).unwrap(), json!({}));
    let item = [0x0b, 0x10, 0x09, 0x1a, 0x00, 0x0c];
    assert_eq!(to_json("Ledger", &item).unwrap(), json!({}));
}
