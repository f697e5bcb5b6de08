//! What a build's options cannot generate for graph mode (`ref` and
//! `weak` fields, docs/graph.md): borrowed views and serde impls of graph
//! messages.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::Schema;

/// The options of a build that graph messages cannot have.
#[derive(Clone, Copy, Debug, Default)]
pub struct GraphOptions {
    /// `Config::views`.
    pub views: bool,
    /// `Config::json`.
    pub json: bool,
}

/// One diagnostic per graph message ([`Schema::graph_messages`]) for each
/// thing `options` asks that cannot be generated for it.
pub(super) fn check(schema: &Schema, options: GraphOptions, diagnostics: &mut Vec<Diagnostic>) {
    let graph = schema.graph_messages();
    for (message, _) in schema
        .messages
        .iter()
        .zip(graph)
        .filter(|(_, graph)| *graph)
    {
        if options.views {
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
        if options.json {
            diagnostics.push(
                Diagnostic::new(
                    Code::NotGenerated,
                    message.span,
                    format!(
                        "no serde impls are generated for `{}`, which reaches a `ref` or `weak` field",
                        message.full_name
                    ),
                )
                .with_label("a graph message")
                .with_help(
                    "graph mode has no JSON form yet (docs/graph.md); build without JSON",
                ),
            );
        }
    }
}
