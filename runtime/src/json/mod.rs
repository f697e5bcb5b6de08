//! The canonical JSON mapping, as serde impls (feature `json`).
//!
//! docs/json.md states the mapping. In short: field names as written in the
//! schema; fields at their default left out; 64-bit integers and decimals as
//! strings, so that nothing is lost; bytes as base64; enums by name; `value`
//! with an explicit type where JSON alone would lose it.
//!
//! Each codec has a [`JsonCodec`] impl, so the mapping of a type is defined
//! once and used by generated serde impls and by `schemac encode`/`decode`
//! alike. Generated messages implement [`JsonMessage`]; the functions below
//! are what that generated code calls.

mod fields;
mod graph;
pub(crate) mod scalars;
mod strict;
mod value;

pub(crate) use graph::{ID_KEY, REF_KEY};
pub use graph::{deserialize_arc, deserialize_rc};
pub use strict::parse_strict;

use core::cell::Cell;
use core::fmt;
use core::marker::PhantomData;

pub use serde;
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::__private::codec::{self, Codec};
use crate::message::{Enumeration, Message};

thread_local! {
    /// Whether messages read on this thread skip the keys they do not
    /// know, inside [`ignoring_unknown_fields`].
    static IGNORE_UNKNOWN_FIELDS: Cell<bool> = const { Cell::new(false) };
}

/// Runs `read` with unknown keys skipped instead of refused: ProtoJSON's
/// `ignore_unknown_fields` option. Every message that `read` reads on this
/// thread, at any depth, skips the value of a key it has no field for; a
/// known field is still checked as always. The setting ends with `read`,
/// even when it panics.
///
/// For a generated message `Order`: `let order: Order =
/// ignoring_unknown_fields(|| serde_json::from_str(text))?;`.
pub fn ignoring_unknown_fields<T>(read: impl FnOnce() -> T) -> T {
    with_unknown_fields_ignored(true, read)
}

/// Runs `read` with unknown keys skipped or refused, as `ignore` says,
/// on this thread; the setting ends with `read`, even when it panics.
pub(crate) fn with_unknown_fields_ignored<T>(ignore: bool, read: impl FnOnce() -> T) -> T {
    /// Puts the previous setting back when dropped.
    struct Restore(bool);

    impl Drop for Restore {
        fn drop(&mut self) {
            IGNORE_UNKNOWN_FIELDS.with(|ignore| ignore.set(self.0));
        }
    }

    let _restore = Restore(IGNORE_UNKNOWN_FIELDS.with(|cell| cell.replace(ignore)));
    read()
}

/// Whether a key a message does not know is skipped rather than refused,
/// here and now.
pub(crate) fn unknown_fields_ignored() -> bool {
    IGNORE_UNKNOWN_FIELDS.with(Cell::get)
}

/// How the values of one codec are written to and read from JSON.
#[doc(hidden)]
pub trait JsonCodec: Codec {
    /// Whether `null` is a value of this type (`value`'s `Null`) rather than
    /// no value: an `optional` field or oneof member reads it as set.
    const NULL_IS_A_VALUE: bool = false;

    /// Writes `value`.
    fn serialize<S: Serializer>(value: &Self::Value, serializer: S) -> Result<S::Ok, S::Error>;

    /// Reads a value.
    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self::Value, D::Error>;

    /// Reads a value, or `None` for one that is skipped: an enum's name
    /// that the schema does not know, inside [`ignoring_unknown_fields`].
    fn deserialize_known<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Self::Value>, D::Error> {
        Self::deserialize(deserializer).map(Some)
    }
}

/// A codec whose values can be JSON object keys, which are strings.
#[doc(hidden)]
pub trait JsonKey: Codec {
    /// The key as a string: `"12"`, `"true"`, or the string itself.
    fn to_key(value: &Self::Value) -> String;

    /// The value a key string stands for.
    fn from_key(key: &str) -> Result<Self::Value, String>;
}

/// A generated message's fields in JSON. Hidden: generated code implements it.
#[doc(hidden)]
pub trait JsonMessage: Message {
    /// Whether a `ref` or `weak` field can point at this message, so that
    /// as a top-level message it carries `"$id": 1` (docs/graph.md).
    const REF_TARGET: bool = false;

