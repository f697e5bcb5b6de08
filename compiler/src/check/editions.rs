//! The rules protoc puts on an editions file's `features`
//! (docs/proto.md#editions): each feature is set only on the kinds of
//! element its `targets` in `descriptor.proto` name (a language's
//! feature, `(pb.java).nest_in_file_class`, on those its definition's
//! `targets` name), and a field sets only
//! the features that mean something for it (no presence on a list, a
//! oneof's member or an extension, no implicit presence on a message
//! field, an encoding of messages only on a message field, of lists only
//! on a list, of UTF-8 only on strings). A field with implicit presence
//! cannot hold a closed enum, and editions have no `packed` option.
//!
//! The features each element ends up with are resolve's; these rules read
//! what the file writes, as the element's options hold it.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::{
    Constant, Field, FieldDefinition, FieldType, OptionField, Options, Scalar, Schema, ValueType,
};
use crate::source::FileId;

/// A kind of element that takes options, as `descriptor.proto`'s
/// `OptionTargetType` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    File,
    Message,
    Field,
    Oneof,
    Enum,
    EnumValue,
    Service,
    Method,
    ExtensionRange,
}

impl Target {
    /// The target `descriptor.proto`'s `OptionTargetType` names `name`.
    fn from_name(name: &str) -> Option<Target> {
        Some(match name {
            "TARGET_TYPE_FILE" => Target::File,
            "TARGET_TYPE_MESSAGE" => Target::Message,
            "TARGET_TYPE_FIELD" => Target::Field,
            "TARGET_TYPE_ONEOF" => Target::Oneof,
            "TARGET_TYPE_ENUM" => Target::Enum,
            "TARGET_TYPE_ENUM_ENTRY" => Target::EnumValue,
            "TARGET_TYPE_SERVICE" => Target::Service,
            "TARGET_TYPE_METHOD" => Target::Method,
            "TARGET_TYPE_EXTENSION_RANGE" => Target::ExtensionRange,
            _ => return None,
        })
    }

    /// How protoc's messages name it: a `message`.
    fn word(self) -> &'static str {
        match self {
            Target::File => "a file",
            Target::Message => "a message",
            Target::Field => "a field",
            Target::Oneof => "a oneof",
            Target::Enum => "an enum",
            Target::EnumValue => "an enum value",
            Target::Service => "a service",
            Target::Method => "a method",
            Target::ExtensionRange => "an extension range",
        }
    }
}

/// The elements each feature of editions 2023 and 2024 may be set on,
/// from `descriptor.proto`'s `targets`.
fn targets(feature: &str) -> Option<&'static [Target]> {
    use Target::{Enum, EnumValue, ExtensionRange, Field, File, Message, Method, Oneof, Service};
    Some(match feature {
        "field_presence" | "repeated_field_encoding" | "utf8_validation" | "message_encoding" => {
            &[File, Field]
        }
        "enum_type" => &[File, Enum],
        "json_format" => &[File, Message, Enum],
        "enforce_naming_style" => &[
            File,
            ExtensionRange,
            Message,
            Field,
            Oneof,
            Enum,
            EnumValue,
            Service,
            Method,
        ],
        "default_symbol_visibility" => &[File],
        _ => return None,
    })
}

/// Reports every feature of an editions file set where protoc refuses it.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let editions = |file: FileId| {
        schema
            .file(file)
            .is_some_and(|file| file.edition().is_some())
    };
    for file in schema.files.iter().filter(|file| editions(file.id)) {
        check_targets(schema, &file.options, Target::File, diagnostics);
    }
    for message in schema.messages.iter().filter(|m| editions(m.file)) {
        check_targets(schema, &message.options, Target::Message, diagnostics);
        for oneof in &message.oneofs {
            check_targets(schema, &oneof.options, Target::Oneof, diagnostics);
        }
        for options in &message.extension_range_options {
            check_targets(schema, options, Target::ExtensionRange, diagnostics);
        }
        for field in &message.fields {
            check_field(schema, field, Place::Message, diagnostics);
        }
    }
    for extension in schema.extensions.iter().filter(|e| editions(e.file)) {
        check_field(schema, &extension.field, Place::Extension, diagnostics);
    }
    for enumeration in schema.enums.iter().filter(|e| editions(e.file)) {
        check_targets(schema, &enumeration.options, Target::Enum, diagnostics);
        for value in &enumeration.values {
            check_targets(schema, &value.options, Target::EnumValue, diagnostics);
        }
    }
    for service in schema.services.iter().filter(|s| editions(s.file)) {
        check_targets(schema, &service.options, Target::Service, diagnostics);
        for method in &service.methods {
            check_targets(schema, &method.options, Target::Method, diagnostics);
        }
    }
}

