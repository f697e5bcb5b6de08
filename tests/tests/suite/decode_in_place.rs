//! Decoding in place (`Message::decode_in_place`): each of a run of
//! random messages decoded into one value gives exactly what a fresh
//! `decode` of its bytes gives, whatever the message before it held:
//! lists that shrink and grow, strings that get shorter, fields that come
//! and go, oneofs that change member, maps, nested and recursive messages,
//! and unknown fields, here and in a nested message.

use std::fmt::Debug;

use proptest::collection::vec;
use proptest::prelude::*;
use schemac_generated::shop::{Customer, Order};
use schemac_runtime::Message;
use schemac_tests::repr;

use super::roundtrip::{
    drawing, interleaved, keywords, lists, maps, optional_scalars, order, scalars, tree, trip,
};

/// Unknown fields to append to an encoding: records of numbers the
/// schemas leave free, as varints and as length-delimited bytes.
fn unknown_records() -> impl Strategy<Value = Vec<u8>> {
    let record = prop_oneof![
        (1000u32..2000, any::<u64>()).prop_map(|(number, value)| {
            let mut record = varint(u64::from(number) << 3);
            record.extend(varint(value));
            record
        }),
        (1000u32..2000, vec(any::<u8>(), 0..12)).prop_map(|(number, bytes)| {
            let mut record = varint(u64::from(number) << 3 | 2);
            record.extend(varint(bytes.len() as u64));
            record.extend(bytes);
            record
        }),
    ];
    vec(record, 0..3).prop_map(|records| records.concat())
}

fn varint(mut value: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    while value >= 0x80 {
        bytes.push(value as u8 | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
    bytes
}

/// Decodes each of `inputs` in place into one value, comparing each with
/// a fresh decode, then an empty input, which leaves the default.
fn decodes_in_place_as_fresh<M>(inputs: &[Vec<u8>]) -> Result<(), TestCaseError>
where
    M: Message + PartialEq + Debug,
{
    let mut message = M::default();
    for bytes in inputs {
        let fresh = M::decode(bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        message
            .decode_in_place(bytes)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&message, &fresh);
        prop_assert_eq!(repr(&message), repr(&fresh));
    }
    message
        .decode_in_place(&[])
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&message, &M::default());
    Ok(())
}

/// [`decodes_in_place_as_fresh`] on the encodings of `values`, each
/// followed by unknown records.
fn check<M>(values: &[M], unknown: &[Vec<u8>]) -> Result<(), TestCaseError>
where
    M: Message + PartialEq + Debug,
{
    decodes_in_place_as_fresh::<M>(&encodings(values, unknown))
}

/// The encodings of `values`, each followed by unknown records.
fn encodings<M: Message>(values: &[M], unknown: &[Vec<u8>]) -> Vec<Vec<u8>> {
    values
        .iter()
        .zip(unknown.iter().cycle())
        .map(|(value, unknown)| {
            let mut bytes = value.try_encode_to_vec().expect("encodes");
            bytes.extend(unknown);
            bytes
        })
        .collect()
}

/// A run of `strategy`'s values, with unknown fields after some.
fn run<M: Debug>(
    strategy: impl Strategy<Value = M>,
) -> impl Strategy<Value = (Vec<M>, Vec<Vec<u8>>)> {
    (vec(strategy, 1..6), vec(unknown_records(), 1..4))
}

proptest! {
    #[test]
    fn orders((values, unknown) in run(order())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn orders_with_unknown_fields_in_a_nested_message(
        (values, unknown) in run(order()),
        nested in unknown_records(),
    ) {
        // The customer's bytes with unknown records after them.
        let values: Vec<Order> = values
            .into_iter()
            .map(|mut order| {
                if let Some(customer) = &order.customer {
                    let mut bytes = customer.encode_to_vec();
                    bytes.extend(&nested);
                    order.customer = Some(Customer::decode(&bytes).expect("decodes"));
                }
                order
            })
            .collect();
        check(&values, &unknown)?;
    }

    #[test]
    fn scalars_of_every_type((values, unknown) in run(scalars())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn optional_scalars_keep_presence((values, unknown) in run(optional_scalars())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn lists_of_every_type((values, unknown) in run(lists())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn maps_of_every_key_type((values, unknown) in run(maps())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn recursive_trees((values, unknown) in run(tree())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn drawings_whose_oneofs_change_member((values, unknown) in run(drawing())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn trips_across_packages((values, unknown) in run(trip())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn keyword_named_fields((values, unknown) in run(keywords())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn fields_between_oneof_members((values, unknown) in run(interleaved())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn a_failed_decode_leaves_nothing_for_the_next(
        (values, unknown) in run(order()),
        cut in any::<prop::sample::Index>(),
    ) {
        // Each encoding cut short first: a decode that fails midway, then
        // the whole encoding.
        let mut message = Order::default();
        for bytes in encodings(&values, &unknown) {
            let short = &bytes[..cut.index(bytes.len() + 1)];
            let _ = message.decode_in_place(short);
            let fresh = Order::decode(&bytes).expect("decodes");
            message.decode_in_place(&bytes).expect("decodes");
            prop_assert_eq!(&message, &fresh);
        }
    }
}

#[test]
fn a_decode_in_place_keeps_the_buffers_of_what_it_replaces() {
    let mut order = Order {
        description: "kept".repeat(10),
        order_lines: vec![Default::default(); 3],
        ..Order::default()
    };
    let lines = order.order_lines.as_ptr();
    let bytes = Order {
        id: 7,
        order_lines: vec![Default::default(); 2],
        ..Order::default()
    }
    .try_encode_to_vec()
    .expect("encodes");
    order.decode_in_place(&bytes).expect("decodes");
    assert_eq!(order.id, 7);
    assert_eq!(order.description, "");
    assert_eq!(order.order_lines.len(), 2);
    // The description's buffer and the list's stay for the next decode.
    assert!(order.description.capacity() >= 40);
    assert_eq!(order.order_lines.as_ptr(), lines);
}

#[test]
fn a_closed_enum_member_replaces_the_kept_member_or_leaves_the_oneof_unset() {
    use schemac_generated::school::{Level, ReportCard, report_card::Pick};
    let note = ReportCard {
        pick: Some(Pick::Note("kept from before".into())),
        ..ReportCard::default()
    }
    .encode_to_vec();
    // Field 5, `pick`'s closed-enum member: a number the enum names sets
    // the oneof; one it does not name goes to the unknown fields, and the
    // oneof is not set.
    for (bytes, pick) in [
        ([0x28, 0x01], Some(Pick::Level(Level::High))),
        ([0x28, 0x07], None),
    ] {
        let fresh = ReportCard::decode(&bytes).expect("decodes");
        assert_eq!(fresh.pick, pick);
        let mut card = ReportCard::decode(&note).expect("decodes");
        card.decode_in_place(&bytes).expect("decodes");
        assert_eq!(card, fresh);
    }
}
