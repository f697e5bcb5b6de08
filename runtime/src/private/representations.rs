//! The Rust types a field's values may be held in besides the defaults,
//! as a `Config` chooses by path, each reading and writing the bytes the
//! default does. Generated code names their codecs among the others
//! (`_rt::codec::StringAs`).
//!
//! - A `string` in `Box<str>`, `Arc<str>` or, with the feature
//!   `compact_str`, `CompactString`, which keeps strings of up to 24 bytes
//!   inline: [`StringAs<S>`], `codec::String` over another type.
//! - A `bytes` in `bytes::Bytes`: [`SharedBytes`], which shares the
//!   input's buffer when decoding from a `Bytes`
//!   ([`Decoder::new_shared`]) and copies otherwise.

use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::marker::PhantomData;
use core::ops::Deref;

use bytes::Bytes;

use crate::__private::codec::{self, Codec};
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::view::ViewCodec;
use crate::wire::{self, WireType};

/// A type that holds a `string` field's value: a `str` made from a
/// `&str`, and empty by default.
pub trait StringType: Default + Deref<Target = str> + for<'s> From<&'s str> {}

impl StringType for Box<str> {}
impl StringType for Arc<str> {}
#[cfg(feature = "compact_str")]
impl StringType for compact_str::CompactString {}

/// `string` held in `S` rather than `String`: length-delimited UTF-8,
/// checked when read. Generated code leaves `S` to the field's type.
#[derive(Debug)]
pub struct StringAs<S>(PhantomData<S>);

impl<S: StringType> Codec for StringAs<S> {
    type Value = S;
    const WIRE_TYPE: WireType = WireType::Len;

    #[inline]
    fn is_default(value: &S) -> bool {
        value.is_empty()
    }

    #[inline]
    fn value_len(value: &S) -> usize {
        wire::varint_len(value.len() as u64) + value.len()
    }

    #[inline]
    fn write_value(value: &S, writer: &mut Writer) {
        writer.bytes(value.as_bytes());
    }

    #[inline]
    fn merge_value(value: &mut S, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        *value = S::from(decoder.read_str()?);
        Ok(())
    }

    #[inline]
    fn read_equals(value: &S, decoder: &mut Decoder<'_>) -> Result<bool, DecodeError> {
        Ok(decoder.read_str()? == &**value)
    }

    #[inline]
    fn extend_run(values: &mut Vec<S>, decoder: &mut Decoder<'_>) -> bool {
        decoder
            .read_string_run()
            .map(|run| run.push_owned(values, S::from))
            .is_some()
    }
}

/// The view of a `string` is the checked slice of the input, whatever
/// the owned type.
impl<'a, S: StringType> ViewCodec<'a> for StringAs<S> {
    type View = &'a str;

    #[inline]
    fn merge_view(view: &mut &'a str, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        codec::String::merge_view(view, decoder)
    }

    #[inline]
    fn owned(view: &&'a str) -> S {
        S::from(view)
    }

    #[inline]
    fn extend_run_views(views: &mut Vec<&'a str>, decoder: &mut Decoder<'a>) -> bool {
        codec::String::extend_run_views(views, decoder)
    }
}

#[cfg(feature = "json")]
impl<S: StringType> crate::json::JsonCodec for StringAs<S> {
    fn serialize<Z: serde::Serializer>(value: &S, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(value)
    }

    fn deserialize<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<S, D::Error> {
        let string: alloc::string::String = serde::Deserialize::deserialize(deserializer)?;
        Ok(S::from(string.as_str()))
    }
}

#[cfg(feature = "json")]
impl<S: StringType> crate::json::JsonKey for StringAs<S> {
    fn to_key(value: &S) -> alloc::string::String {
        alloc::string::String::from(&**value)
    }

    fn from_key(key: &str) -> Result<S, alloc::string::String> {
        Ok(S::from(key))
    }
}

/// `bytes` held in a `bytes::Bytes`: length-delimited raw bytes, which
/// share the input's buffer when the decoder reads a `Bytes`.
#[derive(Debug)]
pub enum SharedBytes {}

impl Codec for SharedBytes {
    type Value = Bytes;
    const WIRE_TYPE: WireType = WireType::Len;

    #[inline]
    fn is_default(value: &Bytes) -> bool {
        value.is_empty()
    }

    #[inline]
    fn value_len(value: &Bytes) -> usize {
        wire::varint_len(value.len() as u64) + value.len()
    }

    #[inline]
    fn write_value(value: &Bytes, writer: &mut Writer) {
        writer.shared_bytes(value);
    }

    #[inline]
    fn merge_value(value: &mut Bytes, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        let shared = decoder.shared_input();
        let read = decoder.read_bytes()?;
        *value = match shared {
            Some(input) => input.slice_ref(read),
            None => Bytes::copy_from_slice(read),
        };
        Ok(())
    }
}

