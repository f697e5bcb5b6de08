//! The view of a `value`: a [`Value`] whose strings and bytes borrow.

use crate::prelude::*;
use alloc::collections::BTreeMap;

use rust_decimal::Decimal;

use super::{MapView, field};
use crate::__private::codec;
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::value::{Member, Value, canonical_scalar, read_member, read_wrapped};
use crate::wire::WireType;

/// The view of a [`Value`]: the same kinds, with strings and bytes
/// borrowed from the input, and a map's entries in wire order.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ValueView<'a> {
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
    String(&'a str),
    /// Raw bytes.
    Bytes(&'a [u8]),
    /// An exact decimal.
    Decimal(Decimal),
    /// A list of values.
    List(Vec<ValueView<'a>>),
    /// A map from strings to values, as read (see [`MapView`]).
    Map(MapView<&'a str, ValueView<'a>>),
}

impl ValueView<'_> {
    /// The owned value: strings and bytes copied, a map's entries inserted
    /// in order, so that a later entry under a key wins.
    pub fn to_owned(&self) -> Value {
        match self {
            ValueView::Null => Value::Null,
            ValueView::Bool(v) => Value::Bool(*v),
            ValueView::I32(v) => Value::I32(*v),
            ValueView::I64(v) => Value::I64(*v),
            ValueView::U32(v) => Value::U32(*v),
            ValueView::U64(v) => Value::U64(*v),
            ValueView::F32(v) => Value::F32(*v),
            ValueView::F64(v) => Value::F64(*v),
            ValueView::String(v) => Value::String((*v).to_owned()),
            ValueView::Bytes(v) => Value::Bytes(v.to_vec()),
            ValueView::Decimal(v) => Value::Decimal(*v),
            ValueView::List(values) => Value::List(values.iter().map(Self::to_owned).collect()),
            ValueView::Map(entries) => {
                let mut map = BTreeMap::new();
                map.extend(
                    entries
                        .iter()
                        .map(|(key, value)| ((*key).to_owned(), value.to_owned())),
                );
                Value::Map(map)
            }
        }
    }
}

/// Reads one `value` message into `view`, one level deeper. A scalar laid
/// out as schemac writes it is read in one step, as the owned `Value` does.
#[inline]
pub(super) fn merge<'a>(
    view: &mut ValueView<'a>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    // `read_nested` would refuse the message past the recursion limit.
    if decoder.can_nest()
        && let Some((scalar, length)) = canonical_scalar(decoder.rest())
        && let Some(read) = scalar.to_view()
    {
        decoder.advance(length);
        *view = read;
        return Ok(());
    }
    merge_message(view, decoder)
}

/// Reads a length-prefixed `value` message into `view`, field by field.
#[inline(never)]
fn merge_message<'a>(
    view: &mut ValueView<'a>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    decoder.read_nested(|decoder| {
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key()?;
            merge_member(view, number, wire_type, decoder)?;
        }
        Ok(())
    })
}

