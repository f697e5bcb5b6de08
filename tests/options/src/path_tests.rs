//! The path options' code, compiled and run: serde's derive and attributes
//! by path, `Eq` and `Hash` derived, a hand-written `Debug`, and a boxed
//! field whose bytes are those of the unboxed one.

use std::collections::{BTreeMap, HashSet};

use runtime::{Message, MessageView};

use crate::by_path::paths::{Profile, ProfileView, Reading, Secret, Status, Tag};
use crate::plain::paths as plain;

fn profile() -> Profile {
    Profile {
        display_name: "Ada".to_owned(),
        tags: vec![Tag {
            key: "lang".to_owned(),
            count: 2,
            labels: BTreeMap::from([("kind".to_owned(), "math".to_owned())]),
            ..Default::default()
        }],
        best: Some(Box::new(Tag {
            key: "best".to_owned(),
            count: 1,
            labels: BTreeMap::new(),
            ..Default::default()
        })),
        secret: Some(Secret {
            token: "hunter2".to_owned(),
            ..Default::default()
        }),
        status: Status::Active,
        ..Default::default()
    }
}

/// Compiles only if `T` is `Eq` and `Hash`.
fn eq_hash<T: Eq + std::hash::Hash>() {}

#[test]
fn serde_derive_and_attributes_by_path_shape_the_json() {
    let json = serde_json::to_value(profile()).unwrap();
    // The kept unknown fields are a field like any other to serde's
    // derive: `null` when there are none.
    let expected = serde_json::json!({
        "displayName": "Ada",
        "tags": [{"key": "lang", "count": 2, "labels": {"kind": "math"}, "unknown_fields": null}],
        "best": {"key": "best", "count": 1, "unknown_fields": null},
        "secret": {"token": "hunter2", "unknown_fields": null},
        "status": "ACTIVE",
        "unknownFields": null,
    });
    assert_eq!(json, expected);
}

#[test]
fn messages_without_floats_are_eq_and_hash() {
    eq_hash::<Tag>();
    eq_hash::<Profile>();
    eq_hash::<plain::Profile>();
    let mut set = HashSet::new();
    assert!(set.insert(profile()));
    assert!(!set.insert(profile()));
    let mut other = profile();
    other.status = Status::Unspecified;
    assert!(set.insert(other));
    assert_eq!(set.len(), 2);
    // `Reading` holds an `f64`: `PartialEq` only.
    assert_eq!(
        Reading {
            celsius: 1.5,
            ..Default::default()
        },
        Reading {
            celsius: 1.5,
            ..Default::default()
        }
    );
}

#[test]
fn skip_debug_leaves_debug_to_the_crate() {
    let profile = profile();
    assert_eq!(
        format!("{:?}", profile.secret.as_ref().unwrap()),
        "Secret(..)"
    );
    let text = format!("{profile:?}");
    assert!(text.contains("Secret(..)"), "{text}");
    assert!(!text.contains("hunter2"), "{text}");
    // The default derives it.
    let plain = plain::Secret {
        token: "hunter2".to_owned(),
        ..Default::default()
    };
    assert!(format!("{plain:?}").contains("hunter2"));
}

#[test]
fn the_schema_rust_attribute_derives_ord() {
    let mut secrets = [
        Secret {
            token: "b".to_owned(),
            ..Default::default()
        },
        Secret {
            token: "a".to_owned(),
            ..Default::default()
        },
    ];
    secrets.sort();
    assert_eq!(secrets[0].token, "a");
}

#[test]
fn a_boxed_field_round_trips_with_the_bytes_of_the_unboxed_one() {
    let profile = profile();
    let bytes = profile.try_encode_to_vec().unwrap();
    let decoded = Profile::decode(&bytes).unwrap();
    assert_eq!(decoded, profile);
    let boxed: &Option<Box<Tag>> = &decoded.best;
    let best: &Tag = boxed.as_deref().unwrap();
    assert_eq!(best.key, "best");

    let unboxed = plain::Profile::decode(&bytes).unwrap();
    let best: &plain::Tag = unboxed.best.as_ref().unwrap();
    assert_eq!(best.key, "best");
    assert_eq!(unboxed.try_encode_to_vec().unwrap(), bytes);
}

/// The view of a boxed field is boxed too, takes no attribute of the
/// owned type's, and reads what the owned message reads.
#[test]
fn the_view_of_a_boxed_field_reads_as_the_owned_one() {
    let profile = profile();
    let bytes = profile.try_encode_to_vec().unwrap();
    let view = ProfileView::decode(&bytes).unwrap();
    assert_eq!(view.best.as_deref().map(|tag| tag.key), Some("best"));
    assert_eq!(view.to_message(), profile);
}
