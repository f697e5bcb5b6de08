//! Each option's code, compiled and run: values round-trip through bytes,
//! JSON and views, against the same schemas generated with the defaults.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use runtime::{Message, UnknownFields};

use crate::hash::kitchen::{Color, Maps, MapsView, Point};
use crate::kept::evolution::{v1, v2};
use crate::reexport::shop::{Customer, Order, OrderLine, OrderView, Status};

/// Compiles only if `value` has type `T`.
fn is<T>(_value: &T) {}

/// `actual` as written, as `expected` is (`==` takes 1.50 for 1.5).
fn assert_same<T: Debug>(actual: &T, expected: &T) {
    assert_eq!(format!("{actual:?}"), format!("{expected:?}"));
}

/// A map in key order, so that its `Debug` text is fixed.
fn sorted<K: Ord + Clone, V: Clone>(map: &HashMap<K, V>) -> BTreeMap<K, V> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// A `Maps` with several entries in most maps.
fn maps() -> Maps {
    Maps {
        by_i32: HashMap::from([
            (0, "zero".to_owned()),
            (-1, String::new()),
            (7, "7".to_owned()),
        ]),
        by_i64: HashMap::from([(i64::MAX, vec![1, 2]), (i64::MIN, vec![])]),
        by_u32: HashMap::from([(7, 1.25), (8, -0.0)]),
        by_u64: HashMap::from([(u64::MAX, -0.5)]),
        by_sint32: HashMap::from([(-5, true), (5, false)]),
        by_sint64: HashMap::from([(i64::MIN, i64::MAX)]),
        by_fixed32: HashMap::from([(1, 2), (3, 4)]),
        by_fixed64: HashMap::from([(3, 4)]),
        by_sfixed32: HashMap::from([(-1, -2)]),
        by_sfixed64: HashMap::from([(-3, -4)]),
        by_bool: HashMap::from([(false, 0), (true, u64::MAX)]),
        by_string: HashMap::from([("a".to_owned(), 1), (String::new(), 0)]),
        colors: HashMap::from([
            ("sky".to_owned(), Color::Green),
            ("ir".to_owned(), Color::Infrared),
        ]),
        points: HashMap::from([
            ("origin".to_owned(), Point::default()),
            (
                "p".to_owned(),
                Point {
                    x: 3,
                    y: -4,
                    ..Default::default()
                },
            ),
        ]),
        ..Default::default()
    }
}

/// Every map of two `Maps` holds the same entries, as written.
fn assert_same_maps(actual: &Maps, expected: &Maps) {
    assert_same(&sorted(&actual.by_i32), &sorted(&expected.by_i32));
    assert_same(&sorted(&actual.by_i64), &sorted(&expected.by_i64));
    assert_same(&sorted(&actual.by_u32), &sorted(&expected.by_u32));
    assert_same(&sorted(&actual.by_u64), &sorted(&expected.by_u64));
    assert_same(&sorted(&actual.by_sint32), &sorted(&expected.by_sint32));
    assert_same(&sorted(&actual.by_sint64), &sorted(&expected.by_sint64));
    assert_same(&sorted(&actual.by_fixed32), &sorted(&expected.by_fixed32));
    assert_same(&sorted(&actual.by_fixed64), &sorted(&expected.by_fixed64));
    assert_same(&sorted(&actual.by_sfixed32), &sorted(&expected.by_sfixed32));
    assert_same(&sorted(&actual.by_sfixed64), &sorted(&expected.by_sfixed64));
    assert_same(&sorted(&actual.by_bool), &sorted(&expected.by_bool));
    assert_same(&sorted(&actual.by_string), &sorted(&expected.by_string));
    assert_same(&sorted(&actual.colors), &sorted(&expected.colors));
    assert_same(&sorted(&actual.points), &sorted(&expected.points));
}

#[test]
fn hash_maps_are_hash_maps() {
    let maps = Maps::default();
    is::<HashMap<i32, String>>(&maps.by_i32);
    is::<HashMap<bool, u64>>(&maps.by_bool);
    is::<HashMap<String, Point>>(&maps.points);
}

