//! Docs are the comments protoc attributes to each declaration: the block
//! right before it and the comment after its `;` or `{`; detached blocks
//! document nothing. The expectations below are what protoc 35 puts in its
//! source info for the same text.

use super::{field, message, parse_ok};
use crate::ast::{Item, Member};

const TEXT: &str = r#"// Licence line 1
// Licence line 2

// Detached before syntax

// Leading syntax
syntax = "proto2"; // trailing syntax
// after syntax

/* block
 * with stars

   and a blank line */
package p; /* trailing package */

/** Doc for M
   *   indented
   */
message M { // trailing M
  // leading a
  optional int32 a = 1; // trailing a
  // not a's: a blank line follows, and no comment is on a's line

  optional int32 b = 2; /* b1 */ /* b2 */
  /* lead c */ optional int32 c = 3;
  optional int32 d = 4; // t d
  // lead e
  optional int32 e = 5;
  optional group G = 6 { // trailing G
    // lead x
    optional int32 x = 1;
  }
  // dangling at the end
}

// lead E
enum E { /* t E */
  A = 0;  // t A
  // lead B
  B = 1;
  /**/ C = 2;
  //
  D = 3;
}
/* lead S */ service S {
  // lead R
  rpc R(M) returns (M); // t R
  rpc Q(M) returns (M) { // t Q
    option deprecated = true;
  }
}
"#;

#[test]
fn docs_are_the_comments_protoc_attributes() {
    let file = parse_ok(TEXT);
    assert_eq!(
        file.header,
        [
            "Licence line 1",
            "Licence line 2",
            "",
            "Detached before syntax",
            "",
            "Leading syntax",
            "",
            "trailing syntax",
            "",
            "after syntax",
            "",
            "block",
            "with stars",
            "",
            "and a blank line",
            "",
            "trailing package"
        ]
    );
    let m = message(&file, 0);
    assert_eq!(m.docs, ["* Doc for M", "  indented", "trailing M"]);
    let docs: Vec<(&str, Vec<String>)> = (0..6)
        .map(|index| {
            let decl = field(m, index);
            (decl.name.name.as_str(), decl.docs.clone())
        })
        .collect();
    let expected: Vec<(&str, Vec<&str>)> = vec![
        ("a", vec!["leading a", "trailing a"]),
        ("b", vec!["b1"]),
        ("c", vec!["lead c"]),
        ("d", vec!["t d"]),
        ("e", vec!["lead e"]),
        // A group's comments are its message's.
        ("g", vec![]),
    ];
    assert_eq!(
        docs,
        expected
            .into_iter()
            .map(|(name, lines)| (name, lines.into_iter().map(str::to_owned).collect()))
            .collect::<Vec<_>>()
    );
    let Member::Message(group) = &m.members[6] else {
        panic!("the group's message");
    };
    assert_eq!(group.docs, ["trailing G"]);
    assert_eq!(field(group, 0).docs, ["lead x"]);
    let Item::Enum(e) = &file.items[1] else {
        panic!("an enum");
    };
    assert_eq!(e.docs, ["lead E", "t E"]);
    let values: Vec<Vec<String>> = e.values.iter().map(|v| v.docs.clone()).collect();
    assert_eq!(
        values,
        [
            vec!["t A".to_owned()],
            vec!["lead B".to_owned()],
            vec![],
            vec![String::new()]
        ]
    );
    let service = &file.services[0];
    assert_eq!(service.docs, ["lead S"]);
    assert_eq!(service.methods[0].docs, ["lead R", "t R"]);
    assert_eq!(service.methods[1].docs, ["t Q"]);
}

#[test]
fn a_comment_between_tokens_of_one_line_documents_neither() {
    let file = parse_ok(
        "syntax = \"proto3\";\nmessage A { int32 a = 1; /* x\ny */ int32 b = 2;\nint32 c = 3; // c\n// d\n}",
    );
    let a = message(&file, 0);
    assert_eq!(field(a, 0).docs, Vec::<String>::new());
    assert_eq!(field(a, 1).docs, Vec::<String>::new());
    assert_eq!(field(a, 2).docs, ["c"]);
}
