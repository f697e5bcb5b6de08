//! The two passes of encoding: measuring, then writing.
//!
//! Measuring walks a message once and records the length of every nested
//! message (and every packed run of varints) in a [`SizeCache`], in the order
//! it meets them. Writing walks the message again in the same order and takes
//! those lengths back for the length prefixes, so no length is computed twice
//! and the output buffer is reserved once.

use crate::wire::{self, WireType};

/// The lengths of the nested values of one message, recorded while measuring.
#[derive(Debug, Default)]
pub struct SizeCache {
    sizes: Vec<usize>,
    depth: u32,
    max_depth: u32,
}

impl SizeCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// Measures a nested message with `measure`, one level deeper, and
    /// records its length for the writer.
    #[inline]
    pub fn nested(&mut self, measure: impl FnOnce(&mut Self) -> usize) -> usize {
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
        let length = self.delimited(measure);
        self.depth -= 1;
        length
    }

    /// Measures a length-delimited run with `measure`, at the same depth, and
    /// records its length for the writer.
    #[inline]
    pub fn delimited(&mut self, measure: impl FnOnce(&mut Self) -> usize) -> usize {
        let slot = self.sizes.len();
        self.sizes.push(0);
        let length = measure(self);
        self.sizes[slot] = length;
        length
    }

    /// How deep the deepest nested message was, the top-level one being 0.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    pub(crate) fn as_slice(&self) -> &[usize] {
        &self.sizes
    }
}

/// Appends encoded fields to a buffer, taking nested lengths from a
/// [`SizeCache`] filled by measuring the same message.
#[derive(Debug)]
pub struct Writer<'a> {
    buf: &'a mut Vec<u8>,
    sizes: &'a [usize],
    next_size: usize,
}

impl<'a> Writer<'a> {
    /// A writer appending to `buf` with the lengths in `sizes`.
    pub fn new(buf: &'a mut Vec<u8>, sizes: &'a SizeCache) -> Self {
        Self {
            buf,
            sizes: sizes.as_slice(),
            next_size: 0,
        }
    }

    /// Writes the key of field `number`: 1 to 5 bytes.
    #[inline]
    pub fn key(&mut self, number: u32, wire_type: WireType) {
        self.varint(u64::from(wire::key(number, wire_type)));
    }

    /// Writes a varint: 1 to 10 bytes.
    #[inline]
    pub fn varint(&mut self, value: u64) {
        wire::put_varint(self.buf, value);
    }

    /// Writes four little-endian bytes.
    #[inline]
    pub fn fixed32(&mut self, value: u32) {
        self.buf.extend_from_slice(&value.to_le_bytes());
    }

    /// Writes eight little-endian bytes.
    #[inline]
    pub fn fixed64(&mut self, value: u64) {
        self.buf.extend_from_slice(&value.to_le_bytes());
    }

    /// Writes `bytes` as they are, with no length prefix.
    #[inline]
    pub fn raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Writes a length prefix and then `bytes`.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.varint(bytes.len() as u64);
        self.buf.extend_from_slice(bytes);
    }

    /// Writes the length prefix recorded for the next nested value, then
    /// the value itself with `write`.
    #[inline]
    pub fn delimited(&mut self, write: impl FnOnce(&mut Self)) {
        let length = self.sizes[self.next_size];
        self.next_size += 1;
        self.varint(length as u64);
        write(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_come_back_in_the_order_they_were_measured() {
        let mut sizes = SizeCache::new();
        let outer = sizes.nested(|sizes| 1 + sizes.nested(|_| 3));
        assert_eq!(outer, 4);
        assert_eq!(sizes.max_depth(), 2);

        let mut buf = Vec::new();
        let mut writer = Writer::new(&mut buf, &sizes);
        writer.delimited(|w| {
            w.varint(7);
            w.delimited(|w| {
                w.varint(1);
                w.varint(2);
                w.varint(3);
            });
        });
        assert_eq!(buf, [4, 7, 3, 1, 2, 3]);
    }
}
