use super::*;

fn assignment(text: &str) -> (OptionName, OptionValue) {
    option_assignment(FileId(0), text, 0)
        .unwrap_or_else(|diagnostic| panic!("{text}: {}", diagnostic.message))
}

fn value(text: &str) -> OptionValue {
    option_value(FileId(0), text, 0)
        .unwrap_or_else(|diagnostic| panic!("{text}: {}", diagnostic.message))
}

fn error(text: &str) -> Diagnostic {
    match option_value(FileId(0), text, 0) {
        Ok(value) => panic!("{text} read as {value:?}"),
        Err(diagnostic) => diagnostic,
    }
}

fn at(text: &str, span: Span) -> &str {
    &text[span.range()]
}

#[test]
fn names_have_parts_with_spans() {
    let text = "(validate.rules) . string.min_len = 1";
    let (name, value) = assignment(text);
    assert_eq!(name.to_string(), "(validate.rules).string.min_len");
    let parts: Vec<(&str, bool, &str)> = name
        .parts
        .iter()
        .map(|part| (part.name.as_str(), part.extension, at(text, part.span)))
        .collect();
    assert_eq!(
        parts,
        [
            ("validate.rules", true, "(validate.rules)"),
            ("string", false, "string"),
            ("min_len", false, "min_len"),
        ]
    );
    assert_eq!(at(text, name.span), "(validate.rules) . string.min_len");
    assert!(matches!(
        value,
        OptionValue::Integer(IntLit { value: 1, .. })
    ));
}

#[test]
fn absolute_extension_names_keep_their_dot() {
    let (name, _) = assignment("(.protobuf_unittest.complex_opt1).foo = 42");
    assert_eq!(name.parts[0].name, ".protobuf_unittest.complex_opt1");
    assert_eq!(name.as_simple(), None);
    let (simple, _) = assignment("deprecated = true");
    assert_eq!(simple.as_simple(), Some("deprecated"));
}

#[test]
fn scalars_read_as_written() {
    assert!(matches!(value("true"), OptionValue::Bool(true, _)));
    assert!(matches!(
        value("-12"),
        OptionValue::Integer(IntLit { value: -12, .. })
    ));
    assert!(matches!(
        value("0x7F"),
        OptionValue::Integer(IntLit { value: 127, .. })
    ));
    assert!(matches!(
        value("017"),
        OptionValue::Integer(IntLit { value: 15, .. })
    ));
    assert!(matches!(
        value("-0x8000000000000000"),
        OptionValue::Integer(IntLit {
            value: i64::MIN,
            ..
        })
    ));
    assert_eq!(
        value("0xFFFFFFFFFFFFFFFF"),
        OptionValue::Number("0xFFFFFFFFFFFFFFFF".into(), Span::new(FileId(0), 0..18))
    );
    assert!(matches!(value("-0"), OptionValue::Number(text, _) if text == "-0"));
    assert!(matches!(value("1.5e3"), OptionValue::Number(text, _) if text == "1.5e3"));
    assert!(matches!(value("-inf"), OptionValue::Number(text, _) if text == "-inf"));
    assert!(matches!(value("inf"), OptionValue::Name(name) if name.name == "inf"));
    assert!(matches!(value("PAID"), OptionValue::Name(name) if name.name == "PAID"));
}

