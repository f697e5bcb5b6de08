//! The generated serde impls of graph messages (`Config::json`): `$id` and
//! `$ref` as `schemac decode` writes them, the sharing and the cycles kept
//! through a round trip, and hostile JSON refused.

use std::collections::BTreeMap;
use std::sync::{Arc, Weak};

use schemac_runtime::Message;
use schemac_runtime::json::deserialize_arc;
use serde_json::json;

use crate::oracle::serde_agrees_with_schemac_decode;
use crate::shop::{Batch, Customer, Node, Order, OrderLine, Review, ThreeTexts};
use crate::tests::{
    assert_remarks_share_the_batch, back, customer, order, review_of, shared_batch,
    two_orders_sharing_a_customer,
};

#[test]
fn an_order_is_written_as_schemac_decode_writes_it() {
    let order = order(5, 1, &customer(7, "Ada"));
    let json = serde_json::to_value(&*order).expect("serializes");
    let expected = json!({
        "$id": 1,
        "id": "5",
        "lines": [{"$id": 2, "line_number": 1, "description": "line 1", "order": {"$ref": 1}}],
        "customer": {"$id": 3, "id": "7", "name": "Ada"},
        "contacts": {"billing": {"$ref": 3}},
    });
    assert_eq!(json, expected);
    serde_agrees_with_schemac_decode("shop.Order", &*order);
}

#[test]
fn the_json_of_a_batch_is_schemac_decodes_and_reads_back_shared() {
    let batch = shared_batch();
    serde_agrees_with_schemac_decode("shop.Batch", &batch);

    let text = serde_json::to_string(&batch).expect("serializes");
    assert_eq!(text.matches("\"Ada\"").count(), 1, "{text}");
    let read: Batch = serde_json::from_str(&text).expect("reads back");
    let (first, second, shared) = two_orders_sharing_a_customer(&read);
    assert!(Arc::ptr_eq(shared, &second.contacts["billing"]));
    assert!(Arc::ptr_eq(
        shared,
        read.first.as_ref().unwrap().customer.as_ref().unwrap()
    ));
    for order in [first, second] {
        for line in &order.lines {
            assert!(Arc::ptr_eq(&back(line).expect("alive"), order));
        }
    }
    // The order held by value is no object: its lines' order is gone.
    let by_value = read.first.as_ref().expect("first");
    assert!(back(&by_value.lines[0]).is_none());
}

#[test]
fn a_oneof_of_references_is_schemac_decodes_json_and_reads_back_shared() {
    let review = review_of(shared_batch());
    serde_agrees_with_schemac_decode("shop.Review", &review);

    let text = serde_json::to_string(&review).expect("serializes");
    assert_eq!(text.matches("\"Ada\"").count(), 1, "{text}");
    let read: Review = serde_json::from_str(&text).expect("reads back");
    assert_remarks_share_the_batch(&read);
}

#[test]
fn deserialize_arc_keeps_the_back_references_to_the_top_level_message() {
    let original = order(1, 3, &customer(7, "Ada"));
    let text = serde_json::to_string(&*original).expect("serializes");
    let read: Arc<Order> =
        deserialize_arc(&mut serde_json::Deserializer::from_str(&text)).expect("reads");
    for line in &read.lines {
        assert!(Arc::ptr_eq(&back(line).expect("alive"), &read));
    }
    assert_eq!(
        read.try_encode_to_vec().unwrap(),
        original.try_encode_to_vec().unwrap()
    );

    // By value, the back references cannot stay alive: an error that says
    // what to use instead.
    let error = serde_json::from_str::<Order>(&text).expect_err("refused");
    assert!(
        error.to_string().starts_with(
            "`{\"$ref\": 1}` is a back reference to the top-level message, which is read by \
             value: read it with `schemac_runtime::json::deserialize_arc`"
        ),
        "{error}"
    );
}

#[test]
fn equal_but_distinct_objects_stay_two_and_one_object_is_written_once() {
    let twins = [customer(7, "Ada"), customer(7, "Ada")];
    let order = Order {
        customer: Some(twins[0].clone()),
        contacts: BTreeMap::from([("billing".to_owned(), twins[1].clone())]),
        ..Default::default()
    };
    let json = serde_json::to_value(&order).expect("serializes");
    assert_eq!(json["contacts"]["billing"]["$id"], 3, "{json}");
    let read: Order = serde_json::from_value(json).expect("reads");
    let customer = read.customer.as_ref().expect("a customer");
    assert!(!Arc::ptr_eq(customer, &read.contacts["billing"]));

    let text = Arc::new(crate::shop::Text {
        value: "x".repeat(1_500),
        ..Default::default()
    });
    let three = ThreeTexts {
        first: Some(text.clone()),
        second: Some(text.clone()),
        third: Some(text),
        ..Default::default()
    };
    let written = serde_json::to_string(&three).expect("serializes");
    // The 1,500 characters once, where three copies take three times that.
    assert!(written.len() < 1_600, "{}", written.len());
    serde_agrees_with_schemac_decode("shop.ThreeTexts", &three);
    let read: ThreeTexts = serde_json::from_str(&written).expect("reads");
    let first = read.first.as_ref().expect("first");
    assert!(Arc::ptr_eq(first, read.third.as_ref().expect("third")));
}

#[test]
fn a_dead_back_reference_is_written_empty_and_read_back_dead() {
    let line = OrderLine {
        line_number: 1,
        order: Some(Weak::new()),
        ..Default::default()
    };
    let order = Order {
        lines: vec![Arc::new(line)],
        ..Default::default()
    };
    let json = serde_json::to_value(&order).expect("serializes");
    assert_eq!(json["lines"][0]["order"], json!({}), "{json}");
    let read: Order = serde_json::from_value(json).expect("reads");
    let back = read.lines[0].order.as_ref().expect("a back reference");
    assert!(back.upgrade().is_none());
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
    let head = head.expect("a list");
    serde_agrees_with_schemac_decode("shop.Node", &*head);
    let read: Node = serde_json::from_value(serde_json::to_value(&*head).unwrap()).unwrap();
    assert_eq!(
        read.try_encode_to_vec().unwrap(),
        head.try_encode_to_vec().unwrap()
    );
}

