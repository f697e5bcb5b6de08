//! The text format of generated messages that know their descriptors
//! (`embed_descriptors`): through a dynamic message of the same type, so
//! that generated and dynamic messages print and read alike.

use crate::Message;
use crate::decode::DecodeOptions;
use crate::encode::Writer;
use crate::prelude::*;
use crate::reflect::{Described, DynamicMessage, MessageDescriptor};

use super::{TextError, TextOptions};

/// protobuf's text format for a generated message that reaches its
/// descriptor: generated with `embed_descriptors(true)`
/// (`--embed-descriptors`), which implements [`Described`] for it.
///
/// ```ignore
/// use schemac_runtime::reflect::TextFormat;
/// let order = shop::Order::from_text(r#"id: 7 status: PAID"#)?;
/// print!("{}", order.to_text());
/// ```
pub trait TextFormat: Sized {
    /// The message in the text format, as protoc's `--decode` prints it
    /// ([`DynamicMessage::to_text`]).
    fn to_text(&self) -> String {
        self.to_text_with(&TextOptions::new())
    }

    /// The message in the text format, printed as `options` say.
    fn to_text_with(&self, options: &TextOptions) -> String;

    /// Reads a message from the text format, as protoc's `--encode` does
    /// ([`DynamicMessage::parse_text`]).
    fn from_text(text: &str) -> Result<Self, TextError>;
}

impl<M> TextFormat for M
where
    M: Message + Described<Descriptor = MessageDescriptor<'static>>,
{
    fn to_text_with(&self, options: &TextOptions) -> String {
        // Its fields as they are, required ones missing or not, read
        // back however deep they nest: what it holds is printed.
        let mut writer = Writer::new();
        self.write_fields(&mut writer);
        let mut message = DynamicMessage::new(M::descriptor());
        let unlimited = DecodeOptions::new().recursion_limit(u32::MAX);
        match message.merge_with(&writer.into_vec(), &unlimited) {
            Ok(()) => message.to_text_with(options),
            // A generated message writes what its descriptor describes.
            Err(error) => unreachable!("{}: its own fields do not read back: {error}", M::NAME),
        }
    }

    fn from_text(text: &str) -> Result<Self, TextError> {
        let message = DynamicMessage::parse_text(M::descriptor(), text)?;
        M::decode(&message.encode_to_vec()).map_err(|error| {
            TextError::new(super::parse::end_of(text), format!("{}: {error}", M::NAME))
        })
    }
}
