//! Length-delimited framing: each message after its length as a varint,
//! as protobuf's `writeDelimitedTo` and `parseDelimitedFrom` write and
//! read them, for streams of several messages.
//!
//! [`Message::encode_length_delimited`](crate::Message::encode_length_delimited) writes a frame and
//! [`Message::decode_length_delimited`](crate::Message::decode_length_delimited) reads one from the front of any
//! `Buf`, a slice among them. With the `std` feature, `FrameReader` iterates over the frames
//! of any `std::io::Read`, reading one frame at a time, and `FrameWriter`
//! writes frames to any `std::io::Write` (docs/io.md in the repository
//! has the rules):
//!
//! ```
//! # #[cfg(feature = "std")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use schemac_runtime::framing::{FrameReader, FrameWriter};
//! use schemac_runtime::wkt::Duration;
//!
//! let mut writer = FrameWriter::new(Vec::new());
//! for seconds in 1..=3 {
//!     writer.write(&Duration { seconds, nanos: 0 })?;
//! }
//! let stream = writer.into_inner();
//!
//! let read: Vec<Duration> = FrameReader::new(stream.as_slice()).collect::<Result<_, _>>()?;
//! assert_eq!(read.len(), 3);
//! assert_eq!(read[2].seconds, 3);
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "std"))]
//! # fn main() {}
//! ```

use bytes::Buf;

use crate::buf::{check_input_len, gather};
use crate::decode::{DecodeOptions, Decoder};
use crate::error::DecodeError;

#[cfg(feature = "std")]
mod stream;

#[cfg(feature = "std")]
pub use stream::{
    DEFAULT_MAX_FRAME_LEN, FrameError, FrameReader, FrameWriter, write_length_delimited,
};

/// Reads the frame at the front of `bytes`, message `name`, with
/// `decode`, and moves `bytes` past it; on an error `bytes` is left as it
/// was.
pub(crate) fn decode_length_delimited<M>(
    bytes: &mut &[u8],
    options: &DecodeOptions,
    name: &'static str,
    decode: impl FnOnce(&[u8], &DecodeOptions) -> Result<M, DecodeError>,
) -> Result<M, DecodeError> {
    let input: &[u8] = bytes;
    let (length, prefix) = read_prefix(input).map_err(|e| e.in_message(name))?;
    let rest = &input[prefix..];
    let frame = usize::try_from(length)
        .ok()
        .and_then(|length| rest.get(..length))
        .ok_or_else(|| {
            DecodeError::length_out_of_bounds(length, rest.len(), prefix).in_message(name)
        })?;
    // Offsets count from the start of the frame's prefix.
    let message = decode(frame, options).map_err(|e| e.shifted(prefix))?;
    *bytes = &rest[frame.len()..];
    Ok(message)
}

/// Reads the frame at the front of `buf`, message `name`, with `decode`,
/// and advances `buf` past it. A
/// `Buf` whose first chunk holds all it has is read as a slice is, and left
/// as it was on an error; from one of several chunks the prefix is read
/// first, and the frame then copied into one vector, so that an error
/// leaves it past what was read.
pub(crate) fn decode_length_delimited_buf<M, B: Buf + ?Sized>(
    buf: &mut B,
    options: &DecodeOptions,
    name: &'static str,
    decode: impl FnOnce(&[u8], &DecodeOptions) -> Result<M, DecodeError>,
) -> Result<M, DecodeError> {
    let chunk = buf.chunk();
    if chunk.len() >= buf.remaining() {
        let mut rest = chunk;
        let message = decode_length_delimited(&mut rest, options, name, decode)?;
        let read = chunk.len() - rest.len();
        buf.advance(read);
        return Ok(message);
    }
    // Byte by byte, so that nothing past the prefix is taken.
    let mut prefix = [0u8; MAX_PREFIX_LEN];
    let mut taken = 0;
    while taken < MAX_PREFIX_LEN
        && let Some(&byte) = buf.chunk().first()
    {
        buf.advance(1);
        prefix[taken] = byte;
        taken += 1;
        if byte < 0x80 {
            break;
        }
    }
    let (length, prefix_len) = read_prefix(&prefix[..taken]).map_err(|e| e.in_message(name))?;
    let remaining = buf.remaining();
    let length = usize::try_from(length)
        .ok()
        .filter(|&length| length <= remaining)
        .ok_or_else(|| {
            DecodeError::length_out_of_bounds(length, remaining, prefix_len).in_message(name)
        })?;
    check_input_len(length, options, name).map_err(|e| e.shifted(prefix_len))?;
    let frame = match buf.chunk().get(..length) {
        Some(frame) => {
            let message = decode(frame, options);
            buf.advance(length);
            message
        }
        None => decode(&gather(buf, length), options),
    };
    frame.map_err(|e| e.shifted(prefix_len))
}

/// The longest varint, and so the longest prefix, in bytes.
const MAX_PREFIX_LEN: usize = 10;

/// The varint at the start of `input`, and its length in bytes.
fn read_prefix(input: &[u8]) -> Result<(u64, usize), DecodeError> {
    // The prefix is not the message: the message's limits apply to what
    // it says, not here.
    let mut decoder = Decoder::new(input, &DecodeOptions::new())?;
    let length = decoder.read_varint()?;
    Ok((length, decoder.offset()))
}

#[cfg(all(test, feature = "std"))]
mod tests;
