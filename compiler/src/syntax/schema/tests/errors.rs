//! Syntax errors: their messages, their spans, and recovery.

use super::super::MAX_DEPTH;
use super::{at, message, parse_err};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::FileId;

/// The only diagnostic of `text`.
fn single(text: &str) -> Diagnostic {
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics.len(), 1, "{text:?}: {diagnostics:#?}");
    diagnostics.into_iter().next().unwrap()
}

#[test]
fn missing_semicolon() {
    let text = "message A {\n  x: i32 = 1\n}\n";
    let error = single(text);
    assert_eq!(error.code, Code::Syntax);
    assert_eq!(error.message, "expected `;` after the field, but found `}`");
    assert_eq!(error.primary.text, "expected `;` after the field");
    assert_eq!(at(text, error.primary.span), "}");
    assert!(error.help.contains("with `;`"), "{}", error.help);
}

#[test]
fn bad_field_numbers() {
    let text = "message A { x: i32 = abc; }";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected the field's number, but found `abc`"
    );
    assert_eq!(at(text, error.primary.span), "abc");

    let text = "message A { x: i32 = -1; }";
    let error = single(text);
    assert_eq!(error.message, "expected the field's number, but found `-`");
    assert_eq!(at(text, error.primary.span), "-");

    // A number that runs into letters is one error, at all of it.
    let text = "message A { x: i32 = 12ab; }";
    let error = single(text);
    assert_eq!(error.message, "a number runs into the letters after it");
    assert_eq!(at(text, error.primary.span), "12ab");

    // A `-` is written right before its number.
    let text = "enum E { A = - 1; }";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected an integer right after `-`, but found `1`"
    );
}

#[test]
fn unknown_tokens() {
    let text = "message A { x: i32 = 1; @ }";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected a field, `oneof`, `reserved`, `extensions`, `option`, `message`, `enum`, \
         `extend` or `}`, but found `@`"
    );
    assert_eq!(at(text, error.primary.span), "@");

    let text = "message A { x: i32 = 1; } é";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected `package`, `import`, `message`, `enum`, `extend` or `service`, but found `é`"
    );
    assert_eq!(at(text, error.primary.span), "é");

    let text = "mesage A {}";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected `package`, `import`, `message`, `enum`, `extend` or `service`, but found \
         `mesage`"
    );

    // A control character is shown escaped.
    let text = "message A {}\u{c}";
    let error = single(text);
    assert!(
        error.message.ends_with("but found `\\u{c}`"),
        "{}",
        error.message
    );
}

#[test]
fn protobuf_style_fields_get_a_hint() {
    let text = "message A { repeated string tags = 1; }";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected `:` after the field's name, but found `string`"
    );
    assert!(error.help.contains("name: type = number"), "{}", error.help);
}

#[test]
fn quoted_reserved_names_get_a_hint() {
    let text = "message A { reserved \"old\"; }";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected a number, range or name to reserve, but found the string \"old\""
    );
    assert_eq!(at(text, error.primary.span), "\"old\"");
    assert!(error.help.contains("without quotes"), "{}", error.help);
}

#[test]
fn unterminated_string() {
    let text = "import \"a.schema;\nmessage A {}\n";
    let error = single(text);
    assert_eq!(error.message, "unterminated string");
    assert_eq!(at(text, error.primary.span), "\"a.schema;");
}

#[test]
fn unknown_escape() {
    let text = "import \"a\\qb\";";
    let error = single(text);
    assert_eq!(error.message, "unknown escape in string");
    assert_eq!(at(text, error.primary.span), "\\q");
    // `\x` takes two hex digits.
    let text = "import \"a\\x4g\";";
    let error = single(text);
    assert_eq!(error.message, "unknown escape in string");
    assert_eq!(at(text, error.primary.span), "\\x");
}

#[test]
fn unterminated_string_with_an_unknown_escape_is_one_error() {
    let text = "import \"a\\qb;\n";
    assert_eq!(single(text).message, "unterminated string");
}

#[test]
fn unterminated_block_comment() {
    let text = "message A { x: i32 = 1; /* no end }\n";
    let error = single(text);
    assert_eq!(error.message, "unterminated block comment");
    assert_eq!(at(text, error.primary.span), "/*");
}

