//! Encoding in one pass, back to front.
//!
//! A [`Writer`] fills its buffer from the end towards the start: a message
//! writes its last field first, and a nested message writes its fields
//! before its length prefix, which is then simply the number of bytes
//! written since. So no length is ever computed ahead of writing, and a
//! message is walked once. The bytes are the same as a front-to-back
//! encoder writes: fields in ascending number, lists and maps in order.
//!
//! [`Message::encode`] and [`Message::encode_to_vec`] write into a buffer
//! kept per thread (up to [`RETAINED_BUFFER`] bytes of it), so that
//! encoding allocates only the output, of exactly the encoded length.

use std::cell::RefCell;

use crate::error::EncodeError;
use crate::message::Message;
use crate::wire::{self, WireType};

/// The largest buffer a thread keeps between two encodes; a larger one is
/// handed over as the output, or dropped.
pub const RETAINED_BUFFER: usize = 64 * 1024;

/// The room a writer starts with when it has no buffer yet.
const INITIAL_BUFFER: usize = 256;

thread_local! {
    static SCRATCH: RefCell<Writer> = const { RefCell::new(Writer::empty()) };
}

/// Appends the encoding of `message` to `out`, unless messages nest
/// deeper than `limit` or a `required` field is not set, in which case
/// nothing is written.
pub(crate) fn encode<M: Message>(
    message: &M,
    out: &mut Vec<u8>,
    limit: u32,
) -> Result<(), EncodeError> {
    check_required(message)?;
    with_scratch(|writer| {
        message.write_fields(writer);
        writer.check_depth(limit)?;
        writer.finish_into(out);
        Ok(())
    })
}

/// The encoding of `message` in a vector of its own, unless messages nest
/// deeper than `limit`.
pub(crate) fn encode_to_vec<M: Message>(message: &M, limit: u32) -> Result<Vec<u8>, EncodeError> {
    check_required(message)?;
    with_scratch(|writer| {
        message.write_fields(writer);
        writer.check_depth(limit)?;
        Ok(writer.take_written())
    })
}

/// Refuses a message whose `required` fields are not all set, naming the
/// first as decoding would.
#[inline(always)]
fn check_required<M: Message>(message: &M) -> Result<(), EncodeError> {
    message
        .check_required()
        .map_err(|missing| EncodeError::missing_required(&missing.in_message(M::NAME)))
}

/// Runs `write` with this thread's writer, emptied, whose buffer is kept
/// for the next encode unless it grew too large.
#[inline(always)]
fn with_scratch<R>(mut write: impl FnMut(&mut Writer) -> R) -> R {
    let kept = SCRATCH.try_with(|scratch| {
        let mut writer = scratch.try_borrow_mut().ok()?;
        writer.restart();
        let result = write(&mut writer);
        if writer.buf.len() > RETAINED_BUFFER {
            writer.buf = Vec::new();
        }
        Some(result)
    });
    match kept {
        Ok(Some(result)) => result,
        _ => without_scratch(write),
    }
}

/// Runs `write` with a writer of its own: when the thread is being torn
/// down, and so has no scratch buffer left, or is encoding already.
#[cold]
#[inline(never)]
fn without_scratch<R>(mut write: impl FnMut(&mut Writer) -> R) -> R {
    write(&mut Writer::new())
}

/// Writes encoded fields into a buffer from its end towards its start.
///
/// Every method writes its bytes *before* what was written so far, so a
/// message writes its fields in descending order, and each field its value
/// before its key.
#[derive(Debug, Default)]
pub struct Writer {
    /// The written bytes are `buf[pos..]`; `buf[..pos]` is room.
    buf: Vec<u8>,
    pos: usize,
    depth: u32,
    max_depth: u32,
}

impl Writer {
    /// An empty writer.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty writer, in a constant.
    const fn empty() -> Self {
        Self {
            buf: Vec::new(),
            pos: 0,
            depth: 0,
            max_depth: 0,
        }
    }

    /// Empties the writer, which then writes into its buffer's bytes,
    /// whatever they hold, before growing it.
    #[inline(always)]
    fn restart(&mut self) {
        self.pos = self.buf.len();
        self.depth = 0;
        self.max_depth = 0;
    }

