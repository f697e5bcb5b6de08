//! Unknown fields across schema versions: a profile written by the newer
//! schema (`evolution.v2`) passes through a service built on the older one
//! (`evolution.v1`), which keeps what it does not know and writes it back.

use std::collections::BTreeMap;

use schemac_generated::evolution::{v1, v2};
use schemac_runtime::{Decimal, DynamicValue, Message};

/// A v2 profile with every field set, so that every wire type is unknown to v1.
fn full_profile() -> v2::Profile {
    v2::Profile {
        id: 42,
        name: "Ada".to_owned(),
        age: -36,
        address: Some(v2::Address {
            street: "1 Analytical Row".to_owned(),
            city: "London".to_owned(),
            ..Default::default()
        }),
        email: "ada@example.com".to_owned(),
        scores: vec![0, 1, 300, u32::MAX],
        balance: "-1234.50".parse::<Decimal>().expect("a decimal"),
        rating: 4.5,
        badge: 0xdead_beef,
        nicknames: vec!["Countess".to_owned(), String::new()],
        preferences: BTreeMap::from([
            ("theme".to_owned(), DynamicValue::String("dark".to_owned())),
            ("zoom".to_owned(), DynamicValue::F32(1.25)),
            (
                "recent".to_owned(),
                DynamicValue::List(vec![DynamicValue::I64(7)]),
            ),
        ]),
        ..Default::default()
    }
}

/// The encoding of the fields of `profile` that v1 does not know, as v2
/// writes them: `profile` with the known fields cleared.
fn unknown_part(profile: &v2::Profile) -> Vec<u8> {
    let unknown = v2::Profile {
        id: 0,
        name: String::new(),
        email: String::new(),
        ..profile.clone()
    };
    unknown.try_encode_to_vec().expect("encodes")
}

#[test]
fn a_v1_service_passes_every_v2_field_on() {
    let original = full_profile();
    let bytes = original.try_encode_to_vec().expect("encodes");

    let old = v1::Profile::decode(&bytes).expect("v1 reads v2's bytes");
    assert_eq!(old.id, 42);
    assert_eq!(old.name, "Ada");
    assert_eq!(old.email, "ada@example.com");
    // Every field v1 does not know is kept, byte for byte, in order.
    assert_eq!(old.unknown_fields.as_bytes(), unknown_part(&original));

    let passed_on = old.try_encode_to_vec().expect("encodes");
    assert_eq!(passed_on.len(), old.encoded_len());
    // The known fields come first, so the bytes differ from v2's ...
    assert_ne!(passed_on, bytes);
    assert!(passed_on.ends_with(old.unknown_fields.as_bytes()));
    // ... but read as v2 they are the same profile.
    let back = v2::Profile::decode(&passed_on).expect("v2 reads v1's bytes");
    assert_eq!(back, original);
    assert_eq!(back.balance.scale(), 2);
}

#[test]
fn changes_to_known_fields_go_through_with_the_unknown_ones() {
    let original = full_profile();
    let mut old = v1::Profile::decode(&original.try_encode_to_vec().unwrap()).unwrap();
    old.name = "Augusta".to_owned();
    let back = v2::Profile::decode(&old.try_encode_to_vec().unwrap()).unwrap();
    assert_eq!(
        back,
        v2::Profile {
            name: "Augusta".to_owned(),
            ..original
        }
    );
}

#[test]
fn a_v1_message_without_the_option_skips_them() {
    let original = full_profile();
    let plain = v1::PlainProfile::decode(&original.try_encode_to_vec().unwrap()).unwrap();
    let expected = v1::PlainProfile {
        id: 42,
        name: "Ada".to_owned(),
        email: "ada@example.com".to_owned(),
    };
    assert_eq!(plain, expected);
    let back = v2::Profile::decode(&plain.try_encode_to_vec().unwrap()).unwrap();
    assert_eq!(
        back,
        v2::Profile {
            id: 42,
            name: "Ada".to_owned(),
            email: "ada@example.com".to_owned(),
            ..v2::Profile::default()
        }
    );
}

#[test]
fn unknown_fields_accumulate_over_merges_and_compare() {
    let original = full_profile();
    let bytes = original.try_encode_to_vec().unwrap();
    let once = v1::Profile::decode(&bytes).unwrap();
    let mut twice = once.clone();
    twice.merge(&bytes).unwrap();
    assert_eq!(twice.unknown_fields.len(), 2 * once.unknown_fields.len());
    assert_ne!(once, twice, "unknown fields take part in equality");

    // Merged twice, the v2 view has lists appended and scalars replaced.
    let back = v2::Profile::decode(&twice.try_encode_to_vec().unwrap()).unwrap();
    assert_eq!(back.scores.len(), 2 * original.scores.len());
    assert_eq!(back.age, original.age);

    // A profile with nothing unknown writes nothing extra.
    let plain = v1::Profile {
        id: 1,
        ..v1::Profile::default()
    };
    assert_eq!(plain.try_encode_to_vec().unwrap(), [0x08, 0x01]);
    assert!(
        v1::Profile::decode(&[0x08, 0x01])
            .unwrap()
            .unknown_fields
            .is_empty()
    );
}

#[test]
fn a_truncated_unknown_field_is_an_error() {
    // Field 4 (address, unknown to v1) claims five bytes and has one.
    let error = v1::Profile::decode(&[0x22, 0x05, 0x0a]).unwrap_err();
    assert!(error.to_string().starts_with("Profile"), "{error}");
}
