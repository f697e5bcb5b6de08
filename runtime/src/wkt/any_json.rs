//! ProtoJSON's `Any` (feature `json`), and the registry of the message
//! types it can hold beside the well-known ones.
//!
//! An `Any` holding a well-known type is `{"@type": URL, "value": JSON}`
//! (only `@type` for `Empty`); one holding another message is that
//! message's fields beside `@type`, which takes knowing the type by its
//! name: [`Any::register_json`] adds it to a registry of the process.
//! `@type` may come anywhere among the keys, so reading holds the other
//! keys' values until the type is known.

use alloc::collections::BTreeMap;
use core::fmt;
use std::sync::{PoisonError, RwLock};

use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde::ser::{self, Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value as Json};

use super::codecs::*;
use super::{Any, Empty};
use crate::__private::codec;
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::json::{JsonCodec, Ser};
use crate::message::{Message, Name};

/// A JSON object's keys and values, in the order read.
type Fields = Map<String, Json>;

/// How the JSON of a registered message type is written and read, by
/// the message's bytes.
#[derive(Clone, Copy)]
struct Registered {
    to_json: fn(&[u8]) -> Result<Fields, String>,
    from_json: fn(Fields) -> Result<Vec<u8>, String>,
}

/// The message types registered for the JSON of `Any`, by full name.
static REGISTRY: RwLock<BTreeMap<&'static str, Registered>> = RwLock::new(BTreeMap::new());

impl Any {
    /// Registers `M` for the JSON of an `Any` (feature `json`): from now on,
    /// in every thread, an `Any` holding an `M` is written as ProtoJSON
    /// writes it, `M`'s fields beside `@type`, and read from that form.
    /// Without it, such an `Any` has no JSON, and writing or reading it is
    /// an error that names the type. Registering a type again changes
    /// nothing; the well-known types need no registering. Every generated
    /// message with serde impls can be registered:
    /// `Any::register_json::<shop::Order>()`.
    pub fn register_json<M>()
    where
        M: Message + Name + Serialize + DeserializeOwned,
    {
        let registered = Registered {
            to_json: message_to_json::<M>,
            from_json: message_from_json::<M>,
        };
        REGISTRY
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(M::FULL_NAME, registered);
    }
}

/// The registered type named `name`, if any.
fn registered(name: &str) -> Option<Registered> {
    REGISTRY
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .get(name)
        .copied()
}

/// The JSON fields of the `M` whose bytes are `content`.
fn message_to_json<M: Message + Name + Serialize>(
    content: &[u8],
) -> Result<Map<String, Json>, String> {
    let message = M::decode(content).map_err(|error| {
        format!("the bytes of a google.protobuf.Any are not its type's: {error}")
    })?;
    match serde_json::to_value(&message).map_err(|error| error.to_string())? {
        Json::Object(fields) => Ok(fields),
        _ => Err(format!("message {} is not a JSON object", M::FULL_NAME)),
    }
}

/// The bytes of the `M` whose JSON fields are `fields`.
fn message_from_json<M: Message + Name + DeserializeOwned>(
    fields: Map<String, Json>,
) -> Result<Vec<u8>, String> {
    let message: M = serde_json::from_value(Json::Object(fields))
        .map_err(|error| format!("in google.protobuf.Any of {}: {error}", M::FULL_NAME))?;
    message
        .try_encode_to_vec()
        .map_err(|error| error.to_string())
}

/// Why an `Any` holding `type_url` has no JSON here.
fn unregistered(type_url: &str) -> String {
    format!(
        "the JSON of a google.protobuf.Any holding `{type_url}` needs its message type \
         registered with Any::register_json; the runtime knows only the well-known types"
    )
}

