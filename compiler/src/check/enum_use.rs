//! The rules for the fields that hold an enum, which protoc applies to the
//! enum's users rather than to the enum: a proto3 message cannot hold a
//! closed enum, and a map's values need an enum whose default is 0.

use crate::diagnostic::{Code, Diagnostic};
use crate::language::Dialect;
use crate::model::{Field, FieldType, Message, Schema, ValueType};

/// Reports every field that holds an enum it may not.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    for message in &schema.messages {
        let proto3 = schema
            .file(message.file)
            .is_some_and(|file| file.dialect == Dialect::Proto3);
        for field in &message.fields {
            check_field(schema, message, field, proto3, diagnostics);
        }
    }
}

fn check_field(
    schema: &Schema,
    message: &Message,
    field: &Field,
    proto3: bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let ValueType::Enum(id) = field.ty.value() else {
        return;
    };
    let enumeration = schema.enumeration(id);
    if proto3 && enumeration.closed {
        diagnostics.push(
            Diagnostic::new(
                Code::ClosedEnumInProto3,
                field.type_span,
                format!(
                    "`{}.{}` holds the closed enum `{}`, but its file is proto3",
                    message.full_name, field.name, enumeration.full_name
                ),
            )
            .with_secondary(enumeration.span, "declared closed here"),
        );
    }
    let first = enumeration.values.first();
    if let (FieldType::Map(..), Some(first)) = (field.ty, first)
        && first.number != 0
    {
        diagnostics.push(
            Diagnostic::new(
                Code::MapValueEnumNotZero,
                field.type_span,
                format!(
                    "the values of the map `{}.{}` are `{}`, whose first value, `{}`, is {}",
                    message.full_name, field.name, enumeration.full_name, first.name, first.number
                ),
            )
            .with_secondary(first.number_span, "not 0"),
        );
    }
}
