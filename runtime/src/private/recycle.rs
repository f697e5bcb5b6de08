//! Recycled decoding ([`Message::decode_in_place`]): a message read again
//! in place of what it holds, so that it keeps what it allocated.
//!
//! A generated `merge_from` starts with [`Recycling::start`], which tells
//! whether the read replaces the message (a recycled decode) or merges into
//! it (a decode or a merge). In a recycled decode it first empties the
//! fields that keep nothing by element: numbers go back to their defaults;
//! strings, byte fields, packed lists, maps and unknown fields are cleared,
//! which keeps their buffers. Three kinds of field keep their values for
//! the reads to reuse:
//!
//! - **A list of messages, strings or bytes** is read from its start: each
//!   element goes into the element at the list's cursor, the last
//!   decode's, read again in place ([`recycle_repeated`]), or onto the
//!   end. When the message ends, the list is cut at its cursor.
//! - **A message, a string or bytes with presence** (an `Option`) is kept
//!   until the field's first occurrence, which is read in place of it
//!   ([`recycle_optional`]); if none comes, it is set to `None` when the
//!   message ends.
//! - **A oneof** holding a string, bytes or a message: its first member
//!   read goes in place of the kept one if it is the same member
//!   (`merge_member!` with `kept`), and the oneof is set to `None` when the
//!   message ends without one.
//!
//! A value read in place is first made ready for it
//! ([`Codec::prepare_in_place`]): a string or bytes are left as they are,
//! since a read replaces them in their buffer; a message tells the decoder
//! to have its `merge_from` read in place; anything else is reset. The
//! read that follows is the field's usual one, at the same place in the
//! code for a value read in place and a new one: two calls of a nested
//! message's `merge_from` would keep LLVM from inlining either.
//!
//! Outside a recycled decode a list's cursor starts past any end and
//! nothing is kept, so the same reads merge, as they did before. Where a message
//! has nothing to keep, its `merge_from` does not look, and a recycled
//! decode resets it to its default before reading (`prepare_message`).

use crate::prelude::*;

use crate::__private::codec::Codec;
use crate::__private::merge::{self, Owned};
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::message::Message;
use crate::wire::WireType;

/// Whether a generated `merge_from` reads in place of what its message
/// holds: see the module's doc.
#[derive(Clone, Copy, Debug)]
pub struct Recycling(bool);

impl Recycling {
    /// Whether the message about to be read starts a recycled decode, as
    /// the decoder was told right before (`prepare_message`).
    #[inline(always)]
    pub fn start(decoder: &mut Decoder<'_>) -> Self {
        Self(decoder.take_recycle())
    }

    /// Whether this is a recycled decode.
    #[inline(always)]
    pub fn on(self) -> bool {
        self.0
    }

    /// Where the reads of a list start: at its start in a recycled decode,
    /// reusing its elements; past any end otherwise, appending, without
    /// a look at the list.
    #[inline(always)]
    pub fn cursor(self) -> usize {
        if self.0 { 0 } else { usize::MAX }
    }
}

/// Reads one element of a list into the element at `cursor`, which the
/// last decode left there, or onto the end of the list past them; moves
/// the cursor past it. An error names the element's index.
#[inline]
pub fn recycle_repeated<C: Codec>(
    wire_type: WireType,
    values: &mut Vec<C::Value>,
    cursor: &mut usize,
    decoder: &mut Decoder<'_>,
) -> Result<(), DecodeError> {
    let at = *cursor;
    let kept = at < values.len();
    merge::merge_repeated_at::<Owned<C>>(wire_type, values, at, C::prepare_in_place, decoder)?;
    // Past what was read: the element kept, or the end of the list
    // (appended to, in a decode in place or not; a run of strings is
    // read at once), or still past any end outside a decode in place.
    *cursor = if kept { at + 1 } else { at.max(values.len()) };
    Ok(())
}

/// Reads a field with presence: its first occurrence in a recycled
/// decode, while `kept` says the value is the last decode's, in place of
/// it; any other as
/// [`field::merge_optional`](crate::__private::field::merge_optional)
/// does.
#[inline]
pub fn recycle_optional<C: Codec>(
    wire_type: WireType,
    value: &mut Option<C::Value>,
    kept: &mut bool,
    decoder: &mut Decoder<'_>,
) -> Result<(), DecodeError> {
    let kept = core::mem::take(kept);
    merge::merge_optional_kept::<Owned<C>>(wire_type, value, kept, C::prepare_in_place, decoder)
}

/// Before a oneof member that keeps nothing is read (a closed enum, a
/// `ref`): the member the last decode left is dropped on the oneof's first
/// occurrence, while `kept` says it is there.
#[inline]
pub fn forget_kept<T>(kept: &mut bool, oneof: &mut Option<T>) {
    if core::mem::take(kept) {
        *oneof = None;
    }
}

/// Readies `message` for a read of its fields in place of what it holds
/// ([`Codec::prepare_in_place`]): tells the decoder so, for its generated
/// `merge_from` to take ([`Recycling::start`]), where that keeps what it
/// can ([`Message::RECYCLES`]); else resets it to its default.
#[inline]
pub(crate) fn prepare_message<M: Message>(message: &mut M, decoder: &mut Decoder<'_>) {
    if M::RECYCLES {
        decoder.recycle_next();
    } else {
        *message = M::default();
    }
}
