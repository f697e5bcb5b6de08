//! ProtoJSON, the JSON of the well-known types (feature `json`).
//!
//! | type | JSON |
//! |---|---|
//! | `Timestamp` | RFC 3339 in UTC: `"1972-01-01T10:00:20.021Z"`; any offset read |
//! | `Duration` | seconds: `"1.000340012s"`, `"-0.500s"` |
//! | `Empty` | `{}` |
//! | `FieldMask` | lowerCamelCase paths, comma-separated: `"foo.barBaz,qux"` |
//! | `Struct`, `ListValue` | an object, an array |
//! | `Value` | any JSON value; `null` is a value; no NaN or infinity |
//! | `NullValue` | `null` |
//! | wrappers | the wrapped value's JSON: `Int64Value` a string, `BytesValue` base64 |
//! | `Any` | `{}`; `{"@type": URL, "value": JSON}` for a well-known type |
//!
//! A value with no JSON form, such as a timestamp past 9999 or a `Value`
//! holding NaN, is a serialization error, as in Google's protobuf.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use super::codecs::*;
use super::field_mask::{from_camel_case, to_camel_case};
use super::structs::NullValue;
use super::text::{self, WriteError, WriteResult};
use super::{Any, Duration, Empty, FieldMask, ListValue, ParseError, Struct, Timestamp, Value};
use crate::codec::{self, Codec};
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::json::{JsonCodec, Ser};
use crate::message::Name;

/// Writes the text that `write` makes, or fails with its reason.
fn serialize_text<S: Serializer>(
    serializer: S,
    write: impl FnOnce(&mut String) -> WriteResult,
) -> Result<S::Ok, S::Error> {
    let mut text = String::new();
    match write(&mut text) {
        Ok(()) => serializer.serialize_str(&text),
        Err(WriteError::Range(error)) => Err(ser::Error::custom(error)),
        Err(WriteError::Fmt(error)) => Err(ser::Error::custom(error)),
    }
}

/// Reads a JSON string with `parse`: a timestamp or a duration.
struct TextVisitor<T> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, ParseError>,
}

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.parse)(text).map_err(E::custom)
    }
}

impl JsonCodec for TimestampCodec {
    fn serialize<S: Serializer>(value: &Timestamp, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_text(serializer, |out| text::write_timestamp(value, out))
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Timestamp, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "an RFC 3339 timestamp string, such as \"1972-01-01T10:00:20.021Z\"",
            parse: text::parse_timestamp,
        })
    }
}

impl JsonCodec for DurationCodec {
    fn serialize<S: Serializer>(value: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_text(serializer, |out| text::write_duration(value, out))
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Duration, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "a duration string, such as \"1.5s\"",
            parse: text::parse_duration,
        })
    }
}

impl JsonCodec for EmptyCodec {
    fn serialize<S: Serializer>(_value: &Empty, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_map(Some(0))?.end()
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Empty, D::Error> {
        struct EmptyVisitor;

        impl<'de> Visitor<'de> for EmptyVisitor {
            type Value = Empty;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an empty JSON object for message Empty")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Empty, A::Error> {
                match map.next_key::<std::borrow::Cow<'de, str>>()? {
                    None => Ok(Empty {}),
                    Some(key) => Err(de::Error::custom(format_args!(
                        "unknown field `{key}` in message Empty"
                    ))),
                }
            }
        }

        deserializer.deserialize_map(EmptyVisitor)
    }
}

impl JsonCodec for FieldMaskCodec {
    fn serialize<S: Serializer>(value: &FieldMask, serializer: S) -> Result<S::Ok, S::Error> {
        let mut text = String::new();
        for (i, path) in value.paths.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            to_camel_case(path, &mut text).map_err(|reason| {
                ser::Error::custom(format_args!(
                    "FieldMask path `{path}` has no JSON form: {reason}"
                ))
            })?;
        }
        serializer.serialize_str(&text)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<FieldMask, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "a FieldMask string, such as \"foo.barBaz,qux\"",
            parse: |text| {
                // As in Google's protobuf, "" is no paths, and "a,,b" has an
                // empty one.
                if text.is_empty() {
                    return Ok(FieldMask::default());
                }
                let paths = text.split(',').map(from_camel_case);
                let paths = paths.collect::<Result<_, _>>();
                paths
                    .map(|paths| FieldMask { paths })
                    .map_err(|reason| ParseError::new("FieldMask", reason))
            },
        })
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Number(number) if number.is_finite() => serializer.serialize_f64(*number),
            Value::Number(number) => Err(ser::Error::custom(format_args!(
                "a google.protobuf.Value of {number} has no JSON form: JSON numbers are finite"
            ))),
            Value::String(text) => serializer.serialize_str(text),
            Value::Bool(value) => serializer.serialize_bool(*value),
            Value::Struct(object) => object.serialize(serializer),
            Value::List(list) => list.serialize(serializer),
        }
    }
}

