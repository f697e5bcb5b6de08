//! What a build's options cannot generate for graph mode (`ref` and
//! `weak` fields, docs/graph.md): borrowed views of graph messages.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::Schema;

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
