//! Interop with an independent protobuf implementation, in plain
//! `cargo test`: the exported `.proto` is compiled by protox, and
//! prost-reflect decodes schemac's bytes and encodes bytes for schemac,
//! for every fixture and, under proptest, for random values of every type.

use std::fmt::Debug;

use proptest::prelude::*;
use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage};
use schemac_generated::kitchen::{Lists, Maps, OptionalScalars, Scalars};
use schemac_generated::shapes::{Drawing, Tree};
use schemac_generated::shop::Order;
use schemac_generated::world::travel::Trip;
use schemac_runtime::Message;
use schemac_tests::{fixtures, repr};

use crate::reflect::{ToDynamic, descriptor, pool, same_message};
use crate::roundtrip;

/// Both directions for one value: prost-reflect reads schemac's bytes as
/// the value, bit for bit ([`same_message`]), and schemac reads
/// prost-reflect's bytes as the value, in the same representation. With
/// `same_bytes`, the two encodings must also be identical (not so for
/// maps, whose order prost-reflect does not fix).
///
/// prost-reflect leaves out a float field without presence that is -0.0,
/// since it compares floats with `==`; where its bytes so lose something,
/// schemac must read them as prost-reflect does, and they cannot equal
/// schemac's, which keep the -0.0.
fn agree<M>(pool: &DescriptorPool, value: &M, same_bytes: bool) -> Result<(), String>
where
    M: Message + ToDynamic + Debug,
{
    let descriptor = descriptor(pool, M::FULL_NAME);
    let expected = value.to_dynamic(pool);
    let ours = value
        .try_encode_to_vec()
        .map_err(|error| error.to_string())?;
    let theirs_read = DynamicMessage::decode(descriptor.clone(), ours.as_slice())
        .map_err(|error| format!("prost-reflect rejects schemac's bytes: {error}"))?;
    // Text format keeps a failure readable; Debug would print descriptors.
    if !same_message(&theirs_read, &expected) {
        return Err(format!(
            "prost-reflect reads other values\nread:     {}\nexpected: {}",
            theirs_read.to_text_format(),
            expected.to_text_format()
        ));
    }

    let theirs = expected.encode_to_vec();
    let ours_read = M::decode(&theirs)
        .map_err(|error| format!("schemac rejects prost-reflect's bytes: {error}"))?;
    let meant = DynamicMessage::decode(descriptor, theirs.as_slice())
        .map_err(|error| format!("prost-reflect rejects its own bytes: {error}"))?;
    let faithful = same_message(&meant, &expected);
    if faithful {
        if repr(&ours_read) != repr(value) {
            return Err(format!(
                "schemac reads other values\nread:     {ours_read:?}\nexpected: {value:?}"
            ));
        }
    } else if !same_message(&ours_read.to_dynamic(pool), &meant) {
        return Err(format!(
            "schemac reads prost-reflect's bytes otherwise than prost-reflect\n\
             read:  {ours_read:?}\nmeant: {}",
            meant.to_text_format()
        ));
    }
    if same_bytes && faithful && ours != theirs {
        return Err(format!(
            "encodings differ\nschemac:       {ours:02x?}\nprost-reflect: {theirs:02x?}"
        ));
    }
    Ok(())
}

/// [`agree`] for every fixture.
fn both_ways<M>(pool: &DescriptorPool, fixtures: Vec<(&str, M)>, same_bytes: bool)
where
    M: Message + ToDynamic + Debug,
{
    for (name, value) in fixtures {
        agree(pool, &value, same_bytes)
            .unwrap_or_else(|error| panic!("{} {name}: {error}", M::FULL_NAME));
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

/// [`agree`] as a proptest check.
fn agrees<M>(value: &M, same_bytes: bool) -> Result<(), TestCaseError>
where
    M: Message + ToDynamic + Debug,
{
    agree(&pool(), value, same_bytes).map_err(TestCaseError::fail)
}

proptest! {
    // Enough to find what the fixtures miss, few enough to keep the suite
    // fast: every case goes through both implementations twice.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_orders_both_ways(value in roundtrip::order()) {
        agrees(&value, false)?;
        let mut without_attributes = value;
        without_attributes.attributes.clear();
        agrees::<Order>(&without_attributes, true)?;
    }

    #[test]
    fn random_scalars_both_ways(value in roundtrip::scalars()) {
        agrees::<Scalars>(&value, true)?;
    }

    #[test]
    fn random_optional_scalars_both_ways(value in roundtrip::optional_scalars()) {
        agrees::<OptionalScalars>(&value, true)?;
    }

    #[test]
    fn random_lists_both_ways(value in roundtrip::lists()) {
        agrees::<Lists>(&value, true)?;
    }

    #[test]
    fn random_maps_both_ways(value in roundtrip::maps()) {
        agrees::<Maps>(&value, false)?;
    }

    #[test]
    fn random_trees_both_ways(value in roundtrip::tree()) {
        agrees::<Tree>(&value, false)?;
    }

    #[test]
    fn random_drawings_both_ways(value in roundtrip::drawing()) {
        agrees::<Drawing>(&value, true)?;
    }

    #[test]
    fn random_trips_both_ways(value in roundtrip::trip()) {
        agrees::<Trip>(&value, false)?;
    }
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
