//! The unknown fields of a view, borrowed from the input.

use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::prelude::*;
use crate::unknown::{UnknownFields, UnknownSink};
use crate::wire::WireType;

/// One field the schema does not know, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownField<'a> {
    /// Its field number.
    pub number: u32,
    /// Its wire type.
    pub wire_type: WireType,
    /// Its value as on the wire, borrowed from the input: with its length
    /// prefix for a length-delimited value, up to and including the
    /// end-group key for a group.
    pub value: &'a [u8],
}

/// The unknown fields of the view of a message that keeps them, in the
/// order they were read. Equality and hashing are the fields'.
#[derive(Clone, Default)]
pub struct UnknownFieldsView<'a> {
    /// One pointer, null while none were kept, as in [`UnknownFields`]:
    /// every view holds one, and most keep nothing.
    #[allow(clippy::box_collection)]
    fields: Option<Box<Vec<UnknownField<'a>>>>,
}

impl<'a> UnknownFieldsView<'a> {
    /// No unknown fields.
    pub const fn new() -> Self {
        Self { fields: None }
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.fields().is_empty()
    }

    /// The fields, in the order they were read.
    #[inline]
    pub fn fields(&self) -> &[UnknownField<'a>] {
        self.fields.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The owned unknown fields, which the owned message writes back: the
    /// same bytes that decoding the owned message keeps.
    #[inline]
    pub fn to_owned(&self) -> UnknownFields {
        let mut owned = UnknownFields::new();
        for field in self.fields() {
            owned.push(field.number, field.wire_type, field.value);
        }
        owned
    }

    /// Keeps a field, after those kept so far.
    fn push(&mut self, field: UnknownField<'a>) {
        self.fields.get_or_insert_with(Box::default).push(field);
    }

    /// Reads the value of field `number` and keeps it, borrowed.
    #[doc(hidden)]
    pub fn merge(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        let value = decoder.skip_raw(wire_type)?;
        self.keep(number, wire_type, value);
        Ok(())
    }
}

impl PartialEq for UnknownFieldsView<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.fields() == other.fields()
    }
}

impl Eq for UnknownFieldsView<'_> {}

impl core::hash::Hash for UnknownFieldsView<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.fields().hash(state);
    }
}

impl core::fmt::Debug for UnknownFieldsView<'_> {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        (formatter.debug_struct("UnknownFieldsView"))
            .field("fields", &self.fields())
            .finish()
    }
}

/// A view's unknown fields borrow the records given them from the input.
#[doc(hidden)]
impl<'a> UnknownSink<'a> for UnknownFieldsView<'a> {
    #[inline]
    fn keep(&mut self, number: u32, wire_type: WireType, value: &'a [u8]) {
        self.push(UnknownField {
            number,
            wire_type,
            value,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::DecodeOptions;

    #[test]
    fn owned_unknown_fields_are_those_owned_decoding_keeps() {
        // Field 1 again last, with a padded key.
        let input = [&crate::unknown::EVERY_WIRE_TYPE[..], &[0x88, 0x00, 0x07]].concat();
        let mut view = UnknownFieldsView::new();
        let mut owned = UnknownFields::new();
        let mut decoder = Decoder::new(&input, &DecodeOptions::new()).unwrap();
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key().unwrap();
            owned.merge(number, wire_type, &mut decoder).unwrap();
        }
        let mut decoder = Decoder::new(&input, &DecodeOptions::new()).unwrap();
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key().unwrap();
            view.merge(number, wire_type, &mut decoder).unwrap();
        }
        assert_eq!(size_of::<UnknownFieldsView<'_>>(), size_of::<usize>());
        assert_eq!(view.fields().len(), 6);
        assert_eq!(view.fields()[2].value, [0x02, b'h', b'i']);
        assert_eq!(view.to_owned(), owned);
    }
}