#[test]
fn two_packages() {
    let text = "package a;\npackage b.c;\nmessage A {}";
    let (file, diagnostics) = super::parse(FileId(0), text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let error = &diagnostics[0];
    assert_eq!(error.message, "more than one `package` declaration");
    assert_eq!(at(text, error.primary.span), "b.c");
    assert_eq!(at(text, error.secondary[0].span), "a");
    assert_eq!(file.package.unwrap().segments, ["a"]);
    assert_eq!(file.items.len(), 1);
}

#[test]
fn package_or_import_after_an_item() {
    let text = "message A {}\nimport \"b.schema\";\npackage p;\n";
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics.len(), 2, "{diagnostics:#?}");
    assert_eq!(
        diagnostics[0].message,
        "`import` after a message, enum or service"
    );
    assert_eq!(at(text, diagnostics[0].primary.span), "import");
    assert_eq!(at(text, diagnostics[0].secondary[0].span), "A");
    assert_eq!(
        diagnostics[1].message,
        "`package` after a message, enum or service"
    );
}

#[test]
fn integer_too_large() {
    let text = "message A { x: i32 = 9223372036854775808; }";
    let error = single(text);
    assert_eq!(error.code, Code::IntegerTooLarge);
    assert_eq!(
        error.message,
        "integer `9223372036854775808` does not fit in 64 bits"
    );
    assert_eq!(at(text, error.primary.span), "9223372036854775808");

    let text = "enum E { A = -9223372036854775809; B = 0x10000000000000000; }";
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics.len(), 2, "{diagnostics:#?}");
    assert!(diagnostics.iter().all(|d| d.code == Code::IntegerTooLarge));
    assert_eq!(
        at(text, diagnostics[0].primary.span),
        "-9223372036854775809"
    );
}

#[test]
fn leading_zeros() {
    let text = "message A { x: i32 = 010; }";
    let error = single(text);
    assert_eq!(error.message, "integer `010` has a leading zero");
    assert!(error.help.starts_with("write `10`"), "{}", error.help);
}

#[test]
fn nesting_too_deep() {
    let deep = format!(
        "{}{}",
        "message A { ".repeat(MAX_DEPTH + 1),
        "}".repeat(MAX_DEPTH + 1)
    );
    let text = format!("message Before {{}}\n{deep}\nmessage After {{}}\n");
    let (file, diagnostics) = super::parse(FileId(0), &text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0].message, "`{` nests more than 64 levels deep");
    let brace = diagnostics[0].primary.span;
    assert_eq!(&text[brace.range()], "{");
    // The brace is the first one past the limit.
    let before = &text[..brace.start as usize];
    assert_eq!(before.matches('{').count(), MAX_DEPTH + 1);
    // The declaration too deep is skipped; those around it are kept.
    let names: Vec<&str> = (0..file.items.len())
        .map(|index| message(&file, index).name.name.as_str())
        .collect();
    assert_eq!(names, ["Before", "A", "After"]);

    let text = format!(
        "message A {{ x: {}i32{} = 1; }}",
        "list<".repeat(MAX_DEPTH),
        ">".repeat(MAX_DEPTH)
    );
    let error = single(&text);
    assert_eq!(error.message, "`<` nests more than 64 levels deep");
}

#[test]
fn blocks_of_every_kind_and_references_count_toward_the_limit() {
    let text = format!(
        "{}enum E {{ Z = 0; }}{}",
        "message A { ".repeat(MAX_DEPTH),
        "}".repeat(MAX_DEPTH)
    );
    let error = single(&text);
    assert_eq!(error.message, "`{` nests more than 64 levels deep");
    assert_eq!(error.primary.span.start as usize, text.find("{ Z").unwrap());

    let text = format!("message A {{ x: {}B = 1; }}", "ref ".repeat(MAX_DEPTH));
    let error = single(&text);
    assert_eq!(error.message, "`ref` nests more than 64 levels deep");
    // The reference past the limit is the last one.
    assert_eq!(
        error.primary.span.start as usize,
        text.rfind("ref").unwrap()
    );
}

