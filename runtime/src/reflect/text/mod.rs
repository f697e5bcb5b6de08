//! protobuf's text format for dynamic messages: printed as protoc's
//! `--decode` prints it, read as protoc's `--encode` (Google's
//! `TextFormat::Parser`) reads it.
//!
//! ```
//! use schemac_runtime::reflect::{DescriptorPool, DynamicMessage, TextOptions};
//! # fn demo(set: &[u8]) -> Result<(), Box<dyn std::error::Error>> {
//! let pool = DescriptorPool::decode(set)?;
//! let order = pool.message("shop.Order").ok_or("no shop.Order")?;
//! let message = DynamicMessage::parse_text(order, r#"id: "A-1" lines { sku: "pen" }"#)?;
//! print!("{}", message.to_text());
//! // id: "A-1"
//! // lines {
//! //   sku: "pen"
//! // }
//! assert_eq!(
//!     message.to_text_with(&TextOptions::new().single_line(true)),
//!     r#"id: "A-1" lines { sku: "pen" }"#,
//! );
//! # Ok(()) }
//! ```

mod error;
mod escape;
mod generated;
mod names;
mod parse;
mod print;
mod token;

#[cfg(test)]
mod tests;

use crate::prelude::*;

use super::{DynamicMessage, MessageDescriptor};

pub use error::TextError;
pub(crate) use escape::unescape_bytes;
pub use generated::TextFormat;

/// How [`DynamicMessage::to_text_with`] prints: by default as protoc's
/// `--decode` does, one field a line, without the unknown fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextOptions {
    single_line: bool,
    unknown_fields: bool,
}

impl TextOptions {
    /// The default: several lines, unknown fields left out.
    pub const fn new() -> Self {
        TextOptions {
            single_line: false,
            unknown_fields: false,
        }
    }

    /// Whether to print the message on one line, its fields separated by
    /// spaces (`a: 1 b { c: 2 }`), as protobuf's `ShortDebugString` does.
    pub const fn single_line(mut self, single_line: bool) -> Self {
        self.single_line = single_line;
        self
    }

    /// Whether to print the fields its type does not know, by number, as
    /// protoc's `--decode_raw` does: a varint as `12: 5`, fixed-width
    /// values in hexadecimal (`0x0000002a`), length-delimited values as a
    /// message (`3 { 1: 2 }`) where they read as one and as a string
    /// otherwise, groups as `4 { ... }`. Google's parsers read them back
    /// only when told to allow field numbers.
    pub const fn unknown_fields(mut self, unknown_fields: bool) -> Self {
        self.unknown_fields = unknown_fields;
        self
    }
}

impl<'a> DynamicMessage<'a> {
    /// The message in the text format, as protoc's `--decode` prints it:
    /// one field a line, nested messages indented by two spaces, fields by
    /// number, unknown fields left out.
    pub fn to_text(&self) -> String {
        self.to_text_with(&TextOptions::new())
    }

    /// The message in the text format, printed as `options` say.
    pub fn to_text_with(&self, options: &TextOptions) -> String {
        print::print(self, options)
    }

    /// Reads a message of type `descriptor` from the text format, as
    /// protoc's `--encode` does: a singular field given twice, or two
    /// members of one oneof, are an error, and so is a missing required
    /// field.
    pub fn parse_text(descriptor: MessageDescriptor<'a>, text: &str) -> Result<Self, TextError> {
        let mut message = DynamicMessage::new(descriptor);
        parse::merge(&mut message, text, parse::Singular::Once)?;
        message.settle_graph();
        if let Some(missing) = message.missing_required() {
            let end = parse::end_of(text);
            return Err(TextError::new(
                end,
                format!(
                    "{} is missing the required field {missing}",
                    descriptor.full_name()
                ),
            ));
        }
        Ok(message)
    }

    /// Reads the fields of a text into the message, as Google's
    /// `TextFormat::Merge` does: a singular field given again replaces
    /// the value it had (a message merges), lists are extended. Required
    /// fields are not checked. On an error the message is as it was.
    pub fn merge_text(&mut self, text: &str) -> Result<(), TextError> {
        let mut merged = self.clone();
        parse::merge(&mut merged, text, parse::Singular::Replace)?;
        *self = merged;
        Ok(())
    }
}
