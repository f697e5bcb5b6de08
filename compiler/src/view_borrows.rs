//! What a borrowed view borrows from the input: strings and bytes as
//! slices, `value` and every message as views, and the well-known types
//! whose views hold them so. Everything else a view holds as the owned
//! message does. Codegen writes the view types by these rules, and check
//! reports the names the views they add would clash with.

use crate::model::{FieldType, Message, Scalar, ValueType, WellKnown};

/// Whether a view's value of type `ty` borrows from the input.
pub(crate) fn value(ty: ValueType) -> bool {
    match ty {
        ValueType::Scalar(scalar) => {
            matches!(scalar, Scalar::String | Scalar::Bytes | Scalar::Value)
        }
        ValueType::Enum(_) => false,
        ValueType::Message(_) => true,
        // check_config refuses views of graph messages (docs/views.md).
        ValueType::Ref(..) => false,
        // The views of the other well-known types are their owned values.
        ValueType::WellKnown(known) => matches!(
            known,
            WellKnown::StringValue | WellKnown::BytesValue | WellKnown::FieldMask | WellKnown::Any
        ),
    }
}

/// Whether a view's field of type `ty` borrows from the input: a value
/// that does, or a list or map of them.
pub(crate) fn field(ty: FieldType) -> bool {
    match ty {
        FieldType::Map(key, value) => self::value(ValueType::Scalar(key)) || self::value(value),
        _ => value(ty.value()),
    }
}

/// Whether a member of oneof `index` of `message` borrows from the input,
/// so that views hold the oneof in an enum of its own, `KindView<'a>`,
/// rather than the owned enum.
pub(crate) fn oneof(message: &Message, index: usize) -> bool {
    message.oneof_members(index).any(|member| field(member.ty))
}
