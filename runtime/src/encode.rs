//! Encoding back to front, in one walk of the message (two for large
//! payloads).
//!
//! A [`Writer`] fills its buffer from the end towards the start: a message
//! writes its last field first, and a nested message writes its fields
//! before its length prefix, which is then simply the number of bytes
//! written since. So no length is ever computed ahead of writing, and a
//! message is walked once. The bytes are the same as a front-to-back
//! encoder writes: fields in ascending number, lists and maps in order.
//!
//! [`Message::encode`](crate::Message::encode) and [`Message::encode_to_vec`](crate::Message::encode_to_vec) write into a buffer
//! kept per thread (up to [`RETAINED_BUFFER`] bytes of it), so that
//! encoding allocates only the output, of exactly the encoded length.
//!
//! Large payloads (`bytes` and `string` values of 16 KiB or more, and at
//! least 16 times what follows them in the encoding) are the exception to
//! the one walk. Copying them into the
//! thread's buffer and then into the output would copy them twice, and
//! growing the buffer for them would zero memory only to overwrite it.
//! So the first walk leaves them out and only counts their length, which
//! gives the exact encoded length; if it left any out, a second walk
//! writes into an output of that length, starting it with the largest
//! payload copied straight from the message (what follows it in the
//! encoding is already written, and the room for what precedes it is all
//! that is zeroed). See [`Writer::raw`]. The output is the caller's vector
//! when encoding into one ([`Message::encode`](crate::Message::encode),
//! [`Message::encode_length_delimited`](crate::Message::encode_length_delimited)); [`Message::encode_to_buf`](crate::Message::encode_to_buf) then
//! copies it into the buffer, a second copy of the payloads.
//!
//! A large payload in a `bytes::Bytes` needs neither: the first walk
//! shares it, keeping a clone, and the output is put together from the
//! buffer's pieces and the shared payloads, each copied once, whatever the
//! way of encoding ([`Writer::shared_bytes`]).

#[cfg(feature = "std")]
use core::cell::RefCell;

use crate::prelude::*;

use bytes::{BufMut, Bytes};

use crate::error::EncodeError;
use crate::state::State;
use crate::wire::{self, WireType};

/// The largest buffer a thread keeps between two encodes; a larger one is
/// handed over as the output, or dropped.
pub const RETAINED_BUFFER: usize = 64 * 1024;

/// The size from which a payload is large: the first walk of an encode
/// leaves it out, and the second copies it once, into the output.
const LARGE_PAYLOAD: usize = 16 * 1024;

/// A large payload is left out of the first walk only when it is at least
/// this many times what was written after it, so that the second walk
/// costs little beside the copy it saves.
const SKIP_RATIO: usize = 16;

/// The room a writer starts with when it has no buffer yet.
const INITIAL_BUFFER: usize = 256;

#[cfg(feature = "std")]
thread_local! {
    static SCRATCH: RefCell<Writer> = const { RefCell::new(Writer::empty()) };
}

/// Appends the encoding of the message that `write` writes (the
/// top-level message of the walk, its fields) to `out`, after its length
/// as a varint when `delimited`, unless messages nest deeper than
/// `limit`, in which case nothing is written. `write` may be called twice
/// (`append_left_out`).
pub(crate) fn encode(
    write: impl Fn(&mut Writer),
    out: &mut Vec<u8>,
    limit: u32,
    delimited: bool,
) -> Result<(), EncodeError> {
    with_scratch(|writer| {
        write(writer);
        writer.check_depth(limit)?;
        if writer.skipped() != 0 {
            append_left_out(&write, writer, out, delimited);
        } else {
            if delimited {
                writer.varint(writer.written_len() as u64);
            }
            writer.finish_into(out);
        }
        Ok(())
    })
}

/// The encoding of the message that `write` writes in a vector of its
/// own, unless messages nest deeper than `limit`.
pub(crate) fn encode_to_vec(
    write: impl Fn(&mut Writer),
    limit: u32,
) -> Result<Vec<u8>, EncodeError> {
    with_scratch(|writer| {
        write(writer);
        writer.check_depth(limit)?;
        if writer.skipped() != 0 {
            let mut out = Vec::new();
            append_left_out(&write, writer, &mut out, false);
            Ok(out)
        } else {
            Ok(writer.take_written())
        }
    })
}

