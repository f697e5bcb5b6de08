//! Encoding and decoding of one field, for each shape a field can have.
//!
//! | shape | Rust type | measure / write | merge |
//! |---|---|---|---|
//! | implicit presence | `T` | [`measure`], [`write()`]: left out when default | [`merge()`] |
//! | explicit presence | `Option<T>` | [`measure_optional`], [`write_optional`] | [`merge_optional`] |
//! | oneof variant | `T` in an enum | [`measure_present`], [`write_present`] | [`merge()`] |
//! | list, unpacked | `Vec<T>` | [`measure_repeated`], [`write_repeated`] | [`merge_repeated`] |
//! | list, packed | `Vec<T>` | [`measure_packed`], [`write_packed`] | [`merge_repeated`] |
//! | map | `BTreeMap<K, V>` or `HashMap<K, V>` | [`measure_map`], [`write_map`] | [`merge_map`] |
//!
//! Measuring gives the length writing produces, and nothing more: the
//! [`Writer`] writes back to front and needs no lengths from it. Reading
//! each shape is the decode core's, which views share (`merge.rs`); a
//! closed enum's fields are read by `closed.rs`, which moves a number the
//! enum does not name to the message's unknown fields.

use crate::prelude::*;
use alloc::collections::BTreeMap;

use crate::__private::closed;
use crate::__private::codec::Codec;
use crate::__private::merge::{self, Owned};
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::Enumeration;
use crate::unknown::UnknownSink;
use crate::wire::{self, WireType};

/// The length of a field with implicit presence: nothing when `value` is
/// the default.
#[inline]
pub fn measure<C: Codec>(number: u32, value: &C::Value) -> usize {
    if C::is_default(value) {
        0
    } else {
        measure_present::<C>(number, value)
    }
}

/// Writes a field with implicit presence, unless `value` is the default.
/// Always inlined, so that a default field costs only the check.
#[inline(always)]
pub fn write<C: Codec>(number: u32, value: &C::Value, writer: &mut Writer) {
    if !C::is_default(value) {
        write_present::<C>(number, value, writer);
    }
}

/// The length of a field that is written whatever its value.
#[inline]
pub fn measure_present<C: Codec>(number: u32, value: &C::Value) -> usize {
    C::field_len(number, value)
}

/// Writes a field whatever its value: the value, then its key before it
/// ([`Codec::write_field`]).
#[inline]
pub fn write_present<C: Codec>(number: u32, value: &C::Value, writer: &mut Writer) {
    C::write_field(number, value, writer);
}

/// The length of a field with explicit presence.
#[inline]
pub fn measure_optional<C: Codec>(number: u32, value: Option<&C::Value>) -> usize {
    match value {
        Some(value) => measure_present::<C>(number, value),
        None => 0,
    }
}

/// Writes a field with explicit presence, if it is there.
#[inline]
pub fn write_optional<C: Codec>(number: u32, value: Option<&C::Value>, writer: &mut Writer) {
    if let Some(value) = value {
        write_present::<C>(number, value, writer);
    }
}

/// Reads a singular field into `value`, after checking its wire type.
#[inline]
pub fn merge<C: Codec>(
    wire_type: WireType,
    value: &mut C::Value,
    decoder: &mut Decoder<'_>,
) -> Result<(), DecodeError> {
    merge::merge::<Owned<C>>(wire_type, value, decoder)
}

/// Reads a field with explicit presence into `value`, merging into what is
/// there already.
#[inline]
pub fn merge_optional<C: Codec>(
    wire_type: WireType,
    value: &mut Option<C::Value>,
    decoder: &mut Decoder<'_>,
) -> Result<(), DecodeError> {
    merge::merge_optional::<Owned<C>>(wire_type, value, decoder)
}

/// Checks that the `required` field `name` is set.
#[inline]
pub fn require<T>(value: Option<&T>, name: &'static str) -> Result<(), DecodeError> {
    match value {
        Some(_) => Ok(()),
        None => Err(DecodeError::missing_required().in_field(name)),
    }
}

/// Checks the `required` fields of the message held in field `name`, if
/// it is set, with `check`: `Message::check_required`, or a view's.
#[inline]
pub fn check_nested<T>(
    value: Option<&T>,
    name: &'static str,
    check: impl Fn(&T) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    match value {
        Some(value) => check(value).map_err(|error| error.in_field(name)),
        None => Ok(()),
    }
}

