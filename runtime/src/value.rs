//! The `value` type: a dynamic value that keeps its exact type.
//!
//! It is what `Map<String, Object>` is in Java, without Gson's flaw of
//! reading every number back as a double: an `i32` comes back as an `i32`,
//! an `f32` as an `f32`, a decimal with all its digits.
//!
//! On the wire it is this message (`schemac export-proto` prints it as
//! `schemac/types.proto`):
//!
//! ```proto
//! message Value {
//!   oneof kind {
//!     NullValue null_value = 1;   // enum NullValue { NULL_VALUE = 0; }
//!     bool bool_value = 2;
//!     sint32 i32_value = 3;
//!     sint64 i64_value = 4;
//!     uint32 u32_value = 5;
//!     uint64 u64_value = 6;
//!     float f32_value = 7;
//!     double f64_value = 8;
//!     string string_value = 9;
//!     bytes bytes_value = 10;
//!     Decimal decimal_value = 11;
//!     ValueList list_value = 12;  // message ValueList { repeated Value values = 1; }
//!     ValueMap map_value = 13;    // message ValueMap { map<string, Value> entries = 1; }
//!   }
//! }
//! ```
//!
//! A message with no member set reads as `Null`. A `value` field with
//! implicit presence leaves `Null` out; a list element, a map's value and
//! an `optional` or oneof member that is there write it, as `08 00`.

use crate::prelude::*;
use alloc::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::__private::codec::{self, Codec};
use crate::__private::field;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::view::{self, DynamicValueView, ViewCodec};
use crate::wire::{self, WireType};

/// A dynamic value that keeps its exact type.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum DynamicValue {
    /// No value.
    #[default]
    Null,
    /// A boolean.
    Bool(bool),
    /// A 32-bit signed integer.
    I32(i32),
    /// A 64-bit signed integer.
    I64(i64),
    /// A 32-bit unsigned integer.
    U32(u32),
    /// A 64-bit unsigned integer.
    U64(u64),
    /// A 32-bit float.
    F32(f32),
    /// A 64-bit float.
    F64(f64),
    /// A UTF-8 string.
    String(String),
    /// Raw bytes.
    Bytes(Vec<u8>),
    /// An exact decimal.
    Decimal(Decimal),
    /// A list of values.
    List(Vec<DynamicValue>),
    /// A map from strings to values, in key order.
    Map(BTreeMap<String, DynamicValue>),
}

/// The codec of `value`; see the module documentation.
#[derive(Debug)]
pub enum ValueCodec {}

impl Codec for ValueCodec {
    type Value = DynamicValue;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;

    #[inline]
    fn is_default(value: &DynamicValue) -> bool {
        matches!(value, DynamicValue::Null)
    }

    fn value_len(value: &DynamicValue) -> usize {
        let length = content_len(value);
        wire::varint_len(length as u64) + length
    }

    fn write_value(value: &DynamicValue, writer: &mut Writer) {
        writer.nested(|writer| write_content(value, writer));
    }

    #[inline]
    fn merge_value(value: &mut DynamicValue, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        // `read_nested` would refuse the message past the recursion limit.
        if decoder.can_nest()
            && let Some((scalar, length)) = canonical_scalar(decoder.rest())
            && let Some(read) = scalar.to_value()
        {
            decoder.advance(length);
            match core::mem::replace(value, read) {
                // What a map entry or a list element starts as: no call
                // to drop it.
                old @ DynamicValue::Null => core::mem::forget(old),
                old => drop(old),
            }
            return Ok(());
        }
        merge_message(value, decoder)
    }
}

