//! The built-in types `decimal` and `value` through encode and decode, in
//! every cardinality of `schemas/money.schema`.
//!
//! `Decimal`'s `==` is numeric (0.00 == 0), so values are also compared by
//! their `Debug` text, which shows every digit of the scale.

use std::collections::BTreeMap;
use std::fmt::Debug;

use schemac_generated::money::{Amounts, Entry, Values, entry};
use schemac_runtime::{Decimal, DynamicValue, Message};

/// Encodes `value`, checks the length against `encoded_len`, decodes it
/// back and checks that nothing changed, scales included; returns the bytes.
fn round_trip<M: Message + PartialEq + Debug>(value: &M) -> Vec<u8> {
    let bytes = value.try_encode_to_vec().expect("encodes");
    assert_eq!(bytes.len(), value.encoded_len(), "{value:?}");
    let back = M::decode(&bytes).unwrap_or_else(|error| panic!("{value:?}: {error}"));
    assert_eq!(&back, value);
    assert_eq!(format!("{back:?}"), format!("{value:?}"));
    bytes
}

fn decimal(text: &str) -> Decimal {
    text.parse()
        .unwrap_or_else(|error| panic!("{text}: {error}"))
}

fn one_total(total: Decimal) -> Amounts {
    Amounts {
        total,
        ..Amounts::default()
    }
}

#[test]
fn zero_with_scale_zero_is_left_out() {
    assert_eq!(round_trip(&one_total(Decimal::ZERO)), [0u8; 0]);
    assert_eq!(round_trip(&Amounts::default()), [0u8; 0]);
}

#[test]
fn zero_with_a_scale_is_written_and_keeps_it() {
    let bytes = round_trip(&one_total(decimal("0.00")));
    // 1: { 1: [00], 2: 2 }
    assert_eq!(bytes, [0x0a, 0x05, 0x0a, 0x01, 0x00, 0x10, 0x02]);
    let back = Amounts::decode(&bytes).unwrap();
    assert_eq!(back.total.scale(), 2);
}

#[test]
fn twelve_point_three_four_has_the_documented_bytes() {
    let bytes = round_trip(&one_total(decimal("12.34")));
    // 1: { 1: 04 d2 (1234), 2: 2 }
    assert_eq!(bytes, [0x0a, 0x06, 0x0a, 0x02, 0x04, 0xd2, 0x10, 0x02]);
    let negative = round_trip(&one_total(decimal("-12.34")));
    // -1234 is fb 2e in two's complement.
    assert_eq!(negative, [0x0a, 0x06, 0x0a, 0x02, 0xfb, 0x2e, 0x10, 0x02]);
}

#[test]
fn decimals_in_every_cardinality_round_trip() {
    let extremes = [
        Decimal::MAX,
        Decimal::MIN,
        decimal("-0.0000000000000000000000000001"),
        decimal("79228162514264337593543950335"),
        decimal("1.000"),
        decimal("-7"),
    ];
    for value in extremes {
        round_trip(&one_total(value));
    }
    round_trip(&Amounts {
        total: decimal("-12.34"),
        discount: Some(Decimal::ZERO),
        line_totals: extremes.to_vec(),
        prices: BTreeMap::from([
            (String::new(), Decimal::ZERO),
            ("max".to_owned(), Decimal::MAX),
            ("cents".to_owned(), decimal("0.01")),
        ]),
        by_day: BTreeMap::from([(0, decimal("0.00")), (u32::MAX, Decimal::MIN)]),
        ..Default::default()
    });
}

#[test]
fn an_optional_zero_is_written() {
    let amounts = Amounts {
        discount: Some(Decimal::ZERO),
        ..Amounts::default()
    };
    assert_eq!(round_trip(&amounts), [0x12, 0x03, 0x0a, 0x01, 0x00]);
}

