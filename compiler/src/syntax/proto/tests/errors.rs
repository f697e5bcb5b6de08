//! Errors: each names what was expected and what was found, points at it,
//! and has a help line; each broken statement gives its first error, and
//! parsing goes on after it.

use super::{at, field, message, parse_err};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::FileId;

/// The message of each diagnostic of `text`, with the text it points at.
fn errors(text: &str) -> Vec<(String, &str)> {
    parse_err(text)
        .iter()
        .map(|diagnostic| {
            (
                diagnostic.message.clone(),
                at(text, diagnostic.primary.span),
            )
        })
        .collect()
}

/// The one diagnostic of `text`.
fn only(text: &str) -> Diagnostic {
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics.len(), 1, "{text}: {diagnostics:#?}");
    diagnostics.into_iter().next().expect("one")
}

#[test]
fn errors_name_what_was_expected_and_what_was_found() {
    let diagnostic = only("syntax = \"proto3\";\nmessage Order {\n  int64 id = ;\n}");
    assert_eq!(diagnostic.code, Code::Syntax);
    assert_eq!(
        diagnostic.message,
        "expected the field's number, but found `;`"
    );
    assert_eq!(diagnostic.primary.text, "expected the field's number");
    assert!(
        diagnostic.help.contains("a field is"),
        "{}",
        diagnostic.help
    );
    for (text, message, found) in [
        (
            "syntax = \"proto3\"; message A { int32 x = 1 }",
            "expected `;` after the field, but found `}`",
            "}",
        ),
        (
            "message A",
            "expected `{` after the message's name, but found the end of the file",
            "",
        ),
        (
            "syntax = proto3;",
            "expected the syntax in quotes, such as \"proto3\", but found `proto3`",
            "proto3",
        ),
        (
            "import a;",
            "expected the imported file's path in quotes, but found `a`",
            "a",
        ),
        (
            "message 1 {}",
            "expected the message's name, but found `1`",
            "1",
        ),
        (
            "enum E { A; }",
            "expected `=` and the value's number, but found `;`",
            ";",
        ),
        (
            "service S { rpc A(B) returns C; }",
            "expected `(` and the response's type, but found `C`",
            "C",
        ),
        (
            "option = 1;",
            "expected an option's name, but found `=`",
            "=",
        ),
        (
            "message A { reserved foo; }",
            "expected a number, or a name in quotes (only editions write names without them), but found `foo`",
            "foo",
        ),
        (
            "syntax = \"proto3\"; message A { map<string int32> m = 1; }",
            "expected `,` after the map's key type, but found `int32`",
            "int32",
        ),
        (
            "foo",
            "expected `message`, `enum`, `service`, `extend`, `import`, `package` or `option`, but found `foo`",
            "foo",
        ),
    ] {
        assert_eq!(errors(text), [(message.to_owned(), found)], "{text}");
    }
}

#[test]
fn each_broken_statement_gives_its_first_error_and_parsing_goes_on() {
    let text = "syntax = \"proto3\";\nmessage A {\n  int32 a = ;\n  string b = 2;\n  \
                int32 c 3;\n  int32 d = 4;\n}\nmessage B { x }\nenum E { X = 0; }";
    let (file, diagnostics) = super::super::parse(FileId(0), "t.proto", text);
    let found: Vec<&str> = diagnostics
        .iter()
        .map(|diagnostic| at(text, diagnostic.primary.span))
        .collect();
    assert_eq!(found, [";", "3", "}"]);
    let a = message(&file, 0);
    let names: Vec<&str> = (0..2)
        .map(|index| field(a, index).name.name.as_str())
        .collect();
    assert_eq!(names, ["b", "d"]);
    assert_eq!(file.items.len(), 3);
}

