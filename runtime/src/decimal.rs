//! The `decimal` type on the wire: an exact decimal number as a nested
//! message `{ 1: unscaled, 2: scale }`.
//!
//! - `unscaled` (bytes) is the integer of digits, in big-endian two's
//!   complement with no redundant leading bytes: Java's
//!   `BigInteger.toByteArray()`. Zero is the single byte `00`.
//! - `scale` (int32) is how many of those digits follow the decimal point;
//!   left out when 0. Negative scales, as Java's BigDecimal allows, are read.
//!
//! 12.34 is unscaled 1234 (`04 d2`) with scale 2: `0a 02 04 d2 10 02`.
//!
//! The Rust type is `rust_decimal::Decimal`: 96 bits of digits and a scale of
//! 0 to 28. A wire value that does not fit exactly is a decode error, never a
//! rounding. A field with implicit presence is left out only when it is 0
//! with scale 0, so that `0.00` keeps its scale; a map entry always writes
//! its decimal, zero included.

use rust_decimal::Decimal;

use crate::__private::codec::Codec;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::wire::{self, WireType};

/// The largest scale `rust_decimal` holds.
const MAX_SCALE: u32 = 28;

/// The codec of `decimal`; see the module documentation.
#[derive(Debug)]
pub enum DecimalCodec {}

impl Codec for DecimalCodec {
    type Value = Decimal;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;

    #[inline]
    fn is_default(value: &Decimal) -> bool {
        value.is_zero() && value.scale() == 0
    }

    #[inline]
    fn value_len(value: &Decimal) -> usize {
        let length = content_len(value.scale(), unscaled_len(value.mantissa()));
        wire::varint_len(length as u64) + length
    }

    // Out of line, so that the test for zero before it inlines small.
    #[inline(never)]
    fn write_value(value: &Decimal, writer: &mut Writer) {
        let (mantissa, scale) = (value.mantissa(), value.scale());
        match i64::try_from(mantissa) {
            Ok(mantissa) => write_short(mantissa, scale, writer),
            Err(_) => write_message(mantissa, scale, writer),
        }
    }

    fn merge_value(value: &mut Decimal, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        match read_canonical(decoder.rest()) {
            Some((decimal, length)) => {
                decoder.advance(length);
                *value = decimal;
                Ok(())
            }
            None => merge_other(value, decoder),
        }
    }
}

/// Reads a decimal that [`read_canonical`] does not: laid out otherwise,
/// or not fitting `rust_decimal`, which is an error.
#[cold]
#[inline(never)]
fn merge_other(value: &mut Decimal, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
    let start = decoder.offset();
    let (unscaled, scale) = decoder.read_delimited(read_parts)?;
    *value = from_wire(unscaled, scale).map_err(|reason| DecodeError::invalid(reason, start))?;
    Ok(())
}

/// Writes the length-prefixed message of a decimal field by field: out of
/// line, for digits over 64 bits.
#[cold]
#[inline(never)]
fn write_message(mantissa: i128, scale: u32, writer: &mut Writer) {
    let unscaled = unscaled_len(mantissa);
    if scale != 0 {
        writer.varint(u64::from(scale));
        writer.key(2, WireType::Varint);
    }
    writer.bytes(&mantissa.to_be_bytes()[16 - unscaled..]);
    writer.key(1, WireType::Len);
    writer.varint(content_len(scale, unscaled) as u64);
}

/// Writes the length-prefixed message of a decimal whose digits fit in 64
/// bits, `LEN 0a N DIGITS [10 SCALE]`, every length and the scale one
/// byte: prices, quantities and rates. Where the writer has room, it is
/// three stores at most, of 2, 8 and 4 bytes; [`write_message`] writes
/// the same bytes field by field.
#[inline(always)]
fn write_short(mantissa: i64, scale: u32, writer: &mut Writer) {
    debug_assert!(scale <= MAX_SCALE);
    let digits_len = unscaled_len(i128::from(mantissa));
    if scale != 0 {
        writer.last_of([0x10, scale as u8], 2);
    }
    // The digits big-endian: their first bytes only repeat the sign.
    writer.last_of(mantissa.to_be_bytes(), digits_len);
    let content = content_len(scale, digits_len);
    writer.last_of([0, content as u8, 0x0a, digits_len as u8], 3);
}

