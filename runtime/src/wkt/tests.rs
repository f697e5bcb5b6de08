//! Tests of ProtoJSON for the well-known types. The expected JSON came from
//! python3-protobuf 3.21: `json_format.MessageToJson(m, indent=None)`.

use alloc::collections::BTreeMap;

use proptest::prelude::*;
use serde_json::Value as Json;

use super::codecs::*;
use super::{Any, Duration, Empty, FieldMask, ListValue, NullValue, Struct, Timestamp, Value};
use crate::__private::codec::{self, Codec};
use crate::json::{JsonCodec, Ser};
use crate::wkt::test_helpers::unhex;

/// The JSON text of `value`, or the serializer's error.
fn to_json<C: JsonCodec>(value: &C::Value) -> Result<String, String> {
    serde_json::to_string(&Ser::<C>(value)).map_err(|error| error.to_string())
}

/// The value of codec `C` that `text` holds, `null` included.
fn from_json<C: JsonCodec>(text: &str) -> Result<C::Value, String> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = C::deserialize(&mut deserializer).map_err(|error| error.to_string())?;
    deserializer.end().map_err(|error| error.to_string())?;
    Ok(value)
}

/// Asserts that `value` is written as `expected` and reads back from it.
fn both_ways<C: JsonCodec>(value: C::Value, expected: &str)
where
    C::Value: PartialEq + core::fmt::Debug,
{
    let written = to_json::<C>(&value).unwrap();
    let parsed = |text: &str| serde_json::from_str::<Json>(text).unwrap();
    assert_eq!(parsed(&written), parsed(expected), "{value:?}");
    assert_eq!(from_json::<C>(expected), Ok(value));
}

fn ts(seconds: i64, nanos: i32) -> Timestamp {
    Timestamp { seconds, nanos }
}

fn dur(seconds: i64, nanos: i32) -> Duration {
    Duration { seconds, nanos }
}

