//! Every generated message through encode and decode, and the bytes of a
//! few values against protobuf encodings worked out by hand.

use std::collections::BTreeMap;
use std::fmt::Debug;

use schemac_generated::kitchen::{Color, Lists, Maps, OptionalScalars, Point, Scalars};
use schemac_generated::shapes::{
    self, Drawing, Empty, Keywords, Layer, Ping, Pong, Shape, Tree, pong, shape,
};
use schemac_generated::shop::{Customer, Order, OrderLine, Status};
use schemac_generated::world::{geo, travel};
use schemac_runtime::{Decimal, DynamicValue, Enumeration, Message};

/// Encodes `value`, checks the length against `encoded_len`, decodes it
/// back and checks that nothing changed; returns the bytes.
fn round_trip<M: Message + PartialEq + Debug>(value: &M) -> Vec<u8> {
    let bytes = value.try_encode_to_vec().expect("encodes");
    assert_eq!(bytes.len(), value.encoded_len(), "{value:?}");
    let back = M::decode(&bytes).unwrap_or_else(|error| panic!("{value:?}: {error}"));
    assert_eq!(&back, value);
    bytes
}

fn corner(x: f32, y: f32) -> shape::polygon::Corner {
    shape::polygon::Corner {
        x,
        y,
        ..Default::default()
    }
}

#[test]
fn shop_messages_round_trip() {
    let customer = Customer {
        id: -7,
        name: "Ada".to_owned(),
        email: Some(String::new()),
        ..Default::default()
    };
    let line = OrderLine {
        line_number: -1,
        description: "widget".to_owned(),
        cost: Decimal::new(-1999, 2),
        quantity: u32::MAX,
        ..Default::default()
    };
    round_trip(&customer);
    round_trip(&line);
    round_trip(&Order {
        id: i64::MIN,
        description: "spring".to_owned(),
        total_cost: Decimal::new(-1999, 2),
        order_lines: vec![line, OrderLine::default()],
        customer: Some(customer),
        status: Status::Shipped,
        attributes: BTreeMap::from([("n".to_owned(), DynamicValue::U64(u64::MAX))]),
        ..Default::default()
    });
    round_trip(&Order::default());
}

#[test]
fn kitchen_messages_round_trip() {
    round_trip(&Scalars {
        an_i32: -1,
        an_i64: i64::MIN,
        a_u32: 1,
        a_u64: u64::MAX,
        a_sint32: i32::MIN,
        a_sint64: -2,
        a_fixed32: 3,
        a_fixed64: 4,
        an_sfixed32: -5,
        an_sfixed64: -6,
        an_f32: -0.0,
        an_f64: f64::INFINITY,
        a_bool: true,
        a_string: "π".to_owned(),
        some_bytes: vec![0, 255],
        ..Default::default()
    });
    round_trip(&OptionalScalars {
        an_i32: Some(0),
        a_bool: Some(false),
        a_color: Some(Color::Infrared),
        a_point: Some(Point::default()),
        ..OptionalScalars::default()
    });
    round_trip(&Lists {
        i32s: vec![-1, 0, 1],
        sint64s: vec![i64::MIN, i64::MAX],
        f32s: vec![1.5, -0.0],
        bools: vec![true, false],
        strings: vec![String::new(), "x".to_owned()],
        byte_strings: vec![vec![], vec![1]],
        colors: vec![Color::Red, Color::Infrared, Color::Unrecognized(-9)],
        points: vec![
            Point {
                x: -1,
                y: 1,
                ..Default::default()
            },
            Point::default(),
        ],
        ..Lists::default()
    });
    round_trip(&Maps {
        by_i32: BTreeMap::from([(-1, String::new()), (0, "zero".to_owned())]),
        by_bool: BTreeMap::from([(false, 0), (true, 1)]),
        by_sfixed64: BTreeMap::from([(i64::MIN, i64::MAX)]),
        colors: BTreeMap::from([("ir".to_owned(), Color::Infrared)]),
        points: BTreeMap::from([(
            String::new(),
            Point {
                x: 2,
                y: -2,
                ..Default::default()
            },
        )]),
        ..Maps::default()
    });
}