/// The digits and scale of a decimal's message, read field by field: any
/// order, repeats (the last wins), unknown fields and multi-byte varints.
fn read_parts<'a>(decoder: &mut Decoder<'a>) -> Result<(&'a [u8], i64), DecodeError> {
    let mut unscaled: &[u8] = &[];
    let mut scale = 0i64;
    while decoder.has_remaining() {
        match decoder.read_key()? {
            (1, WireType::Len) => unscaled = decoder.read_bytes()?,
            // An int32 on the wire is sign-extended to 64 bits.
            (2, WireType::Varint) => scale = decoder.read_varint()? as i32 as i64,
            (_, wire_type) => decoder.skip(wire_type)?,
        }
    }
    Ok((unscaled, scale))
}

/// The digits and scale of a length-prefixed decimal laid out as schemac
/// writes one, `LEN 0a N DIGITS [10 SCALE]` with one-byte lengths and scale,
/// and how many bytes it takes; `None` for any other layout, which
/// [`read_parts`] reads. What it reads, it reads as `read_parts` would.
#[inline]
fn canonical_parts(bytes: &[u8]) -> Option<((&[u8], i64), usize)> {
    let (&length, rest) = bytes.split_first()?;
    if length >= 0x80 {
        return None;
    }
    let [0x0a, digits_len, fields @ ..] = rest.get(..usize::from(length))? else {
        return None;
    };
    let (unscaled, scale) = fields.split_at_checked(usize::from(*digits_len))?;
    let scale = match *scale {
        [] => 0,
        [0x10, scale] if scale < 0x80 => i64::from(scale),
        _ => return None,
    };
    Some(((unscaled, scale), 1 + usize::from(length)))
}

/// The decimal at the start of `bytes`, length-prefixed in the layout of
/// [`canonical_parts`], and how many bytes it takes; `None` for any other
/// layout and for a decimal that does not fit, which `merge_other` reads
/// (or refuses).
#[inline]
pub(crate) fn read_canonical(bytes: &[u8]) -> Option<(Decimal, usize)> {
    let ((unscaled, scale), length) = canonical_parts(bytes)?;
    Some((from_wire(unscaled, scale).ok()?, length))
}

/// The length of the decimal's message: its unscaled field of `unscaled`
/// bytes, and its scale unless 0.
#[inline]
fn content_len(scale: u32, unscaled: usize) -> usize {
    let scale = match scale {
        0 => 0,
        scale => 1 + wire::varint_len(u64::from(scale)),
    };
    2 + unscaled + scale
}

/// How many bytes `unscaled` takes in big-endian two's complement with no
/// redundant leading sign bytes: its significant bits and a sign bit,
/// rounded up to whole bytes (zero takes one byte).
#[inline]
fn unscaled_len(unscaled: i128) -> usize {
    // The magnitude bits of a negative number are those of its complement.
    let magnitude = unscaled ^ (unscaled >> 127);
    let bits = 128 - magnitude.leading_zeros() as usize;
    bits / 8 + 1
}

/// How many leading bytes only repeat the sign of the next one.
fn redundant_prefix(bytes: &[u8]) -> usize {
    let mut start = 0;
    while start + 1 < bytes.len() {
        let (byte, next) = (bytes[start], bytes[start + 1]);
        if (byte == 0x00 && next < 0x80) || (byte == 0xff && next >= 0x80) {
            start += 1;
        } else {
            break;
        }
    }
    start
}

/// The decimal with digits `unscaled` (big-endian two's complement) and
/// `scale`, or why it does not fit `rust_decimal` exactly.
#[inline]
fn from_wire(unscaled: &[u8], scale: i64) -> Result<Decimal, &'static str> {
    // Eight bytes, redundant sign bytes or not, are an `i64`: the digits of
    // prices, quantities and rates, as `write_short` writes them.
    if unscaled.len() <= 8 && (0..=MAX_SCALE as i64).contains(&scale) {
        return Decimal::try_new(short_twos_complement(unscaled), scale as u32)
            .map_err(|_| DIGITS_OVERFLOW);
    }
    from_wire_long(unscaled, scale)
}

