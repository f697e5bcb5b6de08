//! Graph mode in dynamic messages over the schema's exported descriptors
//! (docs/graph.md, "Dynamic messages"): they hold a graph as the wire
//! does and read and write what generated code reads and writes.

use std::collections::BTreeMap;

use schemac_runtime::Message;
use schemac_runtime::graph::decode_arc;
use schemac_runtime::reflect::{DynamicMessage, MessageDescriptor, Value};

use crate::oracle::pool;
use crate::shop::Order;
use crate::tests::{customer, shared_batch};

/// The key bytes of `schemac_graph_id`.
const NUMBER: [u8; 5] = [0xf8, 0xff, 0xff, 0xff, 0x0f];

fn descriptor(name: &str) -> MessageDescriptor<'static> {
    pool().message(name).expect("in the pool")
}

/// The value of field `name` of `message`.
fn field(message: &DynamicMessage<'static>, name: &str) -> Value<'static> {
    (message.get_by_name(name).expect("a field of its type")).into_owned()
}

/// The number an occurrence holds, if any.
fn number(occurrence: &Value<'_>) -> Option<u32> {
    let occurrence = occurrence.as_message().expect("a message");
    match occurrence.has(occurrence.descriptor().field_by_name("schemac_graph_id")?) {
        true => match *occurrence.get_by_name("schemac_graph_id")? {
            Value::U32(number) => Some(number),
            _ => None,
        },
        false => None,
    }
}

/// How many fields an occurrence holds besides its number.
fn fields_besides_number(occurrence: &Value<'_>) -> usize {
    let occurrence = occurrence.as_message().expect("a message");
    (occurrence.fields())
        .filter(|(field, _)| field.name() != "schemac_graph_id")
        .count()
}

#[test]
fn a_shared_object_is_whole_at_its_first_occurrence_and_a_number_at_the_others() {
    let batch = shared_batch();
    let bytes = batch.try_encode_to_vec().expect("encodes");
    let decoded = DynamicMessage::decode(descriptor("shop.Batch"), &bytes).expect("decodes");
    let Value::List(orders) = field(&decoded, "orders") else {
        panic!("a list");
    };
    let [first, second] = &orders[..] else {
        panic!("two orders");
    };
    let first = first.as_message().expect("a message");
    let second = second.as_message().expect("a message");
    // Ada, shared by both orders: number 3 (the first order, which its
    // lines point back at, is 2), whole in the first order.
    let ada = field(first, "customer");
    assert_eq!(number(&ada), Some(3));
    let ada = ada.as_message().expect("a message").clone();
    assert_eq!(
        *ada.get_by_name("name").expect("a field"),
        Value::String("Ada".into())
    );
    let later = field(second, "customer");
    assert_eq!(
        (number(&later), fields_besides_number(&later)),
        (Some(3), 0)
    );
    // The lines' back references: the number of their order.
    assert_eq!(number(&orders[0]), Some(2));
    let Value::List(lines) = field(first, "lines") else {
        panic!("a list");
    };
    let back = field(lines[0].as_message().expect("a line"), "order");
    assert_eq!((number(&back), fields_besides_number(&back)), (Some(2), 0));
    // The order held by value points at an order no longer alive: dead.
    let Value::Message(held) = field(&decoded, "first") else {
        panic!("a message");
    };
    let Value::List(lines) = field(&held, "lines") else {
        panic!("a list");
    };
    let dead = field(lines[0].as_message().expect("a line"), "order");
    assert_eq!((number(&dead), fields_besides_number(&dead)), (Some(0), 0));
    assert_eq!(decoded.encode_to_vec(), bytes);
}

/// `Order { contacts: { "a": { 2, Ada } }, customer: { 2 } }`: the map
/// (field 6) comes first in the bytes, the customer (field 5) first in
/// the message; generated code writes Ada whole in `customer`.
#[test]
fn an_object_moves_to_its_first_occurrence_in_field_order() {
    #[rustfmt::skip]
    let bytes = [
        &[0x32, 0x10][..], // contacts entry, 16 bytes
            &[0x0a, 0x01, b'a'], // key "a"
            &[0x12, 0x0b], &NUMBER, &[0x02], // value: number 2, then
            &[0x08, 0x07, 0x12, 0x01, b'A'], // Customer { 7, "A" }
        &[0x2a, 0x06], &NUMBER, &[0x02], // customer: number 2 alone
    ]
    .concat();
    let generated = decode_arc::<Order>(&bytes).expect("generated code reads it");
    let expected = generated.try_encode_to_vec().expect("encodes");
    let decoded = DynamicMessage::decode(descriptor("shop.Order"), &bytes).expect("decodes");
    let customer = field(&decoded, "customer");
    assert_eq!(
        (number(&customer), fields_besides_number(&customer)),
        (Some(2), 2)
    );
    assert_eq!(decoded.encode_to_vec(), expected);
}

/// `customer` read twice: the second object replaces the first, which a
/// contact names later; generated code keeps it for that contact, where
/// it now occurs once, and so without a number.
#[test]
fn a_replaced_object_stays_for_the_later_occurrences_that_name_it() {
    #[rustfmt::skip]
    let bytes = [
        &[0x2a, 0x0b][..], &NUMBER, &[0x02], &[0x08, 0x07, 0x12, 0x01, b'A'], // Ada, 2
        &[0x2a, 0x05], &[0x08, 0x08, 0x12, 0x01, b'B'], // Bob, once
        &[0x32, 0x0b], &[0x0a, 0x01, b'a'], &[0x12, 0x06], &NUMBER, &[0x02], // "a": 2
    ]
    .concat();
    let generated = decode_arc::<Order>(&bytes).expect("generated code reads it");
    let decoded = DynamicMessage::decode(descriptor("shop.Order"), &bytes).expect("decodes");
    let Value::Map(contacts) = field(&decoded, "contacts") else {
        panic!("a map");
    };
    let ada = contacts.values().next().expect("one contact");
    assert_eq!((number(ada), fields_besides_number(ada)), (None, 2));
    assert_eq!(
        decoded.encode_to_vec(),
        generated.try_encode_to_vec().expect("encodes")
    );
}

/// An object that only a `weak` holds is gone once read, in generated
/// code as here: the `weak` is dead.
#[test]
fn an_object_only_a_weak_reference_holds_is_dead() {
    // OrderLine { order: Order { id: 5 } }
    let bytes = [0x1a, 0x02, 0x08, 0x05];
    let decoded = DynamicMessage::decode(descriptor("shop.OrderLine"), &bytes).expect("decodes");
    let order = field(&decoded, "order");
    assert_eq!(
        (number(&order), fields_besides_number(&order)),
        (Some(0), 0)
    );
    let expected = [&[0x1a, 0x06][..], &NUMBER, &[0x00]].concat();
    assert_eq!(decoded.encode_to_vec(), expected);
}

/// A message built with the object whole at a later occurrence encodes
/// as generated code encodes the graph it means: whole at the first.
#[test]
fn a_message_built_with_an_object_at_a_later_occurrence_encodes_it_at_the_first() {
    let ada = customer(7, "A");
    let graph = Order {
        customer: Some(ada.clone()),
        contacts: BTreeMap::from([("a".to_owned(), ada)]),
        ..Default::default()
    };
    let customer_type = descriptor("shop.Customer");
    let mut whole = DynamicMessage::new(customer_type);
    whole.set_by_name("id", Value::I64(7)).expect("sets");
    whole
        .set_by_name("name", Value::String("A".into()))
        .expect("sets");
    whole
        .set_by_name("schemac_graph_id", Value::U32(9))
        .expect("sets");
    let mut later = DynamicMessage::new(customer_type);
    later
        .set_by_name("schemac_graph_id", Value::U32(9))
        .expect("sets");
    let mut order = DynamicMessage::new(descriptor("shop.Order"));
    order
        .set_by_name("customer", Value::Message(later))
        .expect("sets");
    let contacts = [(
        schemac_runtime::reflect::MapKey::String("a".into()),
        Value::Message(whole),
    )];
    (order.set_by_name("contacts", Value::Map(contacts.into_iter().collect()))).expect("sets");
    assert_eq!(
        order.encode_to_vec(),
        graph.try_encode_to_vec().expect("encodes")
    );
}

#[test]
fn what_generated_code_refuses_dynamic_messages_refuse_with_its_reason() {
    let order = descriptor("shop.Order");
    let cases: [(&[u8], &str); 3] = [
        // customer: { number 5 }, where the first object must take 2.
        (
            &[&[0x2a, 0x06][..], &NUMBER, &[0x05]].concat(),
            "a reference to an object not seen yet",
        ),
        // customer: { number 1 }: the top-level message, which holds it.
        (
            &[&[0x2a, 0x06][..], &NUMBER, &[0x01]].concat(),
            "a strong reference to the top-level message",
        ),
        // customer: { number 0 }: a `ref` cannot be dead.
        (
            &[&[0x2a, 0x06][..], &NUMBER, &[0x00]].concat(),
            "a `ref` field holds no object",
        ),
    ];
    for (bytes, reason) in cases {
        assert!(decode_arc::<Order>(bytes).is_err());
        let error = DynamicMessage::decode(order, bytes)
            .expect_err("refused")
            .to_string();
        assert!(error.contains(reason), "{error}");
        assert!(error.contains("customer"), "{error}");
    }
}

/// The text format shows the wire's tree, numbers and all, as `protoc
/// --decode` does, and reads back to the same graph.
#[test]
fn a_graph_reads_back_from_its_text() {
    let bytes = shared_batch().try_encode_to_vec().expect("encodes");
    let batch = descriptor("shop.Batch");
    let decoded = DynamicMessage::decode(batch, &bytes).expect("decodes");
    let text = decoded.to_text();
    assert!(text.contains("schemac_graph_id: 3"), "{text}");
    let read = DynamicMessage::parse_text(batch, &text).expect("parses");
    assert_eq!(read.encode_to_vec(), bytes, "{text}");
    // A weak to an object that only it holds is dead once read, as in the
    // binary format.
    let line = descriptor("shop.OrderLine");
    let read = DynamicMessage::parse_text(line, "order { id: 5 }").expect("parses");
    let expected = [&[0x1a, 0x06][..], &NUMBER, &[0x00]].concat();
    assert_eq!(read.encode_to_vec(), expected);
}
