//! A decode in place allocates nothing once warm: decoding a message in
//! place of one of the same shape (as long, or longer, in every string,
//! list and nested message; the same keys in every map) makes no
//! allocation, counted by this binary's global allocator.

use std::alloc::System;

use schemac_generated::kitchen::{Color, Lists, Maps, Point};
use schemac_generated::shapes::shape::{Circle, Kind, Polygon, polygon::Corner};
use schemac_generated::shapes::{Drawing, Shape, Tree};
use schemac_generated::shop::{Customer, Order, OrderLine};
use schemac_runtime::{Decimal, Message};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static ALLOCATOR: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The allocations and reallocations `f` makes. The allocator counts
/// those of every thread: this binary's one test runs alone.
fn allocations(f: impl FnOnce()) -> usize {
    let region = Region::new(ALLOCATOR);
    f();
    let change = region.change();
    change.allocations + change.reallocations
}

/// One test, so that no other runs beside it while it counts.
#[test]
fn decodes_in_place_allocate_nothing_once_warm() {
    orders();
    lists_of_every_type();
    maps_with_the_same_keys();
    drawings_whose_oneofs_change_member();
    recursive_trees();
}

/// Decodes `warm` into a default message, then each of `then` in place,
/// which must make no allocation, and give what a fresh decode gives.
fn decodes_without_allocating<M: Message + PartialEq + std::fmt::Debug>(
    warm: &[u8],
    then: &[&[u8]],
) {
    let mut message = M::default();
    message.decode_in_place(warm).expect("decodes");
    for (index, bytes) in then.iter().enumerate() {
        let made = allocations(|| {
            message.decode_in_place(bytes).expect("decodes");
        });
        assert_eq!(
            made,
            0,
            "allocations decoding input {index} into a warm {}",
            M::NAME
        );
        assert_eq!(message, M::decode(bytes).expect("decodes"));
    }
}

fn order(lines: usize, text: &str) -> Vec<u8> {
    let order = Order {
        id: 7,
        description: format!("order {text}"),
        total_cost: Decimal::new(12345, 2),
        order_lines: (0..lines)
            .map(|line| OrderLine {
                line_number: line as i32,
                description: format!("line {line} {text}"),
                cost: Decimal::new(100 + line as i64, 2),
                quantity: 3,
                ..OrderLine::default()
            })
            .collect(),
        customer: Some(Customer {
            id: 1,
            name: format!("customer {text}"),
            email: Some(format!("{text}@example.com")),
            ..Customer::default()
        }),
        ..Order::default()
    };
    let mut bytes = order.try_encode_to_vec().expect("encodes");
    // An unknown field, kept in the message's unknown fields.
    bytes.extend([0xa2, 0x06, 3, b'a', b'b', b'c']);
    bytes
}

fn orders() {
    let warm = order(5, "a long description");
    let shorter = order(3, "short");
    // A list that shrinks drops the elements past its new length, so the
    // longer order comes back before the shorter, not after.
    decodes_without_allocating::<Order>(&warm, &[&warm, &order(5, "other"), &shorter]);
}

fn lists_of_every_type() {
    let lists = |n: usize, text: &str| {
        Lists {
            i32s: (0..n as i32).collect(),
            u64s: (0..n as u64).map(|x| x << 40).collect(),
            f64s: vec![1.5; n],
            bools: vec![true; n],
            strings: (0..n).map(|i| format!("{text} {i}")).collect(),
            byte_strings: (0..n).map(|i| vec![i as u8; text.len()]).collect(),
            colors: vec![Color::Red; n],
            points: (0..n as i32)
                .map(|x| Point {
                    x,
                    y: -x,
                    ..Point::default()
                })
                .collect(),
            ..Lists::default()
        }
        .encode_to_vec()
    };
    let warm = lists(20, "a string of some length");
    decodes_without_allocating::<Lists>(&warm, &[&warm, &lists(20, "other"), &lists(7, "short")]);
}

fn maps_with_the_same_keys() {
    let maps = |keys: usize, text: &str| {
        Maps {
            by_i32: (0..keys as i32)
                .map(|key| (key, format!("{text} {key}")))
                .collect(),
            by_string: (0..keys)
                .map(|key| (format!("key {key:02}"), key as i32))
                .collect(),
            points: (0..keys as i32)
                .map(|key| {
                    let point = Point {
                        x: key,
                        y: -key,
                        ..Point::default()
                    };
                    (format!("point {key:02}"), point)
                })
                .collect(),
            ..Maps::default()
        }
        .encode_to_vec()
    };
    // Maps of 40 entries: B-trees of more than one node. Reading the
    // first 12 keys of each drops the entries past them, so it comes last.
    let warm = maps(40, "a value of some length");
    decodes_without_allocating::<Maps>(&warm, &[&warm, &maps(40, "other"), &maps(12, "short")]);
}

fn drawings_whose_oneofs_change_member() {
    let drawing = |kinds: &[Kind]| {
        Drawing {
            title: "a drawing".into(),
            shapes: kinds
                .iter()
                .map(|kind| Shape {
                    kind: Some(kind.clone()),
                    note: Some("a note".into()),
                    ..Shape::default()
                })
                .collect(),
            ..Drawing::default()
        }
        .try_encode_to_vec()
        .expect("encodes")
    };
    let label = Kind::Label("a label of some length".into());
    let circle = Kind::Circle(Circle {
        radius: 2.0,
        ..Circle::default()
    });
    let polygon = Kind::Polygon(Polygon {
        corners: vec![Corner::default(); 4],
        ..Polygon::default()
    });
    let group = Kind::Group(Drawing {
        title: "inner".into(),
        ..Drawing::default()
    });
    let warm = drawing(&[label.clone(), polygon.clone(), group.clone(), circle]);
    // A number where the circle was: a oneof that changes member to one
    // that holds nothing drops what it held, so that change comes last.
    let changed = drawing(&[label, polygon, group, Kind::ScaleOnly(0.5)]);
    decodes_without_allocating::<Drawing>(&warm, &[&warm, &changed]);
}

fn recursive_trees() {
    fn tree(depth: u32, value: i32) -> Tree {
        let child = |depth| (depth > 0).then(|| Box::new(tree(depth - 1, value + 1)));
        Tree {
            value,
            left: child(depth),
            right: child(depth),
            children: match depth {
                0 => Vec::new(),
                _ => vec![tree(depth - 1, -value)],
            },
            ..Tree::default()
        }
    }
    let encode = |tree: Tree| tree.try_encode_to_vec().expect("encodes");
    let warm = encode(tree(4, 1));
    // Each node is read in place of the node where it was, so a tree of
    // the same shape allocates nothing.
    decodes_without_allocating::<Tree>(&warm, &[&warm, &encode(tree(4, 100))]);
}