#[test]
fn nesting_at_the_limit_parses() {
    let depth = MAX_DEPTH - 1;
    let text = format!(
        "message A {{ {}x: {}i32{} = 1;{} }}",
        "message A { ".repeat(depth - 1),
        "list<",
        ">",
        " }".repeat(depth - 1)
    );
    super::parse_ok(&text);
}

#[test]
fn every_broken_top_level_declaration_is_reported() {
    let text = "message A {\n  x i32 = 1;\n}\n\nmessage Good {}\n\nenum B {\n  V = ;\n}\n\n\
                message C {\n  y: i32 = 2\n}\n";
    let (file, diagnostics) = super::parse(FileId(0), text);
    let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "expected `:` after the field's name, but found `i32`",
            "expected the value's number, but found `;`",
            "expected `;` after the field, but found `}`",
        ]
    );
    // Every declaration is kept, without its broken members.
    assert_eq!(file.items.len(), 4);
    assert_eq!(message(&file, 1).name.name, "Good");
    assert!(message(&file, 0).members.is_empty());
}

#[test]
fn an_unclosed_angle_bracket_does_not_hide_later_declarations() {
    let text = "message A { x: list<i32 = 1; }\nenum E { V = 99999999999999999999; }\n";
    let diagnostics = parse_err(text);
    let codes: Vec<Code> = diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::Syntax, Code::IntegerTooLarge],
        "{diagnostics:#?}"
    );
}

#[test]
fn two_broken_messages_give_two_diagnostics() {
    let text = "message A { x: = 1; }\nmessage B { y: i32 = 2 }\n";
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics.len(), 2, "{diagnostics:#?}");
    assert_eq!(at(text, diagnostics[0].primary.span), "=");
    assert_eq!(at(text, diagnostics[1].primary.span), "}");
    assert!(diagnostics[0].primary.span < diagnostics[1].primary.span);
}

#[test]
fn declarations_before_garbage_are_kept() {
    let text = "message A {}\nenum E { Z = 0; }\ngarbage here\nmessage B {}";
    let (file, diagnostics) = super::parse(FileId(0), text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(at(text, diagnostics[0].primary.span), "garbage");
    assert_eq!(file.items.len(), 3);
}

#[test]
fn error_at_end_of_file_is_zero_width() {
    let text = "message A {\n  x: i32 = 1;\n";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected `}` to close the message, but found the end of the file"
    );
    assert_eq!(error.primary.span.range(), text.len()..text.len());
}

#[test]
fn errors_name_what_was_expected_at_a_token() {
    let broken = [
        "message A { reserved ; }",
        "message A { reserved 1 2; }",
        "message A { x: map<i32> = 1; }",
        "message A { x: list<> = 1; }",
        "message A { oneof { } }",
        "enum E { reserved max; A }",
        "package ;",
        "package a.;",
        "import ;",
        "message A { x: .= 1; }",
        "message { }",
        "enum E { A = -; }",
        "message A { x: i32 = 1; } }",
    ];
    for text in broken {
        for diagnostic in parse_err(text) {
            let span = diagnostic.primary.span;
            assert!(
                span.start < span.end || span.end as usize == text.len(),
                "{text:?}"
            );
            assert!(
                diagnostic.message.starts_with("expected ") || diagnostic.message.contains('`'),
                "{text:?}: {}",
                diagnostic.message
            );
            assert!(!diagnostic.help.is_empty(), "{text:?}");
        }
    }
}

#[test]
fn broken_options() {
    let text = "message A {\n  option keep_unknown_fields = true\n}\n";
    let error = single(text);
    assert_eq!(
        error.message,
        "expected `;` after the option's value, but found `}`"
    );

    let text = "message A { option keep_unknown_fields true; }";
    assert_eq!(
        single(text).message,
        "expected `=` after the option's name, but found `true`"
    );

    let text = "message A { option keep_unknown_fields = ; }";
    assert_eq!(
        single(text).message,
        "expected a value: a number, a string, `true`, `false`, a name or a message in braces, \
         but found `;`"
    );

    // A field named `option` that lacks its type.
    let text = "message A { option: = 1; }";
    assert_eq!(
        single(text).message,
        "expected the field's type, but found `=`"
    );
}
