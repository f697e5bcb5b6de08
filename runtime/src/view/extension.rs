//! The extensions of a view, borrowed from the input: the records of
//! every field in its message's extension ranges, in the order read,
//! decoded into owned values when asked for, as the owned message's are.

use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::extension::{self, Extendable, ExtensionOf, ExtensionSet};
use crate::prelude::*;
use crate::view::MessageView;
use crate::wire::WireType;

/// One record of an extension field, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Record<'a> {
    number: u32,
    wire_type: WireType,
    /// The value as on the wire, borrowed from the input: with its length
    /// prefix for a length-delimited value, up to and including the
    /// end-group key for a group.
    value: &'a [u8],
}

/// The extensions of the view of a message with extension ranges: their
/// records, borrowed from the input, in the order they were read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExtensionSetView<'a> {
    records: Vec<Record<'a>>,
}

impl<'a> ExtensionSetView<'a> {
    /// No extensions.
    pub const fn new() -> Self {
        Self {
            records: Vec::new(),
        }
    }

    /// Whether no extension was read.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Whether field `number` was read.
    pub fn contains(&self, number: u32) -> bool {
        self.records.iter().any(|record| record.number == number)
    }

    /// The owned extensions, which the owned message holds: the same
    /// records that decoding the owned message keeps.
    pub fn to_owned(&self) -> ExtensionSet {
        let mut owned = ExtensionSet::new();
        for record in &self.records {
            owned.push(record.number, record.wire_type, record.value);
        }
        owned
    }

    /// Reads the value of field `number`, whose key was just read, and
    /// keeps it, borrowed.
    #[doc(hidden)]
    pub fn merge(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        let value = decoder.skip_raw(wire_type)?;
        self.records.push(Record {
            number,
            wire_type,
            value,
        });
        Ok(())
    }

    /// Reads a message set's item, whose start-group key was just read,
    /// and keeps its message as a record of its type id, as the owned set
    /// does.
    #[doc(hidden)]
    pub fn merge_item(&mut self, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        if let Some((number, value)) = extension::read_message_set_item(decoder)? {
            self.records.push(Record {
                number,
                wire_type: WireType::Len,
                value,
            });
        }
        Ok(())
    }

    /// The records of field `number`, in order.
    fn records(&self, number: u32) -> impl Iterator<Item = (WireType, &'a [u8])> + '_ {
        self.records
            .iter()
            .filter(move |record| record.number == number)
            .map(|record| (record.wire_type, record.value))
    }
}

/// The view of a message with extension ranges: generated views of
/// [`Extendable`] messages implement it. Its extensions are read as the
/// owned message's ([`Extendable::extension`]), into owned values, with
/// the same errors.
pub trait ExtendableView<'a>: MessageView<'a, Owned: Extendable> {
    /// The records of its extensions, borrowed from the input.
    fn extension_set(&self) -> &ExtensionSetView<'a>;

    /// The value of `extension`, owned: as
    /// [`Extendable::extension`] gives it from the owned message.
    fn extension<E: ExtensionOf<Self::Owned>>(
        &self,
        extension: &E,
    ) -> Result<E::Output, DecodeError> {
        let mut records = self.extension_set().records(extension.number());
        extension.read(&mut records).map_err(|error| {
            error
                .in_extension(extension.full_name())
                .in_message(<Self::Owned as crate::Message>::NAME)
        })
    }

    /// Whether a record of `extension` was read.
    fn has_extension<E: ExtensionOf<Self::Owned>>(&self, extension: &E) -> bool {
        (self.extension_set().records(extension.number()))
            .any(|(wire_type, _)| extension.reads(wire_type))
    }
}