/// Every kind of value, lists and maps nested in each other included.
fn every_kind() -> Vec<DynamicValue> {
    let nested_map = BTreeMap::from([
        ("null".to_owned(), DynamicValue::Null),
        (
            "list".to_owned(),
            DynamicValue::List(vec![DynamicValue::Bool(true)]),
        ),
        ("empty".to_owned(), DynamicValue::Map(BTreeMap::new())),
    ]);
    vec![
        DynamicValue::Null,
        DynamicValue::Bool(false),
        DynamicValue::Bool(true),
        DynamicValue::I32(i32::MIN),
        DynamicValue::I64(i64::MAX),
        DynamicValue::U32(u32::MAX),
        DynamicValue::U64(0),
        DynamicValue::F32(-0.0),
        DynamicValue::F64(f64::NEG_INFINITY),
        DynamicValue::String("π".to_owned()),
        DynamicValue::Bytes(vec![0, 255]),
        DynamicValue::Decimal(decimal("0.00")),
        DynamicValue::Decimal(Decimal::MIN),
        DynamicValue::List(Vec::new()),
        DynamicValue::List(vec![
            DynamicValue::Null,
            DynamicValue::I32(1),
            DynamicValue::List(vec![DynamicValue::String("deep".to_owned())]),
            DynamicValue::Map(nested_map.clone()),
        ]),
        DynamicValue::Map(nested_map),
    ]
}

#[test]
fn every_kind_of_value_round_trips_in_every_cardinality() {
    for value in every_kind() {
        round_trip(&Values {
            payload: value.clone(),
            ..Values::default()
        });
        round_trip(&Values {
            previous: Some(value),
            ..Values::default()
        });
    }
    let attributes = every_kind()
        .into_iter()
        .enumerate()
        .map(|(index, value)| (format!("k{index}"), value))
        .collect();
    let by_id = every_kind()
        .into_iter()
        .zip(-3..)
        .map(|(value, id)| (id, value))
        .collect();
    round_trip(&Values {
        payload: DynamicValue::I64(-1),
        previous: Some(DynamicValue::Null),
        history: every_kind(),
        attributes,
        by_id,
        ..Default::default()
    });
}

#[test]
fn a_null_value_is_left_out_unless_optional() {
    assert_eq!(round_trip(&Values::default()), [0u8; 0]);
    let previous = Values {
        previous: Some(DynamicValue::Null),
        ..Values::default()
    };
    // 2: { 1: 0 }, the null member set.
    assert_eq!(round_trip(&previous), [0x12, 0x02, 0x08, 0x00]);
    let payload = Values {
        payload: DynamicValue::I32(5),
        ..Values::default()
    };
    // 1: { 3: zigzag 5 }
    assert_eq!(round_trip(&payload), [0x0a, 0x02, 0x18, 0x0a]);
}

#[test]
fn a_list_keeps_its_nulls() {
    let values = Values {
        history: vec![DynamicValue::Null, DynamicValue::Null],
        ..Values::default()
    };
    let back = Values::decode(&round_trip(&values)).unwrap();
    assert_eq!(back.history.len(), 2);
}

#[test]
fn oneof_members_at_their_defaults_are_written() {
    let exact = Entry {
        amount: Some(entry::Amount::Exact(Decimal::ZERO)),
        ..Entry::default()
    };
    assert_eq!(round_trip(&exact), [0x12, 0x03, 0x0a, 0x01, 0x00]);
    let null = Entry {
        amount: Some(entry::Amount::Other(DynamicValue::Null)),
        ..Entry::default()
    };
    assert_eq!(round_trip(&null), [0x1a, 0x02, 0x08, 0x00]);
    round_trip(&Entry {
        memo: "rent".to_owned(),
        amount: Some(entry::Amount::Exact(decimal("-950.50"))),
        amounts: Some(one_total(decimal("0.10"))),
        values: vec![
            Values::default(),
            Values {
                payload: DynamicValue::String("x".to_owned()),
                ..Values::default()
            },
        ],
        ..Default::default()
    });
}

#[test]
fn a_decimal_that_does_not_fit_is_an_error_in_its_field() {
    // 1: { 1: 2^96 (13 bytes) }
    let mut bytes = vec![0x0a, 0x0f, 0x0a, 0x0d, 0x01];
    bytes.extend([0; 12]);
    let error = Amounts::decode(&bytes).unwrap_err();
    assert!(error.to_string().contains("Amounts.total"), "{error}");
}
