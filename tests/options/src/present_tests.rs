//! `always_present`'s code, compiled and run: plain message fields hold
//! the message itself, are always written, and read as the default when
//! the bytes leave them out; `optional`, oneof and recursive fields keep
//! their `Option`.

use runtime::{Message, MessageView};

use crate::always_present::present::{Point, Route, RouteView, route};
use crate::plain::present as plain;

/// Compiles only if `value` has type `T`.
fn is<T>(_value: &T) {}

fn route() -> Route {
    Route {
        name: "coast".to_owned(),
        start: Point {
            x: 1,
            y: 2,
            ..Default::default()
        },
        end: Point::default(),
        via: Some(Point {
            x: 5,
            y: 5,
            ..Default::default()
        }),
        detour: Some(route::Detour::Around(Point {
            x: -1,
            y: 0,
            ..Default::default()
        })),
        next: Some(Box::new(Route::default())),
        waypoints: vec![Point {
            x: 3,
            y: 4,
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[test]
fn plain_message_fields_are_the_message_and_the_others_keep_their_option() {
    let route = route();
    is::<Point>(&route.start);
    is::<Point>(&route.end);
    is::<Option<Point>>(&route.via);
    is::<Option<route::Detour>>(&route.detour);
    is::<Option<Box<Route>>>(&route.next);
}

/// The fields are always written, even when empty: the bytes are those of
/// the `Option` code with each of them `Some`.
#[test]
fn always_present_fields_are_always_written() {
    let route = route();
    let bytes = route.try_encode_to_vec().unwrap();
    assert_eq!(bytes.len(), route.encoded_len());
    let with_options = plain::Route::decode(&bytes).unwrap();
    assert_eq!(with_options.end, Some(plain::Point::default()));
    assert_eq!(
        with_options.start,
        Some(plain::Point {
            x: 1,
            y: 2,
            ..Default::default()
        })
    );
    assert_eq!(with_options.try_encode_to_vec().unwrap(), bytes);
    assert_eq!(Route::decode(&bytes).unwrap(), route);
    // An empty route writes its two plain message fields, empty.
    assert_eq!(
        Route::default().try_encode_to_vec().unwrap(),
        [0x12, 0x00, 0x1a, 0x00]
    );
}

#[test]
fn a_field_the_bytes_leave_out_reads_as_the_default() {
    let bytes = plain::Route {
        name: "n".to_owned(),
        ..Default::default()
    }
    .try_encode_to_vec()
    .unwrap();
    let route = Route::decode(&bytes).unwrap();
    assert_eq!(route.start, Point::default());
    assert_eq!(route.via, None);
    // Fields merge as messages do: a second occurrence adds to the first.
    let mut twice = plain::Route {
        start: Some(plain::Point {
            x: 7,
            y: 0,
            ..Default::default()
        }),
        ..Default::default()
    }
    .try_encode_to_vec()
    .unwrap();
    twice.extend(
        plain::Route {
            start: Some(plain::Point {
                x: 0,
                y: 9,
                ..Default::default()
            }),
            ..Default::default()
        }
        .try_encode_to_vec()
        .unwrap(),
    );
    assert_eq!(
        Route::decode(&twice).unwrap().start,
        Point {
            x: 7,
            y: 9,
            ..Default::default()
        }
    );
}

#[test]
fn always_present_fields_go_through_json_and_views() {
    let route = route();
    let json = serde_json::to_value(&route).unwrap();
    assert_eq!(json["start"], serde_json::json!({"x": 1, "y": 2}));
    assert_eq!(json["end"], serde_json::json!({}));
    assert_eq!(serde_json::from_value::<Route>(json).unwrap(), route);
    let missing: Route = serde_json::from_value(serde_json::json!({"name": "n"})).unwrap();
    assert_eq!(missing.start, Point::default());

    let bytes = route.try_encode_to_vec().unwrap();
    let view = RouteView::decode(&bytes).unwrap();
    assert_eq!(view.start.x, 1);
    assert_eq!(view.to_message(), route);
}