#[test]
fn timestamps_are_rfc_3339_strings() {
    for (value, expected) in [
        (ts(0, 0), r#""1970-01-01T00:00:00Z""#),
        (ts(0, 10_000_000), r#""1970-01-01T00:00:00.010Z""#),
        (ts(0, 10_000), r#""1970-01-01T00:00:00.000010Z""#),
        (ts(0, 10), r#""1970-01-01T00:00:00.000000010Z""#),
        (Timestamp::MIN, r#""0001-01-01T00:00:00Z""#),
        (Timestamp::MAX, r#""9999-12-31T23:59:59.999999999Z""#),
        (ts(1, 500_000_000), r#""1970-01-01T00:00:01.500Z""#),
    ] {
        both_ways::<TimestampCodec>(value, expected);
    }
    // Offsets are read, and written back in UTC.
    let read = from_json::<TimestampCodec>(r#""1969-12-31T16:00:00-08:00""#).unwrap();
    assert_eq!(
        to_json::<TimestampCodec>(&read).unwrap(),
        r#""1970-01-01T00:00:00Z""#
    );
}

#[test]
fn timestamps_without_a_json_form_are_errors() {
    for (value, reason) in [
        (ts(Timestamp::MAX.seconds + 1, 0), "outside 0001-01-01"),
        (
            ts(Timestamp::MIN.seconds - 1, 999_999_999),
            "outside 0001-01-01",
        ),
        (ts(0, -1), "nanos must be 0 to 999,999,999"),
        (ts(0, 1_000_000_000), "nanos must be 0 to 999,999,999"),
    ] {
        let error = to_json::<TimestampCodec>(&value).unwrap_err();
        assert!(error.contains(reason), "{value:?}: {error}");
    }
    for (text, reason) in [
        (r#""0001-01-01t00:00:00Z""#, "`T` must be uppercase"),
        (r#""10000-01-01T00:00:00Z""#, "expected the form"),
        (r#"0"#, "expected an RFC 3339 timestamp string"),
        (r#"null"#, "expected an RFC 3339 timestamp string"),
    ] {
        let error = from_json::<TimestampCodec>(text).unwrap_err();
        assert!(error.contains(reason), "{text}: {error}");
    }
}

#[test]
fn durations_are_seconds_strings() {
    for (value, expected) in [
        (dur(1, 340_012), r#""1.000340012s""#),
        (dur(0, -500_000_000), r#""-0.500s""#),
        (dur(-3, -100_000_000), r#""-3.100s""#),
        (Duration::MAX, r#""315576000000.999999999s""#),
        (Duration::MIN, r#""-315576000000.999999999s""#),
        (dur(1, 0), r#""1s""#),
    ] {
        both_ways::<DurationCodec>(value, expected);
    }
    assert_eq!(
        from_json::<DurationCodec>(r#""1.000000000s""#),
        Ok(dur(1, 0))
    );
    for (value, reason) in [
        (dur(Duration::MAX_SECONDS + 1, 0), "outside ±315576000000s"),
        (dur(1, -1), "different signs"),
        (dur(0, 1_000_000_000), "within ±999,999,999"),
    ] {
        let error = to_json::<DurationCodec>(&value).unwrap_err();
        assert!(error.contains(reason), "{value:?}: {error}");
    }
    for text in [r#""1""#, r#""1.0000000001s""#, r#""-315576000001s""#, "1.5"] {
        assert!(from_json::<DurationCodec>(text).is_err(), "{text}");
    }
}

#[test]
fn field_masks_are_camel_case_paths_joined_by_commas() {
    let mask = |paths: &[&str]| FieldMask {
        paths: paths.iter().map(|path| (*path).to_owned()).collect(),
    };
    both_ways::<FieldMaskCodec>(mask(&["foo.bar_baz", "qux"]), r#""foo.barBaz,qux""#);
    both_ways::<FieldMaskCodec>(mask(&[]), r#""""#);
    assert_eq!(
        from_json::<FieldMaskCodec>(r#""foo,,bar""#),
        Ok(mask(&["foo", "", "bar"]))
    );
    // What does not read back as itself has no JSON form.
    for path in ["fooBar", "foo_3_bar", "foo__bar", "foo_", "a,b"] {
        let error = to_json::<FieldMaskCodec>(&mask(&[path])).unwrap_err();
        assert!(
            error.contains(&format!("`{path}` has no JSON form")),
            "{error}"
        );
    }
    let error = from_json::<FieldMaskCodec>(r#""foo,bar_bar""#).unwrap_err();
    assert!(
        error.contains("invalid FieldMask: a FieldMask path in JSON"),
        "{error}"
    );
}

/// The `Struct` of the binary tests, and the JSON Python writes for it.
fn sample() -> (Struct, &'static str) {
    let bytes = unhex(crate::wkt::structs::tests::SAMPLE);
    let object = <Struct as crate::Message>::decode(&bytes).unwrap();
    let json = r#"{"b": true, "s": "x", "n": 1.5, "o": {"z": false}, "l": [1.0, null, "y", [], {}], "": null}"#;
    (object, json)
}

#[test]
fn structs_and_values_are_plain_json() {
    let (object, json) = sample();
    both_ways::<StructCodec>(object.clone(), json);
    both_ways::<StructValueCodec>(Value::Struct(object), json);
    both_ways::<StructValueCodec>(Value::Null, "null");
    both_ways::<ListValueCodec>(
        ListValue {
            values: vec![Value::Null, 2.0.into()],
        },
        "[null, 2.0]",
    );
    // Integers are numbers, read as doubles.
    assert_eq!(
        from_json::<StructValueCodec>("18446744073709551615"),
        Ok(Value::Number(18_446_744_073_709_551_615.0))
    );
    for number in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let error = to_json::<StructValueCodec>(&Value::Number(number)).unwrap_err();
        assert!(error.contains("has no JSON form"), "{error}");
    }
    assert!(
        from_json::<StructCodec>("[]")
            .unwrap_err()
            .contains("JSON object")
    );
    assert!(
        from_json::<ListValueCodec>("{}")
            .unwrap_err()
            .contains("JSON array")
    );
    assert!(from_json::<StructCodec>("null").is_err());
}

#[test]
fn null_is_a_value_of_value_and_null_value_only() {
    const {
        assert!(StructValueCodec::NULL_IS_A_VALUE && NullValueCodec::NULL_IS_A_VALUE);
        assert!(!StructCodec::NULL_IS_A_VALUE && !ListValueCodec::NULL_IS_A_VALUE);
        assert!(!TimestampCodec::NULL_IS_A_VALUE && !codec::Int32Value::NULL_IS_A_VALUE);
    }
    both_ways::<NullValueCodec>(NullValue::NullValue, "null");
    assert_eq!(
        from_json::<NullValueCodec>(r#""NULL_VALUE""#),
        Ok(NullValue::NullValue)
    );
    assert!(from_json::<NullValueCodec>(r#""NULL""#).is_err());
    // As an optional field, as generated code reads one: `null` is a
    // `Value` and a `NullValue`, and no timestamp, wrapper or struct.
    assert_eq!(optional_field::<StructValueCodec>(), Some(Value::Null));
    assert_eq!(
        optional_field::<NullValueCodec>(),
        Some(NullValue::NullValue)
    );
    assert_eq!(optional_field::<TimestampCodec>(), None);
    assert_eq!(optional_field::<codec::Int32Value>(), None);
    assert_eq!(optional_field::<StructCodec>(), None);
}

/// An optional field of codec `C` read from `{"f": null}`.
fn optional_field<C: JsonCodec>() -> Option<C::Value> {
    struct Field<C: Codec>(Option<C::Value>);

    impl<'de, C: JsonCodec> serde::Deserialize<'de> for Field<C> {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct FieldVisitor<C>(core::marker::PhantomData<C>);

            impl<'de, C: JsonCodec> serde::de::Visitor<'de> for FieldVisitor<C> {
                type Value = Field<C>;

                fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str("an object of one field")
                }

                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut map: A,
                ) -> Result<Field<C>, A::Error> {
                    map.next_key::<String>()?;
                    Ok(Field(crate::json::read_optional::<C, A>(&mut map)?))
                }
            }

            deserializer.deserialize_map(FieldVisitor(core::marker::PhantomData))
        }
    }

    serde_json::from_str::<Field<C>>(r#"{"f": null}"#)
        .unwrap()
        .0
}

#[test]
fn wrappers_are_their_values_json() {
    both_ways::<codec::Int64Value>(-5, r#""-5""#);
    both_ways::<codec::UInt64Value>(u64::MAX, r#""18446744073709551615""#);
    both_ways::<codec::BytesValue>(vec![0xfb, 0xff], r#""+/8=""#);
    both_ways::<codec::Int32Value>(0, "0");
    both_ways::<codec::FloatValue>(0.1, "0.1");
    both_ways::<codec::StringValue>(String::new(), r#""""#);
    both_ways::<codec::BoolValue>(false, "false");
    assert_eq!(
        to_json::<codec::DoubleValue>(&f64::NAN).unwrap(),
        r#""NaN""#
    );
}

#[test]
fn empty_is_an_empty_object() {
    both_ways::<EmptyCodec>(Empty {}, "{}");
    let error = from_json::<EmptyCodec>(r#"{"x": 1}"#).unwrap_err();
    assert!(
        error.contains("unknown field `x` in message Empty"),
        "{error}"
    );
}

/// `Any`s packed by python3-protobuf 3.21 (`a.Pack(m)`), their bytes
/// (`SerializeToString(deterministic=True)`) and their JSON.
const ANYS: [(&str, &str); 5] = [
    (
        "0a2c747970652e676f6f676c65617069732e636f6d2f676f6f676c652e70726f746f6275662e4475726174696f6e120808011080cab5ee01",
        r#"{"@type": "type.googleapis.com/google.protobuf.Duration", "value": "1.500s"}"#,
    ),
    (
        "0a29747970652e676f6f676c65617069732e636f6d2f676f6f676c652e70726f746f6275662e456d707479",
        r#"{"@type": "type.googleapis.com/google.protobuf.Empty"}"#,
    ),
    (
        "0a27747970652e676f6f676c65617069732e636f6d2f676f6f676c652e70726f746f6275662e416e79122b0a29747970652e676f6f676c65617069732e636f6d2f676f6f676c652e70726f746f6275662e456d707479",
        r#"{"@type": "type.googleapis.com/google.protobuf.Any", "value": {"@type": "type.googleapis.com/google.protobuf.Empty"}}"#,
    ),
    (
        "0a2e747970652e676f6f676c65617069732e636f6d2f676f6f676c652e70726f746f6275662e496e74363456616c756512020807",
        r#"{"@type": "type.googleapis.com/google.protobuf.Int64Value", "value": "7"}"#,
    ),
    (
        "0a29747970652e676f6f676c65617069732e636f6d2f676f6f676c652e70726f746f6275662e56616c756512020800",
        r#"{"@type": "type.googleapis.com/google.protobuf.Value", "value": null}"#,
    ),
];

#[test]
fn anys_of_well_known_types_have_protojson() {
    for (hex, json) in ANYS {
        let any = <Any as crate::Message>::decode(&unhex(hex)).unwrap();
        both_ways::<AnyCodec>(any, json);
    }
    // A Struct's entries come back in key order, Google's deterministic bytes.
    let (object, json) = sample();
    let any = Any::pack(&object).unwrap();
    let text = format!(r#"{{"@type": "{}", "value": {json}}}"#, any.type_url);
    both_ways::<AnyCodec>(any, &text);
    // The empty Any is written as `{}`, which, as in Google's protobuf,
    // does not read back: it has no `@type`.
    assert_eq!(to_json::<AnyCodec>(&Any::default()), Ok("{}".to_owned()));
    // The conformance suite's AnyWithNoType: `{}` reads as the empty Any.
    assert_eq!(from_json::<AnyCodec>("{}"), Ok(Any::default()));
}

#[test]
fn anys_of_other_types_are_explicit_errors() {
    let any = Any {
        type_url: "type.googleapis.com/shop.Order".to_owned(),
        value: vec![0x08, 0x01],
    };
    let error = to_json::<AnyCodec>(&any).unwrap_err();
    assert!(
        error.contains("registered with Any::register_json"),
        "{error}"
    );
    let error = from_json::<AnyCodec>(r#"{"@type": "type.googleapis.com/shop.Order", "id": "1"}"#)
        .unwrap_err();
    assert!(
        error.contains("registered with Any::register_json"),
        "{error}"
    );
    for (text, reason) in [
        (r#"{"value": "1s"}"#, "missing `@type`"),
        (
            r#"{"@type": "x/google.protobuf.Duration", "@type": "x/google.protobuf.Duration"}"#,
            "duplicate field `@type`",
        ),
        (
            r#"{"@type": "google.protobuf.Duration", "value": "1s"}"#,
            "has no `/`",
        ),
        (
            r#"{"@type": "x/google.protobuf.Duration", "value": "1s", "v": 1}"#,
            "unknown field `v`",
        ),
        (
            r#"{"@type": "x/google.protobuf.Empty", "value": {}}"#,
            "unknown field `value`",
        ),
        (
            r#"{"@type": "x/google.protobuf.Duration", "value": 1}"#,
            "expected a duration string",
        ),
    ] {
        let error = from_json::<AnyCodec>(text).unwrap_err();
        assert!(error.contains(reason), "{text}: {error}");
    }
    let broken = Any {
        type_url: "x/google.protobuf.Duration".to_owned(),
        value: vec![0x08],
    };
    let error = to_json::<AnyCodec>(&broken).unwrap_err();
    assert!(error.contains("are not its type's"), "{error}");
    let nameless = Any {
        type_url: String::new(),
        value: vec![0x08, 0x01],
    };
    assert!(
        to_json::<AnyCodec>(&nameless)
            .unwrap_err()
            .contains("no type URL")
    );
}

/// A hand-written message as generated code has it, for the registry.
#[derive(Clone, Debug, Default, PartialEq)]
struct Point {
    x: i32,
    label: String,
}

impl crate::Message for Point {
    const NAME: &'static str = "Point";

    fn measure_fields(&self) -> usize {
        crate::__private::field::measure::<codec::Int32>(1, &self.x)
            + crate::__private::field::measure::<codec::String>(2, &self.label)
    }

    fn write_fields(&self, writer: &mut crate::Writer) {
        crate::__private::field::write::<codec::String>(2, &self.label, writer);
        crate::__private::field::write::<codec::Int32>(1, &self.x, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: crate::WireType,
        decoder: &mut crate::Decoder<'_>,
    ) -> Result<(), crate::DecodeError> {
        match number {
            1 => crate::__private::field::merge::<codec::Int32>(wire_type, &mut self.x, decoder),
            2 => {
                crate::__private::field::merge::<codec::String>(wire_type, &mut self.label, decoder)
            }
            _ => decoder.skip(wire_type),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        [None, Some("x"), Some("label")]
            .get(number as usize)
            .copied()
            .flatten()
    }
}

impl crate::Name for Point {
    const FULL_NAME: &'static str = "test.Point";
}

impl crate::json::JsonMessage for Point {
    fn serialize_fields<M: serde::ser::SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        crate::json::field::<codec::Int32, _>(map, "x", &self.x)?;
        crate::json::field::<codec::String, _>(map, "label", &self.label)
    }

    fn deserialize_field<'de, A: serde::de::MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut crate::json::FieldAccess<A>,
    ) -> Result<bool, A::Error> {
        match key {
            "x" => self.x = crate::json::read::<codec::Int32, _>(map.field(1)?)?,
            "label" => self.label = crate::json::read::<codec::String, _>(map.field(2)?)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::json::serialize_message(self, serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::json::deserialize_message(deserializer)
    }
}

/// The conformance suite's `Any`, `AnyNested` and `AnyUnorderedTypeTag`:
/// an `Any` of a registered message is its fields beside `@type`, which
/// may come after them, also inside an `Any` of an `Any`.
#[test]
fn anys_of_registered_types_are_their_fields_beside_the_type() {
    Any::register_json::<Point>();
    Any::register_json::<Point>();
    let point = Point {
        x: 5,
        label: "p".to_owned(),
    };
    let any = Any::pack(&point).unwrap();
    both_ways::<AnyCodec>(
        any.clone(),
        r#"{"@type": "type.googleapis.com/test.Point", "x": 5, "label": "p"}"#,
    );
    let unordered = r#"{"x": 5, "label": "p", "@type": "type.googleapis.com/test.Point"}"#;
    assert_eq!(from_json::<AnyCodec>(unordered), Ok(any.clone()));
    let nested = Any::pack(&any).unwrap();
    both_ways::<AnyCodec>(
        nested,
        r#"{"@type": "type.googleapis.com/google.protobuf.Any",
            "value": {"@type": "type.googleapis.com/test.Point", "x": 5, "label": "p"}}"#,
    );
    // A well-known type's `value` may come before `@type` too.
    let duration =
        r#"{"value": "1.500s", "@type": "type.googleapis.com/google.protobuf.Duration"}"#;
    assert_eq!(
        from_json::<AnyCodec>(duration),
        Ok(Any::pack(&dur(1, 500_000_000)).unwrap())
    );
    for (text, reason) in [
        (r#"{"@type": "x/test.Point", "y": 1}"#, "unknown field `y`"),
        (
            r#"{"@type": "x/test.Point", "x": "a"}"#,
            "in google.protobuf.Any of test.Point",
        ),
        (
            r#"{"@type": "x/test.Point", "x": 1, "x": 2}"#,
            "duplicate field `x`",
        ),
    ] {
        let error = from_json::<AnyCodec>(text).unwrap_err();
        assert!(error.contains(reason), "{text}: {error}");
    }
    let broken = Any {
        type_url: "x/test.Point".to_owned(),
        value: vec![0x08],
    };
    let error = to_json::<AnyCodec>(&broken).unwrap_err();
    assert!(error.contains("are not its type's"), "{error}");
}

/// The conformance suite's `IgnoreUnknownJson*`: inside
/// `ignoring_unknown_fields`, a message skips the keys it does not know,
/// whatever their values, at any depth; outside, they are errors again.
#[test]
fn unknown_fields_are_skipped_only_when_asked() {
    use crate::json::ignoring_unknown_fields;
    let text = r#"{"x": 1, "y": {"a": [1, null]}, "z": null}"#;
    let read = || serde_json::from_str::<Point>(text).map_err(|error| error.to_string());
    assert!(read().unwrap_err().contains("unknown field `y`"));
    let point = ignoring_unknown_fields(read).unwrap();
    assert_eq!(point.x, 1);
    assert!(read().is_err(), "the setting ends with the closure");
    // Known fields are still checked; Empty and registered Anys skip too.
    let wrong = || serde_json::from_str::<Point>(r#"{"x": "a", "y": 1}"#);
    assert!(ignoring_unknown_fields(wrong).is_err());
    assert_eq!(
        ignoring_unknown_fields(|| from_json::<EmptyCodec>(r#"{"a": 1}"#)),
        Ok(Empty {})
    );
    assert!(from_json::<EmptyCodec>(r#"{"a": 1}"#).is_err());
    Any::register_json::<Point>();
    let any = ignoring_unknown_fields(|| {
        from_json::<AnyCodec>(r#"{"@type": "x/test.Point", "y": 1, "x": 2}"#)
    })
    .unwrap();
    assert_eq!(any.unpack::<Point>().unwrap().map(|point| point.x), Some(2));
}

/// The conformance suite's `FieldNameDuplicate*`: a field given twice in
/// one object is refused, however it is spelled, at every depth; once in
/// each of two objects is not.
#[test]
fn a_field_given_twice_is_refused() {
    let read = |text: &str| serde_json::from_str::<Point>(text).map_err(|error| error.to_string());
    let error = read(r#"{"x": 1, "label": "a", "x": 2}"#).unwrap_err();
    assert!(
        error.contains("field 1 of message Point is given twice"),
        "{error}"
    );
    assert_eq!(
        read(r#"{"x": 1, "label": "a"}"#).map(|point| point.x),
        Ok(1)
    );
    assert!(read(r#"{"x": null, "x": 1}"#).is_err(), "null counts");
}

fn finite_value() -> impl Strategy<Value = Value> {
    crate::wkt::structs::tests::value().prop_filter("finite", all_finite)
}

fn all_finite(value: &Value) -> bool {
    match value {
        Value::Number(number) => number.is_finite(),
        Value::Struct(object) => object.fields.values().all(all_finite),
        Value::List(list) => list.values.iter().all(all_finite),
        _ => true,
    }
}

/// `value` written to JSON text and read back.
fn through_text<C: JsonCodec>(value: &C::Value) -> Result<C::Value, String> {
    from_json::<C>(&to_json::<C>(value)?)
}

proptest! {
    #[test]
    fn valid_timestamps_and_durations_round_trip(
        seconds in Timestamp::MIN.seconds..=Timestamp::MAX.seconds,
        span in -Duration::MAX_SECONDS..=Duration::MAX_SECONDS,
        nanos in 0..1_000_000_000i32,
    ) {
        let timestamp = ts(seconds, nanos);
        prop_assert_eq!(through_text::<TimestampCodec>(&timestamp), Ok(timestamp));
        let duration = dur(span, if span < 0 { -nanos } else { nanos });
        prop_assert_eq!(through_text::<DurationCodec>(&duration), Ok(duration));
    }

    #[test]
    fn values_round_trip(value in finite_value()) {
        prop_assert_eq!(through_text::<StructValueCodec>(&value), Ok(value.clone()));
        let object = Struct { fields: BTreeMap::from([("k".to_owned(), value)]) };
        let any = Any::pack(&object).unwrap();
        prop_assert_eq!(through_text::<AnyCodec>(&any), Ok(any));
    }

    #[test]
    fn field_masks_with_a_json_form_round_trip(
        paths in proptest::collection::vec("[a-z][a-z0-9]{0,3}(_[a-z][a-z0-9]{0,2}){0,2}(\\.[a-z]{1,3}){0,2}", 0..4),
    ) {
        let mask = FieldMask { paths };
        prop_assert_eq!(through_text::<FieldMaskCodec>(&mask), Ok(mask));
    }

    #[test]
    fn wrapped_anys_round_trip(seconds: i64, text in ".*") {
        let any = Any::pack(&dur(seconds % Duration::MAX_SECONDS, 0)).unwrap();
        prop_assert_eq!(through_text::<AnyCodec>(&any), Ok(any));
        let mut writer = crate::Writer::new();
        codec::StringValue::write_value(&text, &mut writer);
        let framed = writer.into_vec();
        let content = framed[crate::wire::varint_len(framed.len() as u64 - 1)..].to_vec();
        let any = Any { type_url: "x/google.protobuf.StringValue".to_owned(), value: content };
        prop_assert_eq!(through_text::<AnyCodec>(&any), Ok(any));
    }

    #[test]
    fn arbitrary_json_never_panics(text in "[\\[\\]{}\",:0-9a-zA-Z.@/ -]{0,40}") {
        let _ = from_json::<AnyCodec>(&text);
        let _ = from_json::<StructValueCodec>(&text);
        let _ = from_json::<TimestampCodec>(&text);
        let _ = from_json::<DurationCodec>(&text);
        let _ = from_json::<FieldMaskCodec>(&text);
    }
}