/// Puts the encoding of the message that `write` writes into `buf`, after
/// its length as a varint when `delimited`, unless messages nest deeper
/// than `limit` or `buf` has no room for all of it, in which case nothing
/// is written.
///
/// The one walk that encodes also gives the length, so nothing is
/// measured ahead: the thread's writer holds the encoding, whose bytes are
/// then put into `buf`, with the shared payloads between them
/// ([`Writer::shared_bytes`]).
pub(crate) fn encode_to_buf<B: BufMut + ?Sized>(
    write: impl Fn(&mut Writer),
    buf: &mut B,
    limit: u32,
    delimited: bool,
) -> Result<(), EncodeError> {
    with_scratch(|writer| {
        write(writer);
        writer.check_depth(limit)?;
        let body = writer.written_len();
        let prefix = if delimited {
            wire::varint_len(body as u64)
        } else {
            0
        };
        let needed = body + prefix;
        if buf.remaining_mut() < needed {
            writer.let_go();
            return Err(EncodeError::buffer_too_small(needed, buf.remaining_mut()));
        }
        if writer.largest_skipped == 0 {
            if delimited {
                writer.varint(body as u64);
            }
            writer.for_each_piece(|piece| buf.put_slice(piece));
            if writer.skipped() != 0 {
                writer.let_go();
            }
        } else {
            let mut placed = Vec::new();
            append_left_out(&write, writer, &mut placed, delimited);
            // Only a message that changed between the two walks can have
            // grown.
            if buf.remaining_mut() < placed.len() {
                return Err(EncodeError::buffer_too_small(
                    placed.len(),
                    buf.remaining_mut(),
                ));
            }
            buf.put_slice(&placed);
        }
        Ok(())
    })
}

/// Appends the encoding of the message that `write` writes, whose first
/// walk left large payloads out, to `out`, after its length as a varint when `delimited`.
///
/// When all of them were shared ([`Writer::shared_bytes`]), the encoding
/// is put together from the buffer and them, each copied once. Otherwise
/// a second walk writes into `out`'s own allocation, after what `out`
/// holds and the length. Writing back to front, it may store a few bytes
/// before those it writes, taking them for room ([`Writer::last_of`]), or
/// many, if the message changed since the first walk; so those bytes are
/// copied aside first and back after. That is worth it while `out` holds
/// at most half as much as the largest payload; holding more, the
/// encoding is placed on its own and appended, the payloads copied a
/// second time.
#[cold]
#[inline(never)]
fn append_left_out(
    write: &impl Fn(&mut Writer),
    writer: &mut Writer,
    out: &mut Vec<u8>,
    delimited: bool,
) {
    if writer.largest_skipped == 0 {
        if delimited {
            writer.varint(writer.written_len() as u64);
        }
        out.reserve_exact(writer.written_len());
        writer.for_each_piece(|piece| out.extend_from_slice(piece));
        writer.let_go();
        return;
    }
    if 2 * out.len() > writer.largest_skipped {
        let mut placed = Vec::new();
        append_left_out(write, writer, &mut placed, delimited);
        out.extend_from_slice(&placed);
        return;
    }
    let total = writer.written_len();
    let mut head = out.clone();
    let held = head.len();
    if delimited {
        wire::put_varint(&mut head, total as u64);
    }
    out.reserve_exact(head.len() - held + total);
    out.resize(head.len(), 0);
    match write_placed(write, writer, core::mem::take(out)) {
        Ok(mut output) => {
            output[..head.len()].copy_from_slice(&head);
            *out = output;
        }
        Err(encoding) => {
            head.truncate(held);
            if delimited {
                wire::put_varint(&mut head, encoding.len() as u64);
            }
            head.extend_from_slice(&encoding);
            *out = head;
        }
    }
}

/// Walks the message that `write` writes a second time, after a first
/// walk that left large payloads out and counted the encoded length, and
/// writes its encoding after the bytes `output` holds, which it may write
/// over; `output` has room for it all.
///
/// Fails, giving the encoding alone, when this walk wrote otherwise than
/// the first: a message can change between the two, say when another
/// thread drops the last strong reference to an object reached through a
/// weak one.
#[cold]
#[inline(never)]
fn write_placed(
    write: &impl Fn(&mut Writer),
    writer: &mut Writer,
    output: Vec<u8>,
) -> Result<Vec<u8>, Vec<u8>> {
    let total = writer.written_len();
    let largest = writer.largest_skipped;
    writer.restart();
    writer.large = Large::Place {
        total,
        largest,
        output,
    };
    write(writer);
    writer.take_placed(total)
}

