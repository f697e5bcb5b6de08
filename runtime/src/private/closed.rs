//! Reading the fields of closed enums ([`ClosedEnum`](crate::__private::codec::ClosedEnum)),
//! which hold only the numbers their enum names, as Google's protobuf
//! reads a proto2 enum.
//!
//! A number the enum does not name is not stored in the field: its record
//! goes to the message's unknown fields, through an [`UnknownSink`], which
//! drops it when the message keeps none ([`Discard`](crate::unknown::Discard)).
//! Shape by shape, as Google's C++ and Python readers do:
//!
//! - a singular or optional field, or a oneof member, is left as it was,
//!   and the record (the field's key, then the varint as read) is kept;
//! - a list, packed or not, keeps the numbers its enum names, and each
//!   other number becomes a record of its own, a varint under the field's
//!   key, never packed;
//! - a map entry whose value the enum does not name is left out of the
//!   map, and its record (the field's key, then the entry as read, with its
//!   length prefix) is kept.
//!
//! A record is kept as it was read, but for its key, which is written
//! canonically, as Google's Python protobuf keeps it (`decoder.py`). The
//! functions are generic over the sink, so owned messages and views read
//! alike: an enum's view is its value.

use crate::__private::codec::{Codec, Enum};
use crate::__private::merge::{self, Merge, Owned};
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::message::Enumeration;
use crate::prelude::*;
use crate::unknown::UnknownSink;
use crate::wire::WireType;

/// Reads a singular field into `value`, after checking its wire type; a
/// number the enum does not name leaves `value` as it was.
#[inline]
pub(crate) fn merge<'a, E: Enumeration>(
    wire_type: WireType,
    value: &mut E,
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<(), DecodeError> {
    decoder.expect_wire_type(wire_type, WireType::Varint)?;
    if let Some(read) = read(decoder, unknown)? {
        *value = read;
    }
    Ok(())
}

/// Reads a field with explicit presence into `value`; a number the enum
/// does not name leaves `value` as it was, absent or not.
#[inline]
pub(crate) fn merge_optional<'a, E: Enumeration>(
    wire_type: WireType,
    value: &mut Option<E>,
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<(), DecodeError> {
    decoder.expect_wire_type(wire_type, WireType::Varint)?;
    if let Some(read) = read(decoder, unknown)? {
        *value = Some(read);
    }
    Ok(())
}

/// Reads a oneof member into `oneof`, as its variant `variant`; a number
/// the enum does not name leaves the oneof as it was, whichever member it
/// held.
#[inline]
pub(crate) fn merge_member<'a, E: Enumeration, O>(
    wire_type: WireType,
    oneof: &mut Option<O>,
    variant: impl FnOnce(E) -> O,
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<(), DecodeError> {
    decoder.expect_wire_type(wire_type, WireType::Varint)?;
    if let Some(read) = read(decoder, unknown)? {
        *oneof = Some(variant(read));
    }
    Ok(())
}

/// Reads one element, or a packed run of elements, onto the end of a list,
/// leaving out each number the enum does not name. An error names the
/// element's index in the list.
#[inline]
pub(crate) fn merge_repeated<'a, E: Enumeration>(
    wire_type: WireType,
    values: &mut Vec<E>,
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<(), DecodeError> {
    if wire_type == WireType::Len {
        return decoder.read_delimited(|decoder| merge_packed(values, decoder, unknown));
    }
    decoder.expect_wire_type(wire_type, WireType::Varint)?;
    let index = values.len();
    if let Some(value) = read(decoder, unknown).map_err(|error| error.at_index(index))? {
        merge::allocate_first(values);
        values.push(value);
    }
    Ok(())
}

/// Reads a packed run, all of the decoder's input: at once, as an open
/// enum's, when the enum names every number in it; else number by number.
fn merge_packed<'a, E: Enumeration>(
    values: &mut Vec<E>,
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<(), DecodeError> {
    let first = values.len();
    if Enum::<E>::extend_packed(values, decoder.rest()) {
        if values[first..].iter().all(|value| value.name().is_some()) {
            decoder.advance(decoder.remaining());
            return Ok(());
        }
        values.truncate(first);
    }
    while decoder.has_remaining() {
        let index = values.len();
        if let Some(value) = read(decoder, unknown).map_err(|error| error.at_index(index))? {
            values.push(value);
        }
    }
    Ok(())
}

/// Reads one map entry and adds it to `map`, an owned map or a view's
/// ([`merge::merge_map`]); an entry whose value the enum does not name is
/// left out.
#[inline]
pub(crate) fn merge_map<'a, K: Merge<'a>, E: Enumeration>(
    wire_type: WireType,
    map: &mut impl Extend<(K::Target, E)>,
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<(), DecodeError> {
    if let Some(entry) = read_entry::<K, E>(wire_type, decoder, unknown)? {
        map.extend(core::iter::once(entry));
    }
    Ok(())
}

/// Reads one map entry: `None` when the enum does not name its value, and
/// then the entry's record goes to `unknown`. A missing key or value reads
/// as the default, which a map's enum names (it starts at 0).
#[inline]
pub(crate) fn read_entry<'a, K: Merge<'a>, E: Enumeration>(
    wire_type: WireType,
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<Option<(K::Target, E)>, DecodeError> {
    // Asked before the entry's own keys are read.
    let number = decoder.key_number();
    let start = decoder.offset();
    let mut entry = merge::default_entry::<K, Owned<Enum<E>>>();
    merge::read_entry::<K, Owned<Enum<E>>>(wire_type, decoder, &mut entry.0, &mut entry.1)?;
    if entry.1.name().is_some() {
        return Ok(Some(entry));
    }
    keep(unknown, number, WireType::Len, decoder.read_since(start));
    Ok(None)
}

/// Reads one number, whose key was just read: its value if the enum names
/// it, else `None`, and the record goes to `unknown`.
#[inline]
fn read<'a, E: Enumeration>(
    decoder: &mut Decoder<'a>,
    unknown: &mut impl UnknownSink<'a>,
) -> Result<Option<E>, DecodeError> {
    let start = decoder.offset();
    let value = E::from_number(decoder.read_varint()? as i32);
    if value.name().is_some() {
        return Ok(Some(value));
    }
    let number = decoder.key_number();
    keep(unknown, number, WireType::Varint, decoder.read_since(start));
    Ok(None)
}

/// Gives `unknown` the record of field `number`: out of line, as numbers
/// an enum does not name are rare.
#[cold]
#[inline(never)]
fn keep<'a>(unknown: &mut impl UnknownSink<'a>, number: u32, wire_type: WireType, value: &'a [u8]) {
    unknown.keep(number, wire_type, value);
}

#[cfg(test)]
pub(crate) mod tests;
