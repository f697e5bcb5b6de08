//! Extensions: fields of a message declared outside it, in `extend`
//! blocks, at the numbers it keeps for them (`extensions 100 to 199;`).
//!
//! A message with extension ranges holds an [`ExtensionSet`]: every field
//! read in those ranges, as its raw records, by number. Decoding the
//! message decodes none of them; an extension's value is decoded when it
//! is asked for, through its typed identifier, an [`Extension`] or a
//! [`RepeatedExtension`], which generated code declares as a constant for
//! each extension of the schema:
//!
//! ```text
//! pub const HTTP: _rt::Extension<MethodOptions, _rt::codec::Message<HttpRule>> =
//!     _rt::Extension::new(72295728, "google.api.http");
//! ```
//!
//! The identifier names the message it extends, so that asking a message
//! for an extension of another is a compile error. Generated messages with
//! extension ranges implement [`Extendable`], whose methods get, set, test
//! and clear an extension by its identifier:
//!
//! ```
//! use schemac_runtime::{Extendable, Extension, ExtensionSet, RepeatedExtension};
//! # use schemac_runtime::__private as _rt;
//! # #[derive(Debug, Default, PartialEq)]
//! # pub struct Item { pub sku: String, pub extensions: ExtensionSet }
//! # impl _rt::Message for Item {
//! #     const NAME: &'static str = "Item";
//! #     fn measure_fields(&self) -> usize {
//! #         _rt::codec::String::measure(1, &self.sku) + self.extensions.measure()
//! #     }
//! #     fn write_fields(&self, writer: &mut _rt::Writer) {
//! #         self.extensions.write(writer);
//! #         _rt::codec::String::write(1, &self.sku, writer);
//! #     }
//! #     fn merge_field(
//! #         &mut self,
//! #         number: u32,
//! #         wire: _rt::WireType,
//! #         decoder: &mut _rt::Decoder<'_>,
//! #     ) -> Result<(), _rt::DecodeError> {
//! #         match number {
//! #             1 => _rt::codec::String::merge(wire, &mut self.sku, decoder),
//! #             100..=199 => self.extensions.merge(number, wire, decoder),
//! #             _ => decoder.skip(wire),
//! #         }
//! #     }
//! #     const FIELD_NAMES: &'static [(u32, &'static str)] = &[(1, "sku")];
//! # }
//! # impl Extendable for Item {
//! #     fn extension_set(&self) -> &ExtensionSet { &self.extensions }
//! #     fn extension_set_mut(&mut self) -> &mut ExtensionSet { &mut self.extensions }
//! # }
//! use schemac_runtime::Message;
//! # use _rt::codec;
//!
//! // What schemac generates for `extend Item { optional int32 shelf = 100;
//! // repeated string tags = 101; }` in package `shop`.
//! const SHELF: Extension<Item, codec::Int32> = Extension::new(100, "shop.shelf");
//! const TAGS: RepeatedExtension<Item, codec::String> = RepeatedExtension::new(101, "shop.tags");
//!
//! let mut item = Item { sku: "A-1".into(), ..Default::default() };
//! item.set_extension(&SHELF, 7);
//! item.set_extension(&TAGS, vec!["new".into(), "sale".into()]);
//! let bytes = item.try_encode_to_vec()?;
//!
//! let read = Item::decode(&bytes)?;
//! assert!(read.has_extension(&SHELF));
//! assert_eq!(read.extension(&SHELF)?, Some(7));
//! assert_eq!(read.extension(&TAGS)?, ["new", "sale"]);
//! assert_eq!(read, item);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The records are written back after the message's known fields (and
//! before its unknown fields), by number, each number's records in the
//! order they were read or set. A message set (`option
//! message_set_wire_format = true;`) keeps its extensions the same way and
//! writes each as protobuf's message-set item ([`ExtensionSet::write_message_set`]).

#[cfg(feature = "json")]
mod json;
#[cfg(test)]
mod tests;

use crate::prelude::*;
use alloc::collections::BTreeMap;
use core::fmt;
use core::marker::PhantomData;

