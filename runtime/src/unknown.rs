//! Fields a message did not know, kept so that they are written back.
//!
//! A proxy or cache built from an older schema thereby passes on, unchanged,
//! the fields that a newer schema added. Messages keep them unless the
//! build or the schema says otherwise (`Builder::keep_unknown_fields`,
//! `option keep_unknown_fields = false;`); then unknown fields are
//! skipped. A closed enum's number that the enum does not name goes there
//! too ([`UnknownSink`]).

use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::prelude::*;
use crate::wire::{self, WireType};

/// The unknown fields of one message, as the raw bytes of their keys and
/// values, in the order they were read.
///
/// Equality, order and hashing are those of the bytes. With the runtime's
/// `json` feature it is serde's too, for messages that derive serde's
/// traits through `type_attribute` (schemac's own JSON, `Config::json`,
/// leaves unknown fields out, as ProtoJSON does): none serialize as
/// `None`, others as their bytes; deserializing takes a missing field,
/// `None`, or bytes that hold whole fields.
#[derive(Clone, Default)]
pub struct UnknownFields {
    /// One pointer, null when none were ever kept: every message holds
    /// one, and most never keep anything, so the empty case costs a
    /// message 8 bytes and a test of a pointer when it is measured,
    /// written or dropped. (A `Vec` alone would be three words, a boxed
    /// slice two and could not grow.)
    #[allow(clippy::box_collection)]
    bytes: Option<Box<Vec<u8>>>,
}

impl UnknownFields {
    /// No unknown fields.
    pub const fn new() -> Self {
        Self { bytes: None }
    }

    /// Whether there are none.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.as_bytes().is_empty()
    }

    /// Their encoded length in bytes.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.as_bytes().len()
    }

    /// Their encoding: keys and values, back to back.
    #[inline(always)]
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.as_deref().map_or(&[], Vec::as_slice)
    }

    /// Forgets them.
    pub fn clear(&mut self) {
        if let Some(bytes) = &mut self.bytes {
            bytes.clear();
        }
    }

    /// The unknown fields `bytes` encodes: keys and values, back to back,
    /// as [`as_bytes`](Self::as_bytes) gives them. Bytes that end inside a
    /// field, or hold a key or a group that is not valid, are an error.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        let mut decoder = Decoder::new(&bytes, &crate::decode::DecodeOptions::new())?;
        while decoder.has_remaining() {
            let (_, wire_type) = decoder.read_key()?;
            decoder.skip(wire_type)?;
        }
        Ok(Self {
            bytes: (!bytes.is_empty()).then(|| Box::new(bytes)),
        })
    }

    /// Reads the value of field `number` and keeps it with its key.
    #[doc(hidden)]
    pub fn merge(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        let value = decoder.skip_raw(wire_type)?;
        self.push(number, wire_type, value);
        Ok(())
    }

    /// Keeps field `number` with `value`, its value as read, after the
    /// fields kept so far.
    #[doc(hidden)]
    pub fn push(&mut self, number: u32, wire_type: WireType, value: &[u8]) {
        let bytes = self.bytes.get_or_insert_with(Box::default);
        wire::put_varint(bytes, u64::from(wire::key(number, wire_type)));
        bytes.extend_from_slice(value);
    }

    /// Writes them back, after the known fields (so before those, as the
    /// writer goes back to front). Always inlined: every message calls it,
    /// and most have none, which is one test of a pointer; the copy of
    /// those there are stays out of line.
    #[doc(hidden)]
    #[inline(always)]
    pub fn write(&self, writer: &mut Writer) {
        if let Some(bytes) = &self.bytes {
            write_kept(bytes, writer);
        }
    }
}

#[cold]
#[inline(never)]
fn write_kept(bytes: &[u8], writer: &mut Writer) {
    writer.raw(bytes);
}

// Equality, order, hashing and `Debug` are the bytes', whether or not a
// vector was ever allocated for them.
impl PartialEq for UnknownFields {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for UnknownFields {}

impl PartialOrd for UnknownFields {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UnknownFields {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl core::hash::Hash for UnknownFields {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl core::fmt::Debug for UnknownFields {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        (formatter.debug_struct("UnknownFields"))
            .field("bytes", &self.as_bytes())
            .finish()
    }
}

#[cfg(feature = "json")]
impl serde::Serialize for UnknownFields {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_empty() {
            serializer.serialize_none()
        } else {
            serializer.serialize_some(&Bytes(self.as_bytes()))
        }
    }
}

/// Bytes that serialize as serde's bytes.
#[cfg(feature = "json")]
struct Bytes<'a>(&'a [u8]);

#[cfg(feature = "json")]
impl serde::Serialize for Bytes<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

#[cfg(feature = "json")]
impl<'de> serde::Deserialize<'de> for UnknownFields {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // As an option, so that a derived struct takes a missing field.
        deserializer.deserialize_option(UnknownFieldsVisitor)
    }
}

#[cfg(feature = "json")]
struct UnknownFieldsVisitor;

#[cfg(feature = "json")]
impl<'de> serde::de::Visitor<'de> for UnknownFieldsVisitor {
    type Value = UnknownFields;