#[test]
fn shapes_messages_round_trip() {
    let polygon = shape::Polygon {
        corners: vec![corner(0.0, 1.0), corner(-1.0, 0.5)],
        ..Default::default()
    };
    let drawing = Drawing {
        title: "sketch".to_owned(),
        shapes: vec![
            Shape {
                kind: Some(shape::Kind::Circle(shape::Circle {
                    radius: 2.0,
                    ..Default::default()
                })),
                note: Some("round".to_owned()),
                ..Default::default()
            },
            Shape {
                kind: Some(shape::Kind::Polygon(polygon.clone())),
                note: None,
                ..Default::default()
            },
            Shape {
                kind: Some(shape::Kind::Group(Drawing::default())),
                note: None,
                ..Default::default()
            },
            Shape {
                kind: Some(shape::Kind::ScaleOnly(0.0)),
                note: None,
                ..Default::default()
            },
            Shape::default(),
        ],
        layer: shapes::layer::Kind::Foreground,
        ..Default::default()
    };
    round_trip(&drawing);
    round_trip(&polygon);
    round_trip(&corner(3.0, 4.0));
    round_trip(&Layer {
        kind: shapes::layer::Kind::Unrecognized(5),
        ..Default::default()
    });
    round_trip(&Keywords {
        r#type: "t".to_owned(),
        r#match: -3,
        self_: true,
        foo_bar: 4,
        r#async: 5,
        crate_: "c".to_owned(),
        ..Default::default()
    });
    round_trip(&Empty::default());
}

#[test]
fn recursive_messages_round_trip() {
    let leaf = |value| Tree {
        value,
        ..Tree::default()
    };
    round_trip(&Tree {
        value: 1,
        left: Some(Box::new(leaf(2))),
        right: Some(Box::new(Tree {
            left: Some(Box::new(leaf(4))),
            ..leaf(3)
        })),
        children: vec![leaf(5), Tree::default()],
        by_name: BTreeMap::from([("six".to_owned(), leaf(6))]),
        ..Default::default()
    });
    let pong = Pong {
        ping: Some(Box::new(Ping {
            pong: Some(Box::new(Pong::default())),
            depth: 2,
            ..Default::default()
        })),
        choice: Some(Box::new(pong::Choice {
            pick: Some(pong::choice::Pick::Again(Box::new(Pong {
                choice: Some(Box::new(pong::Choice {
                    pick: Some(pong::choice::Pick::Done(false)),
                    ..Default::default()
                })),
                ..Pong::default()
            }))),
            ..Default::default()
        })),
        ..Default::default()
    };
    round_trip(&pong);
}

#[test]
fn world_messages_round_trip() {
    let here = geo::Coordinates {
        latitude: 53.8,
        longitude: -1.55,
        ..Default::default()
    };
    round_trip(&here);
    round_trip(&travel::Trip {
        name: "coast".to_owned(),
        stops: vec![here.clone(), geo::Coordinates::default()],
        start: Some(here),
        unit: geo::Unit::Miles,
        distances: BTreeMap::from([("leg".to_owned(), 96.5)]),
        ..Default::default()
    });
}

/// Order { id: 150, description: "hi", total_cost: 12.34, one line
/// { line_number: 1, cost: 12.34, quantity: 3 }, customer { id: 1, name:
/// "A" }, status: PAID, attributes { "n": i32 5 } }, field by field as the
/// protobuf encoding guide spells it out. A decimal is { 1: unscaled bytes,
/// 2: scale }: 12.34 is 1234 (04 d2) at scale 2.
#[test]
fn a_simple_order_has_the_protobuf_bytes() {
    let cost = Decimal::new(1234, 2);
    let order = Order {
        id: 150,
        description: "hi".to_owned(),
        total_cost: cost,
        order_lines: vec![OrderLine {
            line_number: 1,
            description: String::new(),
            cost,
            quantity: 3,
            ..Default::default()
        }],
        customer: Some(Customer {
            id: 1,
            name: "A".to_owned(),
            email: None,
            ..Default::default()
        }),
        status: Status::Paid,
        attributes: BTreeMap::from([("n".to_owned(), DynamicValue::I32(5))]),
        ..Default::default()
    };
    let expected = [
        0x08, 0x96, 0x01, // 1: varint 150
        0x12, 0x02, b'h', b'i', // 2: "hi"
        0x1a, 0x06, 0x0a, 0x02, 0x04, 0xd2, 0x10, 0x02, // 3: 12.34
        0x22, 0x0c, 0x08, 0x01, // 4: line { 1: 1,
        0x1a, 0x06, 0x0a, 0x02, 0x04, 0xd2, 0x10, 0x02, // 3: 12.34,
        0x20, 0x03, // 4: 3 }
        0x2a, 0x05, 0x08, 0x01, 0x12, 0x01, b'A', // 5: customer { 1: 1, 2: "A" }
        0x30, 0x01, // 6: PAID
        0x3a, 0x07, 0x0a, 0x01, b'n', // 7: entry { 1: "n",
        0x12, 0x02, 0x18, 0x0a, // 2: value { 3: sint32 5 } }
    ];
    assert_eq!(round_trip(&order), expected);
}