use crate::__private::codec::Codec;
use crate::__private::merge::{self, Owned};
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::Message;
use crate::wire::{self, WireType};

/// The extension fields of one message: the raw records of every field
/// read or set at a number the message keeps for extensions, by number.
///
/// Nothing in it is decoded until an extension is asked for by its typed
/// identifier ([`Extendable::extension`]). Two sets are equal when they
/// hold the same records: the same values written differently (a list
/// packed or not) are not equal, as with [`UnknownFields`](crate::UnknownFields).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExtensionSet {
    fields: BTreeMap<u32, Vec<Record>>,
}

/// One occurrence of an extension field.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Record {
    /// The wire type it was read or written with.
    wire_type: WireType,
    /// Its value as on the wire: with its length prefix for a
    /// length-delimited value, up to and including the end-group key for a
    /// group.
    value: Vec<u8>,
}

impl ExtensionSet {
    /// No extensions.
    pub const fn new() -> Self {
        Self {
            fields: BTreeMap::new(),
        }
    }

    /// Whether no extension is set.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// How many extensions are set: the numbers that have records.
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    /// Whether field `number` has a record: the extension of that number
    /// was read or set.
    pub fn contains(&self, number: u32) -> bool {
        self.fields.contains_key(&number)
    }

    /// The numbers of the extensions that are set, ascending: those of the
    /// schema and those read that this code has no identifier for.
    pub fn numbers(&self) -> impl Iterator<Item = u32> + '_ {
        self.fields.keys().copied()
    }

    /// Forgets the records of field `number`; whether it had any.
    pub fn remove(&mut self, number: u32) -> bool {
        self.fields.remove(&number).is_some()
    }

    /// Forgets every extension.
    pub fn clear(&mut self) {
        self.fields.clear();
    }

    /// The encoded length of the records, written as fields.
    #[doc(hidden)]
    pub fn measure(&self) -> usize {
        self.all_records()
            .map(|(number, record)| wire::key_len(number) + record.value.len())
            .sum()
    }

    /// Writes the records as fields, by number, each number's in order.
    /// Generated code calls it after its unknown fields, so before its
    /// known ones, as the writer goes back to front.
    #[doc(hidden)]
    pub fn write(&self, writer: &mut Writer) {
        for (number, record) in self.all_records().rev() {
            writer.raw(&record.value);
            writer.key(number, record.wire_type);
        }
    }

    /// Reads the value of field `number`, whose key was just read, and
    /// keeps it after the records of that number.
    #[doc(hidden)]
    pub fn merge(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        let value = decoder.skip_raw(wire_type)?;
        self.push(number, wire_type, value);
        Ok(())
    }

    /// The encoded length of the records as a message set's items.
    #[doc(hidden)]
    pub fn measure_message_set(&self) -> usize {
        let framing = |number: u32, wire_type: WireType| match wire_type {
            WireType::Len => ITEM_KEYS_LEN + wire::varint_len(u64::from(number)),
            _ => wire::key_len(number),
        };
        self.all_records()
            .map(|(number, record)| framing(number, record.wire_type) + record.value.len())
            .sum()
    }

    /// Writes the records as a message set's items, by type id: each a
    /// group of field 1 holding the type id (field 2) and the message
    /// (field 3), as protobuf writes them. A record that holds no message,
    /// which only a hand-made identifier can set, is written as a field.
    #[doc(hidden)]
    pub fn write_message_set(&self, writer: &mut Writer) {
        for (number, record) in self.all_records().rev() {
            if record.wire_type != WireType::Len {
                writer.raw(&record.value);
                writer.key(number, record.wire_type);
                continue;
            }
            writer.key(ITEM, WireType::EndGroup);
            writer.raw(&record.value);
            writer.key(ITEM_MESSAGE, WireType::Len);
            writer.varint(u64::from(number));
            writer.key(ITEM_TYPE_ID, WireType::Varint);
            writer.key(ITEM, WireType::StartGroup);
        }
    }

    /// Reads a message set's item, whose start-group key (field 1) was
    /// just read, and keeps its message as a record of its type id
    /// ([`read_message_set_item`]).
    #[doc(hidden)]
    pub fn merge_item(&mut self, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        if let Some((type_id, message)) = read_message_set_item(decoder)? {
            self.push(type_id, WireType::Len, message);
        }
        Ok(())
    }

    /// Keeps `value`, read with `wire_type`, after the records of field
    /// `number`.
    pub(crate) fn push(&mut self, number: u32, wire_type: WireType, value: &[u8]) {
        let record = Record {
            wire_type,
            value: value.to_vec(),
        };
        self.fields.entry(number).or_default().push(record);
    }

    /// The records of field `number`, in order, as wire types and values.
    pub(crate) fn records(&self, number: u32) -> impl Iterator<Item = (WireType, &[u8])> {
        self.fields
            .get(&number)
            .into_iter()
            .flatten()
            .map(|record| (record.wire_type, record.value.as_slice()))
    }

    /// Every record with its number, by number, each number's in order.
    fn all_records(&self) -> impl DoubleEndedIterator<Item = (u32, &Record)> {
        self.fields
            .iter()
            .flat_map(|(&number, records)| records.iter().map(move |record| (number, record)))
    }
}