/// Checks the `required` fields of every message of the list or map
/// field `name`, with `check`, naming the position of the first that fails.
#[inline]
pub fn check_each<'v, T: 'v>(
    values: impl IntoIterator<Item = &'v T>,
    name: &'static str,
    check: impl Fn(&T) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    for (index, value) in values.into_iter().enumerate() {
        check(value).map_err(|error| error.at_index(index).in_field(name))?;
    }
    Ok(())
}

/// The length of a list written as one key per element.
#[inline]
pub fn measure_repeated<C: Codec>(number: u32, values: &[C::Value]) -> usize {
    values.iter().map(|value| C::field_len(number, value)).sum()
}

/// Writes a list as one key per element, the last element first.
#[inline]
pub fn write_repeated<C: Codec>(number: u32, values: &[C::Value], writer: &mut Writer) {
    for value in values.iter().rev() {
        write_present::<C>(number, value, writer);
    }
}

/// The length of a list of numbers written packed: one key, one length,
/// then the values back to back. An empty list takes nothing.
#[inline]
pub fn measure_packed<C: Codec>(number: u32, values: &[C::Value]) -> usize {
    if values.is_empty() {
        return 0;
    }
    let length = values.iter().map(C::value_len).sum::<usize>();
    wire::key_len(number) + wire::varint_len(length as u64) + length
}

/// Writes a list of numbers packed.
#[inline]
pub fn write_packed<C: Codec>(number: u32, values: &[C::Value], writer: &mut Writer) {
    if values.is_empty() {
        return;
    }
    writer.delimited(|writer| {
        for value in values.iter().rev() {
            C::write_value(value, writer);
        }
    });
    writer.key(number, WireType::Len);
}

/// Reads one element, or a packed run of elements, onto the end of a list.
/// Both forms are accepted for numbers, whichever the writer chose.
#[inline]
pub fn merge_repeated<C: Codec>(
    wire_type: WireType,
    values: &mut Vec<C::Value>,
    decoder: &mut Decoder<'_>,
) -> Result<(), DecodeError> {
    merge::merge_repeated::<Owned<C>>(wire_type, values, decoder)
}

/// The length of a map: one entry message per pair, with the key as field 1
/// and the value as field 2, each left out as [`left_out_of_entry`] says.
#[inline]
pub fn measure_map<'a, K, V>(
    number: u32,
    entries: impl IntoIterator<Item = (&'a K::Value, &'a V::Value)>,
) -> usize
where
    K: Codec,
    V: Codec,
    K::Value: 'a,
    V::Value: 'a,
{
    entries
        .into_iter()
        .map(|(key, value)| {
            let length = measure_in_entry::<K>(1, key) + measure_in_entry::<V>(2, value);
            wire::key_len(number) + wire::varint_len(length as u64) + length
        })
        .sum()
}

/// Whether a map entry leaves out its key or its value, `value`: only the
/// default of a scalar or an enum, which a reader takes a missing one for.
/// A value that travels as a message ([`Codec::IS_MESSAGE`]) is always
/// written: a reader takes a missing one for the empty message, which is
/// neither a decimal's zero nor a value's null.
#[inline]
pub fn left_out_of_entry<C: Codec>(value: &C::Value) -> bool {
    !C::IS_MESSAGE && C::is_default(value)
}

/// The length of a map entry's key (field 1) or value (field 2).
#[inline]
fn measure_in_entry<C: Codec>(number: u32, value: &C::Value) -> usize {
    if left_out_of_entry::<C>(value) {
        0
    } else {
        measure_present::<C>(number, value)
    }
}

/// Writes a map entry's key (field 1) or value (field 2).
#[inline]
fn write_in_entry<C: Codec>(number: u32, value: &C::Value, writer: &mut Writer) {
    if !left_out_of_entry::<C>(value) {
        write_present::<C>(number, value, writer);
    }
}

/// Writes a map in the order its iterator gives (so in key order for a
/// `BTreeMap`), walking it from its last entry.
#[inline]
pub fn write_map<'a, K, V>(
    number: u32,
    entries: impl IntoIterator<
        Item = (&'a K::Value, &'a V::Value),
        IntoIter: DoubleEndedIterator + ExactSizeIterator,
    >,
    writer: &mut Writer,
) where
    K: Codec,
    V: Codec,
    K::Value: 'a,
    V::Value: 'a,
{
    let entries = entries.into_iter();
    // An empty map is the common case: no walk set up for it.
    if entries.len() == 0 {
        return;
    }
    for (key, value) in entries.rev() {
        write_entry::<K, V>(number, key, value, writer);
    }
}

