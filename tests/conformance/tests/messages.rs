//! The generated test messages beside the suite: what the derivative of
//! `test_messages_proto2.proto` leaves out still travels, its extension and
//! its message set read and write as protobuf's do, and the suite's JSON
//! `Any` of a test message reads and writes as ProtoJSON has it.

use schemac_conformance::protobuf_test_messages::{proto2, proto3};
use schemac_runtime::wkt::Any;
use schemac_runtime::{Extendable, Message};

use proto2::test_all_types_proto2::{
    MessageSetCorrect, MessageSetCorrectExtension1, message_set_correct_extension1,
};

/// The group `Data = 201 { group_int32 = 202 }` that the derivative leaves
/// out is kept as unknown fields, start- and end-group keys included, and
/// written back as read; the extension `extension_int32 = 120` is read as
/// the extension, and written back after the fields, before the unknown
/// ones.
#[test]
fn left_out_groups_travel_as_unknown_fields_and_the_extension_is_read() {
    let group = [
        0xcb, 0x0c, // field 201, start-group
        0xd0, 0x0c, 0x05, // field 202, varint 5
        0xcc, 0x0c, // field 201, end-group
    ];
    let extension = [0xc0, 0x07, 0x07]; // field 120, varint 7
    let message = proto2::TestAllTypesProto2::decode(&[&group[..], &extension].concat()).unwrap();
    assert_eq!(message.extension(&proto2::EXTENSION_INT32), Ok(Some(7)));
    assert_eq!(
        message.encode_to_vec().unwrap(),
        [&extension[..], &group].concat()
    );
    // A group that does not end is an error, never a panic.
    assert!(proto2::TestAllTypesProto2::decode(&group[..5]).is_err());
    // The suite's JSON key of the extension.
    let json = serde_json::to_string(&message).unwrap();
    assert_eq!(
        json,
        r#"{"[protobuf_test_messages.proto2.extension_int32]":7}"#
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
    let bytes = set.encode_to_vec().unwrap();
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