#[test]
fn hash_maps_of_references_keep_their_sharing() {
    use crate::hash_maps::shop as hashed;
    let shared = Arc::new(hashed::Customer {
        id: 1,
        name: "Ada".to_owned(),
        ..Default::default()
    });
    let order = hashed::Order {
        contacts: (0..10)
            .map(|n| (format!("contact {n}"), shared.clone()))
            .collect(),
        ..Default::default()
    };
    let text = serde_json::to_string(&order).expect("serializes");
    assert_eq!(text.matches("\"Ada\"").count(), 1, "{text}");
    let read: hashed::Order = serde_json::from_str(&text).expect("reads");
    let first = read.contacts.values().next().expect("a contact");
    assert!(read.contacts.values().all(|c| Arc::ptr_eq(c, first)));
}

/// The error of reading `text` as `M`.
fn error<M: schemac_runtime::json::serde::de::DeserializeOwned + std::fmt::Debug>(
    text: &str,
) -> String {
    match serde_json::from_str::<M>(text) {
        Ok(message) => panic!("read {message:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn hostile_json_is_refused_with_what_is_wrong() {
    let cases = [
        (
            error::<Order>(r#"{"customer": {"$ref": 7}}"#),
            "`{\"$ref\": 7}` names a label that no object before it took",
        ),
        (
            error::<Order>(r#"{"customer": {"$id": 2}, "lines": [{"$ref": 2}]}"#),
            "`{\"$ref\": 2}` names an object of another type than the field's",
        ),
        (
            error::<Node>(r#"{"next": {"$id": 2, "next": {"$ref": 2}}}"#),
            "`{\"$ref\": 2}` is a strong reference to an object that holds it: a cycle \
             through a strong reference (cycles go through `weak`)",
        ),
        (
            error::<Order>(r#"{"customer": {"$id": 2}, "contacts": {"a": {"$id": 2}}}"#),
            "`\"$id\": 2` labels a second object; each label is used once",
        ),
        (
            error::<Order>(
                r#"{"customer": {"$id": 2}, "contacts": {"a": {"$ref": 2, "id": "1"}}}"#,
            ),
            "`id` beside `$ref`: a reference to an object written earlier is `{\"$ref\": id}` alone",
        ),
        (
            error::<Order>(r#"{"customer": {"name": "Ada", "$id": 2}}"#),
            "a misplaced `$id`: it labels an object that a `ref` or `weak` field holds, or \
             the top-level message, as the object's first member",
        ),
        (
            error::<Batch>(r#"{"$id": 1}"#),
            "a misplaced `$id`: it labels an object that a `ref` or `weak` field holds, or \
             the top-level message, as the object's first member",
        ),
        (
            error::<Order>(r#"{"id": "1", "$ref": 1}"#),
            "a misplaced `$ref`: a reference to an object written earlier is `{\"$ref\": id}` \
             alone, in a `ref` or `weak` field",
        ),
        (
            error::<Order>(r#"{"customer": {"$id": -1}}"#),
            "invalid value: integer `-1`, expected u64",
        ),
        // In a oneof, as in a field.
        (
            error::<Review>(r#"{"remarks": [{"customer": {"$ref": 7}}]}"#),
            "`{\"$ref\": 7}` names a label that no object before it took",
        ),
        (
            error::<Review>(
                r#"{"batch": {"orders": [{"$id": 2}]}, "remarks": [{"line": {"$ref": 2}}]}"#,
            ),
            "`{\"$ref\": 2}` names an object of another type than the field's",
        ),
    ];
    for (error, expected) in cases {
        assert!(error.starts_with(expected), "{error}\nis not\n{expected}");
        // serde_json says where.
        assert!(error.contains(" at line 1 column "), "{error}");
    }
}

#[test]
fn each_call_has_its_own_labels_even_after_an_error() {
    let text = r#"{"customer": {"$id": 2, "name": "Ada"}, "contacts": {"a": {"$ref": 2}}}"#;
    error::<Order>(r#"{"customer": {"$id": 2}, "lines": [{"$ref": 2}]}"#);
    for _ in 0..2 {
        let read: Order = serde_json::from_str(text).expect("label 2 is free again");
        assert!(Arc::ptr_eq(
            read.customer.as_ref().unwrap(),
            &read.contacts["a"]
        ));
    }
    // Two top-level messages in one value have an id space each.
    let pair: Vec<Order> = serde_json::from_str(&format!("[{text}, {text}]")).expect("reads");
    assert!(!Arc::ptr_eq(
        pair[0].customer.as_ref().unwrap(),
        pair[1].customer.as_ref().unwrap()
    ));
    let written = serde_json::to_value(&pair).expect("serializes");
    assert_eq!(written[0], written[1]);
    assert_eq!(written[1]["customer"]["$id"], 2, "{written}");
}

#[test]
fn a_customer_without_references_is_plain_json() {
    let ada = Customer {
        id: 7,
        name: "Ada".to_owned(),
        ..Default::default()
    };
    assert_eq!(
        serde_json::to_value(&ada).unwrap(),
        json!({"id": "7", "name": "Ada"})
    );
    let error = error::<Customer>(r#"{"$id": 1}"#);
    assert!(
        error.starts_with("unknown field `$id` in message Customer"),
        "{error}"
    );
}