/// Writes a map whose iteration order means nothing, such as a `HashMap`:
/// its entries end up in the reverse of the iterator's order.
#[inline]
pub fn write_map_unordered<'a, K, V>(
    number: u32,
    entries: impl IntoIterator<Item = (&'a K::Value, &'a V::Value)>,
    writer: &mut Writer,
) where
    K: Codec,
    V: Codec,
    K::Value: 'a,
    V::Value: 'a,
{
    for (key, value) in entries {
        write_entry::<K, V>(number, key, value, writer);
    }
}

/// Writes one map entry as field `number`.
#[inline]
fn write_entry<K: Codec, V: Codec>(
    number: u32,
    key: &K::Value,
    value: &V::Value,
    writer: &mut Writer,
) {
    writer.nested(|writer| {
        write_in_entry::<V>(2, value, writer);
        write_in_entry::<K>(1, key, writer);
    });
    writer.key(number, WireType::Len);
}

/// Reads one map entry and inserts it, replacing any value under its key.
/// A missing key or value reads as the default.
#[inline]
pub fn merge_map<K, V>(
    wire_type: WireType,
    map: &mut impl Extend<(K::Value, V::Value)>,
    decoder: &mut Decoder<'_>,
) -> Result<(), DecodeError>
where
    K: Codec,
    V: Codec,
{
    merge::merge_map::<Owned<K>, Owned<V>>(wire_type, map, decoder)
}

/// Where a generated `merge_from` fails (`read_fields!`): the field's name
/// on the error's path.
pub use crate::message::field_error;

/// The entries of a sorted map field (a `BTreeMap` or a `LiteMap`) read
/// while decoding one message, built into the map at once when the
/// message ends.
///
/// A map takes entries straight in while that is cheap
/// ([`SortedMap::take`]); past that, its entries and the rest are
/// gathered and built in one pass of sorting ([`finish`](MapEntries::finish)),
/// so that no order of keys makes a decode quadratic. A key read twice
/// keeps its last value, as with inserting. Until `finish`, the map may
/// lack entries, so generated code calls `finish` when decoding fails too.
#[derive(Debug)]
pub struct MapEntries<K, V> {
    gathered: Vec<(K, V)>,
}

impl<K: Ord, V> MapEntries<K, V> {
    /// No entries gathered.
    #[inline]
    pub fn new() -> Self {
        Self {
            gathered: Vec::new(),
        }
    }

    /// Reads one map entry, as [`merge_map`] does, into `map` or gathered
    /// for it.
    #[inline]
    pub fn merge<KC, VC>(
        &mut self,
        wire_type: WireType,
        map: &mut impl SortedMap<K, V>,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError>
    where
        KC: Codec<Value = K>,
        VC: Codec<Value = V>,
    {
        let mut entry = merge::default_entry::<Owned<KC>, Owned<VC>>();
        merge::read_entry::<Owned<KC>, Owned<VC>>(wire_type, decoder, &mut entry.0, &mut entry.1)?;
        self.add(entry, map);
        Ok(())
    }

    /// Reads one map entry whose value is a closed enum, as
    /// [`merge`](Self::merge) does, but for an entry whose value the enum
    /// does not name, which goes to `unknown` (`closed.rs`). `KC` is the
    /// key's codec.
    #[inline]
    pub fn merge_closed<'a, KC>(
        &mut self,
        wire_type: WireType,
        map: &mut impl SortedMap<K, V>,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError>
    where
        KC: Codec<Value = K>,
        V: Enumeration,
    {
        if let Some(entry) = closed::read_entry::<Owned<KC>, V>(wire_type, decoder, unknown)? {
            self.add(entry, map);
        }
        Ok(())
    }

    /// Adds an entry read to `map`, or gathers it for it.
    #[inline]
    pub(crate) fn add(&mut self, entry: (K, V), map: &mut impl SortedMap<K, V>) {
        let entry = match self.gathered.is_empty() {
            true => match map.take(entry) {
                None => return,
                Some(entry) => {
                    map.start_gathering(&mut self.gathered);
                    entry
                }
            },
            false => entry,
        };
        self.gathered.push(entry);
    }

    /// Adds the gathered entries to `map`, replacing the values of keys
    /// it has.
    #[inline]
    pub fn finish(self, map: &mut impl SortedMap<K, V>) {
        if !self.gathered.is_empty() {
            map.finish_gathered(self.gathered);
        }
    }
}

impl<K: Ord, V> Default for MapEntries<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

/// A map that iterates in key order, which [`MapEntries`] fills while a
/// message is decoded: entries it takes cheaply go straight in; the rest
/// are gathered and sorted once.
pub trait SortedMap<K: Ord, V> {
    /// Takes `entry` in if that is cheap, replacing the value of its key;
    /// otherwise gives it back, to be gathered with those that follow.
    fn take(&mut self, entry: (K, V)) -> Option<(K, V)>;

