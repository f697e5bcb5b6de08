//! Tests of the `.proto` parser: every construct protoc reads, docs as
//! protoc attributes comments, errors and recovery, and hostile input.

mod constructs;
mod docs;
mod edition_2024;
mod errors;
mod robustness;

use super::parse;
use crate::ast::{FieldDecl, Item, Member, MessageDecl, SchemaFile};
use crate::diagnostic::Diagnostic;
use crate::source::{FileId, Span};

/// Parses `text`, which must have no diagnostics.
fn parse_ok(text: &str) -> SchemaFile {
    let (file, diagnostics) = parse(FileId(0), "test.proto", text);
    assert!(diagnostics.is_empty(), "{text}\n{diagnostics:#?}");
    file
}

/// The diagnostics of `text`, which must have some.
fn parse_err(text: &str) -> Vec<Diagnostic> {
    let (_, diagnostics) = parse(FileId(0), "test.proto", text);
    assert!(!diagnostics.is_empty(), "no diagnostics for {text:?}");
    diagnostics
}

/// The text a span covers.
fn at(text: &str, span: Span) -> &str {
    &text[span.range()]
}

/// The `index`th top-level item, which must be a message.
fn message(file: &SchemaFile, index: usize) -> &MessageDecl {
    match &file.items[index] {
        Item::Message(message) => message,
        other => panic!("expected a message, found {other:?}"),
    }
}

/// The `index`th member of `message`, which must be a field.
fn field(message: &MessageDecl, index: usize) -> &FieldDecl {
    match &message.members[index] {
        Member::Field(field) => field,
        other => panic!("expected a field, found {other:?}"),
    }
}
