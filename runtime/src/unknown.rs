//! Fields a message did not know, kept so that they are written back.
//!
//! A proxy or cache built from an older schema thereby passes on, unchanged,
//! the fields that a newer schema added. Messages keep them only when the
//! build asks for it (`Builder::keep_unknown_fields`); otherwise unknown
//! fields are skipped. A closed enum's number that the enum does not name
//! goes there too ([`UnknownSink`]).

use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::prelude::*;
use crate::wire::{self, WireType};

/// The unknown fields of one message, as the raw bytes of their keys and
/// values, in the order they were read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnknownFields {
    bytes: Vec<u8>,
}

impl UnknownFields {
    /// No unknown fields.
    pub const fn new() -> Self {
        Self { bytes: Vec::new() }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Their encoded length in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Their encoding: keys and values, back to back.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Forgets them.
    pub fn clear(&mut self) {
        self.bytes.clear();
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
        wire::put_varint(&mut self.bytes, u64::from(wire::key(number, wire_type)));
        self.bytes.extend_from_slice(value);
    }

    /// Writes them back, after the known fields (so before those, as the
    /// writer goes back to front).
    #[doc(hidden)]
    pub fn write(&self, writer: &mut Writer) {
        writer.raw(&self.bytes);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::DecodeOptions;

    #[test]
    fn keeps_every_wire_type_byte_for_byte() {
        let input = [
            0x08, 0x96, 0x01, // field 1, varint 150
            0x11, 1, 2, 3, 4, 5, 6, 7, 8, // field 2, fixed64
            0x1a, 0x02, b'h', b'i', // field 3, bytes
            0x25, 1, 2, 3, 4, // field 4, fixed32
            0x2b, 0x08, 0x01, 0x2c, // field 5, a group holding a varint
        ];
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