/// A `HashMap` writes its entries in its own order; read back, by the
/// `HashMap` and the `BTreeMap` code alike, they are the same entries, and
/// `encoded_len` is exact.
#[test]
fn hash_maps_round_trip_and_read_as_btree_maps_do() {
    let maps = maps();
    let bytes = maps.try_encode_to_vec().unwrap();
    assert_eq!(bytes.len(), maps.encoded_len());
    assert_same_maps(&Maps::decode(&bytes).unwrap(), &maps);

    let btree = schemac_generated::kitchen::Maps::decode(&bytes).unwrap();
    let canonical = btree.try_encode_to_vec().unwrap();
    assert_eq!(canonical.len(), bytes.len());
    assert_same_maps(&Maps::decode(&canonical).unwrap(), &maps);
    assert_eq!(btree.by_i32.len(), 3);
    assert_eq!(btree.by_u32[&8].to_bits(), (-0.0f32).to_bits());

    // A map of one entry has one order: the bytes are the BTreeMap's.
    let one = Maps {
        by_string: HashMap::from([("k".to_owned(), -7)]),
        points: HashMap::from([(
            String::new(),
            Point {
                x: 1,
                y: 0,
                ..Default::default()
            },
        )]),
        ..Maps::default()
    };
    let btree_one = schemac_generated::kitchen::Maps {
        by_string: BTreeMap::from([("k".to_owned(), -7)]),
        points: BTreeMap::from([(
            String::new(),
            schemac_generated::kitchen::Point {
                x: 1,
                y: 0,
                ..Default::default()
            },
        )]),
        ..Default::default()
    };
    assert_eq!(
        one.try_encode_to_vec().unwrap(),
        btree_one.try_encode_to_vec().unwrap()
    );
}

/// Merging into a `HashMap` adds the entries read, the later under a key
/// that is already there replacing the earlier.
#[test]
fn hash_maps_merge() {
    let mut merged = maps();
    let later = Maps {
        by_i32: HashMap::from([(7, "seven".to_owned()), (8, "8".to_owned())]),
        ..Maps::default()
    };
    merged.merge(&later.try_encode_to_vec().unwrap()).unwrap();
    let mut expected = maps();
    expected.by_i32.extend(later.by_i32);
    assert_same_maps(&merged, &expected);
}

#[test]
fn hash_maps_in_json_read_as_btree_maps_do() {
    let maps = maps();
    let json = serde_json::to_value(&maps).unwrap();
    let back: Maps = serde_json::from_value(json.clone()).unwrap();
    assert_same_maps(&back, &maps);
    let btree: schemac_generated::kitchen::Maps = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(serde_json::to_value(&btree).unwrap(), json);
    assert_eq!(json["by_bool"]["true"], "18446744073709551615");
}

#[test]
fn views_of_hash_maps_own_what_owned_decoding_reads() {
    let maps = maps();
    let bytes = maps.try_encode_to_vec().unwrap();
    let view = MapsView::decode(&bytes).unwrap();
    assert_same_maps(&view.to_owned(), &Maps::decode(&bytes).unwrap());
}

/// The `reexport` module names the runtime only through the re-export.
#[test]
fn the_runtime_is_reached_through_the_re_export() {
    let code = include_str!(concat!(env!("OUT_DIR"), "/reexport/shop.rs"));
    assert!(
        code.contains("use crate::support::runtime::__private as _rt;"),
        "{code}"
    );
    assert!(!code.contains("schemac_runtime"), "{code}");
    let hash = include_str!(concat!(env!("OUT_DIR"), "/hash/kitchen.rs"));
    assert!(hash.contains("use ::runtime::__private as _rt;"));
}

