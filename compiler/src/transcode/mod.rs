//! Transcoding between JSON and the binary format with nothing but the
//! schema, like protoc's `--encode` and `--decode`. [`Codec`] is what
//! `schemac encode` and `schemac decode` call: the runtime's dynamic
//! messages, and for a message whose meaning goes beyond its descriptor
//! ([`Codec`] says which), [`encode`] and [`decode`] here, which read the
//! schema itself.
//!
//! The JSON mapping is the one generated serde impls use (docs/json.md):
//! scalars go through the runtime's [`JsonCodec`] impls, so the two cannot
//! drift apart. Encoding writes fields in the order generated code does, so
//! the bytes are the same too.
//!
//! A message's extensions ([`Schema::json_extensions_of`])
//! are members `"[their.full_name]"` of its JSON object, written after its
//! fields by number, as generated code writes them; a message set's as
//! items.

mod decode;
mod encode;
mod messages;

use std::fmt;

use schemac_runtime::__private::codec;
use schemac_runtime::graph::REFERENCE_FIELD;
use schemac_runtime::json::{JsonCodec, JsonKey};

use crate::model::{
    Extension, Field, FieldType, GRAPH_ID_FIELD_NUMBER, Message, MessageId, Scalar, Schema,
    WellKnown,
};

pub use decode::{decode, decode_with_names};
pub use encode::encode;
pub use messages::{Codec, CodecError};
pub use schemac_runtime::json::parse_strict as parse_json;

/// Graph mode's JSON (docs/graph.md): the first occurrence of an object
/// is the object with its id under `$id`, every later one `{"$ref": id}`.
/// JSON numbers every object; the wire numbers only those that occur more
/// than once.
const ID_KEY: &str = "$id";
const REF_KEY: &str = "$ref";

// Graph mode's wire format (docs/graph.md): a reference holds a message of
// its type, as a plain field would. An object that occurs more than once
// holds its number in `REFERENCE_FIELD`, the highest field number: first at
// its first occurrence in the bytes, then its fields; alone at every later
// one. It is the field export-proto declares.
const _: () = assert!(REFERENCE_FIELD as i64 == GRAPH_ID_FIELD_NUMBER);

/// The number in [`REFERENCE_FIELD`] of a dead `weak` reference: no object.
const DEAD: u32 = 0;

/// The id of the top-level message in graph mode, in JSON and on the wire.
const ROOT_ID: u32 = 1;

/// Why a value could not be transcoded: what, and in which field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscodeError {
    path: String,
    reason: String,
}

impl TranscodeError {
    fn new(path: &Path, reason: impl fmt::Display) -> Self {
        Self {
            path: path.to_string(),
            reason: reason.to_string(),
        }
    }

    /// The field path, such as `shop.Order.order_lines[3].cost`.
    pub fn path(&self) -> &str {
        &self.path
    }
}

impl fmt::Display for TranscodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.reason)
    }
}

impl std::error::Error for TranscodeError {}

/// Where in a message a value is, for errors: `shop.Order.order_lines[3].cost`.
#[derive(Clone, Debug)]
struct Path {
    segments: Vec<String>,
}

impl Path {
    fn root(message: &Message) -> Self {
        Self {
            segments: vec![message.full_name.clone()],
        }
    }

    fn field(&self, name: &str) -> Self {
        let mut path = self.clone();
        path.segments.push(format!(".{name}"));
        path
    }

    fn index(&self, index: usize) -> Self {
        let mut path = self.clone();
        path.segments.push(format!("[{index}]"));
        path
    }

    fn key(&self, key: &str) -> Self {
        let mut path = self.clone();
        path.segments.push(format!("[{key:?}]"));
        path
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.segments
            .iter()
            .try_for_each(|segment| f.write_str(segment))
    }
}

