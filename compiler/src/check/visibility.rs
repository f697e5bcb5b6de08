//! The rule edition 2024 puts on `export` under `features.
//! default_symbol_visibility = STRICT`, as protoc 35 checks it
//! (`symbol_checker.cc`): a nested message or enum cannot be exported,
//! but for an enum in a top-level local message that reserves every
//! field number, the way to namespace an exported enum (`local message
//! Ns { export enum Kind { ... } reserved 1 to max; }`).
//!
//! That another file uses no type local to its own is resolve's to
//! report, where names are looked up.

use crate::diagnostic::{Code, Diagnostic};
use crate::language::Visibility;
use crate::model::{MAX_FIELD_NUMBER, Message, Schema};
use crate::resolve::features::{DefaultVisibility, Features};
use crate::source::FileId;

/// Reports every nested message and enum exported where `STRICT` forbids
/// it.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let strict = |file: FileId| {
        schema.file(file).is_some_and(|file| {
            Features::of_file(file).default_visibility == DefaultVisibility::Strict
        })
    };
    let exported = |visibility| visibility == Some(Visibility::Export);
    for message in &schema.messages {
        if message.parent.is_some() && exported(message.visibility) && strict(message.file) {
            diagnostics.push(refusal("message", &message.full_name, message.span, None));
        }
    }
    for enumeration in &schema.enums {
        let Some(parent) = enumeration.parent else {
            continue;
        };
        if !exported(enumeration.visibility) || !strict(enumeration.file) {
            continue;
        }
        let container = schema.message(parent);
        if namespace(container) {
            continue;
        }
        let diagnostic = refusal(
            "enum",
            &enumeration.full_name,
            enumeration.span,
            Some(container),
        );
        diagnostics.push(diagnostic);
    }
}

/// Whether `message`, in a `STRICT` file, may hold exported enums: a
/// top-level message, local, whose one reserved range is every field
/// number.
fn namespace(message: &Message) -> bool {
    let [range] = message.reserved.ranges.as_slice() else {
        return false;
    };
    message.parent.is_none()
        && message.visibility != Some(Visibility::Export)
        && range.start == 1
        && range.end == MAX_FIELD_NUMBER
}

/// The refusal of the exported nested `kind` `full_name`, held by
/// `container` when it is an enum.
fn refusal(
    kind: &str,
    full_name: &str,
    span: crate::source::Span,
    container: Option<&Message>,
) -> Diagnostic {
    let help = match container {
        None => "under `default_symbol_visibility = STRICT` only a top-level type is exported: \
                 move it to the top level (ideally a file of its own), or drop `export`"
            .to_owned(),
        Some(container) => format!(
            "under `default_symbol_visibility = STRICT` only a top-level type is exported, or an \
             enum namespaced in a local message that reserves every field number: move it to \
             the top level, or make `{}` `local message {} {{ export enum ... reserved 1 to \
             max; }}`",
            container.full_name, container.name
        ),
    };
    Diagnostic::new(
        Code::LocalType,
        span,
        format!("the nested {kind} `{full_name}` cannot be exported: its file's default symbol visibility is STRICT"),
    )
    .with_label("nested, and exported")
    .with_help(help)
}