    /// Writes every field that is not at its default.
    fn serialize_fields<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;

    /// Reads the value of the field named `key`, through
    /// [`FieldAccess::field`]; `Ok(false)` when the message has no such
    /// field.
    fn deserialize_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut FieldAccess<A>,
    ) -> Result<bool, A::Error>;
}

/// The members of one JSON object being read into a message: the map
/// access they are read from, and the fields read so far, so that a field
/// given twice, by one of its names or by both, is refused, as in Google's
/// parsers. Hidden: generated `deserialize_field` bodies use it.
#[doc(hidden)]
pub struct FieldAccess<A> {
    access: A,
    /// The message's full name, for errors.
    message: &'static str,
    /// Fields 0 to 63 read so far, one bit each.
    low: u64,
    /// The other fields read so far.
    high: alloc::collections::BTreeSet<u32>,
}

impl<'de, A: MapAccess<'de>> FieldAccess<A> {
    fn new(access: A, message: &'static str) -> Self {
        Self {
            access,
            message,
            low: 0,
            high: alloc::collections::BTreeSet::new(),
        }
    }

    /// The map access to read the value of field `number` with, the
    /// value of the key just read; an error if the object gave the field
    /// before.
    #[inline]
    pub fn field(&mut self, number: u32) -> Result<&mut A, A::Error> {
        let first = match number {
            0..64 => {
                let bit = 1 << number;
                let first = self.low & bit == 0;
                self.low |= bit;
                first
            }
            _ => self.high.insert(number),
        };
        if !first {
            return Err(de::Error::custom(format_args!(
                "field {number} of message {} is given twice, by one of its names or by both",
                self.message
            )));
        }
        Ok(&mut self.access)
    }
}

/// A value of codec `C`, borrowed, as something serde can write.
#[doc(hidden)]
pub struct Ser<'a, C: Codec>(pub &'a C::Value);

impl<C: JsonCodec> Serialize for Ser<'_, C> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        C::serialize(self.0, serializer)
    }
}

/// A value of codec `C` read by serde; `null`, and a value skipped (see
/// [`JsonCodec::deserialize_known`]), read as the default.
#[doc(hidden)]
pub struct De<C: Codec>(pub C::Value);

impl<'de, C: JsonCodec> Deserialize<'de> for De<C> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(De(Option::<Present<C>>::deserialize(deserializer)?
            .and_then(|present| present.0)
            .unwrap_or_default()))
    }
}

/// A value of codec `C` that is there: `null` is not accepted. `None` when
/// the value is skipped ([`JsonCodec::deserialize_known`]).
struct Present<C: Codec>(Option<C::Value>);

impl<'de, C: JsonCodec> Deserialize<'de> for Present<C> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        C::deserialize_known(deserializer).map(Present)
    }
}

struct SerList<'a, C: Codec>(&'a [C::Value]);

impl<C: JsonCodec> Serialize for SerList<'_, C> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for value in self.0 {
            seq.serialize_element(&Ser::<C>(value))?;
        }
        seq.end()
    }
}

struct SerMap<'a, K: Codec, V: Codec, I>(I, PhantomData<(&'a K::Value, &'a V::Value)>);

impl<'a, K, V, I> Serialize for SerMap<'a, K, V, I>
where
    K: JsonKey,
    V: JsonCodec,
    I: IntoIterator<Item = (&'a K::Value, &'a V::Value)> + Clone,
    K::Value: 'a,
    V::Value: 'a,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (key, value) in self.0.clone() {
            map.serialize_entry(&K::to_key(key), &Ser::<V>(value))?;
        }
        map.end()
    }
}

/// Writes a field with implicit presence, unless it is the default.
pub(crate) fn field<C: JsonCodec, M: SerializeMap>(
    map: &mut M,
    name: &'static str,
    value: &C::Value,
) -> Result<(), M::Error> {
    if C::is_default(value) {
        return Ok(());
    }
    map.serialize_entry(name, &Ser::<C>(value))
}

