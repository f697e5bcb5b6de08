//! Reads the input as a stream of length-delimited `Order`s, through
//! `FrameReader` (over a reader that hands out a few bytes a read, so that
//! prefixes and frames are split across reads) and through
//! `decode_length_delimited` on the slice. Both must read the same frames
//! and stop at the same place; every frame read must encode back to a
//! frame that reads alike; no prefix may allocate what it claims. The
//! stream is also read from a `Buf` of pieces of the same few bytes, by
//! the same `decode_length_delimited`, which must read from it what it
//! reads from the slice, with the same errors.

#![no_main]

use std::io::{self, Read};

use libfuzzer_sys::fuzz_target;
use schemac_generated::shop::Order;
use schemac_runtime::Message;
use schemac_runtime::bytes::Buf;
use schemac_runtime::framing::FrameReader;

/// A small maximum, so that oversized prefixes are met often.
const MAX_FRAME: usize = 4096;

fuzz_target!(|data: &[u8]| {
    let (chunk, stream) = match data.split_first() {
        Some((&chunk, stream)) => (usize::from(chunk % 7) + 1, stream),
        None => return,
    };
    let reader = Chunked {
        inner: stream,
        chunk,
    };
    read_from_pieces(stream, chunk);
    let mut frames = FrameReader::<_, Order>::new(reader).max_frame_len(MAX_FRAME);
    let mut rest = stream;
    loop {
        let Some(from_reader) = frames.next() else {
            assert!(
                rest.is_empty(),
                "the reader ended with {} bytes left",
                rest.len()
            );
            break;
        };
        let from_slice = Order::decode_length_delimited(&mut rest);
        match (from_reader, from_slice) {
            (Ok(a), Ok(b)) => {
                assert_eq!((stream.len() - rest.len()) as u64, frames.offset());
                let framed = a
                    .try_encode_length_delimited_to_vec()
                    .expect("a decoded order encodes");
                assert_eq!(framed, b.try_encode_length_delimited_to_vec().unwrap());
                let mut again = framed.as_slice();
                let c = Order::decode_length_delimited(&mut again).expect("a frame reads back");
                assert!(again.is_empty());
                assert_eq!(c.try_encode_to_vec().unwrap(), a.try_encode_to_vec().unwrap());
            }
            (Ok(_), Err(error)) => panic!("the reader read a frame the slice refused: {error}"),
            (Err(error), from_slice) => {
                assert!(error.offset() <= stream.len() as u64, "{error}");
                assert!(error.frame_offset() <= error.offset(), "{error}");
                assert!(!error.to_string().is_empty());
                let Some(decode) = error.decode_error() else {
                    // The stream cannot be followed past this frame.
                    assert!(frames.next().is_none());
                    if !error.is_too_large() {
                        assert!(
                            from_slice.is_err(),
                            "the slice read what the reader refused: {error}"
                        );
                    }
                    break;
                };
                // The frame was read whole, and refused alike; both go on
                // after it.
                let refused = from_slice.expect_err("the slice read a frame the reader refused");
                assert_eq!(refused.path(), decode.path());
                rest = &stream[frames.offset() as usize..];
            }
        }
    }
});

/// Frames from a `Buf` of `chunk`-byte pieces, and from the slice, in
/// lockstep: the same frames, the same bytes left, the same first error.
fn read_from_pieces(stream: &[u8], chunk: usize) {
    let mut buf = schemac_fuzz::Pieces::new(stream, chunk);
    let mut rest = stream;
    loop {
        let from_slice = Order::decode_length_delimited(&mut rest);
        let from_buf = Order::decode_length_delimited(&mut buf);
        match (from_buf, from_slice) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.try_encode_to_vec().unwrap(), b.try_encode_to_vec().unwrap());
                assert_eq!(buf.remaining(), rest.len());
            }
            (Err(a), Err(b)) => {
                assert_eq!(a, b);
                break;
            }
            (a, b) => panic!("the Buf read {:?}, the slice {:?}", a.err(), b.err()),
        }
    }
}

/// A reader that hands out at most `chunk` bytes a read.
struct Chunked<'a> {
    inner: &'a [u8],
    chunk: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.chunk);
        self.inner.read(&mut buf[..n])
    }
}