/// Runs `write` with this thread's writer, emptied, whose buffer is kept
/// for the next encode unless it grew too large.
#[cfg(feature = "std")]
#[inline(always)]
fn with_scratch<R>(mut write: impl FnMut(&mut Writer) -> R) -> R {
    let kept = SCRATCH.try_with(|scratch| {
        let mut writer = scratch.try_borrow_mut().ok()?;
        writer.restart();
        let result = write(&mut writer);
        if writer.buf.len() > RETAINED_BUFFER {
            writer.remember_large();
            writer.buf = Vec::new();
            writer.restart();
        }
        Some(result)
    });
    match kept {
        Ok(Some(result)) => result,
        _ => without_scratch(write),
    }
}

/// Without `std` there are no threads' buffers: each encode has a writer
/// of its own.
#[cfg(not(feature = "std"))]
#[inline(always)]
fn with_scratch<R>(write: impl FnMut(&mut Writer) -> R) -> R {
    without_scratch(write)
}

/// Runs `write` with a writer of its own: when the thread is being torn
/// down, and so has no scratch buffer left, or is encoding already.
#[cfg_attr(feature = "std", cold, inline(never))]
fn without_scratch<R>(mut write: impl FnMut(&mut Writer) -> R) -> R {
    let mut writer = Writer::empty();
    writer.restart();
    write(&mut writer)
}

/// Copies `from` into `to`, of the same length. Up to 32 bytes, most
/// strings, ids and keys of a message, it copies by two fixed-size moves
/// that overlap in the middle, inline, rather than calling `memcpy`, whose
/// call and choice of method cost more than copying a few bytes.
#[inline(always)]
fn copy_bytes(to: &mut [u8], from: &[u8]) {
    debug_assert_eq!(to.len(), from.len());
    match from.len() {
        0 => {}
        1..4 => {
            let last = from.len() - 1;
            to[0] = from[0];
            to[last / 2] = from[last / 2];
            to[last] = from[last];
        }
        4..8 => copy_ends::<4>(to, from),
        8..16 => copy_ends::<8>(to, from),
        16..=32 => copy_ends::<16>(to, from),
        _ => to.copy_from_slice(from),
    }
}

/// Copies the first and the last `N` bytes of `from` into `to`, both at
/// least `N` and at most `2 * N` bytes long: all of them.
#[inline(always)]
fn copy_ends<const N: usize>(to: &mut [u8], from: &[u8]) {
    if let (Some(to), Some(from)) = (to.first_chunk_mut::<N>(), from.first_chunk::<N>()) {
        *to = *from;
    }
    if let (Some(to), Some(from)) = (to.last_chunk_mut::<N>(), from.last_chunk::<N>()) {
        *to = *from;
    }
}

/// What a writer does with a large payload.
#[derive(Debug, Default)]
enum Large {
    /// Copies it where it goes, as any other bytes: a writer of its own,
    /// made with [`Writer::new`].
    #[default]
    Copy,
    /// Leaves it out, counting its length as written: the first walk of
    /// an encode. A payload in a `bytes::Bytes` is `shared` rather than
    /// left out for a second walk ([`Writer::shared_bytes`]), after the
    /// number of the buffer's bytes that follow it; the last in the
    /// encoding comes first.
    Skip { shared: Vec<(usize, Bytes)> },
    /// The second walk, which knows the `total` encoded length: the first
    /// payload of the `largest` length goes into `output`, after what it
    /// holds and room for what precedes the payload.
    Place {
        total: usize,
        largest: usize,
        output: Vec<u8>,
    },
    /// `buf` is the output now; `scratch` is the thread's buffer, given
    /// back when the walk ends.
    Placed { scratch: Vec<u8> },
}

impl Large {
    /// The first walk, nothing shared yet.
    const fn skip() -> Self {
        Self::Skip { shared: Vec::new() }
    }
}

