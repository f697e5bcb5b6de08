//! Wire-level primitives of the protobuf binary format: wire types, varints,
//! zigzag encoding and field keys.
//!
//! These functions do no bounds checking of their own beyond what their
//! signatures promise; the [`Decoder`](crate::Decoder) checks bounds.

use crate::prelude::*;

/// The six wire types of the protobuf binary format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WireType {
    /// A base-128 varint: 1 to 10 bytes.
    Varint = 0,
    /// Eight little-endian bytes.
    Fixed64 = 1,
    /// A varint length followed by that many bytes.
    Len = 2,
    /// The start of a group: proto2's `group`, a message without a
    /// length, whose fields follow up to the end-group key of its number.
    StartGroup = 3,
    /// The end of a group, with the number of its start-group key.
    EndGroup = 4,
    /// Four little-endian bytes.
    Fixed32 = 5,
}

impl WireType {
    /// The wire type whose number is `bits`, if there is one.
    #[inline]
    pub const fn from_bits(bits: u32) -> Option<Self> {
        match bits {
            0 => Some(Self::Varint),
            1 => Some(Self::Fixed64),
            2 => Some(Self::Len),
            3 => Some(Self::StartGroup),
            4 => Some(Self::EndGroup),
            5 => Some(Self::Fixed32),
            _ => None,
        }
    }

    /// The lowercase name used in error messages.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Varint => "varint",
            Self::Fixed64 => "fixed64",
            Self::Len => "length-delimited",
            Self::StartGroup => "start-group",
            Self::EndGroup => "end-group",
            Self::Fixed32 => "fixed32",
        }
    }
}

/// The largest field number protobuf allows: 2^29 - 1.
pub const MAX_FIELD_NUMBER: u32 = (1 << 29) - 1;

/// The number of bytes `value` takes as a varint: 1 to 10.
#[inline]
pub const fn varint_len(value: u64) -> usize {
    // Significant bits, at least 1, rounded up to groups of 7.
    let bits = 64 - (value | 1).leading_zeros() as usize;
    bits.div_ceil(7)
}

/// Appends `value` as a varint of 1 to 10 bytes.
#[inline]
pub fn put_varint(buf: &mut Vec<u8>, mut value: u64) {
    if value < 0x80 {
        buf.push(value as u8);
        return;
    }
    let mut bytes = [0u8; 10];
    let mut n = 0;
    while value >= 0x80 {
        bytes[n] = (value as u8) | 0x80;
        value >>= 7;
        n += 1;
    }
    bytes[n] = value as u8;
    buf.extend_from_slice(&bytes[..=n]);
}

/// The varint at the start of `chunk` and its length in bytes, or `None`
/// if it is longer than ten bytes or its tenth byte holds more than the
/// 64th bit.
#[inline(always)]
pub(crate) fn varint_in(chunk: &[u8; 10]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &byte) in chunk.iter().enumerate() {
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte < 0x80 {
            return if i == 9 && byte > 1 {
                None
            } else {
                Some((value, i + 1))
            };
        }
    }
    None
}

/// The varint of more than one byte at the start of `bytes` (whose first
/// byte, if any, has its continuation bit set), and its length; length 0
/// for a varint longer than two bytes with fewer than ten bytes at hand,
/// or for ten bytes that hold no varint. Out of line, taking a slice and
/// returning both in registers, so that the decoder keeps its position
/// in a register across the call: a method taking the decoder by `&mut`
/// would have it stored before the call and loaded back after it, on the
/// path every later field waits for.
#[inline(never)]
pub(crate) fn long_varint(bytes: &[u8]) -> (u64, usize) {
    if let Some(&[low, high]) = bytes.first_chunk::<2>()
        && high < 0x80
    {
        return (u64::from(low & 0x7f) | u64::from(high) << 7, 2);
    }
    bytes
        .first_chunk::<10>()
        .and_then(varint_in)
        .unwrap_or_default()
}

/// The varint of one to nine bytes at the start of `bytes`, and its
/// length; `None` if none of the first nine bytes ends it. For fewer than
/// ten bytes, where [`varint_in`] has no chunk to read.
#[inline]
pub(crate) fn varint_near_end(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().enumerate().take(9) {
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte < 0x80 {
            return Some((value, i + 1));
        }
    }
    None
}

/// The key of a field: its number shifted left by three, or'ed with the wire type.
#[inline]
pub const fn key(number: u32, wire_type: WireType) -> u32 {
    (number << 3) | wire_type as u32
}

