//! Property tests: every generated type decodes back to what was encoded,
//! in the same representation (`schemac_tests::repr`: decimal scales,
//! the sign of zero, enum variants); `encoded_len` is exact, every way
//! of encoding writes the same bytes (`schemac_tests::encodes_every_way`),
//! and the fields read back in any order, owned and as views
//! (`schemac_tests::reads_in_any_order`).

use std::collections::BTreeMap;
use std::fmt::Debug;

use proptest::collection::{btree_map, vec};
use proptest::prelude::*;
use schemac_generated::kitchen::interleaved::Pick;
use schemac_generated::kitchen::{
    Color, Interleaved, Lists, Maps, OptionalScalars, Point, Scalars,
};
use schemac_generated::shapes::{self, Drawing, Keywords, Shape, Tree};
use schemac_generated::shop::{Customer, Order, OrderLine, Status};
use schemac_generated::world::{geo, travel};
use schemac_runtime::view::HasView;
use schemac_runtime::{Decimal, DynamicValue, Message};
use schemac_tests::repr;

fn round_trip<M: HasView + PartialEq + Debug>(value: &M) -> Result<(), TestCaseError> {
    let bytes = value
        .try_encode_to_vec()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    schemac_tests::encodes_every_way(value, &bytes);
    // Seeded by the bytes, so that a failing case shuffles alike again.
    let seed = bytes.iter().fold(bytes.len() as u64, |seed, &byte| {
        seed.rotate_left(8) ^ u64::from(byte)
    });
    schemac_tests::reads_in_any_order(value, &bytes, seed);
    let decoded = M::decode(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&decoded, value);
    prop_assert_eq!(repr(&decoded), repr(value));
    Ok(())
}

/// Floats without NaN, which is not equal to itself; -0.0 and infinities stay in.
fn f32s() -> impl Strategy<Value = f32> {
    any::<f32>().prop_filter("NaN", |x| !x.is_nan())
}

fn f64s() -> impl Strategy<Value = f64> {
    any::<f64>().prop_filter("NaN", |x| !x.is_nan())
}

fn status() -> impl Strategy<Value = Status> {
    any::<i32>().prop_map(Status::from_number)
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![
        Just(Color::Infrared),
        Just(Color::Red),
        any::<i32>().prop_map(Color::from)
    ]
}

fn customer() -> impl Strategy<Value = Customer> {
    (any::<i64>(), ".*", proptest::option::of(".*")).prop_map(|(id, name, email)| Customer {
        id,
        name,
        email,
        ..Default::default()
    })
}

/// Any decimal: 96 bits of digits, either sign, scale 0 to 28.
fn decimal() -> impl Strategy<Value = Decimal> {
    (any::<(u32, u32, u32)>(), any::<bool>(), 0u32..=28).prop_map(
        |((lo, mid, hi), negative, scale)| Decimal::from_parts(lo, mid, hi, negative, scale),
    )
}

/// Any value without NaN, nested up to three levels.
fn value() -> impl Strategy<Value = DynamicValue> {
    let leaf = prop_oneof![
        Just(DynamicValue::Null),
        any::<bool>().prop_map(DynamicValue::Bool),
        any::<i32>().prop_map(DynamicValue::I32),
        any::<i64>().prop_map(DynamicValue::I64),
        any::<u32>().prop_map(DynamicValue::U32),
        any::<u64>().prop_map(DynamicValue::U64),
        f32s().prop_map(DynamicValue::F32),
        f64s().prop_map(DynamicValue::F64),
        ".*".prop_map(DynamicValue::String),
        vec(any::<u8>(), 0..8).prop_map(DynamicValue::Bytes),
        decimal().prop_map(DynamicValue::Decimal),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(DynamicValue::List),
            btree_map(".*", inner, 0..4).prop_map(DynamicValue::Map),
        ]
    })
}

fn order_line() -> impl Strategy<Value = OrderLine> {
    (any::<i32>(), ".*", decimal(), any::<u32>()).prop_map(
        |(line_number, description, cost, quantity)| OrderLine {
            line_number,
            description,
            cost,
            quantity,
            ..Default::default()
        },
    )
}

pub(crate) fn order() -> impl Strategy<Value = Order> {
    (
        (any::<i64>(), ".*", decimal()),
        vec(order_line(), 0..8),
        proptest::option::of(customer()),
        status(),
        btree_map(".*", value(), 0..4),
    )
        .prop_map(
            |((id, description, total_cost), order_lines, customer, status, attributes)| Order {
                id,
                description,
                total_cost,
                order_lines,
                customer,
                status,
                attributes,
                ..Default::default()
            },
        )
}

