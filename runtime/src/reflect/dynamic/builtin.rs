//! `schemac.Decimal` and `schemac.Value` in dynamic messages, as
//! generated code holds `decimal` and `value` (`reflect::schemac`): read,
//! checked and written back by generated code's codecs.

use crate::prelude::*;

use super::{DynamicMessage, Value};
use crate::__private::codec::{self, Codec};
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::reflect::schemac::Builtin;
use crate::reflect::{FieldDescriptor, Kind, MessageDescriptor};
use crate::wire;

impl Builtin {
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

/// `value`, which `field` holds (one value, a list or a map), as
/// generated code holds it where its values are `schemac.Decimal` or
/// `schemac.Value` ([`Builtin::canonical`]); an error where generated code
/// cannot hold it. Any other value as it is.
pub(super) fn as_generated<'a>(
    field: FieldDescriptor<'_>,
    value: Value<'a>,
) -> Result<Value<'a>, DecodeError> {
    let kind = field
        .map_entry()
        .map_or(field.kind(), |(_, value)| value.kind());
    let builtin = match kind {
        Kind::Message(message) => Builtin::of(message.full_name()),
        _ => None,
    };
    let Some(builtin) = builtin else {
        return Ok(value);
    };
    let canonical = |value: Value<'a>| match value {
        Value::Message(message) => builtin.canonical(&message).map(Value::Message),
        other => Ok(other),
    };
    Ok(match value {
        Value::List(items) => {
            Value::List(items.into_iter().map(canonical).collect::<Result<_, _>>()?)
        }
        Value::Map(entries) => Value::Map(
            (entries.into_iter())
                .map(|(key, value)| Ok((key, canonical(value)?)))
                .collect::<Result<_, DecodeError>>()?,
        ),
        single => canonical(single)?,
    })
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