impl Serialize for Struct {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.fields.len()))?;
        for (key, value) in &self.fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl Serialize for ListValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.values.len()))?;
        for value in &self.values {
            seq.serialize_element(value)?;
        }
        seq.end()
    }
}

/// Reads any JSON value as a [`Value`]; an object or array only where the
/// type is a `Struct` or `ListValue`.
struct ValueVisitor {
    expecting: &'static str,
}

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value as f64))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value as f64))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Value, E> {
        if value.is_finite() {
            Ok(Value::Number(value))
        } else {
            Err(E::custom("a google.protobuf.Value number must be finite"))
        }
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut values = Vec::new();
        while let Some(value) = seq.next_element::<Value>()? {
            values.push(value);
        }
        Ok(Value::List(ListValue { values }))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Struct::default();
        while let Some((key, value)) = map.next_entry::<String, Value>()? {
            object.fields.insert(key, value);
        }
        Ok(Value::Struct(object))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor {
            expecting: "any JSON value",
        })
    }
}

impl<'de> Deserialize<'de> for Struct {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match deserializer.deserialize_map(ValueVisitor {
            expecting: "a JSON object for google.protobuf.Struct",
        })? {
            Value::Struct(object) => Ok(object),
            _ => Err(de::Error::custom(
                "expected a JSON object for google.protobuf.Struct",
            )),
        }
    }
}

impl<'de> Deserialize<'de> for ListValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match deserializer.deserialize_seq(ValueVisitor {
            expecting: "a JSON array for google.protobuf.ListValue",
        })? {
            Value::List(list) => Ok(list),
            _ => Err(de::Error::custom(
                "expected a JSON array for google.protobuf.ListValue",
            )),
        }
    }
}

/// Implements `JsonCodec` for a codec whose value implements serde's
/// traits.
macro_rules! serde_json_codec {
    ($codec:ty, $null_is_a_value:literal) => {
        impl JsonCodec for $codec {
            const NULL_IS_A_VALUE: bool = $null_is_a_value;

            fn serialize<S: Serializer>(
                value: &Self::Value,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                value.serialize(serializer)
            }

            fn deserialize<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self::Value, D::Error> {
                <Self::Value as Deserialize<'de>>::deserialize(deserializer)
            }
        }
    };
}

serde_json_codec!(StructCodec, false);
serde_json_codec!(StructValueCodec, true);
serde_json_codec!(ListValueCodec, false);

impl JsonCodec for NullValueCodec {
    const NULL_IS_A_VALUE: bool = true;

    fn serialize<S: Serializer>(_value: &NullValue, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }

    /// `null`, and the enum's name or number, as for any enum.
    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<NullValue, D::Error> {
        struct NullVisitor;

        impl Visitor<'_> for NullVisitor {
            type Value = NullValue;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("null, or \"NULL_VALUE\" for enum google.protobuf.NullValue")
            }

            fn visit_unit<E: de::Error>(self) -> Result<NullValue, E> {
                Ok(NullValue::NullValue)
            }

            fn visit_none<E: de::Error>(self) -> Result<NullValue, E> {
                Ok(NullValue::NullValue)
            }

            fn visit_str<E: de::Error>(self, name: &str) -> Result<NullValue, E> {
                match name {
                    "NULL_VALUE" => Ok(NullValue::NullValue),
                    _ => Err(E::custom(format_args!(
                        "`{name}` is not a value of enum google.protobuf.NullValue"
                    ))),
                }
            }

            fn visit_i64<E: de::Error>(self, number: i64) -> Result<NullValue, E> {
                i32::try_from(number)
                    .map(|_| NullValue::NullValue)
                    .map_err(|_| E::custom(format_args!("{number} is out of range for an enum")))
            }