/// Writes a field whatever its value: a oneof member that is set.
pub(crate) fn present<C: JsonCodec, M: SerializeMap>(
    map: &mut M,
    name: &'static str,
    value: &C::Value,
) -> Result<(), M::Error> {
    map.serialize_entry(name, &Ser::<C>(value))
}

/// Writes a field with explicit presence, if it is there.
pub(crate) fn optional<C: JsonCodec, M: SerializeMap>(
    map: &mut M,
    name: &'static str,
    value: Option<&C::Value>,
) -> Result<(), M::Error> {
    match value {
        Some(value) => map.serialize_entry(name, &Ser::<C>(value)),
        None => Ok(()),
    }
}

/// Writes a list field as an array, unless it is empty.
pub(crate) fn list<C: JsonCodec, M: SerializeMap>(
    map: &mut M,
    name: &str,
    values: &[C::Value],
) -> Result<(), M::Error> {
    if values.is_empty() {
        return Ok(());
    }
    map.serialize_entry(name, &SerList::<C>(values))
}

/// Writes a map field as an object, unless it is empty.
pub(crate) fn map<'a, K, V, M, I>(
    map: &mut M,
    name: &'static str,
    entries: I,
) -> Result<(), M::Error>
where
    K: JsonKey,
    V: JsonCodec,
    M: SerializeMap,
    I: IntoIterator<Item = (&'a K::Value, &'a V::Value)> + Clone,
    K::Value: 'a,
    V::Value: 'a,
{
    if entries.clone().into_iter().next().is_none() {
        return Ok(());
    }
    map.serialize_entry(name, &SerMap::<K, V, I>(entries, PhantomData))
}

/// Reads a field's value; `null` reads as the default.
pub(crate) fn read<'de, C: JsonCodec, A: MapAccess<'de>>(
    map: &mut A,
) -> Result<C::Value, A::Error> {
    Ok(map.next_value::<De<C>>()?.0)
}

/// Reads an optional field's value; `null` reads as absent, unless it is a
/// value of the type.
pub(crate) fn read_optional<'de, C: JsonCodec, A: MapAccess<'de>>(
    map: &mut A,
) -> Result<Option<C::Value>, A::Error> {
    if C::NULL_IS_A_VALUE {
        return Ok(map.next_value::<Present<C>>()?.0);
    }
    Ok(map
        .next_value::<Option<Present<C>>>()?
        .and_then(|present| present.0))
}

/// Reads the value of `member` of oneof `oneof`, which already holds a
/// member when `set`; `null` reads as absent, unless it is a value of the
/// type. Two members with values are an
/// error, as the oneof can hold only one.
pub(crate) fn read_member<'de, C: JsonCodec, A: MapAccess<'de>>(
    map: &mut A,
    member: &str,
    oneof: &str,
    set: bool,
) -> Result<Option<C::Value>, A::Error> {
    let value = read_optional::<C, A>(map)?;
    if set && value.is_some() {
        return Err(de::Error::custom(format_args!(
            "`{member}` is a second member of oneof `{oneof}`; set one"
        )));
    }
    Ok(value)
}

/// Reads a list field's array; `null` reads as empty, and values skipped
/// are left out.
pub(crate) fn read_list<'de, C: JsonCodec, A: MapAccess<'de>>(
    map: &mut A,
) -> Result<Vec<C::Value>, A::Error> {
    let values = map.next_value::<Option<Vec<Present<C>>>>()?;
    Ok(values
        .unwrap_or_default()
        .into_iter()
        .filter_map(|present| present.0)
        .collect())
}

/// Reads a map field's object into any map type; `null` reads as empty, a
/// `null` value is an error unless it is a value of the type, and an entry
/// whose value is skipped is left out.
pub(crate) fn read_map<'de, K, V, T, A>(map: &mut A) -> Result<T, A::Error>
where
    K: JsonKey,
    V: JsonCodec,
    T: Default + Extend<(K::Value, V::Value)>,
    A: MapAccess<'de>,
{
    Ok(map
        .next_value::<Option<DeMap<K, V, T>>>()?
        .map(|entries| entries.0)
        .unwrap_or_default())
}

struct DeMap<K, V, T>(T, PhantomData<(K, V)>);