    /// The bytes written so far.
    #[inline]
    pub fn written(&self) -> &[u8] {
        &self.buf[self.pos..]
    }

    /// How many bytes were written so far.
    #[inline]
    pub fn written_len(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// How deep the deepest nested message was, the outermost being 0.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Fails when messages nested deeper than `limit`.
    #[inline]
    fn check_depth(&self, limit: u32) -> Result<(), EncodeError> {
        if self.max_depth > limit {
            Err(EncodeError::too_deep(self.max_depth, limit))
        } else {
            Ok(())
        }
    }

    /// The bytes written, as a vector of their own: of exactly their
    /// length, or, for a large buffer, the buffer itself.
    #[inline]
    fn take_written(&mut self) -> Vec<u8> {
        if self.buf.len() > RETAINED_BUFFER {
            let mut out = Vec::new();
            self.finish_into(&mut out);
            out
        } else {
            self.written().to_vec()
        }
    }

    /// Appends the bytes written to `out`. A large buffer becomes `out`
    /// when `out` is empty, rather than being copied into a new one.
    pub fn finish_into(&mut self, out: &mut Vec<u8>) {
        if out.is_empty() && self.buf.len() > RETAINED_BUFFER {
            let length = self.written_len();
            self.buf.copy_within(self.pos.., 0);
            self.buf.truncate(length);
            *out = std::mem::take(&mut self.buf);
            self.pos = 0;
        } else if out.capacity() == 0 {
            // One allocation of the exact length, without growing.
            *out = self.written().to_vec();
        } else {
            out.extend_from_slice(self.written());
        }
    }

    /// The bytes written, as a vector of their own.
    pub fn into_vec(mut self) -> Vec<u8> {
        let mut out = Vec::new();
        self.finish_into(&mut out);
        out
    }

    /// Moves what was written to the end of a buffer at least twice as
    /// large, with room for `n` more bytes.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let written = self.written_len();
        let size = (self.buf.len() * 2).max(written + n).max(INITIAL_BUFFER);
        let mut grown = Vec::with_capacity(size);
        grown.resize(size - written, 0);
        grown.extend_from_slice(self.written());
        self.pos = size - written;
        self.buf = grown;
    }

    /// The `n` bytes before those written, made room for, now counted as
    /// written.
    #[inline(always)]
    fn claim(&mut self, n: usize) -> &mut [u8] {
        // One comparison checks both that there is room and that the
        // range is in the buffer: without room, `start` wraps around.
        let mut start = self.pos.wrapping_sub(n);
        if start > self.pos {
            self.grow(n);
            start = self.pos - n;
        }
        let end = self.pos;
        self.pos = start;
        &mut self.buf[start..end]
    }

    /// Writes one byte.
    #[inline(always)]
    fn byte(&mut self, byte: u8) {
        let at = self.pos.wrapping_sub(1);
        match self.buf.get_mut(at) {
            Some(slot) => {
                *slot = byte;
                self.pos = at;
            }
            None => {
                self.grow(1);
                self.pos -= 1;
                self.buf[self.pos] = byte;
            }
        }
    }

    /// Writes the key of field `number`: 1 to 5 bytes. Keys are constants
    /// in generated code, so this folds to writing their bytes.
    #[inline(always)]
    pub fn key(&mut self, number: u32, wire_type: WireType) {
        self.varint(u64::from(wire::key(number, wire_type)));
    }

    /// Writes a varint: 1 to 10 bytes.
    #[inline(always)]
    pub fn varint(&mut self, value: u64) {
        if value < 0x80 {
            self.byte(value as u8);
        } else if value < 0x4000 {
            let [first, second] = self.claim(2) else {
                unreachable!("two bytes were claimed")
            };
            *first = value as u8 | 0x80;
            *second = (value >> 7) as u8;
        } else {
            self.long_varint(value);
        }
    }