fn point() -> impl Strategy<Value = Point> {
    (any::<i32>(), any::<i32>()).prop_map(|(x, y)| Point {
        x,
        y,
        ..Default::default()
    })
}

pub(crate) fn scalars() -> impl Strategy<Value = Scalars> {
    (
        (
            any::<i32>(),
            any::<i64>(),
            any::<u32>(),
            any::<u64>(),
            any::<i32>(),
        ),
        (
            any::<i64>(),
            any::<u32>(),
            any::<u64>(),
            any::<i32>(),
            any::<i64>(),
        ),
        (f32s(), f64s(), any::<bool>(), ".*", vec(any::<u8>(), 0..32)),
    )
        .prop_map(|(a, b, c)| Scalars {
            an_i32: a.0,
            an_i64: a.1,
            a_u32: a.2,
            a_u64: a.3,
            a_sint32: a.4,
            a_sint64: b.0,
            a_fixed32: b.1,
            a_fixed64: b.2,
            an_sfixed32: b.3,
            an_sfixed64: b.4,
            an_f32: c.0,
            an_f64: c.1,
            a_bool: c.2,
            a_string: c.3,
            some_bytes: c.4,
            ..Default::default()
        })
}

pub(crate) fn optional_scalars() -> impl Strategy<Value = OptionalScalars> {
    use proptest::option::of;
    (
        (
            of(any::<i32>()),
            of(any::<i64>()),
            of(any::<u32>()),
            of(any::<u64>()),
            of(any::<i32>()),
        ),
        (
            of(any::<i64>()),
            of(any::<u32>()),
            of(any::<u64>()),
            of(any::<i32>()),
            of(any::<i64>()),
        ),
        (
            of(f32s()),
            of(f64s()),
            of(any::<bool>()),
            of(".*"),
            of(vec(any::<u8>(), 0..8)),
        ),
        (of(color()), of(point())),
    )
        .prop_map(|(a, b, c, d)| OptionalScalars {
            an_i32: a.0,
            an_i64: a.1,
            a_u32: a.2,
            a_u64: a.3,
            a_sint32: a.4,
            a_sint64: b.0,
            a_fixed32: b.1,
            a_fixed64: b.2,
            an_sfixed32: b.3,
            an_sfixed64: b.4,
            an_f32: c.0,
            an_f64: c.1,
            a_bool: c.2,
            a_string: c.3,
            some_bytes: c.4,
            a_color: d.0,
            a_point: d.1,
            ..Default::default()
        })
}

pub(crate) fn lists() -> impl Strategy<Value = Lists> {
    let n = 0..6;
    (
        (
            vec(any::<i32>(), n.clone()),
            vec(any::<i64>(), n.clone()),
            vec(any::<u32>(), n.clone()),
            vec(any::<u64>(), n.clone()),
            vec(any::<i32>(), n.clone()),
            vec(any::<i64>(), n.clone()),
        ),
        (
            vec(any::<u32>(), n.clone()),
            vec(any::<u64>(), n.clone()),
            vec(any::<i32>(), n.clone()),
            vec(any::<i64>(), n.clone()),
            vec(f32s(), n.clone()),
            vec(f64s(), n.clone()),
        ),
        (
            vec(any::<bool>(), n.clone()),
            vec(".*", n.clone()),
            vec(vec(any::<u8>(), 0..4), n.clone()),
            vec(color(), n.clone()),
            vec(point(), n),
        ),
    )
        .prop_map(|(a, b, c)| Lists {
            i32s: a.0,
            i64s: a.1,
            u32s: a.2,
            u64s: a.3,
            sint32s: a.4,
            sint64s: a.5,
            fixed32s: b.0,
            fixed64s: b.1,
            sfixed32s: b.2,
            sfixed64s: b.3,
            f32s: b.4,
            f64s: b.5,
            bools: c.0,
            strings: c.1,
            byte_strings: c.2,
            colors: c.3,
            points: c.4,
            ..Default::default()
        })
}

