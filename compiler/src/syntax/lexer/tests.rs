use super::*;

/// The kinds and texts of `text`'s tokens in `mode`, and the messages of
/// its errors.
fn lex(text: &str, mode: Mode) -> (Vec<(Kind, &str)>, Vec<String>) {
    let mut lexer = Lexer::new(text, 0, mode);
    let mut tokens = Vec::new();
    loop {
        let token = lexer.token();
        if token.kind == Kind::End {
            break;
        }
        tokens.push((token.kind, &text[token.start..token.end]));
    }
    let errors = lexer.errors.iter().map(|e| e.message.clone()).collect();
    (tokens, errors)
}

#[test]
fn tokens_are_protocs() {
    let (tokens, errors) = lex(
        "ident _x9 12 0x1F 017 1.5 .5 1e10 1.e-3 'a' \"b\" ; // c\n /* d */ -",
        Mode::PROTO,
    );
    assert_eq!(errors, Vec::<String>::new());
    let kinds: Vec<Kind> = tokens.iter().map(|(kind, _)| *kind).collect();
    assert_eq!(
        kinds,
        [
            Kind::Ident,
            Kind::Ident,
            Kind::Int,
            Kind::Int,
            Kind::Int,
            Kind::Float,
            Kind::Float,
            Kind::Float,
            Kind::Float,
            Kind::String,
            Kind::String,
            Kind::Punct(';'),
            Kind::Punct('-'),
        ]
    );
}

#[test]
fn modes_differ_where_protoc_does() {
    // A `.proto` file has no `#` comments and no `f` suffix.
    let (tokens, errors) = lex("1.5f", Mode::PROTO);
    assert_eq!(tokens[0], (Kind::Float, "1.5"));
    assert!(errors[0].contains("runs into"), "{errors:?}");
    let (tokens, errors) = lex("1.5f # x", Mode::TEXT);
    assert_eq!((tokens, errors), (vec![(Kind::Float, "1.5f")], vec![]));
    let (tokens, _) = lex("# x", Mode::PROTO);
    assert_eq!(tokens[0], (Kind::Punct('#'), "#"));
    let (tokens, _) = lex("# x", Mode::PROTO_AGGREGATE);
    assert!(tokens.is_empty());
    // Only a `.proto` file refuses a nested `/*`.
    assert!(lex("/* /* */ a", Mode::TEXT).1.is_empty());
    assert!(lex("/* /* */ a", Mode::PROTO).1[0].contains("do not nest"));
}

#[test]
fn errors_are_reported_and_lexing_goes_on() {
    for (text, message) in [
        ("0x", "after `0x`"),
        ("09", "octal"),
        ("1e", "exponent"),
        ("12abc", "runs into"),
        ("1.5.2", "runs into"),
        ("\"abc", "never closed"),
        ("\"abc\n\"", "on its line"),
        ("'\\q'", "not an escape"),
        ("'\\x'", "hexadecimal digit"),
        ("'\\u12'", "four hexadecimal"),
        ("'\\U00200000'", "eight hexadecimal"),
        ("/* open", "never closed"),
        ("\u{1}", "control characters"),
        ("é", "not ASCII"),
        ("a.1", "right after a name's dot"),
    ] {
        let (_, errors) = lex(text, Mode::PROTO);
        assert!(
            errors.first().is_some_and(|error| error.contains(message)),
            "{text:?}: {errors:?}"
        );
    }
}

