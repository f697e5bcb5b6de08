//! What graph mode promises, on the code build.rs generated.

use std::collections::BTreeMap;
use std::sync::{Arc, Weak};

use schemac_runtime::DecodeOptions;
use schemac_runtime::Message;
use schemac_runtime::graph::{decode_arc, decode_arc_with};

use crate::shop::post::Subject;
use crate::shop::remark::About;
use crate::shop::{
    Batch, Customer, Node, Order, OrderLine, Post, Registry, Remark, Review, ThreeTexts,
};

pub(crate) fn customer(id: i64, name: &str) -> Arc<Customer> {
    Arc::new(Customer {
        id,
        name: name.to_owned(),
        ..Default::default()
    })
}

/// An order whose `count` lines point back at it, for `customer`, who is
/// also its "billing" contact.
pub(crate) fn order(id: i64, count: i32, customer: &Arc<Customer>) -> Arc<Order> {
    Arc::new_cyclic(|me: &Weak<Order>| Order {
        id,
        lines: (1..=count)
            .map(|n| {
                Arc::new(OrderLine {
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

/// Two orders sharing one customer object, "Ada", and a third order held
/// by value, whose lines point at an order no longer alive (the `Arc` it
/// was copied out of).
pub(crate) fn shared_batch() -> Batch {
    let ada = customer(7, "Ada");
    Batch {
        orders: vec![order(1, 2, &ada), order(2, 1, &ada)],
        first: Some((*order(3, 1, &ada)).clone()),
        note: "shared".to_owned(),
        ..Default::default()
    }
}

/// The object a line's back reference points at, if alive.
pub(crate) fn back(line: &OrderLine) -> Option<Arc<Order>> {
    line.order.as_ref().and_then(Weak::upgrade)
}

/// The two orders of `batch` and the customer they share, one object:
/// the test fails if there are not two orders or they do not share it.
pub(crate) fn two_orders_sharing_a_customer(
    batch: &Batch,
) -> (&Arc<Order>, &Arc<Order>, &Arc<Customer>) {
    let [first, second] = &batch.orders[..] else {
        panic!("two orders, not {}", batch.orders.len());
    };
    let shared = first.customer.as_ref().expect("a customer");
    assert!(Arc::ptr_eq(
        shared,
        second.customer.as_ref().expect("a customer")
    ));
    (first, second, shared)
}

#[test]
fn a_round_trip_keeps_the_back_references_and_the_shared_customer() {
    let ada = customer(7, "Ada");
    let original = order(1, 3, &ada);
    let bytes = original.try_encode_to_vec().expect("encodes");
    let decoded = decode_arc::<Order>(&bytes).expect("decodes");

    assert_eq!(decoded.id, 1);
    assert_eq!(decoded.lines.len(), 3);
    for (n, line) in decoded.lines.iter().enumerate() {
        assert_eq!(line.line_number, n as i32 + 1);
        let back = back(line).expect("the back reference is alive");
        assert!(
            Arc::ptr_eq(&back, &decoded),
            "line {n} points back at its order"
        );
    }
    let customer = decoded.customer.as_ref().expect("a customer");
    assert_eq!((customer.id, customer.name.as_str()), (7, "Ada"));
    assert!(Arc::ptr_eq(customer, &decoded.contacts["billing"]));
    // The new graph is its own: nothing is shared with the original.
    assert!(!Arc::ptr_eq(customer, &ada));
}

#[test]
fn a_customer_shared_by_several_orders_is_written_once_and_read_back_shared() {
    let ada = customer(7, "Ada Lovelace, Analytical Engines Ltd.");
    let batch = Batch {
        orders: vec![order(1, 2, &ada), order(2, 1, &ada)],
        first: None,
        note: "two orders".to_owned(),
        ..Default::default()
    };
    let bytes = batch.try_encode_to_vec().expect("encodes");
    let name = b"Ada Lovelace, Analytical Engines Ltd.";
    let copies = bytes.windows(name.len()).filter(|w| w == name).count();
    assert_eq!(copies, 1, "the shared customer is written once");

    let decoded = Batch::decode(&bytes).expect("decodes");
    let (first, second, shared) = two_orders_sharing_a_customer(&decoded);
    assert!(Arc::ptr_eq(shared, &second.contacts["billing"]));
    // Each line points back at its own order, which the batch holds.
    for order in [first, second] {
        for line in &order.lines {
            assert!(Arc::ptr_eq(&back(line).expect("alive"), order));
        }
    }
    assert_eq!(decoded.note, "two orders");
}

#[test]
fn equal_but_distinct_objects_stay_two() {
    let twins = [customer(7, "Ada"), customer(7, "Ada")];
    assert_eq!(twins[0], twins[1], "equal by value");
    let order = Order {
        customer: Some(twins[0].clone()),
        contacts: BTreeMap::from([("billing".to_owned(), twins[1].clone())]),
        ..Default::default()
    };
    let decoded = Order::decode(&order.try_encode_to_vec().expect("encodes")).expect("decodes");
    let customer = decoded.customer.as_ref().expect("a customer");
    assert_eq!(**customer, *decoded.contacts["billing"]);
    assert!(!Arc::ptr_eq(customer, &decoded.contacts["billing"]));
}

/// A review of `batch` ([`shared_batch`]) with a remark about each kind of
/// object its oneof can point at: the customer the two orders share, the
/// first order's first line, the second order (a back reference), and
/// one about nothing.
pub(crate) fn review_of(batch: Batch) -> Review {
    let (first, second, shared) = two_orders_sharing_a_customer(&batch);
    let remark = |text: &str, about| Remark {
        text: text.to_owned(),
        about,
        ..Default::default()
    };
    let remarks = vec![
        remark("a regular", Some(About::Customer(shared.clone()))),
        remark("damaged", Some(About::Line(first.lines[0].clone()))),
        remark("late", Some(About::Order(Arc::downgrade(second)))),
        remark("thanks", None),
    ];
    Review {
        batch: Some(batch),
        remarks,
        ..Default::default()
    }
}

/// Checks that the remarks of `review` ([`review_of`]) point at the
/// objects of its batch: the same objects, not copies.
pub(crate) fn assert_remarks_share_the_batch(review: &Review) {
    let batch = review.batch.as_ref().expect("a batch");
    let (first, second, shared) = two_orders_sharing_a_customer(batch);
    let [customer, line, order, thanks] = &review.remarks[..] else {
        panic!("four remarks, not {}", review.remarks.len());
    };
    match &customer.about {
        Some(About::Customer(customer)) => assert!(Arc::ptr_eq(customer, shared)),
        other => panic!("a remark about the customer, not {other:?}"),
    }
    match &line.about {
        Some(About::Line(line)) => assert!(Arc::ptr_eq(line, &first.lines[0])),
        other => panic!("a remark about a line, not {other:?}"),
    }
    match &order.about {
        Some(About::Order(order)) => {
            assert!(Arc::ptr_eq(&order.upgrade().expect("alive"), second));
        }
        other => panic!("a remark about an order, not {other:?}"),
    }
    assert!(thanks.about.is_none(), "{:?}", thanks.about);
    assert_eq!(thanks.text, "thanks");
}

#[test]
fn a_oneof_of_references_shares_what_its_members_point_at() {
    let review = review_of(shared_batch());
    assert_remarks_share_the_batch(&review);
    let bytes = review.try_encode_to_vec().expect("encodes");
    assert_eq!(
        bytes.windows(3).filter(|window| window == b"Ada").count(),
        1,
        "the customer is written once, though seven fields hold it"
    );

    let decoded = Review::decode(&bytes).expect("decodes");
    assert_remarks_share_the_batch(&decoded);
    // The decoded graph is the same graph: it encodes to the same bytes.
    assert_eq!(decoded.try_encode_to_vec().expect("encodes"), bytes);
}

/// A post whose `replies` each answer it, two levels deep: every reply's
/// oneof points back at the post that holds it.
pub(crate) fn thread() -> Arc<Post> {
    fn post(text: &str, depth: u32, answers: Option<&Weak<Post>>) -> Arc<Post> {
        Arc::new_cyclic(|me: &Weak<Post>| Post {
            text: text.to_owned(),
            replies: match depth {
                0 => Vec::new(),
                _ => (1..=2)
                    .map(|n| post(&format!("{text}.{n}"), depth - 1, Some(me)))
                    .collect(),
            },
            subject: answers.map(|post| Subject::Answers(post.clone())),
            ..Default::default()
        })
    }
    post("root", 2, None)
}

/// Checks that every reply of `post`, at any depth, answers the post
/// that holds it, and returns how many replies there are.
fn replies_answer_their_post(post: &Arc<Post>) -> usize {
    let mut count = 0;
    for reply in &post.replies {
        match &reply.subject {
            Some(Subject::Answers(answered)) => {
                let answered = answered.upgrade().expect("alive");
                assert!(
                    Arc::ptr_eq(&answered, post),
                    "{} answers {}",
                    reply.text,
                    post.text
                );
            }
            other => panic!("{} answers nothing: {other:?}", reply.text),
        }
        count += 1 + replies_answer_their_post(reply);
    }
    count
}

#[test]
fn a_weak_oneof_member_points_back_into_the_post_being_read() {
    let original = thread();
    assert_eq!(replies_answer_their_post(&original), 6);
    let bytes = original.try_encode_to_vec().expect("encodes");
    let decoded = decode_arc::<Post>(&bytes).expect("decodes");
    assert_eq!(replies_answer_their_post(&decoded), 6);
    assert_eq!(decoded.try_encode_to_vec().expect("encodes"), bytes);
    // By value, the top-level post cannot be pointed back at.
    assert!(Post::decode(&bytes).is_err());
}

#[test]
fn a_oneof_member_that_refers_to_an_object_not_seen_yet_is_refused() {
    // remarks: [{ customer: { number 5 } }], where the first object must
    // take 2.
    let bytes = concat_bytes(&[&[0x12, 0x08, 0x12, 0x06], &NUMBER, &[0x05]]);
    assert_eq!(
        error::<Review>(&bytes),
        "Review.remarks[0].customer: a reference to an object not seen yet (objects take the \
         numbers 2, 3, … in order) at byte 4"
    );
}

#[test]
fn a_ref_member_that_fails_to_read_leaves_the_oneof_as_it_was() {
    let line = Arc::new(OrderLine::default());
    let mut remark = Remark {
        about: Some(About::Line(line.clone())),
        ..Default::default()
    };
    // customer: { number 5 }, where the first object must take 2.
    let bytes = concat_bytes(&[&[0x12, 0x06], &NUMBER, &[0x05]]);
    let error = remark.merge(&bytes).expect_err("refused");
    assert!(
        error.to_string().starts_with("Remark.customer: "),
        "{error}"
    );
    // Read whole, the member replaces the oneof only once it is read: no
    // default customer took the line's place.
    match &remark.about {
        Some(About::Line(kept)) => assert!(Arc::ptr_eq(kept, &line)),
        other => panic!("the line, not {other:?}"),
    }
}

/// The key of graph mode's number field, 536,870,911, a varint: what a
/// numbered occurrence starts with.
const NUMBER: [u8; 5] = [0xf8, 0xff, 0xff, 0xff, 0x0f];

/// The bytes of `parts`, one after another, in one vector.
fn concat_bytes(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// `Order { customer: ada, contacts: { "a": ada } }`: the first occurrence
/// in the bytes is the object led by its number, 2 (the top-level message
/// is 1), the later one the number alone.
#[test]
fn the_first_occurrence_carries_the_object_and_later_ones_its_number() {
    let ada = customer(3, "A");
    let order = Order {
        customer: Some(ada.clone()),
        contacts: BTreeMap::from([("a".to_owned(), ada)]),
        ..Default::default()
    };
    let encoded = order.try_encode_to_vec().expect("encodes");
    #[rustfmt::skip]
    let expected = concat_bytes(&[
        &[0x2a, 0x0b], // customer, 11 bytes
            &NUMBER, &[0x02], // number 2
            &[0x08, 0x03, 0x12, 0x01, b'A'], // Customer { 3, "A" }
        &[0x32, 0x0b], // contacts entry, 11 bytes
            &[0x0a, 0x01, b'a'], // key "a"
            &[0x12, 0x06], &NUMBER, &[0x02], // value: number 2 alone
    ]);
    assert_eq!(encoded, expected);
    assert_eq!(order.encoded_len(), encoded.len());
}

/// An object that occurs once is written as a plain field would be, with
/// no number: the bytes of `Order { customer }` in graph mode are those of
/// a message whose `customer` is a plain `Customer`.
#[test]
fn an_object_that_occurs_once_is_written_as_a_plain_field() {
    let order = Order {
        customer: Some(customer(3, "A")),
        ..Default::default()
    };
    let encoded = order.try_encode_to_vec().expect("encodes");
    assert_eq!(encoded, [0x2a, 0x05, 0x08, 0x03, 0x12, 0x01, b'A']);
    // Held elsewhere too, but still once in this message: no number.
    let ada = customer(3, "A");
    let held = Order {
        customer: Some(ada.clone()),
        ..Default::default()
    };
    assert_eq!(held.try_encode_to_vec().expect("encodes"), encoded);
}

#[test]
fn encoded_len_is_the_length_encode_writes() {
    let ada = customer(7, "Ada");
    let batch = Batch {
        orders: vec![order(1, 4, &ada), order(2, 2, &ada)],
        first: Some((*order(3, 2, &ada)).clone()),
        note: String::new(),
        ..Default::default()
    };
    assert_eq!(
        batch.encoded_len(),
        batch.try_encode_to_vec().expect("encodes").len()
    );
}

#[test]
fn a_graph_with_a_large_payload_round_trips() {
    // 32 KiB: left out of the first walk and placed by a second one, which
    // runs the pre-pass again.
    let ada = customer(7, &"x".repeat(32 * 1024));
    let batch = Batch {
        orders: vec![order(1, 2, &ada), order(2, 2, &ada)],
        ..Default::default()
    };
    let bytes = batch.try_encode_to_vec().expect("encodes");
    schemac_tests::encodes_every_way(&batch, &bytes);
    let decoded = Batch::decode(&bytes).expect("decodes");
    let customers: Vec<&Arc<Customer>> = decoded
        .orders
        .iter()
        .map(|order| order.customer.as_ref().expect("a customer"))
        .collect();
    assert!(Arc::ptr_eq(customers[0], customers[1]));
    assert_eq!(customers[0].name.len(), 32 * 1024);
}

/// Order 2 of a customer named `name`, and order 3, split from it, which
/// reaches it only through a `weak` reference.
fn split_from_an_earlier_order(name: &str) -> (Arc<Order>, Order) {
    let earlier = order(2, 1, &customer(7, name));
    let current = Order {
        id: 3,
        split_from: vec![Arc::downgrade(&earlier)],
        ..Default::default()
    };
    (earlier, current)
}

/// An object first reached through a `weak` reference, with a large
/// payload: the bytes are the same by every way of encoding.
#[test]
fn a_large_payload_reached_through_a_weak_reference_round_trips() {
    // `_earlier` keeps the order alive through the encodes.
    let (_earlier, current) = split_from_an_earlier_order(&"y".repeat(40 * 1024));
    let bytes = current.try_encode_to_vec().expect("encodes");
    schemac_tests::encodes_every_way(&current, &bytes);
    // The name is written once, whole; read back, the order it is in has
    // no owner but the weak reference, and is gone.
    let name = [b'y'; 40 * 1024];
    let at = bytes
        .windows(name.len())
        .position(|window| window == name)
        .expect("the name is in the encoding");
    assert_eq!(
        bytes.iter().filter(|&&byte| byte == b'y').count(),
        name.len()
    );
    assert_eq!(&bytes[at - 3..at], [0x80, 0xc0, 0x02], "its length, 40 KiB");
    let decoded = Order::decode(&bytes).expect("decodes");
    assert_eq!(decoded.split_from.len(), 1);
}

#[test]
fn a_dead_back_reference_is_written_as_number_0_and_read_back_dead() {
    let line = OrderLine {
        line_number: 1,
        order: Some(Arc::downgrade(&Arc::new(Order::default()))),
        ..Default::default()
    };
    assert!(back(&line).is_none(), "the order is gone");
    let encoded = line.try_encode_to_vec().expect("encodes");
    assert_eq!(
        encoded,
        concat_bytes(&[&[0x08, 0x01, 0x1a, 0x06], &NUMBER, &[0x00]])
    );
    let decoded = OrderLine::decode(&encoded).expect("decodes");
    assert!(decoded.order.is_some() && back(&decoded).is_none());
}

/// The thread's writer keeps its visitor between encodes, but nothing of
/// an encode: an object the pre-pass held alive (one first reached
/// through a `weak`) is freed when its last `Arc` goes after the encode,
/// and a second encode writes the same bytes as the first.
#[test]
fn an_encode_keeps_no_object_alive_after_it_ends() {
    let (earlier, current) = split_from_an_earlier_order("Ada");
    let first = current.try_encode_to_vec().expect("encodes");
    assert_eq!(current.try_encode_to_vec().expect("encodes again"), first);
    let weak = Arc::downgrade(&earlier);
    drop(earlier);
    assert!(weak.upgrade().is_none(), "the encode kept the order alive");
    // Dead now, the back reference is written empty.
    assert_ne!(current.try_encode_to_vec().expect("encodes"), first);
}

#[test]
fn a_list_of_back_references_keeps_its_targets_and_order() {
    let ada = customer(1, "Ada");
    let older = [order(10, 1, &ada), order(11, 1, &ada)];
    let batch = Batch {
        orders: older.to_vec(),
        first: Some(Order {
            id: 12,
            split_from: vec![Arc::downgrade(&older[1]), Arc::downgrade(&older[0])],
            ..Default::default()
        }),
        ..Default::default()
    };
    let decoded = Batch::decode(&batch.try_encode_to_vec().expect("encodes")).expect("decodes");
    let split: Vec<Arc<Order>> = (decoded
        .first
        .as_ref()
        .expect("a first order")
        .split_from
        .iter())
    .map(|weak| weak.upgrade().expect("held by the batch"))
    .collect();
    assert!(Arc::ptr_eq(&split[0], &decoded.orders[1]));
    assert!(Arc::ptr_eq(&split[1], &decoded.orders[0]));
}

/// Weak handles to every object of an order's graph: the order, its lines
/// and its customer.
fn handles(order: &Arc<Order>) -> Vec<Weak<dyn std::any::Any + Send + Sync>> {
    let mut handles: Vec<Weak<dyn std::any::Any + Send + Sync>> = vec![Arc::downgrade(order) as _];
    for line in &order.lines {
        handles.push(Arc::downgrade(line) as _);
    }
    if let Some(customer) = &order.customer {
        handles.push(Arc::downgrade(customer) as _);
    }
    handles
}

/// How many of `handles` point at objects that have been dropped.
fn dropped(handles: &[Weak<dyn std::any::Any + Send + Sync>]) -> usize {
    handles
        .iter()
        .filter(|weak| weak.strong_count() == 0)
        .count()
}

#[test]
fn a_cycle_through_back_references_frees_itself() {
    let built = order(1, 5, &customer(7, "Ada"));
    let handles = handles(&built);
    assert_eq!((handles.len(), dropped(&handles)), (7, 0));
    drop(built);
    assert_eq!(dropped(&handles), 7, "the order, 5 lines and the customer");
}

#[test]
fn a_decoded_cycle_frees_itself() {
    let bytes = order(1, 5, &customer(7, "Ada"))
        .try_encode_to_vec()
        .expect("encodes");
    let decoded = decode_arc::<Order>(&bytes).expect("decodes");
    let handles = handles(&decoded);
    assert_eq!((handles.len(), dropped(&handles)), (7, 0));
    drop(decoded);
    assert_eq!(dropped(&handles), 7, "the order, 5 lines and the customer");
}

#[test]
fn an_error_inside_a_shared_object_names_its_path() {
    #[rustfmt::skip]
    let bytes = concat_bytes(&[
        &[0x2a, 0x06], &NUMBER, &[0x02], // customer: number 2, Customer {}
        &[0x22, 0x08, 0x1a, 0x06], &NUMBER, &[0x00], // a line, its back reference dead
        &[0x22, 0x02, 0x1a, 0x02], // a line, its back reference cut short
    ]);
    let text = match decode_arc::<Order>(&bytes) {
        Ok(order) => panic!("decoded {order:?}"),
        Err(error) => error.to_string(),
    };
    assert!(text.starts_with("Order.lines[1].order: "), "{text}");
    assert!(
        text.ends_with("exceeds the 0 bytes that remain at byte 21"),
        "{text}"
    );
}

#[test]
fn a_strong_linked_list_round_trips() {
    let mut head: Option<Arc<Node>> = None;
    for value in (1..=20).rev() {
        head = Some(Arc::new(Node {
            value,
            next: head,
            ..Default::default()
        }));
    }
    let bytes = head
        .as_deref()
        .expect("a list")
        .try_encode_to_vec()
        .expect("encodes");
    let decoded = Node::decode(&bytes).expect("decodes");
    let mut values = vec![decoded.value];
    let mut next = decoded.next.clone();
    while let Some(node) = next {
        values.push(node.value);
        next = node.next.clone();
    }
    assert_eq!(values, (1..=20).collect::<Vec<_>>());
}

/// The error of decoding `bytes` as `M`, as text.
fn error<M: Message + std::fmt::Debug>(bytes: &[u8]) -> String {
    match M::decode(bytes) {
        Ok(message) => panic!("decoded {message:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn a_reference_to_an_object_not_seen_yet_is_refused() {
    // customer: { number 5 }, where the first object must take 2.
    assert_eq!(
        error::<Order>(&concat_bytes(&[&[0x2a, 0x06], &NUMBER, &[0x05]])),
        "Order.customer: a reference to an object not seen yet (objects take the numbers \
         2, 3, … in order) at byte 2"
    );
}

#[test]
fn a_reference_to_an_object_of_another_type_is_refused() {
    // customer: { number 2, Customer {} }, then lines: [{ number 2 }].
    let input = concat_bytes(&[
        &[0x2a, 0x06],
        &NUMBER,
        &[0x02, 0x22, 0x06],
        &NUMBER,
        &[0x02],
    ]);
    assert_eq!(
        error::<Order>(&input),
        "Order.lines[0]: a reference to an object of another type at byte 10"
    );
}

#[test]
fn a_cycle_through_a_strong_reference_is_refused() {
    // Node { next: { number 2, Node { next: { number 2 } } } }
    let input = concat_bytes(&[
        &[0x12, 0x0e],
        &NUMBER,
        &[0x02, 0x12, 0x06],
        &NUMBER,
        &[0x02],
    ]);
    assert_eq!(
        error::<Node>(&input),
        "Node.next.next: a strong reference to an object that holds it: a cycle through a \
         strong reference (cycles go through `weak`) at byte 10"
    );
    // Node { next: { number 1 } }: the top-level message.
    assert_eq!(
        error::<Node>(&concat_bytes(&[&[0x12, 0x06], &NUMBER, &[0x01]])),
        "Node.next: a strong reference to the top-level message, which holds it: a cycle \
         through a strong reference at byte 2"
    );
}

/// The writer writes most later occurrences, key included, as 8 bytes at
/// once; those whose key takes two bytes or whose number passes 127 take
/// the general path. Both read back with their sharing, and `schemac
/// encode` (dynamic messages) writes the same bytes of their JSON.
#[test]
fn later_occurrences_with_long_keys_and_large_numbers_keep_their_sharing() {
    // The registry is object 1, the customers 2 to 201 and the order 202,
    // which its lines point back at.
    let customers: Vec<Arc<Customer>> = (0..200).map(|id| customer(id, "C")).collect();
    let order = order(1, 3, &customers[0]);
    let registry = Registry {
        customers: customers.iter().chain(&customers).cloned().collect(),
        orders: vec![order.clone(), order],
        ..Default::default()
    };
    let bytes = registry.try_encode_to_vec().expect("encodes");
    assert_eq!(registry.encoded_len(), bytes.len());
    let occurs = |part: &[u8]| bytes.windows(part.len()).any(|window| window == part);
    // The last customer's later occurrence: the key of field 16, 7 bytes,
    // the number field holding 201.
    assert!(occurs(&concat_bytes(&[
        &[0x82, 0x01, 0x07],
        &NUMBER,
        &[0xc9, 0x01]
    ])));
    // A line's back reference, the order's customer and the order's
    // later occurrence.
    assert!(occurs(&concat_bytes(&[
        &[0x1a, 0x07],
        &NUMBER,
        &[0xca, 0x01]
    ])));
    assert!(occurs(&concat_bytes(&[&[0x2a, 0x06], &NUMBER, &[0x02]])));
    assert!(bytes.ends_with(&concat_bytes(&[
        &[0xfa, 0x7f, 0x07],
        &NUMBER,
        &[0xca, 0x01]
    ])));

    let read = decode_arc::<Registry>(&bytes).expect("decodes");
    assert_eq!(read.customers.len(), 400);
    for (first, again) in read.customers[..200].iter().zip(&read.customers[200..]) {
        assert!(Arc::ptr_eq(first, again));
    }
    let [order, again] = &read.orders[..] else {
        panic!("two orders: {:?}", read.orders);
    };
    assert!(Arc::ptr_eq(order, again));
    assert!(Arc::ptr_eq(
        order.customer.as_ref().expect("a customer"),
        &read.customers[0]
    ));
    for line in &order.lines {
        assert!(Arc::ptr_eq(&back(line).expect("a back reference"), order));
    }
    crate::oracle::serde_agrees_with_schemac_decode("shop.Registry", &registry);
}

#[test]
fn a_later_occurrence_holds_its_number_alone() {
    // customer: { number 2, Customer {} }, then contacts: { "a": { number
    // 2, id: 1 } }: a number taken before, with a field after it.
    let input = concat_bytes(&[
        &[0x2a, 0x06],
        &NUMBER,
        &[0x02, 0x32, 0x0d, 0x0a, 0x01, b'a', 0x12, 0x08],
        &NUMBER,
        &[0x02, 0x08, 0x01],
    ]);
    assert_eq!(
        error::<Order>(&input),
        "Order.contacts: a reference holds fields besides its object's number at byte 21"
    );
}

/// The commonest back reference, 7 bytes with a one-byte number, is read
/// at once (the runtime's `read_back_reference`); the same reference with
/// its number in two bytes is read by the general path. Both give the same
/// graph, and both refuse what the general path refuses: a back reference
/// one level past the recursion limit, or to the top-level message read by
/// value.
#[test]
fn a_back_reference_reads_alike_at_once_and_in_general() {
    #[rustfmt::skip]
    let at_once = concat_bytes(&[
        &[0x08, 0x01], // id 1
        &[0x22, 0x0a, 0x08, 0x01, 0x1a, 0x06], &NUMBER, &[0x01], // a line; its order, number 1
    ]);
    #[rustfmt::skip]
    let in_general = concat_bytes(&[
        &[0x08, 0x01],
        &[0x22, 0x0b, 0x08, 0x01, 0x1a, 0x07], &NUMBER, &[0x81, 0x00], // number 1 in two bytes
    ]);
    for bytes in [&at_once, &in_general] {
        let order = decode_arc::<Order>(bytes).expect("decodes");
        assert!(Arc::ptr_eq(&back(&order.lines[0]).expect("alive"), &order));
        assert_eq!(order.try_encode_to_vec().expect("encodes"), at_once);
        // The line is one level deep, its back reference two.
        let options = |limit| DecodeOptions::new().recursion_limit(limit);
        let too_deep = decode_arc_with::<Order>(bytes, &options(1)).expect_err("too deep");
        assert!(too_deep.is_recursion_limit(), "{too_deep}");
        assert!(decode_arc_with::<Order>(bytes, &options(2)).is_ok());
        let text = error::<Order>(bytes);
        assert!(
            text.starts_with("Order.lines[0].order: a back reference to the top-level message"),
            "{text}"
        );
    }
}

/// A back reference is read at once only if its number ends in one byte:
/// a number byte of 0x80 or more whose varint the occurrence cuts short is
/// refused, even where an object of that byte's value exists, and the
/// same number in two bytes points at that object.
#[test]
fn a_back_reference_whose_number_is_cut_short_is_refused() {
    // The batch is object 1, the first order 2, the customer 3 and each
    // order after the first `3 + its index`: order 126 is object 129.
    let ada = customer(7, "Ada");
    let orders: Vec<Arc<Order>> = (0..130).map(|id| order(id, 0, &ada)).collect();
    let batch = Batch {
        orders: orders
            .iter()
            .flat_map(|order| [order.clone(), order.clone()])
            .collect(),
        ..Default::default()
    };
    let bytes = batch.try_encode_to_vec().expect("encodes");
    // `first`, an order holding one line, whose back reference is object
    // 129: as 0x81 0x01, or cut short after 0x81.
    #[rustfmt::skip]
    let in_two_bytes = concat_bytes(&[
        &bytes,
        &[0x12, 0x0b, 0x22, 0x09, 0x1a, 0x07], &NUMBER, &[0x81, 0x01],
    ]);
    #[rustfmt::skip]
    let cut_short = concat_bytes(&[
        &bytes,
        &[0x12, 0x0a, 0x22, 0x08, 0x1a, 0x06], &NUMBER, &[0x81],
    ]);

    let read = Batch::decode(&in_two_bytes).expect("decodes");
    let first = read.first.as_ref().expect("a first order");
    let target = back(&first.lines[0]).expect("alive");
    assert_eq!(target.id, 126);
    assert!(Arc::ptr_eq(&target, &read.orders[2 * 126]));

    let text = error::<Batch>(&cut_short);
    assert!(text.starts_with("Batch.first.lines[0].order: "), "{text}");
}

#[test]
fn a_dead_ref_and_a_number_beyond_u32_are_refused() {
    assert_eq!(
        error::<Order>(&concat_bytes(&[&[0x2a, 0x06], &NUMBER, &[0x00]])),
        "Order.customer: a `ref` field holds no object (number 0): only a `weak` one may be \
         dead at byte 2"
    );
    let beyond = concat_bytes(&[&[0x2a, 0x0a], &NUMBER, &[0x80, 0x80, 0x80, 0x80, 0x10]]);
    assert_eq!(
        error::<Order>(&beyond),
        "Order.customer: an object's number is larger than 2^32 - 1 at byte 2"
    );
}

#[test]
fn a_back_reference_to_the_top_level_message_needs_decode_arc() {
    let bytes = order(1, 1, &customer(7, "Ada"))
        .try_encode_to_vec()
        .expect("encodes");
    let text = error::<Order>(&bytes);
    assert!(
        text.starts_with("Order.lines[0].order: a back reference to the top-level message"),
        "{text}"
    );
    assert!(decode_arc::<Order>(&bytes).is_ok());
}

#[test]
fn a_truncated_graph_is_refused_at_every_cut() {
    let ada = customer(7, "Ada");
    let batch = Batch {
        orders: vec![order(1, 2, &ada), order(2, 1, &ada)],
        ..Default::default()
    };
    let bytes = batch.try_encode_to_vec().expect("encodes");
    for cut in 1..bytes.len() {
        // Every proper prefix either fails or reads as a smaller batch;
        // none panics.
        let _ = Batch::decode(&bytes[..cut]);
    }
    let cut = bytes.len() - 1;
    let text = error::<Batch>(&bytes[..cut]);
    assert!(
        text.contains("truncated") || text.contains("length"),
        "{text}"
    );
}

/// Google's protobuf reads graph mode's bytes as a tree with numbers,
/// through the exported `.proto`: an object that occurs more than once
/// holds its number in `schemac_graph_id` at its first occurrence, and
/// that alone at a later one.
#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn protoc_reads_the_bytes_as_a_tree_with_ids() {
    let ada = customer(7, "Ada");
    let batch = Batch {
        orders: vec![order(1, 1, &ada), order(2, 0, &ada)],
        ..Default::default()
    };
    let text = protoc_decode("shop.Batch", &batch.try_encode_to_vec().expect("encodes"));
    // Numbers in order of first occurrence, of the objects that occur
    // more than once: the batch is 1, the first order 2 (its line points
    // back at it), the customer 3. The line and the second order occur
    // once, and have none.
    let expected = "\
orders {
  id: 1
  lines {
    line_number: 1
    description: \"line 1\"
    order {
      schemac_graph_id: 2
    }
  }
  customer {
    id: 7
    name: \"Ada\"
    schemac_graph_id: 3
  }
  contacts {
    key: \"billing\"
    value {
      schemac_graph_id: 3
    }
  }
  schemac_graph_id: 2
}
orders {
  id: 2
  customer {
    schemac_graph_id: 3
  }
  contacts {
    key: \"billing\"
    value {
      schemac_graph_id: 3
    }
  }
}
";
    assert_eq!(text, expected);
}

/// What Google's protoc makes of `bytes` as `message`, with the
/// `graph.proto` that build.rs exported.
fn protoc_decode(message: &str, bytes: &[u8]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let mut child = Command::new("protoc")
        .arg(format!("--proto_path={}", env!("OUT_DIR")))
        .args([&format!("--decode={message}"), "graph.proto"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("protoc runs; install protobuf-compiler");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(bytes)
        .expect("write to protoc");
    let output = child.wait_with_output().expect("protoc runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "protoc failed: {stderr}");
    String::from_utf8(output.stdout).expect("protoc writes text")
}

/// Google's protoc reads a oneof of references as a oneof of messages:
/// each member an object, or the number of one written before it.
#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn protoc_reads_a_oneof_of_references_as_messages_with_ids() {
    let ada = customer(7, "Ada");
    let batch = Batch {
        orders: vec![order(1, 1, &ada)],
        ..Default::default()
    };
    let line = batch.orders[0].lines[0].clone();
    let remark = |about| Remark {
        about: Some(about),
        ..Default::default()
    };
    let review = Review {
        remarks: vec![
            remark(About::Customer(ada.clone())),
            remark(About::Line(line)),
            remark(About::Order(Arc::downgrade(&batch.orders[0]))),
        ],
        batch: Some(batch),
        ..Default::default()
    };
    let text = protoc_decode("shop.Review", &review.try_encode_to_vec().expect("encodes"));
    // The order is 2 (its line points back at it), the line 3 and the
    // customer 4, each numbered at its first occurrence in the batch.
    let expected = "\
batch {
  orders {
    id: 1
    lines {
      line_number: 1
      description: \"line 1\"
      order {
        schemac_graph_id: 2
      }
      schemac_graph_id: 3
    }
    customer {
      id: 7
      name: \"Ada\"
      schemac_graph_id: 4
    }
    contacts {
      key: \"billing\"
      value {
        schemac_graph_id: 4
      }
    }
    schemac_graph_id: 2
  }
}
remarks {
  customer {
    schemac_graph_id: 4
  }
}
remarks {
  line {
    schemac_graph_id: 3
  }
}
remarks {
  order {
    schemac_graph_id: 2
  }
}
";
    assert_eq!(text, expected);
}

/// A small deterministic generator (xorshift64), so that the smoke test
/// below needs no dependency and fails the same way every run.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// Decodes `bytes` every way a graph can be decoded; whatever decodes
/// encodes again and decodes from that.
fn decode_every_way(bytes: &[u8]) {
    let batch = Batch::decode(bytes);
    if let Ok(batch) = &batch {
        let again = batch.try_encode_to_vec().expect("a decoded batch encodes");
        schemac_tests::encodes_every_way(batch, &again);
        Batch::decode(&again).expect("and decodes again");
    }
    let order = decode_arc::<Order>(bytes);
    if let Ok(order) = &order {
        let again = order.try_encode_to_vec().expect("a decoded order encodes");
        schemac_tests::encodes_every_way(&**order, &again);
        decode_arc::<Order>(&again).expect("and decodes again");
    }
    // What decodes, the generated serde impls write as `schemac decode`
    // does, and read back.
    if let Ok(batch) = &batch {
        crate::oracle::serde_agrees_with_schemac_decode("shop.Batch", batch);
    }
    if let Ok(order) = &order {
        crate::oracle::serde_agrees_with_schemac_decode("shop.Order", &**order);
    }
    // A oneof of references, likewise.
    let review = Review::decode(bytes);
    if let Ok(review) = &review {
        let again = review
            .try_encode_to_vec()
            .expect("a decoded review encodes");
        schemac_tests::encodes_every_way(review, &again);
        Review::decode(&again).expect("and decodes again");
        crate::oracle::serde_agrees_with_schemac_decode("shop.Review", review);
    }
    // A oneof member that points back into the post being read.
    let post = decode_arc::<Post>(bytes);
    if let Ok(post) = &post {
        let again = post.try_encode_to_vec().expect("a decoded post encodes");
        schemac_tests::encodes_every_way(&**post, &again);
        decode_arc::<Post>(&again).expect("and decodes again");
    }
    let node = Node::decode(bytes);
    // Dynamic messages, the codec of `schemac decode`, read and write what
    // generated code does, and their JSON is a fixed point.
    let encoded = |encoded: Result<Vec<u8>, _>| encoded.ok();
    let dynamic = [
        (
            "shop.Batch",
            batch.as_ref().ok().map(|b| b.try_encode_to_vec()),
        ),
        (
            "shop.Order",
            order.as_ref().ok().map(|o| o.try_encode_to_vec()),
        ),
        (
            "shop.Review",
            review.as_ref().ok().map(|r| r.try_encode_to_vec()),
        ),
        (
            "shop.Post",
            post.as_ref().ok().map(|p| p.try_encode_to_vec()),
        ),
        (
            "shop.Node",
            node.as_ref().ok().map(|n| n.try_encode_to_vec()),
        ),
    ];
    for (message, generated) in dynamic {
        let generated = generated.map(|bytes| encoded(bytes).expect("encodes"));
        crate::oracle::dynamic_messages_decode_as_generated_code(
            message,
            bytes,
            generated.as_deref(),
        );
    }
}

#[test]
fn random_and_mutated_inputs_never_panic() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20_000 {
        let len = rng.below(48);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        decode_every_way(&bytes);
    }
    let ada = customer(7, "Ada");
    let batch = Batch {
        orders: vec![order(1, 2, &ada), order(2, 1, &ada)],
        ..Default::default()
    };
    let review = review_of(shared_batch());
    let valid = [
        batch.try_encode_to_vec().expect("encodes"),
        review.try_encode_to_vec().expect("encodes"),
        thread().try_encode_to_vec().expect("encodes"),
    ];
    for valid in &valid {
        for _ in 0..7_000 {
            let mut bytes = valid.clone();
            for _ in 0..=rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] = rng.next() as u8;
            }
            decode_every_way(&bytes);
        }
    }
}

/// The generated API's shape: the Rust types of references, and which
/// messages are graph messages (the rest are generated as before).
#[test]
fn references_have_the_promised_rust_types_and_only_graph_messages_are_marked() {
    let order = Order::default();
    let _: Option<Arc<Customer>> = order.customer;
    let _: Vec<Arc<OrderLine>> = order.lines;
    let _: BTreeMap<String, Arc<Customer>> = order.contacts;
    let _: Vec<Weak<Order>> = order.split_from;
    let _: Option<Weak<Order>> = OrderLine::default().order;
    let _: Option<Arc<Node>> = Node::default().next;
    // Customer and Plain reach no reference; Batch holds graph messages.
    const { assert!(!Customer::GRAPH && !crate::shop::Plain::GRAPH) };
    const { assert!(Order::GRAPH && OrderLine::GRAPH && Node::GRAPH && Batch::GRAPH) };
    // Messages are still Send + Sync, for tonic and threads.
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Order>();
    send_sync::<Batch>();
}

/// The sizes docs/graph.md gives, against Java serialization's and Kryo
/// 1.x's (shared/DESIGN.md): the seed Order with 1 and 100
/// lines pointing back at it and a shared customer (Java: 640 and 2,719
/// bytes), and one 1,500-character string held by three fields (Java:
/// 1,557 bytes, Kryo 1.x: 4,511).
#[test]
fn graph_mode_writes_the_measured_graphs_in_their_sizes() {
    use crate::measure::{seed_order, three_texts};

    let customer = Arc::new(Customer::default());
    let size = |order: &Order| order.try_encode_to_vec().expect("encodes").len();
    let one = seed_order(1, &customer);
    let hundred = seed_order(100, &customer);
    let (shared, copies) = three_texts(1_500);
    let shared_len = shared.try_encode_to_vec().expect("encodes").len();
    let copies_len = copies.try_encode_to_vec().expect("encodes").len();
    println!(
        "seed order, 1 line: {} B; 100 lines: {} B; a text held three times: {shared_len} B shared, {copies_len} B copied",
        size(&one),
        size(&hundred)
    );
    // The line (12 bytes: its key and length, its line number, and its back
    // reference, 8 bytes: the order's number, 1, alone) and the customer
    // (2 bytes: an empty object, which occurs once and takes no number).
    assert_eq!(size(&one), 14);
    assert_eq!(size(&hundred), 100 * 12 + 2);
    // The text once, led by its number (1,512 bytes), then twice its
    // number alone (8 bytes each); three copies are 1,506 bytes each.
    assert_eq!(shared_len, 1_512 + 2 * 8);
    assert_eq!(copies_len, 3 * 1_506);
    // Each occurrence after the first is its number alone.
    let reread =
        ThreeTexts::decode(&shared.try_encode_to_vec().expect("encodes")).expect("decodes");
    let first = reread.first.as_ref().expect("a text");
    assert!(
        reread
            .second
            .as_ref()
            .is_some_and(|second| Arc::ptr_eq(first, second))
    );
    assert!(
        reread
            .third
            .as_ref()
            .is_some_and(|third| Arc::ptr_eq(first, third))
    );
}

/// Writes the seed corpus of the `decode_graph` fuzz target,
/// `tests/fuzz/seeds/decode_graph` (`make fuzz-seeds`).
#[test]
#[ignore = "writes tests/fuzz/seeds/decode_graph; run with `make fuzz-seeds`"]
fn write_fuzz_seeds() {
    let dir = fuzz_seeds_dir();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("makes the seeds' folder");
    for (name, bytes) in fuzz_seeds() {
        std::fs::write(dir.join(name), bytes).expect("writes a seed");
    }
}

/// The checked-in seeds of `decode_graph` are what `make fuzz-seeds`
/// writes today, none missing and none left over.
#[test]
fn the_fuzz_seeds_are_current() {
    use std::collections::{BTreeMap, BTreeSet};
    let checked_in: BTreeMap<String, Vec<u8>> = std::fs::read_dir(fuzz_seeds_dir())
        .expect("reads the seeds' folder")
        .map(|entry| {
            let path = entry.expect("lists a seed").path();
            let name = path.file_name().expect("a file").to_string_lossy();
            (
                name.into_owned(),
                std::fs::read(&path).expect("reads a seed"),
            )
        })
        .collect();
    let written: BTreeMap<String, Vec<u8>> = fuzz_seeds()
        .into_iter()
        .map(|(name, bytes)| (name.to_owned(), bytes))
        .collect();
    let differing: BTreeSet<&String> = written
        .keys()
        .chain(checked_in.keys())
        .filter(|name| written.get(*name) != checked_in.get(*name))
        .collect();
    assert!(
        differing.is_empty(),
        "tests/fuzz/seeds/decode_graph differs from what `make fuzz-seeds` writes, \
         in {differing:?}: run `make fuzz-seeds`"
    );
}

fn fuzz_seeds_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/decode_graph")
}

/// The seeds of `decode_graph`, by file name: a batch of orders sharing a
/// customer, the measured orders, three fields sharing a text, a chain of
/// nodes, and two graphs with payloads of 16 KiB or more, so that
/// libFuzzer makes inputs that large (it takes its longest input from the
/// seeds).
fn fuzz_seeds() -> [(&'static str, Vec<u8>); 9] {
    use crate::measure::{described_order, seed_order, three_texts};
    let ada = customer(7, "Ada");
    let batch = Batch {
        orders: vec![order(1, 2, &ada), order(2, 1, &ada)],
        first: Some((*order(3, 1, &ada)).clone()),
        note: "two orders, one customer".to_owned(),
        ..Default::default()
    };
    let chain = (1..=3).fold(None, |next, value| {
        Some(Arc::new(Node {
            value,
            next,
            ..Default::default()
        }))
    });
    let review = review_of(shared_batch());
    // Payloads of 16 KiB or more, which an encode leaves out of its first
    // walk: a shared customer's name, and the name of an order reached
    // only through a `weak` reference (kept alive by `_earlier`).
    let large_batch = Batch {
        orders: vec![order(1, 2, &customer(7, &"x".repeat(20 * 1024)))],
        ..Default::default()
    };
    let (_earlier, split) = split_from_an_earlier_order(&"y".repeat(17 * 1024));
    [
        ("batch", batch.try_encode_to_vec().expect("encodes")),
        ("review", review.try_encode_to_vec().expect("encodes")),
        ("thread", thread().try_encode_to_vec().expect("encodes")),
        (
            "seed-order-1",
            seed_order(1, &ada).try_encode_to_vec().expect("encodes"),
        ),
        (
            "described-order-3",
            described_order(3, &ada)
                .try_encode_to_vec()
                .expect("encodes"),
        ),
        (
            "three-texts",
            three_texts(20).0.try_encode_to_vec().expect("encodes"),
        ),
        (
            "node-chain",
            chain
                .expect("three nodes")
                .try_encode_to_vec()
                .expect("encodes"),
        ),
        (
            "batch-large",
            large_batch.try_encode_to_vec().expect("encodes"),
        ),
        ("split-large", split.try_encode_to_vec().expect("encodes")),
    ]
}

/// With `HashMap` maps, written in an order of their own, the pre-pass
/// meets the references in the order the writer writes them: every first
/// occurrence comes before the ids that refer to it, and the sharing reads
/// back, with `HashMap` types and with the `BTreeMap` ones.
#[test]
fn hash_maps_of_references_keep_their_sharing() {
    use crate::hash_maps::shop as hashed;
    let customers: Vec<Arc<hashed::Customer>> = (0..5)
        .map(|id| {
            Arc::new(hashed::Customer {
                id,
                name: format!("customer {id}"),
                ..Default::default()
            })
        })
        .collect();
    // Twenty contacts over five customers, the first also the customer.
    let contacts: std::collections::HashMap<String, Arc<hashed::Customer>> = (0..20)
        .map(|n| (format!("contact {n}"), customers[n % 5].clone()))
        .collect();
    let order = hashed::Order {
        id: 1,
        customer: Some(customers[0].clone()),
        contacts,
        ..Default::default()
    };
    let bytes = order.try_encode_to_vec().expect("encodes");
    for customer in &customers {
        let name = customer.name.as_bytes();
        let copies = bytes.windows(name.len()).filter(|w| *w == name).count();
        assert_eq!(copies, 1, "{} is written once", customer.name);
    }

    let hashed = decode_arc::<hashed::Order>(&bytes).expect("decodes with HashMap maps");
    let sorted = decode_arc::<Order>(&bytes).expect("decodes with BTreeMap maps");
    let customer = hashed.customer.as_ref().expect("a customer");
    for n in 0..20 {
        let key = format!("contact {n}");
        let (contact, same_as) = (
            &hashed.contacts[&key],
            &hashed.contacts[&format!("contact {}", n % 5)],
        );
        assert!(Arc::ptr_eq(contact, same_as), "{key}");
        assert_eq!(Arc::ptr_eq(contact, customer), n % 5 == 0, "{key}");
        assert_eq!(contact.id, (n % 5) as i64);
        let sorted_customer = sorted.customer.as_ref().expect("a customer");
        assert_eq!(
            Arc::ptr_eq(&sorted.contacts[&key], sorted_customer),
            n % 5 == 0
        );
    }
    let distinct: std::collections::HashSet<*const hashed::Customer> =
        hashed.contacts.values().map(Arc::as_ptr).collect();
    assert_eq!(distinct.len(), 5);
}

/// What `schemac decode` and `schemac encode` make of a graph: the JSON
/// of the generated code's bytes encodes to those bytes again, and the
/// JSON form of references (`$id`, `$ref`) reads back with the sharing.
#[test]
fn the_json_of_schemac_decode_encodes_to_the_same_bytes_and_sharing() {
    use schemac::{JsonNames, transcode};
    let analysis = crate::oracle::analysis();
    let codec = crate::oracle::codec();
    let batch_type = transcode::find_message(&analysis.schema, "shop.Batch").expect("Batch");
    let batch = shared_batch();
    let bytes = batch.try_encode_to_vec().expect("encodes");
    let json =
        (codec.bytes_to_json(batch_type, &bytes, JsonNames::Schema)).expect("transcodes to JSON");
    let again = codec.json_to_bytes(batch_type, &json).expect("and back");
    assert_eq!(again, bytes, "{json:#}");
    // The customer, object 5 (after the first order, object 2, and its
    // two lines), appears once with its id and later by it; the lines of
    // the order held by value point at an order no longer alive.
    let text = json.to_string();
    assert_eq!(text.matches("\"Ada\"").count(), 1, "{json:#}");
    assert_eq!(json["orders"][0]["customer"]["$id"], 5, "{json:#}");
    assert_eq!(text.matches(r#"{"$ref":5}"#).count(), 5, "{json:#}");
    assert_eq!(json["first"]["lines"][0]["order"], serde_json::json!({}));

    // Hand-written JSON: two orders sharing a customer by label.
    let written = serde_json::json!({
        "orders": [
            {"$id": 10, "id": "1", "lines": [{"line_number": 1, "order": {"$ref": 10}}],
             "customer": {"$id": 20, "name": "Ada"}},
            {"id": "2", "customer": {"$ref": 20}},
        ],
    });
    let bytes = codec.json_to_bytes(batch_type, &written).expect("encodes");
    let decoded = Batch::decode(&bytes).expect("generated code reads it");
    let (first, _, _) = two_orders_sharing_a_customer(&decoded);
    assert!(Arc::ptr_eq(&back(&first.lines[0]).expect("alive"), first));
}
