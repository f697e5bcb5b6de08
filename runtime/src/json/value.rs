//! The JSON mapping of `value`: plain JSON where JSON keeps the type, a
//! one-key object naming the type where it does not.
//!
//! | value | JSON |
//! |---|---|
//! | `Null`, `Bool`, `String` | `null`, `true`, `"text"` |
//! | `I64` | an integer: `5` |
//! | `F64` | a number with a point or exponent: `5.0`; `{"$f64": "NaN"}` when not finite |
//! | `List`, `Map` | an array, an object; a map with a key starting with `$` is wrapped as `{"$map": {...}}` |
//! | `I32`, `U32`, `F32` | `{"$i32": 5}`, `{"$u32": 5}`, `{"$f32": 1.5}` |
//! | `U64` | `{"$u64": "18446744073709551615"}` |
//! | `Bytes` | `{"$bytes": "AAE="}` |
//! | `Decimal` | `{"$decimal": "12.30"}` |
//!
//! Read back, plain JSON integers are `I64` (or `U64` past `i64::MAX`) and
//! other numbers `F64`, so JSON from elsewhere keeps integers apart from
//! floats.

use alloc::collections::BTreeMap;
use core::fmt;

use rust_decimal::Decimal;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use super::JsonCodec;
use super::scalars::{
    DecimalVisitor, decode_base64, encode_base64, f32_as_written, non_finite_name,
};
use crate::value::{DynamicValue, ValueCodec};

impl JsonCodec for ValueCodec {
    const NULL_IS_A_VALUE: bool = true;

    fn serialize<S: Serializer>(value: &DynamicValue, serializer: S) -> Result<S::Ok, S::Error> {
        value.serialize(serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DynamicValue, D::Error> {
        DynamicValue::deserialize(deserializer)
    }
}

fn tagged<S: Serializer, T: Serialize + ?Sized>(
    serializer: S,
    tag: &str,
    value: &T,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(1))?;
    map.serialize_entry(tag, value)?;
    map.end()
}

impl Serialize for DynamicValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            DynamicValue::Null => serializer.serialize_unit(),
            DynamicValue::Bool(value) => serializer.serialize_bool(*value),
            DynamicValue::I64(value) => serializer.serialize_i64(*value),
            DynamicValue::F64(value) => match non_finite_name(*value) {
                Some(name) => tagged(serializer, "$f64", name),
                None => serializer.serialize_f64(*value),
            },
            DynamicValue::String(value) => serializer.serialize_str(value),
            DynamicValue::I32(value) => tagged(serializer, "$i32", value),
            DynamicValue::U32(value) => tagged(serializer, "$u32", value),
            DynamicValue::U64(value) => tagged(serializer, "$u64", &value.to_string()),
            DynamicValue::F32(value) => match non_finite_name(f64::from(*value)) {
                Some(name) => tagged(serializer, "$f32", name),
                None => tagged(serializer, "$f32", &f32_as_written(*value)),
            },
            DynamicValue::Bytes(value) => tagged(serializer, "$bytes", &encode_base64(value)),
            DynamicValue::Decimal(value) => tagged(serializer, "$decimal", &value.to_string()),
            DynamicValue::List(values) => {
                let mut seq = serializer.serialize_seq(Some(values.len()))?;
                for value in values {
                    seq.serialize_element(value)?;
                }
                seq.end()
            }
            DynamicValue::Map(entries) if entries.keys().any(|key| key.starts_with('$')) => {
                tagged(serializer, "$map", &PlainMap(entries))
            }
            DynamicValue::Map(entries) => PlainMap(entries).serialize(serializer),
        }
    }
}

struct PlainMap<'a>(&'a BTreeMap<String, DynamicValue>);

impl Serialize for PlainMap<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for DynamicValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = DynamicValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<DynamicValue, E> {
        Ok(DynamicValue::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<DynamicValue, E> {
        Ok(DynamicValue::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<DynamicValue, D::Error> {
        DynamicValue::deserialize(deserializer)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<DynamicValue, E> {
        Ok(DynamicValue::Bool(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<DynamicValue, E> {
        Ok(DynamicValue::I64(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<DynamicValue, E> {
        Ok(i64::try_from(value).map_or(DynamicValue::U64(value), DynamicValue::I64))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<DynamicValue, E> {
        Ok(DynamicValue::F64(value))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<DynamicValue, E> {
        Ok(DynamicValue::String(value.to_owned()))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<DynamicValue, E> {
        Ok(DynamicValue::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DynamicValue, A::Error> {
        let mut values = Vec::new();
        while let Some(value) = seq.next_element()? {
            values.push(value);
        }
        Ok(DynamicValue::List(values))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DynamicValue, A::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return Ok(DynamicValue::Map(BTreeMap::new()));
        };
        if let Some(value) = read_tagged(&first, &mut map)? {
            if map.next_key::<de::IgnoredAny>()?.is_some() {
                return Err(de::Error::custom(format_args!(
                    "a `{first}` object must have no other keys"
                )));
            }
            return Ok(value);
        }
        let mut entries = BTreeMap::new();
        entries.insert(first, map.next_value()?);
        while let Some((key, value)) = map.next_entry()? {
            entries.insert(key, value);
        }
        Ok(DynamicValue::Map(entries))
    }
}

/// The value of a one-key object whose key is a type tag, or `None` when
/// `key` is not a tag (the object is then a plain map).
fn read_tagged<'de, A: MapAccess<'de>>(
    key: &str,
    map: &mut A,
) -> Result<Option<DynamicValue>, A::Error> {
    let value = match key {
        "$i32" => DynamicValue::I32(map.next_value()?),
        "$u32" => DynamicValue::U32(map.next_value()?),
        "$u64" => DynamicValue::U64(
            map.next_value::<super::De<crate::__private::codec::Uint64>>()?
                .0,
        ),
        "$f32" => DynamicValue::F32(
            map.next_value::<super::De<crate::__private::codec::Float>>()?
                .0,
        ),
        "$f64" => DynamicValue::F64(
            map.next_value::<super::De<crate::__private::codec::Double>>()?
                .0,
        ),
        "$bytes" => {
            let text: String = map.next_value()?;
            DynamicValue::Bytes(decode_base64(&text).map_err(de::Error::custom)?)
        }
        "$decimal" => DynamicValue::Decimal(map.next_value::<DecimalText>()?.0),
        "$map" => DynamicValue::Map(map.next_value::<PlainMapDe>()?.0),
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// An object read as a map whatever its keys: the inside of `$map`.
struct PlainMapDe(BTreeMap<String, DynamicValue>);

impl<'de> Deserialize<'de> for PlainMapDe {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PlainMapVisitor;

        impl<'de> Visitor<'de> for PlainMapVisitor {
            type Value = PlainMapDe;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PlainMapDe, A::Error> {
                let mut entries = BTreeMap::new();
                while let Some((key, value)) = map.next_entry()? {
                    entries.insert(key, value);
                }
                Ok(PlainMapDe(entries))
            }
        }

        deserializer.deserialize_map(PlainMapVisitor)
    }
}

struct DecimalText(Decimal);

impl<'de> Deserialize<'de> for DecimalText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(DecimalVisitor)
            .map(DecimalText)
    }
}