/// Writes encoded fields into a buffer from its end towards its start.
///
/// Every method writes its bytes *before* what was written so far, so a
/// message writes its fields in descending order, and each field its value
/// before its key.
#[derive(Debug, Default)]
pub struct Writer {
    /// The written bytes are `buf[pos..]`; `buf[..pos]` is room.
    buf: Vec<u8>,
    pos: usize,
    /// `buf.len()` and the length of the large payloads left out of `buf`,
    /// which count as written: `end - pos` bytes are written.
    end: usize,
    depth: u32,
    max_depth: u32,
    /// The length of the largest payload left out to be placed by a
    /// second walk.
    largest_skipped: usize,
    /// A little over the length of the last encoding that outgrew
    /// [`RETAINED_BUFFER`]: a buffer growing past that size grows to at
    /// least this at once ([`Writer::remember_large`]).
    large_hint: usize,
    large: Large,
    /// What a layer above the core keeps from one encode to the next:
    /// graph mode's pre-pass, with the references of the message being
    /// written.
    pub(crate) state: State,
}

impl Writer {
    /// An empty writer.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty writer, in a constant; it leaves large payloads out once
    /// restarted.
    const fn empty() -> Self {
        Self {
            buf: Vec::new(),
            pos: 0,
            end: 0,
            depth: 0,
            max_depth: 0,
            largest_skipped: 0,
            large_hint: 0,
            large: Large::Copy,
            state: State::empty(),
        }
    }

    /// Empties the writer, which then writes into its buffer's bytes,
    /// whatever they hold, before growing it, and leaves large payloads
    /// out.
    #[inline(always)]
    fn restart(&mut self) {
        self.pos = self.buf.len();
        self.end = self.buf.len();
        self.depth = 0;
        self.max_depth = 0;
        self.largest_skipped = 0;
        match &self.large {
            Large::Skip { shared } if shared.is_empty() => {}
            // A fresh writer, or one whose walk panicked while it held
            // shared payloads, which are let go here.
            _ => self.large = Large::skip(),
        }
    }

    /// The bytes written so far.
    #[inline]
    pub fn written(&self) -> &[u8] {
        &self.buf[self.pos..]
    }

    /// How many bytes were written so far.
    #[inline]
    pub fn written_len(&self) -> usize {
        self.end - self.pos
    }

    /// The length of the large payloads left out, shared or to be placed.
    #[inline]
    fn skipped(&self) -> usize {
        self.end - self.buf.len()
    }

    /// How deep the deepest nested message was, the outermost being 0.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Fails when messages nested deeper than `limit`, letting go of
    /// what the walk shared.
    #[inline]
    fn check_depth(&mut self, limit: u32) -> Result<(), EncodeError> {
        if self.max_depth > limit {
            self.let_go();
            Err(EncodeError::too_deep(self.max_depth, limit))
        } else {
            Ok(())
        }
    }

    /// The bytes written, as a vector of their own: of exactly their
    /// length, or, for a large buffer, the buffer itself.
    #[inline]
    fn take_written(&mut self) -> Vec<u8> {
        if self.buf.len() > RETAINED_BUFFER {
            let mut out = Vec::new();
            self.finish_into(&mut out);
            out
        } else {
            self.written().to_vec()
        }
    }

    /// Appends the bytes written to `out`. A large buffer becomes `out`
    /// when `out` is empty, rather than being copied into a new one, and
    /// is shrunk to no more than a tenth over its length.
    pub fn finish_into(&mut self, out: &mut Vec<u8>) {
        if out.is_empty() && self.buf.len() > RETAINED_BUFFER {
            self.remember_large();
            let length = self.buf.len() - self.pos;
            self.buf.copy_within(self.pos.., 0);
            self.buf.truncate(length);
            if self.buf.capacity() > length + length / 10 {
                self.buf.shrink_to_fit();
            }
            *out = core::mem::take(&mut self.buf);
            self.pos = 0;
            self.end = 0;
        } else if out.capacity() == 0 {
            // One allocation of the exact length, without growing.
            *out = self.written().to_vec();
        } else {
            out.extend_from_slice(self.written());
        }
    }

    /// The bytes written, as a vector of their own.
    pub fn into_vec(mut self) -> Vec<u8> {
        let mut out = Vec::new();
        self.finish_into(&mut out);
        out
    }