            fn visit_u64<E: de::Error>(self, number: u64) -> Result<NullValue, E> {
                self.visit_i64(i64::try_from(number).unwrap_or(i64::MAX))
            }
        }

        deserializer.deserialize_any(NullVisitor)
    }
}

/// The wrapped value's JSON: a wrapper that is there is its value, one
/// that is not is `null` or left out.
impl<C: JsonCodec> JsonCodec for Wrapper<C> {
    fn serialize<S: Serializer>(value: &C::Value, serializer: S) -> Result<S::Ok, S::Error> {
        C::serialize(value, serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<C::Value, D::Error> {
        C::deserialize(deserializer)
    }
}

/// ProtoJSON's `Any`, for the well-known types that the runtime knows;
/// see [`Any`](crate::wkt::Any).
impl JsonCodec for AnyCodec {
    fn serialize<S: Serializer>(any: &Any, serializer: S) -> Result<S::Ok, S::Error> {
        if any.type_url.is_empty() {
            if any.value.is_empty() {
                return serializer.serialize_map(Some(0))?.end();
            }
            return Err(ser::Error::custom(
                "a google.protobuf.Any with bytes but no type URL has no JSON form",
            ));
        }
        let name = any.type_name().unwrap_or_default();
        if name == Empty::FULL_NAME {
            decode_content::<EmptyCodec>(&any.value).map_err(ser::Error::custom)?;
            let mut map = serializer.serialize_map(Some(1))?;
            map.serialize_entry("@type", &any.type_url)?;
            return map.end();
        }
        if with_known(name, Known).is_none() {
            return Err(ser::Error::custom(no_registry(&any.type_url)));
        }
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("@type", &any.type_url)?;
        let write = WriteValue {
            map: &mut map,
            content: &any.value,
        };
        with_known(name, write).unwrap_or(Ok(()))?;
        map.end()
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Any, D::Error> {
        deserializer.deserialize_map(AnyVisitor)
    }
}

/// Why an `Any` holding `type_url` has no JSON here.
fn no_registry(type_url: &str) -> String {
    format!(
        "the JSON of a google.protobuf.Any holding `{type_url}` needs a registry of message \
         types, which the runtime does not have; it knows only the well-known types"
    )
}

/// Something done with the codec of a well-known type, chosen by name.
trait WithCodec {
    type Output;

    fn with<C: JsonCodec>(self) -> Self::Output;
}

/// `with` done with the codec of the well-known type `name`, whose JSON in
/// an `Any` is `"value": ...`; `None` for any other name.
fn with_known<W: WithCodec>(name: &str, with: W) -> Option<W::Output> {
    Some(match name {
        "google.protobuf.Timestamp" => with.with::<TimestampCodec>(),
        "google.protobuf.Duration" => with.with::<DurationCodec>(),
        "google.protobuf.FieldMask" => with.with::<FieldMaskCodec>(),
        "google.protobuf.Struct" => with.with::<StructCodec>(),
        "google.protobuf.Value" => with.with::<StructValueCodec>(),
        "google.protobuf.ListValue" => with.with::<ListValueCodec>(),
        "google.protobuf.Any" => with.with::<AnyCodec>(),
        "google.protobuf.DoubleValue" => with.with::<codec::DoubleValue>(),
        "google.protobuf.FloatValue" => with.with::<codec::FloatValue>(),
        "google.protobuf.Int64Value" => with.with::<codec::Int64Value>(),
        "google.protobuf.UInt64Value" => with.with::<codec::UInt64Value>(),
        "google.protobuf.Int32Value" => with.with::<codec::Int32Value>(),
        "google.protobuf.UInt32Value" => with.with::<codec::UInt32Value>(),
        "google.protobuf.BoolValue" => with.with::<codec::BoolValue>(),
        "google.protobuf.StringValue" => with.with::<codec::StringValue>(),
        "google.protobuf.BytesValue" => with.with::<codec::BytesValue>(),
        _ => return None,
    })
}

/// Nothing: whether a name is known.
struct Known;

impl WithCodec for Known {
    type Output = ();

    fn with<C: JsonCodec>(self) {}
}

/// Writes `"value": JSON` of the message `content` of an `Any`.
struct WriteValue<'a, M> {
    map: &'a mut M,
    content: &'a [u8],
}

impl<M: SerializeMap> WithCodec for WriteValue<'_, M> {
    type Output = Result<(), M::Error>;

    fn with<C: JsonCodec>(self) -> Result<(), M::Error> {
        let value = decode_content::<C>(self.content).map_err(ser::Error::custom)?;
        self.map.serialize_entry("value", &Ser::<C>(&value))
    }
}

/// Reads the JSON of `"value"` in an `Any` and gives its message's bytes.
struct ReadValue<'a, 'de, A>(&'a mut A, PhantomData<&'de ()>);

impl<'de, A: MapAccess<'de>> WithCodec for ReadValue<'_, 'de, A> {
    type Output = Result<Vec<u8>, A::Error>;