impl<'de, K, V, T> Deserialize<'de> for DeMap<K, V, T>
where
    K: JsonKey,
    V: JsonCodec,
    T: Default + Extend<(K::Value, V::Value)>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor<K, V, T>(PhantomData<(K, V, T)>);

        impl<'de, K, V, T> Visitor<'de> for EntriesVisitor<K, V, T>
        where
            K: JsonKey,
            V: JsonCodec,
            T: Default + Extend<(K::Value, V::Value)>,
        {
            type Value = DeMap<K, V, T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                // Read first, then added at once: a map kept sorted
                // (`LiteMap`) sorts them once rather than shifting its
                // entries for each key out of order.
                let mut read = Vec::with_capacity(access.size_hint().unwrap_or(0).min(64));
                while let Some(key) = access.next_key::<String>()? {
                    let key = K::from_key(&key).map_err(de::Error::custom)?;
                    // A null value is an error, as in Google's parsers,
                    // unless null is a value of the type.
                    if let Some(value) = access.next_value::<Present<V>>()?.0 {
                        read.push((key, value));
                    }
                }
                let mut entries = T::default();
                entries.extend(read);
                Ok(DeMap(entries, PhantomData))
            }
        }

        deserializer.deserialize_map(EntriesVisitor(PhantomData))
    }
}

/// Writes a message as a JSON object of its fields. A graph message
/// ([`Message::GRAPH`]) that no other is being written around is the
/// top-level message of a graph: its objects are numbered from here.
#[doc(hidden)]
pub fn serialize_message<M: JsonMessage, S: Serializer>(
    message: &M,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let top_level = match M::GRAPH {
        true => graph::WriteScope::open(message as *const M as *const () as usize),
        false => None,
    };
    let mut map = serializer.serialize_map(None)?;
    if top_level.is_some() {
        graph::write_root_id::<M, S::SerializeMap>(&mut map)?;
    }
    message.serialize_fields(&mut map)?;
    map.end()
}

/// Reads a message from a JSON object; a field the message does not have is
/// an error naming it, unless inside [`ignoring_unknown_fields`]. A graph
/// message that no other is being read around is the top-level message of
/// a graph, whose labels are taken from here.
#[doc(hidden)]
pub fn deserialize_message<'de, M: JsonMessage, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<M, D::Error> {
    struct MessageVisitor<M>(PhantomData<M>);

    impl<'de, M: JsonMessage> Visitor<'de> for MessageVisitor<M> {
        type Value = M;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a JSON object for message {}", M::NAME)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<M, A::Error> {
            let first = access.next_key()?;
            if M::GRAPH
                && let Some(_top_level) = graph::ReadScope::open()
            {
                return graph::read_top_level(first, &mut access);
            }
            let mut message = M::default();
            read_members(&mut message, first, &mut access)?;
            Ok(message)
        }
    }

    deserializer.deserialize_map(MessageVisitor(PhantomData))
}

/// Reads the members of `message`'s JSON object, from `first`, the key
/// read already, to the end.
pub(crate) fn read_members<'de, M: JsonMessage, A: MapAccess<'de>>(
    message: &mut M,
    first: Option<alloc::borrow::Cow<'de, str>>,
    access: &mut A,
) -> Result<(), A::Error> {
    let mut map = FieldAccess::new(access, M::NAME);
    let mut key = first;
    while let Some(name) = key {
        if !message.deserialize_field(&name, &mut map)? {
            if !unknown_fields_ignored() {
                return Err(match graph::misplaced(&name) {
                    Some(misplaced) => de::Error::custom(misplaced),
                    None => de::Error::custom(format_args!(
                        "unknown field `{name}` in message {}",
                        M::NAME
                    )),
                });
            }
            map.access.next_value::<de::IgnoredAny>()?;
        }
        key = map.access.next_key()?;
    }
    Ok(())
}