/// The number of bytes the key of field `number` takes: 1 to 5.
#[inline]
pub const fn key_len(number: u32) -> usize {
    varint_len((number as u64) << 3)
}

/// The key of a field as the wire encodes it, a varint: its bytes, of
/// which the first [`key_len`] count.
#[inline]
pub(crate) const fn encoded_key(number: u32, wire_type: WireType) -> ([u8; 5], usize) {
    let mut bytes = [0u8; 5];
    let mut value = key(number, wire_type);
    let mut len = 0;
    while value >= 0x80 {
        bytes[len] = value as u8 | 0x80;
        value >>= 7;
        len += 1;
    }
    bytes[len] = value as u8;
    (bytes, len + 1)
}

/// Maps a signed 32-bit integer to an unsigned one so that small magnitudes
/// stay small: 0, -1, 1, -2 become 0, 1, 2, 3.
#[inline]
pub const fn zigzag32(value: i32) -> u32 {
    ((value << 1) ^ (value >> 31)) as u32
}

/// Inverts [`zigzag32`].
#[inline]
pub const fn unzigzag32(value: u32) -> i32 {
    ((value >> 1) as i32) ^ -((value & 1) as i32)
}

/// Maps a signed 64-bit integer to an unsigned one so that small magnitudes
/// stay small.
#[inline]
pub const fn zigzag64(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)) as u64
}

/// Inverts [`zigzag64`].
#[inline]
pub const fn unzigzag64(value: u64) -> i64 {
    ((value >> 1) as i64) ^ -((value & 1) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn varint_lengths_at_boundaries() {
        assert_eq!(varint_len(0), 1);
        assert_eq!(varint_len(127), 1);
        assert_eq!(varint_len(128), 2);
        assert_eq!(varint_len(16_383), 2);
        assert_eq!(varint_len(16_384), 3);
        assert_eq!(varint_len(u64::from(u32::MAX)), 5);
        assert_eq!(varint_len(u64::MAX), 10);
        assert_eq!(varint_len(-1i64 as u64), 10);
    }

    #[test]
    fn varint_bytes_match_the_protobuf_examples() {
        let mut buf = Vec::new();
        put_varint(&mut buf, 150);
        assert_eq!(buf, [0x96, 0x01]);
        buf.clear();
        put_varint(&mut buf, 1);
        assert_eq!(buf, [0x01]);
        buf.clear();
        put_varint(&mut buf, u64::MAX);
        assert_eq!(
            buf,
            [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]
        );
    }

    #[test]
    fn zigzag_matches_the_protobuf_table() {
        assert_eq!(zigzag32(0), 0);
        assert_eq!(zigzag32(-1), 1);
        assert_eq!(zigzag32(1), 2);
        assert_eq!(zigzag32(-2), 3);
        assert_eq!(zigzag32(i32::MAX), 0xffff_fffe);
        assert_eq!(zigzag32(i32::MIN), 0xffff_ffff);
        assert_eq!(zigzag64(i64::MIN), u64::MAX);
    }

    proptest! {
        #[test]
        fn an_encoded_key_is_the_keys_varint(number in 1u32..1 << 29, bits in 0u32..6) {
            let wire_type = WireType::from_bits(bits).expect("a wire type");
            let (bytes, len) = encoded_key(number, wire_type);
            let mut expected = Vec::new();
            put_varint(&mut expected, key(number, wire_type).into());
            prop_assert_eq!(&bytes[..len], &expected[..]);
            prop_assert_eq!(len, key_len(number));
        }
    }

    #[test]
    fn keys_combine_number_and_wire_type() {
        assert_eq!(key(1, WireType::Varint), 0x08);
        assert_eq!(key(2, WireType::Len), 0x12);
        assert_eq!(key_len(15), 1);
        assert_eq!(key_len(16), 2);
        assert_eq!(key_len(MAX_FIELD_NUMBER), 5);
    }

    proptest! {
        #[test]
        fn varint_len_agrees_with_put_varint(value: u64) {
            let mut buf = Vec::new();
            put_varint(&mut buf, value);
            prop_assert_eq!(buf.len(), varint_len(value));
        }

        #[test]
        fn zigzag_round_trips(a: i32, b: i64) {
            prop_assert_eq!(unzigzag32(zigzag32(a)), a);
            prop_assert_eq!(unzigzag64(zigzag64(b)), b);
        }
    }
}