#[test]
fn dialect_rules_are_protocs() {
    let cases: &[(&str, Code, &str)] = &[
        ("message A { int32 a = 1; }", Code::Syntax, "int32"),
        (
            "syntax = \"proto3\"; message A { required int32 a = 1; }",
            Code::Syntax,
            "required",
        ),
        (
            "syntax = \"proto3\"; message A { optional int32 a = 1 [default = 1]; }",
            Code::InvalidOption,
            "default = 1",
        ),
        (
            "syntax = \"proto3\"; message A { optional group G = 1 {} }",
            Code::Syntax,
            "group",
        ),
        ("message A { optional group g = 1 {} }", Code::Syntax, "g"),
        (
            "message A { oneof o { optional int32 a = 1; } }",
            Code::InvalidOneofField,
            "optional",
        ),
        (
            "message A { oneof o { map<int32, int32> a = 1; } }",
            Code::InvalidOneofField,
            "map<",
        ),
        (
            "message A { optional map<int32, int32> a = 1; }",
            Code::InvalidNesting,
            "optional",
        ),
        (
            "message A { extensions 1 to 9; } extend A { map<int32, int32> a = 1; }",
            Code::InvalidExtension,
            "map<",
        ),
        (
            "message A { extensions 1 to 9; } extend A { required int32 a = 1; }",
            Code::InvalidExtension,
            "required",
        ),
        (
            "message A { optional int32 a = 1 [default = 1, default = 2]; }",
            Code::InvalidOption,
            "default = 2",
        ),
        ("option (a) = -foo;", Code::Syntax, "-foo"),
        ("syntax = \"proto4\";", Code::Syntax, "\"proto4\""),
        (
            "syntax = \"proto3\"; syntax = \"proto3\";",
            Code::Syntax,
            "syntax",
        ),
        ("package a; package b;", Code::Syntax, "package b;"),
        ("import \"../a.proto\";", Code::Syntax, "\"../a.proto\""),
        ("import \"/abs/a.proto\";", Code::Syntax, "\"/abs/a.proto\""),
        ("import \"a//b.proto\";", Code::Syntax, "\"a//b.proto\""),
        (
            "message A { optional int32 a = 99999999999999999999; }",
            Code::IntegerTooLarge,
            "99999999999999999999",
        ),
        (
            "message A { option map_entry = true; }",
            Code::InvalidOption,
            "map_entry",
        ),
        (
            "enum E { option allow_alias = false; A = 0; }",
            Code::InvalidOption,
            "option allow_alias = false;",
        ),
        (
            "message A { optional double a = 1 [default = infinity]; }",
            Code::InvalidOption,
            "infinity",
        ),
    ];
    for (text, code, found) in cases {
        let diagnostic = only(text);
        assert_eq!(
            (diagnostic.code, at(text, diagnostic.primary.span)),
            (*code, *found),
            "{text}: {diagnostic:#?}"
        );
    }
}

#[test]
fn an_empty_oneof_or_extend_block_is_refused_as_protoc_refuses_it() {
    for text in [
        "syntax = \"proto3\"; message A { oneof o {} }",
        "syntax = \"proto3\"; message A { extensions 1 to 9; } extend A {}",
    ] {
        assert_eq!(
            errors(text),
            [("expected a field, but found `}`".to_owned(), "}")],
            "{text}"
        );
    }
}

#[test]
fn lexical_errors_are_reported_once() {
    for (text, message) in [
        (
            "option (a) = { x: 1.5f };",
            "a number runs into the characters after it: write a space between them",
        ),
        (
            "option (a) = \"open;\nmessage A {}",
            "a string is never closed on its line",
        ),
        ("message A {} /* open", "a `/*` comment is never closed"),
        (
            "message A { é }",
            "`é` is not ASCII, and only strings and comments may hold such characters",
        ),
        (
            "/* a /* b */ message A {}",
            "`/*` inside a block comment: block comments do not nest",
        ),
        ("option (a) = \"\\q\";", "`\\q` is not an escape"),
    ] {
        let diagnostics = parse_err(text);
        assert_eq!(diagnostics[0].message, message, "{text}: {diagnostics:#?}");
        let again = diagnostics.iter().filter(|d| d.message == message).count();
        assert_eq!(again, 1, "{text}: {diagnostics:#?}");
    }
}

#[test]
fn an_unknown_syntax_stops_the_file_as_protoc_stops() {
    let (file, diagnostics) =
        super::super::parse(FileId(0), "t.proto", "syntax = \"proto4\"; message A {}");
    assert_eq!(diagnostics.len(), 1);
    assert!(file.items.is_empty());
}
