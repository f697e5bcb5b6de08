//! The writer's tests: back-to-front writing, the thread's buffer, and
//! the two walks of large payloads.

use super::*;
use crate::message::Message;

#[test]
fn writes_back_to_front_with_lengths_counted() {
    let mut writer = Writer::new();
    writer.nested(|w| {
        w.nested(|w| {
            w.varint(3);
            w.varint(2);
            w.varint(1);
        });
        w.varint(7);
    });
    assert_eq!(writer.written(), [5, 7, 3, 1, 2, 3]);
    assert_eq!(writer.max_depth(), 2);
}

#[test]
fn varints_of_every_length_match_the_wire_module() {
    // Of every bit length: a single bit, all ones, and alternating bits
    // (each seven-bit group differs from its neighbours).
    let values: Vec<u64> = (0..64)
        .flat_map(|shift| {
            let ones = u64::MAX >> (63 - shift);
            [
                1u64 << shift,
                ones,
                ones & 0x5555_5555_5555_5555,
                ones & 0xaaaa_aaaa_aaaa_aaaa,
            ]
        })
        .chain([0, u64::MAX])
        .collect();
    let mut writer = Writer::new();
    for &value in values.iter().rev() {
        writer.varint(value);
    }
    let mut expected = Vec::new();
    for &value in &values {
        wire::put_varint(&mut expected, value);
    }
    assert_eq!(writer.written(), expected);
}

#[test]
fn bytes_of_every_short_length_are_copied_whole() {
    // The inline copies (two overlapping moves) up to 32 bytes, and
    // `memcpy` beyond, each checked byte by byte.
    for n in 0..=70u8 {
        let piece: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37) ^ n).collect();
        let mut writer = Writer::new();
        writer.raw(&[0xaa]);
        writer.raw(&piece);
        writer.raw(&[0xbb]);
        let expected: Vec<u8> = [&[0xbb][..], &piece, &[0xaa]].concat();
        assert_eq!(writer.written(), expected, "{n} bytes");
    }
}

#[test]
fn growing_keeps_what_was_written() {
    // Far past the initial room, in pieces of every size.
    let mut writer = Writer::new();
    let mut expected = Vec::new();
    for n in 0..2_000u32 {
        let piece: Vec<u8> = (0..n % 37).map(|i| (n + i) as u8).collect();
        writer.raw(&piece);
        expected.splice(0..0, piece);
    }
    assert_eq!(writer.written(), expected);
    assert!(expected.len() > RETAINED_BUFFER / 2);
}

#[test]
fn finishing_appends_or_hands_over_the_buffer() {
    let mut small = Writer::new();
    small.raw(b"yz");
    let mut out = b"x".to_vec();
    small.finish_into(&mut out);
    assert_eq!(out, b"xyz");

    let big = vec![7u8; RETAINED_BUFFER + 1];
    let mut writer = Writer::new();
    writer.raw(&big);
    let mut out = Vec::new();
    writer.finish_into(&mut out);
    assert_eq!(out, big);
    let mut writer = Writer::new();
    writer.raw(&big);
    let mut out = vec![1];
    writer.finish_into(&mut out);
    assert_eq!(out.len(), big.len() + 1);
}

/// A message with a name, a payload and parts of its own kind, as
/// generated code would write it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Blob {
    name: String,
    content: Vec<u8>,
    parts: Vec<Blob>,
}

impl Message for Blob {
    const NAME: &'static str = "Blob";

    fn measure_fields(&self) -> usize {
        crate::__private::field::measure::<codec::String>(1, &self.name)
            + crate::__private::field::measure::<codec::Bytes>(2, &self.content)
            + crate::__private::field::measure_repeated::<codec::Message<Blob>>(3, &self.parts)
    }

