//! Map types by path, compiled and run: one schema's maps as `HashMap`,
//! but one `BTreeMap` and one `HashMap` with a hasher of the crate's, read
//! and written as the all-`BTreeMap` code of schemac-generated reads and
//! writes them.

use std::collections::{BTreeMap, HashMap};

use runtime::{Message, MessageView};

use crate::mixed_maps::kitchen::{Color, Maps, MapsView, Point};
use crate::support::FixedHasher;

/// Compiles only if `value` has type `T`.
fn is<T>(_value: &T) {}

fn maps() -> Maps {
    let mut points = HashMap::with_hasher(FixedHasher::default());
    points.insert("origin".to_owned(), Point::default());
    points.insert(
        "p".to_owned(),
        Point {
            x: 3,
            y: -4,
            ..Default::default()
        },
    );
    Maps {
        by_i32: HashMap::from([(0, "zero".to_owned()), (7, "7".to_owned())]),
        by_string: BTreeMap::from([("b".to_owned(), 2), ("a".to_owned(), 1)]),
        colors: HashMap::from([("sky".to_owned(), Color::Green)]),
        points,
        ..Maps::default()
    }
}

#[test]
fn each_path_gets_its_map_type() {
    let maps = Maps::default();
    is::<HashMap<i32, String>>(&maps.by_i32);
    is::<BTreeMap<String, i32>>(&maps.by_string);
    is::<HashMap<String, Point, FixedHasher>>(&maps.points);
}

#[test]
fn mixed_maps_round_trip_and_read_as_btree_maps_do() {
    let maps = maps();
    let bytes = maps.try_encode_to_vec().unwrap();
    assert_eq!(bytes.len(), maps.encoded_len());
    assert_eq!(Maps::decode(&bytes).unwrap(), maps);

    let btree = schemac_generated::kitchen::Maps::decode(&bytes).unwrap();
    assert_eq!(btree.by_i32.len(), 2);
    assert_eq!(btree.points[&"p".to_owned()].y, -4);
    assert_eq!(
        Maps::decode(&btree.try_encode_to_vec().unwrap()).unwrap(),
        maps
    );
}

/// The `BTreeMap` is written in key order, whatever the order it was
/// filled in: its bytes are those of the all-`BTreeMap` code.
#[test]
fn the_btree_map_is_written_in_key_order() {
    let only = Maps {
        by_string: BTreeMap::from([("b".to_owned(), 2), ("a".to_owned(), 1)]),
        ..Maps::default()
    };
    let btree = schemac_generated::kitchen::Maps {
        by_string: only.by_string.clone(),
        ..Default::default()
    };
    assert_eq!(
        only.try_encode_to_vec().unwrap(),
        btree.try_encode_to_vec().unwrap()
    );
}

#[test]
fn mixed_maps_go_through_json_and_views() {
    let maps = maps();
    let json = serde_json::to_value(&maps).unwrap();
    assert_eq!(json["points"]["p"]["x"], 3);
    let back: Maps = serde_json::from_value(json).unwrap();
    assert_eq!(back, maps);
    let bytes = maps.try_encode_to_vec().unwrap();
    let view = MapsView::decode(&bytes).unwrap();
    assert_eq!(view.to_message(), maps);
}
