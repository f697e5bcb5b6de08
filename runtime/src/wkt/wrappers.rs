//! The wrappers of `google/protobuf/wrappers.proto`: one scalar as the
//! message `{ 1: value }`, so that a field of it has presence.

use core::marker::PhantomData;

use crate::__private::codec::Codec;
use crate::__private::field;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::view::{self, ViewCodec};
use crate::wire::{self, WireType};

/// A value of codec `C` in a wrapper message, `{ 1: value }`:
/// `google.protobuf.Int32Value` is `Wrapper<Int32>`, whose value is an
/// `i32` (see the aliases [`Int32Value`](crate::__private::codec::Int32Value) and
/// the others).
///
/// Inside the wrapper, the value has implicit presence, as Google writes
/// it: a wrapped 0 is the empty message. Reading takes field 1 wherever
/// it is, the last one if it is repeated, and skips any other field. Its
/// JSON is that of `C`, and its view that of `C`.
#[derive(Debug)]
pub struct Wrapper<C>(PhantomData<C>);

/// The number of the wrapped value.
const VALUE: u32 = 1;

impl<C: Codec> Codec for Wrapper<C> {
    type Value = C::Value;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;

    /// A wrapper that is there is always written, even around a default.
    #[inline]
    fn is_default(_value: &C::Value) -> bool {
        false
    }

    #[inline]
    fn value_len(value: &C::Value) -> usize {
        let length = field::measure::<C>(VALUE, value);
        wire::varint_len(length as u64) + length
    }

    #[inline]
    fn write_value(value: &C::Value, writer: &mut Writer) {
        writer.nested(|writer| field::write::<C>(VALUE, value, writer));
    }

    #[inline]
    fn merge_value(value: &mut C::Value, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        decoder.read_nested(|decoder| {
            while decoder.has_remaining() {
                match decoder.read_key()? {
                    (VALUE, wire_type) if wire_type == C::WIRE_TYPE => {
                        field::merge::<C>(wire_type, value, decoder)
                            .map_err(|error| error.in_field("value"))?
                    }
                    (_, wire_type) => decoder.skip(wire_type)?,
                }
            }
            Ok(())
        })
    }
}

