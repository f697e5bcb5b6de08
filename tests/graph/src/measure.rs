//! The orders and texts that docs/graph.md measures: the sizes here and
//! in the tests, the speed in `benches/graph.rs`.

use std::rc::{self, Rc};
use std::sync::{Arc, Weak};

use crate::shop::{
    Customer, Order, OrderLine, OwnedLine, OwnedOrder, PlainLine, PlainOrder, Text, ThreeCopies,
    ThreeTexts,
};

/// The seed Order of the serializer comparisons in graph mode: id 0 and
/// `count` lines numbered from 1, each pointing back at the order, and a
/// customer (empty, as the seed form has it) that `customer` shares.
pub fn seed_order(count: i32, customer: &Arc<Customer>) -> Arc<Order> {
    Arc::new_cyclic(|me: &Weak<Order>| Order {
        lines: (1..=count)
            .map(|line_number| {
                Arc::new(OrderLine {
                    line_number,
                    order: Some(me.clone()),
                    ..Default::default()
                })
            })
            .collect(),
        customer: Some(customer.clone()),
        ..Default::default()
    })
}

/// An order of `count` described lines for a named customer, in graph
/// mode: the lines point back at it.
pub fn described_order(count: i32, customer: &Arc<Customer>) -> Arc<Order> {
    Arc::new_cyclic(|me: &Weak<Order>| Order {
        id: 1,
        lines: (1..=count)
            .map(|line_number| {
                Arc::new(OrderLine {
                    line_number,
                    description: format!("line {line_number} of the order"),
                    order: Some(me.clone()),
                    ..Default::default()
                })
            })
            .collect(),
        customer: Some(customer.clone()),
        ..Default::default()
    })
}

/// The same order with its lines held by value: the order and the
/// customer are the only shared objects.
pub fn owned_order(order: &Order) -> Arc<OwnedOrder> {
    Arc::new_cyclic(|me: &Weak<OwnedOrder>| OwnedOrder {
        id: order.id,
        lines: (order.lines.iter())
            .map(|line| OwnedLine {
                line_number: line.line_number,
                description: line.description.clone(),
                order: Some(me.clone()),
                ..Default::default()
            })
            .collect(),
        customer: order.customer.clone(),
        ..Default::default()
    })
}

/// [`owned_order`] with `Rc` pointers (`PointerType::Rc`).
pub fn owned_order_rc(order: &Order) -> Rc<crate::rc::shop::OwnedOrder> {
    use crate::rc::shop::{Customer, OwnedLine, OwnedOrder};
    Rc::new_cyclic(|me: &rc::Weak<OwnedOrder>| OwnedOrder {
        id: order.id,
        lines: (order.lines.iter())
            .map(|line| OwnedLine {
                line_number: line.line_number,
                description: line.description.clone(),
                order: Some(me.clone()),
                ..Default::default()
            })
            .collect(),
        customer: (order.customer.as_deref()).map(|customer| {
            Rc::new(Customer {
                id: customer.id,
                name: customer.name.clone(),
                ..Default::default()
            })
        }),
        ..Default::default()
    })
}

/// The same order as a tree, without the back references.
pub fn plain_order(order: &Order) -> PlainOrder {
    PlainOrder {
        id: order.id,
        lines: (order.lines.iter())
            .map(|line| PlainLine {
                line_number: line.line_number,
                description: line.description.clone(),
                ..Default::default()
            })
            .collect(),
        customer: order.customer.as_deref().cloned(),
        ..Default::default()
    }
}

/// The graph of `plain`, built from it without copying its strings: what
/// graph mode's representation costs beyond a tree (an `Arc` per line and
/// for the customer, and a `Weak` per back reference), with no decoding of
/// its own. Decoding a tree and then this is the floor of any decoder into
/// `Arc` and `Weak` (docs/graph.md).
pub fn graph_from_plain(plain: PlainOrder) -> Arc<Order> {
    Arc::new_cyclic(|me: &Weak<Order>| Order {
        id: plain.id,
        lines: (plain.lines.into_iter())
            .map(|line| {
                Arc::new(OrderLine {
                    line_number: line.line_number,
                    description: line.description,
                    order: Some(me.clone()),
                    ..Default::default()
                })
            })
            .collect(),
        customer: plain.customer.map(Arc::new),
        ..Default::default()
    })
}

/// A named customer.
pub fn customer() -> Arc<Customer> {
    Arc::new(Customer {
        id: 7,
        name: "Ada Lovelace".to_owned(),
        ..Default::default()
    })
}

/// Three fields holding one text of `length` characters, in graph mode
/// and as three copies.
pub fn three_texts(length: usize) -> (ThreeTexts, ThreeCopies) {
    let text = Arc::new(Text {
        value: "x".repeat(length),
        ..Default::default()
    });
    let shared = ThreeTexts {
        first: Some(text.clone()),
        second: Some(text.clone()),
        third: Some(text.clone()),
        ..Default::default()
    };
    let copies = ThreeCopies {
        first: Some((*text).clone()),
        second: Some((*text).clone()),
        third: Some((*text).clone()),
        ..Default::default()
    };
    (shared, copies)
}
