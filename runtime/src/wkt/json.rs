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
//! | `Any` | `{}`; `{"@type": URL, "value": JSON}` for a well-known type; `{"@type": URL, fields...}` for a registered one (`any_json.rs`) |
//!
//! A value with no JSON form, such as a timestamp past 9999 or a `Value`
//! holding NaN, is a serialization error, as in Google's protobuf.

use core::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use super::codecs::*;
use super::field_mask::{from_camel_case, to_camel_case};
use super::structs::NullValue;
use super::text::{self, WriteError, WriteResult};
use super::{Duration, Empty, FieldMask, ListValue, ParseError, Struct, Timestamp, Value};
use crate::json::JsonCodec;

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
                while let Some(key) = map.next_key::<alloc::borrow::Cow<'de, str>>()? {
                    if !crate::json::unknown_fields_ignored() {
                        return Err(de::Error::custom(format_args!(
                            "unknown field `{key}` in message Empty"
                        )));
                    }
                    map.next_value::<de::IgnoredAny>()?;
                }
                Ok(Empty {})
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
