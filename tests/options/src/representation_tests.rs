//! Field representations by path, compiled and run: `Box<str>`,
//! `Arc<str>` and `CompactString` fields write the bytes and the JSON that
//! `String` fields (schemac-generated's) write, and `bytes::Bytes` fields
//! those of `Vec<u8>` fields, sharing the input's buffer when decoded from
//! a `Bytes`; each reads them back, owned and through views.

use std::collections::BTreeMap;
use std::sync::Arc;

use runtime::{CompactString, Message, MessageView};
use schemac_generated::kitchen as plain;
use schemac_generated::shapes as plain_shapes;

use crate::representations::kitchen::{Lists, Maps, OptionalScalars, Scalars, ScalarsView};
use crate::representations::shapes::{Drawing, Shape, shape};

/// Compiles only if `value` has type `T`.
fn is<T>(_value: &T) {}

/// `owned`'s bytes are `plain`'s, and each reads the other's.
fn same_bytes<
    A: Message + PartialEq + std::fmt::Debug,
    B: Message + PartialEq + std::fmt::Debug,
>(
    owned: &A,
    plain: &B,
) {
    let bytes = owned.try_encode_to_vec().unwrap();
    assert_eq!(bytes, plain.try_encode_to_vec().unwrap());
    assert_eq!(bytes.len(), owned.encoded_len());
    assert_eq!(&A::decode(&bytes).unwrap(), owned);
    assert_eq!(&B::decode(&bytes).unwrap(), plain);
}

#[test]
fn each_path_gets_its_string_type() {
    is::<Box<str>>(&Scalars::default().a_string);
    is::<Option<Arc<str>>>(&OptionalScalars::default().a_string);
    is::<Vec<CompactString>>(&Lists::default().strings);
    is::<BTreeMap<i32, Box<str>>>(&Maps::default().by_i32);
    // Map keys take the string type too.
    is::<BTreeMap<Box<str>, i32>>(&Maps::default().by_string);
    is::<CompactString>(&Drawing::default().title);
    let label = shape::Kind::Label(Arc::from("x"));
    is::<shape::Kind>(&label);
}

#[test]
fn string_types_write_and_read_the_bytes_of_string() {
    let text = "Grüße, 世界";
    same_bytes(
        &Scalars {
            a_string: text.into(),
            ..Scalars::default()
        },
        &plain::Scalars {
            a_string: text.to_owned(),
            ..Default::default()
        },
    );
    same_bytes(
        &OptionalScalars {
            a_string: Some("".into()),
            ..OptionalScalars::default()
        },
        &plain::OptionalScalars {
            a_string: Some(String::new()),
            ..Default::default()
        },
    );
    let long = "a string longer than twenty-four bytes";
    same_bytes(
        &Lists {
            strings: vec!["".into(), "short".into(), long.into()],
            ..Lists::default()
        },
        &plain::Lists {
            strings: vec![String::new(), "short".to_owned(), long.to_owned()],
            ..Default::default()
        },
    );
    same_bytes(
        &Maps {
            by_i32: BTreeMap::from([(1, "one".into()), (-2, "".into())]),
            ..Maps::default()
        },
        &plain::Maps {
            by_i32: BTreeMap::from([(1, "one".to_owned()), (-2, String::new())]),
            ..Default::default()
        },
    );
    // Keys in another order than insertion's, non-ASCII among them: the
    // map writes them sorted by their bytes, as `String` keys are.
    same_bytes(
        &Maps {
            by_string: BTreeMap::from([("zebra".into(), 1), ("Äpfel".into(), 2), ("".into(), 3)]),
            ..Maps::default()
        },
        &plain::Maps {
            by_string: BTreeMap::from([
                ("zebra".to_owned(), 1),
                ("Äpfel".to_owned(), 2),
                (String::new(), 3),
            ]),
            ..Default::default()
        },
    );
    same_bytes(
        &Drawing {
            title: "map".into(),
            shapes: vec![Shape {
                kind: Some(shape::Kind::Label(Arc::from("harbour"))),
                note: Some("n".into()),
                ..Default::default()
            }],
            ..Drawing::default()
        },
        &plain_shapes::Drawing {
            title: "map".to_owned(),
            shapes: vec![plain_shapes::Shape {
                kind: Some(plain_shapes::shape::Kind::Label("harbour".to_owned())),
                note: Some("n".to_owned()),
                ..Default::default()
            }],
            ..Default::default()
        },
    );
}

#[test]
fn short_compact_strings_stay_inline() {
    let bytes = plain::Lists {
        strings: vec![
            "short".to_owned(),
            "a string longer than twenty-four bytes".to_owned(),
        ],
        ..Default::default()
    }
    .try_encode_to_vec()
    .unwrap();
    let lists = Lists::decode(&bytes).unwrap();
    assert!(!lists.strings[0].is_heap_allocated());
    assert!(lists.strings[1].is_heap_allocated());
}

#[test]
fn invalid_utf8_is_refused_in_every_string_type() {
    for bytes in [&[0x72, 0x01, 0xff][..], &[0x72, 0x02, 0xc3, 0x28]] {
        let error = Scalars::decode(bytes).unwrap_err();
        assert_eq!(error, plain::Scalars::decode(bytes).unwrap_err());
        assert!(error.to_string().contains("a_string"), "{error}");
        assert!(Lists::decode(&[&[0x72][..], &bytes[1..]].concat()).is_err());
    }
}

