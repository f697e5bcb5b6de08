//! String types by path, compiled and run: `Box<str>`, `Arc<str>` and
//! `CompactString` fields write the bytes and the JSON that `String`
//! fields (schemac-generated's) write, and read them back, owned and
//! through views.

use std::collections::BTreeMap;
use std::sync::Arc;

use runtime::{CompactString, Message, MessageView};
use schemac_generated::kitchen as plain;
use schemac_generated::shapes as plain_shapes;

use crate::strings::kitchen::{Lists, Maps, OptionalScalars, Scalars, ScalarsView};
use crate::strings::shapes::{Drawing, Shape, shape};

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
    let bytes = owned.encode_to_vec().unwrap();
    assert_eq!(bytes, plain.encode_to_vec().unwrap());
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
    // Map keys stay `String`.
    is::<BTreeMap<String, i32>>(&Maps::default().by_string);
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
    same_bytes(
        &Drawing {
            title: "map".into(),
            shapes: vec![Shape {
                kind: Some(shape::Kind::Label(Arc::from("harbour"))),
                note: Some("n".into()),
            }],
            ..Drawing::default()
        },
        &plain_shapes::Drawing {
            title: "map".to_owned(),
            shapes: vec![plain_shapes::Shape {
                kind: Some(plain_shapes::shape::Kind::Label("harbour".to_owned())),
                note: Some("n".to_owned()),
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
    .encode_to_vec()
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
    let bytes = scalars.encode_to_vec().unwrap();
    let view = ScalarsView::decode(&bytes).unwrap();
    assert_eq!(view.a_string, "Grüße");
    assert_eq!(view.to_message(), scalars);

    let drawing = Drawing {
        title: "t".into(),
        shapes: vec![Shape {
            kind: Some(shape::Kind::Label(Arc::from("l"))),
            note: None,
        }],
        ..Drawing::default()
    };
    let bytes = drawing.encode_to_vec().unwrap();
    let view = crate::strings::shapes::DrawingView::decode(&bytes).unwrap();
    assert_eq!(view.to_message(), drawing);
    let json = serde_json::to_value(&drawing).unwrap();
    assert_eq!(serde_json::from_value::<Drawing>(json).unwrap(), drawing);
}
