//! Tests of the JSON mapping of scalars and values; generated messages are
//! tested in the tests crate.

use alloc::collections::BTreeMap;
use core::str::FromStr;

use proptest::prelude::*;
use rust_decimal::Decimal;
use serde_json::{Value as Json, json};

use super::{De, DeMap, JsonCodec, Ser};
use crate::__private::codec;
use crate::value::DynamicValue;
use crate::value::tests::value;

fn to_json<C: JsonCodec>(value: &C::Value) -> Json {
    serde_json::to_value(Ser::<C>(value)).unwrap()
}

fn from_json<C: JsonCodec>(json: Json) -> Result<C::Value, serde_json::Error> {
    serde_json::from_value::<De<C>>(json).map(|de| de.0)
}

#[test]
fn sixty_four_bit_integers_are_strings_and_exact() {
    assert_eq!(
        to_json::<codec::Int64>(&i64::MIN),
        json!("-9223372036854775808")
    );
    assert_eq!(
        to_json::<codec::Uint64>(&u64::MAX),
        json!("18446744073709551615")
    );
    assert_eq!(
        from_json::<codec::Uint64>(json!("18446744073709551615")).unwrap(),
        u64::MAX
    );
    // Numbers are read too.
    assert_eq!(from_json::<codec::Sint64>(json!(-5)).unwrap(), -5);
}

#[test]
fn thirty_two_bit_integers_are_numbers_checked_for_range() {
    assert_eq!(to_json::<codec::Int32>(&-7), json!(-7));
    assert_eq!(from_json::<codec::Uint32>(json!("42")).unwrap(), 42);
    assert_eq!(from_json::<codec::Int32>(json!(3.0)).unwrap(), 3);
    let error = from_json::<codec::Int32>(json!(2_147_483_648i64)).unwrap_err();
    assert!(error.to_string().contains("out of range"), "{error}");
    assert!(from_json::<codec::Uint32>(json!(-1)).is_err());
    assert!(from_json::<codec::Int32>(json!(1.5)).is_err());
}

#[test]
fn quoted_integers_may_have_an_exponent_or_a_point() {
    // The conformance suite's Int32FieldQuotedExponentialValue.
    assert_eq!(from_json::<codec::Int32>(json!("1e5")).unwrap(), 100_000);
    assert_eq!(from_json::<codec::Int64>(json!("-2.0E3")).unwrap(), -2_000);
    assert_eq!(from_json::<codec::Uint64>(json!("1.0")).unwrap(), 1);
    for text in ["1.5", "1e-1", "inf", "NaN", "1e10", "", " 1", "0x10"] {
        let error = from_json::<codec::Int32>(json!(text)).unwrap_err();
        let error = error.to_string();
        assert!(
            error.contains("not an integer") || error.contains("out of range"),
            "{text:?}: {error}"
        );
    }
    assert!(from_json::<codec::Uint32>(json!("-1e0")).is_err());
}

#[test]
fn floats_name_what_json_cannot_hold() {
    assert_eq!(to_json::<codec::Double>(&f64::NAN), json!("NaN"));
    assert_eq!(
        to_json::<codec::Float>(&f32::NEG_INFINITY),
        json!("-Infinity")
    );
    assert_eq!(to_json::<codec::Double>(&0.5), json!(0.5));
    assert!(from_json::<codec::Double>(json!("NaN")).unwrap().is_nan());
    assert_eq!(
        from_json::<codec::Float>(json!("Infinity")).unwrap(),
        f32::INFINITY
    );
    assert!(
        from_json::<codec::Float>(json!(1e300)).is_err(),
        "beyond f32"
    );
    assert!(from_json::<codec::Float>(json!(3.4028236e38)).is_err());
    // The shortest text of f32::MAX is slightly above it as an f64.
    let text = serde_json::to_string(&Ser::<codec::Float>(&f32::MAX)).unwrap();
    let back: De<codec::Float> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.0, f32::MAX, "{text}");
    // A value holds the f32 as written, not widened.
    assert_eq!(to_json::<codec::Float>(&0.1), json!(0.1));
    assert_eq!(
        serde_json::to_value(DynamicValue::F32(0.1)).unwrap(),
        json!({"$f32": 0.1})
    );
    assert_eq!(
        text,
        serde_json::to_string(&to_json::<codec::Float>(&f32::MAX)).unwrap()
    );
}