#[test]
fn strings_unescape_as_protoc_does() {
    assert_eq!(
        string_value(r#""a\n\t\\\"\'\?\a\b\f\v\r""#),
        b"a\n\t\\\"'?\x07\x08\x0c\x0b\r"
    );
    assert_eq!(string_value(r"'\101\0\377\400'"), b"A\0\xff\0");
    assert_eq!(string_value(r"'\x41\x4a2'"), b"AJ2");
    assert_eq!(string_value(r"'\u00e9\U0001F600'"), "é😀".as_bytes());
    // A surrogate pair is one character; a lone surrogate is protoc's
    // three bytes.
    assert_eq!(string_value(r"'\uD83D\uDE00'"), "😀".as_bytes());
    assert_eq!(string_value(r"'\uD83D'"), b"\xED\xA0\xBD");
}

#[test]
fn comments_are_recorded_as_protoc_records_them() {
    let text = "/* first\n   * second\n\n   third */";
    let mut lexer = Lexer::new(text, 2, Mode::PROTO);
    let mut content = String::new();
    lexer.block_comment(0, &mut content);
    assert_eq!(content, " first\n second\n\nthird ");
    assert_eq!(lexer.at, text.len());
    let mut lexer = Lexer::new("// a line\nnext", 2, Mode::PROTO);
    assert_eq!(lexer.line_comment(), " a line\n");
}

#[test]
fn the_schema_mode_has_the_languages_own_rules() {
    // Double quotes only, `.schema`'s escapes; no octal; fewer blanks; no
    // `#` comments and no `f` suffix; a NUL in a comment is no end.
    let (tokens, errors) = lex(
        "\"a\\\"\\\\\\n\\r\\t\\x4F\" 'b' 010 019 0x1F 1.5 # \u{c} // x\u{0}y\n/* \u{0} */ z",
        Mode::SCHEMA,
    );
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(
        tokens,
        [
            (Kind::String, "\"a\\\"\\\\\\n\\r\\t\\x4F\""),
            (Kind::Punct('\''), "'"),
            (Kind::Ident, "b"),
            (Kind::Punct('\''), "'"),
            (Kind::Int, "010"),
            (Kind::Int, "019"),
            (Kind::Int, "0x1F"),
            (Kind::Float, "1.5"),
            (Kind::Punct('#'), "#"),
            (Kind::Punct('\u{c}'), "\u{c}"),
            (Kind::Ident, "z"),
        ]
    );
}

#[test]
fn schema_errors_have_their_own_words() {
    for (text, message, at) in [
        ("\"a\\qb\"", "unknown escape in string", "\\q"),
        ("\"a\\x4g\"", "unknown escape in string", "\\x"),
        ("\"a\\qb\nc", "unterminated string", "\"a\\qb"),
        ("\"ab\rc", "unterminated string", "\"ab"),
        ("/* open", "unterminated block comment", "/*"),
        ("12ab", "a number runs into the letters after it", "12ab"),
        ("1.5f", "a number runs into the letters after it", "1.5f"),
    ] {
        let mut lexer = Lexer::new(text, 0, Mode::SCHEMA);
        while lexer.token().kind != Kind::End {}
        let [error] = lexer.errors.as_slice() else {
            panic!("{text:?}: {:?}", lexer.errors);
        };
        assert_eq!(
            (error.message.as_str(), &text[error.range.clone()]),
            (message, at),
            "{text:?}"
        );
        assert!(error.label.is_some() && error.help.is_some(), "{text:?}");
    }
    // A number that runs into letters is one token.
    let (tokens, _) = lex("12ab;", Mode::SCHEMA);
    assert_eq!(tokens, [(Kind::Int, "12ab"), (Kind::Punct(';'), ";")]);
}

#[test]
fn schema_doc_comments_are_kept() {
    let text = "/// One.\r\n//// Not.\n// Not.\n///\n/** Not. */ x /// Two.";
    let mut lexer = Lexer::new(text, 0, Mode::SCHEMA);
    while lexer.token().kind != Kind::End {}
    let docs: Vec<&str> = lexer
        .docs
        .iter()
        .map(|range| &text[range.clone()])
        .collect();
    assert_eq!(docs, ["/// One.\r", "///", "/// Two."]);
    // Other modes keep none.
    let mut lexer = Lexer::new(text, 0, Mode::PROTO);
    while lexer.token().kind != Kind::End {}
    assert!(lexer.docs.is_empty());
}