    fn write_fields(&self, writer: &mut Writer) {
        crate::__private::field::write_repeated::<codec::Message<Blob>>(3, &self.parts, writer);
        crate::__private::field::write::<codec::Bytes>(2, &self.content, writer);
        crate::__private::field::write::<codec::String>(1, &self.name, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut crate::Decoder<'_>,
    ) -> Result<(), crate::DecodeError> {
        match number {
            1 => {
                crate::__private::field::merge::<codec::String>(wire_type, &mut self.name, decoder)
            }
            2 => crate::__private::field::merge::<codec::Bytes>(
                wire_type,
                &mut self.content,
                decoder,
            ),
            3 => crate::__private::field::merge_repeated::<codec::Message<Blob>>(
                wire_type,
                &mut self.parts,
                decoder,
            ),
            _ => decoder.skip(wire_type),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        ["", "name", "content", "parts"]
            .get(number as usize)
            .copied()
    }
}

use crate::__private::codec;

/// The encoding of `blob`, written front to back the plain way.
fn reference(blob: &Blob) -> Vec<u8> {
    let mut out = Vec::new();
    let mut field = |number: u32, bytes: &[u8]| {
        wire::put_varint(&mut out, u64::from(wire::key(number, WireType::Len)));
        wire::put_varint(&mut out, bytes.len() as u64);
        out.extend_from_slice(bytes);
    };
    if !blob.name.is_empty() {
        field(1, blob.name.as_bytes());
    }
    if !blob.content.is_empty() {
        field(2, &blob.content);
    }
    for part in &blob.parts {
        field(3, &reference(part));
    }
    out
}

/// `len` bytes that are not all alike, so a misplaced run shows.
fn payload(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31) ^ (i >> 8) as u8 ^ seed)
        .collect()
}

fn blob(name: &str, content: usize, parts: Vec<Blob>) -> Blob {
    Blob {
        name: name.to_owned(),
        content: payload(content, name.len() as u8),
        parts,
    }
}

/// Encodes `blob` every way there is, checks each against the plain
/// encoding, and returns `encode_to_vec`'s.
fn encode_checked(blob: &Blob) -> Vec<u8> {
    encodes_every_way(blob, &reference(blob))
}

/// `encoding` as a length-delimited frame.
fn frame_of(encoding: &[u8]) -> Vec<u8> {
    let mut frame = Vec::new();
    wire::put_varint(&mut frame, encoding.len() as u64);
    frame.extend_from_slice(encoding);
    frame
}

/// Encodes `message` every way there is, checks each against `expected`,
/// decodes it back, and returns `encode_to_vec`'s bytes.
fn encodes_every_way<M: Message + PartialEq + core::fmt::Debug>(
    message: &M,
    expected: &[u8],
) -> Vec<u8> {
    assert_eq!(message.encoded_len(), expected.len());
    let bytes = message.try_encode_to_vec().unwrap();
    assert!(
        bytes == expected,
        "encode_to_vec of {} bytes",
        expected.len()
    );
    let mut appended = b"head".to_vec();
    message.encode(&mut appended).unwrap();
    assert!(appended[..4] == *b"head" && appended[4..] == *expected);
    let mut reused = Vec::with_capacity(3 * expected.len());
    message.encode(&mut reused).unwrap();
    assert!(reused == expected, "encode into an empty buffer");
    // Held bytes longer than the largest payload: placed on its own.
    let long_head = payload(expected.len(), 9);
    let mut appended = long_head.clone();
    message.encode(&mut appended).unwrap();
    assert!(appended[..long_head.len()] == long_head && appended[long_head.len()..] == *expected);
    let mut own = Writer::new();
    message.write_fields(&mut own);
    assert!(own.into_vec() == expected, "a writer of its own");
    let mut buf = bytes::BytesMut::new();
    message.encode_to_buf(&mut buf).unwrap();
    assert!(buf == expected, "encode_to_buf");

    let frame = frame_of(expected);
    assert!(message.try_encode_length_delimited_to_vec().unwrap() == frame);
    let mut framed = b"head".to_vec();
    message.encode_length_delimited(&mut framed).unwrap();
    assert!(framed[..4] == *b"head" && framed[4..] == frame);
    let mut buf = bytes::BytesMut::new();
    message.encode_length_delimited_to_buf(&mut buf).unwrap();
    assert!(buf == frame, "encode_length_delimited_to_buf");

    assert_eq!(M::decode(&bytes).unwrap(), *message);
    bytes
}