/// The field of a message set's item: a group holding one extension.
const ITEM: u32 = 1;
/// The field of an item that holds the extension's number.
const ITEM_TYPE_ID: u32 = 2;
/// The field of an item that holds the extension's message.
const ITEM_MESSAGE: u32 = 3;
/// The length of an item's four keys, one byte each: the start and end of
/// the group and the keys of its two fields.
const ITEM_KEYS_LEN: usize = 4;

/// Reads a message set's item, whose start-group key (field 1) was just
/// read, up to its end-group key: its type id (field 2) and its message
/// (field 3, returned with its length prefix), in either order. Other
/// fields in it are skipped; of two type ids or two messages, the last
/// holds. An item that lacks either, or whose type id is 0, is dropped
/// (`None`), as protobuf's parsers drop it. The input ending before the
/// end-group key is an error, and so is an end-group key of another field.
#[doc(hidden)]
pub fn read_message_set_item<'a>(
    decoder: &mut Decoder<'a>,
) -> Result<Option<(u32, &'a [u8])>, DecodeError> {
    let mut type_id = 0;
    let mut message = None;
    loop {
        if !decoder.has_remaining() {
            return Err(DecodeError::truncated(decoder.offset()));
        }
        let start = decoder.offset();
        match decoder.read_key()? {
            (ITEM, WireType::EndGroup) => break,
            (_, WireType::EndGroup) => return Err(DecodeError::unexpected_end_group(start)),
            (ITEM_TYPE_ID, WireType::Varint) => {
                type_id = u32::try_from(decoder.read_varint()?).map_err(|_| {
                    DecodeError::invalid("message set item's type_id is over 32 bits", start)
                })?;
            }
            (ITEM_MESSAGE, WireType::Len) => message = Some(decoder.skip_raw(WireType::Len)?),
            (_, wire_type) => decoder.skip(wire_type)?,
        }
    }
    Ok(message
        .filter(|_| type_id != 0)
        .map(|message| (type_id, message)))
}

/// A singular extension of messages `M` whose values travel by codec `C`,
/// such as `Extension<MethodOptions, codec::Message<HttpRule>>`: a field
/// of `M` declared outside it, with presence whatever its label.
///
/// Generated code declares one constant per extension of the schema; an
/// [`Extendable`] message takes it to get, set, test or clear the
/// extension. Its number is 1 to 2^29 − 1, or to 2^31 − 2 for an extension
/// of a message set.
pub struct Extension<M, C> {
    number: u32,
    full_name: &'static str,
    marker: PhantomData<fn() -> (M, C)>,
}

impl<M, C> Extension<M, C> {
    /// The extension numbered `number`, whose full protobuf name is
    /// `full_name` (`google.api.http`).
    ///
    /// # Panics
    ///
    /// When `number` is 0 or over 2^31 − 2, in the constant's evaluation.
    pub const fn new(number: u32, full_name: &'static str) -> Self {
        assert!(
            number != 0 && number < i32::MAX as u32,
            "extension number out of range"
        );
        Self {
            number,
            full_name,
            marker: PhantomData,
        }
    }

