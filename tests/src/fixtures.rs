//! Fixture values of the generated types: for each message, an empty value,
//! a typical one, and one at the extremes of every field.
//!
//! Wire snapshots, interop tests and benchmarks all start from these.

use std::collections::BTreeMap;

use schemac_runtime::{Decimal, DynamicValue};

use schemac_generated::kitchen::{Color, Lists, Maps, OptionalScalars, Point, Scalars};
use schemac_generated::shapes::{self, Drawing, Layer, Shape, Tree};
use schemac_generated::shop::{Customer, Order, OrderLine, Status};
use schemac_generated::world::{geo, travel};

/// A named fixture value.
pub type Fixture<T> = (&'static str, T);

/// Customers: empty, typical and extreme.
pub fn customers() -> Vec<Fixture<Customer>> {
    vec![
        ("empty", Customer::default()),
        (
            "typical",
            Customer {
                id: 4711,
                name: "Ada Lovelace".to_owned(),
                email: Some("ada@example.com".to_owned()),
                ..Default::default()
            },
        ),
        (
            "extreme",
            Customer {
                id: i64::MIN,
                name: "Zoë 🦀 \u{10FFFF}".to_owned(),
                // Present but empty: explicit presence keeps it.
                email: Some(String::new()),
                ..Default::default()
            },
        ),
    ]
}

/// Order lines: empty, typical, extreme, and one whose cost has a
/// trailing zero, which must survive (1.50 is not 1.5).
pub fn order_lines() -> Vec<Fixture<OrderLine>> {
    vec![
        ("empty", OrderLine::default()),
        ("typical", typical_line(1)),
        (
            "extreme",
            OrderLine {
                line_number: i32::MIN,
                description: "x".repeat(130),
                cost: Decimal::MIN,
                quantity: u32::MAX,
                ..Default::default()
            },
        ),
        (
            "trailing_zero",
            OrderLine {
                line_number: 2,
                description: "half a widget".to_owned(),
                cost: Decimal::new(150, 2),
                quantity: 1,
                ..Default::default()
            },
        ),
    ]
}

/// Orders: empty, typical and extreme.
pub fn orders() -> Vec<Fixture<Order>> {
    vec![
        ("empty", Order::default()),
        ("typical", typical_order(3)),
        (
            "extreme",
            Order {
                id: i64::MAX,
                description: "\0\n\t\"quoted\"".to_owned(),
                // The smallest step a decimal can take, keeping all 28 places.
                total_cost: Decimal::from_i128_with_scale(-1, 28),
                order_lines: vec![OrderLine::default(), order_lines()[2].1.clone()],
                customer: Some(Customer::default()),
                status: Status::Unrecognized(i32::MIN),
                attributes: extreme_attributes(),
                ..Default::default()
            },
        ),
    ]
}

/// A realistic order with `lines` lines, every field set.
pub fn typical_order(lines: usize) -> Order {
    let order_lines: Vec<OrderLine> = (1..=lines)
        .map(|number| typical_line(number as i32))
        .collect();
    Order {
        id: 1_000_042,
        description: "Spring restock for the Leeds shop".to_owned(),
        total_cost: order_lines.iter().map(|line| line.cost).sum(),
        order_lines,
        customer: Some(customers()[1].1.clone()),
        status: Status::Paid,
        attributes: typical_attributes(),
        ..Default::default()
    }
}

fn typical_line(line_number: i32) -> OrderLine {
    OrderLine {
        line_number,
        description: format!("Widget, blue, size {line_number}"),
        // 19.99, 20.99, ...: cents that a float would not hold exactly.
        cost: Decimal::new(1999 + 100 * i64::from(line_number - 1), 2),
        quantity: 12,
        ..Default::default()
    }
}

/// Attributes of a realistic order: a value of each common kind, each of
/// which must come back as the same kind.
fn typical_attributes() -> BTreeMap<String, DynamicValue> {
    BTreeMap::from([
        ("gift".to_owned(), DynamicValue::Bool(true)),
        ("priority".to_owned(), DynamicValue::I32(2)),
        ("loyalty_points".to_owned(), DynamicValue::I64(15_000)),
        ("weight_kg".to_owned(), DynamicValue::F32(1.25)),
        ("distance_km".to_owned(), DynamicValue::F64(12.5)),
        (
            "discount".to_owned(),
            DynamicValue::Decimal(Decimal::new(10, 2)),
        ),
        (
            "note".to_owned(),
            DynamicValue::String("leave at the door".to_owned()),
        ),
    ])
}

/// Attributes at the edges: every kind of value, nested lists and maps,
/// empty ones, null, and extreme numbers.
fn extreme_attributes() -> BTreeMap<String, DynamicValue> {
    BTreeMap::from([
        ("null".to_owned(), DynamicValue::Null),
        ("u32".to_owned(), DynamicValue::U32(u32::MAX)),
        ("u64".to_owned(), DynamicValue::U64(u64::MAX)),
        ("i64".to_owned(), DynamicValue::I64(i64::MIN)),
        ("f64".to_owned(), DynamicValue::F64(-0.0)),
        ("bytes".to_owned(), DynamicValue::Bytes(vec![0, 255])),
        ("max".to_owned(), DynamicValue::Decimal(Decimal::MAX)),
        (
            "zero_cents".to_owned(),
            DynamicValue::Decimal(Decimal::new(0, 2)),
        ),
        ("".to_owned(), DynamicValue::String(String::new())),
        (
            "list".to_owned(),
            DynamicValue::List(vec![
                DynamicValue::Null,
                DynamicValue::List(Vec::new()),
                DynamicValue::I32(-1),
            ]),
        ),
        (
            "map".to_owned(),
            DynamicValue::Map(BTreeMap::from([
                ("$i32".to_owned(), DynamicValue::Map(BTreeMap::new())),
                ("nested".to_owned(), DynamicValue::Bool(false)),
            ])),
        ),
    ])
}

/// Every scalar type: zero (empty), typical and extreme values, and
/// floats that are -0.0, which is not the default and is written.
pub fn scalars() -> Vec<Fixture<Scalars>> {
    vec![
        ("empty", Scalars::default()),
        (
            "typical",
            Scalars {
                an_i32: -42,
                an_i64: 1 << 40,
                a_u32: 300,
                a_u64: 1 << 50,
                a_sint32: -3,
                a_sint64: -(1 << 40),
                a_fixed32: 7,
                a_fixed64: 8,
                an_sfixed32: -9,
                an_sfixed64: -10,
                an_f32: 1.5,
                an_f64: -2.25,
                a_bool: true,
                a_string: "hello".to_owned(),
                some_bytes: vec![0, 1, 2, 255],
                ..Default::default()
            },
        ),
        (
            "extreme",
            Scalars {
                an_i32: i32::MIN,
                an_i64: i64::MIN,
                a_u32: u32::MAX,
                a_u64: u64::MAX,
                a_sint32: i32::MIN,
                a_sint64: i64::MIN,
                a_fixed32: u32::MAX,
                a_fixed64: u64::MAX,
                an_sfixed32: i32::MIN,
                an_sfixed64: i64::MIN,
                an_f32: f32::MAX,
                an_f64: f64::MIN_POSITIVE,
                a_bool: true,
                a_string: "\u{10FFFF}".to_owned(),
                some_bytes: vec![0; 200],
                ..Default::default()
            },
        ),
        (
            "negative_zeros",
            Scalars {
                an_f32: -0.0,
                an_f64: -0.0,
                ..Scalars::default()
            },
        ),
    ]
}

/// Optional scalars: all absent, all present at their defaults, which
/// explicit presence must still write, and all present at other values,
/// negative ones where the type has them.
pub fn optional_scalars() -> Vec<Fixture<OptionalScalars>> {
    vec![
        ("empty", OptionalScalars::default()),
        (
            "defaults_present",
            OptionalScalars {
                an_i32: Some(0),
                an_i64: Some(0),
                a_u32: Some(0),
                a_u64: Some(0),
                a_sint32: Some(0),
                a_sint64: Some(0),
                a_fixed32: Some(0),
                a_fixed64: Some(0),
                an_sfixed32: Some(0),
                an_sfixed64: Some(0),
                an_f32: Some(0.0),
                an_f64: Some(-0.0),
                a_bool: Some(false),
                a_string: Some(String::new()),
                some_bytes: Some(Vec::new()),
                a_color: Some(Color::Unspecified),
                a_point: Some(Point::default()),
                ..Default::default()
            },
        ),
        (
            "set",
            OptionalScalars {
                an_i32: Some(-1),
                an_i64: Some(i64::MIN),
                a_u32: Some(u32::MAX),
                a_u64: Some(1 << 63),
                a_sint32: Some(-2),
                a_sint64: Some(i64::MIN),
                a_fixed32: Some(7),
                a_fixed64: Some(u64::MAX),
                an_sfixed32: Some(-3),
                an_sfixed64: Some(-4),
                an_f32: Some(-1.5),
                an_f64: Some(f64::NEG_INFINITY),
                a_bool: Some(true),
                a_string: Some("set".to_owned()),
                some_bytes: Some(vec![0xff, 0]),
                a_color: Some(Color::Infrared),
                a_point: Some(Point {
                    x: -1,
                    y: 0,
                    ..Default::default()
                }),
                ..Default::default()
            },
        ),
    ]
}

/// Lists: empty, and one of everything with defaults and extremes inside.
pub fn lists() -> Vec<Fixture<Lists>> {
    vec![
        ("empty", Lists::default()),
        (
            "typical",
            Lists {
                i32s: vec![0, -1, i32::MAX],
                i64s: vec![i64::MIN, 0],
                u32s: vec![3, 270, 86942],
                u64s: vec![u64::MAX],
                sint32s: vec![-1, 1],
                sint64s: vec![i64::MIN, i64::MAX],
                fixed32s: vec![1, 2],
                fixed64s: vec![3],
                sfixed32s: vec![-4],
                sfixed64s: vec![-5, 5],
                f32s: vec![0.5, -0.0],
                f64s: vec![f64::MAX, f64::MIN],
                bools: vec![true, false, true],
                strings: vec![String::new(), "two".to_owned()],
                byte_strings: vec![vec![], vec![0xff]],
                colors: vec![Color::Red, Color::Infrared, Color::Unrecognized(77)],
                points: vec![
                    Point::default(),
                    Point {
                        x: -1,
                        y: 1,
                        ..Default::default()
                    },
                ],
                ..Default::default()
            },
        ),
    ]
}

/// Maps: empty, and entries with default and extreme keys and values.
pub fn maps() -> Vec<Fixture<Maps>> {
    vec![
        ("empty", Maps::default()),
        (
            "typical",
            Maps {
                by_i32: BTreeMap::from([(0, "zero".to_owned()), (-1, String::new())]),
                by_i64: BTreeMap::from([(i64::MAX, vec![1, 2])]),
                by_u32: BTreeMap::from([(7, 1.25)]),
                by_u64: BTreeMap::from([(u64::MAX, -0.5)]),
                by_sint32: BTreeMap::from([(-5, true)]),
                by_sint64: BTreeMap::from([(i64::MIN, i64::MAX)]),
                by_fixed32: BTreeMap::from([(1, 2)]),
                by_fixed64: BTreeMap::from([(3, 4)]),
                by_sfixed32: BTreeMap::from([(-1, -2)]),
                by_sfixed64: BTreeMap::from([(-3, -4)]),
                by_bool: BTreeMap::from([(false, 0), (true, u64::MAX)]),
                by_string: BTreeMap::from([("a".to_owned(), 1), (String::new(), 0)]),
                colors: BTreeMap::from([("sky".to_owned(), Color::Green)]),
                points: BTreeMap::from([
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
            },
        ),
    ]
}

/// Drawings: empty, and one with every kind of shape in its oneof.
pub fn drawings() -> Vec<Fixture<Drawing>> {
    use shapes::shape::{Circle, Kind, Polygon, polygon::Corner};
    let shape = |kind| Shape {
        kind: Some(kind),
        note: None,
        ..Default::default()
    };
    vec![
        ("empty", Drawing::default()),
        (
            "typical",
            Drawing {
                title: "Sketch".to_owned(),
                shapes: vec![
                    shape(Kind::Circle(Circle {
                        radius: 2.5,
                        ..Default::default()
                    })),
                    shape(Kind::Polygon(Polygon {
                        corners: vec![
                            Corner {
                                x: 0.0,
                                y: 1.0,
                                ..Default::default()
                            },
                            Corner {
                                x: 1.0,
                                y: 0.0,
                                ..Default::default()
                            },
                        ],
                        ..Default::default()
                    })),
                    shape(Kind::Label(String::new())),
                    shape(Kind::Group(Drawing {
                        title: "inner".to_owned(),
                        shapes: vec![shape(Kind::ScaleOnly(0.0))],
                        layer: Layer::default().kind,
                        ..Default::default()
                    })),
                    Shape {
                        kind: None,
                        note: Some("no kind".to_owned()),
                        ..Default::default()
                    },
                ],
                layer: shapes::layer::Kind::Foreground,
                ..Default::default()
            },
        ),
    ]
}

/// Trees: empty, and one that uses every recursive field.
pub fn trees() -> Vec<Fixture<Tree>> {
    let leaf = |value| Tree {
        value,
        ..Tree::default()
    };
    vec![
        ("empty", Tree::default()),
        (
            "typical",
            Tree {
                value: 1,
                left: Some(Box::new(leaf(2))),
                right: Some(Box::new(Tree {
                    value: 3,
                    left: Some(Box::new(leaf(4))),
                    ..Tree::default()
                })),
                children: vec![leaf(5), Tree::default()],
                by_name: BTreeMap::from([("six".to_owned(), leaf(6))]),
                ..Default::default()
            },
        ),
    ]
}

/// Trips: empty, and one that crosses into the imported package.
pub fn trips() -> Vec<Fixture<travel::Trip>> {
    let point = |latitude, longitude| geo::Coordinates {
        latitude,
        longitude,
        ..Default::default()
    };
    vec![
        ("empty", travel::Trip::default()),
        (
            "typical",
            travel::Trip {
                name: "Coast".to_owned(),
                stops: vec![point(53.8, -1.55), point(54.0, -2.8)],
                start: Some(point(0.0, 0.0)),
                unit: geo::Unit::Miles,
                distances: BTreeMap::from([("leg 1".to_owned(), 96.5)]),
                ..Default::default()
            },
        ),
    ]
}