/// A length-prefixed `value` message holding one member that is not a list
/// or map, laid out as schemac writes it: one-byte lengths and keys, a
/// varint of at most nine bytes. Returns how many bytes it takes too;
/// `None` for any other layout and for a decimal that [`merge_message`]
/// would refuse, which it then reads (or refuses). What it reads, it reads
/// as `merge_message` would, replacing the value.
#[inline(always)]
pub(crate) fn canonical_scalar(bytes: &[u8]) -> Option<(Scalar<'_>, usize)> {
    let (&length, rest) = bytes.split_first()?;
    if length >= 0x80 {
        return None;
    }
    let (&key, payload) = rest.get(..usize::from(length))?.split_first()?;
    let scalar = if key & 7 == WireType::Varint as u8 {
        let varint = varint_filling(payload)?;
        match key >> 3 {
            1 => Scalar::Null,
            2 => Scalar::Bool(varint != 0),
            3 => Scalar::I32(wire::unzigzag32(varint as u32)),
            4 => Scalar::I64(wire::unzigzag64(varint)),
            5 => Scalar::U32(varint as u32),
            6 => Scalar::U64(varint),
            _ => return None,
        }
    } else {
        match key {
            0x3d => Scalar::F32(f32::from_le_bytes(payload.try_into().ok()?)),
            0x41 => Scalar::F64(f64::from_le_bytes(payload.try_into().ok()?)),
            0x4a => Scalar::Text(bytes_filling(payload)?),
            0x52 => Scalar::Bytes(bytes_filling(payload)?),
            0x5a => match crate::decimal::read_canonical(payload)? {
                (decimal, taken) if taken == payload.len() => Scalar::Decimal(decimal),
                _ => return None,
            },
            _ => return None,
        }
    };
    Some((scalar, 1 + usize::from(length)))
}

/// A scalar member of a `value`, as [`canonical_scalar`] reads it for the
/// owned [`DynamicValue`] and for the [`DynamicValueView`]. A string's bytes are not yet
/// checked to be UTF-8: the owned value checks its copy, whose start is
/// aligned, which checks faster than the input.
#[derive(Clone, Copy)]
pub(crate) enum Scalar<'a> {
    Null,
    Bool(bool),
    I32(i32),
    I64(i64),
    U32(u32),
    U64(u64),
    F32(f32),
    F64(f64),
    Text(&'a [u8]),
    Bytes(&'a [u8]),
    Decimal(Decimal),
}

impl<'a> Scalar<'a> {
    /// The owned value; `None` for a string that is not UTF-8.
    #[inline(always)]
    fn to_value(self) -> Option<DynamicValue> {
        Some(match self {
            Scalar::Null => DynamicValue::Null,
            Scalar::Bool(v) => DynamicValue::Bool(v),
            Scalar::I32(v) => DynamicValue::I32(v),
            Scalar::I64(v) => DynamicValue::I64(v),
            Scalar::U32(v) => DynamicValue::U32(v),
            Scalar::U64(v) => DynamicValue::U64(v),
            Scalar::F32(v) => DynamicValue::F32(v),
            Scalar::F64(v) => DynamicValue::F64(v),
            Scalar::Text(v) => DynamicValue::String(String::from_utf8(v.to_vec()).ok()?),
            Scalar::Bytes(v) => DynamicValue::Bytes(v.to_vec()),
            Scalar::Decimal(v) => DynamicValue::Decimal(v),
        })
    }

    /// The view; `None` for a string that is not UTF-8.
    #[inline(always)]
    pub(crate) fn to_view(self) -> Option<DynamicValueView<'a>> {
        Some(match self {
            Scalar::Null => DynamicValueView::Null,
            Scalar::Bool(v) => DynamicValueView::Bool(v),
            Scalar::I32(v) => DynamicValueView::I32(v),
            Scalar::I64(v) => DynamicValueView::I64(v),
            Scalar::U32(v) => DynamicValueView::U32(v),
            Scalar::U64(v) => DynamicValueView::U64(v),
            Scalar::F32(v) => DynamicValueView::F32(v),
            Scalar::F64(v) => DynamicValueView::F64(v),
            Scalar::Text(v) => DynamicValueView::String(core::str::from_utf8(v).ok()?),
            Scalar::Bytes(v) => DynamicValueView::Bytes(v),
            Scalar::Decimal(v) => DynamicValueView::Decimal(v),
        })
    }
}

/// The varint that `payload` is exactly, if it takes one to nine bytes.
#[inline]
fn varint_filling(payload: &[u8]) -> Option<u64> {
    let (&last, init) = payload.split_last()?;
    if last >= 0x80 || init.len() > 8 {
        return None;
    }
    let mut value = u64::from(last) << (7 * init.len());
    for (i, &byte) in init.iter().enumerate() {
        if byte < 0x80 {
            return None;
        }
        value |= u64::from(byte & 0x7f) << (7 * i);
    }
    Some(value)
}

