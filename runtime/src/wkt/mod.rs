//! Google's well-known types (`google/protobuf/*.proto`), built in.
//!
//! A `.proto` file that imports one of them needs nothing shipped with it:
//! each is a Rust type here and a codec that generated code calls, as
//! `decimal` and `value` are. Their bytes are the messages of Google's
//! `.proto` files, byte for byte what Google's protobuf writes; their JSON
//! (feature `json`) is ProtoJSON's.
//!
//! | proto type | Rust type | codec | view |
//! |---|---|---|---|
//! | `Timestamp` | [`Timestamp`] | [`codec::Timestamp`] | `Timestamp` |
//! | `Duration` | [`Duration`] | [`codec::Duration`] | `Duration` |
//! | `Empty` | [`Empty`] | [`codec::Empty`] | `Empty` |
//! | `FieldMask` | [`FieldMask`] | [`codec::FieldMask`] | [`FieldMaskView<'a>`] |
//! | `Struct` | [`Struct`] | [`codec::Struct`] | `Struct` (owned) |
//! | `Value` | [`Value`] | [`codec::StructValue`] | `Value` (owned) |
//! | `ListValue` | [`ListValue`] | [`codec::ListValue`] | `ListValue` (owned) |
//! | `NullValue` (an enum) | [`NullValue`] | [`codec::NullValue`] | `NullValue` |
//! | `Any` | [`Any`] | [`codec::Any`] | [`AnyView<'a>`] |
//! | `DoubleValue`, `FloatValue` | `f64`, `f32` | [`codec::DoubleValue`], [`codec::FloatValue`] | the same |
//! | `Int64Value`, `UInt64Value` | `i64`, `u64` | [`codec::Int64Value`], [`codec::UInt64Value`] | the same |
//! | `Int32Value`, `UInt32Value` | `i32`, `u32` | [`codec::Int32Value`], [`codec::UInt32Value`] | the same |
//! | `BoolValue` | `bool` | [`codec::BoolValue`] | `bool` |
//! | `StringValue` | `String` | [`codec::StringValue`] | `&'a str` |
//! | `BytesValue` | `Vec<u8>` | [`codec::BytesValue`] | `&'a [u8]` |
//!
//! The wrappers are one generic codec, [`codec::Wrapper<C>`], whose value
//! is the inner codec's: a field of type `google.protobuf.Int32Value` is an
//! `Option<i32>`, `None` being the unset wrapper.
//!
//! Every codec here travels as a message and has presence, as a nested
//! message does: a singular field is an `Option`, and `Some` is written
//! even when the value inside is the default. Inside each message, fields
//! have proto3's implicit presence, as in Google's `.proto` files.
//!
//! Decoding follows protobuf: fields in any order, the last of a repeated
//! scalar wins, a message read twice is merged, unknown fields are
//! skipped; nesting (a `Struct` in a `Value` in a `ListValue`...) counts
//! against the recursion limit. Binary decoding takes any `seconds` and
//! `nanos`, as Google's does; JSON refuses what is out of range.
//!
//! The views of `Struct`, `Value` and `ListValue` are the owned values,
//! read by the owned codec: a borrowed tree would double their code for
//! little gain. `FieldMask` and `Any` have borrowed views, whose strings
//! and bytes point into the input.
//!
//! Three things differ from Google's protobuf, on inputs it would not write
//! itself: a `Value` with no member set reads as [`Value::Null`] and is
//! written back as a null (`08 00`); a `NullValue` of a number other than
//! 0 reads as `NULL_VALUE`; and a JSON `Any` can hold, beside the
//! well-known types, only the message types registered with
//! `Any::register_json` (feature `json`), since the runtime has no
//! registry of its own.

mod any;
#[cfg(feature = "json")]
mod any_json;
mod duration;
mod empty;
mod field_mask;
#[cfg(feature = "json")]
mod json;
mod structs;
mod text;
mod timestamp;
mod wrappers;

#[cfg(feature = "chrono")]
mod with_chrono;
#[cfg(feature = "time")]
mod with_time;

use core::fmt;

#[cfg(doc)]
use crate::__private::codec;

pub use any::{Any, AnyView};
pub use duration::Duration;
pub use empty::Empty;
pub use field_mask::{FieldMask, FieldMaskView};
pub use structs::{ListValue, NullValue, Struct, Value};
pub use timestamp::Timestamp;

