//! The reader of the protobuf binary format, and its limits.
//!
//! A [`Decoder`] walks one input slice. A nested message narrows it to the
//! message's end, cutting only that end off, so every offset stays one in
//! the whole input, which errors name.
//! Every length prefix is checked against the bytes that remain before
//! anything is allocated for it.
//!
//! A group has no length: its fields run from its start-group key to the
//! end-group key of the same field number. [`Decoder::read_group`] reads
//! one, the message's `merge_from` handing the end-group key it meets to
//! [`Decoder::end_group`], which ends the group or refuses a key of
//! another number.

use crate::error::DecodeError;
use crate::state::State;
use crate::wire::{self, WireType};

/// Limits applied while decoding untrusted input.
///
/// ```
/// use schemac_runtime::DecodeOptions;
/// let options = DecodeOptions::new().recursion_limit(32).max_input_len(1 << 20);
/// assert_eq!(options.get_recursion_limit(), 32);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeOptions {
    recursion_limit: u32,
    max_input_len: usize,
}

impl DecodeOptions {
    /// The default recursion limit: messages nested 100 deep.
    pub const DEFAULT_RECURSION_LIMIT: u32 = 100;

    /// The default limits: recursion 100, input length unbounded (beyond
    /// the rule that nothing is allocated past what the input holds).
    pub const fn new() -> Self {
        Self {
            recursion_limit: Self::DEFAULT_RECURSION_LIMIT,
            max_input_len: usize::MAX,
        }
    }

    /// Sets how deep messages may nest inside the top-level one.
    pub const fn recursion_limit(mut self, limit: u32) -> Self {
        self.recursion_limit = limit;
        self
    }

    /// Sets the largest input, in bytes, that decoding accepts.
    pub const fn max_input_len(mut self, max: usize) -> Self {
        self.max_input_len = max;
        self
    }

    /// How deep messages may nest inside the top-level one.
    pub const fn get_recursion_limit(&self) -> u32 {
        self.recursion_limit
    }

    /// The largest input, in bytes, that decoding accepts.
    pub const fn get_max_input_len(&self) -> usize {
        self.max_input_len
    }
}

impl Default for DecodeOptions {
    fn default() -> Self {
        Self::new()
    }
}

/// A reader over one input slice, positioned inside one message.
#[derive(Debug)]
pub struct Decoder<'a> {
    /// The input up to the end of the message being read, its limit: a
    /// nested message narrows it to its own end. Cut at the end only, it
    /// keeps every offset of the whole input, and the bytes left are
    /// `input[pos..]`, one bounds check.
    input: &'a [u8],
    /// The offset of the next byte; never beyond `input.len()`.
    pos: usize,
    depth_left: u32,
    recursion_limit: u32,
    /// The `Bytes` the whole input is, when decoding from one: `bytes::Bytes`
    /// fields share it rather than copy.
    shared: Option<&'a bytes::Bytes>,
    /// Where the key that [`read_key`](Self::read_key) read last starts.
    key_start: usize,
    /// The field number of the group whose fields are being read, whose
    /// end-group key ends them; 0 outside a group, and once that key is
    /// read.
    group: u32,
    /// `depth_left` inside that group: a message nested in it is one level
    /// deeper, and an end-group key there is not the group's.
    group_depth: u32,
    /// Whether the next message read starts a recycled decode: its
    /// generated `merge_from` reads in place of what the message holds
    /// rather than merging into it, and takes this back to `false`
    /// ([`take_recycle`](Self::take_recycle)).
    recycle: bool,
    /// What a layer above the core keeps for the length of the decode:
    /// graph mode's table of the objects read so far.
    pub(crate) state: State,
}

impl<'a> Decoder<'a> {
    /// A decoder over all of `input`, or an error if `input` is longer than
    /// the options allow.
    #[inline]
    pub fn new(input: &'a [u8], options: &DecodeOptions) -> Result<Self, DecodeError> {
        if input.len() > options.max_input_len {
            return Err(DecodeError::input_too_large(
                input.len(),
                options.max_input_len,
            ));
        }
        Ok(Self {
            input,
            pos: 0,
            depth_left: options.recursion_limit,
            recursion_limit: options.recursion_limit,
            shared: None,
            key_start: 0,
            group: 0,
            group_depth: 0,
            recycle: false,
            state: State::empty(),
        })
    }