    /// Its field number.
    pub const fn number(&self) -> u32 {
        self.number
    }

    /// Its full protobuf name, which ProtoJSON writes as `"[full_name]"`.
    pub const fn full_name(&self) -> &'static str {
        self.full_name
    }
}

/// A repeated extension of messages `M` whose elements travel by codec
/// `C`: a list, written packed or not as its declaration says, and read
/// either way.
pub struct RepeatedExtension<M, C> {
    number: u32,
    full_name: &'static str,
    packed: bool,
    marker: PhantomData<fn() -> (M, C)>,
}

impl<M, C> RepeatedExtension<M, C> {
    /// The repeated extension numbered `number`, named `full_name`, whose
    /// elements are written one key each.
    ///
    /// # Panics
    ///
    /// When `number` is 0 or over 2^29 − 1, in the constant's evaluation.
    pub const fn new(number: u32, full_name: &'static str) -> Self {
        assert!(
            number != 0 && number <= wire::MAX_FIELD_NUMBER,
            "extension number out of range"
        );
        Self {
            number,
            full_name,
            packed: false,
            marker: PhantomData,
        }
    }

    /// The repeated extension numbered `number`, named `full_name`, whose
    /// elements, numbers, bools or enums, are written packed:
    /// `[packed = true]`.
    ///
    /// # Panics
    ///
    /// As [`new`](RepeatedExtension::new).
    pub const fn packed(number: u32, full_name: &'static str) -> Self {
        let mut extension = Self::new(number, full_name);
        extension.packed = true;
        extension
    }

    /// Its field number.
    pub const fn number(&self) -> u32 {
        self.number
    }

    /// Its full protobuf name, which ProtoJSON writes as `"[full_name]"`.
    pub const fn full_name(&self) -> &'static str {
        self.full_name
    }

    /// Whether its elements are written packed.
    pub const fn is_packed(&self) -> bool {
        self.packed
    }
}

// By hand, so that `M` and `C` need none of these themselves.
impl<M, C> Clone for Extension<M, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M, C> Copy for Extension<M, C> {}

impl<M, C> fmt::Debug for Extension<M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Extension")
            .field("number", &self.number)
            .field("full_name", &self.full_name)
            .finish()
    }
}

impl<M, C> Clone for RepeatedExtension<M, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M, C> Copy for RepeatedExtension<M, C> {}

impl<M, C> fmt::Debug for RepeatedExtension<M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RepeatedExtension")
            .field("number", &self.number)
            .field("full_name", &self.full_name)
            .field("packed", &self.packed)
            .finish()
    }
}

/// An extension of messages `M`, singular ([`Extension`]) or repeated
/// ([`RepeatedExtension`]): what [`Extendable`]'s methods take.
///
/// An identifier is an extension of the message it names and of no other,
/// so that asking another message for it does not compile:
///
/// ```compile_fail
/// use schemac_runtime::{Extension, ExtensionOf};
/// use schemac_runtime::__private::codec::Int32;
///
/// struct Item;
/// struct Order;
/// const SHELF: Extension<Item, Int32> = Extension::new(100, "shop.shelf");
///
/// fn number_in<M, E: ExtensionOf<M>>(extension: &E) -> u32 {
///     extension.number()
/// }
/// number_in::<Item, _>(&SHELF); // an extension of `Item`
/// number_in::<Order, _>(&SHELF); // not one of `Order`: does not compile
/// ```
pub trait ExtensionOf<M> {
    /// What setting it takes: the value (`T`), or the list (`Vec<T>`).
    type Value;
    /// What getting it gives: `Option<T>`, `None` when it is not set, or
    /// the list, empty when it is not set.
    type Output;

    /// Its field number.
    fn number(&self) -> u32;

    /// Its full protobuf name.
    fn full_name(&self) -> &'static str;

    /// Whether a record under `wire_type` is one of its values: one under
    /// its type's wire type, or for a repeated number also a packed run.
    /// A record under another is an unknown field, as in a message, which
    /// is kept and written back but is not the extension's.
    #[doc(hidden)]
    fn reads(&self, wire_type: WireType) -> bool;