    /// A varint of three bytes or more.
    #[inline(never)]
    fn long_varint(&mut self, value: u64) {
        let length = wire::varint_len(value);
        if length <= 8 && self.pos >= 8 {
            // Spread the seven-bit groups over the bytes of one word, set
            // the continuation bits, and store all eight bytes, the varint
            // in the last `length` of them; the others are room, which
            // later writes overwrite.
            let mut spread = 0u64;
            for group in 0..8 {
                spread |= (value & (0x7f << (7 * group))) << group;
            }
            let continuation = 0x8080_8080_8080_8080 & ((1u64 << (8 * (length - 1))) - 1);
            let word = (spread | continuation) << (8 * (8 - length));
            let end = self.pos;
            self.buf[end - 8..end].copy_from_slice(&word.to_le_bytes());
            self.pos = end - length;
            return;
        }
        let (last, first) = self
            .claim(length)
            .split_last_mut()
            .expect("a varint has at least one byte");
        let mut value = value;
        for byte in first {
            *byte = (value as u8) | 0x80;
            value >>= 7;
        }
        *last = value as u8;
    }

    /// Writes four little-endian bytes.
    #[inline]
    pub fn fixed32(&mut self, value: u32) {
        self.raw(&value.to_le_bytes());
    }

    /// Writes eight little-endian bytes.
    #[inline]
    pub fn fixed64(&mut self, value: u64) {
        self.raw(&value.to_le_bytes());
    }

    /// Writes `bytes` as they are, with no length prefix.
    #[inline]
    pub fn raw(&mut self, bytes: &[u8]) {
        self.claim(bytes.len()).copy_from_slice(bytes);
    }

    /// Writes `bytes` with their length prefix before them.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.raw(bytes);
        self.varint(bytes.len() as u64);
    }

    /// Writes a nested message with `write`, one level deeper, then its
    /// length prefix before it.
    #[inline]
    pub fn nested(&mut self, write: impl FnOnce(&mut Self)) {
        self.depth += 1;
        if self.depth > self.max_depth {
            self.max_depth = self.depth;
        }
        self.delimited(write);
        self.depth -= 1;
    }

    /// Writes a length-delimited run with `write`, at the same depth, as
    /// for a packed list, then its length prefix before it.
    #[inline]
    pub fn delimited(&mut self, write: impl FnOnce(&mut Self)) {
        let end = self.written_len();
        write(self);
        let length = self.written_len() - end;
        self.varint(length as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_back_to_front_with_lengths_counted() {
        let mut writer = Writer::new();
        writer.nested(|w| {
            w.nested(|w| {
                w.varint(3);
                w.varint(2);
                w.varint(1);
            });
            w.varint(7);
        });
        assert_eq!(writer.written(), [5, 7, 3, 1, 2, 3]);
        assert_eq!(writer.max_depth(), 2);
    }

    #[test]
    fn varints_of_every_length_match_the_wire_module() {
        let values: Vec<u64> = (0..64)
            .map(|shift| 1u64 << shift)
            .chain([0, u64::MAX])
            .collect();
        let mut writer = Writer::new();
        for &value in values.iter().rev() {
            writer.varint(value);
        }
        let mut expected = Vec::new();
        for &value in &values {
            wire::put_varint(&mut expected, value);
        }
        assert_eq!(writer.written(), expected);
    }

    #[test]
    fn growing_keeps_what_was_written() {
        // Far past the initial room, in pieces of every size.
        let mut writer = Writer::new();
        let mut expected = Vec::new();
        for n in 0..2_000u32 {
            let piece: Vec<u8> = (0..n % 37).map(|i| (n + i) as u8).collect();
            writer.raw(&piece);
            expected.splice(0..0, piece);
        }
        assert_eq!(writer.written(), expected);
        assert!(expected.len() > RETAINED_BUFFER / 2);
    }

    #[test]
    fn finishing_appends_or_hands_over_the_buffer() {
        let mut small = Writer::new();
        small.raw(b"yz");
        let mut out = b"x".to_vec();
        small.finish_into(&mut out);
        assert_eq!(out, b"xyz");

        let big = vec![7u8; RETAINED_BUFFER + 1];
        let mut writer = Writer::new();
        writer.raw(&big);
        let mut out = Vec::new();
        writer.finish_into(&mut out);
        assert_eq!(out, big);
        let mut writer = Writer::new();
        writer.raw(&big);
        let mut out = vec![1];
        writer.finish_into(&mut out);
        assert_eq!(out.len(), big.len() + 1);
    }
}