#[test]
fn large_payloads_are_the_bytes_of_the_plain_encoding() {
    for size in [
        LARGE_PAYLOAD - 1,
        LARGE_PAYLOAD,
        LARGE_PAYLOAD + 1,
        RETAINED_BUFFER + 7,
        1 << 20,
    ] {
        encode_checked(&blob("", size, vec![]));
        encode_checked(&blob("uploads/scan.bin", size, vec![]));
    }
}

#[test]
fn nested_messages_with_large_payloads_are_the_bytes_of_the_plain_encoding() {
    // Payloads large and small at every level, of equal and of
    // different lengths, the largest first, last and in between.
    let leaf = |name: &str, size| blob(name, size, vec![]);
    let shapes = [
        blob("outer", 1 << 20, vec![leaf("a", 40_000), leaf("b", 10)]),
        blob("outer", 100, vec![leaf("a", 40_000), leaf("b", 40_000)]),
        blob(
            "outer",
            20_000,
            vec![
                leaf("a", 20_000),
                blob("deep", 300_000, vec![leaf("c", 70_000)]),
                leaf("b", 5),
            ],
        ),
        blob("", 0, (0..50).map(|i| leaf("many", 1_000 * i)).collect()),
    ];
    for shape in &shapes {
        encode_checked(shape);
    }
}

/// A message that writes a longer or a shorter name at each walk: one
/// that changes while it is encoded, as one reached through a weak
/// reference can when another thread drops the object.
#[derive(Debug, Default)]
struct Shifting {
    walks: core::cell::Cell<usize>,
    /// The name's length at each walk, the last repeated.
    names: Vec<usize>,
    content: Vec<u8>,
}

impl Shifting {
    /// The encoding the `walk`th walk writes, counting from 0.
    fn walk(&self, walk: usize) -> Vec<u8> {
        reference(&Blob {
            name: "n".repeat(self.names[walk.min(self.names.len() - 1)]),
            content: self.content.clone(),
            parts: vec![],
        })
    }
}

impl Message for Shifting {
    const NAME: &'static str = "Shifting";

    fn measure_fields(&self) -> usize {
        self.walk(self.walks.get()).len()
    }

    fn write_fields(&self, writer: &mut Writer) {
        let walk = self.walks.get();
        self.walks.set(walk + 1);
        let name = "n".repeat(self.names[walk.min(self.names.len() - 1)]);
        crate::__private::field::write::<codec::Bytes>(2, &self.content, writer);
        crate::__private::field::write::<codec::String>(1, &name, writer);
    }

    fn merge_field(
        &mut self,
        _: u32,
        wire_type: WireType,
        decoder: &mut crate::Decoder<'_>,
    ) -> Result<(), crate::DecodeError> {
        decoder.skip(wire_type)
    }

    fn field_name(_: u32) -> Option<&'static str> {
        None
    }
}

