//! Tests of the `.schema` parser: every construct, the example schemas,
//! doc comments, error messages and recovery, and hostile input.

mod constructs;
mod docs;
mod errors;
mod recovery;
mod robustness;
mod services;

use super::parse;
use crate::ast::{Item, Member, MessageDecl, SchemaFile};
use crate::diagnostic::Diagnostic;
use crate::source::{FileId, Span};

/// Parses `text`, which must have no syntax errors.
fn parse_ok(text: &str) -> SchemaFile {
    let (file, diagnostics) = parse(FileId(0), text);
    assert!(diagnostics.is_empty(), "{text}\n{diagnostics:#?}");
    file
}

/// The diagnostics of `text`, which must have some.
fn parse_err(text: &str) -> Vec<Diagnostic> {
    let (_, diagnostics) = parse(FileId(0), text);
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
fn field(message: &MessageDecl, index: usize) -> &crate::ast::FieldDecl {
    match &message.members[index] {
        Member::Field(field) => field,
        other => panic!("expected a field, found {other:?}"),
    }
}

/// The example schemas in schemas/, with their names.
fn example_schemas() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas");
    let mut schemas = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("schemas/ is readable") {
        let path = entry.expect("schemas/ is listable").path();
        if path.extension().is_some_and(|ext| ext == "schema") {
            let text = std::fs::read_to_string(&path).expect("schemas are UTF-8");
            schemas.push((path.display().to_string(), text));
        }
    }
    schemas.sort();
    assert!(schemas.len() >= 5, "found only {} schemas", schemas.len());
    schemas
}

#[test]
fn example_schemas_parse_cleanly() {
    for (name, text) in example_schemas() {
        let (file, diagnostics) = parse(FileId(0), &text);
        assert!(diagnostics.is_empty(), "{name}: {diagnostics:#?}");
        assert!(file.package.is_some(), "{name}");
        assert!(!file.items.is_empty(), "{name}");
    }
}

#[test]
fn language_reference_example_parses() {
    let doc = include_str!("../../../../../docs/language.md");
    let example = doc
        .split("## Example")
        .nth(1)
        .and_then(|rest| rest.split("```text\n").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("docs/language.md has an example");
    let file = parse_ok(example);
    assert_eq!(file.items.len(), 3);
    assert_eq!(message(&file, 2).docs, ["An order and its lines."]);
}
