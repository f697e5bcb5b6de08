//! Recycled decoding ([`Message::decode_in_place`]): a message read again
//! in place of what it holds, so that it keeps what it allocated.
//!
//! A generated `merge_from` starts with [`Recycling::start`], which tells
//! whether the read replaces the message (a recycled decode) or merges into
//! it (a decode or a merge). In a recycled decode it first empties the
//! fields that keep nothing by element: numbers go back to their defaults;
//! strings, byte fields, packed lists, maps other than `BTreeMap`s and
//! unknown fields are cleared, which keeps their buffers. Four kinds of
//! field keep their values for the reads to reuse:
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
//! - **A `BTreeMap`** is read through a [`KeptEntries`]: while the
//!   entries' keys are the map's, in order, each value is read in place of
//!   the map's, and the map's entries past the last read are dropped when
//!   the message ends; an entry that breaks this has the map built again
//!   from the input.
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

use alloc::collections::BTreeMap;

use crate::__private::codec::Codec;
use crate::__private::field::MapEntries;
use crate::__private::merge::{self, Owned};
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::message::Message;
use crate::wire::{self, WireType};

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

/// The entries of a `BTreeMap` field read in a recycled decode, in place
/// of the map's own.
///
/// Encoders write a map's entries in key order, one after the other, and
/// a server's requests often have the same keys each time. So while each
/// entry's key is the map's next one, found by walking the map beside the
/// input, its value is read in place of the map's
/// ([`Codec::prepare_in_place`]) and the map is left as it is: no entry is
/// made or dropped, no key read out of the input ([`Codec::read_equals`]),
/// none searched for. The first entry that breaks this (a key the map
/// lacks or has elsewhere, a key after the value or twice, an entry after
/// other fields that followed the map's) ends it: the map is emptied and
/// built again from the input, the entries read so far read again, and
/// the rest are read as [`MapEntries`] reads them. When the message ends,
/// the map's entries past those read are dropped. Outside a recycled
/// decode, and into an empty map, every entry is read as `MapEntries`
/// reads it.
#[derive(Debug)]
pub struct KeptEntries<K, V> {
    entries: MapEntries<K, V>,
    /// Whether the entries are still read in place of the map's.
    in_place: bool,
    /// The map's field number, whose entries a reading again looks for.
    number: u32,
    /// The offset of the first entry's key, where a reading again starts.
    first: Option<usize>,
    /// How many entries were read in place of the map's: its first ones.
    read: usize,
}

impl<K: Ord + Default, V> KeptEntries<K, V> {
    /// Starts reading the entries of `map`, field `number`: in place of
    /// its entries in a recycled decode.
    #[inline]
    pub fn start(map: &BTreeMap<K, V>, number: u32, recycling: Recycling) -> Self {
        Self {
            entries: MapEntries::new(),
            in_place: recycling.on() && !map.is_empty(),
            number,
            first: None,
            read: 0,
        }
    }