#[test]
fn a_message_that_changes_between_the_two_walks_is_written_as_the_second_saw_it() {
    // The second walk writes more than the first, over the bytes held
    // before it, or less, leaving room unfilled.
    for names in [[1, 3_000], [3_000, 1], [1, 1]] {
        let message = |walks| Shifting {
            walks: core::cell::Cell::new(walks),
            names: names.to_vec(),
            content: payload(100_000, 5),
        };
        let second = message(0).walk(1);
        let frame = frame_of(&second);

        assert!(
            message(0).try_encode_to_vec().unwrap() == second,
            "{names:?}"
        );
        for head in [&b""[..], b"head", &payload(200_000, 2)] {
            let mut appended = head.to_vec();
            message(0).encode(&mut appended).unwrap();
            assert!(appended[..head.len()] == *head, "{names:?}: what was held");
            assert!(appended[head.len()..] == second, "{names:?}");
            let mut framed = head.to_vec();
            message(0).encode_length_delimited(&mut framed).unwrap();
            assert!(framed[..head.len()] == *head && framed[head.len()..] == frame);
        }
        let mut buf = bytes::BytesMut::new();
        message(0).encode_length_delimited_to_buf(&mut buf).unwrap();
        assert!(buf == frame, "{names:?}: encode_length_delimited_to_buf");
    }
}

/// A [`Blob`] whose content is a shared `bytes::Bytes`, with parts of its
/// own kind and a plain `bytes` field besides.
#[derive(Clone, Debug, Default, PartialEq)]
struct SharedBlob {
    name: String,
    content: bytes::Bytes,
    parts: Vec<SharedBlob>,
    plain: Vec<u8>,
}

impl Message for SharedBlob {
    const NAME: &'static str = "SharedBlob";

    fn measure_fields(&self) -> usize {
        crate::__private::field::measure::<codec::String>(1, &self.name)
            + crate::__private::field::measure::<SharedBytes>(2, &self.content)
            + crate::__private::field::measure_repeated::<codec::Message<SharedBlob>>(
                3,
                &self.parts,
            )
            + crate::__private::field::measure::<codec::Bytes>(4, &self.plain)
    }

