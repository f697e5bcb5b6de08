//! Decoding from any [`bytes::Buf`], for [`Message::decode_buf`](crate::Message::decode_buf).
//!
//! The decoder reads one contiguous slice, so that nested messages narrow
//! a limit instead of copying and every error can name its offset. A
//! `Buf` whose first chunk holds all it has is decoded straight from that
//! chunk; any other is copied into one vector first, once.

use crate::prelude::*;
use bytes::Buf;

use crate::decode::DecodeOptions;
use crate::error::DecodeError;

/// Decodes, with `decode`, the message `name` from all that `buf` holds,
/// and advances `buf` past it, whether decoding succeeds or not. An input
/// longer than `options` allow is refused before anything is copied, and
/// leaves `buf` as it was.
pub(crate) fn decode_buf<M, B: Buf + ?Sized>(
    buf: &mut B,
    options: &DecodeOptions,
    name: &'static str,
    decode: impl FnOnce(&[u8], &DecodeOptions) -> Result<M, DecodeError>,
) -> Result<M, DecodeError> {
    let length = buf.remaining();
    check_input_len(length, options, name)?;
    let result = match buf.chunk().get(..length) {
        Some(all) => decode(all, options),
        None => decode(&gather(buf, length), options),
    };
    // `gather` advanced already; what remains is nothing or all of it.
    let left = buf.remaining();
    buf.advance(left);
    result
}

/// Refuses an input of `length` bytes for message `name` that `options`
/// do not allow, as decoding it would, before anything is copied for it.
pub(crate) fn check_input_len(
    length: usize,
    options: &DecodeOptions,
    name: &'static str,
) -> Result<(), DecodeError> {
    let max = options.get_max_input_len();
    if length > max {
        return Err(DecodeError::input_too_large(length, max).in_message(name));
    }
    Ok(())
}

/// The next `length` bytes of `buf` in one vector, `buf` advanced past
/// them; `length` is at most `buf.remaining()`.
pub(crate) fn gather<B: Buf + ?Sized>(buf: &mut B, length: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(length);
    while bytes.len() < length && buf.has_remaining() {
        let chunk = buf.chunk();
        let take = chunk.len().min(length - bytes.len());
        if take == 0 {
            // A Buf whose chunk is empty while it claims more is broken;
            // stop rather than spin.
            break;
        }
        bytes.extend_from_slice(&chunk[..take]);
        buf.advance(take);
    }
    bytes
}

#[cfg(test)]
mod tests {
    use bytes::{Buf, BufMut, Bytes};

    use crate::message::Message;
    use crate::wkt::{Any, ListValue, Struct, Value};
    use crate::{DecodeOptions, EncodeError};

    fn sample() -> Struct {
        let mut inner = Struct::default();
        inner.fields.insert("n".into(), Value::Number(2.5));
        let mut message = Struct::default();
        message
            .fields
            .insert("name".into(), Value::String("ß".repeat(40)));
        message.fields.insert("inner".into(), Value::Struct(inner));
        let list = ListValue {
            values: vec![Value::Bool(true), Value::String("x".into())],
        };
        message.fields.insert("list".into(), Value::List(list));
        message
    }

    #[test]
    fn decodes_from_a_buf_of_two_chunks() {
        let message = sample();
        let bytes = message.try_encode_to_vec().unwrap();
        for split in [0, 1, 7, bytes.len() / 2, bytes.len() - 1, bytes.len()] {
            let (front, back) = bytes.split_at(split);
            let chained = front.chain(back);
            assert_eq!(
                Struct::decode_buf(chained).unwrap(),
                message,
                "split {split}"
            );
        }
    }

    #[test]
    fn decodes_from_bytes_and_advances_the_buf() {
        let message = sample();
        let mut bytes = Bytes::from(message.try_encode_to_vec().unwrap());
        assert_eq!(Struct::decode_buf(&mut bytes).unwrap(), message);
        assert!(bytes.is_empty());
    }

    #[test]
    fn a_buf_over_the_maximum_is_refused_and_left_alone() {
        let bytes = sample().try_encode_to_vec().unwrap();
        let mut chained = bytes[..3].chain(&bytes[3..]);
        let options = DecodeOptions::new().max_input_len(bytes.len() - 1);
        let error = Struct::decode_buf_with(&mut chained, &options).unwrap_err();
        assert!(error.to_string().contains("exceeds the maximum"), "{error}");
        assert_eq!(chained.remaining(), bytes.len());
    }

    #[test]
    fn errors_in_a_chained_buf_name_the_offset_in_the_whole() {
        let mut bytes = sample().try_encode_to_vec().unwrap();
        bytes.push(0xff);
        let chained = bytes[..5].chain(&bytes[5..]);
        let error = Struct::decode_buf(chained).unwrap_err();
        assert!(error.is_truncated());
        assert_eq!(error.offset(), bytes.len());
    }

    #[test]
    fn encodes_into_a_buf_mut() {
        let message = sample();
        let expected = message.try_encode_to_vec().unwrap();
        let mut out = bytes::BytesMut::new();
        message.encode_to_buf(&mut out).unwrap();
        assert_eq!(out, expected[..]);

        let mut room = vec![0u8; expected.len() + 3];
        let mut slice: &mut [u8] = &mut room;
        message.encode_to_buf(&mut slice).unwrap();
        assert_eq!(slice.len(), 3);
        assert_eq!(room[..expected.len()], expected[..]);
    }

    #[test]
    fn a_buf_mut_too_small_gets_nothing() {
        let message = sample();
        let length = message.encoded_len();
        let mut room = vec![0u8; length - 1];
        let mut slice: &mut [u8] = &mut room;
        let error: EncodeError = message.encode_to_buf(&mut slice).unwrap_err();
        assert!(error.is_buffer_too_small());
        assert_eq!(
            error.to_string(),
            format!(
                "the encoding takes {length} bytes, but the buffer has room for {}",
                length - 1
            )
        );
        assert_eq!(slice.len(), length - 1);
        assert!(room.iter().all(|&b| b == 0));

        // A limit on a BufMut counts too.
        let mut limited = Vec::new().limit(2);
        assert!(message.encode_to_buf(&mut limited).is_err());
        assert!(limited.get_ref().is_empty());
    }

    #[test]
    fn large_payloads_encode_into_a_buf_mut_alike() {
        // Large enough that the first walk leaves the payload out.
        let any = Any {
            type_url: "type.googleapis.com/x".into(),
            value: vec![9; 100_000],
        };
        let expected = any.try_encode_to_vec().unwrap();
        let mut out = bytes::BytesMut::new();
        any.encode_to_buf(&mut out).unwrap();
        assert_eq!(out, expected[..]);
        let framed = any.try_encode_length_delimited_to_vec().unwrap();
        let mut rest = framed.as_slice();
        assert_eq!(Any::decode_length_delimited(&mut rest).unwrap(), any);
        assert!(rest.is_empty());
    }
}