/// The message named `name`: its full name (`shop.Order`), or its short
/// name when only one message has it.
pub fn find_message(schema: &Schema, name: &str) -> Result<MessageId, String> {
    let name = name.strip_prefix('.').unwrap_or(name);
    if let Some((id, _)) = schema.message_ids().find(|(_, m)| m.full_name == name) {
        return Ok(id);
    }
    let matches: Vec<(MessageId, &Message)> = schema
        .message_ids()
        .filter(|(_, m)| m.name == name)
        .collect();
    match matches.as_slice() {
        [(id, _)] => Ok(*id),
        [] => Err(format!("no message named `{name}` in the schema")),
        _ => Err(format!(
            "`{name}` is ambiguous; write one of {}",
            matches
                .iter()
                .map(|(_, m)| format!("`{}`", m.full_name))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The field of `extension`, with presence whatever its label, as a
/// singular extension has: a value at its default is written, and read.
fn extension_field(extension: &Extension) -> Field {
    let mut field = extension.field.clone();
    if let FieldType::Single(ty) = field.ty {
        field.ty = FieldType::Optional(ty);
    }
    field
}

/// Whether JSON reads `extension` from `key`: its `[full.name]`, or for a
/// message set's extension the name of its message type too.
fn reads_extension_from(schema: &Schema, extension: &Extension, key: &str) -> bool {
    extension.json_key() == key || schema.extension_json_alias(extension).as_deref() == Some(key)
}

/// Something to do with the codec of a scalar, whichever it is.
trait CodecVisitor {
    type Output;
    fn visit<C: JsonCodec>(self) -> Self::Output;

    /// `visit`, for a codec whose values may be map keys.
    fn visit_key<C: JsonCodec + JsonKey>(self) -> Self::Output
    where
        C::Value: Ord,
        Self: Sized,
    {
        self.visit::<C>()
    }
}

/// Runs `visitor` with the runtime codec of `scalar`: by `visit_key` for
/// the scalars that may be map keys ([`Scalar::is_map_key`]).
fn with_codec<V: CodecVisitor>(scalar: Scalar, visitor: V) -> V::Output {
    match scalar {
        Scalar::I32 => visitor.visit_key::<codec::Int32>(),
        Scalar::I64 => visitor.visit_key::<codec::Int64>(),
        Scalar::U32 => visitor.visit_key::<codec::Uint32>(),
        Scalar::U64 => visitor.visit_key::<codec::Uint64>(),
        Scalar::Sint32 => visitor.visit_key::<codec::Sint32>(),
        Scalar::Sint64 => visitor.visit_key::<codec::Sint64>(),
        Scalar::Fixed32 => visitor.visit_key::<codec::Fixed32>(),
        Scalar::Fixed64 => visitor.visit_key::<codec::Fixed64>(),
        Scalar::Sfixed32 => visitor.visit_key::<codec::Sfixed32>(),
        Scalar::Sfixed64 => visitor.visit_key::<codec::Sfixed64>(),
        Scalar::F32 => visitor.visit::<codec::Float>(),
        Scalar::F64 => visitor.visit::<codec::Double>(),
        Scalar::Bool => visitor.visit_key::<codec::Bool>(),
        Scalar::String => visitor.visit_key::<codec::String>(),
        Scalar::Bytes => visitor.visit::<codec::Bytes>(),
        Scalar::Decimal => visitor.visit::<codec::Decimal>(),
        Scalar::Value => visitor.visit::<codec::Value>(),
    }
}

/// Runs `visitor` with the runtime codec of the well-known type `known`.
fn with_well_known<V: CodecVisitor>(known: WellKnown, visitor: V) -> V::Output {
    match known {
        WellKnown::Timestamp => visitor.visit::<codec::Timestamp>(),
        WellKnown::Duration => visitor.visit::<codec::Duration>(),
        WellKnown::Empty => visitor.visit::<codec::Empty>(),
        WellKnown::FieldMask => visitor.visit::<codec::FieldMask>(),
        WellKnown::Struct => visitor.visit::<codec::Struct>(),
        WellKnown::Value => visitor.visit::<codec::StructValue>(),
        WellKnown::ListValue => visitor.visit::<codec::ListValue>(),
        WellKnown::NullValue => visitor.visit::<codec::NullValue>(),
        WellKnown::Any => visitor.visit::<codec::Any>(),
        WellKnown::DoubleValue => visitor.visit::<codec::DoubleValue>(),
        WellKnown::FloatValue => visitor.visit::<codec::FloatValue>(),
        WellKnown::Int64Value => visitor.visit::<codec::Int64Value>(),
        WellKnown::UInt64Value => visitor.visit::<codec::UInt64Value>(),
        WellKnown::Int32Value => visitor.visit::<codec::Int32Value>(),
        WellKnown::UInt32Value => visitor.visit::<codec::UInt32Value>(),
        WellKnown::BoolValue => visitor.visit::<codec::BoolValue>(),
        WellKnown::StringValue => visitor.visit::<codec::StringValue>(),
        WellKnown::BytesValue => visitor.visit::<codec::BytesValue>(),
    }
}

/// Something to do with the codec of a map key, whichever it is.
trait KeyVisitor {
    type Output;
    fn visit<C: JsonCodec + JsonKey>(self) -> Self::Output
    where
        C::Value: Ord;
}

/// Runs `visitor` with the runtime codec of map key type `scalar`, or
/// returns `None` for a scalar that cannot be a key (check rules them out).
fn with_key_codec<V: KeyVisitor>(scalar: Scalar, visitor: V) -> Option<V::Output> {
    /// `visitor`, called for key codecs only.
    struct Keys<V>(V);

    impl<V: KeyVisitor> CodecVisitor for Keys<V> {
        type Output = Option<V::Output>;

        fn visit<C: JsonCodec>(self) -> Self::Output {
            None
        }

        fn visit_key<C: JsonCodec + JsonKey>(self) -> Self::Output
        where
            C::Value: Ord,
        {
            Some(self.0.visit::<C>())
        }
    }

    with_codec(scalar, Keys(visitor))
}

#[cfg(test)]
mod tests;