    /// Decodes its value from the records it [`reads`](Self::reads), in
    /// order: a singular value merged from every record, as a field's is,
    /// or the list of every element, packed or not.
    #[doc(hidden)]
    fn read(
        &self,
        records: &mut dyn Iterator<Item = (WireType, &[u8])>,
    ) -> Result<Self::Output, DecodeError>;

    /// Replaces its records in `set` with the encoding of `value`.
    #[doc(hidden)]
    fn write(&self, value: Self::Value, set: &mut ExtensionSet);
}

impl<M, C: Codec> ExtensionOf<M> for Extension<M, C> {
    type Value = C::Value;
    type Output = Option<C::Value>;

    fn number(&self) -> u32 {
        self.number
    }

    fn full_name(&self) -> &'static str {
        self.full_name
    }

    fn reads(&self, wire_type: WireType) -> bool {
        wire_type == C::WIRE_TYPE
    }

    fn read(
        &self,
        records: &mut dyn Iterator<Item = (WireType, &[u8])>,
    ) -> Result<Option<C::Value>, DecodeError> {
        let mut records = records.filter(|&(wire_type, _)| self.reads(wire_type));
        read_singular::<C>(self.number, &mut records)
    }

    fn write(&self, value: C::Value, set: &mut ExtensionSet) {
        let record = Record {
            wire_type: C::WIRE_TYPE,
            value: encode_value::<C>(self.number, &value),
        };
        set.fields.insert(self.number, alloc::vec![record]);
    }
}

impl<M, C: Codec> ExtensionOf<M> for RepeatedExtension<M, C> {
    type Value = Vec<C::Value>;
    type Output = Vec<C::Value>;

    fn number(&self) -> u32 {
        self.number
    }

    fn full_name(&self) -> &'static str {
        self.full_name
    }

    fn reads(&self, wire_type: WireType) -> bool {
        wire_type == C::WIRE_TYPE || (C::PACKABLE && wire_type == WireType::Len)
    }

    fn read(
        &self,
        records: &mut dyn Iterator<Item = (WireType, &[u8])>,
    ) -> Result<Vec<C::Value>, DecodeError> {
        let mut records = records.filter(|&(wire_type, _)| self.reads(wire_type));
        read_repeated::<C>(self.number, &mut records)
    }

    fn write(&self, values: Vec<C::Value>, set: &mut ExtensionSet) {
        if values.is_empty() {
            set.fields.remove(&self.number);
            return;
        }
        let records = match self.packed && C::PACKABLE {
            true => {
                let mut writer = Writer::new();
                writer.delimited(|writer| {
                    for value in values.iter().rev() {
                        C::write_value(value, writer);
                    }
                });
                alloc::vec![Record {
                    wire_type: WireType::Len,
                    value: writer.into_vec(),
                }]
            }
            false => (values.iter())
                .map(|value| Record {
                    wire_type: C::WIRE_TYPE,
                    value: encode_value::<C>(self.number, value),
                })
                .collect(),
        };
        set.fields.insert(self.number, records);
    }
}

/// A message whose schema keeps numbers for extensions: generated messages
/// with extension ranges implement it. Its methods get, set, test and
/// clear an extension by its identifier, which generated code declares
/// (an [`Extension`] or a [`RepeatedExtension`] of this message).
///
/// An extension's records are decoded when it is asked for, so
/// [`extension`](Extendable::extension) returns a `Result`: bytes that
/// decoding the message kept without reading them may not be a value of
/// the extension's type (invalid UTF-8, a malformed message, messages
/// nested past the default recursion limit); a record under another wire
/// type than the extension's is an unknown field, not the extension's. The
/// error's path names the message and the extension,
/// `Item.[shop.shelf]`, and its offset counts from the start of the
/// record that holds the problem. The `required` fields of an extension's
/// message are not checked, neither when it is read nor when the message
/// holding it is encoded.
pub trait Extendable: Message {
    /// The records of its extensions.
    fn extension_set(&self) -> &ExtensionSet;

    /// The records of its extensions, to change.
    fn extension_set_mut(&mut self) -> &mut ExtensionSet;