/// Reads one member of the oneof into `view`, as the owned `Value` does:
/// a later member replaces an earlier one, except that a list or map read
/// twice is merged.
fn merge_member<'a>(
    view: &mut ValueView<'a>,
    number: u32,
    wire_type: WireType,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    let start = decoder.offset();
    *view = match read_member(number, wire_type, decoder)? {
        Member::Scalar(scalar) => scalar
            .to_view()
            .ok_or_else(|| DecodeError::invalid_utf8(start))?,
        Member::List => {
            let mut values = match core::mem::take(view) {
                ValueView::List(values) => values,
                _ => Vec::new(),
            };
            read_wrapped(wire_type, decoder, |wire_type, decoder| {
                field::merge_repeated::<codec::Value>(wire_type, &mut values, decoder)
            })?;
            ValueView::List(values)
        }
        Member::Map => {
            let mut entries = match core::mem::take(view) {
                ValueView::Map(entries) => entries,
                _ => MapView::new(),
            };
            read_wrapped(wire_type, decoder, |wire_type, decoder| {
                field::merge_map::<codec::String, codec::Value>(wire_type, &mut entries, decoder)
            })?;
            ValueView::Map(entries)
        }
        Member::Unknown => return decoder.skip(wire_type),
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::codec::Codec;
    use crate::decode::DecodeOptions;
    use crate::encode::Writer;
    use crate::value::ValueCodec;
    use proptest::prelude::*;

    fn encode(value: &Value) -> Vec<u8> {
        let mut writer = Writer::new();
        ValueCodec::write_value(value, &mut writer);
        writer.into_vec()
    }

    fn decode_owned(bytes: &[u8]) -> Result<Value, DecodeError> {
        let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
        let mut value = Value::Null;
        ValueCodec::merge_value(&mut value, &mut decoder)?;
        Ok(value)
    }

    fn decode_view(bytes: &[u8]) -> Result<ValueView<'_>, DecodeError> {
        let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
        let mut view = ValueView::Null;
        merge(&mut view, &mut decoder)?;
        Ok(view)
    }

    #[test]
    fn strings_and_bytes_borrow_from_the_input() {
        let bytes = encode(&Value::List(vec![
            Value::String("hello".to_owned()),
            Value::Bytes(vec![1, 2, 3]),
        ]));
        let view = decode_view(&bytes).unwrap();
        let ValueView::List(items) = &view else {
            panic!("{view:?}");
        };
        let range = bytes.as_ptr_range();
        assert!(matches!(items[0], ValueView::String(s) if range.contains(&s.as_ptr())));
        assert!(matches!(items[1], ValueView::Bytes(b) if range.contains(&b.as_ptr())));
    }

    #[test]
    fn a_map_read_twice_is_merged_and_the_later_key_wins() {
        // Two map members in one value message: {a: 1} then {a: 2, b: true}.
        let first = encode(&Value::Map(BTreeMap::from([(
            "a".to_owned(),
            Value::I32(1),
        )])));
        let second = encode(&Value::Map(BTreeMap::from([
            ("a".to_owned(), Value::I32(2)),
            ("b".to_owned(), Value::Bool(true)),
        ])));
        let mut bytes = vec![(first.len() + second.len() - 2) as u8];
        bytes.extend(&first[1..]);
        bytes.extend(&second[1..]);
        let view = decode_view(&bytes).unwrap();
        let ValueView::Map(entries) = &view else {
            panic!("{view:?}");
        };
        assert_eq!(entries.len(), 3);
        assert_eq!(entries.get("a"), Some(&ValueView::I32(2)));
        assert_eq!(view.to_owned(), decode_owned(&bytes).unwrap());
    }

    #[test]
    fn nesting_is_bounded_by_the_recursion_limit() {
        let mut value = Value::Null;
        for _ in 0..60 {
            value = Value::List(vec![value]);
        }
        let bytes = encode(&value);
        let error = decode_view(&bytes).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
        assert_eq!(error, decode_owned(&bytes).unwrap_err());
    }

    #[test]
    fn a_scalar_value_is_one_level_of_nesting_as_when_owned() {
        let bytes = encode(&Value::String("é".to_owned()));
        assert!(canonical_scalar(&bytes).is_some(), "the one-step layout");
        let options = DecodeOptions::new().recursion_limit(0);
        let mut decoder = Decoder::new(&bytes, &options).unwrap();
        let error = merge(&mut ValueView::Null, &mut decoder).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
        let mut decoder = Decoder::new(&bytes, &options).unwrap();
        let owned = ValueCodec::merge_value(&mut Value::Null, &mut decoder).unwrap_err();
        assert_eq!(error, owned);
    }

    #[test]
    fn a_string_that_is_not_utf8_fails_as_when_owned() {
        // A value of one string member, 0xff, in the one-step layout.
        let bytes = [0x03, 0x4a, 0x01, 0xff];
        let error = decode_view(&bytes).unwrap_err();
        assert!(error.to_string().contains("UTF-8"), "{error}");
        assert_eq!(error, decode_owned(&bytes).unwrap_err());
    }

    proptest! {
        #[test]
        fn views_own_what_owned_decoding_reads(value in crate::value::tests::value()) {
            let bytes = encode(&value);
            let owned = decode_view(&bytes).unwrap().to_owned();
            // As written: `==` takes 1.50 for 1.5 and -0.0 for 0.0.
            prop_assert_eq!(format!("{owned:?}"), format!("{value:?}"));
        }

        #[test]
        fn damaged_bytes_fail_or_read_as_owned_decoding_does(
            value in crate::value::tests::value(),
            cut in any::<proptest::sample::Index>(),
            at in any::<proptest::sample::Index>(),
            byte: u8,
        ) {
            let mut bytes = encode(&value);
            let at = at.index(bytes.len());
            bytes[at] = byte;
            bytes.truncate(cut.index(bytes.len() + 1).max(1));
            let view = decode_view(&bytes).map(|view| format!("{:?}", view.to_owned()));
            let owned = decode_owned(&bytes).map(|value| format!("{value:?}"));
            prop_assert_eq!(view, owned);
        }

        #[test]
        fn garbage_fails_or_reads_as_owned_decoding_does(
            bytes in proptest::collection::vec(any::<u8>(), 0..48),
        ) {
            let view = decode_view(&bytes).map(|view| format!("{:?}", view.to_owned()));
            let owned = decode_owned(&bytes).map(|value| format!("{value:?}"));
            prop_assert_eq!(view, owned);
        }
    }
}
