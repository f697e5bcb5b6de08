//! The framing's tests: frames in slices and over `std::io` streams.

use std::io::{self, Cursor, Read};

use proptest::prelude::*;

use super::*;
use crate::message::Message;
use crate::wire;
use crate::wkt::{Duration, Struct, Value};

fn message(n: i64) -> Struct {
    let mut message = Struct::default();
    message.fields.insert("n".into(), Value::Number(n as f64));
    message
        .fields
        .insert("text".into(), Value::String("y".repeat(n as usize)));
    message
}

fn stream(count: i64) -> Vec<u8> {
    let mut stream = Vec::new();
    for n in 0..count {
        message(n).encode_length_delimited(&mut stream).unwrap();
    }
    stream
}

/// A reader that hands out one byte per read, and is interrupted before
/// each.
struct Trickle<R> {
    inner: R,
    interrupt: bool,
}

impl<R: Read> Read for Trickle<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.interrupt = !self.interrupt;
        if self.interrupt {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = buf.len().min(1);
        self.inner.read(&mut buf[..n])
    }
}

/// A reader that fails after `ok` bytes.
struct Failing {
    ok: usize,
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ok == 0 || buf.is_empty() {
            return Err(io::Error::other("the disk is on fire"));
        }
        self.ok -= 1;
        buf[0] = 0;
        Ok(1)
    }
}

#[test]
fn a_frame_is_its_length_then_its_encoding() {
    let message = message(3);
    let body = message.try_encode_to_vec().unwrap();
    let mut expected = Vec::new();
    wire::put_varint(&mut expected, body.len() as u64);
    expected.extend_from_slice(&body);
    assert_eq!(
        message.try_encode_length_delimited_to_vec().unwrap(),
        expected
    );
    let mut appended = b"x".to_vec();
    message.encode_length_delimited(&mut appended).unwrap();
    assert_eq!(appended[1..], expected[..]);
}

#[test]
fn frames_decode_from_a_slice_one_after_another() {
    let stream = stream(5);
    let mut rest = stream.as_slice();
    for n in 0..5 {
        assert_eq!(
            Struct::decode_length_delimited(&mut rest).unwrap(),
            message(n)
        );
    }
    assert!(rest.is_empty());
    let error = Struct::decode_length_delimited(&mut rest).unwrap_err();
    assert!(error.is_truncated());
}

#[test]
fn a_frame_claiming_more_than_the_slice_holds_leaves_it_alone() {
    let framed = message(4).try_encode_length_delimited_to_vec().unwrap();
    let short = &framed[..framed.len() - 1];
    let mut rest = short;
    let error = Struct::decode_length_delimited(&mut rest).unwrap_err();
    assert!(error.is_truncated());
    assert_eq!(error.path(), "Struct");
    assert_eq!(rest.len(), short.len());
}

#[test]
fn errors_inside_a_sliced_frame_count_from_its_prefix() {
    // A frame of 3 bytes whose last one is a key with nothing after it.
    let mut rest: &[u8] = &[3, 0x0a, 0, 0x0a];
    let error = Struct::decode_length_delimited(&mut rest).unwrap_err();
    assert!(error.is_truncated());
    assert_eq!(error.offset(), 4);
}

#[test]
fn the_reader_reads_every_frame_of_a_cursor() {
    let read: Vec<Struct> = FrameReader::new(Cursor::new(stream(20)))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(read, (0..20).map(message).collect::<Vec<_>>());
}

#[test]
fn the_reader_reads_a_byte_at_a_time() {
    let trickle = Trickle {
        inner: Cursor::new(stream(6)),
        interrupt: false,
    };
    let mut reader = FrameReader::<_, Struct>::new(trickle);
    for n in 0..6 {
        assert_eq!(reader.next().unwrap().unwrap(), message(n));
    }
    assert!(reader.next().is_none());
    assert_eq!(reader.frames_read(), 6);
    assert_eq!(reader.offset(), stream(6).len() as u64);
}

#[test]
fn an_empty_stream_has_no_frames() {
    let mut reader = FrameReader::<_, Struct>::new(io::empty());
    assert!(reader.next().is_none());
    assert!(reader.next().is_none());
}

#[test]
fn a_stream_ending_inside_a_prefix_is_truncated() {
    let mut stream = stream(2);
    let frames_end = stream.len() as u64;
    stream.push(0x80);
    let mut reader = FrameReader::<_, Struct>::new(stream.as_slice());
    assert!(reader.next().unwrap().is_ok());
    assert!(reader.next().unwrap().is_ok());
    let error = reader.next().unwrap().unwrap_err();
    assert!(error.is_truncated());
    assert_eq!(error.frame(), 2);
    assert_eq!(error.frame_offset(), frames_end);
    assert_eq!(
        error.to_string(),
        format!(
            "frame 2 (at byte {frames_end} of the stream): the stream ends inside the length prefix"
        )
    );
    assert!(reader.next().is_none());
}

