//! What schemac's own files mean in a pool: the messages of
//! `schemac/types.proto`, `schemac.Decimal` and `schemac.Value`, which are
//! the scalars `decimal` and `value` of generated code, and the options of
//! `schemac/options.proto`, by which an exported file says what a field
//! means beyond protobuf.
//!
//! A field of `schemac.Decimal` or `schemac.Value` reads as generated
//! code reads it, through the same codec: a later decimal replaces an
//! earlier one whole (two decimals do not merge as messages do; two values
//! do, which is generated code's rule for `value` too), what the codec
//! refuses is refused, and without presence a zero decimal or a null value
//! is not written. It has no presence where generated code has none: in a
//! proto3 file without `optional`, and where
//! `[(schemac.implicit_presence) = true]` says so (a `.schema` file
//! exported as proto2).

use crate::prelude::*;

use crate::__private::codec::{self, Codec};
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::extension::read_singular;
use crate::reflect::MessageDescriptor;
use crate::reflect::descriptor::FieldOptions;
use crate::reflect::dynamic::DynamicMessage;
use crate::wire;

/// The number of `(schemac.reference)` in `google.protobuf.FieldOptions`.
pub(super) const REFERENCE_OPTION: u32 = 51201;

/// The number of `(schemac.implicit_presence)` in
/// `google.protobuf.FieldOptions`.
pub(super) const IMPLICIT_PRESENCE_OPTION: u32 = 51202;

/// What a field of graph mode holds, as `(schemac.reference)` says
/// (docs/graph.md): on a list or a map, each element or value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reference {
    /// `ref`: an object that it holds, shared with every other `ref` to it.
    Ref,
    /// `weak`: an object that a `ref`, or the top-level message, holds;
    /// dead once that object is gone.
    Weak,
}

/// The reference that `options` mark a field as, if any.
pub(super) fn reference(options: Option<&FieldOptions>) -> Option<Reference> {
    match read_option::<codec::Int32>(options, REFERENCE_OPTION)? {
        1 => Some(Reference::Ref),
        2 => Some(Reference::Weak),
        _ => None,
    }
}

/// Whether `options` say `[(schemac.implicit_presence) = true]`.
pub(super) fn implicit_presence(options: Option<&FieldOptions>) -> bool {
    read_option::<codec::Bool>(options, IMPLICIT_PRESENCE_OPTION) == Some(true)
}

/// The value of the extension numbered `number` of `options`, of codec
/// `C`; `None` where it is not set or does not read.
fn read_option<C: Codec>(options: Option<&FieldOptions>, number: u32) -> Option<C::Value> {
    let records = &mut options?.extensions.records(number);
    read_singular::<C>(number, records).ok().flatten()
}

/// A message of `schemac/types.proto` that generated code holds as a
/// scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    /// `schemac.Decimal`: `decimal`.
    Decimal,
    /// `schemac.Value`: `value`.
    Value,
}

impl Builtin {
    /// The built-in type of the message named `full_name`, if it is one.
    pub(crate) fn of(full_name: &str) -> Option<Builtin> {
        match full_name {
            "schemac.Decimal" => Some(Builtin::Decimal),
            "schemac.Value" => Some(Builtin::Value),
            _ => None,
        }
    }

    /// Whether `message`, of this type, is what generated code leaves out
    /// without presence: a zero decimal of scale 0, a null value. Read by
    /// the codec generated code uses, so that the two agree.
    pub(crate) fn is_default(self, message: &DynamicMessage<'_>) -> bool {
        match self {
            Builtin::Decimal => is_default::<codec::Decimal>(message),
            Builtin::Value => is_default::<codec::Value>(message),
        }
    }

    /// `message`, of this type, as generated code holds it (a decimal of
    /// a negative scale as its integer, for one); an error where generated
    /// code cannot hold it (a decimal of more than 96 bits), as reading
    /// its bytes gives.
    pub(crate) fn canonical<'a>(
        self,
        message: &DynamicMessage<'a>,
    ) -> Result<DynamicMessage<'a>, DecodeError> {
        match self {
            Builtin::Decimal => canonical::<codec::Decimal>(message),
            Builtin::Value => canonical::<codec::Value>(message),
        }
    }

    /// Reads one occurrence of a field of this type, a message of
    /// `descriptor`, from `decoder`, as generated code reads it, by its
    /// codec: a decimal replaces `held`, a value merges into it, and what
    /// the codec refuses (a decimal of more than 96 bits) is an error.
    pub(crate) fn read<'a>(
        self,
        descriptor: MessageDescriptor<'a>,
        held: Option<DynamicMessage<'a>>,
        decoder: &mut Decoder<'_>,
    ) -> Result<DynamicMessage<'a>, DecodeError> {
        match self {
            Builtin::Decimal => read::<codec::Decimal>(descriptor, None, decoder),
            Builtin::Value => read::<codec::Value>(descriptor, held, decoder),
        }
    }
}

/// Whether `message`, read by codec `C`, is that codec's default; not
/// when it does not read.
fn is_default<C: Codec>(message: &DynamicMessage<'_>) -> bool {
    codec_value::<C>(message).is_ok_and(|value| C::is_default(&value))
}

/// `message` as a value of codec `C`.
fn codec_value<C: Codec>(message: &DynamicMessage<'_>) -> Result<C::Value, DecodeError> {
    let bytes = message.encode_to_vec();
    let mut framed = Vec::with_capacity(bytes.len() + 10);
    wire::put_varint(&mut framed, bytes.len() as u64);
    framed.extend_from_slice(&bytes);
    C::read_value(&mut Decoder::new(&framed, &DecodeOptions::new())?)
}

/// `message` read by codec `C` and written back.
fn canonical<'a, C: Codec>(
    message: &DynamicMessage<'a>,
) -> Result<DynamicMessage<'a>, DecodeError> {
    dynamic::<C>(message.descriptor(), &codec_value::<C>(message)?)
}

/// Reads one value of codec `C` from `decoder` into `held` (or a new
/// one), as a message of `descriptor`.
fn read<'a, C: Codec>(
    descriptor: MessageDescriptor<'a>,
    held: Option<DynamicMessage<'a>>,
    decoder: &mut Decoder<'_>,
) -> Result<DynamicMessage<'a>, DecodeError> {
    let mut value = match &held {
        Some(held) => codec_value::<C>(held)?,
        None => C::Value::default(),
    };
    C::merge_value(&mut value, decoder)?;
    dynamic::<C>(descriptor, &value)
}

/// `value`, of codec `C`, as a message of `descriptor`.
fn dynamic<'a, C: Codec>(
    descriptor: MessageDescriptor<'a>,
    value: &C::Value,
) -> Result<DynamicMessage<'a>, DecodeError> {
    let mut writer = Writer::new();
    C::write_value(value, &mut writer);
    let framed = writer.into_vec();
    let mut message = DynamicMessage::new(descriptor);
    message.merge(Decoder::new(&framed, &DecodeOptions::new())?.read_bytes()?)?;
    Ok(message)
}