    fn with<C: JsonCodec>(self) -> Result<Vec<u8>, A::Error> {
        let value = self.0.next_value_seed(Present::<C>(PhantomData))?;
        encode_content::<C>(&value).map_err(de::Error::custom)
    }
}

/// A value of codec `C` that is there: `null` only where it is a value.
struct Present<C>(PhantomData<C>);

impl<'de, C: JsonCodec> DeserializeSeed<'de> for Present<C> {
    type Value = C::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<C::Value, D::Error> {
        C::deserialize(deserializer)
    }
}

/// Reads ProtoJSON's `Any`: `@type` first, then `value` for a well-known
/// type other than `Empty`, which has only `@type`.
struct AnyVisitor;

impl<'de> Visitor<'de> for AnyVisitor {
    type Value = Any;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object with an `@type` for google.protobuf.Any")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Any, A::Error> {
        let first = map.next_key::<std::borrow::Cow<'de, str>>()?;
        match first.as_deref() {
            Some("@type") => {}
            None => return Err(de::Error::custom("missing `@type` in google.protobuf.Any")),
            Some(_) => {
                return Err(de::Error::custom(
                    "`@type` must be the first key of a google.protobuf.Any: the runtime reads \
                     the rest by it",
                ));
            }
        }
        let type_url: String = map.next_value()?;
        let name = match type_url.rfind('/') {
            Some(slash) => &type_url[slash + 1..],
            None => {
                return Err(de::Error::custom(format_args!(
                    "the type URL `{type_url}` of a google.protobuf.Any has no `/`"
                )));
            }
        };
        let known = name == Empty::FULL_NAME || with_known(name, Known).is_some();
        if !known {
            return Err(de::Error::custom(no_registry(&type_url)));
        }
        let mut value = None;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key != "value" || name == Empty::FULL_NAME {
                return Err(de::Error::custom(format_args!(
                    "unknown field `{key}` in google.protobuf.Any of `{name}`"
                )));
            }
            if value.is_some() {
                return Err(de::Error::custom(
                    "duplicate field `value` in google.protobuf.Any",
                ));
            }
            value =
                Some(with_known(name, ReadValue(&mut map, PhantomData)).unwrap_or(Ok(Vec::new()))?);
        }
        Ok(Any {
            type_url,
            value: value.unwrap_or_default(),
        })
    }
}

/// The value of codec `C` whose message is `content`, without a length
/// prefix: what an `Any` holds.
fn decode_content<C: Codec>(content: &[u8]) -> Result<C::Value, String> {
    let mut framed = Vec::with_capacity(content.len() + 10);
    crate::wire::put_varint(&mut framed, content.len() as u64);
    framed.extend_from_slice(content);
    let read = || {
        let mut decoder = Decoder::new(&framed, &DecodeOptions::new())?;
        let mut value = C::Value::default();
        C::merge_value(&mut value, &mut decoder)?;
        Ok::<_, crate::DecodeError>(value)
    };
    read()
        .map_err(|error| format!("the bytes of a google.protobuf.Any are not its type's: {error}"))
}

/// The message of `value`, without its length prefix: what an `Any`
/// holds.
fn encode_content<C: Codec>(value: &C::Value) -> Result<Vec<u8>, String> {
    let mut writer = Writer::new();
    C::write_value(value, &mut writer);
    let limit = DecodeOptions::DEFAULT_RECURSION_LIMIT;
    if writer.max_depth() > limit {
        return Err(format!(
            "messages nested {} deep, beyond the recursion limit of {limit}",
            writer.max_depth()
        ));
    }
    let framed = writer.into_vec();
    let mut decoder = Decoder::new(&framed, &DecodeOptions::new()).map_err(|e| e.to_string())?;
    decoder.read_len().map_err(|e| e.to_string())?;
    Ok(framed[decoder.offset()..].to_vec())
}
