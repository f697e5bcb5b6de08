//! Helpers for the tests of the well-known types.

use proptest::prelude::*;

use crate::__private::codec::Codec;
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::view::ViewCodec;

/// `value` written by codec `C`, length prefix included, checked against
/// its measured length.
pub(crate) fn encode<C: Codec>(value: &C::Value) -> Vec<u8> {
    let length = C::value_len(value);
    let mut writer = Writer::new();
    C::write_value(value, &mut writer);
    let bytes = writer.into_vec();
    assert_eq!(bytes.len(), length, "measured length");
    bytes
}

/// The value of codec `C` that `bytes` hold, which must be all of them.
pub(crate) fn decode<C: Codec>(bytes: &[u8]) -> Result<C::Value, DecodeError> {
    let (value, length) = read::<C>(bytes, &DecodeOptions::new())?;
    assert_eq!(length, bytes.len(), "bytes left over");
    Ok(value)
}

/// The value of codec `C` at the start of `bytes`, within the limits of
/// `options`, and how many bytes it took.
pub(crate) fn read<C: Codec>(
    bytes: &[u8],
    options: &DecodeOptions,
) -> Result<(C::Value, usize), DecodeError> {
    let mut decoder = Decoder::new(bytes, options)?;
    let mut value = C::Value::default();
    C::merge_value(&mut value, &mut decoder)?;
    Ok((value, decoder.offset()))
}

/// Decodes `bytes` as a value of codec `C` and as its view, which must
/// agree (compared encoded, so that NaNs compare by their bits), and never
/// panics: for arbitrary input.
pub(crate) fn decode_garbage<C: for<'a> ViewCodec<'a>>(bytes: &[u8]) {
    let owned = read::<C>(bytes, &DecodeOptions::new())
        .map(|(value, length)| (encode::<C>(&value), length));
    let mut decoder = Decoder::new(bytes, &DecodeOptions::new()).expect("no input limit");
    let mut view = <C as ViewCodec<'_>>::View::default();
    let viewed = C::merge_view(&mut view, &mut decoder).map(|()| {
        (
            encode::<C>(&<C as ViewCodec<'_>>::owned(&view)),
            decoder.offset(),
        )
    });
    assert_eq!(owned, viewed);
}

/// The view of codec `C` that `bytes` hold, made owned.
pub(crate) fn decode_view<'a, C: ViewCodec<'a>>(bytes: &'a [u8]) -> Result<C::Value, DecodeError> {
    let mut decoder = Decoder::new(bytes, &DecodeOptions::new())?;
    let mut view = C::View::default();
    C::merge_view(&mut view, &mut decoder)?;
    assert!(!decoder.has_remaining(), "bytes left over");
    Ok(C::owned(&view))
}

/// Lowercase hex, as Python's `bytes.hex()` writes it.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of lowercase hex.
pub(crate) fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Byte strings to decode: arbitrary ones, and ones that start with a
/// plausible length prefix and key, so that decoding gets past the first
/// byte.
pub(crate) fn garbage() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..64),
        (
            proptest::collection::vec(any::<u8>(), 0..48),
            0u8..0x40,
            0u8..8
        )
            .prop_map(|(mut rest, key, extra)| {
                rest.insert(0, key);
                let length = (rest.len() as u8).saturating_sub(extra);
                rest.insert(0, length);
                rest
            }),
    ]
}
