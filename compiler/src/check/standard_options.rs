//! The rules protoc puts on standard options beyond their types: a message
//! set has no fields, `map_entry` is protoc's to set, `features` belong to
//! editions, `lazy` and `unverified_lazy` are for message fields (and the
//! second never for an extension), and `jstype` for 64-bit integers.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::{Constant, Field, Options, Scalar, Schema, ValueType};

/// Reports every standard option set where protoc refuses it.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    for message in &schema.messages {
        if message.options.flag("message_set_wire_format")
            && let Some(field) = message.fields.first()
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    field.name_span,
                    format!(
                        "the message set `{}` has a field; a message set has only extensions",
                        message.full_name
                    ),
                )
                .with_label("a field of a message set")
                .with_help(
                    "move the field into a message of its own, held by an extension of the set",
                ),
            );
        }
        if let Some(map_entry) = message.options.get("map_entry") {
            diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    map_entry.span,
                    "`map_entry` is set by protoc on the entries of map fields, never by hand",
                )
                .with_help("write the field as `map<KeyType, ValueType>` instead"),
            );
        }
        features_outside_editions(&message.options, diagnostics);
        for field in &message.fields {
            field_options(field, false, diagnostics);
        }
    }
    for extension in &schema.extensions {
        field_options(&extension.field, true, diagnostics);
    }
    for file in &schema.files {
        features_outside_editions(&file.options, diagnostics);
    }
    for enumeration in &schema.enums {
        features_outside_editions(&enumeration.options, diagnostics);
    }
}

/// The rules of a field's options; `extension` for an extension's.
fn field_options(field: &Field, extension: bool, diagnostics: &mut Vec<Diagnostic>) {
    let options = &field.options;
    features_outside_editions(options, diagnostics);
    let message = matches!(
        field.ty.value(),
        ValueType::Message(_) | ValueType::WellKnown(_)
    );
    for lazy in ["lazy", "unverified_lazy"] {
        let Some(set) = options.get(lazy) else {
            continue;
        };
        if set.values != [Constant::Bool(true)] {
            continue;
        }
        let problem = match (message, extension && lazy == "unverified_lazy") {
            (_, true) => "an extension cannot be `unverified_lazy`",
            (false, _) => "only a message field can be read lazily",
            (true, false) => continue,
        };
        diagnostics.push(
            Diagnostic::new(
                Code::InvalidOption,
                set.span,
                format!("`[{lazy} = true]` on `{}`: {problem}", field.name),
            )
            .with_help(format!("remove `{lazy}`")),
        );
    }
    if let Some(jstype) = options.get("jstype") {
        let wide = matches!(
            field.ty.value(),
            ValueType::Scalar(
                Scalar::I64 | Scalar::U64 | Scalar::Sint64 | Scalar::Fixed64 | Scalar::Sfixed64
            )
        );
        if !wide {
            diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    jstype.span,
                    format!("`jstype` on `{}`, which is no 64-bit integer", field.name),
                )
                .with_help(
                    "`jstype` says how JavaScript holds an int64, uint64, sint64, fixed64 or \
                     sfixed64 field; remove it",
                ),
            );
        }
    }
}

/// Reports `features` set in a proto2 or proto3 file.
fn features_outside_editions(options: &Options, diagnostics: &mut Vec<Diagnostic>) {
    if let Some(features) = options.get("features") {
        diagnostics.push(
            Diagnostic::new(
                Code::InvalidOption,
                features.span,
                "`features` are options of editions, not of proto2 or proto3 files",
            )
            .with_help(
                "remove them; proto2 and proto3 say with labels and options what features say",
            ),
        );
    }
}
