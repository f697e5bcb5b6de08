//! `json_fields!` on hand-written messages: each shape written under its
//! first key and read from every key, a oneof, an empty message.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use serde_json::json;

use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::wire::WireType;

/// A message of every shape: a value (1), a list (2), an `Option` (3), a
/// map (4), and a oneof of a number (5) and a boxed message (6).
#[derive(Clone, Debug, Default, PartialEq)]
struct Picture {
    id: i64,
    tags: Vec<String>,
    note: Option<String>,
    sizes: BTreeMap<String, i32>,
    kind: Option<Kind>,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Radius(f64),
    Frame(alloc::boxed::Box<Picture>),
}

/// A message without fields.
#[derive(Clone, Debug, Default, PartialEq)]
struct Nothing {}

/// JSON is all these tests ask of the messages: their binary form is
/// empty.
macro_rules! no_binary {
    ($message:ident) => {
        impl crate::Message for $message {
            const NAME: &'static str = stringify!($message);

            fn measure_fields(&self) -> usize {
                0
            }

            fn write_fields(&self, _writer: &mut Writer) {}

            fn merge_field(
                &mut self,
                _number: u32,
                wire_type: WireType,
                decoder: &mut Decoder<'_>,
            ) -> Result<(), DecodeError> {
                decoder.skip(wire_type)
            }
        }

        crate::__message_serde!($message);
    };
}

no_binary!(Picture);
no_binary!(Nothing);

impl super::super::JsonMessage for Picture {
    crate::__json_fields!(
        "id" => 1 id: Int64;
        "tags" | "allTags" => 2 tags: String, list;
        "note" => 3 note: String, optional;
        "sizes" => 4 sizes: Map::<crate::__private::codec::String, crate::__private::codec::Int32>;
        oneof "kind" kind {
            "radius" | "r" => 5 Kind::Radius: Double;
            "frame" => 6 Kind::Frame: Boxed;
        };
    );
}

impl super::super::JsonMessage for Nothing {
    crate::__json_fields!();
}

#[test]
fn each_field_is_written_under_its_first_key_and_defaults_are_left_out() {
    let picture = Picture {
        id: 7,
        tags: vec!["a".to_string()],
        note: Some(String::new()),
        sizes: BTreeMap::from([("s".to_string(), 1)]),
        kind: Some(Kind::Radius(0.0)),
    };
    let written = serde_json::to_value(&picture).unwrap();
    assert_eq!(
        written,
        json!({"id": "7", "tags": ["a"], "note": "", "sizes": {"s": 1}, "radius": 0.0})
    );
    assert_eq!(serde_json::to_value(Picture::default()).unwrap(), json!({}));
}

#[test]
fn each_field_is_read_from_any_of_its_keys() {
    let read: Picture = serde_json::from_value(json!({
        "id": 3, "allTags": ["x", "y"], "sizes": {"t": 2}, "frame": {"r": 1.5}
    }))
    .unwrap();
    let frame = Picture {
        kind: Some(Kind::Radius(1.5)),
        ..Picture::default()
    };
    assert_eq!(
        read,
        Picture {
            id: 3,
            tags: vec!["x".to_string(), "y".to_string()],
            note: None,
            sizes: BTreeMap::from([("t".to_string(), 2)]),
            kind: Some(Kind::Frame(frame.into())),
        }
    );
}

#[test]
fn a_second_member_of_a_oneof_or_a_field_given_twice_is_an_error() {
    let error = serde_json::from_str::<Picture>(r#"{"r": 1.0, "frame": {}}"#).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("`frame` is a second member of oneof `kind`; set one"),
        "{error}"
    );
    let twice = serde_json::from_str::<Picture>(r#"{"tags": [], "allTags": []}"#);
    assert!(twice.is_err());
    // A member that is null leaves the oneof unset.
    let null: Picture = serde_json::from_str(r#"{"radius": null, "frame": {}}"#).unwrap();
    assert_eq!(null.kind, Some(Kind::Frame(Picture::default().into())));
}

#[test]
fn a_message_without_entries_writes_nothing_and_knows_no_key() {
    assert_eq!(serde_json::to_string(&Nothing {}).unwrap(), "{}");
    assert_eq!(serde_json::from_str::<Nothing>("{}").unwrap(), Nothing {});
    let error = serde_json::from_str::<Nothing>(r#"{"id": 1}"#).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("unknown field `id` in message Nothing"),
        "{error}"
    );
}