    /// Remembers the length of what was written, an encoding which
    /// outgrew [`RETAINED_BUFFER`], so that the next encode to outgrow it
    /// grows its buffer once to about that length, rather than doubling
    /// up to it and zeroing and copying at every step: encoding a 4 MB
    /// message again and again, the buffer would grow from 64 KiB six
    /// times each time. A little room over the length takes a message
    /// that grows a little; the output keeps it, as it is within the
    /// tenth that [`finish_into`](Writer::finish_into) allows. A smaller
    /// message next pays once for zeroing room it does not use, no more
    /// than the remembered encoding, which was written once already;
    /// then the hint is its own.
    fn remember_large(&mut self) {
        let length = self.written_len();
        self.large_hint = length + length / 16;
    }

    /// The output of the second walk of an encode, and the thread's buffer
    /// given back to the writer; the encoding alone when the walk wrote
    /// other than `total` bytes, the first walk's count ([`write_placed`]).
    ///
    /// Writing `total` bytes, the walk filled exactly the room left before
    /// the placed payload; writing more, it wrote over what the output
    /// held, or grew a buffer that lacks it. Either way what it wrote is
    /// [`written`](Writer::written).
    fn take_placed(&mut self, total: usize) -> Result<Vec<u8>, Vec<u8>> {
        let as_counted = self.written_len() == total;
        let (mut output, start) = match core::mem::replace(&mut self.large, Large::skip()) {
            Large::Placed { scratch } => {
                let output = core::mem::replace(&mut self.buf, scratch);
                let start = self.pos;
                self.pos = self.buf.len();
                self.end = self.buf.len();
                (output, start)
            }
            Large::Place { mut output, .. } => {
                // No payload of the largest length came: nothing placed.
                let start = output.len();
                output.extend_from_slice(self.written());
                (output, start)
            }
            Large::Copy | Large::Skip { .. } => return Err(self.written().to_vec()),
        };
        if as_counted {
            Ok(output)
        } else {
            output.drain(..start);
            Err(output)
        }
    }