#[test]
fn a_negative_enum_takes_ten_bytes() {
    let value = OptionalScalars {
        a_color: Some(Color::Infrared),
        ..OptionalScalars::default()
    };
    // Field 16 needs a two-byte key; -1 is sign-extended to 64 bits.
    let mut expected = vec![0x80, 0x01];
    expected.extend([0xff; 9]);
    expected.push(0x01);
    assert_eq!(round_trip(&value), expected);
}

#[test]
fn numbers_are_packed() {
    let lists = Lists {
        u32s: vec![3, 270, 86942],
        colors: vec![Color::Green],
        ..Lists::default()
    };
    let expected = [
        0x1a, 0x06, 0x03, 0x8e, 0x02, 0x9e, 0xa7, 0x05, // 3: [3, 270, 86942]
        0x82, 0x01, 0x01, 0x02, // 16: [GREEN]
    ];
    assert_eq!(round_trip(&lists), expected);
}

#[test]
fn unrecognized_enum_numbers_are_kept() {
    let order = Order {
        status: Status::Unrecognized(12345),
        ..Order::default()
    };
    let back = Order::decode(&round_trip(&order)).unwrap();
    assert!(matches!(back.status, Status::Unrecognized(12345)));
    // Equality, names and conversions go by number.
    assert_eq!(Status::Unrecognized(1), Status::Paid);
    assert_eq!(Status::Unrecognized(1).name(), Some("PAID"));
    assert_eq!(Status::Unrecognized(9).name(), None);
    assert_eq!(Status::from_number(2), Status::Shipped);
    assert_eq!(i32::from(Color::Infrared), -1);
    assert_eq!(Color::from(-1), Color::Infrared);
    assert_eq!(<Color as Enumeration>::NAME, "Color");
    assert_eq!(Color::default(), Color::Unspecified);
}

#[test]
fn a_oneof_member_at_its_default_is_written() {
    let shape = Shape {
        kind: Some(shape::Kind::Label(String::new())),
        note: None,
        ..Default::default()
    };
    assert_eq!(round_trip(&shape), [0x1a, 0x00]);
}

#[test]
fn the_last_oneof_member_read_wins_and_the_same_one_merges() {
    let circle = Shape {
        kind: Some(shape::Kind::Circle(shape::Circle {
            radius: 1.0,
            ..Default::default()
        })),
        note: None,
        ..Default::default()
    };
    let label = Shape {
        kind: Some(shape::Kind::Label("x".to_owned())),
        note: None,
        ..Default::default()
    };
    let mut bytes = circle.try_encode_to_vec().unwrap();
    bytes.extend(label.try_encode_to_vec().unwrap());
    assert_eq!(Shape::decode(&bytes).unwrap(), label);

    // Two polygons merge: their corner lists are appended.
    let one = |x| Shape {
        kind: Some(shape::Kind::Polygon(shape::Polygon {
            corners: vec![corner(x, 0.0)],
            ..Default::default()
        })),
        note: None,
        ..Default::default()
    };
    let mut bytes = one(1.0).try_encode_to_vec().unwrap();
    bytes.extend(one(2.0).try_encode_to_vec().unwrap());
    let merged = Shape::decode(&bytes).unwrap();
    let expected = shape::Polygon {
        corners: vec![corner(1.0, 0.0), corner(2.0, 0.0)],
        ..Default::default()
    };
    assert_eq!(merged.kind, Some(shape::Kind::Polygon(expected)));
}

#[test]
fn unknown_fields_are_kept_and_written_back() {
    let order = Order {
        id: 1,
        description: "keep me".to_owned(),
        ..Order::default()
    };
    let bytes = order.try_encode_to_vec().unwrap();
    let empty = Empty::decode(&bytes).unwrap();
    assert_eq!(empty.unknown_fields.as_bytes(), bytes);
    assert_eq!(empty.try_encode_to_vec().unwrap(), bytes);
    assert_eq!(
        Order::decode(&empty.try_encode_to_vec().unwrap()).unwrap(),
        order
    );
}

/// A message whose encoding cannot fail (`Customer`: no `required` field,
/// nothing that nests without bound) has `encode_to_vec` and
/// `encode_length_delimited_to_vec` returning the bytes, those of the
/// `try_` forms, which every message has.
#[test]
fn an_infallible_message_encodes_to_the_bytes() {
    let customer = Customer {
        id: 1,
        name: "A".to_owned(),
        ..Default::default()
    };
    let bytes: Vec<u8> = customer.encode_to_vec();
    assert_eq!(bytes, customer.try_encode_to_vec().unwrap());
    assert_eq!(bytes, [0x08, 0x01, 0x12, 0x01, b'A']);
    let framed: Vec<u8> = customer.encode_length_delimited_to_vec();
    assert_eq!(
        framed,
        customer.try_encode_length_delimited_to_vec().unwrap()
    );
    assert_eq!(
        Customer::decode_length_delimited(framed.as_slice()).unwrap(),
        customer
    );
}
