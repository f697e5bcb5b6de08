//! proto2's groups in generated code (tests/protos/proto/legacy/v1/search.proto):
//! each shape of a group field written between its keys, read back owned
//! and as views, refused with its path where its keys do not pair up, and
//! a message in JSON under its field's name.

use schemac_protos::legacy::v1::search_response::{self, Debug, Paging, Token, result};
use schemac_protos::legacy::v1::{SearchResponse, SearchResponseView};
use schemac_runtime::{DecodeOptions, Message};

fn hit(url: &str) -> search_response::Result {
    search_response::Result {
        url: Some(url.to_owned()),
        ..Default::default()
    }
}

/// A response with every kind of group field set: a list, a nested group,
/// an optional one, a oneof member, and a boxed one past field 15 that
/// holds a response again.
fn response() -> SearchResponse {
    SearchResponse {
        result: vec![
            search_response::Result {
                title: Some("Groups".to_owned()),
                snippets: vec!["start".to_owned(), "end".to_owned()],
                location: Some(result::Location {
                    line: Some(3),
                    column: None,
                    ..Default::default()
                }),
                ..hit("https://example.invalid/a")
            },
            hit("b"),
        ],
        paging: Some(Paging {
            page: None,
            per_page: Some(20),
            ..Default::default()
        }),
        cursor: Some(search_response::Cursor::Token(Token {
            value: Some(vec![1, 2]),
            ..Default::default()
        })),
        best: Some(hit("b")),
        debug: Some(Box::new(Debug {
            trace: Some("t".to_owned()),
            inner: Some(Box::new(SearchResponse {
                result: vec![hit("c")],
                ..Default::default()
            })),
            ..Default::default()
        })),
        ..Default::default()
    }
}

#[test]
fn groups_are_written_between_their_keys_and_read_back_owned_and_as_views() {
    let response = response();
    let bytes = response.try_encode_to_vec().unwrap();
    assert_eq!(bytes.len(), response.encoded_len());
    assert_eq!(SearchResponse::decode(&bytes).unwrap(), response);
    let view = SearchResponseView::decode(&bytes).unwrap();
    assert_eq!(view.to_owned(), response);
    // The view's strings borrow from the input, inside groups too.
    let url = view.result[0].url.unwrap();
    assert_eq!(url, "https://example.invalid/a");
    assert!(bytes.as_ptr_range().contains(&url.as_ptr()));
    let inner = view.debug.as_ref().unwrap().inner.as_ref().unwrap();
    assert_eq!(inner.result[0].url, Some("c"));
}

#[test]
fn each_group_shape_has_its_keys_on_the_wire() {
    let only = |response: SearchResponse| response.try_encode_to_vec().unwrap();
    // A list element: start key 1 (0x0b), url (field 2), end key 1 (0x0c).
    let list = only(SearchResponse {
        result: vec![hit("u")],
        ..Default::default()
    });
    assert_eq!(list, [0x0b, 0x12, 0x01, b'u', 0x0c]);
    // An optional group, empty: its two keys.
    let paging = only(SearchResponse {
        paging: Some(Paging::default()),
        ..Default::default()
    });
    assert_eq!(paging, [0x43, 0x44]);
    // A oneof member.
    let token = only(SearchResponse {
        cursor: Some(search_response::Cursor::Token(Token::default())),
        ..Default::default()
    });
    assert_eq!(token, [0x5b, 0x5c]);
    // The same message as a plain field is length-delimited.
    let best = only(SearchResponse {
        best: Some(hit("u")),
        ..Default::default()
    });
    assert_eq!(best, [0x72, 0x03, 0x12, 0x01, b'u']);
    // Field 16: keys of two bytes.
    let debug = only(SearchResponse {
        debug: Some(Box::default()),
        ..Default::default()
    });
    assert_eq!(debug, [0x83, 0x01, 0x84, 0x01]);
    // A group in a group.
    let nested = only(SearchResponse {
        result: vec![search_response::Result {
            location: Some(result::Location::default()),
            ..hit("u")
        }],
        ..Default::default()
    });
    assert_eq!(nested, [0x0b, 0x12, 0x01, b'u', 0x2b, 0x2c, 0x0c]);
}

#[test]
fn fields_read_in_any_order_and_a_group_read_twice_merges() {
    // paging {per_page: 5}, result {url: "u"}, paging {page: 2}, written
    // out of order, and the second paging merges into the first.
    let bytes = [
        0x43, 0x50, 0x05, 0x44, // paging: per_page 5
        0x0b, 0x12, 0x01, b'u', 0x0c, // result: url "u"
        0x43, 0x48, 0x02, 0x44, // paging: page 2
    ];
    let response = SearchResponse::decode(&bytes).unwrap();
    assert_eq!(
        response.paging,
        Some(Paging {
            page: Some(2),
            per_page: Some(5),
            ..Default::default()
        })
    );
    assert_eq!(response.result, [hit("u")]);
    assert_eq!(
        SearchResponseView::decode(&bytes).unwrap().to_owned(),
        response
    );
}