    /// Moves into `gathered` the entries that must be built again with
    /// the gathered ones, if any, before the first is gathered.
    fn start_gathering(&mut self, gathered: &mut Vec<(K, V)>);

    /// Adds `gathered`, in the order read, replacing the values of keys
    /// the map has; of equal keys, the last read holds.
    fn finish_gathered(&mut self, gathered: Vec<(K, V)>);
}

/// How many entries a map takes by insertion (a search each, and for a
/// `LiteMap` a shift) before the rest are gathered: small maps need no
/// second allocation.
const DIRECT_INSERTS: usize = 16;

/// Inserting entries one by one costs a search each, and encoders write
/// entries in key order, which is the costliest order for a B-tree's
/// search. So a `BTreeMap` takes [`DIRECT_INSERTS`] entries straight in;
/// then they move into the gathered entries, ahead of the new ones, so
/// that finishing builds the tree once rather than merging two.
impl<K: Ord, V> SortedMap<K, V> for BTreeMap<K, V> {
    #[inline]
    fn take(&mut self, (key, value): (K, V)) -> Option<(K, V)> {
        if self.len() < DIRECT_INSERTS {
            self.insert(key, value);
            None
        } else {
            Some((key, value))
        }
    }

    #[inline]
    fn start_gathering(&mut self, gathered: &mut Vec<(K, V)>) {
        gathered.extend(core::mem::take(self));
    }

    #[inline(never)]
    fn finish_gathered(&mut self, gathered: Vec<(K, V)>) {
        // `from_iter` sorts stably (linear on sorted input) and keeps the
        // last of equal keys; the test `gathered_entries_keep_the_last_value`
        // holds std to that. `self` is empty unless something was added to
        // it since gathering began; `append` replaces the values of its keys.
        let mut gathered: BTreeMap<K, V> = gathered.into_iter().collect();
        self.append(&mut gathered);
    }
}

/// A `LiteMap` appends an entry whose key follows its last, as encoders
/// write them, and inserts one that does not while it is small, by a
/// search and a shift; in a larger map, that entry and every one after it
/// are gathered, then sorted with the map's entries at once, so that keys
/// in reverse order cost a sort rather than a shift each.
#[cfg(feature = "litemap")]
impl<K: Ord, V> SortedMap<K, V> for litemap::LiteMap<K, V> {
    #[inline]
    fn take(&mut self, (key, value): (K, V)) -> Option<(K, V)> {
        let (key, value) = self.try_append(key, value)?;
        if self.len() < DIRECT_INSERTS {
            self.insert(key, value);
            None
        } else {
            Some((key, value))
        }
    }

    #[inline]
    fn start_gathering(&mut self, _gathered: &mut Vec<(K, V)>) {
        // The map's entries stay sorted ahead of the gathered ones.
    }

    #[inline(never)]
    fn finish_gathered(&mut self, gathered: Vec<(K, V)>) {
        // `extend` appends, sorts stably once unless already in order,
        // and keeps the last of equal keys; the test
        // `a_lite_map_keeps_the_last_value_in_any_order` holds litemap to
        // that.
        self.extend(gathered);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::codec::{Bytes, Double, Int32, Sint64, String as Str, Uint32};
    use crate::decode::DecodeOptions;
    use std::collections::HashMap;

    /// `allocate_first` gives a list the capacity its first push would.
    #[test]
    fn the_first_allocation_matches_a_first_push() {
        fn check<T>(element: T) {
            let mut pushed = Vec::new();
            pushed.push(element);
            let mut allocated: Vec<T> = Vec::new();
            merge::allocate_first(&mut allocated);
            assert_eq!(
                allocated.capacity(),
                pushed.capacity(),
                "{}",
                size_of::<T>()
            );
            // A list that has a buffer keeps it, and its elements.
            let buffer = pushed.as_ptr();
            merge::allocate_first(&mut pushed);
            assert_eq!((pushed.as_ptr(), pushed.len()), (buffer, 1));
        }
        check(0u8);
        check(0u64);
        check([0u8; 1024]);
        check([0u8; 1025]);
    }

    fn encode(measure: impl FnOnce() -> usize, write: impl FnOnce(&mut Writer)) -> Vec<u8> {
        let length = measure();
        let mut writer = Writer::new();
        write(&mut writer);
        let buf = writer.into_vec();
        assert_eq!(buf.len(), length, "measured length matches written length");
        buf
    }

    fn decoder(bytes: &[u8]) -> Decoder<'_> {
        Decoder::new(bytes, &DecodeOptions::new()).unwrap()
    }