/// The bytes of a length-delimited field that `payload` is exactly, with
/// a one-byte length.
#[inline]
fn bytes_filling(payload: &[u8]) -> Option<&[u8]> {
    match payload.split_first()? {
        (&length, bytes) if length < 0x80 && usize::from(length) == bytes.len() => Some(bytes),
        _ => None,
    }
}

/// The wrapper messages of lists and maps: one field, number 1.
const WRAPPED: u32 = 1;

fn content_len(value: &DynamicValue) -> usize {
    use field::measure_present as present;
    match value {
        DynamicValue::Null => present::<codec::Int32>(1, &0),
        DynamicValue::Bool(v) => present::<codec::Bool>(2, v),
        DynamicValue::I32(v) => present::<codec::Sint32>(3, v),
        DynamicValue::I64(v) => present::<codec::Sint64>(4, v),
        DynamicValue::U32(v) => present::<codec::Uint32>(5, v),
        DynamicValue::U64(v) => present::<codec::Uint64>(6, v),
        DynamicValue::F32(v) => present::<codec::Float>(7, v),
        DynamicValue::F64(v) => present::<codec::Double>(8, v),
        DynamicValue::String(v) => present::<codec::String>(9, v),
        DynamicValue::Bytes(v) => present::<codec::Bytes>(10, v),
        DynamicValue::Decimal(v) => present::<codec::Decimal>(11, v),
        DynamicValue::List(values) => {
            let length = field::measure_repeated::<ValueCodec>(WRAPPED, values);
            wire::key_len(12) + wire::varint_len(length as u64) + length
        }
        DynamicValue::Map(entries) => {
            let length = field::measure_map::<codec::String, ValueCodec>(WRAPPED, entries);
            wire::key_len(13) + wire::varint_len(length as u64) + length
        }
    }
}

fn write_content(value: &DynamicValue, writer: &mut Writer) {
    use field::write_present as present;
    match value {
        DynamicValue::Null => present::<codec::Int32>(1, &0, writer),
        DynamicValue::Bool(v) => present::<codec::Bool>(2, v, writer),
        DynamicValue::I32(v) => present::<codec::Sint32>(3, v, writer),
        DynamicValue::I64(v) => present::<codec::Sint64>(4, v, writer),
        DynamicValue::U32(v) => present::<codec::Uint32>(5, v, writer),
        DynamicValue::U64(v) => present::<codec::Uint64>(6, v, writer),
        DynamicValue::F32(v) => present::<codec::Float>(7, v, writer),
        DynamicValue::F64(v) => present::<codec::Double>(8, v, writer),
        DynamicValue::String(v) => present::<codec::String>(9, v, writer),
        DynamicValue::Bytes(v) => present::<codec::Bytes>(10, v, writer),
        DynamicValue::Decimal(v) => present::<codec::Decimal>(11, v, writer),
        DynamicValue::List(values) => {
            writer.nested(|writer| field::write_repeated::<ValueCodec>(WRAPPED, values, writer));
            writer.key(12, WireType::Len);
        }
        DynamicValue::Map(entries) => {
            writer.nested(|writer| {
                field::write_map::<codec::String, ValueCodec>(WRAPPED, entries, writer)
            });
            writer.key(13, WireType::Len);
        }
    }
}

/// One member of a `value`'s oneof as [`read_member`] reads it, for the
/// owned [`DynamicValue`] and the [`DynamicValueView`] alike: a scalar, whose string and
/// bytes borrow from the input, or the mark of a list or a map, which each
/// merges into what it holds, as protobuf merges a message read twice.
enum Member<'a> {
    Scalar(Scalar<'a>),
    List,
    Map,
    Unknown,
}

