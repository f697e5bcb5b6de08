//! The values a dynamic message holds, one variant per kind of field.

use crate::prelude::*;
use alloc::collections::BTreeMap;

use super::DynamicMessage;
use crate::reflect::schemac::Builtin;
use crate::reflect::{FieldDescriptor, Kind};

/// The value of a field of a [`DynamicMessage`]: a scalar, an enum's
/// number, a message, a list or a map.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'a> {
    /// `bool`.
    Bool(bool),
    /// `int32`, `sint32`, `sfixed32`.
    I32(i32),
    /// `int64`, `sint64`, `sfixed64`.
    I64(i64),
    /// `uint32`, `fixed32`.
    U32(u32),
    /// `uint64`, `fixed64`.
    U64(u64),
    /// `float`.
    F32(f32),
    /// `double`.
    F64(f64),
    /// `string`.
    String(String),
    /// `bytes`.
    Bytes(Vec<u8>),
    /// An enum, by number: a number the enum does not name is kept in an
    /// open enum.
    Enum(i32),
    /// A message or a group.
    Message(DynamicMessage<'a>),
    /// A repeated field that is not a map.
    List(Vec<Value<'a>>),
    /// A map, ordered by key.
    Map(BTreeMap<MapKey, Value<'a>>),
}

/// A key of a map field.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MapKey {
    /// `bool`.
    Bool(bool),
    /// `int32`, `sint32`, `sfixed32`.
    I32(i32),
    /// `int64`, `sint64`, `sfixed64`.
    I64(i64),
    /// `uint32`, `fixed32`.
    U32(u32),
    /// `uint64`, `fixed64`.
    U64(u64),
    /// `string`.
    String(String),
}

impl<'a> Value<'a> {
    /// The value a field holds when it is not set: its `[default = ...]`,
    /// else the zero of its type, an empty list or map, an empty message.
    pub fn default_of(field: FieldDescriptor<'a>) -> Value<'a> {
        if field.is_map() {
            return Value::Map(BTreeMap::new());
        }
        if field.is_list() {
            return Value::List(Vec::new());
        }
        let declared = field.default_value();
        declared
            .and_then(|text| parse_default(field.kind(), text))
            .unwrap_or_else(|| Value::zero_of(field.kind()))
    }

    /// The zero of a value of kind `kind`; an enum's first value.
    pub fn zero_of(kind: Kind<'a>) -> Value<'a> {
        match kind {
            Kind::Double => Value::F64(0.0),
            Kind::Float => Value::F32(0.0),
            Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(0),
            Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(0),
            Kind::Uint32 | Kind::Fixed32 => Value::U32(0),
            Kind::Uint64 | Kind::Fixed64 => Value::U64(0),
            Kind::Bool => Value::Bool(false),
            Kind::String => Value::String(String::new()),
            Kind::Bytes => Value::Bytes(Vec::new()),
            Kind::Enum(enumeration) => {
                Value::Enum(enumeration.values().next().map_or(0, |v| v.number()))
            }
            Kind::Message(message) => Value::Message(DynamicMessage::new(message)),
        }
    }

    /// Whether it is the zero of its type, which a field without presence
    /// does not write: `false`, `0`, `""`, an empty list or map, and of the
    /// messages only `schemac.Decimal`'s 0 (of scale 0) and
    /// `schemac.Value`'s null, which generated code holds as scalars. A
    /// float is zero only as `+0.0`, as protobuf has it.
    pub fn is_zero(&self) -> bool {
        match self {
            Value::Bool(v) => !v,
            Value::I32(v) | Value::Enum(v) => *v == 0,
            Value::I64(v) => *v == 0,
            Value::U32(v) => *v == 0,
            Value::U64(v) => *v == 0,
            Value::F32(v) => v.to_bits() == 0,
            Value::F64(v) => v.to_bits() == 0,
            Value::String(v) => v.is_empty(),
            Value::Bytes(v) => v.is_empty(),
            Value::List(v) => v.is_empty(),
            Value::Map(v) => v.is_empty(),
            Value::Message(message) => Builtin::of(message.descriptor().full_name())
                .is_some_and(|builtin| builtin.is_default(message)),
        }
    }

    /// Whether it is a value of kind `kind`, one of a list's or a map's.
    pub fn is_kind(&self, kind: Kind<'_>) -> bool {
        matches!(
            (self, kind),
            (Value::Bool(_), Kind::Bool)
                | (Value::I32(_), Kind::Int32 | Kind::Sint32 | Kind::Sfixed32)
                | (Value::I64(_), Kind::Int64 | Kind::Sint64 | Kind::Sfixed64)
                | (Value::U32(_), Kind::Uint32 | Kind::Fixed32)
                | (Value::U64(_), Kind::Uint64 | Kind::Fixed64)
                | (Value::F32(_), Kind::Float)
                | (Value::F64(_), Kind::Double)
                | (Value::String(_), Kind::String)
                | (Value::Bytes(_), Kind::Bytes)
                | (Value::Enum(_), Kind::Enum(_))
        ) || matches!((self, kind), (Value::Message(m), Kind::Message(d)) if m.descriptor() == d)
    }

    /// Whether it is a value field `field` can hold: of its kind, a list
    /// of values of its kind, or a map of its entry's key and value.
    pub fn fits(&self, field: FieldDescriptor<'_>) -> bool {
        match self {
            Value::List(items) => field.is_list() && items.iter().all(|i| i.is_kind(field.kind())),
            Value::Map(entries) => {
                let Some((key, value)) = field.map_entry() else {
                    return false;
                };
                entries
                    .iter()
                    .all(|(k, v)| k.is_kind(key.kind()) && v.is_kind(value.kind()))
            }
            single => !field.is_list() && !field.is_map() && single.is_kind(field.kind()),
        }
    }

    /// The `bool` it holds, if it is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(v) => Some(*v),
            _ => None,
        }
    }

    /// The `i32` it holds, or the number of the enum value it holds.
    pub fn as_i32(&self) -> Option<i32> {
        match self {
            Value::I32(v) | Value::Enum(v) => Some(*v),
            _ => None,
        }
    }

    /// The `i64` it holds, if it is one.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::I64(v) => Some(*v),
            _ => None,
        }
    }

    /// The `u32` it holds, if it is one.
    pub fn as_u32(&self) -> Option<u32> {
        match self {
            Value::U32(v) => Some(*v),
            _ => None,
        }
    }

    /// The `u64` it holds, if it is one.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::U64(v) => Some(*v),
            _ => None,
        }
    }

    /// The `f32` it holds, if it is one.
    pub fn as_f32(&self) -> Option<f32> {
        match self {
            Value::F32(v) => Some(*v),
            _ => None,
        }
    }

    /// The `f64` it holds, if it is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::F64(v) => Some(*v),
            _ => None,
        }
    }

    /// The string it holds, if it is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(v) => Some(v),
            _ => None,
        }
    }

    /// The bytes it holds, if it is `bytes`.
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Bytes(v) => Some(v),
            _ => None,
        }
    }

    /// The message it holds, if it is one.
    pub fn as_message(&self) -> Option<&DynamicMessage<'a>> {
        match self {
            Value::Message(v) => Some(v),
            _ => None,
        }
    }

    /// The message it holds, if it is one, to change in place.
    pub fn as_message_mut(&mut self) -> Option<&mut DynamicMessage<'a>> {
        match self {
            Value::Message(v) => Some(v),
            _ => None,
        }
    }

    /// The list it holds, if it is one.
    pub fn as_list(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::List(v) => Some(v),
            _ => None,
        }
    }

    /// The map it holds, if it is one.
    pub fn as_map(&self) -> Option<&BTreeMap<MapKey, Value<'a>>> {
        match self {
            Value::Map(v) => Some(v),
            _ => None,
        }
    }
}

