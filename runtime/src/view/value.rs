//! The view of a `value`: a [`DynamicValue`] whose strings and bytes borrow.

use crate::prelude::*;
use alloc::collections::BTreeMap;

use rust_decimal::Decimal;

use super::{MapView, field};
use crate::__private::codec;
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::value::{Dynamic, DynamicValue, Scalar, canonical_scalar, merge_message, read_wrapped};
use crate::wire::WireType;

/// The view of a [`DynamicValue`]: the same kinds, with strings and bytes
/// borrowed from the input, and a map's entries in wire order.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum DynamicValueView<'a> {
    /// [`DynamicValue::Null`].
    #[default]
    Null,
    /// [`DynamicValue::Bool`].
    Bool(bool),
    /// [`DynamicValue::I32`].
    I32(i32),
    /// [`DynamicValue::I64`].
    I64(i64),
    /// [`DynamicValue::U32`].
    U32(u32),
    /// [`DynamicValue::U64`].
    U64(u64),
    /// [`DynamicValue::F32`].
    F32(f32),
    /// [`DynamicValue::F64`].
    F64(f64),
    /// [`DynamicValue::String`], borrowed.
    String(&'a str),
    /// [`DynamicValue::Bytes`], borrowed.
    Bytes(&'a [u8]),
    /// [`DynamicValue::Decimal`].
    Decimal(Decimal),
    /// [`DynamicValue::List`]: the views of its values.
    List(Vec<DynamicValueView<'a>>),
    /// [`DynamicValue::Map`]: its entries in wire order (see [`MapView`]).
    Map(MapView<&'a str, DynamicValueView<'a>>),
}

impl DynamicValueView<'_> {
    /// The owned value: strings and bytes copied, a map's entries inserted
    /// in order, so that a later entry under a key wins.
    pub fn to_owned(&self) -> DynamicValue {
        match self {
            DynamicValueView::Null => DynamicValue::Null,
            DynamicValueView::Bool(v) => DynamicValue::Bool(*v),
            DynamicValueView::I32(v) => DynamicValue::I32(*v),
            DynamicValueView::I64(v) => DynamicValue::I64(*v),
            DynamicValueView::U32(v) => DynamicValue::U32(*v),
            DynamicValueView::U64(v) => DynamicValue::U64(*v),
            DynamicValueView::F32(v) => DynamicValue::F32(*v),
            DynamicValueView::F64(v) => DynamicValue::F64(*v),
            DynamicValueView::String(v) => DynamicValue::String((*v).to_owned()),
            DynamicValueView::Bytes(v) => DynamicValue::Bytes(v.to_vec()),
            DynamicValueView::Decimal(v) => DynamicValue::Decimal(*v),
            DynamicValueView::List(values) => {
                DynamicValue::List(values.iter().map(Self::to_owned).collect())
            }
            DynamicValueView::Map(entries) => {
                let mut map = BTreeMap::new();
                map.extend(
                    entries
                        .iter()
                        .map(|(key, value)| ((*key).to_owned(), value.to_owned())),
                );
                DynamicValue::Map(map)
            }
        }
    }
}

/// Reads one `value` message into `view`, one level deeper. A scalar laid
/// out as schemac writes it is read in one step, as the owned `DynamicValue` does.
#[inline]
pub(super) fn merge<'a>(
    view: &mut DynamicValueView<'a>,
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

impl<'a> Dynamic<'a> for DynamicValueView<'a> {
    #[inline(always)]
    fn scalar(scalar: Scalar<'a>) -> Option<Self> {
        scalar.to_view()
    }

    fn merge_list(
        self,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<Self, DecodeError> {
        let mut values = match self {
            DynamicValueView::List(values) => values,
            _ => Vec::new(),
        };
        read_wrapped(wire_type, decoder, |wire_type, decoder| {
            field::merge_repeated::<codec::Value>(wire_type, &mut values, decoder)
        })?;
        Ok(DynamicValueView::List(values))
    }

    fn merge_map(
        self,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<Self, DecodeError> {
        let mut entries = match self {
            DynamicValueView::Map(entries) => entries,
            _ => MapView::new(),
        };
        read_wrapped(wire_type, decoder, |wire_type, decoder| {
            field::merge_map::<codec::String, codec::Value>(wire_type, &mut entries, decoder)
        })?;
        Ok(DynamicValueView::Map(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::codec::Codec;
    use crate::decode::DecodeOptions;
    use crate::encode::Writer;
    use crate::value::ValueCodec;
    use proptest::prelude::*;

    fn encode(value: &DynamicValue) -> Vec<u8> {
        let mut writer = Writer::new();
        ValueCodec::write_value(value, &mut writer);
        writer.into_vec()
    }

    fn decode_owned(bytes: &[u8]) -> Result<DynamicValue, DecodeError> {
        let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
        let mut value = DynamicValue::Null;
        ValueCodec::merge_value(&mut value, &mut decoder)?;
        Ok(value)
    }

    fn decode_view(bytes: &[u8]) -> Result<DynamicValueView<'_>, DecodeError> {
        let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
        let mut view = DynamicValueView::Null;
        merge(&mut view, &mut decoder)?;
        Ok(view)
    }

    #[test]
    fn strings_and_bytes_borrow_from_the_input() {
        let bytes = encode(&DynamicValue::List(vec![
            DynamicValue::String("hello".to_owned()),
            DynamicValue::Bytes(vec![1, 2, 3]),
        ]));
        let view = decode_view(&bytes).unwrap();
        let DynamicValueView::List(items) = &view else {
            panic!("{view:?}");
        };
        let range = bytes.as_ptr_range();
        assert!(matches!(items[0], DynamicValueView::String(s) if range.contains(&s.as_ptr())));
        assert!(matches!(items[1], DynamicValueView::Bytes(b) if range.contains(&b.as_ptr())));
    }

    #[test]
    fn a_map_read_twice_is_merged_and_the_later_key_wins() {
        // Two map members in one value message: {a: 1} then {a: 2, b: true}.
        let first = encode(&DynamicValue::Map(BTreeMap::from([(
            "a".to_owned(),
            DynamicValue::I32(1),
        )])));
        let second = encode(&DynamicValue::Map(BTreeMap::from([
            ("a".to_owned(), DynamicValue::I32(2)),
            ("b".to_owned(), DynamicValue::Bool(true)),
        ])));
        let mut bytes = vec![(first.len() + second.len() - 2) as u8];
        bytes.extend(&first[1..]);
        bytes.extend(&second[1..]);
        let view = decode_view(&bytes).unwrap();
        let DynamicValueView::Map(entries) = &view else {
            panic!("{view:?}");
        };
        assert_eq!(entries.len(), 3);
        assert_eq!(entries.get("a"), Some(&DynamicValueView::I32(2)));
        assert_eq!(view.to_owned(), decode_owned(&bytes).unwrap());
    }

    #[test]
    fn nesting_is_bounded_by_the_recursion_limit() {
        let mut value = DynamicValue::Null;
        for _ in 0..60 {
            value = DynamicValue::List(vec![value]);
        }
        let bytes = encode(&value);
        let error = decode_view(&bytes).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
        assert_eq!(error, decode_owned(&bytes).unwrap_err());
    }

    #[test]
    fn a_scalar_value_is_one_level_of_nesting_as_when_owned() {
        let bytes = encode(&DynamicValue::String("é".to_owned()));
        assert!(canonical_scalar(&bytes).is_some(), "the one-step layout");
        let options = DecodeOptions::new().recursion_limit(0);
        let mut decoder = Decoder::new(&bytes, &options).unwrap();
        let error = merge(&mut DynamicValueView::Null, &mut decoder).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
        let mut decoder = Decoder::new(&bytes, &options).unwrap();
        let owned = ValueCodec::merge_value(&mut DynamicValue::Null, &mut decoder).unwrap_err();
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