/// [`from_wire`] for digits of more than eight bytes, or a scale outside
/// 0 to 28.
#[inline(never)]
fn from_wire_long(unscaled: &[u8], scale: i64) -> Result<Decimal, &'static str> {
    let significant = &unscaled[redundant_prefix(unscaled)..];
    // Twelve bytes hold at most 95 bits of magnitude, which always fit; a
    // scale of 0 to 28 is taken as it is. That is every decimal schemac
    // writes for a value under 2^95.
    if significant.len() <= 12 && (0..=MAX_SCALE as i64).contains(&scale) {
        let digits = twos_complement(significant);
        return Decimal::try_from_i128_with_scale(digits, scale as u32)
            .map_err(|_| DIGITS_OVERFLOW);
    }
    from_wire_rescaled(significant, scale)
}

/// The integer of up to 16 big-endian two's complement bytes.
#[inline]
fn twos_complement(significant: &[u8]) -> i128 {
    // Most decimals have a few bytes of digits, which 64-bit arithmetic
    // gathers more cheaply than 128-bit.
    if significant.len() <= 8 {
        return i128::from(short_twos_complement(significant));
    }
    let sign = i128::from(negative_sign(significant));
    significant
        .iter()
        .fold(sign, |digits, &byte| (digits << 8) | i128::from(byte))
}

/// The integer of up to 8 big-endian two's complement bytes.
#[inline]
fn short_twos_complement(bytes: &[u8]) -> i64 {
    debug_assert!(bytes.len() <= 8);
    bytes.iter().fold(negative_sign(bytes), |digits, &byte| {
        (digits << 8) | i64::from(byte)
    })
}

/// All ones when `bytes` are a negative number, which they then shift
/// into; else 0.
#[inline]
fn negative_sign(bytes: &[u8]) -> i64 {
    -i64::from(bytes.first().is_some_and(|&byte| byte >= 0x80))
}

/// [`from_wire_long`] for what its fast path leaves: digits of 13 bytes
/// or more, and scales outside 0 to 28, which fit only after rescaling.
#[cold]
#[inline(never)]
fn from_wire_rescaled(significant: &[u8], scale: i64) -> Result<Decimal, &'static str> {
    if significant.len() > 16 {
        return Err(DIGITS_OVERFLOW);
    }
    let mut digits = twos_complement(significant);
    let mut scale = scale;
    if digits == 0 {
        // Zero fits whatever its scale; keep the scale where it can be kept.
        let scale = scale.clamp(0, MAX_SCALE as i64) as u32;
        return Decimal::try_from_i128_with_scale(0, scale).map_err(|_| DIGITS_OVERFLOW);
    }
    // A negative scale multiplies the digits by a power of ten.
    while scale < 0 {
        digits = digits.checked_mul(10).ok_or(DIGITS_OVERFLOW)?;
        scale += 1;
    }
    // Trailing zeros beyond the largest scale can be dropped without rounding.
    while scale > MAX_SCALE as i64 && digits % 10 == 0 {
        digits /= 10;
        scale -= 1;
    }
    if scale > MAX_SCALE as i64 {
        return Err("decimal scale exceeds 28 digits after the point");
    }
    Decimal::try_from_i128_with_scale(digits, scale as u32).map_err(|_| DIGITS_OVERFLOW)
}