/// The view of a `bytes` is the slice of the input, whatever the owned
/// type.
impl<'a> ViewCodec<'a> for SharedBytes {
    type View = &'a [u8];

    #[inline]
    fn merge_view(view: &mut &'a [u8], decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        codec::Bytes::merge_view(view, decoder)
    }

    #[inline]
    fn owned(view: &&'a [u8]) -> Bytes {
        Bytes::copy_from_slice(view)
    }
}

#[cfg(feature = "json")]
impl crate::json::JsonCodec for SharedBytes {
    fn serialize<Z: serde::Serializer>(value: &Bytes, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(&crate::json::scalars::encode_base64(value))
    }

    fn deserialize<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Bytes, D::Error> {
        let text: alloc::borrow::Cow<'de, str> = serde::Deserialize::deserialize(deserializer)?;
        let bytes = crate::json::scalars::decode_base64(&text).map_err(serde::de::Error::custom)?;
        Ok(Bytes::from(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::field;
    use crate::decode::DecodeOptions;

    /// A string compared where it lies in the input says what reading it
    /// and comparing says, and refuses what reading refuses.
    #[test]
    fn a_string_read_to_compare_is_read_as_a_value() {
        fn check<C: Codec<Value: PartialEq + for<'s> From<&'s str>>>() {
            let value = C::Value::from("key é");
            for bytes in [
                &b"\x06key \xc3\xa9"[..],
                b"\x03key",
                b"\x00",
                b"\x02\xc3\x28",
                b"\x05key",
            ] {
                let options = DecodeOptions::new();
                let mut decoder = Decoder::new(bytes, &options).expect("a decoder");
                let compared = C::read_equals(&value, &mut decoder).map_err(|e| e.to_string());
                let mut decoder = Decoder::new(bytes, &options).expect("a decoder");
                let read = C::read_value(&mut decoder).map(|read| read == value);
                assert_eq!(compared, read.map_err(|e| e.to_string()), "{bytes:?}");
            }
        }
        check::<codec::String>();
        check::<StringAs<Box<str>>>();
        check::<StringAs<Arc<str>>>();
        #[cfg(feature = "compact_str")]
        check::<StringAs<compact_str::CompactString>>();
    }

    /// The bytes `value` is written as, field 1, even when empty.
    fn written<C: Codec>(value: &C::Value) -> Vec<u8> {
        let mut writer = Writer::new();
        field::write_present::<C>(1, value, &mut writer);
        writer.into_vec()
    }

    fn read<C: Codec>(bytes: &[u8]) -> Result<C::Value, DecodeError> {
        let options = DecodeOptions::new();
        let mut decoder = Decoder::new(bytes, &options)?;
        let mut value = C::Value::default();
        decoder.read_key()?;
        C::merge_value(&mut value, &mut decoder)?;
        Ok(value)
    }

    fn same_bytes_as_string<S: StringType + std::fmt::Debug + PartialEq>() {
        for text in ["", "a", "Grüße, 世界", &"x".repeat(300)] {
            let bytes = written::<codec::String>(&text.to_owned());
            assert_eq!(written::<StringAs<S>>(&S::from(text)), bytes);
            assert_eq!(read::<StringAs<S>>(&bytes).unwrap(), S::from(text));
        }
        let not_utf8 = [0x0a, 0x02, 0xc3, 0x28];
        let error = read::<StringAs<S>>(&not_utf8).unwrap_err();
        assert_eq!(error, read::<codec::String>(&not_utf8).unwrap_err());
    }

    #[test]
    fn shared_bytes_share_a_bytes_input_and_copy_a_slice() {
        let payload = vec![7u8; 1000];
        let bytes = written::<codec::Bytes>(&payload);
        assert_eq!(written::<SharedBytes>(&Bytes::from(payload.clone())), bytes);

        let input = Bytes::from(bytes.clone());
        let options = DecodeOptions::new();
        let mut decoder = Decoder::new_shared(&input, &options).unwrap();
        decoder.read_key().unwrap();
        let mut shared = Bytes::new();
        SharedBytes::merge_value(&mut shared, &mut decoder).unwrap();
        assert_eq!(shared, payload);
        let within = input.as_ptr_range();
        assert!(within.contains(&shared.as_ptr()), "shares the input");

        let copied = read::<SharedBytes>(&bytes).unwrap();
        assert_eq!(copied, payload);
        assert!(
            !within.contains(&copied.as_ptr()),
            "a slice input is copied"
        );
        let truncated = &bytes[..bytes.len() - 1];
        let error = read::<SharedBytes>(truncated).unwrap_err();
        assert_eq!(error, read::<codec::Bytes>(truncated).unwrap_err());
    }

    #[test]
    fn every_string_type_reads_and_writes_the_bytes_of_string() {
        same_bytes_as_string::<Box<str>>();
        same_bytes_as_string::<Arc<str>>();
        #[cfg(feature = "compact_str")]
        same_bytes_as_string::<compact_str::CompactString>();
    }
}
