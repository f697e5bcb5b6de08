//! Graph mode with `Rc` pointers (`PointerType::Rc`), against the same
//! schema with `Arc` pointers: the same graph writes the same bytes and
//! the same JSON, every input decodes alike or fails alike, and what is
//! decoded keeps its sharing and cycles and frees itself.

use std::any::Any;
use std::collections::BTreeMap;
use std::rc::{self, Rc};
use std::sync::Arc;

use schemac_runtime::graph::{decode_arc, decode_rc};
use schemac_runtime::json::deserialize_rc;
use schemac_runtime::{DecodeError, Message};

use crate::rc::shop::{Batch, Customer, Node, Order, OrderLine, Post, Review};
use crate::shop as arc;
use crate::tests::Xorshift;

fn customer(id: i64, name: &str) -> Rc<Customer> {
    Rc::new(Customer {
        id,
        name: name.to_owned(),
        ..Default::default()
    })
}

/// An order whose `count` lines point back at it, for `customer`, who is
/// also its "billing" contact: `crate::tests::order` with `Rc`s.
fn order(id: i64, count: i32, customer: &Rc<Customer>) -> Rc<Order> {
    Rc::new_cyclic(|me: &rc::Weak<Order>| Order {
        id,
        lines: (1..=count)
            .map(|n| {
                Rc::new(OrderLine {
                    line_number: n,
                    description: format!("line {n}"),
                    order: Some(me.clone()),
                    ..Default::default()
                })
            })
            .collect(),
        customer: Some(customer.clone()),
        contacts: BTreeMap::from([("billing".to_owned(), customer.clone())]),
        split_from: Vec::new(),
        ..Default::default()
    })
}

/// `crate::tests::shared_batch` with `Rc`s: two orders sharing "Ada",
/// and a third by value, whose lines point at an order no longer alive.
fn shared_batch() -> Batch {
    let ada = customer(7, "Ada");
    Batch {
        orders: vec![order(1, 2, &ada), order(2, 1, &ada)],
        first: Some((*order(3, 1, &ada)).clone()),
        note: "shared".to_owned(),
        ..Default::default()
    }
}

/// The object a line's back reference points at, if alive.
fn back(line: &OrderLine) -> Option<Rc<Order>> {
    line.order.as_ref().and_then(rc::Weak::upgrade)
}

/// Checks that `order`'s lines point back at it and that its customer and
/// its billing contact are one object.
fn assert_order_graph(order: &Rc<Order>) {
    for line in &order.lines {
        assert!(Rc::ptr_eq(&back(line).expect("alive"), order));
    }
    let customer = order.customer.as_ref().expect("a customer");
    assert!(Rc::ptr_eq(customer, &order.contacts["billing"]));
}

/// Checks that `batch`'s two orders share their customer and keep their
/// back references, and that the order held by value has lost its own.
fn assert_batch_graph(batch: &Batch) {
    let [first, second] = &batch.orders[..] else {
        panic!("two orders, not {}", batch.orders.len());
    };
    assert_order_graph(first);
    assert_order_graph(second);
    assert!(Rc::ptr_eq(
        first.customer.as_ref().expect("a customer"),
        second.customer.as_ref().expect("a customer"),
    ));
    let by_value = batch.first.as_ref().expect("first");
    assert!(back(&by_value.lines[0]).is_none());
}

#[test]
fn the_same_graph_writes_the_same_bytes_with_rc_as_with_arc() {
    let rc_bytes = shared_batch().try_encode_to_vec().expect("encodes");
    let arc_bytes = crate::tests::shared_batch()
        .try_encode_to_vec()
        .expect("encodes");
    assert_eq!(rc_bytes, arc_bytes);
    assert_eq!(shared_batch().encoded_len(), rc_bytes.len());

    let rc_order = order(1, 3, &customer(7, "Ada"));
    let arc_order = crate::tests::order(1, 3, &crate::tests::customer(7, "Ada"));
    assert_eq!(
        rc_order.try_encode_to_vec().expect("encodes"),
        arc_order.try_encode_to_vec().expect("encodes"),
    );
}

#[test]
fn a_round_trip_through_rc_keeps_the_sharing_and_the_back_references() {
    let bytes = shared_batch().try_encode_to_vec().expect("encodes");
    let decoded = Batch::decode(&bytes).expect("decodes");
    assert_batch_graph(&decoded);
    assert_eq!(decoded.try_encode_to_vec().expect("encodes"), bytes);

    let original = order(1, 3, &customer(7, "Ada"));
    let bytes = original.try_encode_to_vec().expect("encodes");
    let decoded = decode_rc::<Order>(&bytes).expect("decodes");
    assert_order_graph(&decoded);
    assert_eq!(decoded.try_encode_to_vec().expect("encodes"), bytes);
}

/// Weak handles to every object of an order's graph: the order, its lines
/// and its customer.
fn handles(order: &Rc<Order>) -> Vec<rc::Weak<dyn Any>> {
    let mut handles: Vec<rc::Weak<dyn Any>> = vec![Rc::downgrade(order) as _];
    for line in &order.lines {
        handles.push(Rc::downgrade(line) as _);
    }
    if let Some(customer) = &order.customer {
        handles.push(Rc::downgrade(customer) as _);
    }
    handles
}