/// The view of the wrapped codec: a number for the numbers, `&'a str` for
/// `StringValue`, `&'a [u8]` for `BytesValue`.
impl<'a, C: ViewCodec<'a>> ViewCodec<'a> for Wrapper<C> {
    type View = C::View;

    #[inline]
    fn merge_view(view: &mut C::View, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        decoder.read_nested(|decoder| {
            while decoder.has_remaining() {
                match decoder.read_key()? {
                    (VALUE, wire_type) if wire_type == C::WIRE_TYPE => {
                        view::field::merge::<C>(wire_type, view, decoder)
                            .map_err(|error| error.in_field("value"))?
                    }
                    (_, wire_type) => decoder.skip(wire_type)?,
                }
            }
            Ok(())
        })
    }

    #[inline]
    fn owned(view: &C::View) -> C::Value {
        C::owned(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::codec::{
        BoolValue, BytesValue, DoubleValue, FloatValue, Int32Value, Int64Value, StringValue,
        UInt32Value, UInt64Value,
    };
    use crate::wkt::test_helpers::{decode, decode_garbage, decode_view, encode, garbage, hex};
    use proptest::prelude::*;

    /// `value` in wrapper `W`, as its message without the length prefix.
    fn content<W: Codec>(value: &W::Value) -> String {
        hex(&encode::<W>(value)[1..])
    }

    /// From python3-protobuf 3.21: `Int32Value(value=...).SerializeToString()`
    /// and likewise for each wrapper.
    #[test]
    fn bytes_are_googles() {
        assert_eq!(content::<Int32Value>(&0), "");
        assert_eq!(content::<Int32Value>(&-1), "08ffffffffffffffffff01");
        assert_eq!(content::<UInt32Value>(&u32::MAX), "08ffffffff0f");
        assert_eq!(content::<Int64Value>(&i64::MIN), "0880808080808080808001");
        assert_eq!(content::<UInt64Value>(&u64::MAX), "08ffffffffffffffffff01");
        assert_eq!(content::<DoubleValue>(&1.5), "09000000000000f83f");
        assert_eq!(content::<DoubleValue>(&-0.0), "090000000000000080");
        assert_eq!(content::<FloatValue>(&1.5), "0d0000c03f");
        assert_eq!(content::<BoolValue>(&true), "0801");
        assert_eq!(content::<BoolValue>(&false), "");
        assert_eq!(content::<StringValue>(&"hé".to_owned()), "0a0368c3a9");
        assert_eq!(content::<StringValue>(&String::new()), "");
        assert_eq!(content::<BytesValue>(&vec![0, 255]), "0a0200ff");
    }

    #[test]
    fn an_empty_wrapper_is_there_and_holds_the_default() {
        assert_eq!(encode::<Int32Value>(&0), [0x00]);
        assert_eq!(decode::<Int32Value>(&[0x00]), Ok(0));
        let mut writer = Writer::new();
        field::write::<Int32Value>(3, &0, &mut writer);
        assert_eq!(
            writer.into_vec(),
            [0x1a, 0x00],
            "written with implicit presence too"
        );
    }

    #[test]
    fn reading_keeps_the_last_value_and_skips_others() {
        // value 1, an unknown fixed32 field 2, value 2.
        let bytes = [0x09, 0x08, 0x01, 0x15, 1, 2, 3, 4, 0x08, 0x02];
        assert_eq!(decode::<Int32Value>(&bytes), Ok(2));
        assert_eq!(decode_view::<Int32Value>(&bytes), Ok(2));
        // A message read twice is merged: the second has no value field.
        let mut value = 0;
        let mut decoder =
            crate::Decoder::new(&[0x02, 0x08, 0x07, 0x00], &Default::default()).unwrap();
        Int32Value::merge_value(&mut value, &mut decoder).unwrap();
        Int32Value::merge_value(&mut value, &mut decoder).unwrap();
        assert_eq!(value, 7);
    }

    #[test]
    fn errors_name_the_value_field() {
        let error = decode::<StringValue>(&[0x03, 0x0a, 0x01, 0xff]).unwrap_err();
        assert_eq!(error.path(), "value");
        assert!(error.to_string().contains("UTF-8"), "{error}");
        // The value length-delimited is an unknown field, skipped, as
        // protobuf's implementations read it.
        assert_eq!(decode::<Int32Value>(&[0x02, 0x0a, 0x00]), Ok(0));
        assert_eq!(decode_view::<Int32Value>(&[0x02, 0x0a, 0x00]), Ok(0));
    }

    #[test]
    fn views_borrow_strings_and_bytes() {
        let bytes = encode::<StringValue>(&"hi".to_owned());
        let mut decoder = crate::Decoder::new(&bytes, &Default::default()).unwrap();
        let mut view: &str = "";
        StringValue::merge_view(&mut view, &mut decoder).unwrap();
        assert_eq!(view, "hi");
        assert!(bytes.as_ptr_range().contains(&view.as_ptr()));
        let bytes = encode::<BytesValue>(&vec![1, 2]);
        assert_eq!(decode_view::<BytesValue>(&bytes), Ok(vec![1, 2]));
    }

    proptest! {
        #[test]
        fn every_value_round_trips_owned_and_viewed(
            a: i32, b: i64, c: u32, d: u64, e: bool, f in ".*", g in proptest::collection::vec(any::<u8>(), 0..8),
            x in any::<u64>().prop_map(f64::from_bits), y in any::<u32>().prop_map(f32::from_bits),
        ) {
            prop_assert_eq!(decode::<Int32Value>(&encode::<Int32Value>(&a)), Ok(a));
            prop_assert_eq!(decode::<Int64Value>(&encode::<Int64Value>(&b)), Ok(b));
            prop_assert_eq!(decode::<UInt32Value>(&encode::<UInt32Value>(&c)), Ok(c));
            prop_assert_eq!(decode_view::<UInt64Value>(&encode::<UInt64Value>(&d)), Ok(d));
            prop_assert_eq!(decode_view::<BoolValue>(&encode::<BoolValue>(&e)), Ok(e));
            prop_assert_eq!(decode_view::<StringValue>(&encode::<StringValue>(&f)), Ok(f.clone()));
            prop_assert_eq!(decode::<BytesValue>(&encode::<BytesValue>(&g)), Ok(g.clone()));
            let x2 = decode::<DoubleValue>(&encode::<DoubleValue>(&x)).unwrap();
            prop_assert_eq!(x2.to_bits(), x.to_bits());
            let y2 = decode_view::<FloatValue>(&encode::<FloatValue>(&y)).unwrap();
            prop_assert_eq!(y2.to_bits(), y.to_bits());
        }

        #[test]
        fn garbage_never_panics(bytes in garbage()) {
            decode_garbage::<Int32Value>(&bytes);
            decode_garbage::<DoubleValue>(&bytes);
            decode_garbage::<StringValue>(&bytes);
            decode_garbage::<BytesValue>(&bytes);
        }
    }
}