    #[test]
    fn implicit_presence_leaves_defaults_out() {
        let bytes = encode(
            || measure::<Int32>(1, &0) + measure::<Str>(2, &String::new()),
            |w| {
                write::<Int32>(1, &0, w);
                write::<Str>(2, &String::new(), w);
            },
        );
        assert!(bytes.is_empty());
    }

    #[test]
    fn negative_int32_takes_ten_bytes_and_reads_back() {
        let bytes = encode(|| measure::<Int32>(1, &-1), |w| write::<Int32>(1, &-1, w));
        assert_eq!(bytes.len(), 11);
        let mut d = decoder(&bytes);
        let (number, wire_type) = d.read_key().unwrap();
        assert_eq!(number, 1);
        let mut value = 0;
        merge::<Int32>(wire_type, &mut value, &mut d).unwrap();
        assert_eq!(value, -1);
    }

    #[test]
    fn negative_zero_float_is_written() {
        let bytes = encode(
            || measure::<Double>(1, &-0.0),
            |w| write::<Double>(1, &-0.0, w),
        );
        assert_eq!(bytes.len(), 9);
    }

    #[test]
    fn packed_list_matches_the_protobuf_example() {
        let values = vec![3u32, 270, 86942];
        let bytes = encode(
            || measure_packed::<Uint32>(4, &values),
            |w| write_packed::<Uint32>(4, &values, w),
        );
        assert_eq!(bytes, [0x22, 0x06, 0x03, 0x8e, 0x02, 0x9e, 0xa7, 0x05]);
    }

    #[test]
    fn repeated_numbers_read_both_packed_and_unpacked() {
        let values = vec![-5i64, 0, 7];
        let packed = encode(
            || measure_packed::<Sint64>(1, &values),
            |w| write_packed::<Sint64>(1, &values, w),
        );
        let unpacked = encode(
            || measure_repeated::<Sint64>(1, &values),
            |w| write_repeated::<Sint64>(1, &values, w),
        );
        for bytes in [packed, unpacked] {
            let mut d = decoder(&bytes);
            let mut read = Vec::new();
            while d.has_remaining() {
                let (_, wire_type) = d.read_key().unwrap();
                merge_repeated::<Sint64>(wire_type, &mut read, &mut d).unwrap();
            }
            assert_eq!(read, values);
        }
    }

    /// A `bytes` and a `string` field read more than once keep the last
    /// value, in a buffer of exactly its length when the buffer before it
    /// was shorter and in the old buffer when it was long enough; a
    /// repeated field appends each value, each at its exact length.
    #[test]
    fn bytes_and_strings_read_again_keep_the_last_value_at_its_exact_length() {
        // Field 1 three times: 3 bytes, then 100, then 2.
        let mut bytes = Vec::new();
        for length in [3u8, 100, 2] {
            bytes.extend([0x0a, length]);
            bytes.extend(core::iter::repeat_n(b'a' + length % 26, length.into()));
        }
        let fields = |read: &mut dyn FnMut(WireType, &mut Decoder<'_>)| {
            let mut d = decoder(&bytes);
            while d.has_remaining() {
                let (_, wire_type) = d.read_key().unwrap();
                read(wire_type, &mut d);
            }
        };
        let mut blob = Vec::new();
        let mut buffers = Vec::new();
        fields(&mut |wire_type, d| {
            merge::<Bytes>(wire_type, &mut blob, d).unwrap();
            buffers.push((blob.as_ptr(), blob.len(), blob.capacity()));
        });
        // 3 bytes, then 100 in a new buffer of their length; the last 2 in
        // the buffer of 100.
        assert_eq!((buffers[0].1, buffers[0].2), (3, 3));
        assert_eq!((buffers[1].1, buffers[1].2), (100, 100));
        assert_eq!(buffers[2], (buffers[1].0, 2, 100));
        assert_eq!(blob, b"cc");

        let mut text = String::from("x");
        let mut lengths = Vec::new();
        fields(&mut |wire_type, d| {
            merge::<Str>(wire_type, &mut text, d).unwrap();
            lengths.push((text.len(), text.capacity()));
        });
        assert_eq!(lengths, [(3, 3), (100, 100), (2, 100)]);
        assert_eq!(text, "cc");

        let mut list: Vec<Vec<u8>> = Vec::new();
        fields(&mut |wire_type, d| merge_repeated::<Bytes>(wire_type, &mut list, d).unwrap());
        let lengths: Vec<(usize, usize)> = list.iter().map(|b| (b.len(), b.capacity())).collect();
        assert_eq!(lengths, [(3, 3), (100, 100), (2, 2)]);
        assert_eq!(list[2], b"cc");
    }

