//! Recovery: a broken statement is reported at its first wrong token and
//! skipped, and the rest of its block is still read, in every kind of
//! block and at the top of the file.

use super::{at, field, message, parse};
use crate::ast::{Item, Member};
use crate::source::FileId;

/// The diagnostics of `text`, each as its message's start and the text it
/// points at.
fn errors(text: &str) -> Vec<(String, &str)> {
    let (_, diagnostics) = parse(FileId(0), text);
    diagnostics
        .iter()
        .map(|diagnostic| {
            let words: Vec<&str> = diagnostic.message.split(", but found").collect();
            (words[0].to_owned(), at(text, diagnostic.primary.span))
        })
        .collect()
}

#[test]
fn a_broken_member_is_skipped_and_the_message_read_on() {
    let text = "message A {\n  a: i32 = ;\n  b: i32 = 2;\n  c i32 = 3;\n  d: i32 = 4;\n  \
                e: list<i32 = 5;\n  f: i32 = 6 [x = ];\n  g: i32 = 7;\n}\nmessage B { x }\n";
    assert_eq!(
        errors(text),
        [
            ("expected the field's number".to_owned(), ";"),
            ("expected `:` after the field's name".to_owned(), "i32"),
            ("expected `>` after the list's element type".to_owned(), "="),
            ("expected a value: a number, a string, `true`, `false`, a name or a message in braces".to_owned(), "]"),
            ("expected `:` after the field's name".to_owned(), "}"),
        ]
    );
    let (file, _) = parse(FileId(0), text);
    let a = message(&file, 0);
    let names: Vec<&str> = (0..a.members.len())
        .map(|index| field(a, index).name.name.as_str())
        .collect();
    assert_eq!(names, ["b", "d", "g"]);
    assert_eq!(message(&file, 1).name.name, "B");
}

#[test]
fn every_kind_of_block_recovers() {
    let text = "enum E { A = 0; B; C = 2; }\n\
                message M { oneof o { a: i32 = 1; b i32 = 2; c: i32 = 3; } }\n\
                extend M { x: = 1; y: i32 = 2; }\n\
                service S { rpc A(B) returns C; rpc D(E) returns (F) { option = 1; option g = 2; } }\n";
    assert_eq!(
        errors(text),
        [
            ("expected `=` after the value's name".to_owned(), ";"),
            ("expected `:` after the field's name".to_owned(), "i32"),
            ("expected the field's type".to_owned(), "="),
            ("expected `(` and the response's type".to_owned(), "C"),
            ("expected an option's name".to_owned(), "="),
        ]
    );
    let (file, _) = parse(FileId(0), text);
    let Item::Enum(e) = &file.items[0] else {
        panic!("{:?}", file.items[0]);
    };
    assert_eq!(e.values.len(), 2);
    let Member::Oneof(oneof) = &message(&file, 1).members[0] else {
        panic!();
    };
    assert_eq!(oneof.fields.len(), 2);
    let Item::Extend(extend) = &file.items[2] else {
        panic!();
    };
    assert_eq!(extend.fields.len(), 1);
    let service = &file.services[0];
    assert_eq!(service.methods.len(), 1);
    assert_eq!(service.methods[0].options.len(), 1);
}

#[test]
fn skipping_at_the_top_stops_at_a_declaration() {
    // The `package` missing its `;` does not take the message with it.
    let text = "package shop\nmessage A {}\nimport \"a.schema\"\nenum E { Z = 0; }";
    let (file, diagnostics) = parse(FileId(0), text);
    assert_eq!(diagnostics.len(), 2, "{diagnostics:#?}");
    assert_eq!(file.items.len(), 2);
}

#[test]
fn a_broken_message_literal_is_one_error() {
    // Skipped as the text format, its strings raise no error of their own.
    let text = "message A {\n  x: i32 = 1 [(r) = { a: 'q' b: \"\\101\" c }, d = 2];\n  \
                option (s) = { a: 'q' b };\n  y: i32 = 2;\n}\n";
    assert_eq!(
        errors(text),
        [
            ("expected `:` or `{` after the field's name".to_owned(), "}"),
            ("expected `:` or `{` after the field's name".to_owned(), "}"),
        ]
    );
    let (file, _) = parse(FileId(0), text);
    assert_eq!(field(message(&file, 0), 0).name.name, "y");
}

#[test]
fn an_unterminated_string_is_one_error() {
    let text =
        "import \"a.schema\nmessage A { x: string = 1 [default = \"b];\n}\nenum E { Z = 0; }";
    let (file, diagnostics) = parse(FileId(0), text);
    let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(messages, ["unterminated string", "unterminated string"]);
    assert_eq!(file.items.len(), 2);
}
