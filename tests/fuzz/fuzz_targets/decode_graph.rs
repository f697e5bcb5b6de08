//! Decodes the input as the graph messages of `tests/graph` (docs/graph.md):
//! `Batch` (a plain message holding shared orders), `Order` with
//! `decode_arc` (its lines point back at it), `Review` (remarks whose
//! oneof points at the objects of a batch), `Post` with `decode_arc`
//! (replies whose oneof points back at the post holding them), `Node` (a
//! chain of strong references) and `ThreeTexts` (one object held by
//! several fields).
//!
//! The bytes say which objects are shared, by their ids, so the oracle is
//! the encoding: a decoded graph must encode, its encoding must decode to
//! a graph that encodes to the same bytes (the same objects, the same
//! sharing, the same cycles), `encoded_len` must be that length, and every
//! way of encoding must write those bytes (`encodes_every_way`). A
//! smaller recursion limit may only refuse more; an error names the
//! message it started from and an offset within the input.
//!
//! The same schema generated with `Rc` pointers decodes every input as
//! the `Arc` code does: the same error, or what encodes to the same bytes.
//!
//! Dynamic messages over the schema's exported descriptors, the codec of
//! `schemac decode` and `schemac encode`, accept exactly what the
//! generated code accepts and encode it to the same bytes, and their JSON
//! (`$id`, `$ref`) is a fixed point. The generated serde impls write
//! `schemac decode`'s JSON of what decodes, and read it back.

#![no_main]

use std::ops::Deref;

use libfuzzer_sys::fuzz_target;
use schemac_graph::oracle::{
    dynamic_messages_decode_as_generated_code, serde_agrees_with_schemac_decode,
};
use schemac_graph::shop::{Batch, Node, Order, Post, Review, ThreeTexts};
use schemac_runtime::graph::{decode_arc, decode_arc_with, decode_rc};
use schemac_runtime::{DecodeError, DecodeOptions, Message};

fuzz_target!(|data: &[u8]| {
    check(data, |data, options| {
        Batch::decode_with(data, options).map(Box::new)
    });
    check(data, decode_arc_with::<Order>);
    check(data, |data, options| {
        Review::decode_with(data, options).map(Box::new)
    });
    check(data, decode_arc_with::<Post>);
    check(data, |data, options| {
        Node::decode_with(data, options).map(Box::new)
    });
    check(data, |data, options| {
        ThreeTexts::decode_with(data, options).map(Box::new)
    });

    let generated = [
        ("shop.Batch", Batch::decode(data).ok().map(|m| encode(&m))),
        ("shop.Order", decode_arc::<Order>(data).ok().map(|m| encode(&*m))),
        ("shop.Review", Review::decode(data).ok().map(|m| encode(&m))),
        ("shop.Post", decode_arc::<Post>(data).ok().map(|m| encode(&*m))),
        ("shop.Node", Node::decode(data).ok().map(|m| encode(&m))),
        ("shop.ThreeTexts", ThreeTexts::decode(data).ok().map(|m| encode(&m))),
    ];
    for (message, encoded) in generated {
        dynamic_messages_decode_as_generated_code(message, data, encoded.as_deref());
    }

    let rc_order = decode_rc::<schemac_graph::rc::shop::Order>(data);
    assert_eq!(
        outcome(rc_order.as_deref()),
        outcome(decode_arc::<Order>(data).as_deref())
    );
    let rc_batch = schemac_graph::rc::shop::Batch::decode(data);
    assert_eq!(outcome(rc_batch.as_ref()), outcome(Batch::decode(data).as_ref()));
    let rc_review = schemac_graph::rc::shop::Review::decode(data);
    assert_eq!(outcome(rc_review.as_ref()), outcome(Review::decode(data).as_ref()));

    if let Ok(batch) = Batch::decode(data) {
        serde_agrees_with_schemac_decode("shop.Batch", &batch);
    }
    if let Ok(order) = decode_arc::<Order>(data) {
        serde_agrees_with_schemac_decode("shop.Order", &*order);
    }
    if let Ok(review) = Review::decode(data) {
        serde_agrees_with_schemac_decode("shop.Review", &review);
    }

    // Decoded by value, an order refuses a back reference to itself, and
    // otherwise reads what `decode_arc` reads.
    if let Ok(order) = Order::decode(data) {
        let shared = decode_arc_with::<Order>(data, &DecodeOptions::new())
            .expect("what decode reads, decode_arc reads");
        assert_eq!(encode(&order), encode(&*shared));
    }
});

/// Checks the message `decode` reads from `data`, boxed or in an `Arc`.
fn check<M: Message, D: Deref<Target = M>>(
    data: &[u8],
    decode: fn(&[u8], &DecodeOptions) -> Result<D, DecodeError>,
) {
    let decoded = decode(data, &DecodeOptions::new());
    for limit in [0, 1, 2] {
        let shallow = decode(data, &DecodeOptions::new().recursion_limit(limit));
        match (&decoded, shallow) {
            (_, Ok(value)) => assert_eq!(
                decoded.as_ref().map(|value| encode(&**value)).ok(),
                Some(encode(&*value)),
                "limit {limit}"
            ),
            (Ok(_), Err(error)) => assert!(error.is_recursion_limit(), "limit {limit}: {error}"),
            (Err(_), Err(error)) => check_error::<M>(&error, data),
        }
    }
    let value = match decoded {
        Ok(value) => value,
        Err(error) => {
            check_error::<M>(&error, data);
            return;
        }
    };
    let bytes = encode(&*value);
    schemac_tests::encodes_every_way(&*value, &bytes);
    let again = decode(&bytes, &DecodeOptions::new()).expect("an encoded graph decodes");
    assert_eq!(
        encode(&*again),
        bytes,
        "the sharing changed in a round trip"
    );
}

/// What a decode gave: its error as text, or the encoding of what it read.
fn outcome<M: Message>(decoded: Result<&M, &DecodeError>) -> Result<Vec<u8>, String> {
    decoded.map(encode).map_err(DecodeError::to_string)
}

fn encode<M: Message>(value: &M) -> Vec<u8> {
    value.try_encode_to_vec().expect("a decoded graph encodes")
}

/// An error names the message it started from and an offset in the input.
fn check_error<M: Message>(error: &DecodeError, data: &[u8]) {
    assert!(error.path().starts_with(M::NAME), "{error}");
    assert!(error.offset() <= data.len(), "{error}");
    assert!(!error.to_string().is_empty());
}
