//! Decoding in place (`Message::decode_in_place`): each of a run of
//! random messages decoded into one value gives exactly what a fresh
//! `decode` of its bytes gives, whatever the message before it held:
//! lists that shrink and grow, strings that get shorter, fields that come
//! and go, oneofs that change member, maps, nested and recursive messages,
//! and unknown fields, here and in a nested message.

use std::fmt::Debug;

use proptest::collection::{btree_map, vec};
use proptest::prelude::*;
use schemac_generated::kitchen::{Maps, Point};
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

/// Keys from a few, so that the maps of a run share keys: the same keys
/// again, fewer, more, others.
fn few_keys() -> impl Strategy<Value = String> {
    prop::sample::select(&["", "a", "b", "key c", "d", "the key e"][..]).prop_map(String::from)
}

/// Maps whose keys come from a few ([`few_keys`]; numbers from 0 to 5),
/// with values of every kind: strings, bytes, numbers and messages.
fn maps_of_few_keys() -> impl Strategy<Value = Maps> {
    let n = 0..7;
    (
        btree_map(0..6, ".{0,12}", n.clone()),
        btree_map(0i64..6, vec(any::<u8>(), 0..6), n.clone()),
        btree_map(few_keys(), any::<i32>(), n.clone()),
        btree_map(
            few_keys(),
            (any::<i32>(), any::<i32>()).prop_map(|(x, y)| Point {
                x,
                y,
                ..Point::default()
            }),
            n,
        ),
    )
        .prop_map(|(by_i32, by_i64, by_string, points)| Maps {
            by_i32,
            by_i64,
            by_string,
            points,
            ..Maps::default()
        })
}

/// An entry of `Maps.by_string` (field 12, `map<string, i32>`) whose
/// fields are `fields`.
fn by_string_entry(fields: &[&[u8]]) -> Vec<u8> {
    let fields = fields.concat();
    [&[0x62, fields.len() as u8][..], &fields].concat()
}

/// The bytes of `Maps.by_string`'s entries: those of a map, in key order
/// as encoders write them, with some among them that no encoder writes:
/// its key out of order or given again, its value first, its key twice, no
/// value, no key, an unknown field in it; and unknown fields between
/// them, which end a run of entries.
fn by_string_entries() -> impl Strategy<Value = Vec<u8>> {
    let key = || few_keys().prop_map(|key| [&[0x0a, key.len() as u8][..], key.as_bytes()].concat());
    let value =
        || any::<i32>().prop_map(|value| [vec![0x10], varint(value as i64 as u64)].concat());
    let odd = prop_oneof![
        (key(), value()).prop_map(|(key, value)| by_string_entry(&[&key, &value])),
        (key(), value()).prop_map(|(key, value)| by_string_entry(&[&value, &key])),
        (key(), value(), key()).prop_map(|(a, value, b)| by_string_entry(&[&a, &value, &b])),
        key().prop_map(|key| by_string_entry(&[&key])),
        value().prop_map(|value| by_string_entry(&[&value])),
        Just(by_string_entry(&[])),
        (key(), value()).prop_map(|(key, value)| by_string_entry(&[&key, &[0x18, 0x07], &value])),
        // Field 1000, a varint: no entry.
        Just(vec![0xc0, 0x3e, 0x01]),
    ];
    let map = btree_map(few_keys(), any::<i32>(), 0..7);
    (map, vec((any::<prop::sample::Index>(), odd), 0..3)).prop_map(|(map, odd)| {
        let mut entries: Vec<Vec<u8>> = (map.iter())
            .map(|(key, value)| {
                let key = [&[0x0a, key.len() as u8][..], key.as_bytes()].concat();
                by_string_entry(&[&key, &[0x10], &varint(*value as i64 as u64)])
            })
            .collect();
        for (at, odd) in odd {
            entries.insert(at.index(entries.len() + 1), odd);
        }
        entries.concat()
    })
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
    fn maps_whose_keys_come_again((values, unknown) in run(maps_of_few_keys())) {
        check(&values, &unknown)?;
    }

    #[test]
    fn maps_with_entries_no_encoder_writes(
        values in vec((maps_of_few_keys(), by_string_entries()), 1..6),
    ) {
        // `by_string`'s entries written by hand, after the other fields.
        let (values, entries): (Vec<Maps>, Vec<Vec<u8>>) = values
            .into_iter()
            .map(|(maps, entries)| (Maps { by_string: Default::default(), ..maps }, entries))
            .unzip();
        let inputs: Vec<Vec<u8>> = (encodings(&values, &[Vec::new()]).into_iter().zip(entries))
            .map(|(bytes, entries)| [bytes, entries].concat())
            .collect();
        decodes_in_place_as_fresh::<Maps>(&inputs)?;
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

/// `Maps.by_string` decoded in place of `{a: 1, b: 2}` from entries
/// written by hand, against a fresh decode: each case breaks the read in
/// place of the map's entries in its own way.
#[test]
fn map_entries_that_end_the_read_in_place() {
    let key = |key: &str| [&[0x0a, key.len() as u8][..], key.as_bytes()].concat();
    let value = |value: u8| vec![0x10, value];
    let unknown = vec![0xc0, 0x3e, 0x01];
    let cases: [(&str, Vec<u8>); 4] = [
        (
            "the key given twice",
            by_string_entry(&[&key("a"), &value(5), &key("b")]),
        ),
        (
            "a key again after a run ends",
            [
                by_string_entry(&[&key("a"), &value(3)]),
                unknown.clone(),
                by_string_entry(&[&key("a"), &value(4)]),
            ]
            .concat(),
        ),
        (
            "the next key after a run ends",
            [
                by_string_entry(&[&key("a"), &value(3)]),
                unknown.clone(),
                by_string_entry(&[&key("b"), &value(4)]),
            ]
            .concat(),
        ),
        (
            "a key the map lacks between its keys",
            [
                by_string_entry(&[&key("a"), &value(3)]),
                by_string_entry(&[&key("ab"), &value(4)]),
                by_string_entry(&[&key("b")]),
            ]
            .concat(),
        ),
    ];
    let warm = Maps {
        by_string: [("a".into(), 1), ("b".into(), 2)].into(),
        ..Maps::default()
    }
    .encode_to_vec();
    for (case, bytes) in cases {
        let mut maps = Maps::decode(&warm).expect("decodes");
        maps.decode_in_place(&bytes).expect("decodes");
        assert_eq!(maps, Maps::decode(&bytes).expect("decodes"), "{case}");
    }
}