    /// The shape's own check: generated code and the well-known types
    /// send a known number under another wire type to the unknown fields
    /// before it gets here.
    #[test]
    fn wrong_wire_type_is_an_error() {
        // Field 1 as a fixed32 where the schema says string.
        let bytes = [0x0d, 1, 2, 3, 4];
        let mut d = decoder(&bytes);
        let (_, wire_type) = d.read_key().unwrap();
        let error = merge::<Str>(wire_type, &mut String::new(), &mut d).unwrap_err();
        assert!(error.to_string().contains("wire type fixed32"), "{error}");
    }

    #[test]
    fn map_entries_round_trip_and_skip_default_parts() {
        let map = BTreeMap::from([(String::new(), vec![1u8]), ("k".to_owned(), Vec::new())]);
        let bytes = encode(
            || measure_map::<Str, Bytes>(3, &map),
            |w| write_map::<Str, Bytes>(3, &map, w),
        );
        // Entry 1: only the value; entry 2: only the key.
        assert_eq!(
            bytes,
            [0x1a, 0x03, 0x12, 0x01, 0x01, 0x1a, 0x03, 0x0a, 0x01, b'k']
        );
        let mut d = decoder(&bytes);
        let mut read = BTreeMap::new();
        while d.has_remaining() {
            let (_, wire_type) = d.read_key().unwrap();
            merge_map::<Str, Bytes>(wire_type, &mut read, &mut d).unwrap();
        }
        assert_eq!(read, map);
    }

    /// A key or value under another wire type is an unknown field of the
    /// entry, skipped, as protobuf's implementations read it.
    #[test]
    fn a_map_entry_part_under_another_wire_type_is_skipped() {
        // Field 3, an entry: key (1) as a varint, value (2) bytes [7].
        let bytes = [0x1a, 0x05, 0x08, 0x01, 0x12, 0x01, 0x07];
        let mut d = decoder(&bytes);
        let (_, wire_type) = d.read_key().unwrap();
        let mut read = BTreeMap::new();
        merge_map::<Str, Bytes>(wire_type, &mut read, &mut d).unwrap();
        assert_eq!(read, BTreeMap::from([(String::new(), vec![7u8])]));
    }

    /// The bytes Google's protobuf writes for these entries: a
    /// null `value` and a zero `decimal` are written as messages, not left
    /// out, so a reader of the exported `.proto` gets them back.
    #[test]
    fn map_entries_write_a_null_value_and_a_zero_decimal() {
        use crate::__private::codec::{Decimal as DecimalCodec, Value as ValueCodec};
        use crate::{Decimal, DynamicValue};
        let hex = |bytes: Vec<u8>| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();

        let values = BTreeMap::from([("a".to_owned(), DynamicValue::Null)]);
        let bytes = encode(
            || measure_map::<Str, ValueCodec>(1, &values),
            |w| write_map::<Str, ValueCodec>(1, &values, w),
        );
        assert_eq!(hex(bytes), "0a070a016112020800");

        let decimals = BTreeMap::from([(1u32, Decimal::ZERO)]);
        let bytes = encode(
            || measure_map::<Uint32, DecimalCodec>(2, &decimals),
            |w| write_map::<Uint32, DecimalCodec>(2, &decimals, w),
        );
        assert_eq!(hex(bytes), "1207080112030a0100");

        // Inside a value's own map, as field 4 of a message.
        let nested = DynamicValue::Map(BTreeMap::from([("x".to_owned(), DynamicValue::Null)]));
        let bytes = encode(
            || measure_present::<ValueCodec>(4, &nested),
            |w| write_present::<ValueCodec>(4, &nested, w),
        );
        assert_eq!(hex(bytes), "220b6a090a070a017812020800");

        // Scalar defaults are still left out, key and value alike.
        let scalars = BTreeMap::from([(0u32, String::new())]);
        let bytes = encode(
            || measure_map::<Uint32, Str>(3, &scalars),
            |w| write_map::<Uint32, Str>(3, &scalars, w),
        );
        assert_eq!(hex(bytes), "1a00");
    }

