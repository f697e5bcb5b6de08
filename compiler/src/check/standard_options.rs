//! The rules protoc puts on standard options beyond their types: a message
//! set has no fields, `map_entry` is protoc's to set, `features` belong to
//! editions, `lazy` and `unverified_lazy` are for message fields (and the
//! second never for an extension), `jstype` for 64-bit integers, and the
//! `feature_support` of a feature (a field of a `FeatureSet` extension's
//! message, and the values of its enum) says consistently when it came,
//! was deprecated and went, with the warning and the error to give.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::{Constant, Field, OptionField, Options, Scalar, Schema, ValueType};
use crate::source::{FileId, Span};

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
        let editions = in_editions(schema, message.file);
        features_outside_editions(editions, &message.options, diagnostics);
        for field in &message.fields {
            field_options(field, false, editions, diagnostics);
        }
    }
    for extension in &schema.extensions {
        let editions = in_editions(schema, extension.file);
        field_options(&extension.field, true, editions, diagnostics);
    }
    for file in &schema.files {
        let editions = file.edition().is_some();
        features_outside_editions(editions, &file.options, diagnostics);
    }
    for enumeration in &schema.enums {
        let editions = in_editions(schema, enumeration.file);
        features_outside_editions(editions, &enumeration.options, diagnostics);
    }
    features(schema, diagnostics);
}

/// The `feature_support` of every feature: the fields of the messages that
/// extensions of `google.protobuf.FeatureSet` hold, and their enums' values.
fn features(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let feature_sets = (schema.extensions.iter()).filter(|extension| {
        extension
            .extendee
            .is_some_and(|id| schema.message(id).full_name == "google.protobuf.FeatureSet")
    });
    for extension in feature_sets {
        let ValueType::Message(id) = extension.field.ty.value() else {
            continue;
        };
        let message = schema.message(id);
        for field in &message.fields {
            let full_name = format!("{}.{}", message.full_name, field.name);
            feature_support(&field.options, &full_name, field.name_span, diagnostics);
            if let ValueType::Enum(id) = field.ty.value() {
                let enumeration = schema.enumeration(id);
                let scope = enumeration
                    .full_name
                    .rsplit_once('.')
                    .map_or("", |(scope, _)| scope);
                for value in &enumeration.values {
                    let full_name = match scope.is_empty() {
                        true => value.name.clone(),
                        false => format!("{scope}.{}", value.name),
                    };
                    feature_support(&value.options, &full_name, value.name_span, diagnostics);
                }
            }
        }
    }
}

/// Reports a `feature_support` among `options` that is not consistent, of
/// the feature named `full_name`.
fn feature_support(
    options: &Options,
    full_name: &str,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(Constant::Message(support)) = options
        .get("feature_support")
        .and_then(|f| f.values.first())
    else {
        return;
    };
    let edition = |name: &str| match support
        .get(name)
        .map(|field: &OptionField| &field.values[..])
    {
        Some([Constant::Enum(number, _)]) => Some(*number),
        _ => None,
    };
    let has = |name: &str| support.get(name).is_some();
    let introduced = edition("edition_introduced").unwrap_or(0);
    let deprecated = edition("edition_deprecated");
    let removed = edition("edition_removed");
    let problem = match (deprecated, removed) {
        (Some(deprecated), _) if deprecated < introduced => {
            "was deprecated before it was introduced"
        }
        (Some(_), _) if !has("deprecation_warning") => {
            "is deprecated but does not specify a deprecation warning"
        }
        (None, _) if has("deprecation_warning") => {
            "specifies a deprecation warning but is not marked deprecated in any edition"
        }
        (_, Some(removed)) if deprecated.unwrap_or(0) >= removed => {
            "was deprecated after it was removed"
        }
        (_, Some(removed)) if removed < introduced => "was removed before it was introduced",
        (_, Some(removed)) if removed != introduced && !has("removal_error") => {
            "has been removed but does not specify a removal error"
        }
        (_, None) if has("removal_error") => {
            "specifies a removal error but is not marked removed in any edition"
        }
        _ => return,
    };
    diagnostics.push(
        Diagnostic::new(
            Code::InvalidOption,
            span,
            format!("the feature `{full_name}` {problem}"),
        )
        .with_label("its `feature_support` is not consistent")
        .with_help(
            "a feature is introduced, then deprecated with a `deprecation_warning`, then \
                 removed with a `removal_error`, in that order of editions",
        ),
    );
}

/// The rules of a field's options; `extension` for an extension's,
/// `editions` for a field of an editions file.
fn field_options(
    field: &Field,
    extension: bool,
    editions: bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let options = &field.options;
    features_outside_editions(editions, options, diagnostics);
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

/// Whether `file` is an editions file.
fn in_editions(schema: &Schema, file: FileId) -> bool {
    schema
        .file(file)
        .is_some_and(|file| file.edition().is_some())
}

/// Reports `features` set outside an editions file (`editions`).
fn features_outside_editions(editions: bool, options: &Options, diagnostics: &mut Vec<Diagnostic>) {
    if editions {
        return;
    }
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
