//! The cursor on a toy grammar of its own: blocks `name { ... }` of
//! statements `word;` and `word "string";`, so that what both parsers share is tested apart
//! from either language.

use super::*;

/// The toy grammar: nothing beside the tokens, plain ends.
struct Toy;

impl Grammar for Toy {
    const LEXICAL_HELP: &'static str = "toy lexical help";

    fn pass_end(cursor: &mut Cursor<'_, Self>, c: char) -> bool {
        cursor.eat_punct(c).is_some()
    }
}

/// Reads `text` as `name { word; ... }` blocks and `word;` statements,
/// returning the words read and the diagnostics' messages with the text
/// they point at.
fn read(text: &str) -> (Vec<String>, Vec<(String, String)>) {
    let mut cursor = Cursor::new(FileId(0), text, Mode::PROTO, Toy);
    cursor.bump();
    let mut words = Vec::new();
    while cursor.token.kind != Kind::End {
        if statement(&mut cursor, &mut words).is_err() {
            cursor.skip_statement_before(|cursor| cursor.at("stop"));
            cursor.eat("stop");
        }
    }
    let diagnostics = cursor
        .diagnostics
        .iter()
        .map(|d| (d.message.clone(), text[d.primary.span.range()].to_owned()))
        .collect();
    (words, diagnostics)
}

/// `word;`, `word "string";`, `name { ... }` or a stray `}`.
fn statement(cursor: &mut Cursor<'_, Toy>, words: &mut Vec<String>) -> Parsed<()> {
    if cursor.token.is('}') {
        cursor.unmatched_brace();
        return Ok(());
    }
    let word = cursor.ident("a word", "toy help")?;
    if cursor.token.is('{') {
        cursor.bump();
        return cursor.block("toy block", "toy help", |cursor| statement(cursor, words));
    }
    if cursor.token.kind == Kind::String {
        cursor.bump();
    }
    cursor.expect_punct(';', "`;` after the word", "toy help")?;
    words.push(word.name);
    Ok(())
}

#[test]
fn a_failed_statement_is_skipped_and_reading_goes_on() {
    let (words, diagnostics) = read("a; 1 x; b { c; d e; f; } g;");
    assert_eq!(words, ["a", "c", "f", "g"]);
    assert_eq!(
        diagnostics,
        [
            ("expected a word, but found `1`".to_owned(), "1".to_owned()),
            (
                "expected `;` after the word, but found `e`".to_owned(),
                "e".to_owned()
            ),
        ]
    );
}

#[test]
fn a_failed_statement_skips_its_block() {
    let (words, diagnostics) = read("1 { a; { b; } c; } d;");
    assert_eq!(words, ["d"]);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
}

#[test]
fn skipping_stops_where_the_caller_says() {
    let (words, diagnostics) = read("1 x y stop a;");
    assert_eq!(words, ["a"]);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
}

#[test]
fn the_end_of_the_file_in_blocks_is_reported_once() {
    let (_, diagnostics) = read("a { b { c;");
    assert_eq!(
        diagnostics,
        [(
            "expected `}` to close the toy block, but found the end of the file".to_owned(),
            String::new()
        )]
    );
}

#[test]
fn a_brace_that_closes_nothing_is_reported_and_passed() {
    let (words, diagnostics) = read("a; } b;");
    assert_eq!(words, ["a", "b"]);
    assert_eq!(
        diagnostics,
        [("this `}` closes no `{`".to_owned(), "}".to_owned())]
    );
}

#[test]
fn a_lexical_error_explains_the_parse_errors_at_and_after_its_token() {
    // The unterminated string is one error: the `;` missing after it goes
    // without saying, and so does the string where a word should be.
    for (text, read_words) in [("a \"b\nc; d;", vec!["d"]), ("\"b\n; d;", vec!["d"])] {
        let (words, diagnostics) = read(text);
        assert_eq!(words, read_words, "{text:?}");
        let messages: Vec<&str> = diagnostics.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(
            messages,
            ["a string is never closed on its line"],
            "{text:?}"
        );
    }
}

#[test]
fn found_tokens_are_shown_short_and_escaped() {
    assert_eq!(shown("a\u{0}b"), "a\\0b");
    assert_eq!(shown(&"x".repeat(50)), format!("{}...", "x".repeat(40)));
}