    /// Moves what was written to the end of a buffer at least twice as
    /// large, with room for `n` more bytes; when `n` alone outgrows the
    /// doubling, with some room left before them. A buffer that would
    /// grow past [`RETAINED_BUFFER`] while that size holds what is needed
    /// grows to that size, so that the thread keeps it for the next encode
    /// of the same message rather than growing a new one each time; one
    /// that grows past it grows to the length of the last encoding that
    /// did, if that is more ([`Writer::remember_large`]).
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let written = self.buf.len() - self.pos;
        let needed = written + n;
        let doubled = self.buf.len() * 2;
        let size = if needed > doubled {
            needed + INITIAL_BUFFER.max(needed / 64)
        } else {
            doubled.max(INITIAL_BUFFER)
        };
        let size = match needed <= RETAINED_BUFFER {
            true => size.min(RETAINED_BUFFER),
            false => size.max(self.large_hint),
        };
        let mut grown = Vec::with_capacity(size);
        grown.resize(size - written, 0);
        grown.extend_from_slice(self.written());
        self.end = self.end - self.buf.len() + size;
        self.pos = size - written;
        self.buf = grown;
    }

    /// The `n` bytes before those written, made room for, now counted as
    /// written.
    #[inline(always)]
    fn claim(&mut self, n: usize) -> &mut [u8] {
        // One comparison checks both that there is room and that the
        // range is in the buffer: without room, `start` wraps around.
        let mut start = self.pos.wrapping_sub(n);
        if start > self.pos {
            self.grow(n);
            start = self.pos - n;
        }
        let end = self.pos;
        self.pos = start;
        &mut self.buf[start..end]
    }

    /// Writes one byte.
    #[inline(always)]
    fn byte(&mut self, byte: u8) {
        let at = self.pos.wrapping_sub(1);
        match self.buf.get_mut(at) {
            Some(slot) => {
                *slot = byte;
                self.pos = at;
            }
            None => {
                self.grow(1);
                self.pos -= 1;
                self.buf[self.pos] = byte;
            }
        }
    }

    /// Writes the key of field `number`: 1 to 5 bytes. Keys are constants
    /// in generated code, so this folds to writing their bytes.
    #[inline(always)]
    pub fn key(&mut self, number: u32, wire_type: WireType) {
        self.varint(u64::from(wire::key(number, wire_type)));
    }

    /// Writes a varint: 1 to 10 bytes.
    #[inline(always)]
    pub fn varint(&mut self, value: u64) {
        if value < 0x80 {
            self.byte(value as u8);
        } else if value < 0x4000 {
            let [first, second] = self.claim(2) else {
                unreachable!("two bytes were claimed")
            };
            *first = value as u8 | 0x80;
            *second = (value >> 7) as u8;
        } else {
            self.long_varint(value);
        }
    }

    /// A varint of three bytes or more.
    #[inline(never)]
    fn long_varint(&mut self, value: u64) {
        let length = wire::varint_len(value);
        if length <= 8 {
            // Spread the seven-bit groups over the bytes of one word (the
            // value has at most 56 bits): halves of 28 bits to 32-bit
            // lanes, quarters of 14 to 16-bit lanes, groups of 7 to bytes.
            // Then set the continuation bits: the varint is the last
            // `length` bytes of the word.
            let halves = (value & 0x0fff_ffff) | ((value & 0x00ff_ffff_f000_0000) << 4);
            let quarters =
                (halves & 0x0000_3fff_0000_3fff) | ((halves & 0x0fff_c000_0fff_c000) << 2);
            let spread =
                (quarters & 0x007f_007f_007f_007f) | ((quarters & 0x3f80_3f80_3f80_3f80) << 1);
            let continuation = 0x8080_8080_8080_8080 & ((1u64 << (8 * (length - 1))) - 1);
            let word = (spread | continuation) << (8 * (8 - length));
            self.last_of(word.to_le_bytes(), length);
            return;
        }
        let (last, first) = self
            .claim(length)
            .split_last_mut()
            .expect("a varint has at least one byte");
        let mut value = value;
        for byte in first {
            *byte = (value as u8) | 0x80;
            value >>= 7;
        }
        *last = value as u8;
    }

    /// Writes the last `length` bytes of `bytes`: with room for all `N`,
    /// by one store of them, the first `N - length` room again, which
    /// later writes overwrite.
    #[inline(always)]
    pub(crate) fn last_of<const N: usize>(&mut self, bytes: [u8; N], length: usize) {
        debug_assert!(length <= N);
        if self.pos >= N {
            let end = self.pos;
            self.buf[end - N..end].copy_from_slice(&bytes);
            self.pos = end - length;
        } else {
            copy_bytes(self.claim(length), &bytes[N - length..]);
        }
    }

    /// Writes four little-endian bytes.
    #[inline]
    pub fn fixed32(&mut self, value: u32) {
        self.raw(&value.to_le_bytes());
    }

    /// Writes eight little-endian bytes.
    #[inline]
    pub fn fixed64(&mut self, value: u64) {
        self.raw(&value.to_le_bytes());
    }

    /// Writes `bytes` as they are, with no length prefix.
    ///
    /// In the first walk of [`Message::encode`](crate::Message::encode) or
    /// [`Message::encode_to_vec`](crate::Message::encode_to_vec), 16 KiB of bytes or more are only
    /// counted, when they are at least 16 times what was written after
    /// them, and [`written`](Writer::written) lacks them;
    /// the second walk copies them once, into the output.
    #[inline(always)]
    pub fn raw(&mut self, bytes: &[u8]) {
        if bytes.len() >= LARGE_PAYLOAD {
            self.large_raw(bytes);
        } else {
            copy_bytes(self.claim(bytes.len()), bytes);
        }
    }

    /// Writes, leaves out or places a large payload, as [`Large`] says.
    #[inline(never)]
    fn large_raw(&mut self, bytes: &[u8]) {
        let n = bytes.len();
        match &mut self.large {
            Large::Skip { .. } if n / SKIP_RATIO >= self.buf.len() - self.pos => {
                self.end += n;
                self.largest_skipped = self.largest_skipped.max(n);
            }
            Large::Place {
                total,
                largest,
                output,
            } if n == *largest => {
                let after = self.buf.len() - self.pos;
                if let Some(before) = total.checked_sub(after + n) {
                    let mut output = core::mem::take(output);
                    let start = output.len() + before;
                    output.resize(start, 0);
                    output.extend_from_slice(bytes);
                    output.extend_from_slice(&self.buf[self.pos..]);
                    let scratch = core::mem::replace(&mut self.buf, output);
                    self.pos = start;
                    self.end = self.buf.len();
                    self.large = Large::Placed { scratch };
                    return;
                }
                self.claim(n).copy_from_slice(bytes);
            }
            _ => self.claim(n).copy_from_slice(bytes),
        }
    }

    /// Writes `bytes` with their length prefix before them.
    #[inline(always)]
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.raw(bytes);
        self.varint(bytes.len() as u64);
    }

    /// Writes `bytes` with their length prefix before them, as
    /// [`bytes`](Writer::bytes) does; 16 KiB or more, in the first walk of
    /// an encode, are shared rather than copied. They are counted as
    /// written, and the output takes them from `bytes` once, when the
    /// encoding is put together; no second walk is needed for them, so
    /// [`Message::encode_to_buf`](crate::Message::encode_to_buf) copies them once too.
    #[inline(always)]
    pub fn shared_bytes(&mut self, bytes: &Bytes) {
        if bytes.len() >= LARGE_PAYLOAD {
            self.large_shared(bytes);
        } else {
            copy_bytes(self.claim(bytes.len()), bytes);
        }
        self.varint(bytes.len() as u64);
    }

    /// Leaves `bytes` out of the buffer, shared, and counts them as
    /// written, in the first walk of an encode; else writes them as
    /// [`raw`](Writer::raw) does.
    #[inline(never)]
    fn large_shared(&mut self, bytes: &Bytes) {
        let after = self.buf.len() - self.pos;
        match &mut self.large {
            Large::Skip { shared } => {
                shared.push((after, bytes.clone()));
                self.end += bytes.len();
            }
            _ => self.large_raw(bytes),
        }
    }

    /// Drops the payloads the walk shared, once the encoding is put
    /// together: the thread holds on to no message's bytes.
    #[cold]
    fn let_go(&mut self) {
        self.large = Large::skip();
    }

    /// Calls `put` with the pieces of the encoding, in order: the bytes
    /// written, with the shared payloads between them. Without shared
    /// payloads, the one piece is [`written`](Writer::written).
    fn for_each_piece(&self, mut put: impl FnMut(&[u8])) {
        let written = self.written();
        let mut from = 0;
        let shared = match &self.large {
            Large::Skip { shared } => shared.as_slice(),
            _ => &[],
        };
        for (after, payload) in shared.iter().rev() {
            let at = written.len() - after;
            put(&written[from..at]);
            put(payload);
            from = at;
        }
        put(&written[from..]);
    }

    /// Writes a nested message with `write`, one level deeper, then its
    /// length prefix before it.
    #[inline(always)]
    pub fn nested(&mut self, write: impl FnOnce(&mut Self)) {
        self.deeper(|writer| writer.delimited(write));
    }

    /// Writes a group of field `number`, a message without a length: its
    /// end-group key, then its fields with `write`, one level deeper, then
    /// its start-group key before them.
    #[inline(always)]
    pub fn group(&mut self, number: u32, write: impl FnOnce(&mut Self)) {
        self.key(number, WireType::EndGroup);
        self.deeper(write);
        self.key(number, WireType::StartGroup);
    }

    /// Writes with `write` one level deeper, counting the depth that
    /// encoding refuses past the recursion limit.
    #[inline(always)]
    fn deeper(&mut self, write: impl FnOnce(&mut Self)) {
        self.depth += 1;
        if self.depth > self.max_depth {
            self.max_depth = self.depth;
        }
        write(self);
        self.depth -= 1;
    }

    /// Writes `message`, a nested message already encoded, with its length
    /// prefix (and its key, if it is a field's), one level deeper.
    #[inline(always)]
    pub(crate) fn nested_bytes(&mut self, message: &[u8]) {
        if self.depth + 1 > self.max_depth {
            self.max_depth = self.depth + 1;
        }
        self.raw(message);
    }

    /// Writes a length-delimited run with `write`, at the same depth, as
    /// for a packed list, then its length prefix before it.
    #[inline(always)]
    pub fn delimited(&mut self, write: impl FnOnce(&mut Self)) {
        let end = self.written_len();
        write(self);
        let length = self.written_len() - end;
        self.varint(length as u64);
    }
}

#[cfg(test)]
mod tests;