/// The codecs of this module; [`codec`](crate::__private::codec) re-exports them.
pub(crate) mod codecs {
    pub use super::any::AnyCodec;
    pub use super::duration::DurationCodec;
    pub use super::empty::EmptyCodec;
    pub use super::field_mask::FieldMaskCodec;
    pub use super::structs::{ListValueCodec, NullValueCodec, StructCodec, StructValueCodec};
    pub use super::timestamp::TimestampCodec;
    pub use super::wrappers::Wrapper;
}

/// A [`Timestamp`] or [`Duration`] that has no counterpart in another
/// type: outside its range, or with `nanos` out of bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeError {
    reason: &'static str,
}

impl RangeError {
    pub(crate) const fn new(reason: &'static str) -> Self {
        Self { reason }
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason)
    }
}

impl core::error::Error for RangeError {}

/// Why a string is not a [`Timestamp`] (RFC 3339) or a [`Duration`]
/// (`"1.5s"`), as their `FromStr` and JSON read them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    what: &'static str,
    reason: &'static str,
}

impl ParseError {
    pub(crate) const fn new(what: &'static str, reason: &'static str) -> Self {
        Self { what, reason }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}: {}", self.what, self.reason)
    }
}

impl core::error::Error for ParseError {}

/// Implements `Codec` for `$codec`, whose values are the message `$ty`
/// (which implements `Message`): length-delimited, one level deeper, and
/// always written where present, as `codec::Message` does.
macro_rules! message_codec {
    ($(#[$doc:meta])* $codec:ident, $ty:ty) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $codec {}

        impl $crate::__private::codec::Codec for $codec {
            type Value = $ty;
            const WIRE_TYPE: $crate::wire::WireType = $crate::wire::WireType::Len;
            const IS_MESSAGE: bool = true;

            /// A message that is there is always written, even when empty.
            #[inline]
            fn is_default(_value: &$ty) -> bool {
                false
            }

            #[inline]
            fn value_len(value: &$ty) -> usize {
                let length = $crate::Message::measure_fields(value);
                $crate::wire::varint_len(length as u64) + length
            }

            #[inline]
            fn write_value(value: &$ty, writer: &mut $crate::Writer) {
                writer.nested(|writer| $crate::Message::write_fields(value, writer));
            }

            #[inline]
            fn merge_value(
                value: &mut $ty,
                decoder: &mut $crate::Decoder<'_>,
            ) -> Result<(), $crate::DecodeError> {
                decoder.read_nested(|decoder| $crate::Message::merge_from(value, decoder))
            }
        }
    };
}

/// Implements `ViewCodec` for `$codec`, whose values hold nothing
/// borrowed: the view is the owned value, copied.
macro_rules! copied_view {
    ($codec:ty) => {
        impl<'a> $crate::view::ViewCodec<'a> for $codec {
            type View = <$codec as $crate::__private::codec::Codec>::Value;

            #[inline]
            fn merge_view(
                view: &mut Self::View,
                decoder: &mut $crate::Decoder<'a>,
            ) -> Result<(), $crate::DecodeError> {
                <$codec as $crate::__private::codec::Codec>::merge_value(view, decoder)
            }

            #[inline]
            fn owned(view: &Self::View) -> Self::Value {
                *view
            }
        }
    };
}

/// Implements `ViewCodec` for `$codec`, whose view is its owned value,
/// read by the owned codec.
macro_rules! owned_view {
    ($codec:ty) => {
        impl<'a> $crate::view::ViewCodec<'a> for $codec {
            type View = <$codec as $crate::__private::codec::Codec>::Value;

            #[inline]
            fn merge_view(
                view: &mut Self::View,
                decoder: &mut $crate::Decoder<'a>,
            ) -> Result<(), $crate::DecodeError> {
                <$codec as $crate::__private::codec::Codec>::merge_value(view, decoder)
            }

            #[inline]
            fn owned(view: &Self::View) -> Self::Value {
                view.clone()
            }
        }
    };
}

pub(crate) use {copied_view, message_codec, owned_view};

/// What dynamic messages' ProtoJSON (`reflect::DynamicMessage::to_json`)
/// shares with `Any`'s: the codec of a well-known type by full name, and
/// an `Any`'s content to and from a codec's value.
#[cfg(all(feature = "json", feature = "reflect"))]
pub(crate) use any_json::{WithCodec, decode_content, encode_content, with_known};

#[cfg(test)]
pub(crate) mod test_helpers;
#[cfg(all(test, feature = "json"))]
mod tests;