/// ProtoJSON's `Any`, for the well-known types and the registered ones;
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
        if with_known(name, Known).is_some() {
            let mut map = serializer.serialize_map(Some(2))?;
            map.serialize_entry("@type", &any.type_url)?;
            let write = WriteValue {
                map: &mut map,
                content: &any.value,
            };
            with_known(name, write).unwrap_or(Ok(()))?;
            return map.end();
        }
        let Some(registered) = registered(name) else {
            return Err(ser::Error::custom(unregistered(&any.type_url)));
        };
        let fields = (registered.to_json)(&any.value).map_err(ser::Error::custom)?;
        let mut map = serializer.serialize_map(Some(fields.len() + 1))?;
        map.serialize_entry("@type", &any.type_url)?;
        for (key, value) in &fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Any, D::Error> {
        deserializer.deserialize_map(AnyVisitor)
    }
}

/// Something done with the codec of a well-known type, chosen by name.
pub(crate) trait WithCodec {
    /// What it gives.
    type Output;

    /// Does it with codec `C`.
    fn with<C: JsonCodec>(self) -> Self::Output;
}

/// `with` done with the codec of the well-known type `name`, whose JSON in
/// an `Any` is `"value": ...`; `None` for any other name.
pub(crate) fn with_known<W: WithCodec>(name: &str, with: W) -> Option<W::Output> {
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
struct ReadValue(Json);

impl WithCodec for ReadValue {
    type Output = Result<Vec<u8>, String>;

    fn with<C: JsonCodec>(self) -> Result<Vec<u8>, String> {
        let value = C::deserialize(self.0).map_err(|error| error.to_string())?;
        encode_content::<C>(&value)
    }
}

/// Reads ProtoJSON's `Any`: `@type` anywhere among the keys, then `value`
/// for a well-known type other than `Empty`, which has only `@type`, or
/// the fields of a registered type; `{}` is the empty `Any`.
struct AnyVisitor;

impl<'de> Visitor<'de> for AnyVisitor {
    type Value = Any;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object with an `@type` for google.protobuf.Any")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Any, A::Error> {
        let mut type_url = None;
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "@type" {
                if type_url.is_some() {
                    return Err(de::Error::custom(
                        "duplicate field `@type` in google.protobuf.Any",
                    ));
                }
                type_url = Some(map.next_value::<String>()?);
                continue;
            }
            let value = map.next_value::<Json>()?;
            if fields.insert(key.clone(), value).is_some() {
                return Err(de::Error::custom(format_args!(
                    "duplicate field `{key}` in google.protobuf.Any"
                )));
            }
        }
        let Some(type_url) = type_url else {
            // `{}` is the empty `Any`, as it is written.
            if fields.is_empty() {
                return Ok(Any::default());
            }
            return Err(de::Error::custom(
                "missing `@type` in google.protobuf.Any with fields",
            ));
        };
        read_any(type_url, fields).map_err(de::Error::custom)
    }
}

/// The `Any` of `type_url` whose JSON keys beside `@type` are `fields`.
fn read_any(type_url: String, mut fields: Map<String, Json>) -> Result<Any, String> {
    let Some(slash) = type_url.rfind('/') else {
        return Err(format!(
            "the type URL `{type_url}` of a google.protobuf.Any has no `/`"
        ));
    };
    let name = &type_url[slash + 1..];
    let wrapped = name == Empty::FULL_NAME || with_known(name, Known).is_some();
    let value = if wrapped {
        let unknown = fields
            .keys()
            .find(|key| *key != "value" || name == Empty::FULL_NAME);
        if let Some(key) = unknown {
            return Err(format!(
                "unknown field `{key}` in google.protobuf.Any of `{name}`"
            ));
        }
        match fields.remove("value") {
            Some(json) => with_known(name, ReadValue(json)).unwrap_or(Ok(Vec::new()))?,
            None => Vec::new(),
        }
    } else {
        let Some(registered) = registered(name) else {
            return Err(unregistered(&type_url));
        };
        (registered.from_json)(fields)?
    };
    Ok(Any { type_url, value })
}

/// The value of codec `C` whose message is `content`, without a length
/// prefix: what an `Any` holds.
pub(crate) fn decode_content<C: codec::Codec>(content: &[u8]) -> Result<C::Value, String> {
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
pub(crate) fn encode_content<C: codec::Codec>(value: &C::Value) -> Result<Vec<u8>, String> {
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