#[test]
fn code_through_a_re_exported_runtime_round_trips() {
    let order = Order {
        id: 7,
        description: "re-exported".to_owned(),
        total_cost: "3.980".parse().unwrap(),
        order_lines: vec![OrderLine {
            line_number: 1,
            cost: "1.50".parse().unwrap(),
            ..OrderLine::default()
        }],
        customer: Some(Customer::default()),
        status: Status::Unrecognized(9),
        attributes: BTreeMap::from([("f".to_owned(), runtime::DynamicValue::F64(-0.0))]),
        ..Default::default()
    };
    let bytes = order.try_encode_to_vec().unwrap();
    assert_same(&Order::decode(&bytes).unwrap(), &order);
    assert_same(&OrderView::decode(&bytes).unwrap().to_owned(), &order);
    let json = serde_json::to_string(&order).unwrap();
    assert_same(&serde_json::from_str::<Order>(&json).unwrap(), &order);
    // The same bytes and JSON as the default code's.
    let default = schemac_generated::shop::Order::decode(&bytes).unwrap();
    assert_eq!(default.try_encode_to_vec().unwrap(), bytes);
    assert_eq!(serde_json::to_string(&default).unwrap(), json);
}

/// A v2 profile with every field but `email`, whose number (5) v1 knows
/// and is past some unknown ones.
fn profile(email: &str) -> v2::Profile {
    v2::Profile {
        id: 42,
        name: "Ada".to_owned(),
        age: -36,
        address: Some(v2::Address {
            street: "1 Analytical Row".to_owned(),
            city: "London".to_owned(),
            unknown_fields: UnknownFields::default(),
        }),
        email: email.to_owned(),
        scores: vec![1, 300],
        balance: "-1234.50".parse().unwrap(),
        rating: 4.5,
        badge: 7,
        nicknames: vec!["Countess".to_owned()],
        preferences: BTreeMap::from([("zoom".to_owned(), runtime::DynamicValue::F32(1.25))]),
        unknown_fields: UnknownFields::default(),
    }
}

/// A message the schema does not mark keeps what it does not know:
/// written after the known fields, so an input whose unknown fields all
/// follow the known ones is written back byte for byte. One whose schema
/// says `keep_unknown_fields = false` drops them, whatever the build says.
#[test]
fn every_message_keeps_its_unknown_fields() {
    let bytes = profile("").try_encode_to_vec().unwrap();
    let profile_v1 = v1::Profile::decode(&bytes).unwrap();
    is::<UnknownFields>(&profile_v1.unknown_fields);
    // Everything after id (1) and name (2) is unknown, byte for byte.
    let known = v1::Profile {
        id: profile_v1.id,
        name: profile_v1.name.clone(),
        ..v1::Profile::default()
    };
    let known = known.try_encode_to_vec().unwrap().len();
    assert_eq!(profile_v1.unknown_fields.as_bytes(), &bytes[known..]);
    assert_eq!(profile_v1.try_encode_to_vec().unwrap(), bytes);
    assert_eq!(profile_v1.encoded_len(), bytes.len());
    let dropped = v1::PlainProfile::decode(&bytes).unwrap();
    assert_eq!(dropped.try_encode_to_vec().unwrap(), &bytes[..known]);

    // With an email, the known field 5 is written before the unknown 3
    // and 4: other bytes, the same profile.
    let full = profile("ada@example.com");
    let bytes = full.try_encode_to_vec().unwrap();
    let passed_on = v1::Profile::decode(&bytes)
        .unwrap()
        .try_encode_to_vec()
        .unwrap();
    assert_ne!(passed_on, bytes);
    assert_same(&v2::Profile::decode(&passed_on).unwrap(), &full);
}

/// A nested message keeps its unknown fields too.
#[test]
fn nested_messages_keep_their_unknown_fields() {
    // An address with a field 9 it does not know: 48 (9 << 3), 1.
    let mut address = v2::Address {
        street: "x".to_owned(),
        ..v2::Address::default()
    }
    .try_encode_to_vec()
    .unwrap();
    address.extend([0x48, 0x01]);
    let mut bytes = vec![0x22, address.len() as u8]; // field 4, address
    bytes.extend(&address);
    let profile = v2::Profile::decode(&bytes).unwrap();
    let kept = &profile.address.as_ref().unwrap().unknown_fields;
    assert_eq!(kept.as_bytes(), [0x48, 0x01]);
    assert!(profile.unknown_fields.is_empty());
    assert_eq!(profile.try_encode_to_vec().unwrap(), bytes);
}