    /// A decoder over all of `input`, whose `bytes::Bytes` fields share its
    /// buffer; an error if `input` is longer than the options allow.
    #[inline]
    pub fn new_shared(
        input: &'a bytes::Bytes,
        options: &DecodeOptions,
    ) -> Result<Self, DecodeError> {
        let mut decoder = Self::new(input, options)?;
        decoder.shared = Some(input);
        Ok(decoder)
    }

    /// The `Bytes` being decoded, if the decoder was made over one.
    #[inline]
    pub fn shared_input(&self) -> Option<&'a bytes::Bytes> {
        self.shared
    }

    /// The offset of the next byte in the whole input.
    #[inline]
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The bytes left in the current message.
    #[inline]
    pub fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    /// Whether the current message has bytes left.
    #[inline]
    pub fn has_remaining(&self) -> bool {
        self.pos < self.input.len()
    }

    /// The bytes left in the current message, for a reader that looks
    /// ahead and then [`advance`](Self::advance)s past what it took.
    #[inline]
    pub(crate) fn rest(&self) -> &'a [u8] {
        &self.input[self.pos..]
    }

    /// Moves past `length` bytes of [`rest`](Self::rest).
    #[inline]
    pub(crate) fn advance(&mut self, length: usize) {
        debug_assert!(length <= self.remaining());
        self.pos += length;
    }

    /// Whether [`read_nested`](Self::read_nested) may go one level deeper
    /// here, for a reader that reads a nested message without it.
    #[inline]
    pub(crate) fn can_nest(&self) -> bool {
        self.depth_left > 0
    }

    /// Moves past the next byte if it is `key`, a one-byte field key, and
    /// says whether it did: a reader expecting one field next (a message
    /// its fields in order, a map entry its key and value) need not decode
    /// the key in general. Read so, a key is what
    /// [`last_key`](Self::last_key) gives, as after
    /// [`read_key`](Self::read_key).
    #[inline]
    pub(crate) fn read_key_byte(&mut self, key: u8) -> bool {
        let next = self.rest().first() == Some(&key);
        if next {
            self.key_start = self.pos;
            self.pos += 1;
        }
        next
    }

    /// Moves past the next bytes if they are `key`, a field key as the
    /// wire encodes it, and says whether it did, as
    /// [`read_key_byte`](Self::read_key_byte) does for a key of any length.
    #[inline]
    pub(crate) fn read_key_bytes(&mut self, key: &[u8]) -> bool {
        let next = self.rest().starts_with(key);
        if next {
            self.key_start = self.pos;
            self.pos += key.len();
        }
        next
    }

    /// Moves past the key of field `number` (1 to 15) under `wire_type` if
    /// it comes next, setting `wire` to `wire_type`, and says whether it
    /// did: a generated `merge_from` expects each field to be followed by
    /// the next one (the compiler's `codegen/merge_from.rs`).
    #[doc(hidden)]
    #[inline(always)]
    pub fn read_key_if(&mut self, number: u32, wire_type: WireType, wire: &mut WireType) -> bool {
        debug_assert!((1..16).contains(&number));
        let read = self.read_key_byte(wire::key(number, wire_type) as u8);
        if read {
            *wire = wire_type;
        }
        read
    }

    /// The bytes of the key [`read_key`](Self::read_key) read last, when
    /// nothing has been read since: a list's element finds the elements
    /// that follow it under the same key ([`crate::__private::string_run`]).
    #[inline]
    pub(crate) fn last_key(&self) -> &'a [u8] {
        self.input.get(self.key_start..self.pos).unwrap_or_default()
    }

    /// The field number of the start-group key read last, when nothing has
    /// been read since: the number a group's end-group key must have. 0,
    /// which no end-group key has, when the last key is not a start-group
    /// key.
    #[inline]
    pub(crate) fn started_group(&self) -> u32 {
        match wire::varint_near_end(self.last_key()) {
            Some((key, _)) if key & 7 == WireType::StartGroup as u64 => (key >> 3) as u32,
            _ => 0,
        }
    }

    /// The field number of the key read last, by [`read_key`](Self::read_key)
    /// or [`read_key_if`](Self::read_key_if), or 0 before any: a reader
    /// that moves a field's record to the unknown fields, as a closed
    /// enum's does, names the record by it. It must ask before reading a
    /// key of its own, as a map entry's are.
    #[inline]
    pub(crate) fn key_number(&self) -> u32 {
        let key = self.input.get(self.key_start..self.pos).unwrap_or_default();
        let read = match key.first_chunk::<10>() {
            Some(chunk) => wire::varint_in(chunk),
            None => wire::varint_near_end(key),
        };
        read.map_or(0, |(key, _)| (key >> 3) as u32)
    }

    /// The bytes read since offset `start` ([`offset`](Self::offset)), as
    /// they are in the input: what a reader that moves a record elsewhere
    /// keeps of it.
    #[inline]
    pub(crate) fn read_since(&self, start: usize) -> &'a [u8] {
        self.input.get(start..self.pos).unwrap_or_default()
    }

    /// Reads a field key, returning the field number and wire type.
    #[inline]
    pub fn read_key(&mut self) -> Result<(u32, WireType), DecodeError> {
        let start = self.pos;
        self.key_start = start;
        // The key of a field numbered 1 to 15, the commonest, takes a
        // byte, whose number is never too large.
        if let Some(&byte) = self.rest().first()
            && (8..0x80).contains(&byte)
            && let Some(wire_type) = WireType::from_bits(u32::from(byte & 7))
        {
            self.pos += 1;
            return Ok((u32::from(byte >> 3), wire_type));
        }
        // Fields 16 to 2,047 take two bytes.
        if let Some(&[low, high]) = self.rest().first_chunk::<2>()
            && low >= 0x80
            && (1..0x80).contains(&high)
            && let Some(wire_type) = WireType::from_bits(u32::from(low & 7))
        {
            self.pos += 2;
            return Ok((u32::from(low & 0x7f) >> 3 | u32::from(high) << 4, wire_type));
        }
        self.read_any_key()
    }

    /// Reads a key of any length, or refuses it: what
    /// [`read_key`](Self::read_key) does not read at once, out of line.
    #[inline(never)]
    fn read_any_key(&mut self) -> Result<(u32, WireType), DecodeError> {
        let start = self.pos;
        let key = self.read_varint()?;
        let number = key >> 3;
        if number == 0 || number > u64::from(wire::MAX_FIELD_NUMBER) {
            return Err(DecodeError::invalid_field_number(number, start));
        }
        let bits = (key & 7) as u32;
        match WireType::from_bits(bits) {
            Some(wire_type) => Ok((number as u32, wire_type)),
            None => Err(DecodeError::invalid_wire_type(bits, start)),
        }
    }

    /// Reads a varint of 1 to 10 bytes.
    #[inline]
    pub fn read_varint(&mut self) -> Result<u64, DecodeError> {
        let bytes = self.rest();
        if let Some(&first) = bytes.first()
            && first < 0x80
        {
            self.pos += 1;
            return Ok(u64::from(first));
        }
        self.read_long_varint()
    }

    /// Reads a varint of more than one byte: [`wire::long_varint`], out of
    /// line, with the position kept here, and near the end of the input
    /// the slow read.
    #[inline]
    fn read_long_varint(&mut self) -> Result<u64, DecodeError> {
        match wire::long_varint(self.rest()) {
            (value, length) if length != 0 => {
                self.pos += length;
                Ok(value)
            }
            _ => self.read_varint_near_end(),
        }
    }

    /// Reads a varint with fewer than ten bytes left in the message, or
    /// refuses one of ten bytes that does not end or holds more than 64
    /// bits.
    #[cold]
    #[inline(never)]
    fn read_varint_near_end(&mut self) -> Result<u64, DecodeError> {
        if self.rest().len() >= 10 {
            return Err(DecodeError::invalid_varint(self.pos));
        }
        let (value, length) = wire::varint_near_end(self.rest())
            .ok_or_else(|| DecodeError::truncated(self.input.len()))?;
        self.pos += length;
        Ok(value)
    }

    /// Reads four little-endian bytes.
    #[inline]
    pub fn read_fixed32(&mut self) -> Result<u32, DecodeError> {
        Ok(u32::from_le_bytes(self.read_array()?))
    }

    /// Reads eight little-endian bytes.
    #[inline]
    pub fn read_fixed64(&mut self) -> Result<u64, DecodeError> {
        Ok(u64::from_le_bytes(self.read_array()?))
    }

    #[inline]
    fn read_array<const N: usize>(&mut self) -> Result<[u8; N], DecodeError> {
        match self.rest().first_chunk::<N>() {
            Some(bytes) => {
                self.pos += N;
                Ok(*bytes)
            }
            None => Err(DecodeError::truncated(self.input.len())),
        }
    }

    /// Reads a length prefix and checks that that many bytes remain.
    #[inline]
    pub fn read_len(&mut self) -> Result<usize, DecodeError> {
        let start = self.pos;
        let length = self.read_varint()?;
        let remaining = self.remaining();
        if length > remaining as u64 {
            return Err(DecodeError::length_out_of_bounds(length, remaining, start));
        }
        Ok(length as usize)
    }

    /// Reads a length-delimited run of bytes, borrowed from the input.
    #[inline(always)]
    pub fn read_bytes(&mut self) -> Result<&'a [u8], DecodeError> {
        let length = self.read_len()?;
        let bytes = &self.rest()[..length];
        self.pos += length;
        Ok(bytes)
    }

    /// Reads a length-delimited UTF-8 string, borrowed from the input.
    #[inline]
    pub fn read_str(&mut self) -> Result<&'a str, DecodeError> {
        let start = self.pos;
        let bytes = self.read_bytes()?;
        smoothutf8::from_utf8(bytes).ok_or_else(|| DecodeError::invalid_utf8(start))
    }

    /// Reads a length prefix and runs `read` on the message it delimits, one
    /// level deeper. `read` must consume exactly those bytes; its errors may
    /// be of any type a [`DecodeError`] converts into.
    #[inline]
    pub fn read_nested<T, E: From<DecodeError>>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, E>,
    ) -> Result<T, E> {
        if self.depth_left == 0 {
            return Err(DecodeError::recursion_limit(self.recursion_limit, self.pos).into());
        }
        self.depth_left -= 1;
        let result = self.read_delimited(read);
        self.depth_left += 1;
        result
    }

    /// Runs `read` on the fields of a group of field `number`, whose
    /// start-group key was just read, one level deeper. `read` reads fields
    /// up to an end-group key, which it hands to
    /// [`end_group`](Self::end_group), as a generated `merge_from` does;
    /// the input ending before that key is an error, as is one that does
    /// not end the group. Its errors may be of any type a [`DecodeError`]
    /// converts into.
    #[inline]
    pub fn read_group<T, E: From<DecodeError>>(
        &mut self,
        number: u32,
        read: impl FnOnce(&mut Self) -> Result<T, E>,
    ) -> Result<T, E> {
        if self.depth_left == 0 {
            return Err(DecodeError::recursion_limit(self.recursion_limit, self.pos).into());
        }
        self.depth_left -= 1;
        let outer = (self.group, self.group_depth);
        (self.group, self.group_depth) = (number, self.depth_left);
        let value = read(self);
        let ended = self.group == 0;
        (self.group, self.group_depth) = outer;
        self.depth_left += 1;
        match value {
            Ok(_) if !ended => Err(DecodeError::truncated(self.input.len()).into()),
            value => value,
        }
    }

    /// Ends the group being read at the end-group key of field `number`,
    /// which was just read: an error unless a group of that number is being
    /// read at this level. A message read as a group calls it when it
    /// meets an end-group key, and stops.
    #[doc(hidden)]
    #[inline]
    pub fn end_group(&mut self, number: u32) -> Result<(), DecodeError> {
        if self.group == 0 || self.group_depth != self.depth_left {
            return Err(DecodeError::unexpected_end_group(self.key_start));
        }
        if number != self.group {
            return Err(DecodeError::mismatched_end_group(
                self.group,
                number,
                self.key_start,
            ));
        }
        self.group = 0;
        Ok(())
    }

    /// Reads a length prefix and runs `read` on the bytes it delimits, at the
    /// same depth, as for a packed list. The outer limit is back afterwards,
    /// whether `read` succeeded or not.
    #[inline]
    pub fn read_delimited<T, E: From<DecodeError>>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, E>,
    ) -> Result<T, E> {
        let length = self.read_len()?;
        let outer = self.input;
        self.input = &outer[..self.pos + length];
        let value = read(self);
        debug_assert!(
            value.is_err() || self.pos == self.input.len(),
            "a nested read stopped early"
        );
        self.input = outer;
        value
    }

    /// Reads one map entry, a message of the key (field 1) and the value
    /// (field 2), one level deeper, into `key` and `value`: `merge_key` and
    /// `merge_value` read each field's value once its key and wire type are
    /// read and checked, as often as the field appears. Other fields, and
    /// the key or the value under another wire type, are skipped.
    ///
    /// Encoders write the key, then the value: those come first, without
    /// decoding their keys in general.
    #[inline]
    pub(crate) fn read_map_entry<K, V>(
        &mut self,
        wire_type: WireType,
        (key_wire_type, value_wire_type): (WireType, WireType),
        (key, value): (&mut K, &mut V),
        merge_key: impl Fn(&mut K, &mut Self) -> Result<(), DecodeError>,
        merge_value: impl Fn(&mut V, &mut Self) -> Result<(), DecodeError>,
    ) -> Result<(), DecodeError> {
        self.expect_wire_type(wire_type, WireType::Len)?;
        self.read_nested(|decoder| {
            if decoder.read_key_byte(wire::key(1, key_wire_type) as u8) {
                merge_key(key, decoder)?;
            }
            if decoder.read_key_byte(wire::key(2, value_wire_type) as u8) {
                merge_value(value, decoder)?;
            }
            while decoder.has_remaining() {
                // A key or value under another wire type is an unknown
                // field of the entry, skipped.
                match decoder.read_key()? {
                    (1, wire_type) if wire_type == key_wire_type => merge_key(key, decoder)?,
                    (2, wire_type) if wire_type == value_wire_type => merge_value(value, decoder)?,
                    (_, wire_type) => decoder.skip(wire_type)?,
                }
            }
            Ok(())
        })
    }

    /// Returns an error unless `found` is `expected`.
    #[inline]
    pub fn expect_wire_type(&self, found: WireType, expected: WireType) -> Result<(), DecodeError> {
        if found == expected {
            Ok(())
        } else {
            Err(DecodeError::wrong_wire_type(expected, found, self.pos))
        }
    }

    /// A decoder of the bytes this one read at offsets `read`, to read
    /// them again, at this one's depth: decoding in place's maps
    /// (`recycle.rs`) build a map again from its entries read so far. It
    /// reads messages of no graph, whose state it does not carry.
    #[inline]
    pub(crate) fn again(&self, read: core::ops::Range<usize>) -> Decoder<'a> {
        debug_assert!(read.end <= self.pos);
        let start = read.start;
        Decoder {
            input: &self.input[..read.end],
            pos: start,
            depth_left: self.depth_left,
            recursion_limit: self.recursion_limit,
            shared: self.shared,
            key_start: start,
            group: 0,
            group_depth: 0,
            recycle: false,
            state: State::empty(),
        }
    }

    /// Makes the next message read start a recycled decode
    /// ([`Message::decode_in_place`](crate::Message::decode_in_place)):
    /// only for a message whose generated `merge_from` takes it back
    /// ([`Message::RECYCLES`](crate::Message::RECYCLES)), called right
    /// before it.
    #[inline]
    pub(crate) fn recycle_next(&mut self) {
        self.recycle = true;
    }

    /// Whether the message whose fields are about to be read starts a
    /// recycled decode ([`recycle_next`](Self::recycle_next)); the flag is
    /// `false` again after this.
    #[inline]
    pub(crate) fn take_recycle(&mut self) -> bool {
        // A plain decode only loads the flag.
        if self.recycle {
            self.recycle = false;
            return true;
        }
        false
    }

    /// How many more levels of nesting the recursion limit allows.
    #[cfg(feature = "reflect")]
    pub(crate) fn depth_left(&self) -> u32 {
        self.depth_left
    }

    /// The input from offset `start` to the next byte to read.
    #[cfg(feature = "reflect")]
    pub(crate) fn bytes_since(&self, start: usize) -> &'a [u8] {
        &self.input[start..self.pos]
    }

    /// Skips the value of a field this schema does not know, whose key was
    /// just read: a group up to the end-group key of that key's number.
    pub fn skip(&mut self, wire_type: WireType) -> Result<(), DecodeError> {
        self.skip_value(wire_type)
    }

    /// Skips the value of a field this schema does not know, as
    /// [`skip`](Self::skip) does, returning the bytes skipped, borrowed
    /// from the input.
    pub fn skip_raw(&mut self, wire_type: WireType) -> Result<&'a [u8], DecodeError> {
        let start = self.pos;
        self.skip_value(wire_type)?;
        Ok(&self.input[start..self.pos])
    }

    /// Skips one value, whose key was just read.
    fn skip_value(&mut self, wire_type: WireType) -> Result<(), DecodeError> {
        match wire_type {
            WireType::Varint => self.read_varint().map(drop),
            WireType::Fixed64 => self.read_array::<8>().map(drop),
            WireType::Fixed32 => self.read_array::<4>().map(drop),
            WireType::Len => self.read_bytes().map(drop),
            WireType::StartGroup => self.skip_group(self.started_group()),
            WireType::EndGroup => Err(DecodeError::unexpected_end_group(self.key_start)),
        }
    }

    /// Skips a group of field `number` up to its end-group key, which must
    /// have that number, counting it as one level of nesting so that nested
    /// groups cannot exhaust the stack.
    fn skip_group(&mut self, number: u32) -> Result<(), DecodeError> {
        let group_start = self.pos;
        if self.depth_left == 0 {
            return Err(DecodeError::recursion_limit(
                self.recursion_limit,
                group_start,
            ));
        }
        self.depth_left -= 1;
        let result = loop {
            if !self.has_remaining() {
                break Err(DecodeError::truncated(self.input.len()));
            }
            let (inner, wire_type) = match self.read_key() {
                Ok(key) => key,
                Err(error) => break Err(error),
            };
            if wire_type == WireType::EndGroup {
                break match inner == number {
                    true => Ok(()),
                    false => Err(DecodeError::mismatched_end_group(
                        number,
                        inner,
                        self.key_start,
                    )),
                };
            }
            if let Err(error) = self.skip_value(wire_type) {
                break Err(error);
            }
        };
        self.depth_left += 1;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoder(input: &[u8]) -> Decoder<'_> {
        Decoder::new(input, &DecodeOptions::new()).unwrap()
    }

    /// A key `read_key_if` moved past is the last key, as one `read_key`
    /// read: a list of strings expected in order finds the run of its
    /// elements by it (`string_run.rs`).
    #[test]
    fn a_key_read_if_expected_is_the_last_key() {
        let input = [0x08, 0x01, 0x12, 0x01, b'a', 0x12, 0x01, b'b'];
        let mut d = decoder(&input);
        assert_eq!(d.read_key().unwrap(), (1, WireType::Varint));
        assert_eq!(d.last_key(), [0x08]);
        d.read_varint().unwrap();
        let mut wire = WireType::Varint;
        assert!(!d.read_key_if(3, WireType::Len, &mut wire));
        assert_eq!((d.offset(), wire), (2, WireType::Varint));
        assert!(d.read_key_if(2, WireType::Len, &mut wire));
        assert_eq!((d.offset(), wire), (3, WireType::Len));
        assert_eq!(d.last_key(), [0x12]);
        let run = d.read_string_run().expect("a run of strings");
        assert_eq!(run.collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn reads_varints_of_every_length() {
        let mut buf = Vec::new();
        for shift in 0..64 {
            wire::put_varint(&mut buf, 1u64 << shift);
        }
        let mut d = decoder(&buf);
        for shift in 0..64 {
            assert_eq!(d.read_varint().unwrap(), 1u64 << shift);
        }
        assert!(!d.has_remaining());
    }

    #[test]
    fn varints_read_alike_with_and_without_ten_bytes_left() {
        for shift in 0..64 {
            let mut buf = Vec::new();
            wire::put_varint(&mut buf, (1u64 << shift) | 5);
            let length = buf.len();
            // Alone (the slow path), then with ten bytes of padding after it.
            let mut d = decoder(&buf);
            assert_eq!(d.read_varint().unwrap(), (1u64 << shift) | 5);
            assert_eq!(d.offset(), length);
            buf.extend_from_slice(&[0; 10]);
            let mut d = decoder(&buf);
            assert_eq!(d.read_varint().unwrap(), (1u64 << shift) | 5);
            assert_eq!(d.offset(), length);
        }
        let mut tenth_too_big = [0xffu8; 12];
        tenth_too_big[9] = 0x02;
        assert!(decoder(&tenth_too_big).read_varint().is_err());
    }

    #[test]
    fn a_nested_read_ends_at_its_limit_and_gives_the_outer_one_back() {
        // A run of two bytes, a varint that the byte after the run would
        // end, then that byte.
        let input = [0x02, 0x80, 0x80, 0x07];
        let mut d = decoder(&input);
        let error = d
            .read_delimited(|inner| {
                assert_eq!(inner.rest(), &[0x80, 0x80]);
                inner.read_varint()
            })
            .unwrap_err();
        // Truncated at the run's end, an offset in the whole input.
        assert!(error.is_truncated());
        assert_eq!(error.offset(), 3);
        // The outer limit is back, even after an error.
        assert_eq!(d.offset(), 1);
        assert_eq!(d.remaining(), 3);
    }

    #[test]
    fn every_varint_starting_with_two_bytes_reads_as_the_ten_byte_reader_does() {
        for low in 0x80..=0xffu8 {
            for high in 0..=0xffu8 {
                let mut padded = [0u8; 10];
                padded[..2].copy_from_slice(&[low, high]);
                let (value, length) = wire::varint_in(&padded).expect("ends within three bytes");
                let mut d = decoder(&padded);
                assert_eq!(d.read_varint().unwrap(), value);
                assert_eq!(d.offset(), length);
                // The two bytes alone: read, or cut short after the second.
                let mut d = decoder(&padded[..2]);
                match d.read_varint() {
                    Ok(alone) => assert_eq!((alone, d.offset()), (value, 2)),
                    Err(error) => assert!(error.is_truncated() && length == 3),
                }
            }
        }
    }

    #[test]
    fn truncated_varint_is_an_error_at_the_end() {
        let error = decoder(&[0x80, 0x80]).read_varint().unwrap_err();
        assert!(error.is_truncated());
        assert_eq!(error.offset(), 2);
    }

    #[test]
    fn eleven_byte_varint_is_invalid() {
        let error = decoder(&[0xff; 11]).read_varint().unwrap_err();
        assert!(error.to_string().contains("varint"), "{error}");
    }

    #[test]
    fn tenth_byte_over_one_is_invalid() {
        let mut bytes = [0xffu8; 10];
        bytes[9] = 0x02;
        let error = decoder(&bytes).read_varint().unwrap_err();
        assert!(!error.is_truncated() && error.offset() == 0, "{error}");
    }

    #[test]
    fn a_varint_followed_by_continuation_bytes_ends_where_it_ends() {
        // Bytes with their continuation bit set after a varint must not
        // leak into it.
        for bits in 0..64 {
            for value in [1u64 << bits, u64::MAX >> (63 - bits)] {
                let mut buf = Vec::new();
                wire::put_varint(&mut buf, value);
                let length = buf.len();
                buf.resize(10, 0xff);
                let chunk = buf.first_chunk::<10>().unwrap();
                assert_eq!(wire::varint_in(chunk), Some((value, length)), "{value:#x}");
            }
        }
    }

    #[test]
    fn length_prefix_beyond_input_fails_before_reading() {
        // Claims 2^32 bytes while four remain.
        let input = [0x80, 0x80, 0x80, 0x80, 0x10, 1, 2, 3, 4];
        let error = decoder(&input).read_bytes().unwrap_err();
        assert!(error.is_truncated());
        assert!(error.to_string().contains("4294967296"), "{error}");
    }

    #[test]
    fn key_with_field_number_zero_is_rejected() {
        assert!(decoder(&[0x00]).read_key().is_err());
        assert!(decoder(&[0x07]).read_key().is_err(), "wire type 7");
    }

    #[test]
    fn every_key_of_one_or_two_bytes_reads_as_its_varint_says() {
        // The one-byte path of `read_key` against the key's definition:
        // the varint's bits above the third are the number, which must
        // not be 0, and the low three the wire type, which must be 0 to 5.
        for first in 0..=u8::MAX {
            for second in [0x00, 0x01, 0x7f] {
                let input = [first, second];
                let expected = decoder(&input).read_varint().ok().and_then(|key| {
                    let wire_type = WireType::from_bits((key & 7) as u32)?;
                    (key >> 3 != 0).then_some(((key >> 3) as u32, wire_type))
                });
                let mut d = decoder(&input);
                let read = d.read_key().ok();
                assert_eq!(read, expected, "key bytes {input:02x?}");
                if read.is_some() {
                    let length = if first < 0x80 { 1 } else { 2 };
                    assert_eq!(d.offset(), length, "key bytes {input:02x?}");
                }
            }
        }
    }

    #[test]
    fn nesting_stops_at_the_recursion_limit() {
        // A length prefix of 2 holding a length prefix of 1 holding one byte.
        let input = [0x02, 0x01, 0x00];
        let options = DecodeOptions::new().recursion_limit(1);
        let mut d = Decoder::new(&input, &options).unwrap();
        let error: DecodeError = d
            .read_nested(|d| d.read_nested(|d| Ok(d.remaining())))
            .unwrap_err();
        assert!(error.is_recursion_limit());
    }

    #[test]
    fn input_over_the_maximum_is_rejected() {
        let options = DecodeOptions::new().max_input_len(2);
        assert!(Decoder::new(&[1, 2, 3], &options).is_err());
        assert!(Decoder::new(&[1, 2], &options).is_ok());
    }

    #[test]
    fn skips_every_wire_type() {
        // Fields 1 to 5: varint, fixed64, len, fixed32, and a group holding
        // a varint, ended by the end-group key of field 5.
        let input = [
            0x08, 0x96, 0x01, //
            0x11, 1, 2, 3, 4, 5, 6, 7, 8, //
            0x1a, 0x02, b'h', b'i', //
            0x25, 1, 2, 3, 4, //
            0x2b, 0x08, 0x01, 0x2c,
        ];
        let mut d = decoder(&input);
        for expected in [
            WireType::Varint,
            WireType::Fixed64,
            WireType::Len,
            WireType::Fixed32,
            WireType::StartGroup,
        ] {
            let (_, wire_type) = d.read_key().unwrap();
            assert_eq!(wire_type, expected);
            d.skip(wire_type).unwrap();
        }
        assert!(!d.has_remaining());
    }

    #[test]
    fn a_group_ends_at_the_end_group_key_of_its_start_keys_number() {
        // Field 5's group ended by field 6's end-group key.
        let mut d = decoder(&[0x2b, 0x08, 0x01, 0x34]);
        let (_, wire_type) = d.read_key().unwrap();
        let error = d.skip(wire_type).unwrap_err();
        assert_eq!(
            error.to_string(),
            "end-group of field 6 in the group of field 5 at byte 3"
        );
        // With a start key of two bytes, field 16's.
        let mut d = decoder(&[0x83, 0x01, 0x84, 0x01]);
        let (number, wire_type) = d.read_key().unwrap();
        assert_eq!((number, d.started_group()), (16, 16));
        d.skip(wire_type).unwrap();
        assert!(!d.has_remaining());
    }

    #[test]
    fn deeply_nested_groups_hit_the_recursion_limit() {
        let input = vec![0x0b; 10_000]; // start-group of field 1, over and over
        let mut d = decoder(&input);
        let (_, wire_type) = d.read_key().unwrap();
        let error = d.skip(wire_type).unwrap_err();
        assert!(error.is_recursion_limit());
    }

    #[test]
    fn stray_end_group_is_an_error() {
        assert!(decoder(&[]).skip(WireType::EndGroup).is_err());
    }

    /// Bytes that are mostly UTF-8: pieces of text in several scripts,
    /// with stray bytes and cut characters among them.
    fn mostly_utf8() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        use proptest::prelude::*;
        let piece = prop_oneof![
            "[a-z ]{0,12}".prop_map(String::into_bytes),
            "[é世界🌍ß]{0,4}".prop_map(String::into_bytes),
            "[é世界🌍]{1,2}".prop_map(|text| {
                let bytes = text.into_bytes();
                bytes[..bytes.len() - 1].to_vec()
            }),
            any::<u8>().prop_map(|byte| vec![byte]),
        ];
        proptest::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat())
    }

    proptest::proptest! {
        /// `read_str` validates with smoothutf8: it reads exactly the
        /// strings `core::str::from_utf8` accepts, and refuses the others
        /// at the string's length prefix.
        #[test]
        fn read_str_accepts_what_core_accepts(bytes in mostly_utf8()) {
            let mut input = Vec::new();
            wire::put_varint(&mut input, bytes.len() as u64);
            input.extend_from_slice(&bytes);
            let read = decoder(&input).read_str();
            match core::str::from_utf8(&bytes) {
                Ok(text) => proptest::prop_assert_eq!(read.ok(), Some(text)),
                Err(_) => proptest::prop_assert_eq!(read.unwrap_err().offset(), 0),
            }
        }
    }
}
