//! Maps as `LiteMap`, compiled and run: they write the bytes and the JSON
//! that the all-`BTreeMap` code of schemac-generated writes, whatever the
//! order they were filled in, and read entries in any order.

use std::collections::BTreeMap;

use runtime::{LiteMap, Message, MessageView};

use crate::lite::kitchen::{Color, Maps, MapsView, Point};
use schemac_generated::kitchen as btree;

/// Compiles only if `value` has type `T`.
fn is<T>(_value: &T) {}

/// A `LiteMap` of the entries of `map`, inserted in reverse key order.
fn lite<K: Ord + Clone, V: Clone>(map: &BTreeMap<K, V>) -> LiteMap<K, V> {
    let mut lite = LiteMap::new();
    for (key, value) in map.iter().rev() {
        lite.insert(key.clone(), value.clone());
    }
    lite
}

/// The same entries in a `BTreeMap`.
fn tree<K: Ord + Clone, V: Clone>(map: &LiteMap<K, V>) -> BTreeMap<K, V> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// A `Maps` of schemac-generated with several entries in most maps.
fn btree_maps() -> btree::Maps {
    btree::Maps {
        by_i32: BTreeMap::from([
            (0, "zero".to_owned()),
            (-1, String::new()),
            (7, "7".to_owned()),
        ]),
        by_i64: BTreeMap::from([(i64::MAX, vec![1, 2]), (i64::MIN, vec![])]),
        by_u32: BTreeMap::from([(7, 1.25), (8, -0.0)]),
        by_sint32: BTreeMap::from([(-5, true), (5, false)]),
        by_fixed32: BTreeMap::from([(1, 2), (3, 4)]),
        by_bool: BTreeMap::from([(false, 0), (true, u64::MAX)]),
        by_string: BTreeMap::from([("a".to_owned(), 1), (String::new(), 0)]),
        colors: BTreeMap::from([
            ("sky".to_owned(), btree::Color::Green),
            ("ir".to_owned(), btree::Color::Infrared),
        ]),
        points: BTreeMap::from([
            ("origin".to_owned(), btree::Point::default()),
            (
                "p".to_owned(),
                btree::Point {
                    x: 3,
                    y: -4,
                    ..Default::default()
                },
            ),
        ]),
        ..btree::Maps::default()
    }
}

/// The same entries in a `Maps` with `LiteMap`s, each filled in reverse
/// key order.
fn lite_maps() -> Maps {
    let maps = btree_maps();
    let color = |color: &btree::Color| match color {
        btree::Color::Green => Color::Green,
        btree::Color::Infrared => Color::Infrared,
        other => panic!("no color {other:?} in btree_maps"),
    };
    Maps {
        by_i32: lite(&maps.by_i32),
        by_i64: lite(&maps.by_i64),
        by_u32: lite(&maps.by_u32),
        by_sint32: lite(&maps.by_sint32),
        by_fixed32: lite(&maps.by_fixed32),
        by_bool: lite(&maps.by_bool),
        by_string: lite(&maps.by_string),
        colors: maps
            .colors
            .iter()
            .rev()
            .map(|(k, c)| (k.clone(), color(c)))
            .collect(),
        points: maps
            .points
            .iter()
            .rev()
            .map(|(k, p)| {
                (
                    k.clone(),
                    Point {
                        x: p.x,
                        y: p.y,
                        ..Default::default()
                    },
                )
            })
            .collect(),
        ..Maps::default()
    }
}

/// Compiles only if `T` is `Hash`.
fn is_hash<T: std::hash::Hash>(_value: &T) {}

#[test]
fn maps_are_lite_maps() {
    let maps = Maps::default();
    is::<LiteMap<i32, String>>(&maps.by_i32);
    is::<LiteMap<String, Point>>(&maps.points);
    // A `LiteMap` is `Hash`, as a `BTreeMap` is: a message of maps whose
    // values are derives it.
    let amounts = crate::lite::money::Amounts::default();
    is::<LiteMap<u32, runtime::Decimal>>(&amounts.by_day);
    is_hash(&amounts);
}

#[test]
fn lite_maps_write_what_btree_maps_write_and_read_it_back() {
    let maps = lite_maps();
    let bytes = maps.try_encode_to_vec().unwrap();
    assert_eq!(bytes, btree_maps().try_encode_to_vec().unwrap());
    assert_eq!(bytes.len(), maps.encoded_len());
    assert_eq!(Maps::decode(&bytes).unwrap(), maps);
    assert_eq!(MapsView::decode(&bytes).unwrap().to_message(), maps);
}

#[test]
fn lite_maps_write_and_read_the_json_of_btree_maps() {
    let maps = lite_maps();
    let json = serde_json::to_string(&maps).unwrap();
    assert_eq!(json, serde_json::to_string(&btree_maps()).unwrap());
    assert_eq!(serde_json::from_str::<Maps>(&json).unwrap(), maps);

    // Keys out of order, and one twice: the last value holds.
    let read: Maps =
        serde_json::from_str(r#"{"byI32": {"9": "a", "-2": "b", "9": "c", "0": ""}}"#).unwrap();
    let expected = BTreeMap::from([
        (-2, "b".to_owned()),
        (0, String::new()),
        (9, "c".to_owned()),
    ]);
    assert_eq!(tree(&read.by_i32), expected);
}

/// Entries in reverse key order, past the few a map inserts directly,
/// then keys again: the map holds what the `BTreeMap` code reads from the
/// same bytes. Read with a shift per entry out of order, the 200,000
/// entries take 28 seconds in a debug build rather than half of one.
#[test]
fn entries_in_any_order_read_as_btree_maps_read_them() {
    let entry = |key: i32, value: &str| {
        btree::Maps {
            by_i32: BTreeMap::from([(key, value.to_owned())]),
            ..btree::Maps::default()
        }
        .try_encode_to_vec()
        .unwrap()
    };
    let mut bytes = Vec::new();
    for key in (0..200_000).rev() {
        bytes.extend(entry(key, "first"));
    }
    for key in [5, 199_999, -1, 5] {
        bytes.extend(entry(key, &format!("again {key}")));
    }
    let read = Maps::decode(&bytes).unwrap();
    let expected = btree::Maps::decode(&bytes).unwrap();
    assert_eq!(read.by_i32.len(), 200_001);
    assert_eq!(tree(&read.by_i32), expected.by_i32);
    assert_eq!(read.by_i32.get(&5).map(String::as_str), Some("again 5"));
    assert_eq!(read.by_i32.first().map(|(k, _)| *k), Some(-1));

    // A map that already holds entries keeps them, and the new value of
    // a key read again.
    let mut merged = lite_maps();
    merged.merge(&entry(7, "new")).unwrap();
    merged.merge(&entry(100, "last")).unwrap();
    let mut expected = btree_maps().by_i32;
    expected.insert(7, "new".to_owned());
    expected.insert(100, "last".to_owned());
    assert_eq!(tree(&merged.by_i32), expected);
}
