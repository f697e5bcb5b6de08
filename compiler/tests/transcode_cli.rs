//! `schemac encode` and `schemac decode` on the flagship schema: JSON to
//! bytes and back gives the same JSON, for values covering every field type
//! of order.schema; bad input exits 1 with the field path.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{Value as Json, json};

/// Runs schemac from the workspace root with `input` on stdin.
fn schemac(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_schemac"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("schemac runs");
    // schemac may exit before reading everything; a closed pipe is fine.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("schemac finishes")
}

/// The flagship schema, which most tests transcode with.
const ORDER_SCHEMA: &str = "schemas/order.schema";

fn encode(message: &str, json: &Json) -> Vec<u8> {
    encode_with(ORDER_SCHEMA, message, json)
}

fn decode(message: &str, bytes: &[u8]) -> Json {
    decode_with(ORDER_SCHEMA, message, bytes)
}

/// `schemac encode` of `json` as `message` of `schema`, which must succeed.
fn encode_with(schema: &str, message: &str, json: &Json) -> Vec<u8> {
    let output = schemac(&["encode", schema, message], json.to_string().as_bytes());
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// `schemac decode` of `bytes` as `message` of `schema`, which must succeed.
fn decode_with(schema: &str, message: &str, bytes: &[u8]) -> Json {
    let output = schemac(&["decode", schema, message], bytes);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("decode prints JSON")
}

/// Orders that between them set every field of every message in
/// order.schema, at typical and extreme values.
fn orders() -> Vec<Json> {
    vec![
        json!({}),
        json!({
            "id": "1000042",
            "description": "Spring restock",
            "total_cost": "19.99",
            "order_lines": [
                {"line_number": 1, "description": "Widget", "cost": "19.99", "quantity": 12},
                {}
            ],
            "customer": {"id": "4711", "name": "Ada", "email": "ada@example.com"},
            "status": "PAID",
            "attributes": {
                "gift": true,
                "priority": {"$i32": 2},
                "points": 15000,
                "weight": {"$f32": 1.25},
                "distance": 12.5,
                "discount": {"$decimal": "0.10"},
                "note": "leave at the door"
            }
        }),
        json!({
            "id": "-9223372036854775808",
            "description": "\u{0}\n\"quoted\" 🦀",
            "total_cost": "-0.0000000000000000000000000001",
            "order_lines": [{
                "line_number": -2147483648,
                "cost": "-79228162514264337593543950335",
                "quantity": 4294967295u64
            }],
            "customer": {"email": ""},
            "status": -7,
            "attributes": {
                "null": null,
                "u32": {"$u32": 4294967295u64},
                "u64": {"$u64": "18446744073709551615"},
                "nan": {"$f64": "NaN"},
                "bytes": {"$bytes": "AP8="},
                "zero_cents": {"$decimal": "0.00"},
                "list": [null, [], {"$i32": -1}],
                "map": {"$map": {"$i32": {}}}
            }
        }),
    ]
}

#[test]
fn encode_then_decode_gives_back_the_same_json() {
    for order in orders() {
        let bytes = encode("shop.Order", &order);
        assert_eq!(decode("shop.Order", &bytes), order, "bytes {bytes:02x?}");
    }
}

#[test]
fn the_message_may_be_named_without_its_package() {
    let order = json!({"id": "5"});
    assert_eq!(encode("Order", &order), [0x08, 0x05]);
}

#[test]
fn bad_json_exits_1_naming_the_field() {
    let output = schemac(
        &["encode", "schemas/order.schema", "shop.Order"],
        br#"{"order_lines": [{}, {"quantity": -1}]}"#,
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("Order.order_lines[1].quantity"), "{text}");

    let output = schemac(
        &["encode", "schemas/order.schema", "shop.Order"],
        b"{not json",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not valid JSON"));
}

#[test]
fn bad_bytes_exit_1_naming_the_field() {
    // order_lines[0].description: a string of length 2 holding invalid UTF-8.
    let output = schemac(
        &["decode", "schemas/order.schema", "shop.Order"],
        &[0x22, 0x04, 0x12, 0x02, 0xff, 0xfe],
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("Order.order_lines[0].description"), "{text}");
    assert!(text.contains("UTF-8"), "{text}");
}

#[test]
fn an_unknown_message_exits_1() {
    let output = schemac(&["decode", "schemas/order.schema", "Invoice"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no message named `Invoice`"));
}

/// Graph mode through the command line: `$id` and `$ref` to bytes and
/// back, on tests/graph's schema; a `$ref` to nothing exits 1 naming it.
#[test]
fn a_graph_round_trips_with_its_ids_and_a_bad_reference_exits_1() {
    let schema = "tests/graph/schemas/graph.schema";
    let order = json!({
        "$id": 1,
        "id": "5",
        "lines": [{"$id": 2, "line_number": 1, "description": "a", "order": {"$ref": 1}}],
        "customer": {"$id": 3, "id": "7", "name": "Ada"},
        "contacts": {"billing": {"$ref": 3}},
    });
    let encoded = encode_with(schema, "shop.Order", &order);
    assert_eq!(encoded.windows(3).filter(|w| *w == b"Ada").count(), 1);
    assert_eq!(decode_with(schema, "shop.Order", &encoded), order);

    let bad = json!({"customer": {"$ref": 9}});
    let output = schemac(
        &["encode", schema, "shop.Order"],
        bad.to_string().as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("Order.customer: `$ref` 9 names no object written before it"),
        "{stderr}"
    );
}

/// `schemac decode --format text` writes protobuf's text format, which
/// `schemac encode --format text` reads back to the same bytes: for every
/// order, and for a `.proto` message with a group, an extension, a map
/// and a closed enum's unknown number (tests/protos' inventory).
#[test]
fn text_format_round_trips_through_decode_and_encode() {
    for json in orders() {
        let bytes = encode("shop.Order", &json);
        let output = schemac(
            &["decode", ORDER_SCHEMA, "shop.Order", "--format", "text"],
            &bytes,
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).expect("text is UTF-8");
        let output = schemac(
            &["encode", ORDER_SCHEMA, "shop.Order", "--format", "text"],
            text.as_bytes(),
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}\n{text}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(output.stdout, bytes, "{text}");
    }
    let text = "id: 42\ndescription: \"Spring \\\"restock\\\"\"\norder_lines { line_number: 1 quantity: 12 }\nstatus: PAID\n";
    let output = schemac(
        &["encode", ORDER_SCHEMA, "Order", "--format", "text"],
        text.as_bytes(),
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json = decode("shop.Order", &output.stdout);
    assert_eq!(json["description"], "Spring \"restock\"");
    assert_eq!(json["status"], "PAID");
}

/// Text that does not parse exits 1, naming the line and column.
#[test]
fn bad_text_exits_1_at_its_line_and_column() {
    let text = "id: 42\nstatus: NOT_A_STATUS\n";
    let output = schemac(
        &["encode", ORDER_SCHEMA, "shop.Order", "--format", "text"],
        text.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("<stdin>:2:"), "{stderr}");
    assert!(stderr.contains("NOT_A_STATUS"), "{stderr}");
}
