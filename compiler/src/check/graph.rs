//! What graph mode (`ref` and `weak` fields, docs/graph.md) asks of a
//! schema: the messages that references point at leave graph mode's
//! `schemac_graph_id` alone. And what a build's options cannot generate
//! for it: borrowed views of graph messages.

use super::describe_range;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{
    Field, GRAPH_ID_FIELD_NAME, GRAPH_ID_FIELD_NUMBER, Message, Schema, ValueType, lower_camel_case,
};
use crate::source::Span;

/// Reports, in every message that a `ref` or `weak` points at, each
/// declaration that takes the number or a name of the field
/// `schemac_graph_id = 536870911` that the exported `.proto` adds to it
/// ([`GRAPH_ID_FIELD_NAME`], [`GRAPH_ID_FIELD_NUMBER`]), and that protoc
/// would refuse beside it: a field with its number, its name or its JSON
/// name, a oneof with its name, a reserved or extension range that holds
/// its number, and its name reserved. Each diagnostic points at the first
/// reference to the message too. Names of other kinds, nested types and
/// enum values, are protobuf scope clashes (E0319).
pub(super) fn check_graph_ids(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    for (message, reference) in schema.messages.iter().zip(first_references(schema)) {
        let Some(reference) = reference else {
            continue;
        };
        for taker in graph_id_takers(message) {
            diagnostics.push(
                Diagnostic::new(
                    Code::GraphIdClash,
                    taker.span,
                    format!(
                        "{} {} graph mode's `{GRAPH_ID_FIELD_NAME} = {GRAPH_ID_FIELD_NUMBER}`, \
                         which `{}` carries as the target of a `ref` or `weak`",
                        taker.what, taker.takes, message.full_name
                    ),
                )
                .with_secondary(
                    reference.type_span,
                    format!("a reference to `{}`", message.full_name),
                ),
            );
        }
    }
}

/// For each message of [`Schema::messages`], the first `ref` or `weak`
/// field that points at it, in the order of the messages and their
/// fields; `None` for a message that no reference points at.
fn first_references(schema: &Schema) -> Vec<Option<&Field>> {
    let mut first = vec![None; schema.messages.len()];
    for field in schema.messages.iter().flat_map(|message| &message.fields) {
        if let ValueType::Ref(id, _) = field.ty.value()
            && let Some(slot @ None) = first.get_mut(id.0 as usize)
        {
            *slot = Some(field);
        }
    }
    first
}

/// A declaration that takes the number or a name of graph mode's field.
struct Taker {
    /// Where it is.
    span: Span,
    /// What it is: "the field `id`".
    what: String,
    /// What of graph mode's field it takes: "has the number of".
    takes: &'static str,
}

/// What in `message` takes the number or a name of graph mode's field, in
/// source order.
fn graph_id_takers(message: &Message) -> Vec<Taker> {
    let json_name = lower_camel_case(GRAPH_ID_FIELD_NAME);
    let mut takers = Vec::new();
    let mut take = |span, what: String, takes| takers.push(Taker { span, what, takes });
    for field in &message.fields {
        let what = || format!("the field `{}`", field.name);
        if field.number == GRAPH_ID_FIELD_NUMBER {
            take(field.number_span, what(), "has the number of");
        }
        if field.name == GRAPH_ID_FIELD_NAME {
            take(field.name_span, what(), "has the name of");
        } else if [field.name.as_str(), field.json_name().as_str()]
            .iter()
            .any(|key| [GRAPH_ID_FIELD_NAME, json_name.as_str()].contains(key))
        {
            // protoc refuses two fields of one JSON name in proto3.
            take(field.name_span, what(), "has the JSON name of");
        }
    }
    for oneof in &message.oneofs {
        if oneof.name == GRAPH_ID_FIELD_NAME {
            take(
                oneof.span,
                format!("the oneof `{}`", oneof.name),
                "has the name of",
            );
        }
    }
    let ranges = [
        ("reserved", &message.reserved.ranges),
        ("extensions", &message.extension_ranges),
    ];
    for (keyword, ranges) in ranges {
        for range in ranges {
            if range.contains(GRAPH_ID_FIELD_NUMBER) {
                let what = format!("`{keyword} {}`", describe_range(range));
                take(range.span, what, "holds the number of");
            }
        }
    }
    for (name, span) in &message.reserved.names {
        if name == GRAPH_ID_FIELD_NAME {
            take(
                *span,
                format!("the reserved name `{name}`"),
                "is the name of",
            );
        }
    }
    takers.sort_by_key(|taker| taker.span);
    takers
}

/// One diagnostic per graph message ([`Schema::graph_messages`]), which
/// gets no borrowed view.
pub(super) fn check_views(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let graph = schema.graph_messages();
    for (message, _) in schema
        .messages
        .iter()
        .zip(graph)
        .filter(|(_, graph)| *graph)
    {
        diagnostics.push(
            Diagnostic::new(
                Code::NotGenerated,
                message.span,
                format!(
                    "no borrowed view is generated for `{}`, which reaches a `ref` or `weak` field",
                    message.full_name
                ),
            )
            .with_label("a graph message")
            .with_help(
                "a view borrows its input and cannot share one object between fields; \
                     decode the owned message, or build without views (docs/views.md)",
            ),
        );
    }
}