/// Decoding `bytes` fails alike owned and as a view, with `expected`.
fn refused(bytes: &[u8], expected: &str) {
    let owned = SearchResponse::decode(bytes).unwrap_err();
    let view = SearchResponseView::decode(bytes).unwrap_err();
    assert_eq!(owned, view);
    assert_eq!(owned.to_string(), expected);
}

#[test]
fn unpaired_keys_are_refused_with_their_path_and_offset() {
    // A list element ended by paging's end key.
    refused(
        &[0x0b, 0x12, 0x01, b'u', 0x44],
        "SearchResponse.result[0]: end-group of field 8 in the group of field 1 at byte 4",
    );
    // A nested group ended by its parent's key.
    refused(
        &[0x0b, 0x12, 0x01, b'u', 0x2b, 0x0c, 0x0c],
        "SearchResponse.result[0].location: end-group of field 1 in the group of field 5 at byte 5",
    );
    // A group without its end key.
    refused(
        &[0x43, 0x48, 0x02],
        "SearchResponse.paging: input ends in the middle of a value at byte 3",
    );
    // A group's end key inside the same message written length-delimited.
    refused(
        &[0x72, 0x01, 0x0c],
        "SearchResponse.best: end-group without a matching start-group at byte 2",
    );
    // The required field of a group's message.
    refused(
        &[0x0b, 0x0c],
        "SearchResponse.result[0].url: required field is missing at byte 2",
    );
}

/// A group written length-delimited, a message as a group, a oneof's
/// group member length-delimited and its number member as a fixed64: each
/// an unknown field, as protobuf's implementations read it, kept in order
/// and written back after the known fields, owned and as a view.
#[test]
fn a_group_field_under_another_wire_type_is_an_unknown_field() {
    let unknown = [
        0x42, 0x00, // paging (8), length-delimited
        0x73, 0x08, 0x01, 0x74, // best (14), a group
        0x5a, 0x00, // token (11), length-delimited
        0x69, 1, 0, 0, 0, 0, 0, 0, 0, // offset (13), a fixed64
    ];
    let mut bytes = unknown.to_vec();
    bytes.extend([0x68, 0x07]); // offset (13) = 7, its own
    let response = SearchResponse::decode(&bytes).unwrap();
    assert_eq!(response.paging, None);
    assert_eq!(response.best, None);
    assert_eq!(response.cursor, Some(search_response::Cursor::Offset(7)));
    assert_eq!(response.unknown_fields.as_bytes(), unknown);
    let view = SearchResponseView::decode(&bytes).unwrap();
    assert_eq!(view.to_owned(), response);
    let mut written = vec![0x68, 0x07];
    written.extend(unknown);
    assert_eq!(response.try_encode_to_vec().unwrap(), written);
}

#[test]
fn groups_nest_up_to_the_recursion_limit() {
    // Responses nested through debug.inner: each takes two levels.
    let mut response = SearchResponse::default();
    for _ in 0..3 {
        response = SearchResponse {
            debug: Some(Box::new(Debug {
                inner: Some(Box::new(response)),
                ..Default::default()
            })),
            ..Default::default()
        };
    }
    let bytes = response.try_encode_to_vec().unwrap();
    let at_limit = DecodeOptions::new().recursion_limit(6);
    assert_eq!(
        SearchResponse::decode_with(&bytes, &at_limit).unwrap(),
        response
    );
    let below = DecodeOptions::new().recursion_limit(5);
    let error = SearchResponse::decode_with(&bytes, &below).unwrap_err();
    assert!(error.is_recursion_limit(), "{error}");
    let view = SearchResponseView::decode_with(&bytes, &below).unwrap_err();
    assert_eq!(view, error);
}

#[test]
fn a_group_is_a_message_in_json_under_its_fields_name() {
    let response = response();
    let json = serde_json::to_value(&response).unwrap();
    assert_eq!(
        json["result"][0]["location"],
        serde_json::json!({"line": 3})
    );
    assert_eq!(json["paging"], serde_json::json!({"per_page": 20}));
    assert_eq!(json["token"], serde_json::json!({"value": "AQI="}));
    assert_eq!(json["debug"]["inner"]["result"][0]["url"], "c");
    let back: SearchResponse = serde_json::from_value(json).unwrap();
    assert_eq!(back, response);
}
