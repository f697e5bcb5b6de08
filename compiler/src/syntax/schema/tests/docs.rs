//! Doc comments: which comments become docs, and how their text is kept.

use super::{field, message, parse_ok};
use crate::ast::{Item, Member};

#[test]
fn docs_attach_to_every_documentable_declaration() {
    let text = "/// The message.\nmessage A {\n  /// The field.\n  x: i32 = 1;\n  \
                /// The oneof.\n  oneof o {\n    /// The member.\n    y: i32 = 2;\n  }\n  \
                /// The nested enum.\n  enum E {\n    /// The value.\n    V = 0;\n  }\n}\n";
    let file = parse_ok(text);
    let a = message(&file, 0);
    assert_eq!(a.docs, ["The message."]);
    assert_eq!(field(a, 0).docs, ["The field."]);
    let Member::Oneof(oneof) = &a.members[1] else {
        panic!();
    };
    assert_eq!(oneof.docs, ["The oneof."]);
    assert_eq!(oneof.fields[0].docs, ["The member."]);
    let Member::Enum(e) = &a.members[2] else {
        panic!();
    };
    assert_eq!(e.docs, ["The nested enum."]);
    assert_eq!(e.values[0].docs, ["The value."]);
}

#[test]
fn doc_text_loses_the_marker_one_space_and_trailing_whitespace() {
    let text =
        "///  Two spaces.\n///\n///No space.\n///\tTab.   \n/// Trailing CR.\r\nenum E { A = 0; }";
    let file = parse_ok(text);
    let Item::Enum(e) = &file.items[0] else {
        panic!();
    };
    assert_eq!(
        e.docs,
        [" Two spaces.", "", "No space.", "\tTab.", "Trailing CR."]
    );
}

#[test]
fn four_slashes_and_block_comments_are_not_docs() {
    let text = "//// Not a doc.\n/** Not a doc either. */\n// Plain.\nmessage A {}";
    assert!(message(&parse_ok(text), 0).docs.is_empty());
}

#[test]
fn ordinary_comments_and_blank_lines_inside_docs_are_skipped() {
    let text = "/// First.\n\n// An ordinary comment.\n/// Second.\n/* block */\nmessage A {}";
    assert_eq!(message(&parse_ok(text), 0).docs, ["First.", "Second."]);
}

#[test]
fn docs_stop_at_the_previous_token() {
    // A doc comment before `package`, `reserved` or `}` belongs to nothing;
    // one after a field on the same line goes to the next declaration.
    let text = "/// Package doc.\npackage p;\nmessage A {\n  x: i32 = 1; /// After x.\n  \
                y: i32 = 2;\n  /// Before reserved.\n  reserved 3;\n  z: i32 = 4;\n  /// Dangling.\n}\n";
    let file = parse_ok(text);
    let a = message(&file, 0);
    assert!(a.docs.is_empty());
    assert!(field(a, 0).docs.is_empty());
    assert_eq!(field(a, 1).docs, ["After x."]);
    assert!(field(a, 3).docs.is_empty());
}

#[test]
fn docs_on_the_first_declaration_of_a_segment() {
    let text = "message A {}\n/// Docs of B.\nmessage B {}";
    let file = parse_ok(text);
    assert!(message(&file, 0).docs.is_empty());
    assert_eq!(message(&file, 1).docs, ["Docs of B."]);
}

#[test]
fn comments_inside_message_literals_are_no_docs() {
    let text = "message A {\n  option (x) = { /// Not a doc.\n a: 1 };\n  /// Field.\n  \
                f: i32 = 1 [(y) = { /// Nor this.\n b: 2 }];\n  /// Next.\n  g: i32 = 2;\n}\n";
    let file = parse_ok(text);
    let a = message(&file, 0);
    let Member::Field(f) = &a.members[1] else {
        panic!("{:?}", a.members[1]);
    };
    assert_eq!(f.docs, ["Field."]);
    assert_eq!(field(a, 2).docs, ["Next."]);
}
