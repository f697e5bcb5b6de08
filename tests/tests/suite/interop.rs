//! Interop with an independent protobuf implementation, in plain
//! `cargo test`: the exported `.proto` is compiled by protox, and
//! prost-reflect decodes schemac's bytes and encodes bytes for schemac.

use std::fmt::Debug;

use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage};
use schemac_runtime::Message;
use schemac_tests::fixtures;

use crate::reflect::{ToDynamic, descriptor, pool};

/// Both directions for every fixture: prost-reflect reads schemac's bytes
/// as the same values, and schemac reads prost-reflect's bytes as the same
/// values. With `same_bytes`, the two encodings must also be identical
/// (not so for maps, whose order prost-reflect does not fix).
fn both_ways<M>(pool: &DescriptorPool, fixtures: Vec<(&str, M)>, same_bytes: bool)
where
    M: Message + ToDynamic + PartialEq + Debug,
{
    for (name, value) in fixtures {
        let expected = value.to_dynamic(pool);
        let ours = value.encode_to_vec().unwrap();
        let theirs_read = DynamicMessage::decode(descriptor(pool, M::FULL_NAME), ours.as_slice())
            .unwrap_or_else(|error| {
                panic!(
                    "{} {name}: prost-reflect rejects schemac's bytes: {error}",
                    M::FULL_NAME
                )
            });
        // Text format keeps a failure readable; Debug would print descriptors.
        assert!(
            theirs_read == expected,
            "{} {name}: prost-reflect reads other values\nread:     {}\nexpected: {}",
            M::FULL_NAME,
            theirs_read.to_text_format(),
            expected.to_text_format()
        );

        let theirs = expected.encode_to_vec();
        let ours_read = M::decode(&theirs).unwrap_or_else(|error| {
            panic!(
                "{} {name}: schemac rejects prost-reflect's bytes: {error}",
                M::FULL_NAME
            )
        });
        assert_eq!(
            ours_read,
            value,
            "{} {name}: schemac reads other values",
            M::FULL_NAME
        );
        if same_bytes {
            assert_eq!(ours, theirs, "{} {name}: encodings differ", M::FULL_NAME);
        }
    }
}

#[test]
fn order_schema_both_ways() {
    let pool = pool();
    both_ways(&pool, fixtures::customers(), true);
    both_ways(&pool, fixtures::order_lines(), true);
    let hundred_lines = ("hundred_lines", fixtures::typical_order(100));
    let orders: Vec<_> = fixtures::orders()
        .into_iter()
        .chain([hundred_lines])
        .collect();
    both_ways(&pool, orders.clone(), false);
    // Without the attributes map, whose order prost-reflect does not keep,
    // the two encodings are identical byte for byte.
    let without_attributes = orders
        .into_iter()
        .map(|(name, mut order)| {
            order.attributes.clear();
            (name, order)
        })
        .collect();
    both_ways(&pool, without_attributes, true);
}

#[test]
fn every_scalar_and_cardinality_both_ways() {
    let pool = pool();
    both_ways(&pool, fixtures::scalars(), true);
    both_ways(&pool, fixtures::optional_scalars(), true);
    both_ways(&pool, fixtures::lists(), true);
    both_ways(&pool, fixtures::maps(), false);
}

#[test]
fn oneofs_recursion_and_imports_both_ways() {
    let pool = pool();
    both_ways(&pool, fixtures::drawings(), true);
    both_ways(&pool, fixtures::trees(), false);
    both_ways(&pool, fixtures::trips(), false);
}

/// Unpacked repeated numbers, as proto2 writers and some proto3 writers
/// produce, read the same as packed ones.
#[test]
fn unpacked_lists_from_another_writer_are_accepted() {
    let mut list = Vec::new();
    for value in [1u8, 2, 3] {
        list.extend_from_slice(&[0x08, value]); // field 1 (i32s), varint
    }
    let lists = schemac_generated::kitchen::Lists::decode(&list).unwrap();
    assert_eq!(lists.i32s, [1, 2, 3]);
}