    fn write_fields(&self, writer: &mut Writer) {
        crate::__private::field::write::<codec::Bytes>(4, &self.plain, writer);
        crate::__private::field::write_repeated::<codec::Message<SharedBlob>>(
            3,
            &self.parts,
            writer,
        );
        crate::__private::field::write::<SharedBytes>(2, &self.content, writer);
        crate::__private::field::write::<codec::String>(1, &self.name, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut crate::Decoder<'_>,
    ) -> Result<(), crate::DecodeError> {
        match number {
            1 => {
                crate::__private::field::merge::<codec::String>(wire_type, &mut self.name, decoder)
            }
            2 => {
                crate::__private::field::merge::<SharedBytes>(wire_type, &mut self.content, decoder)
            }
            3 => crate::__private::field::merge_repeated::<codec::Message<SharedBlob>>(
                wire_type,
                &mut self.parts,
                decoder,
            ),
            4 => {
                crate::__private::field::merge::<codec::Bytes>(wire_type, &mut self.plain, decoder)
            }
            _ => decoder.skip(wire_type),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        ["", "name", "content", "parts", "plain"]
            .get(number as usize)
            .copied()
    }
}

use crate::__private::representations::SharedBytes;

/// The encoding of `blob`, written front to back the plain way.
fn shared_reference(blob: &SharedBlob) -> Vec<u8> {
    let mut out = Vec::new();
    let mut field = |number: u32, bytes: &[u8]| {
        wire::put_varint(&mut out, u64::from(number << 3 | 2));
        wire::put_varint(&mut out, bytes.len() as u64);
        out.extend_from_slice(bytes);
    };
    if !blob.name.is_empty() {
        field(1, blob.name.as_bytes());
    }
    if !blob.content.is_empty() {
        field(2, &blob.content);
    }
    for part in &blob.parts {
        field(3, &shared_reference(part));
    }
    if !blob.plain.is_empty() {
        field(4, &blob.plain);
    }
    out
}

fn shared_blob(name: &str, content: usize, plain: usize, parts: Vec<SharedBlob>) -> SharedBlob {
    SharedBlob {
        name: name.to_owned(),
        content: payload(content, name.len() as u8).into(),
        parts,
        plain: payload(plain, 7),
    }
}

#[test]
fn shared_payloads_are_the_bytes_of_the_plain_encoding() {
    let leaf = |name: &str, content| shared_blob(name, content, 0, vec![]);
    let shapes = [
        leaf("", LARGE_PAYLOAD - 1),
        leaf("", LARGE_PAYLOAD),
        leaf("uploads/scan.bin", 1 << 20),
        // Shared payloads at every level, one after another and apart.
        shared_blob(
            "outer",
            1 << 20,
            0,
            vec![leaf("a", 40_000), leaf("b", 10), leaf("c", 20_000)],
        ),
        shared_blob(
            "outer",
            0,
            0,
            vec![shared_blob("deep", 0, 0, vec![leaf("d", 70_000)])],
        ),
        // Shared payloads with plain ones, which take a second walk.
        shared_blob("mixed", 30_000, 100_000, vec![leaf("a", 40_000)]),
        shared_blob("mixed", 300_000, 20_000, vec![]),
    ];
    for shape in &shapes {
        encodes_every_way(shape, &shared_reference(shape));
    }
}

/// `M`, counting the walks that write it.
#[derive(Debug, Default, PartialEq)]
struct Counted<M> {
    walks: core::cell::Cell<usize>,
    message: M,
}

impl<M: Message> Message for Counted<M> {
    const NAME: &'static str = M::NAME;

    fn measure_fields(&self) -> usize {
        self.message.measure_fields()
    }

    fn write_fields(&self, writer: &mut Writer) {
        self.walks.set(self.walks.get() + 1);
        self.message.write_fields(writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut crate::Decoder<'_>,
    ) -> Result<(), crate::DecodeError> {
        self.message.merge_field(number, wire_type, decoder)
    }

    fn field_name(number: u32) -> Option<&'static str> {
        M::field_name(number)
    }
}

#[test]
fn a_shared_payload_is_written_in_one_walk_and_let_go_after() {
    let shared = Counted {
        walks: Default::default(),
        message: shared_blob("one", 1 << 20, 0, vec![]),
    };
    let plain = Counted {
        walks: Default::default(),
        message: blob("two", 1 << 20, vec![]),
    };
    shared.try_encode_to_vec().unwrap();
    plain.try_encode_to_vec().unwrap();
    assert_eq!((shared.walks.get(), plain.walks.get()), (1, 2));
    shared.encode_to_buf(&mut bytes::BytesMut::new()).unwrap();
    shared
        .encode_length_delimited(&mut b"head".to_vec())
        .unwrap();
    assert_eq!(shared.walks.get(), 3);
    // The thread's writer keeps no reference to the payload.
    assert!(shared.message.content.is_unique());
}

/// A message that panics in the middle of its walk, after writing a shared
/// payload.
#[cfg(feature = "std")]
#[derive(Debug, Default, PartialEq)]
struct PanicsAfterSharing {
    content: bytes::Bytes,
}

#[cfg(feature = "std")]
impl Message for PanicsAfterSharing {
    const NAME: &'static str = "PanicsAfterSharing";

    fn measure_fields(&self) -> usize {
        crate::__private::field::measure::<SharedBytes>(1, &self.content)
    }

    fn write_fields(&self, writer: &mut Writer) {
        crate::__private::field::write::<SharedBytes>(1, &self.content, writer);
        panic!("a write_fields that fails half way");
    }

    fn merge_field(
        &mut self,
        _: u32,
        wire_type: WireType,
        decoder: &mut crate::Decoder<'_>,
    ) -> Result<(), crate::DecodeError> {
        decoder.skip(wire_type)
    }

    fn field_name(_: u32) -> Option<&'static str> {
        None
    }
}

#[test]
#[cfg(feature = "std")]
fn a_shared_payload_is_let_go_when_an_encode_fails_or_panics() {
    // Nested deeper than the recursion limit, with the payload at the
    // bottom: the encode fails after the walk shared it.
    let mut deep = shared_blob("leaf", 1 << 20, 0, vec![]);
    for _ in 0..=crate::DecodeOptions::DEFAULT_RECURSION_LIMIT {
        deep = shared_blob("level", 0, 0, vec![deep]);
    }
    let error = deep.try_encode_to_vec().unwrap_err();
    assert!(
        error.to_string().contains("beyond the recursion limit"),
        "{error}"
    );
    let mut leaf = &deep;
    while let [part] = leaf.parts.as_slice() {
        leaf = part;
    }
    assert!(leaf.content.is_unique(), "kept after a too deep encode");

    let shared = shared_blob("one", 1 << 20, 0, vec![]);
    let mut small = [0u8; 100];
    assert!(
        shared
            .encode_to_buf(&mut &mut small[..])
            .unwrap_err()
            .is_buffer_too_small()
    );
    assert!(shared.content.is_unique(), "kept after a buffer too small");

    // A walk that panics leaves its shared payload behind; the next
    // encode lets it go, and does not put it into its own output.
    let panics = PanicsAfterSharing {
        content: payload(1 << 20, 4).into(),
    };
    let unwound =
        std::panic::catch_unwind(core::panic::AssertUnwindSafe(|| panics.try_encode_to_vec()));
    assert!(unwound.is_err());
    assert_eq!(
        shared.try_encode_to_vec().unwrap(),
        shared_reference(&shared)
    );
    assert!(
        panics.content.is_unique(),
        "kept after a walk that panicked"
    );
}

#[test]
fn many_small_fields_before_a_large_payload_are_written_once() {
    // The payload is less than SKIP_RATIO times what was written after it,
    // so the first walk copies it and there is no second walk.
    let small: Vec<Blob> = (0..2_000).map(|_| blob("part", 8, vec![])).collect();
    let message = Blob {
        name: "x".to_owned(),
        content: payload(LARGE_PAYLOAD, 1),
        parts: small,
    };
    let mut writer = Writer::empty();
    writer.restart();
    message.write_fields(&mut writer);
    assert_eq!(writer.skipped(), 0);
    encode_checked(&message);
}

#[test]
fn the_returned_vector_fits_its_length() {
    let fits = |bytes: &Vec<u8>| {
        assert!(
            bytes.capacity() * 10 <= bytes.len() * 11,
            "capacity {} for {} bytes",
            bytes.capacity(),
            bytes.len()
        );
    };
    // One large payload, several, and none but a large encoding. The
    // second walk writes into an output of exactly the encoded length.
    let one = encode_checked(&blob("scan", 1 << 20, vec![]));
    // Key, length and "scan"; key, a 3-byte length and the payload.
    let length = 6 + 4 + (1 << 20);
    assert_eq!((one.capacity(), one.len()), (length, length));
    fits(&encode_checked(&blob(
        "scan",
        70_000,
        vec![blob("a", 50_000, vec![])],
    )));
    let parts = (0..20_000).map(|_| blob("part", 3, vec![])).collect();
    let many = encode_checked(&blob("many", 0, parts));
    assert!(many.len() > RETAINED_BUFFER);
    fits(&many);
    fits(&encode_checked(&blob("tiny", 2, vec![])));
    let mut own = Writer::new();
    own.raw(&payload(1 << 20, 3));
    own.varint(1 << 20);
    fits(&own.into_vec());
}

/// The address and length of this thread's retained buffer.
#[cfg(feature = "std")]
fn scratch() -> (usize, usize) {
    SCRATCH.with(|scratch| {
        let writer = scratch.borrow();
        (writer.buf.as_ptr() as usize, writer.buf.len())
    })
}

#[test]
#[cfg(feature = "std")]
fn the_thread_keeps_its_buffer_through_a_large_encode() {
    let small = blob("small", 30, vec![]);
    let large = blob("large", 1 << 20, vec![blob("inner", 1_000, vec![])]);
    // The first encode grows the buffer to the small fields' size.
    assert_eq!(large.try_encode_to_vec().unwrap(), reference(&large));
    let before = scratch();
    assert!(before.1 > 1_000 && before.1 <= RETAINED_BUFFER);
    // The payload never enters the thread's buffer, which stays as it
    // was, and serves the next encodes, large or small.
    assert_eq!(large.try_encode_to_vec().unwrap(), reference(&large));
    assert_eq!(scratch(), before);
    let mut out = Vec::new();
    large.encode(&mut out).unwrap();
    assert_eq!(out, reference(&large));
    assert_eq!(scratch(), before);
    assert_eq!(small.try_encode_to_vec().unwrap(), reference(&small));
    assert_eq!(scratch(), before);
    // A second large payload, written before the largest in the
    // second walk, goes through the thread's buffer, which is kept
    // while it stays within the retained size.
    let two = blob("large", 1 << 20, vec![blob("inner", 40_000, vec![])]);
    assert_eq!(two.try_encode_to_vec().unwrap(), reference(&two));
    let (_, kept) = scratch();
    assert!((40_000..=RETAINED_BUFFER).contains(&kept), "{kept}");
}

/// Growing by doubling from an odd first size would pass the retained
/// size on the way to an encoding a little below it (272, 544, …, 34,816,
/// 69,632 for 50 KB), and the thread would drop the buffer and grow a new
/// one, zeroed, for every encode of that message.
#[test]
#[cfg(feature = "std")]
fn the_thread_keeps_the_buffer_of_an_encoding_below_the_retained_size() {
    for length in [35_000, 50_000, RETAINED_BUFFER - 100] {
        let parts: Vec<Blob> = (0..length / 8).map(|_| blob("p", 1, vec![])).collect();
        let message = blob("grown", 0, parts);
        let expected = reference(&message);
        assert!(expected.len() <= RETAINED_BUFFER, "{}", expected.len());
        assert_eq!(message.try_encode_to_vec().unwrap(), expected);
        let kept = scratch();
        assert!(kept.1 >= expected.len(), "{length}: {kept:?}");
        // The next encode writes into the same buffer, without growing.
        assert_eq!(message.try_encode_to_vec().unwrap(), expected);
        assert_eq!(scratch(), kept, "{length}");
    }
}

#[test]
#[cfg(feature = "std")]
fn the_thread_drops_a_buffer_grown_past_the_retained_size() {
    let parts: Vec<Blob> = (0..20_000).map(|_| blob("part", 3, vec![])).collect();
    // Small fields past the retained size, without and with a large
    // payload: the buffer that held them is not kept.
    for content in [0, 1 << 20] {
        let message = blob("grown", content, parts.clone());
        assert_eq!(message.try_encode_to_vec().unwrap(), reference(&message));
        assert_eq!(scratch().1, 0, "content of {content} bytes");
        let small = blob("small", 30, vec![]);
        assert_eq!(small.try_encode_to_vec().unwrap(), reference(&small));
        let (_, kept) = scratch();
        assert!(kept > 0 && kept <= RETAINED_BUFFER);
    }
}

/// The length the thread's writer remembers of the last encoding that
/// outgrew the retained size.
#[cfg(feature = "std")]
fn large_hint() -> usize {
    SCRATCH.with(|scratch| scratch.borrow().large_hint)
}

/// A message of small fields only: `parts` parts of 11 bytes each.
#[cfg(feature = "std")]
fn many_parts(parts: usize) -> Blob {
    blob(
        "many",
        0,
        (0..parts).map(|_| blob("part", 1, vec![])).collect(),
    )
}

#[test]
#[cfg(feature = "std")]
fn an_encode_past_the_retained_size_grows_once_to_the_last_such_length() {
    let large = many_parts(40_000);
    let expected = reference(&large);
    assert!(expected.len() > 4 * RETAINED_BUFFER, "{}", expected.len());
    assert_eq!(large.try_encode_to_vec().unwrap(), expected);
    let hint = expected.len() + expected.len() / 16;
    assert_eq!(large_hint(), hint);
    // Doubling from the retained size would end at 512 KiB, and the
    // output would be shrunk to its length: grown once to the hint, the
    // buffer is the output, with the hint's room over its length.
    let again = large.try_encode_to_vec().unwrap();
    assert_eq!(again, expected);
    assert_eq!(again.capacity(), hint);
    assert!(again.capacity() * 10 <= expected.len() * 11);
    // The paths that copy the encoding out remember its length too.
    let mut out = b"head".to_vec();
    many_parts(30_000).encode(&mut out).unwrap();
    let smaller = out.len() - 4;
    assert_eq!(large_hint(), smaller + smaller / 16);
    assert_eq!(scratch().1, 0);
}

#[test]
#[cfg(feature = "std")]
fn an_encode_smaller_than_the_last_large_one_fits_its_output() {
    let large = many_parts(60_000);
    assert_eq!(large.try_encode_to_vec().unwrap(), reference(&large));
    // Grown to the larger hint, the output is shrunk to fit, and the
    // hint is the smaller encoding's from then on.
    for parts in [20_000, 20_000, 20_001] {
        let smaller = many_parts(parts);
        let expected = reference(&smaller);
        let bytes = smaller.try_encode_to_vec().unwrap();
        assert_eq!(bytes, expected);
        assert!(bytes.capacity() * 10 <= expected.len() * 11, "{parts}");
        assert_eq!(large_hint(), expected.len() + expected.len() / 16);
    }
    // A message a little larger than the last fits in the hint's room.
    let grown = many_parts(20_100);
    let bytes = grown.try_encode_to_vec().unwrap();
    assert_eq!(bytes, reference(&grown));
    assert!(bytes.capacity() * 10 <= bytes.len() * 11);
}

#[test]
fn a_long_varint_written_first_is_copied_without_room_for_a_word() {
    // A new writer has no room before its first bytes, so a varint of
    // three to eight bytes is copied rather than stored as a whole word.
    for length in 3..=8u32 {
        for value in [1u64 << (7 * (length - 1)), (1u64 << (7 * length)) - 1] {
            let mut writer = Writer::new();
            writer.varint(value);
            let mut expected = Vec::new();
            wire::put_varint(&mut expected, value);
            assert_eq!(expected.len(), length as usize, "{value}");
            assert_eq!(writer.written(), expected, "{value}");
        }
    }
}

mod random_shapes {
    use super::*;
    use proptest::prelude::*;