impl<M: JsonMessage> JsonCodec for codec::Message<M> {
    fn serialize<S: Serializer>(value: &M, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_message(value, serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<M, D::Error> {
        deserialize_message(deserializer)
    }
}

/// A group is a message in JSON, under its field's name.
impl<M: JsonMessage> JsonCodec for codec::Group<M> {
    fn serialize<S: Serializer>(value: &M, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_message(value, serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<M, D::Error> {
        deserialize_message(deserializer)
    }
}

impl<M: JsonMessage> JsonCodec for codec::BoxedGroup<M> {
    fn serialize<S: Serializer>(value: &Box<M>, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_message(&**value, serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Box<M>, D::Error> {
        deserialize_message(deserializer).map(Box::new)
    }
}

/// Writes an enum value by name, or by number when the schema does not name it.
#[doc(hidden)]
pub fn serialize_enum<E: Enumeration, S: Serializer>(
    value: E,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value.name() {
        Some(name) => serializer.serialize_str(name),
        None => serializer.serialize_i32(value.number()),
    }
}

/// Reads an enum value from its name or its number.
#[doc(hidden)]
pub fn deserialize_enum<'de, E: Enumeration, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<E, D::Error> {
    let value = deserializer.deserialize_any(EnumVisitor {
        skip_unknown_names: false,
        closed: false,
        enumeration: PhantomData,
    })?;
    value.ok_or_else(|| de::Error::custom("an enum value skipped"))
}

/// Reads an enum value from its name or its number; `None` for a name the
/// schema does not know, inside [`ignoring_unknown_fields`], which
/// ProtoJSON skips as it skips unknown keys.
pub(crate) fn deserialize_known_enum<'de, E: Enumeration, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<E>, D::Error> {
    deserializer.deserialize_any(EnumVisitor {
        skip_unknown_names: unknown_fields_ignored(),
        closed: false,
        enumeration: PhantomData,
    })
}

/// Reads a closed enum's value from its name or its number, which the
/// enum must name ([`codec::ClosedEnum`]).
pub(crate) fn deserialize_closed_enum<'de, E: Enumeration, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<E, D::Error> {
    let value = deserializer.deserialize_any(EnumVisitor {
        skip_unknown_names: false,
        closed: true,
        enumeration: PhantomData,
    })?;
    value.ok_or_else(|| de::Error::custom("an enum value skipped"))
}

/// [`deserialize_known_enum`] of a closed enum: a number the enum does not
/// name is refused even inside [`ignoring_unknown_fields`], as Google's
/// Python protobuf refuses it.
pub(crate) fn deserialize_known_closed_enum<'de, E: Enumeration, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<E>, D::Error> {
    deserializer.deserialize_any(EnumVisitor {
        skip_unknown_names: unknown_fields_ignored(),
        closed: true,
        enumeration: PhantomData,
    })
}

/// Reads an enum value from its name or its number.
struct EnumVisitor<E> {
    /// Whether a name the schema does not know reads as `None`, rather
    /// than as an error.
    skip_unknown_names: bool,
    /// Whether the enum is closed, so that a number it does not name is an
    /// error rather than a value.
    closed: bool,
    enumeration: PhantomData<E>,
}

impl<E: Enumeration> Visitor<'_> for EnumVisitor<E> {
    type Value = Option<E>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a value name or number of enum {}", E::NAME)
    }

    fn visit_str<Err: de::Error>(self, name: &str) -> Result<Option<E>, Err> {
        match E::from_name(name) {
            Some(value) => Ok(Some(value)),
            None if self.skip_unknown_names => Ok(None),
            None => Err(Err::custom(format_args!(
                "`{name}` is not a value of enum {}",
                E::NAME
            ))),
        }
    }

    fn visit_i64<Err: de::Error>(self, number: i64) -> Result<Option<E>, Err> {
        let value = match i32::try_from(number) {
            Ok(number) => E::from_number(number),
            Err(_) => {
                return Err(Err::custom(format_args!(
                    "{number} is out of range for enum {}",
                    E::NAME
                )));
            }
        };
        if self.closed && value.name().is_none() {
            return Err(Err::custom(format_args!(
                "{number} is not a value of enum {}, which is closed",
                E::NAME
            )));
        }
        Ok(Some(value))
    }

    fn visit_u64<Err: de::Error>(self, number: u64) -> Result<Option<E>, Err> {
        self.visit_i64(i64::try_from(number).unwrap_or(i64::MAX))
    }
}

#[cfg(test)]
mod tests;