/// Reads member `number` of a `value`'s oneof, but for a list or a map,
/// which is left unread for the caller. A member under another wire type
/// than its own is `Unknown`, as a number the oneof does not have. A string is not yet checked to be
/// UTF-8, as in [`Scalar`]; where it is not, the error is
/// `DecodeError::invalid_utf8` at the offset `read_member` started at.
fn read_member<'a>(
    number: u32,
    wire_type: WireType,
    decoder: &mut Decoder<'a>,
) -> Result<Member<'a>, DecodeError> {
    fn read<'a, C: ViewCodec<'a>>(
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<C::View, DecodeError> {
        let mut read = C::View::default();
        view::field::merge::<C>(wire_type, &mut read, decoder)?;
        Ok(read)
    }
    let member_wire_type = match number {
        1..=6 => WireType::Varint,
        7 => WireType::Fixed32,
        8 => WireType::Fixed64,
        9..=13 => WireType::Len,
        _ => return Ok(Member::Unknown),
    };
    if wire_type != member_wire_type {
        return Ok(Member::Unknown);
    }
    Ok(Member::Scalar(match number {
        1 => read::<codec::Int32>(wire_type, decoder).map(|_| Scalar::Null)?,
        2 => Scalar::Bool(read::<codec::Bool>(wire_type, decoder)?),
        3 => Scalar::I32(read::<codec::Sint32>(wire_type, decoder)?),
        4 => Scalar::I64(read::<codec::Sint64>(wire_type, decoder)?),
        5 => Scalar::U32(read::<codec::Uint32>(wire_type, decoder)?),
        6 => Scalar::U64(read::<codec::Uint64>(wire_type, decoder)?),
        7 => Scalar::F32(read::<codec::Float>(wire_type, decoder)?),
        8 => Scalar::F64(read::<codec::Double>(wire_type, decoder)?),
        9 => Scalar::Text(read::<codec::Bytes>(wire_type, decoder)?),
        10 => Scalar::Bytes(read::<codec::Bytes>(wire_type, decoder)?),
        11 => Scalar::Decimal(read::<codec::Decimal>(wire_type, decoder)?),
        12 => return Ok(Member::List),
        13 => return Ok(Member::Map),
        _ => return Ok(Member::Unknown),
    }))
}