    /// Lengths about the large-payload threshold, and far from it.
    fn length() -> impl Strategy<Value = usize> {
        prop::sample::select(vec![
            0,
            10,
            LARGE_PAYLOAD - 1,
            LARGE_PAYLOAD,
            20_000,
            70_000,
        ])
    }

    /// Messages three levels deep at most, with shared and plain
    /// payloads of those lengths anywhere.
    fn shape() -> impl Strategy<Value = SharedBlob> {
        let leaf = (length(), length())
            .prop_map(|(content, plain)| shared_blob("leaf", content, plain, vec![]));
        leaf.prop_recursive(3, 12, 3, |inner| {
            (length(), length(), prop::collection::vec(inner, 0..3))
                .prop_map(|(content, plain, parts)| shared_blob("node", content, plain, parts))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_way_of_encoding_writes_the_plain_encoding(
            message in shape(),
            held in prop::sample::select(vec![0, 4, 9_000, 40_000, 200_000]),
        ) {
            let expected = shared_reference(&message);
            encodes_every_way(&message, &expected);
            let head = payload(held, 3);
            let mut appended = head.clone();
            message.encode(&mut appended).unwrap();
            prop_assert!(appended[..held] == head[..] && appended[held..] == expected[..]);
            let mut framed = head.clone();
            message.encode_length_delimited(&mut framed).unwrap();
            prop_assert!(framed[..held] == head[..] && framed[held..] == frame_of(&expected)[..]);
        }
    }
}