    /// The value of `extension`: `Option<T>` for a singular one, `None`
    /// when it is not set; the list for a repeated one, empty when it is
    /// not set. A singular value read from several records is merged as a
    /// field's is: the last scalar holds, messages merge.
    fn extension<E: ExtensionOf<Self>>(&self, extension: &E) -> Result<E::Output, DecodeError> {
        let mut records = self.extension_set().records(extension.number());
        extension.read(&mut records).map_err(|error| {
            error
                .in_extension(extension.full_name())
                .in_message(Self::NAME)
        })
    }

    /// Whether `extension` is set: a record of it was read or it was set,
    /// and not cleared.
    fn has_extension<E: ExtensionOf<Self>>(&self, extension: &E) -> bool {
        (self.extension_set().records(extension.number()))
            .any(|(wire_type, _)| extension.reads(wire_type))
    }

    /// Sets `extension` to `value`, replacing what it held. Setting a
    /// repeated extension to an empty list clears it.
    fn set_extension<E: ExtensionOf<Self>>(&mut self, extension: &E, value: E::Value) {
        extension.write(value, self.extension_set_mut());
    }

    /// Clears `extension`.
    fn clear_extension<E: ExtensionOf<Self>>(&mut self, extension: &E) {
        self.extension_set_mut().remove(extension.number());
    }
}

/// A singular value of codec `C` merged from `records`, those of field
/// `number`.
pub(crate) fn read_singular<C: Codec>(
    number: u32,
    records: &mut dyn Iterator<Item = (WireType, &[u8])>,
) -> Result<Option<C::Value>, DecodeError> {
    let mut value = None;
    for (wire_type, bytes) in records {
        read_record(number, wire_type, bytes, |decoder| {
            merge::merge_optional::<Owned<C>>(wire_type, &mut value, decoder)
        })?;
    }
    Ok(value)
}

/// The list of values of codec `C` in `records`, those of field `number`,
/// packed or not.
pub(crate) fn read_repeated<C: Codec>(
    number: u32,
    records: &mut dyn Iterator<Item = (WireType, &[u8])>,
) -> Result<Vec<C::Value>, DecodeError> {
    let mut values = Vec::new();
    for (wire_type, bytes) in records {
        read_record(number, wire_type, bytes, |decoder| {
            merge::merge_repeated::<Owned<C>>(wire_type, &mut values, decoder)
        })?;
    }
    Ok(values)
}

/// Runs `read` on a decoder over one record's value, read with
/// `wire_type` as field `number`, with the default limits; it must read
/// all of it. A group's record is read after its start-group key, which
/// the group's codec takes its number from, as in a message.
fn read_record(
    number: u32,
    wire_type: WireType,
    value: &[u8],
    read: impl FnOnce(&mut Decoder<'_>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    let group;
    let input = match wire_type {
        WireType::StartGroup => {
            let mut bytes = Vec::with_capacity(value.len() + 5);
            wire::put_varint(&mut bytes, u64::from(wire::key(number, wire_type)));
            bytes.extend_from_slice(value);
            group = bytes;
            group.as_slice()
        }
        _ => value,
    };
    let mut decoder = Decoder::new(input, &DecodeOptions::new())?;
    if wire_type == WireType::StartGroup {
        decoder.read_key()?;
    }
    read(&mut decoder)?;
    match decoder.has_remaining() {
        true => Err(DecodeError::invalid(
            "extension record holds more than one value",
            decoder.offset(),
        )),
        false => Ok(()),
    }
}

/// The encoding of `value` by codec `C` as field `number`, without its
/// key: a record's value. A group's is its fields and its end-group key.
pub(crate) fn encode_value<C: Codec>(number: u32, value: &C::Value) -> Vec<u8> {
    let mut writer = Writer::new();
    if C::WIRE_TYPE != WireType::StartGroup {
        C::write_value(value, &mut writer);
        return writer.into_vec();
    }
    C::write_field(number, value, &mut writer);
    let mut bytes = writer.into_vec();
    bytes.drain(..wire::key_len(number));
    bytes
}