/// A dynamic value as reading a `value` message builds it: the owned
/// [`DynamicValue`] or its view. A member of the message's oneof makes it
/// ([`merge_member`]): a scalar replaces what it held, a list or a map is
/// merged into the one it held, as protobuf merges a message read twice.
pub(crate) trait Dynamic<'a>: Default {
    /// The value of a scalar member; `None` for a string that is not UTF-8.
    fn scalar(scalar: Scalar<'a>) -> Option<Self>;

    /// The list `self` holds (an empty one if it holds none), with the
    /// elements of the `ValueList` member read from `decoder` after it.
    fn merge_list(
        self,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<Self, DecodeError>;

    /// The map `self` holds (an empty one if it holds none), with the
    /// entries of the `ValueMap` member read from `decoder` added.
    fn merge_map(self, wire_type: WireType, decoder: &mut Decoder<'a>)
    -> Result<Self, DecodeError>;
}

impl<'a> Dynamic<'a> for DynamicValue {
    #[inline(always)]
    fn scalar(scalar: Scalar<'a>) -> Option<Self> {
        scalar.to_value()
    }

    fn merge_list(
        self,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<Self, DecodeError> {
        let mut values = match self {
            DynamicValue::List(values) => values,
            _ => Vec::new(),
        };
        read_wrapped(wire_type, decoder, |wire_type, decoder| {
            field::merge_repeated::<ValueCodec>(wire_type, &mut values, decoder)
        })?;
        Ok(DynamicValue::List(values))
    }

    fn merge_map(
        self,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<Self, DecodeError> {
        let mut entries = match self {
            DynamicValue::Map(entries) => entries,
            _ => BTreeMap::new(),
        };
        read_wrapped(wire_type, decoder, |wire_type, decoder| {
            field::merge_map::<codec::String, ValueCodec>(wire_type, &mut entries, decoder)
        })?;
        Ok(DynamicValue::Map(entries))
    }
}

/// Reads a length-prefixed `value` message into `value`, owned or a view,
/// field by field.
#[inline(never)]
pub(crate) fn merge_message<'a, V: Dynamic<'a>>(
    value: &mut V,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    decoder.read_nested(|decoder| {
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key()?;
            merge_member(value, number, wire_type, decoder)?;
        }
        Ok(())
    })
}

/// Reads member `number` of the oneof into `value` (see [`Dynamic`]);
/// after an error, `value` is `Null`.
fn merge_member<'a, V: Dynamic<'a>>(
    value: &mut V,
    number: u32,
    wire_type: WireType,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    let start = decoder.offset();
    *value = match read_member(number, wire_type, decoder)? {
        Member::Scalar(scalar) => {
            V::scalar(scalar).ok_or_else(|| DecodeError::invalid_utf8(start))?
        }
        Member::List => core::mem::take(value).merge_list(wire_type, decoder)?,
        Member::Map => core::mem::take(value).merge_map(wire_type, decoder)?,
        Member::Unknown => return decoder.skip(wire_type),
    };
    Ok(())
}

/// Reads the `ValueList` or `ValueMap` message of a value's field
/// `wire_type`: each of its `WRAPPED` fields goes to `merge`, any other
/// field is skipped. Owned values and their views read both alike.
pub(crate) fn read_wrapped<'a>(
    wire_type: WireType,
    decoder: &mut Decoder<'a>,
    mut merge: impl FnMut(WireType, &mut Decoder<'a>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    decoder.expect_wire_type(wire_type, WireType::Len)?;
    decoder.read_nested(|decoder| {
        while decoder.has_remaining() {
            match decoder.read_key()? {
                (WRAPPED, wire_type) => merge(wire_type, decoder)?,
                (_, wire_type) => decoder.skip(wire_type)?,
            }
        }
        Ok(())
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::decode::DecodeOptions;
    use core::str::FromStr;
    use proptest::prelude::*;

    fn encode(value: &DynamicValue) -> Vec<u8> {
        let length = ValueCodec::value_len(value);
        let mut writer = Writer::new();
        ValueCodec::write_value(value, &mut writer);
        let buf = writer.into_vec();
        assert_eq!(buf.len(), length, "measured length of {value:?}");
        buf
    }

    fn decode(bytes: &[u8]) -> Result<DynamicValue, DecodeError> {
        let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
        let mut value = DynamicValue::Null;
        ValueCodec::merge_value(&mut value, &mut decoder)?;
        Ok(value)
    }

    /// A member under another wire type than its own is an unknown field,
    /// skipped, as protobuf reads one.
    #[test]
    fn a_member_under_another_wire_type_is_skipped() {
        // bool (2) length-delimited, then i32 (3, zigzag) 1.
        assert_eq!(
            decode(&[0x04, 0x12, 0x00, 0x18, 0x02]),
            Ok(DynamicValue::I32(1))
        );
        // f64 (8) as a fixed32 alone: null.
        assert_eq!(decode(&[0x05, 0x45, 1, 2, 3, 4]), Ok(DynamicValue::Null));
    }

    #[test]
    fn every_kind_comes_back_as_itself() {
        let values = [
            DynamicValue::Null,
            DynamicValue::Bool(false),
            DynamicValue::I32(-1),
            DynamicValue::I64(-1),
            DynamicValue::U32(1),
            DynamicValue::U64(u64::MAX),
            DynamicValue::F32(1.5),
            DynamicValue::F64(1.5),
            DynamicValue::String("s".to_owned()),
            DynamicValue::Bytes(vec![0]),
            DynamicValue::Decimal(Decimal::from_str("-12.340").unwrap()),
            DynamicValue::List(vec![
                DynamicValue::I32(1),
                DynamicValue::Null,
                DynamicValue::List(Vec::new()),
            ]),
            DynamicValue::Map(BTreeMap::from([
                ("a".to_owned(), DynamicValue::I64(7)),
                ("null".to_owned(), DynamicValue::Null),
            ])),
        ];
        // Compared as written (`Debug`): `==` takes -12.340 for -12.34.
        for value in values {
            let back = decode(&encode(&value)).unwrap();
            assert_eq!(format!("{back:?}"), format!("{value:?}"));
        }
    }

    #[test]
    fn numbers_keep_their_width_and_kind() {
        // The same number in four kinds: four different encodings.
        let kinds = [
            DynamicValue::I32(5),
            DynamicValue::I64(5),
            DynamicValue::U32(5),
            DynamicValue::F64(5.0),
        ];
        let encodings: Vec<Vec<u8>> = kinds.iter().map(encode).collect();
        assert_eq!(encodings[0], [0x02, 0x18, 0x0a]);
        assert_eq!(encodings[1], [0x02, 0x20, 0x0a]);
        assert_eq!(encodings[2], [0x02, 0x28, 0x05]);
        assert!(matches!(decode(&encodings[3]).unwrap(), DynamicValue::F64(x) if x == 5.0));
    }

    #[test]
    fn an_empty_message_is_null() {
        assert_eq!(decode(&[0x00]).unwrap(), DynamicValue::Null);
    }

    #[test]
    fn nesting_is_bounded_by_the_recursion_limit() {
        let mut value = DynamicValue::Null;
        for _ in 0..60 {
            value = DynamicValue::List(vec![value]);
        }
        let bytes = encode(&value);
        let error = decode(&bytes).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
    }

    #[test]
    fn a_scalar_value_is_one_level_of_nesting() {
        let bytes = encode(&DynamicValue::Bool(true));
        assert!(canonical_scalar(&bytes).is_some(), "the fast path's layout");
        let options = DecodeOptions::new().recursion_limit(0);
        let mut decoder = Decoder::new(&bytes, &options).unwrap();
        let error = ValueCodec::merge_value(&mut DynamicValue::Null, &mut decoder).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
    }

    /// Byte strings near the layouts of `canonical_scalar`: a value's
    /// encoding, sometimes with one byte changed, cut short, or followed
    /// by more.
    fn near_canonical() -> impl Strategy<Value = Vec<u8>> {
        let value = prop_oneof![
            value(),
            any::<f32>().prop_map(DynamicValue::F32),
            any::<f64>().prop_map(DynamicValue::F64),
            proptest::collection::vec(any::<u8>(), 0..6).prop_map(|bytes| DynamicValue::String(
                String::from_utf8_lossy(&bytes).into_owned()
            )),
            "[a-zé€]{0,4}".prop_map(DynamicValue::String),
        ];
        let noise = prop_oneof![
            Just(None),
            (any::<usize>(), 1u8..).prop_map(|(at, bits)| Some((at, bits))),
        ];
        (value, noise, 0usize..3, any::<bool>()).prop_map(|(value, noise, cut, more)| {
            let mut bytes = encode(&value);
            if let Some((at, bits)) = noise {
                let at = at % bytes.len();
                bytes[at] ^= bits;
            }
            bytes.truncate(bytes.len().saturating_sub(cut));
            if more {
                bytes.extend([0x10, 0x01]);
            }
            bytes
        })
    }

    proptest! {
        #[test]
        fn the_canonical_layout_reads_as_the_general_reader_does(bytes in near_canonical()) {
            if let Some((scalar, length)) = canonical_scalar(&bytes) {
                let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
                let mut general = DynamicValue::Null;
                let read = merge_message(&mut general, &mut decoder);
                // A string that is not UTF-8 is left to the general reader,
                // which refuses it; the owned value and the view agree.
                let (Some(fast), Some(view)) = (scalar.to_value(), scalar.to_view()) else {
                    prop_assert!(scalar.to_value().is_none() && scalar.to_view().is_none());
                    prop_assert!(read.is_err());
                    return Ok(());
                };
                prop_assert_eq!(read, Ok(()));
                prop_assert_eq!(decoder.offset(), length);
                // Compared encoded, so that NaNs compare by their bits.
                prop_assert_eq!(encode(&fast), encode(&general));
                prop_assert_eq!(encode(&view.to_owned()), encode(&general));
            }
        }
    }

    /// Any value without NaN, nested a few levels; the JSON tests use it too.
    pub(crate) fn value() -> impl Strategy<Value = DynamicValue> {
        let leaf = prop_oneof![
            Just(DynamicValue::Null),
            any::<bool>().prop_map(DynamicValue::Bool),
            any::<i32>().prop_map(DynamicValue::I32),
            any::<i64>().prop_map(DynamicValue::I64),
            any::<u32>().prop_map(DynamicValue::U32),
            any::<u64>().prop_map(DynamicValue::U64),
            any::<f32>()
                .prop_filter("NaN", |x| !x.is_nan())
                .prop_map(DynamicValue::F32),
            any::<f64>()
                .prop_filter("NaN", |x| !x.is_nan())
                .prop_map(DynamicValue::F64),
            ".*".prop_map(DynamicValue::String),
            proptest::collection::vec(any::<u8>(), 0..8).prop_map(DynamicValue::Bytes),
            (any::<i64>(), 0u32..=28)
                .prop_map(|(digits, scale)| DynamicValue::Decimal(Decimal::new(digits, scale))),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(DynamicValue::List),
                proptest::collection::btree_map(".*", inner, 0..4).prop_map(DynamicValue::Map),
            ]
        })
    }

    proptest! {
        #[test]
        fn values_round_trip(value in value()) {
            // As written, every decimal's scale and every zero's sign.
            let back = decode(&encode(&value)).unwrap();
            prop_assert_eq!(format!("{back:?}"), format!("{value:?}"));
        }
    }
}