    fn expecting(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter.write_str("unknown fields: none, or the bytes of whole fields")
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<UnknownFields, E> {
        Ok(UnknownFields::new())
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<UnknownFields, E> {
        Ok(UnknownFields::new())
    }

    fn visit_some<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<UnknownFields, D::Error> {
        deserializer.deserialize_bytes(self)
    }

    fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<UnknownFields, E> {
        UnknownFields::from_bytes(bytes.to_vec()).map_err(E::custom)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(
        self,
        mut seq: A,
    ) -> Result<UnknownFields, A::Error> {
        // JSON has no bytes: serde_json writes them as an array of numbers.
        let mut bytes = Vec::new();
        while let Some(byte) = seq.next_element::<u8>()? {
            bytes.push(byte);
        }
        UnknownFields::from_bytes(bytes).map_err(serde::de::Error::custom)
    }
}

/// Where a reader puts the record of a field that the field does not
/// hold: a number that a closed enum does not name (`closed.rs`). A
/// message that keeps unknown fields gives its own, [`UnknownFields`] or a
/// view's [`UnknownFieldsView`](crate::view::UnknownFieldsView); one that
/// does not gives [`Discard`]. `'a` is the input's lifetime, which a
/// view's unknown fields borrow.
#[doc(hidden)]
pub trait UnknownSink<'a> {
    /// Keeps field `number` with `value`, its value as read (with its
    /// length prefix, if length-delimited), after the fields kept so far.
    fn keep(&mut self, number: u32, wire_type: WireType, value: &'a [u8]);
}

#[doc(hidden)]
impl UnknownSink<'_> for UnknownFields {
    #[inline]
    fn keep(&mut self, number: u32, wire_type: WireType, value: &[u8]) {
        self.push(number, wire_type, value);
    }
}

/// The [`UnknownSink`] of a message that keeps no unknown fields: what it
/// is given is dropped, as the message skips a field it does not know.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Discard;

impl UnknownSink<'_> for Discard {
    #[inline(always)]
    fn keep(&mut self, _number: u32, _wire_type: WireType, _value: &[u8]) {}
}

/// A field of each wire type, for the tests of owned and borrowed
/// unknown fields.
#[cfg(test)]
pub(crate) const EVERY_WIRE_TYPE: [u8; 25] = [
    0x08, 0x96, 0x01, // field 1, varint 150
    0x11, 1, 2, 3, 4, 5, 6, 7, 8, // field 2, fixed64
    0x1a, 0x02, b'h', b'i', // field 3, bytes
    0x25, 1, 2, 3, 4, // field 4, fixed32
    0x2b, 0x08, 0x01, 0x2c, // field 5, a group holding a varint
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::DecodeOptions;

    #[test]
    fn keeps_every_wire_type_byte_for_byte() {
        let input = EVERY_WIRE_TYPE;
        let mut decoder = Decoder::new(&input, &DecodeOptions::new()).unwrap();
        let mut unknown = UnknownFields::new();
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key().unwrap();
            unknown.merge(number, wire_type, &mut decoder).unwrap();
        }
        assert_eq!(unknown.as_bytes(), input);

        let mut writer = Writer::new();
        unknown.write(&mut writer);
        assert_eq!(writer.written(), input);
    }

    #[test]
    fn a_message_pays_one_pointer_for_them() {
        assert_eq!(size_of::<UnknownFields>(), size_of::<usize>());
        // None kept, or kept and cleared: the same to every comparison.
        let mut cleared = UnknownFields::from_bytes(vec![0x08, 0x01]).unwrap();
        assert_ne!(cleared, UnknownFields::new());
        cleared.clear();
        assert_eq!(cleared, UnknownFields::new());
        assert_eq!(
            cleared.cmp(&UnknownFields::new()),
            core::cmp::Ordering::Equal
        );
        assert_eq!(format!("{cleared:?}"), "UnknownFields { bytes: [] }");
    }

    #[test]
    fn from_bytes_takes_whole_fields_only() {
        let fields = vec![0x08, 0x96, 0x01, 0x1a, 0x02, b'h', b'i'];
        let unknown = UnknownFields::from_bytes(fields.clone()).unwrap();
        assert_eq!(unknown.as_bytes(), fields);
        assert!(UnknownFields::from_bytes(Vec::new()).unwrap().is_empty());
        for broken in [
            &[0x08][..],
            &[0x1a, 0x05, b'h'],
            &[0x00, 0x01],
            &[0x0b],
            &[0x0c],
        ] {
            assert!(
                UnknownFields::from_bytes(broken.to_vec()).is_err(),
                "{broken:?}"
            );
        }
    }

    #[cfg(feature = "json")]
    #[test]
    fn serde_round_trips_them_and_takes_a_missing_field() {
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct Holder {
            id: u32,
            unknown_fields: UnknownFields,
        }
        let kept = Holder {
            id: 1,
            unknown_fields: UnknownFields::from_bytes(vec![0x10, 0x07]).unwrap(),
        };
        let json = serde_json::to_string(&kept).unwrap();
        assert_eq!(json, r#"{"id":1,"unknown_fields":[16,7]}"#);
        assert_eq!(serde_json::from_str::<Holder>(&json).unwrap(), kept);
        let none = Holder {
            id: 2,
            unknown_fields: UnknownFields::new(),
        };
        let json = serde_json::to_string(&none).unwrap();
        assert_eq!(json, r#"{"id":2,"unknown_fields":null}"#);
        assert_eq!(serde_json::from_str::<Holder>(&json).unwrap(), none);
        assert_eq!(serde_json::from_str::<Holder>(r#"{"id":2}"#).unwrap(), none);
        let error = serde_json::from_str::<Holder>(r#"{"id":3,"unknown_fields":[8]}"#);
        assert!(error.is_err());
    }

    #[test]
    fn a_truncated_unknown_field_is_an_error() {
        let input = [0x1a, 0x05, b'h'];
        let mut decoder = Decoder::new(&input, &DecodeOptions::new()).unwrap();
        let (number, wire_type) = decoder.read_key().unwrap();
        assert!(
            UnknownFields::new()
                .merge(number, wire_type, &mut decoder)
                .is_err()
        );
    }
}