impl MapKey {
    /// Whether it is a key of kind `kind`.
    pub fn is_kind(&self, kind: Kind<'_>) -> bool {
        matches!(
            (self, kind),
            (MapKey::Bool(_), Kind::Bool)
                | (MapKey::I32(_), Kind::Int32 | Kind::Sint32 | Kind::Sfixed32)
                | (MapKey::I64(_), Kind::Int64 | Kind::Sint64 | Kind::Sfixed64)
                | (MapKey::U32(_), Kind::Uint32 | Kind::Fixed32)
                | (MapKey::U64(_), Kind::Uint64 | Kind::Fixed64)
                | (MapKey::String(_), Kind::String)
        )
    }

    /// The zero key of kind `kind`, which an entry without a key has; none
    /// for a kind that cannot be a key.
    pub fn zero_of(kind: Kind<'_>) -> Option<MapKey> {
        Value::zero_of(kind).try_into().ok()
    }
}

impl From<MapKey> for Value<'_> {
    fn from(key: MapKey) -> Self {
        match key {
            MapKey::Bool(v) => Value::Bool(v),
            MapKey::I32(v) => Value::I32(v),
            MapKey::I64(v) => Value::I64(v),
            MapKey::U32(v) => Value::U32(v),
            MapKey::U64(v) => Value::U64(v),
            MapKey::String(v) => Value::String(v),
        }
    }
}

impl<'a> TryFrom<Value<'a>> for MapKey {
    type Error = Value<'a>;

    /// The key a scalar is; the value back for one that cannot be a key.
    fn try_from(value: Value<'a>) -> Result<Self, Value<'a>> {
        match value {
            Value::Bool(v) => Ok(MapKey::Bool(v)),
            Value::I32(v) => Ok(MapKey::I32(v)),
            Value::I64(v) => Ok(MapKey::I64(v)),
            Value::U32(v) => Ok(MapKey::U32(v)),
            Value::U64(v) => Ok(MapKey::U64(v)),
            Value::String(v) => Ok(MapKey::String(v)),
            other => Err(other),
        }
    }
}

/// The value `[default = text]` declares for a field of kind `kind`, as
/// descriptors write it: numbers in decimal, `inf`, `-inf` and `nan`,
/// bytes C-escaped, an enum by its value's name.
fn parse_default<'a>(kind: Kind<'a>, text: &str) -> Option<Value<'a>> {
    let float = |text: &str| match text {
        "inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        "nan" => Some(f64::NAN),
        other => other.parse().ok(),
    };
    Some(match kind {
        Kind::Double => Value::F64(float(text)?),
        Kind::Float => Value::F32(float(text)? as f32),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(text.parse().ok()?),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(text.parse().ok()?),
        Kind::Uint32 | Kind::Fixed32 => Value::U32(text.parse().ok()?),
        Kind::Uint64 | Kind::Fixed64 => Value::U64(text.parse().ok()?),
        Kind::Bool => Value::Bool(text.parse().ok()?),
        Kind::String => Value::String(text.to_owned()),
        Kind::Bytes => Value::Bytes(crate::reflect::text::unescape_bytes(text)?),
        Kind::Enum(enumeration) => Value::Enum(enumeration.value_by_name(text)?.number()),
        Kind::Message(_) => return None,
    })
}