#[test]
fn a_decoded_rc_cycle_frees_itself() {
    let bytes = order(1, 5, &customer(7, "Ada"))
        .try_encode_to_vec()
        .expect("encodes");
    let decoded = decode_rc::<Order>(&bytes).expect("decodes");
    let handles = handles(&decoded);
    let dropped = |handles: &[rc::Weak<dyn Any>]| {
        handles
            .iter()
            .filter(|weak| weak.strong_count() == 0)
            .count()
    };
    assert_eq!((handles.len(), dropped(&handles)), (7, 0));
    drop(decoded);
    assert_eq!(dropped(&handles), 7, "the order, 5 lines and the customer");
}

#[test]
fn references_are_rc_and_rc_weak() {
    let line = OrderLine::default();
    let _: &Option<rc::Weak<Order>> = &line.order;
    let node = Node::default();
    let _: &Option<Rc<Node>> = &node.next;
    let order = Order::default();
    let _: &Vec<Rc<OrderLine>> = &order.lines;
    let _: &BTreeMap<String, Rc<Customer>> = &order.contacts;
}

/// What a decode gave: its error as text, or the encoding of what it read.
fn outcome<M: Message>(decoded: Result<&M, &DecodeError>) -> Result<Vec<u8>, String> {
    decoded
        .map(|message| {
            message
                .try_encode_to_vec()
                .expect("a decoded message encodes")
        })
        .map_err(DecodeError::to_string)
}

/// Decodes `bytes` with the `Rc` code and the `Arc` code, every way, and
/// checks that both decode it, to the same bytes, or both refuse it, with
/// the same error.
fn decodes_alike(bytes: &[u8]) {
    assert_eq!(
        outcome(Batch::decode(bytes).as_ref()),
        outcome(arc::Batch::decode(bytes).as_ref()),
        "Batch, {bytes:02x?}"
    );
    assert_eq!(
        outcome(decode_rc::<Order>(bytes).as_deref()),
        outcome(decode_arc::<arc::Order>(bytes).as_deref()),
        "Order, {bytes:02x?}"
    );
    assert_eq!(
        outcome(Review::decode(bytes).as_ref()),
        outcome(arc::Review::decode(bytes).as_ref()),
        "Review, {bytes:02x?}"
    );
    assert_eq!(
        outcome(decode_rc::<Post>(bytes).as_deref()),
        outcome(decode_arc::<arc::Post>(bytes).as_deref()),
        "Post, {bytes:02x?}"
    );
    assert_eq!(
        outcome(Node::decode(bytes).as_ref()),
        outcome(arc::Node::decode(bytes).as_ref()),
        "Node, {bytes:02x?}"
    );
}

#[test]
fn rc_and_arc_code_decode_every_input_alike() {
    let valid = shared_batch().try_encode_to_vec().expect("encodes");
    let order = order(1, 2, &customer(7, "Ada"))
        .try_encode_to_vec()
        .expect("encodes");
    // A review, whose remarks point into its batch through a oneof, and
    // a thread, whose replies point back through one, in the bytes the
    // `Arc` code writes.
    let review = crate::tests::review_of(crate::tests::shared_batch())
        .try_encode_to_vec()
        .expect("encodes");
    let thread = crate::tests::thread().try_encode_to_vec().expect("encodes");
    for bytes in [&valid, &order, &review, &thread] {
        decodes_alike(bytes);
        for cut in 0..bytes.len() {
            decodes_alike(&bytes[..cut]);
        }
    }
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    for _ in 0..5_000 {
        let len = rng.below(48);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        decodes_alike(&bytes);
    }
    for _ in 0..5_000 {
        let mut bytes = valid.clone();
        for _ in 0..=rng.below(3) {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
        }
        decodes_alike(&bytes);
    }
}

#[test]
fn the_json_of_rc_code_is_the_json_of_arc_code_and_reads_back_shared() {
    let text = serde_json::to_string(&shared_batch()).expect("serializes");
    let arc_text = serde_json::to_string(&crate::tests::shared_batch()).expect("serializes");
    assert_eq!(text, arc_text);
    let read: Batch = serde_json::from_str(&text).expect("reads back");
    assert_batch_graph(&read);

    let original = order(1, 3, &customer(7, "Ada"));
    let text = serde_json::to_string(&*original).expect("serializes");
    let read: Rc<Order> =
        deserialize_rc(&mut serde_json::Deserializer::from_str(&text)).expect("reads");
    assert_order_graph(&read);
    assert_eq!(serde_json::to_string(&*read).expect("serializes"), text);
    // The same text, read by the `Arc` code.
    let read: Arc<arc::Order> =
        schemac_runtime::json::deserialize_arc(&mut serde_json::Deserializer::from_str(&text))
            .expect("reads");
    assert_eq!(read.lines.len(), 3);
}