    /// Reads one map entry into `map`, with the run of the map's entries
    /// that follows it the first time: in place of the map's while that
    /// holds, else as [`MapEntries::merge`] does.
    #[inline]
    pub fn merge<KC, VC>(
        &mut self,
        wire_type: WireType,
        map: &mut BTreeMap<K, V>,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError>
    where
        KC: Codec<Value = K>,
        VC: Codec<Value = V>,
    {
        if !self.in_place {
            return self.entries.merge::<KC, VC>(wire_type, map, decoder);
        }
        // Where this entry's key, just read, starts.
        let key = decoder.offset() - decoder.last_key().len();
        match self.first {
            None => {
                self.first = Some(key);
                if self.read_run_in_place::<KC, VC>(wire_type, map, decoder)? {
                    return Ok(());
                }
                // The entry that ended the run, read to its end, is read
                // again with the others.
                self.build_again::<KC, VC>(key..decoder.offset(), map, decoder)
            }
            Some(first) => {
                // An entry after other fields: the run's entries read
                // again, then this entry.
                self.build_again::<KC, VC>(first..key, map, decoder)?;
                self.entries.merge::<KC, VC>(wire_type, map, decoder)
            }
        }
    }

    /// Reads entries in place of the map's first ones, from this one to
    /// the end of the run of the map's entries. Returns `false` at an entry
    /// that cannot be read so, read to its end.
    #[inline]
    fn read_run_in_place<KC, VC>(
        &mut self,
        wire_type: WireType,
        map: &mut BTreeMap<K, V>,
        decoder: &mut Decoder<'_>,
    ) -> Result<bool, DecodeError>
    where
        KC: Codec<Value = K>,
        VC: Codec<Value = V>,
    {
        let (entry_key, entry_key_len) = wire::encoded_key(self.number, WireType::Len);
        let entry_key = &entry_key[..entry_key_len];
        let mut walk = map.iter_mut();
        loop {
            if !read_entry_in_place::<KC, VC>(wire_type, walk.next(), decoder)? {
                return Ok(false);
            }
            self.read += 1;
            if !decoder.read_key_bytes(entry_key) {
                return Ok(true);
            }
        }
    }

    /// Empties `map` and reads its entries again from the bytes `decoder`
    /// read at offsets `read`, from the first entry's key on, as
    /// [`MapEntries`] reads them, as every entry after them is read.
    #[inline(never)]
    fn build_again<KC, VC>(
        &mut self,
        read: core::ops::Range<usize>,
        map: &mut BTreeMap<K, V>,
        decoder: &Decoder<'_>,
    ) -> Result<(), DecodeError>
    where
        KC: Codec<Value = K>,
        VC: Codec<Value = V>,
    {
        self.in_place = false;
        map.clear();
        let mut again = decoder.again(read);
        while again.has_remaining() {
            match again.read_key()? {
                (number, WireType::Len) if number == self.number => {
                    self.entries
                        .merge::<KC, VC>(WireType::Len, map, &mut again)?
                }
                (_, wire_type) => again.skip(wire_type)?,
            }
        }
        Ok(())
    }

    /// Builds the entries read into `map` ([`MapEntries::finish`]); after
    /// a read in place, drops the map's entries past those read.
    #[inline]
    pub fn finish(self, map: &mut BTreeMap<K, V>) {
        if !self.in_place {
            return self.entries.finish(map);
        }
        if self.read < map.len() {
            let mut kept = 0;
            map.retain(|_, _| {
                kept += 1;
                kept <= self.read
            });
        }
    }
}

/// Reads one map entry in place of `next`, the map's next entry, if its
/// key is `next`'s and comes first or not at all (a key of zero or empty,
/// left out), and not again; the value is made ready for its first read
/// ([`Codec::prepare_in_place`]), and reset if none comes. Returns whether
/// it was: if not, the entry is read to its end and nothing is kept of
/// it, and the map may hold part of it, to be built again.
#[inline]
fn read_entry_in_place<KC, VC>(
    wire_type: WireType,
    next: Option<(&KC::Value, &mut VC::Value)>,
    decoder: &mut Decoder<'_>,
) -> Result<bool, DecodeError>
where
    KC: Codec<Value: Ord>,
    VC: Codec,
{
    decoder.expect_wire_type(wire_type, WireType::Len)?;
    decoder.read_nested(|decoder| {
        let mut other_key = KC::Value::default();
        let found = match (
            decoder.read_key_byte(wire::key(1, KC::WIRE_TYPE) as u8),
            next,
        ) {
            (true, Some((key, value))) => KC::read_equals(key, decoder)?.then_some(value),
            (true, None) => KC::merge_value(&mut other_key, decoder).map(|()| None)?,
            (false, next) => next
                .filter(|(key, _)| **key == other_key)
                .map(|(_, value)| value),
        };
        let mut in_place = found.is_some();
        let mut other_value = VC::Value::default();
        let value = found.unwrap_or(&mut other_value);
        let mut value_read = false;
        while decoder.has_remaining() {
            // As `Decoder::read_map_entry` reads them: a key or value under
            // another wire type is an unknown field of the entry, skipped.
            match decoder.read_key()? {
                (1, wire_type) if wire_type == KC::WIRE_TYPE => {
                    in_place = false;
                    KC::merge_value(&mut other_key, decoder)?
                }
                (2, wire_type) if wire_type == VC::WIRE_TYPE => {
                    if in_place && !core::mem::replace(&mut value_read, true) {
                        VC::prepare_in_place(value, decoder);
                    }
                    VC::merge_value(value, decoder)?
                }
                (_, wire_type) => decoder.skip(wire_type)?,
            }
        }
        if in_place && !value_read {
            // No value came: the entry's value is the default.
            *value = VC::Value::default();
        }
        Ok(in_place)
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::codec::{Int32, String as Str};
    use crate::decode::DecodeOptions;

    /// The entries of `map<string, int32>` field `number`.
    fn entries(number: u32, entries: &[(&str, i32)]) -> Vec<u8> {
        let mut bytes = Vec::new();
        for (key, value) in entries {
            wire::put_varint(&mut bytes, wire::key(number, WireType::Len).into());
            bytes.extend([key.len() as u8 + 4, 0x0a, key.len() as u8]);
            bytes.extend(key.as_bytes());
            bytes.extend([0x10, *value as u8]);
        }
        bytes
    }

    /// Reads the entries of field `number` in `bytes` into `map` as a
    /// generated `merge_from` does, in a recycled decode or not.
    fn read(map: &mut BTreeMap<String, i32>, number: u32, bytes: &[u8], recycled: bool) {
        let mut decoder = Decoder::new(bytes, &DecodeOptions::new()).expect("a decoder");
        let mut read = KeptEntries::start(map, number, Recycling(recycled));
        while decoder.has_remaining() {
            match decoder.read_key().expect("a key") {
                (found, wire_type) if found == number => read
                    .merge::<Str, Int32>(wire_type, map, &mut decoder)
                    .expect("an entry"),
                (_, wire_type) => decoder.skip(wire_type).expect("a field"),
            }
        }
        read.finish(map);
    }

    /// Where the keys' buffers are: the same after a read in place.
    fn key_buffers(map: &BTreeMap<String, i32>) -> Vec<*const u8> {
        map.keys().map(|key| key.as_ptr()).collect()
    }

    #[test]
    fn a_run_of_entries_is_read_in_place_whatever_its_keys_length() {
        for number in [1, 15, 16, 2047, 2048, 1 << 28] {
            let mut map = BTreeMap::new();
            read(
                &mut map,
                number,
                &entries(number, &[("a", 1), ("b", 2), ("c", 3)]),
                false,
            );
            let buffers = key_buffers(&map);
            read(
                &mut map,
                number,
                &entries(number, &[("a", 4), ("b", 5), ("c", 6)]),
                true,
            );
            let expected = [("a", 4), ("b", 5), ("c", 6)].map(|(key, value)| (key.into(), value));
            assert_eq!(map, BTreeMap::from(expected), "field {number}");
            assert_eq!(key_buffers(&map), buffers, "field {number}: read in place");
            // Fewer keys: the entries past them are dropped.
            read(&mut map, number, &entries(number, &[("a", 7)]), true);
            assert_eq!(map, BTreeMap::from([("a".into(), 7)]), "field {number}");
            assert_eq!(
                key_buffers(&map),
                buffers[..1],
                "field {number}: read in place"
            );
        }
    }

    #[test]
    fn entries_after_other_fields_build_the_map_again() {
        let mut map = BTreeMap::from([("a".into(), 1), ("b".into(), 2), ("c".into(), 3)]);
        let field = [0x18, 0x01];
        let bytes = [
            entries(20, &[("a", 4)]),
            field.to_vec(),
            entries(20, &[("b", 5)]),
        ]
        .concat();
        read(&mut map, 20, &bytes, true);
        assert_eq!(map, BTreeMap::from([("a".into(), 4), ("b".into(), 5)]));
    }
}