#[test]
fn string_types_go_through_json_and_views() {
    let scalars = Scalars {
        a_string: "Grüße".into(),
        ..Scalars::default()
    };
    let json = serde_json::to_value(&scalars).unwrap();
    let plain = plain::Scalars {
        a_string: "Grüße".to_owned(),
        ..Default::default()
    };
    assert_eq!(json, serde_json::to_value(&plain).unwrap());
    assert_eq!(serde_json::from_value::<Scalars>(json).unwrap(), scalars);
    let bytes = scalars.try_encode_to_vec().unwrap();
    let view = ScalarsView::decode(&bytes).unwrap();
    assert_eq!(view.a_string, "Grüße");
    assert_eq!(view.to_message(), scalars);

    let drawing = Drawing {
        title: "t".into(),
        shapes: vec![Shape {
            kind: Some(shape::Kind::Label(Arc::from("l"))),
            note: None,
            ..Default::default()
        }],
        ..Drawing::default()
    };
    let bytes = drawing.try_encode_to_vec().unwrap();
    let view = crate::representations::shapes::DrawingView::decode(&bytes).unwrap();
    assert_eq!(view.to_message(), drawing);
    let json = serde_json::to_value(&drawing).unwrap();
    assert_eq!(serde_json::from_value::<Drawing>(json).unwrap(), drawing);

    let maps = Maps {
        by_string: BTreeMap::from([("Grüße".into(), 1), ("b".into(), -2)]),
        ..Maps::default()
    };
    let json = serde_json::to_value(&maps).unwrap();
    assert_eq!(json["by_string"], serde_json::json!({"Grüße": 1, "b": -2}));
    assert_eq!(serde_json::from_value::<Maps>(json).unwrap(), maps);
    let bytes = maps.try_encode_to_vec().unwrap();
    let view = crate::representations::kitchen::MapsView::decode(&bytes).unwrap();
    assert_eq!(view.by_string.get("Grüße"), Some(&1));
    assert_eq!(view.to_message(), maps);
}

#[test]
fn bytes_fields_are_bytes_and_write_the_bytes_of_vec() {
    is::<runtime::bytes::Bytes>(&Scalars::default().some_bytes);
    is::<Option<runtime::bytes::Bytes>>(&OptionalScalars::default().some_bytes);
    is::<Vec<runtime::bytes::Bytes>>(&Lists::default().byte_strings);
    is::<BTreeMap<i64, runtime::bytes::Bytes>>(&Maps::default().by_i64);
    same_bytes(
        &Scalars {
            some_bytes: runtime::bytes::Bytes::from_static(&[0, 1, 255]),
            ..Scalars::default()
        },
        &plain::Scalars {
            some_bytes: vec![0, 1, 255],
            ..Default::default()
        },
    );
    same_bytes(
        &Lists {
            byte_strings: vec![runtime::bytes::Bytes::new(), vec![9; 300].into()],
            ..Lists::default()
        },
        &plain::Lists {
            byte_strings: vec![Vec::new(), vec![9; 300]],
            ..Default::default()
        },
    );
}

/// From a `Bytes`, every bytes field, nested or in a list or a map, is a
/// slice of the input's buffer; from a `&[u8]`, a copy.
#[test]
fn bytes_decoded_from_bytes_share_the_input() {
    let plain = plain::Maps {
        by_i64: BTreeMap::from([(1, vec![5; 64]), (2, vec![6; 1 << 20])]),
        ..Default::default()
    };
    let input = runtime::bytes::Bytes::from(plain.try_encode_to_vec().unwrap());
    let within = input.as_ptr_range();
    let shared = Maps::decode_shared(&input).unwrap();
    for value in shared.by_i64.values() {
        assert!(within.contains(&value.as_ptr()), "shared");
    }
    assert_eq!(shared.by_i64[&2].len(), 1 << 20);
    let copied = Maps::decode(&input).unwrap();
    assert_eq!(copied, shared);
    for value in copied.by_i64.values() {
        assert!(!within.contains(&value.as_ptr()), "copied");
    }
    // The shared fields keep the buffer alive after the input is dropped.
    drop(input);
    assert_eq!(shared.by_i64[&1], vec![5; 64]);
    // A truncated input is an error naming the field, shared or not.
    let bytes = plain.try_encode_to_vec().unwrap();
    let truncated = runtime::bytes::Bytes::copy_from_slice(&bytes[..bytes.len() - 1]);
    let error = Maps::decode_shared(&truncated).unwrap_err();
    assert_eq!(error, plain::Maps::decode(&truncated).unwrap_err());
}

#[test]
fn bytes_fields_go_through_json_and_views() {
    let scalars = Scalars {
        some_bytes: runtime::bytes::Bytes::from_static(b"\x00hi"),
        ..Scalars::default()
    };
    let json = serde_json::to_value(&scalars).unwrap();
    let plain = plain::Scalars {
        some_bytes: b"\x00hi".to_vec(),
        ..Default::default()
    };
    assert_eq!(json, serde_json::to_value(&plain).unwrap());
    assert_eq!(serde_json::from_value::<Scalars>(json).unwrap(), scalars);
    let bytes = scalars.try_encode_to_vec().unwrap();
    let view = ScalarsView::decode(&bytes).unwrap();
    assert_eq!(view.some_bytes, b"\x00hi");
    assert_eq!(view.to_message(), scalars);
}
