//! The generated test messages beside the suite: what the derivative of
//! `test_messages_proto2.proto` leaves out still travels, and the suite's
//! JSON `Any` of a test message reads and writes as ProtoJSON has it.

use schemac_conformance::protobuf_test_messages::{proto2, proto3};
use schemac_runtime::Message;
use schemac_runtime::wkt::Any;

/// The group `Data = 201 { group_int32 = 202 }` that the derivative leaves
/// out, and the extension `extension_int32 = 120`, are kept as unknown
/// fields, start- and end-group keys included, and written back as read.
#[test]
fn left_out_groups_and_extensions_travel_as_unknown_fields() {
    let bytes = [
        0xcb, 0x0c, // field 201, start-group
        0xd0, 0x0c, 0x05, // field 202, varint 5
        0xcc, 0x0c, // field 201, end-group
        0xc0, 0x07, 0x07, // field 120, varint 7
    ];
    let message = proto2::TestAllTypesProto2::decode(&bytes).unwrap();
    assert_eq!(message.encode_to_vec().unwrap(), bytes);
    // A group that does not end is an error, never a panic.
    assert!(proto2::TestAllTypesProto2::decode(&bytes[..5]).is_err());
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
