//! Edition 2024's grammar: `export` and `local` before messages and
//! enums, `import option`, and what protoc refuses of them and of `import
//! weak`, with the messages protoc 35 gives in `tests/tests/suite/
//! editions_2024.rs`.

use super::{at, message, parse_err, parse_ok};
use crate::ast::{Dialect, Edition, Item, Member, Visibility};
use crate::diagnostic::Code;

#[test]
fn visibility_is_read_before_messages_and_enums_at_every_level() {
    let text = "edition = \"2024\";
                export message A { local message B {} export enum E { E_A = 0; } message C {} }
                local enum L { L_A = 0; }
                message D { int32 export_count = 1; }";
    let file = parse_ok(text);
    assert_eq!(file.dialect, Dialect::Editions(Edition::E2024));
    let a = message(&file, 0);
    assert_eq!(a.visibility, Some(Visibility::Export));
    let nested: Vec<_> = (a.members.iter())
        .filter_map(|member| match member {
            Member::Message(m) => Some((m.name.name.as_str(), m.visibility)),
            Member::Enum(e) => Some((e.name.name.as_str(), e.visibility)),
            _ => None,
        })
        .collect();
    assert_eq!(
        nested,
        [
            ("B", Some(Visibility::Local)),
            ("C", None),
            ("E", Some(Visibility::Export)),
        ]
    );
    let Item::Enum(l) = &file.items[1] else {
        panic!("an enum");
    };
    assert_eq!(l.visibility, Some(Visibility::Local));
    assert_eq!(message(&file, 2).visibility, None);
}

#[test]
fn visibility_marks_messages_and_enums_only() {
    for (text, word) in [
        ("edition = \"2024\"; export service S {}", "export"),
        ("edition = \"2024\"; message A { local x = 1; }", "local"),
        (
            "edition = \"2024\"; local extend A { int32 x = 1; }",
            "local",
        ),
    ] {
        let diagnostics = parse_err(text);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
        assert_eq!(diagnostics[0].code, Code::Syntax);
        assert_eq!(at(text, diagnostics[0].primary.span), word);
        assert!(diagnostics[0].message.contains("message or an enum"));
    }
}

#[test]
fn before_2024_the_words_are_refused_at_the_top_and_names_inside() {
    for syntax in ["syntax = \"proto3\";", "edition = \"2023\";"] {
        let text = format!("{syntax} export message A {{}}");
        let diagnostics = parse_err(&text);
        assert_eq!(diagnostics[0].message, "`export` before edition 2024");
        // A field of a type named `local`, as protoc reads it.
        let text = format!("{syntax} message local {{}} message B {{ local x = 1; }}");
        parse_ok(&text);
    }
}

#[test]
fn option_imports_are_read_in_2024_only_and_after_the_others() {
    let text = "edition = \"2024\"; import \"a.proto\"; import option \"b.proto\";";
    let file = parse_ok(text);
    let imports: Vec<_> = (file.imports.iter())
        .map(|import| (import.path.as_str(), import.option))
        .collect();
    assert_eq!(imports, [("a.proto", false), ("b.proto", true)]);

    let text = "edition = \"2023\"; import option \"b.proto\";";
    let diagnostics = parse_err(text);
    assert_eq!(at(text, diagnostics[0].primary.span), "option");
    let text = "edition = \"2024\"; import option \"b.proto\"; import \"a.proto\";";
    let diagnostics = parse_err(text);
    assert_eq!(
        diagnostics[0].message,
        "a plain import after an `import option`"
    );
    let text = "edition = \"2024\"; import \"b.proto\"; import option \"b.proto\";";
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics[0].message, "`b.proto` is imported twice");
}

#[test]
fn weak_imports_are_refused_in_2024() {
    let text = "edition = \"2024\"; import weak \"a.proto\";";
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(at(text, diagnostics[0].primary.span), "weak");
    parse_ok("edition = \"2023\"; import weak \"a.proto\";");
}