#[test]
fn a_stream_ending_inside_a_frame_is_truncated() {
    let stream = stream(3);
    let cut = &stream[..stream.len() - 2];
    let results: Vec<_> = FrameReader::<_, Struct>::new(cut).collect();
    assert_eq!(results.len(), 3);
    let error = results[2].as_ref().unwrap_err();
    assert!(error.is_truncated());
    assert_eq!(error.frame(), 2);
    assert_eq!(error.offset(), cut.len() as u64);
    assert!(
        error.to_string().contains("the stream ends after"),
        "{error}"
    );
}

#[test]
fn an_oversized_prefix_is_refused_before_reading_the_frame() {
    // The prefix claims 2^62 bytes; the stream holds three.
    let mut stream = Vec::new();
    wire::put_varint(&mut stream, 1 << 62);
    stream.extend_from_slice(&[1, 2, 3]);
    let mut reader = FrameReader::<_, Struct>::new(stream.as_slice());
    let error = reader.next().unwrap().unwrap_err();
    assert!(error.is_too_large());
    assert_eq!(error.frame(), 0);
    assert!(reader.next().is_none());

    // Just over a maximum set by hand, or by the options.
    let stream = stream_of_length(101);
    let error = FrameReader::<_, Struct>::new(stream.as_slice())
        .max_frame_len(100)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(error.is_too_large());
    assert!(
        error
            .to_string()
            .contains("length prefix of 101 bytes exceeds the maximum frame length of 100"),
        "{error}"
    );
    let options = DecodeOptions::new().max_input_len(100);
    let mut reader = FrameReader::<_, Struct>::new(stream.as_slice()).options(options);
    assert!(reader.next().unwrap().unwrap_err().is_too_large());
}

/// A frame of `length` bytes that decodes: one unknown field of bytes.
fn stream_of_length(length: usize) -> Vec<u8> {
    // Field 2, unknown to Struct, of bytes that fill the frame.
    let mut body = vec![0x12];
    let payload = length - 1 - wire::varint_len((length - 2) as u64);
    wire::put_varint(&mut body, payload as u64);
    body.resize(length, 7);
    let mut stream = Vec::new();
    wire::put_varint(&mut stream, length as u64);
    stream.extend_from_slice(&body);
    stream
}

#[test]
fn a_frame_at_the_maximum_is_read() {
    let stream = stream_of_length(100);
    let mut reader = FrameReader::<_, Struct>::new(stream.as_slice()).max_frame_len(100);
    assert_eq!(reader.next().unwrap().unwrap(), Struct::default());
    assert!(reader.next().is_none());
}

#[test]
fn a_prefix_of_eleven_bytes_is_invalid() {
    let stream = [0xff; 11];
    let error = FrameReader::<_, Struct>::new(&stream[..])
        .next()
        .unwrap()
        .unwrap_err();
    assert!(!error.is_truncated());
    assert!(
        error.to_string().contains("longer than 10 bytes"),
        "{error}"
    );
}

#[test]
fn a_frame_that_does_not_decode_names_it_and_reading_goes_on() {
    let mut stream = stream(2);
    let bad_start = stream.len();
    stream.extend_from_slice(&[2, 0x0a, 5]);
    message(9).encode_length_delimited(&mut stream).unwrap();
    let results: Vec<_> = FrameReader::<_, Struct>::new(stream.as_slice()).collect();
    assert_eq!(results.len(), 4);
    let error = results[2].as_ref().unwrap_err();
    assert_eq!(error.frame(), 2);
    assert_eq!(error.frame_offset(), bad_start as u64);
    let decode = error.decode_error().unwrap();
    assert!(decode.is_truncated());
    // The decode error's offset is in the frame; the stream's adds the
    // frame's start and its prefix.
    assert_eq!(
        error.offset(),
        (bad_start + 1) as u64 + decode.offset() as u64
    );
    assert!(error.to_string().starts_with(&format!(
        "frame 2 (at byte {bad_start} of the stream): Struct"
    )));
    assert_eq!(results[3].as_ref().unwrap(), &message(9));
}

#[test]
fn io_errors_surface_and_end_the_iteration() {
    let mut reader = FrameReader::<_, Duration>::new(Failing { ok: 1 });
    // The first frame is empty (prefix 0); the second prefix fails.
    assert_eq!(reader.next().unwrap().unwrap(), Duration::default());
    let error = reader.next().unwrap().unwrap_err();
    assert_eq!(error.io_error().unwrap().to_string(), "the disk is on fire");
    assert_eq!(error.frame(), 1);
    assert!(std::error::Error::source(&error).is_some());
    assert!(reader.next().is_none());
}

#[test]
fn the_writer_writes_what_the_reader_reads() {
    let mut writer = FrameWriter::new(Vec::new());
    for n in 0..4 {
        writer.write(&message(n)).unwrap();
    }
    writer.flush().unwrap();
    let mut by_function = Vec::new();
    for n in 0..4 {
        write_length_delimited(&mut by_function, &message(n)).unwrap();
    }
    assert_eq!(writer.get_ref(), &by_function);
    assert_eq!(writer.into_inner(), stream(4));
}