#[test]
fn bytes_are_base64_read_leniently() {
    assert_eq!(to_json::<codec::Bytes>(&vec![0xfb, 0xff]), json!("+/8="));
    for text in ["+/8=", "+/8", "-_8=", "-_8"] {
        assert_eq!(
            from_json::<codec::Bytes>(json!(text)).unwrap(),
            [0xfb, 0xff],
            "{text}"
        );
    }
    assert!(from_json::<codec::Bytes>(json!("not base64!")).is_err());
}

/// The conformance suite's `BytesFieldBase64Url`: the last symbol's bits
/// past the byte it ends are not zero, which Google's parsers accept.
#[test]
fn base64_bits_past_the_last_byte_are_ignored() {
    for text in ["-_", "+/", "-_==", "+/=="] {
        assert_eq!(
            from_json::<codec::Bytes>(json!(text)).unwrap(),
            [0xfb],
            "{text}"
        );
    }
    assert_eq!(from_json::<codec::Bytes>(json!("AQI")).unwrap(), [1, 2]);
    assert_eq!(from_json::<codec::Bytes>(json!("AQJ")).unwrap(), [1, 2]);
}

#[test]
fn decimals_are_strings_with_every_digit() {
    let value = Decimal::from_str("12.30").unwrap();
    assert_eq!(to_json::<codec::Decimal>(&value), json!("12.30"));
    let back = from_json::<codec::Decimal>(json!("12.30")).unwrap();
    assert_eq!((back.mantissa(), back.scale()), (1230, 2));
    assert!(
        from_json::<codec::Decimal>(json!("0.00000000000000000000000000001")).is_err(),
        "29 places"
    );
    assert!(from_json::<codec::Decimal>(json!("12.3x")).is_err());
    assert_eq!(
        from_json::<codec::Decimal>(json!(7)).unwrap(),
        Decimal::from(7)
    );
}

/// The refusals docs/json.md states for scalars: a bool is only `true` or
/// `false`, a decimal never a float, an integer never a fraction, a float
/// within its type's range.
#[test]
fn documented_refusals() {
    for json in [json!("true"), json!(1), json!(null)] {
        let read = from_json::<codec::Bool>(json.clone());
        // null is the default, as for every field.
        assert_eq!(read.is_ok(), json.is_null(), "{json}: {read:?}");
    }
    let error = from_json::<codec::Decimal>(json!(1.5)).unwrap_err();
    assert!(
        error.to_string().contains("expected a decimal as a string"),
        "{error}"
    );
    assert!(from_json::<codec::Decimal>(json!(1e3)).is_err());
    assert!(from_json::<codec::Sint64>(json!(0.5)).is_err());
    assert!(from_json::<codec::Uint64>(json!("-1")).is_err());
    assert!(from_json::<codec::Int64>(json!("9223372036854775808")).is_err());
    assert!(from_json::<codec::Float>(json!("1e39")).is_err());
    assert!(from_json::<codec::String>(json!(5)).is_err());
    assert!(from_json::<codec::Bytes>(json!([1, 2])).is_err());
    // A tagged value holds its tag alone, and the tag's type.
    assert!(from_json::<codec::Value>(json!({"$u32": -1})).is_err());
    assert!(from_json::<codec::Value>(json!({"$decimal": 1.5})).is_err());
    assert!(from_json::<codec::Value>(json!({"$bytes": "!"})).is_err());
}

/// The conformance suite's `MapFieldValueIsNull`: a map value that is
/// `null` is an error, as in Google's parsers, unless `null` is a value of
/// the type.
#[test]
fn a_null_map_value_is_an_error_unless_null_is_a_value() {
    fn read<V: JsonCodec>(json: Json) -> Result<BTreeMap<String, V::Value>, serde_json::Error> {
        serde_json::from_value::<DeMap<codec::String, V, _>>(json).map(|map| map.0)
    }
    assert!(read::<codec::Int32>(json!({"a": null})).is_err());
    assert!(read::<codec::String>(json!({"a": null})).is_err());
    assert_eq!(read::<codec::Int32>(json!({"a": 0})).unwrap()["a"], 0);
    assert_eq!(
        read::<codec::Value>(json!({"a": null})).unwrap()["a"],
        DynamicValue::Null
    );
}