#[test]
fn strings_join_and_unescape() {
    let text = r#""Hello, \"World\"" '!' "\x41\101\u00e9\n""#;
    assert_eq!(
        value(text),
        OptionValue::String(
            "Hello, \"World\"!AAé\n".into(),
            Span::new(FileId(0), 0..text.len())
        )
    );
    assert!(matches!(value(r#""\377""#), OptionValue::Bytes(bytes, _) if bytes == [0xff]));
    assert!(
        matches!(value(r#""Hello\0World""#), OptionValue::String(text, _) if text == "Hello\0World")
    );
}

#[test]
fn aggregates_read_the_text_format_in_full() {
    let text = r#"{
        get: "/v1/{name=projects/*}"  // a comment
        body: "*";
        additional_bindings < post: "/v2" >,
        [pkg.ext]: 5
        tags: ["a", "b"]
        nested: [{ a: 1 }, { a: 2 }]
        any { [type.googleapis.com/pkg.T] { x: 1 } }
        # a text format comment
        f: -inf
    }"#;
    let OptionValue::Aggregate(message) = value(text) else {
        panic!("not an aggregate");
    };
    let names: Vec<String> = message
        .fields
        .iter()
        .map(|field| match &field.name {
            LiteralName::Field(ident) => ident.name.clone(),
            LiteralName::Extension(name) => format!("[{}]", name.segments.join(".")),
            LiteralName::Any { prefix, type_name } => {
                format!("[{prefix}/{}]", type_name.segments.join("."))
            }
        })
        .collect();
    assert_eq!(
        names,
        [
            "get",
            "body",
            "additional_bindings",
            "[pkg.ext]",
            "tags",
            "nested",
            "any",
            "f"
        ]
    );
    assert!(
        matches!(&message.fields[2].value, LiteralValue::Message(inner) if inner.fields.len() == 1)
    );
    assert!(matches!(&message.fields[4].value, LiteralValue::List(values, _) if values.len() == 2));
    let LiteralValue::Message(any) = &message.fields[6].value else {
        panic!("not a message");
    };
    assert!(
        matches!(&any.fields[0].name, LiteralName::Any { prefix, .. } if prefix == "type.googleapis.com")
    );
    assert_eq!(
        at(text, message.fields[0].span),
        r#"get: "/v1/{name=projects/*}""#
    );
}

#[test]
fn errors_point_at_what_is_wrong() {
    let text = "{ a: 1 b: }";
    let diagnostic = error(text);
    assert_eq!(at(text, diagnostic.primary.span), "}");
    assert!(
        diagnostic.message.contains("expected a value"),
        "{}",
        diagnostic.message
    );

    let text = "{ a 1 }";
    let diagnostic = error(text);
    assert_eq!(at(text, diagnostic.primary.span), "1");

    let text = "{ s: \"never closed }";
    assert!(error(text).message.contains("never closed"));

    let text = "{ n: 12abc }";
    assert!(error(text).message.contains("runs into"));

    let text = "{ s: \"\\q\" }";
    assert!(error(text).message.contains("not an escape"));

    let text = "{ a: 1 } extra";
    assert_eq!(at(text, error(text).primary.span), "extra");
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let text = format!("{}{}", "{ a ".repeat(10_000), "}".repeat(10_000));
    assert!(error(&text).message.contains("nest deeper"));
}

#[test]
fn schema_option_names_are_read_in_place() {
    let text = "option ( .a.b ) . c = 1;";
    let (name, end) = schema_option_name(FileId(0), text, 7).unwrap();
    assert_eq!(name.to_string(), "(.a.b).c");
    assert_eq!(at(text, name.span), "( .a.b ) . c");
    assert_eq!(&text[end..], " = 1;");
    // The name in parentheses is written without spaces, as `.schema`
    // writes dotted names.
    for text in ["(a .b)", "(a. b)", "(. a)", "(a/**/.b)"] {
        assert!(
            schema_option_name(FileId(0), text, 0).is_err(),
            "{text:?} read"
        );
    }
}

#[test]
fn schema_message_literals_are_read_in_place() {
    let text = "x = { a: 'q' # c }\n b: \"\\101\" }; y";
    let (value, end) = schema_message(FileId(0), text, 4).unwrap();
    let OptionValue::Aggregate(message) = value else {
        panic!("{value:?}");
    };
    assert_eq!(message.fields.len(), 2);
    assert_eq!(at(text, message.span), &text[4..end]);
    assert_eq!(&text[end..], "; y");
}