    /// Map entries of `keys`, the `i`th valued `v{i}`, read in that order
    /// into `map` through [`MapEntries`]; and the `BTreeMap` that
    /// inserting them one by one into `start` gives.
    fn read_entries(
        keys: &[u32],
        map: &mut impl SortedMap<u32, String>,
        start: BTreeMap<u32, String>,
    ) -> BTreeMap<u32, String> {
        let mut writer = Writer::new();
        for (i, &key) in keys.iter().enumerate().rev() {
            write_entry::<Uint32, Str>(1, &key, &format!("v{i}"), &mut writer);
        }
        let bytes = writer.into_vec();
        let mut d = decoder(&bytes);
        let mut entries = MapEntries::new();
        while d.has_remaining() {
            let (_, wire_type) = d.read_key().unwrap();
            entries
                .merge::<Uint32, Str>(wire_type, map, &mut d)
                .unwrap();
        }
        entries.finish(map);
        let mut expected = start;
        for (i, &key) in keys.iter().enumerate() {
            expected.insert(key, format!("v{i}"));
        }
        expected
    }

    #[test]
    fn gathered_entries_keep_the_last_value() {
        // Past the entries inserted directly, out of order and repeated.
        let start = BTreeMap::from([(1000u32, "old".to_owned())]);
        let mut map = start.clone();
        let keys: Vec<u32> = (0..40).chain([1000, 5, 39, 7]).collect();
        let expected = read_entries(&keys, &mut map, start);
        assert_eq!(map, expected);
    }

    /// A `LiteMap` decoded from entries in key order, in reverse order
    /// (past the small map's inserts, gathered) and repeated, holds what
    /// inserting them one by one into a `BTreeMap` gives.
    #[cfg(feature = "litemap")]
    #[test]
    fn a_lite_map_keeps_the_last_value_in_any_order() {
        let orders: [Vec<u32>; 4] = [
            (0..40).collect(),
            (0..40).rev().collect(),
            (0..40).chain([1000, 5, 39, 7, 1000]).collect(),
            (0..10).chain([3, 2]).collect(),
        ];
        for keys in orders {
            let start = BTreeMap::from([(1000u32, "old".to_owned())]);
            let mut map = litemap::LiteMap::from_iter(start.clone());
            let expected = read_entries(&keys, &mut map, start);
            let read: Vec<_> = map.iter().map(|(k, v)| (*k, v.clone())).collect();
            assert_eq!(
                read,
                expected.into_iter().collect::<Vec<_>>(),
                "keys {keys:?}"
            );
        }
    }

    #[test]
    fn unordered_maps_round_trip() {
        let map: HashMap<u32, String> = (0..20).map(|i| (i, i.to_string())).collect();
        let bytes = encode(
            || measure_map::<Uint32, Str>(2, &map),
            |w| write_map_unordered::<Uint32, Str>(2, &map, w),
        );
        let mut d = decoder(&bytes);
        let mut read = HashMap::new();
        while d.has_remaining() {
            let (_, wire_type) = d.read_key().unwrap();
            merge_map::<Uint32, Str>(wire_type, &mut read, &mut d).unwrap();
        }
        assert_eq!(read, map);
    }

    #[test]
    fn a_bad_element_names_its_index() {
        // Packed varints: 1, then a truncated varint.
        let bytes = [0x0a, 0x02, 0x01, 0x80];
        let mut d = decoder(&bytes);
        let (_, wire_type) = d.read_key().unwrap();
        let error = merge_repeated::<Int32>(wire_type, &mut Vec::new(), &mut d).unwrap_err();
        assert_eq!(error.path(), "[1]");
    }
}
