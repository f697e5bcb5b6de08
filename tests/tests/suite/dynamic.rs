//! The runtime's dynamic messages against the generated code of
//! `schemas/`: over a pool of the schemas' exported descriptors, a
//! `DynamicMessage` reads what the generated types write, random values
//! from the round-trip strategies and every fixture, and writes back the
//! same bytes.

use std::fmt::Debug;
use std::sync::OnceLock;

use proptest::prelude::*;
use schemac_runtime::Message;
use schemac_runtime::reflect::{DescriptorPool, DynamicMessage};
use schemac_tests::fixtures;

use crate::roundtrip as strategies;

/// The pool of every schema of `schemas/` and the files they import.
fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let analysis = crate::analyze_schemas();
        let set = analysis.encode_descriptor_set(&analysis.roots, true);
        DescriptorPool::decode(&set).unwrap_or_else(|error| panic!("{error}"))
    })
}

/// `value`'s bytes, read as a dynamic message of type `name`, written back.
fn same_bytes<M: Message + Debug>(name: &str, value: &M) -> Result<(), TestCaseError> {
    let bytes = value.try_encode_to_vec().expect("encodes");
    let descriptor = pool().message(name).unwrap_or_else(|| panic!("no {name}"));
    let message = DynamicMessage::decode(descriptor, &bytes)
        .map_err(|error| TestCaseError::fail(format!("{name}: {error}\n{value:?}")))?;
    prop_assert_eq!(message.encode_to_vec(), bytes, "{}: {:?}", name, value);
    Ok(())
}

proptest! {
    #[test]
    fn orders(value in strategies::order()) { same_bytes("shop.Order", &value)?; }

    #[test]
    fn scalars(value in strategies::scalars()) { same_bytes("kitchen.Scalars", &value)?; }

    #[test]
    fn optional_scalars(value in strategies::optional_scalars()) {
        same_bytes("kitchen.OptionalScalars", &value)?;
    }

    #[test]
    fn lists(value in strategies::lists()) { same_bytes("kitchen.Lists", &value)?; }

    #[test]
    fn maps(value in strategies::maps()) { same_bytes("kitchen.Maps", &value)?; }

    #[test]
    fn interleaved(value in strategies::interleaved()) {
        same_bytes("kitchen.Interleaved", &value)?;
    }

    #[test]
    fn trees(value in strategies::tree()) { same_bytes("shapes.Tree", &value)?; }

    #[test]
    fn drawings(value in strategies::drawing()) { same_bytes("shapes.Drawing", &value)?; }

    #[test]
    fn keywords(value in strategies::keywords()) { same_bytes("shapes.Keywords", &value)?; }

    #[test]
    fn trips(value in strategies::trip()) { same_bytes("world.travel.Trip", &value)?; }
}

#[test]
fn every_fixture_reads_and_writes_back_alike() {
    let check = |result: Result<(), TestCaseError>| result.unwrap_or_else(|e| panic!("{e}"));
    for (_, value) in fixtures::orders() {
        check(same_bytes("shop.Order", &value));
    }
    for (_, value) in fixtures::scalars() {
        check(same_bytes("kitchen.Scalars", &value));
    }
    for (_, value) in fixtures::maps() {
        check(same_bytes("kitchen.Maps", &value));
    }
    for (_, value) in fixtures::trees() {
        check(same_bytes("shapes.Tree", &value));
    }
}
