//! The generated test messages beside the suite: groups read and written
//! as Google's protobuf does, and refused where its later suites refuse
//! them; the extension and the message set read and written as protobuf's
//! are; and the suite's JSON `Any` of a test message reads and writes as
//! ProtoJSON has it.

use schemac_conformance::protobuf_test_messages::{proto2, proto3};
use schemac_runtime::wkt::Any;
use schemac_runtime::{Extendable, Message};

use proto2::test_all_types_proto2::{
    MessageSetCorrect, MessageSetCorrectExtension1, message_set_correct_extension1,
};

/// The group `Data = 201 { group_int32 = 202 }` is read as the field
/// `data`, and written back between its keys; the extension
/// `extension_int32 = 120` is read as the extension, and written back
/// after the fields.
#[test]
fn groups_are_fields_and_the_extension_is_read() {
    let bytes = [
        0xcb, 0x0c, // field 201, start-group
        0xd0, 0x0c, 0x05, // field 202, varint 5
        0xcc, 0x0c, // field 201, end-group
        0xc0, 0x07, 0x07, // field 120, varint 7
    ];
    let message = proto2::TestAllTypesProto2::decode(&bytes).unwrap();
    let data = message.data.as_ref().expect("the group is a field");
    assert_eq!((data.group_int32, data.group_uint32), (Some(5), None));
    assert_eq!(message.extension(&proto2::EXTENSION_INT32), Ok(Some(7)));
    assert_eq!(message.try_encode_to_vec().unwrap(), bytes);
    // The suite's JSON key of the extension.
    let json = serde_json::to_value(&message).unwrap();
    assert_eq!(json["[protobuf_test_messages.proto2.extension_int32]"], 7);
    assert_eq!(
        serde_json::to_string(&message.data).unwrap(),
        r#"{"groupInt32":5}"#
    );
    // A group that does not end is an error, never a panic.
    let error = proto2::TestAllTypesProto2::decode(&bytes[..5]).unwrap_err();
    assert!(error.is_truncated(), "{error}");
    assert_eq!(error.path(), "TestAllTypesProto2.data");
}

/// A key of `number` and wire type `wire_type`.
fn key(number: u32, wire_type: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut key = u64::from(number) << 3 | u64::from(wire_type);
    while key >= 0x80 {
        bytes.push(key as u8 | 0x80);
        key >>= 7;
    }
    bytes.push(key as u8);
    bytes
}

/// Field `number` holding `payload` after its length.
fn len(number: u32, payload: &[u8]) -> Vec<u8> {
    [key(number, 2), vec![payload.len() as u8], payload.to_vec()].concat()
}

/// Field `number` as a group holding `payload`.
fn group(number: u32, payload: &[u8]) -> Vec<u8> {
    [key(number, 3), payload.to_vec(), key(number, 4)].concat()
}

/// Start-group and end-group keys that do not pair up, of known and
/// unknown fields, groups and not, at the top and nested, each refused by
/// both test messages: the `Unmatched*Group*`, `Mismatched*GroupTags`,
/// `GroupCrossingSubmessageBoundary` and `GroupRecursionLimit` cases of
/// Google's later suites, which the 3.21.12 runner lacks. Field 201 is the
/// group `Data` in proto2 and a message (`BoolValue`) in proto3, 18 a
/// message, 1 an `int32`, 1234 unknown.
#[test]
fn unpaired_group_keys_are_refused() {
    let hello = len(2, b"hello world");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("an end key alone", key(201, 4)),
        ("an unknown field's end key", key(1234, 4)),
        ("the end key of a field that is no group", key(1, 4)),
        ("an end key in a submessage", len(18, &key(1234, 4))),
        ("an end key in a group", group(201, &key(202, 4))),
        (
            "an end key before data",
            [key(1, 4), hello.clone()].concat(),
        ),
        ("a start key alone", key(201, 3)),
        ("an unknown field's start key", key(1234, 3)),
        ("the start key of a field that is no group", key(1, 3)),
        ("a start key in a submessage", len(18, &key(1234, 3))),
        ("a start key in a group", group(201, &key(202, 3))),
        (
            "a start key before data",
            [key(1, 3), hello.clone()].concat(),
        ),
        (
            "a group ended by another number",
            [key(201, 3), hello.clone(), key(202, 4)].concat(),
        ),
        (
            "a nested group ended by another number",
            group(201, &[key(202, 3), hello.clone(), key(203, 4)].concat()),
        ),
        (
            "a group ended outside its submessage",
            [len(18, &key(1234, 3)), key(1234, 4), vec![0x10, 0x07]].concat(),
        ),
        ("start keys past the recursion limit", vec![0x7b; 50_000]),
    ];
    for (case, bytes) in &cases {
        let proto2 = proto2::TestAllTypesProto2::decode(bytes);
        assert!(proto2.is_err(), "proto2 read {case}: {proto2:?}");
        let proto3 = proto3::TestAllTypesProto3::decode(bytes);
        assert!(proto3.is_err(), "proto3 read {case}: {proto3:?}");
    }
    // Paired, such keys read: the group `Data` holding an unknown group,
    // and unknown groups nested.
    let paired = group(201, &[group(1234, &hello), hello.clone()].concat());
    assert!(proto2::TestAllTypesProto2::decode(&paired).is_ok());
    let paired = group(1234, &[group(1235, &hello), hello.clone()].concat());
    assert!(proto2::TestAllTypesProto2::decode(&paired).is_ok());
    assert!(proto3::TestAllTypesProto3::decode(&paired).is_ok());
}

/// The suite's `Any` and `AnyUnorderedTypeTag`: an `Any` of a registered
/// test message is its fields beside `@type`, in any order.
#[test]
fn anys_of_test_messages_have_protojson() {
    Any::register_json::<proto3::TestAllTypesProto3>();
    let text = r#"{"optionalAny": {"optionalInt32": 12345,
        "@type": "type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3"}}"#;
    let message: proto3::TestAllTypesProto3 = serde_json::from_str(text).unwrap();
    let inner = message
        .optional_any
        .as_ref()
        .and_then(|any| any.unpack::<proto3::TestAllTypesProto3>().unwrap())
        .unwrap();
    assert_eq!(inner.optional_int32, 12345);
    assert_eq!(
        serde_json::to_string(&message).unwrap(),
        r#"{"optionalAny":{"@type":"type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3","optionalInt32":12345}}"#
    );
}

/// The message set `MessageSetCorrect` writes its extension as the item
/// protobuf writes, and reads it back.
#[test]
fn the_message_set_reads_and_writes_items() {
    let mut set = MessageSetCorrect::default();
    let extension = MessageSetCorrectExtension1 {
        str: Some("x".to_owned()),
        ..Default::default()
    };
    set.set_extension(
        &message_set_correct_extension1::MESSAGE_SET_EXTENSION,
        extension.clone(),
    );
    let bytes = set.try_encode_to_vec().unwrap();
    // Group 1 { type_id (2) = 1547769, message (3) { str (25) = "x" } }.
    assert_eq!(
        bytes,
        [
            0x0b, 0x10, 0xf9, 0xbb, 0x5e, 0x1a, 0x04, 0xca, 0x01, 0x01, b'x', 0x0c
        ]
    );
    let read = MessageSetCorrect::decode(&bytes).unwrap();
    assert_eq!(
        read.extension(&message_set_correct_extension1::MESSAGE_SET_EXTENSION),
        Ok(Some(extension))
    );
}