pub(crate) fn maps() -> impl Strategy<Value = Maps> {
    let n = 0..4;
    (
        (
            btree_map(any::<i32>(), ".*", n.clone()),
            btree_map(any::<i64>(), vec(any::<u8>(), 0..4), n.clone()),
            btree_map(any::<u32>(), f32s(), n.clone()),
            btree_map(any::<u64>(), f64s(), n.clone()),
            btree_map(any::<i32>(), any::<bool>(), n.clone()),
            btree_map(any::<i64>(), any::<i64>(), n.clone()),
            btree_map(any::<u32>(), any::<u32>(), n.clone()),
        ),
        (
            btree_map(any::<u64>(), any::<u64>(), n.clone()),
            btree_map(any::<i32>(), any::<i32>(), n.clone()),
            btree_map(any::<i64>(), any::<i64>(), n.clone()),
            btree_map(any::<bool>(), any::<u64>(), n.clone()),
            btree_map(".*", any::<i32>(), n.clone()),
            btree_map(".*", color(), n.clone()),
            btree_map(".*", point(), n),
        ),
    )
        .prop_map(|(a, b)| Maps {
            by_i32: a.0,
            by_i64: a.1,
            by_u32: a.2,
            by_u64: a.3,
            by_sint32: a.4,
            by_sint64: a.5,
            by_fixed32: a.6,
            by_fixed64: b.0,
            by_sfixed32: b.1,
            by_sfixed64: b.2,
            by_bool: b.3,
            by_string: b.4,
            colors: b.5,
            points: b.6,
            ..Default::default()
        })
}

pub(crate) fn tree() -> impl Strategy<Value = Tree> {
    let leaf = any::<i32>().prop_map(|value| Tree {
        value,
        ..Tree::default()
    });
    leaf.prop_recursive(4, 24, 3, |inner| {
        (
            any::<i32>(),
            proptest::option::of(inner.clone()),
            proptest::option::of(inner.clone()),
            vec(inner.clone(), 0..3),
            btree_map(".*", inner, 0..2),
        )
            .prop_map(|(value, left, right, children, by_name)| Tree {
                value,
                left: left.map(Box::new),
                right: right.map(Box::new),
                children,
                by_name,
                ..Default::default()
            })
    })
}