const DIGITS_OVERFLOW: &str = "decimal has more digits than 96 bits hold";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::DecodeOptions;
    use core::str::FromStr;
    use proptest::prelude::*;

    fn encode(value: &Decimal) -> Vec<u8> {
        let length = DecimalCodec::value_len(value);
        let mut writer = Writer::new();
        DecimalCodec::write_value(value, &mut writer);
        let buf = writer.into_vec();
        assert_eq!(buf.len(), length);
        buf
    }

    fn decode(bytes: &[u8]) -> Result<Decimal, DecodeError> {
        let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
        let mut value = Decimal::ZERO;
        DecimalCodec::merge_value(&mut value, &mut decoder)?;
        Ok(value)
    }

    fn same(a: Decimal, b: Decimal) -> bool {
        a.mantissa() == b.mantissa() && a.scale() == b.scale()
    }

    #[test]
    fn twelve_point_three_four() {
        let value = Decimal::from_str("12.34").unwrap();
        let bytes = encode(&value);
        assert_eq!(bytes, [0x06, 0x0a, 0x02, 0x04, 0xd2, 0x10, 0x02]);
        let digits: &[u8] = &[0x04, 0xd2];
        assert_eq!(canonical_parts(&bytes), Some(((digits, 2), 7)));
    }

    #[test]
    fn zero_is_one_byte_of_digits() {
        assert_eq!(encode(&Decimal::ZERO), [0x03, 0x0a, 0x01, 0x00]);
        let zero_cents = Decimal::from_str("0.00").unwrap();
        assert!(same(decode(&encode(&zero_cents)).unwrap(), zero_cents));
    }

    #[test]
    fn extremes_round_trip() {
        for value in [
            Decimal::MAX,
            Decimal::MIN,
            Decimal::from_str("-0.0000000000000000000000000001").unwrap(),
        ] {
            assert!(same(decode(&encode(&value)).unwrap(), value), "{value}");
        }
        // 2^96 - 1 takes 13 bytes of two's complement.
        assert_eq!(encode(&Decimal::MAX)[2], 13);
    }

    #[test]
    fn java_forms_are_read() {
        // Negative: -1 is ff; -128 is 80; 128 is 00 80.
        assert_eq!(from_wire(&[0xff], 0), Ok(Decimal::from(-1)));
        assert_eq!(from_wire(&[0x80], 0), Ok(Decimal::from(-128)));
        assert_eq!(from_wire(&[0x00, 0x80], 0), Ok(Decimal::from(128)));
        // Empty digits are zero; redundant sign bytes are accepted.
        assert_eq!(from_wire(&[], 0), Ok(Decimal::ZERO));
        assert_eq!(from_wire(&[0xff, 0xff, 0xfe], 0), Ok(Decimal::from(-2)));
        // 1E+3: scale -3.
        assert_eq!(from_wire(&[0x01], -3), Ok(Decimal::from(1000)));
        // 1000E-30 keeps its value exactly, at the largest scale.
        assert_eq!(
            from_wire(&[0x03, 0xe8], 30).unwrap().to_string(),
            "0.0000000000000000000000000010"
        );
    }

    #[test]
    fn what_does_not_fit_is_an_error_not_a_rounding() {
        // 2^96 needs 97 bits.
        let mut too_big = vec![0x01];
        too_big.extend([0u8; 12]);
        assert!(from_wire(&too_big, 0).is_err());
        assert!(from_wire(&[0x01], 29).is_err(), "1E-29");
        assert!(from_wire(&[0x01], -29).is_err(), "1E+29");
        assert!(from_wire(&[0x7f; 17], 0).is_err());
        let error = decode(&[0x05, 0x0a, 0x01, 0x01, 0x10, 0x1d]).unwrap_err();
        assert!(error.to_string().contains("scale exceeds 28"), "{error}");
    }

    /// A decimal that does not fit is refused at the offset of its length
    /// prefix, laid out as schemac writes it or field by field.
    #[test]
    fn what_does_not_fit_is_refused_where_it_starts() {
        let scale_29 = [0x05, 0x0a, 0x01, 0x01, 0x10, 0x1d];
        let scale_first = [0x05, 0x10, 0x1d, 0x0a, 0x01, 0x01];
        for decimal in [scale_29, scale_first] {
            let mut bytes = vec![0xaa, 0xbb];
            bytes.extend(decimal);
            let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
            decoder.advance(2);
            let mut value = Decimal::ZERO;
            let error = DecimalCodec::merge_value(&mut value, &mut decoder).unwrap_err();
            assert_eq!(error.offset(), 2, "{error}");
            assert!(error.to_string().contains("scale exceeds 28"), "{error}");
        }
    }

    #[test]
    fn unscaled_len_is_the_shortest_twos_complement() {
        for value in [0i128, 1, 127, 128, 255, 256, -1, -128, -129, -256, -257]
            .into_iter()
            .chain((0..128).flat_map(|shift| {
                let power = 1i128 << shift;
                [
                    power,
                    power.wrapping_sub(1),
                    power.wrapping_neg(),
                    power.wrapping_neg().wrapping_add(1),
                    !power,
                ]
            }))
        {
            let bytes = value.to_be_bytes();
            assert_eq!(
                unscaled_len(value),
                16 - redundant_prefix(&bytes),
                "{value}"
            );
        }
    }

    /// Byte strings near the canonical layout: a length, a key, a digits
    /// length, digits, and perhaps a scale, each sometimes off.
    fn near_canonical() -> impl Strategy<Value = Vec<u8>> {
        let digits = proptest::collection::vec(any::<u8>(), 0..20);
        let scale = prop_oneof![
            Just(vec![]),
            (0u8..0x80).prop_map(|scale| vec![0x10, scale]),
            proptest::collection::vec(any::<u8>(), 0..4),
        ];
        (digits, scale, any::<u8>(), any::<bool>()).prop_map(|(digits, scale, noise, use_noise)| {
            let mut content = vec![0x0a, digits.len() as u8];
            content.extend(&digits);
            content.extend(&scale);
            let mut bytes = vec![content.len() as u8];
            bytes.extend(&content);
            if use_noise {
                let at = usize::from(noise) % bytes.len();
                bytes[at] ^= noise | 1;
            }
            bytes
        })
    }

    /// What `write` writes into a new writer, which has no room, and into
    /// one with room, after 40 bytes.
    fn written_both_ways(write: impl Fn(&mut Writer)) -> [Vec<u8>; 2] {
        let mut new = Writer::new();
        write(&mut new);
        let mut roomy = Writer::new();
        roomy.raw(&[0xee; 40]);
        write(&mut roomy);
        let mut roomy = roomy.into_vec();
        roomy.truncate(roomy.len() - 40);
        [new.into_vec(), roomy]
    }

    fn assert_short_as_field_by_field(mantissa: i64, scale: u32) {
        assert_eq!(
            written_both_ways(|writer| write_short(mantissa, scale, writer)),
            written_both_ways(|writer| write_message(i128::from(mantissa), scale, writer)),
            "{mantissa} at scale {scale}"
        );
    }

    #[test]
    fn short_decimals_of_every_length_are_written_as_field_by_field() {
        for shift in 0..64 {
            let power = 1i64 << shift;
            for mantissa in [
                power,
                power.wrapping_sub(1),
                power.wrapping_neg(),
                !power,
                0,
                i64::MAX,
            ] {
                for scale in [0, 1, 2, 27, 28] {
                    assert_short_as_field_by_field(mantissa, scale);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn short_decimals_are_written_as_field_by_field(
            mantissa in (any::<i64>(), 0u32..64).prop_map(|(bits, shift)| bits >> shift),
            scale in 0u32..=28,
        ) {
            assert_short_as_field_by_field(mantissa, scale);
        }

        #[test]
        fn every_decimal_round_trips_exactly(lo: u32, mid: u32, hi: u32, negative: bool, scale in 0u32..=28) {
            let value = Decimal::from_parts(lo, mid, hi, negative, scale);
            let back = decode(&encode(&value)).unwrap();
            prop_assert!(same(back, value) || value.mantissa() == 0, "{} became {}", value, back);
        }

        #[test]
        fn the_canonical_layout_reads_as_the_general_reader_does(bytes in near_canonical()) {
            if let Some((parts, length)) = canonical_parts(&bytes) {
                let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
                prop_assert_eq!(decoder.read_delimited(read_parts), Ok(parts));
                prop_assert_eq!(decoder.offset(), length);
            }
        }

        #[test]
        fn the_fast_conversion_agrees_with_the_rescaling_one(
            unscaled in proptest::collection::vec(any::<u8>(), 0..14),
            scale in -3i64..32,
        ) {
            let significant = &unscaled[redundant_prefix(&unscaled)..];
            // Compared as written, since `==` takes 1.50 for 1.5.
            prop_assert_eq!(
                format!("{:?}", from_wire(&unscaled, scale)),
                format!("{:?}", from_wire_rescaled(significant, scale))
            );
        }
    }
}
