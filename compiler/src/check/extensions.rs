//! The rules for extensions, as protoc has them: each takes a number that
//! its message keeps for extensions, no two extensions of one message share
//! a number, and none is `required`, a map, or given a `json_name`; a
//! proto3 file extends only options messages, and a message set's
//! extensions are optional messages. schemac adds one rule: an extension
//! holds no reference of graph mode, nor a message that reaches one, since
//! its value is encoded on its own, without the graph's pre-pass.

use std::collections::HashMap;

use super::ranges;
use crate::diagnostic::{Code, Diagnostic};
use crate::language::Dialect;
use crate::model::{Extension, FieldType, MessageId, Schema, ValueType};

/// The package whose `*Options` messages custom options extend.
const OPTIONS_PACKAGE: &str = "google.protobuf";

/// Reports every extension that breaks a rule.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let graph = schema.graph_messages();
    let in_range = in_range(schema);
    let mut taken: HashMap<(MessageId, i64), &Extension> = HashMap::new();
    for (extension, in_range) in schema.extensions.iter().zip(in_range) {
        let field = &extension.field;
        // An `extend` of no message was reported already.
        let Some(extendee_id) = extension.extendee else {
            continue;
        };
        let extendee = schema.message(extendee_id);
        if !in_range {
            let help = match extendee.extension_ranges.is_empty() {
                true => format!(
                    "`{}` keeps no numbers for extensions; it would need `extensions {} to ...;`",
                    extendee.full_name, field.number
                ),
                false => format!(
                    "pick a number in the `extensions` ranges of `{}`",
                    extendee.full_name
                ),
            };
            diagnostics.push(
                Diagnostic::new(
                    Code::ExtensionOutOfRange,
                    field.number_span,
                    format!(
                        "the extension `{}` has number {}, which `{}` does not keep for extensions",
                        field.full_name, field.number, extendee.full_name
                    ),
                )
                .with_help(help),
            );
        }
        match taken.get(&(extendee_id, field.number)) {
            Some(first) => diagnostics.push(
                Diagnostic::new(
                    Code::DuplicateExtensionNumber,
                    field.number_span,
                    format!(
                        "the extensions `{}` and `{}` of `{}` both have number {}",
                        first.field.full_name, field.full_name, extendee.full_name, field.number
                    ),
                )
                .with_secondary(first.field.number_span, "first used here"),
            ),
            None => {
                taken.insert((extendee_id, field.number), extension);
            }
        }
        if let Some(problem) = problem(schema, extension, extendee_id, &graph) {
            diagnostics.push(
                Diagnostic::new(
                    Code::InvalidExtension,
                    field.name_span,
                    format!("the extension `{}` {problem}", field.full_name),
                )
                .with_label("not a valid extension"),
            );
        }
    }
}

/// For each extension, whether an extension range of the message it
/// extends holds its number: the numbers of each message's extensions
/// looked up in its ranges at once, rather than each in every range.
fn in_range(schema: &Schema) -> Vec<bool> {
    let mut by_extendee: HashMap<MessageId, Vec<usize>> = HashMap::new();
    for (index, extension) in schema.extensions.iter().enumerate() {
        if let Some(extendee) = extension.extendee {
            by_extendee.entry(extendee).or_default().push(index);
        }
    }
    let mut in_range = vec![false; schema.extensions.len()];
    for (extendee, indices) in by_extendee {
        let numbers = (indices.iter()).map(|&index| schema.extensions[index].field.number);
        let ranges = &schema.message(extendee).extension_ranges;
        for (index, range) in indices.iter().zip(ranges::first_holding(ranges, numbers)) {
            in_range[*index] = range.is_some();
        }
    }
    in_range
}

/// What is wrong with `extension`, of the message `extendee`, besides
/// its number, if anything.
fn problem(
    schema: &Schema,
    extension: &Extension,
    extendee: MessageId,
    graph: &[bool],
) -> Option<String> {
    let field = &extension.field;
    match field.ty.value() {
        ValueType::Ref(..) => {
            return Some("cannot be a `ref` or `weak`: graph mode has no extensions".to_owned());
        }
        ValueType::Message(id) if graph.get(id.0 as usize) == Some(&true) => {
            return Some(format!(
                "cannot hold `{}`, which reaches a `ref` or `weak`: graph mode has no extensions",
                schema.message(id).full_name
            ));
        }
        _ => {}
    }
    let extendee = schema.message(extendee);
    let dialect = schema.file(extension.file).map(|file| file.dialect);
    let options_message = extendee.full_name.starts_with(OPTIONS_PACKAGE)
        && extendee.full_name.ends_with("Options")
        || extendee.full_name == "google.protobuf.FeatureSet";
    if dialect == Some(Dialect::Proto3) && !options_message {
        return Some(format!(
            "extends `{}`: a proto3 file declares extensions only of options messages, for custom options",
            extendee.full_name
        ));
    }
    match field.ty {
        FieldType::Required(_) => return Some("cannot be `required`".to_owned()),
        FieldType::Map(..) => return Some("cannot be a map".to_owned()),
        _ => {}
    }
    if field.json_name.is_some() {
        return Some(
            "cannot have a `json_name`: JSON names an extension `[its.full_name]`".to_owned(),
        );
    }
    let message_set = extendee.options.flag("message_set_wire_format");
    let optional_message = matches!(
        field.ty,
        FieldType::Optional(ValueType::Message(_)) | FieldType::Single(ValueType::Message(_))
    );
    if message_set && !optional_message {
        return Some(format!(
            "extends the message set `{}`, whose extensions are optional messages",
            extendee.full_name
        ));
    }
    None
}