/// The features `options` set, each with what it is set to.
fn written(options: &Options) -> Vec<&OptionField> {
    let Some(features) = options.get("features") else {
        return Vec::new();
    };
    (features.values.iter())
        .filter_map(|value| match value {
            Constant::Message(set) => Some(set.fields.iter()),
            _ => None,
        })
        .flatten()
        .filter(|feature| targets(&feature.name).is_some())
        .collect()
}

/// The features of languages that `options` set (the fields of the
/// message a `FeatureSet` extension holds: `(pb.java).nest_in_file_class`),
/// each with its full name and the targets its definition names.
fn language_features<'o>(
    schema: &Schema,
    options: &'o Options,
) -> Vec<(&'o OptionField, String, Vec<Target>)> {
    let Some(features) = options.get("features") else {
        return Vec::new();
    };
    let extensions = (features.values.iter())
        .filter_map(|value| match value {
            Constant::Message(set) => Some(set.fields.iter()),
            _ => None,
        })
        .flatten()
        .filter(|feature| matches!(feature.definition, FieldDefinition::Extension(_)));
    let mut found = Vec::new();
    for extension in extensions {
        for value in &extension.values {
            let Constant::Message(set) = value else {
                continue;
            };
            for feature in &set.fields {
                let FieldDefinition::Field(message, index) = feature.definition else {
                    continue;
                };
                let Some(definition) = schema.message(message).fields.get(index) else {
                    continue;
                };
                let targets = (definition.options.get("targets"))
                    .map(|targets| {
                        (targets.values.iter())
                            .filter_map(|value| match value {
                                Constant::Enum(_, name) => Target::from_name(name),
                                _ => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                found.push((feature, definition.full_name.clone(), targets));
            }
        }
    }
    found
}

/// Reports each feature `options` set that `target` does not take.
fn check_targets(
    schema: &Schema,
    options: &Options,
    target: Target,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for (feature, full_name, allowed) in language_features(schema, options) {
        if allowed.is_empty() || allowed.contains(&target) {
            continue;
        }
        let on: Vec<&str> = allowed.iter().map(|target| target.word()).collect();
        diagnostics.push(
            Diagnostic::new(
                Code::InvalidOption,
                feature.span,
                format!(
                    "the feature `{full_name}` cannot be set on {}",
                    target.word()
                ),
            )
            .with_label(format!("not a feature of {}", target.word()))
            .with_help(format!(
                "set it on {}, as its definition's `targets` say",
                on.join(" or ")
            )),
        );
    }
    for feature in written(options) {
        let Some(allowed) = targets(&feature.name) else {
            continue;
        };
        if allowed.contains(&target) {
            continue;
        }
        let on: Vec<&str> = allowed.iter().map(|target| target.word()).collect();
        diagnostics.push(
            Diagnostic::new(
                Code::InvalidOption,
                feature.span,
                format!(
                    "the feature `{}` cannot be set on {}",
                    feature.name,
                    target.word()
                ),
            )
            .with_label(format!("not a feature of {}", target.word()))
            .with_help(format!(
                "set it on {}; what the file sets holds for every element in it",
                on.join(" or ")
            )),
        );
    }
}

/// Where a field is declared.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Message,
    Extension,
}

/// Reports the features `field` sets that mean nothing for it, its
/// implicit presence with a closed enum, and `packed`.
fn check_field(schema: &Schema, field: &Field, place: Place, diagnostics: &mut Vec<Diagnostic>) {
    check_targets(schema, &field.options, Target::Field, diagnostics);
    let mut refuse = |span, message: String, help: &str| {
        diagnostics.push(
            Diagnostic::new(Code::InvalidOption, span, message)
                .with_label("not for this field")
                .with_help(help.to_owned()),
        );
    };
    let name = &field.name;
    let value = field.ty.value();
    let message_field = matches!(value, ValueType::Message(_) | ValueType::WellKnown(_));
    for feature in written(&field.options) {
        let set_to = feature.values.first().and_then(|value| match value {
            Constant::Enum(_, name) => Some(name.as_str()),
            _ => None,
        });
        let span = feature.span;
        match feature.name.as_str() {
            "field_presence" => {
                let (what, help) = match field.ty {
                    FieldType::List(_) | FieldType::Map(..) => (
                        "a list or map",
                        "a list or map has no presence: an empty one is absent; remove the feature",
                    ),
                    _ if field.oneof.is_some() => (
                        "a oneof's member",
                        "a oneof's member has presence: the oneof says which is set; remove the feature",
                    ),
                    _ if place == Place::Extension => (
                        "an extension",
                        "an extension has presence, or is a list; remove the feature",
                    ),
                    _ if message_field && set_to == Some("IMPLICIT") => (
                        "a message field, with implicit presence",
                        "a message field always has presence; remove the feature",
                    ),
                    _ => continue,
                };
                refuse(
                    span,
                    format!("`{name}` is {what}, and cannot set `field_presence`"),
                    help,
                );
            }
            "message_encoding" if !message_field || matches!(field.ty, FieldType::Map(..)) => {
                refuse(
                    span,
                    format!("`{name}` is no message field, and cannot set `message_encoding`"),
                    "only a message field (or a list of messages) is delimited or length-prefixed; \
                     remove the feature",
                );
            }
            "repeated_field_encoding" => {
                let problem = match field.ty {
                    FieldType::List(_) if set_to == Some("PACKED") && !field.ty.is_packable() => {
                        "a list of strings, bytes or messages, which cannot be packed"
                    }
                    FieldType::List(_) => continue,
                    _ => "no list",
                };
                refuse(
                    span,
                    format!("`{name}` is {problem}, and cannot set `repeated_field_encoding`"),
                    "only a list of numbers, bools or enums is packed or expanded; remove the \
                     feature",
                );
            }
            "utf8_validation" if !holds_strings(field) => {
                refuse(
                    span,
                    format!("`{name}` holds no strings, and cannot set `utf8_validation`"),
                    "only a string field (or a list or map of strings) is validated; remove the \
                     feature",
                );
            }
            _ => {}
        }
    }
    if let Some(packed) = field.options.get("packed") {
        refuse(
            packed.span,
            format!("`packed` on `{name}`: editions have no `packed` option"),
            "write `features.repeated_field_encoding = PACKED` (or `EXPANDED`) instead",
        );
    }
    if let FieldType::Single(ValueType::Enum(id)) = field.ty
        && field.oneof.is_none()
        && schema.enumeration(id).closed
    {
        let enumeration = &schema.enumeration(id).full_name;
        refuse(
            field.name_span,
            format!(
                "`{name}` has implicit presence and holds `{enumeration}`, a closed enum; a \
                 field with implicit presence holds an open enum"
            ),
            "give the field explicit presence (`features.field_presence = EXPLICIT`), or make \
             the enum open",
        );
    }
}

/// Whether `field` holds strings: a string, a list of them, or a map with
/// string keys or values.
fn holds_strings(field: &Field) -> bool {
    let string = |ty: ValueType| ty == ValueType::Scalar(Scalar::String);
    match field.ty {
        FieldType::Map(key, value) => key == Scalar::String || string(value),
        other => string(other.value()),
    }
}