pub(crate) fn drawing() -> impl Strategy<Value = Drawing> {
    use shapes::shape::{Circle, Kind, Polygon, polygon::Corner};
    let layer = any::<i32>().prop_map(shapes::layer::Kind::from_number);
    let leaf = (".*", layer.clone()).prop_map(|(title, layer)| Drawing {
        title,
        shapes: Vec::new(),
        layer,
        ..Default::default()
    });
    leaf.prop_recursive(3, 16, 3, move |inner| {
        let kind = prop_oneof![
            f64s().prop_map(|radius| Kind::Circle(Circle {
                radius,
                ..Default::default()
            })),
            vec((f32s(), f32s()), 0..3).prop_map(|corners| Kind::Polygon(Polygon {
                corners: corners
                    .into_iter()
                    .map(|(x, y)| Corner {
                        x,
                        y,
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            })),
            ".*".prop_map(Kind::Label),
            inner.prop_map(Kind::Group),
            f64s().prop_map(Kind::ScaleOnly),
        ];
        let shape =
            (proptest::option::of(kind), proptest::option::of(".*")).prop_map(|(kind, note)| {
                Shape {
                    kind,
                    note,
                    ..Default::default()
                }
            });
        (".*", vec(shape, 0..3), layer.clone()).prop_map(|(title, shapes, layer)| Drawing {
            title,
            shapes,
            layer,
            ..Default::default()
        })
    })
}

pub(crate) fn trip() -> impl Strategy<Value = travel::Trip> {
    let coordinates = || {
        (f64s(), f64s()).prop_map(|(latitude, longitude)| geo::Coordinates {
            latitude,
            longitude,
            ..Default::default()
        })
    };
    (
        ".*",
        vec(coordinates(), 0..4),
        proptest::option::of(coordinates()),
        any::<i32>().prop_map(geo::Unit::from_number),
        btree_map(".*", f64s(), 0..3),
    )
        .prop_map(|(name, stops, start, unit, distances)| travel::Trip {
            name,
            stops,
            start,
            unit,
            distances,
            ..Default::default()
        })
}

pub(crate) fn keywords() -> impl Strategy<Value = Keywords> {
    (
        ".*",
        any::<i32>(),
        any::<bool>(),
        any::<i64>(),
        any::<u32>(),
        ".*",
    )
        .prop_map(
            |(r#type, r#match, self_, foo_bar, r#async, crate_)| Keywords {
                r#type,
                r#match,
                self_,
                foo_bar,
                r#async,
                crate_,
                ..Default::default()
            },
        )
}

/// Fields numbered with gaps and between a oneof's members: what fields
/// read in order meet between them.
pub(crate) fn interleaved() -> impl Strategy<Value = Interleaved> {
    let pick = proptest::option::of(prop_oneof![
        ".*".prop_map(Pick::Word),
        any::<i64>().prop_map(Pick::Amount),
    ]);
    (
        (any::<i32>(), pick, vec(".*", 0..4), f64s()),
        (
            proptest::option::of(point()),
            vec(any::<bool>(), 0..4),
            btree_map(".*", any::<i32>(), 0..3),
            any::<u32>(),
        ),
    )
        .prop_map(
            |((count, pick, names, ratio), (point, flags, labels, far))| Interleaved {
                count,
                pick,
                names,
                ratio,
                point,
                flags,
                labels,
                far,
                ..Default::default()
            },
        )
}

proptest! {
    #[test]
    fn orders(value in order()) { round_trip(&value)?; }

    #[test]
    fn fields_between_others(value in interleaved()) { round_trip(&value)?; }

    #[test]
    fn scalars_of_every_type(value in scalars()) { round_trip(&value)?; }

    #[test]
    fn optional_scalars_keep_presence(value in optional_scalars()) { round_trip(&value)?; }

    #[test]
    fn lists_of_every_type(value in lists()) { round_trip(&value)?; }

    #[test]
    fn maps_of_every_key_type(value in maps()) { round_trip(&value)?; }

    #[test]
    fn recursive_trees(value in tree()) { round_trip(&value)?; }

    #[test]
    fn drawings_with_oneofs(value in drawing()) { round_trip(&value)?; }

    #[test]
    fn trips_across_packages(value in trip()) { round_trip(&value)?; }

    #[test]
    fn keyword_named_fields(value in keywords()) { round_trip(&value)?; }

    /// Merging follows protobuf: a scalar the second encoding sets wins,
    /// lists append, nested messages merge field by field.
    #[test]
    fn merge_follows_protobuf_semantics(a in order(), b in order()) {
        let mut merged = Order::decode(&a.try_encode_to_vec().unwrap()).unwrap();
        merged.merge(&b.try_encode_to_vec().unwrap()).unwrap();
        prop_assert_eq!(repr(&merged), repr(&expected_merge(a, b)));
    }
}

/// What `schemac_tests::repr` relies on: the `Debug` text tells apart the
/// values that `==` takes for the same.
#[test]
fn repr_sees_what_eq_hides() {
    let cases = [
        (
            DynamicValue::Decimal(Decimal::new(150, 2)),
            DynamicValue::Decimal(Decimal::new(15, 1)),
        ),
        (DynamicValue::F64(-0.0), DynamicValue::F64(0.0)),
        (DynamicValue::F32(-0.0), DynamicValue::F32(0.0)),
    ];
    for (a, b) in cases {
        assert_eq!(a, b);
        assert_ne!(repr(&a), repr(&b));
    }
    assert_eq!(Status::Paid, Status::Unrecognized(1));
    assert_ne!(repr(&Status::Paid), repr(&Status::Unrecognized(1)));
    let line = |cost| OrderLine {
        cost,
        ..OrderLine::default()
    };
    assert_eq!(line(Decimal::new(150, 2)), line(Decimal::new(15, 1)));
    assert_ne!(
        repr(&line(Decimal::new(150, 2))),
        repr(&line(Decimal::new(15, 1)))
    );
    let circle = |radius| shapes::shape::Circle {
        radius,
        ..Default::default()
    };
    assert_eq!(circle(-0.0), circle(0.0));
    assert_ne!(repr(&circle(-0.0)), repr(&circle(0.0)));
    // Distinct bits print distinctly, down to the last one.
    let next = f64::from_bits(0.1f64.to_bits() + 1);
    assert_ne!(repr(&circle(0.1)), repr(&circle(next)));
}

#[test]
fn empty_map_entries_and_defaults_round_trip() {
    let maps = Maps {
        by_string: BTreeMap::from([(String::new(), 0)]),
        ..Maps::default()
    };
    round_trip(&maps).unwrap();
}

/// A merge that fails keeps the entries a map held and adds those read
/// before the error, on both sides of the size at which map entries are
/// gathered rather than inserted (`MapEntries::DIRECT`, 16).
#[test]
fn a_failed_merge_keeps_the_map_entries_held_and_read() {
    let attributes = |range: std::ops::Range<usize>| -> BTreeMap<String, DynamicValue> {
        range
            .map(|i| (format!("key-{i:03}"), DynamicValue::I64(i as i64)))
            .collect()
    };
    for held in [0, 1, 15, 16, 17, 40] {
        for read in [0, 1, 16, 30] {
            let mut order = Order {
                attributes: attributes(0..held),
                ..Order::default()
            };
            let incoming = Order {
                attributes: attributes(100..100 + read),
                ..Order::default()
            };
            let mut bytes = incoming.try_encode_to_vec().unwrap();
            // Field 7 (attributes), length-delimited, claiming 5 bytes
            // where there is 1.
            bytes.extend([0x3a, 0x05, 0x00]);
            let error = order.merge(&bytes).unwrap_err();
            assert!(
                error.to_string().contains("attributes"),
                "held {held}, read {read}: {error}"
            );
            let mut expected = attributes(0..held);
            expected.extend(attributes(100..100 + read));
            assert_eq!(order.attributes, expected, "held {held}, read {read}");
        }
    }
}

#[test]
fn encode_appends_what_encode_to_vec_gives_whatever_was_encoded_before() {
    // Small and large, so that the thread's scratch buffer is reused, and
    // grows past what it keeps.
    let orders = [
        schemac_tests::fixtures::typical_order(1),
        schemac_tests::fixtures::typical_order(2_000),
        Order::default(),
        schemac_tests::fixtures::typical_order(3),
    ];
    for order in &orders {
        let bytes = order.try_encode_to_vec().unwrap();
        assert_eq!(bytes.len(), order.encoded_len());
        assert_eq!(&Order::decode(&bytes).unwrap(), order);
        let mut appended = b"prefix".to_vec();
        order.encode(&mut appended).unwrap();
        assert_eq!(appended[..6], *b"prefix");
        assert_eq!(appended[6..], bytes);
        let mut fresh = Vec::new();
        order.encode(&mut fresh).unwrap();
        assert_eq!(fresh, bytes);
    }
}

#[test]
fn encoding_works_while_a_thread_is_torn_down() {
    use std::sync::Mutex;

    static ENCODED: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    /// Encodes an order when the thread's locals are dropped, after the
    /// scratch buffer (touched later, so dropped earlier) may be gone.
    struct EncodeOnDrop;
    impl Drop for EncodeOnDrop {
        fn drop(&mut self) {
            let order = schemac_tests::fixtures::typical_order(2);
            if let (Ok(bytes), Ok(mut encoded)) = (order.try_encode_to_vec(), ENCODED.lock()) {
                encoded.push(bytes);
            }
        }
    }
    thread_local! {
        static ON_DROP: EncodeOnDrop = const { EncodeOnDrop };
    }
    std::thread::spawn(|| {
        ON_DROP.with(|_| ());
        Order::default().try_encode_to_vec().unwrap();
    })
    .join()
    .unwrap();
    let expected = schemac_tests::fixtures::typical_order(2)
        .try_encode_to_vec()
        .unwrap();
    assert_eq!(*ENCODED.lock().unwrap(), [expected]);
}

fn expected_merge(a: Order, b: Order) -> Order {
    fn pick<T: PartialEq + Default>(a: T, b: T) -> T {
        if b == T::default() { a } else { b }
    }
    let customer = match (a.customer, b.customer) {
        (Some(x), Some(y)) => Some(Customer {
            id: pick(x.id, y.id),
            name: pick(x.name, y.name),
            email: y.email.or(x.email),
            ..Default::default()
        }),
        (x, None) => x,
        (None, y) => y,
    };
    // A decimal is left out only at 0 with scale 0; 0.00 is written, and wins.
    let total_cost = if b.total_cost.mantissa() == 0 && b.total_cost.scale() == 0 {
        a.total_cost
    } else {
        b.total_cost
    };
    let mut attributes = a.attributes;
    attributes.extend(b.attributes);
    Order {
        id: pick(a.id, b.id),
        description: pick(a.description, b.description),
        total_cost,
        order_lines: a.order_lines.into_iter().chain(b.order_lines).collect(),
        customer,
        status: if b.status.number() == 0 {
            a.status
        } else {
            b.status
        },
        attributes,
        ..Default::default()
    }
}