proptest! {
    #[test]
    fn frames_round_trip(
        seconds in proptest::collection::vec(any::<i64>(), 0..20),
        chunk in 1usize..9,
    ) {
        let messages: Vec<Duration> = seconds
            .iter()
            .map(|&seconds| Duration { seconds, nanos: (seconds % 1_000_000_000) as i32 })
            .collect();
        let mut stream = Vec::new();
        for message in &messages {
            message.encode_length_delimited(&mut stream).unwrap();
        }
        let mut rest = stream.as_slice();
        for message in &messages {
            prop_assert_eq!(&Duration::decode_length_delimited(&mut rest).unwrap(), message);
        }
        prop_assert!(rest.is_empty());
        // Over a reader that returns at most `chunk` bytes a read.
        let reader = Chunked { inner: stream.as_slice(), chunk };
        let read: Vec<Duration> = FrameReader::new(reader).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(read, messages);
    }
}

/// A `Buf` of the pieces of a stream, `chunk` bytes each (the last one
/// shorter), as a network stack hands them out.
struct Pieces {
    pieces: std::collections::VecDeque<Vec<u8>>,
}

impl Pieces {
    fn new(stream: &[u8], chunk: usize) -> Self {
        Self {
            pieces: stream.chunks(chunk).map(<[u8]>::to_vec).collect(),
        }
    }
}

impl bytes::Buf for Pieces {
    fn remaining(&self) -> usize {
        self.pieces.iter().map(Vec::len).sum()
    }

    fn chunk(&self) -> &[u8] {
        self.pieces.front().map_or(&[], Vec::as_slice)
    }

    fn advance(&mut self, mut n: usize) {
        while n > 0 {
            let front = self.pieces.front_mut().expect("advanced past the end");
            let take = n.min(front.len());
            front.drain(..take);
            n -= take;
            if front.is_empty() {
                self.pieces.pop_front();
            }
        }
    }
}

#[test]
fn frames_decode_from_a_buf_of_one_chunk_or_many() {
    let stream = stream(6);
    for chunk in [1, 2, 3, 7, stream.len()] {
        let mut buf = Pieces::new(&stream, chunk);
        for n in 0..6 {
            assert_eq!(
                Struct::decode_length_delimited(&mut buf).unwrap(),
                message(n),
                "chunk {chunk}"
            );
        }
        assert_eq!(bytes::Buf::remaining(&buf), 0);
        let error = Struct::decode_length_delimited(&mut buf).unwrap_err();
        assert!(error.is_truncated());
    }
}

#[test]
fn a_short_frame_leaves_a_buf_of_one_chunk_alone() {
    let framed = message(4).try_encode_length_delimited_to_vec().unwrap();
    let mut buf = bytes::Bytes::copy_from_slice(&framed[..framed.len() - 1]);
    let error = Struct::decode_length_delimited(&mut buf).unwrap_err();
    assert!(error.is_truncated());
    assert_eq!(buf.len(), framed.len() - 1);
}

#[test]
fn an_oversized_frame_in_pieces_is_refused_before_it_is_copied() {
    let framed = message(40).try_encode_length_delimited_to_vec().unwrap();
    let options = DecodeOptions::new().max_input_len(10);
    let mut rest = framed.as_slice();
    let from_slice = Struct::decode_length_delimited_with(&mut rest, &options).unwrap_err();
    let mut buf = Pieces::new(&framed, 3);
    let from_buf = Struct::decode_length_delimited_with(&mut buf, &options).unwrap_err();
    assert!(
        from_buf.to_string().contains("exceeds the maximum of 10"),
        "{from_buf}"
    );
    assert_eq!(from_buf, from_slice);
    // Only the prefix was taken.
    assert_eq!(bytes::Buf::remaining(&buf), framed.len() - 1);
}

proptest! {
    /// Frames read from a `Buf` in pieces are those read from the slice,
    /// and so are the errors, on streams damaged anywhere.
    #[test]
    fn a_buf_in_pieces_reads_what_the_slice_reads(
        count in 0i64..6,
        damage in proptest::collection::vec((any::<proptest::sample::Index>(), any::<u8>()), 0..3),
        cut in any::<proptest::sample::Index>(),
        chunk in 1usize..12,
    ) {
        let mut stream = stream(count);
        for (at, byte) in damage {
            if !stream.is_empty() {
                let at = at.index(stream.len());
                stream[at] = byte;
            }
        }
        stream.truncate(cut.index(stream.len() + 1));
        let mut rest = stream.as_slice();
        let mut buf = Pieces::new(&stream, chunk);
        loop {
            let from_slice = Struct::decode_length_delimited(&mut rest);
            let from_buf = Struct::decode_length_delimited(&mut buf);
            prop_assert_eq!(&from_buf, &from_slice);
            if from_slice.is_err() {
                break;
            }
            prop_assert_eq!(bytes::Buf::remaining(&buf), rest.len());
        }
    }
}

/// A reader that returns at most `chunk` bytes a read.
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