/// A closed enum reads a name, or a number it names; a number it does not
/// name is refused, even when unknown fields are ignored, as Google's
/// Python protobuf refuses it. It writes whatever it holds, as an open
/// enum does.
#[test]
fn a_closed_enum_reads_only_the_numbers_it_names() {
    use crate::__private::closed::tests::Level;
    type Closed = codec::ClosedEnum<Level>;
    type Open = codec::Enum<Level>;
    assert_eq!(from_json::<Closed>(json!("TOP")).unwrap(), Level::Top);
    assert_eq!(from_json::<Closed>(json!(-1)).unwrap(), Level::Neg);
    let error = from_json::<Closed>(json!(9)).unwrap_err().to_string();
    assert!(error.contains("9 is not a value of enum Level"), "{error}");
    assert_eq!(from_json::<Open>(json!(9)).unwrap(), Level::Unrecognized(9));
    assert!(from_json::<Closed>(json!("NINE")).is_err());

    let list = |json: Json| {
        super::ignoring_unknown_fields(|| {
            serde_json::from_value::<Vec<super::Present<Closed>>>(json)
        })
        .map(|read| {
            read.into_iter()
                .map(|present| present.0)
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(
        list(json!(["TOP", "NINE"])).unwrap(),
        [Some(Level::Top), None]
    );
    assert!(list(json!(["TOP", 9])).is_err());

    assert_eq!(to_json::<Closed>(&Level::Unrecognized(9)), json!(9));
    assert_eq!(to_json::<Closed>(&Level::High), json!("HIGH"));
}

#[test]
fn null_reads_as_the_default() {
    assert_eq!(from_json::<codec::String>(Json::Null).unwrap(), "");
    assert_eq!(from_json::<codec::Int64>(Json::Null).unwrap(), 0);
}

#[test]
fn values_keep_their_type_in_json() {
    let value = DynamicValue::Map(BTreeMap::from([
        ("i32".to_owned(), DynamicValue::I32(1)),
        ("i64".to_owned(), DynamicValue::I64(1)),
        ("u32".to_owned(), DynamicValue::U32(1)),
        ("u64".to_owned(), DynamicValue::U64(u64::MAX)),
        ("f32".to_owned(), DynamicValue::F32(1.5)),
        ("f64".to_owned(), DynamicValue::F64(1.0)),
        ("nan".to_owned(), DynamicValue::F64(f64::NAN)),
        (
            "decimal".to_owned(),
            DynamicValue::Decimal(Decimal::from_str("-0.10").unwrap()),
        ),
        ("bytes".to_owned(), DynamicValue::Bytes(vec![1])),
        (
            "list".to_owned(),
            DynamicValue::List(vec![DynamicValue::Null, DynamicValue::Bool(true)]),
        ),
        ("text".to_owned(), DynamicValue::String("$i32".to_owned())),
    ]));
    let json = to_json::<codec::Value>(&value);
    assert_eq!(
        json,
        json!({
            "i32": {"$i32": 1}, "i64": 1, "u32": {"$u32": 1},
            "u64": {"$u64": "18446744073709551615"}, "f32": {"$f32": 1.5}, "f64": 1.0,
            "nan": {"$f64": "NaN"}, "decimal": {"$decimal": "-0.10"}, "bytes": {"$bytes": "AQ=="},
            "list": [null, true], "text": "$i32"
        })
    );
    let back = from_json::<codec::Value>(json).unwrap();
    let DynamicValue::Map(back) = back else {
        panic!("a map")
    };
    assert_eq!(back["i32"], DynamicValue::I32(1));
    assert_eq!(back["f64"], DynamicValue::F64(1.0));
    assert!(matches!(back["nan"], DynamicValue::F64(x) if x.is_nan()));
    assert!(matches!(&back["decimal"], DynamicValue::Decimal(d) if d.scale() == 2));
}

#[test]
fn plain_json_integers_stay_integers() {
    let read = from_json::<codec::Value>(
        json!({"age": 30, "height": 1.8, "big": 18446744073709551615u64}),
    );
    let DynamicValue::Map(read) = read.unwrap() else {
        panic!("a map")
    };
    assert_eq!(read["age"], DynamicValue::I64(30));
    assert_eq!(read["height"], DynamicValue::F64(1.8));
    assert_eq!(read["big"], DynamicValue::U64(u64::MAX));
}

#[test]
fn maps_with_dollar_keys_are_wrapped() {
    let value = DynamicValue::Map(BTreeMap::from([(
        "$i32".to_owned(),
        DynamicValue::Bool(true),
    )]));
    let json = to_json::<codec::Value>(&value);
    assert_eq!(json, json!({"$map": {"$i32": true}}));
    assert_eq!(from_json::<codec::Value>(json).unwrap(), value);
    assert!(from_json::<codec::Value>(json!({"$i32": 1, "x": 2})).is_err());
}

/// Equality as written, decimal scales and the sign of zero included
/// (`PartialEq` says 1.0 == 1.00 and -0.0 == 0.0; `Debug` does not).
fn same(a: &DynamicValue, b: &DynamicValue) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

proptest! {
    #[test]
    fn values_round_trip_through_json_text(value in value()) {
        let text = serde_json::to_string(&Ser::<codec::Value>(&value)).unwrap();
        let back = serde_json::from_str::<De<codec::Value>>(&text).unwrap().0;
        prop_assert!(same(&back, &value), "{:?} became {:?} via {}", value, back, text);
    }

    #[test]
    fn every_integer_round_trips(a: i32, b: i64, c: u32, d: u64) {
        prop_assert_eq!(from_json::<codec::Sint32>(to_json::<codec::Sint32>(&a)).unwrap(), a);
        prop_assert_eq!(from_json::<codec::Sfixed64>(to_json::<codec::Sfixed64>(&b)).unwrap(), b);
        prop_assert_eq!(from_json::<codec::Fixed32>(to_json::<codec::Fixed32>(&c)).unwrap(), c);
        prop_assert_eq!(from_json::<codec::Fixed64>(to_json::<codec::Fixed64>(&d)).unwrap(), d);
    }

    #[test]
    fn every_float_round_trips(a: f32, b: f64) {
        let a2 = from_json::<codec::Float>(to_json::<codec::Float>(&a)).unwrap();
        let b2 = from_json::<codec::Double>(to_json::<codec::Double>(&b)).unwrap();
        prop_assert!(a2.to_bits() == a.to_bits() || (a.is_nan() && a2.is_nan()));
        prop_assert!(b2.to_bits() == b.to_bits() || (b.is_nan() && b2.is_nan()));
    }

    /// Through text too, for every bit pattern: subnormals, extremes, -0.0.
    #[test]
    fn every_float_round_trips_through_text(a in any::<u32>().prop_map(f32::from_bits), b in any::<u64>().prop_map(f64::from_bits)) {
        let text = serde_json::to_string(&Ser::<codec::Float>(&a)).unwrap();
        let a2 = serde_json::from_str::<De<codec::Float>>(&text).unwrap().0;
        prop_assert!(a2.to_bits() == a.to_bits() || (a.is_nan() && a2.is_nan()), "{} via {}", a, text);
        let text = serde_json::to_string(&Ser::<codec::Double>(&b)).unwrap();
        let b2 = serde_json::from_str::<De<codec::Double>>(&text).unwrap().0;
        prop_assert!(b2.to_bits() == b.to_bits() || (b.is_nan() && b2.is_nan()), "{} via {}", b, text);
    }
}

/// `f32::MAX` is written as its exact value, which Google's Python
/// protobuf reads, rather than its shortest text, `3.4028235e38`, which it
/// refuses as above `f32::MAX`; both read back as `f32::MAX`.
#[test]
fn the_largest_f32_is_written_so_that_python_reads_it() {
    use crate::__private::codec::Float;
    use crate::json::Ser;
    for value in [f32::MAX, f32::MIN] {
        let text = serde_json::to_string(&Ser::<Float>(&value)).unwrap();
        let number: f64 = text.parse().unwrap();
        assert!(number.abs() <= f64::from(f32::MAX), "{text}");
        let back: crate::json::De<Float> = serde_json::from_str(&text).unwrap();
        assert_eq!(back.0.to_bits(), value.to_bits());
    }
    assert_eq!(serde_json::to_string(&Ser::<Float>(&0.1)).unwrap(), "0.1");
}
