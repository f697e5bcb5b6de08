//! Syntax errors in words: pest's errors and the lexical problems of the
//! scan, turned into diagnostics that name tokens the way the user wrote
//! them ("expected `;` or `=`, found `}`"), never grammar rule names.

use std::ops::Range;

use pest::error::{Error, ErrorVariant, InputLocation};

use super::Rule;
use super::scan::{self, Problem, ProblemKind};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};

/// How much of a token a message quotes before cutting it short.
const MAX_QUOTED_CHARS: usize = 24;

/// The diagnostic for pest's `error` in the segment `segment` of `text`.
pub(super) fn parse_error(
    file: FileId,
    text: &str,
    segment: &Range<usize>,
    error: &Error<Rule>,
) -> Diagnostic {
    let offset = match error.location {
        InputLocation::Pos(pos) => pos,
        InputLocation::Span((start, _)) => start,
    };
    let pos = (segment.start + offset).min(text.len());
    let found = found_token(text, pos);
    let span = Span::new(file, found.range.clone());
    let (positives, negatives) = match &error.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives.as_slice(), negatives.as_slice()),
        ErrorVariant::CustomError { message } => {
            return Diagnostic::new(
                Code::Syntax,
                span,
                format!("cannot parse this declaration: {message}"),
            )
            .with_label("the parser gave up here")
            .with_help("nest less deeply, or run schemac on a thread with a larger stack");
        }
    };
    let at_end_of_file = segment.end >= text.len();
    let expected = expected_list(positives, at_end_of_file);
    if expected.is_empty() {
        let unexpected = join_or(&describe_all(negatives));
        let message = if unexpected.is_empty() {
            format!("unexpected {}", found.description)
        } else {
            format!("unexpected {unexpected}")
        };
        return Diagnostic::new(Code::Syntax, span, message);
    }
    let list = join_or(&expected);
    let diagnostic = Diagnostic::new(
        Code::Syntax,
        span,
        format!("expected {list}, found {}", found.description),
    )
    .with_label(format!("expected {list}"));
    match help_for(positives, &found) {
        Some(help) => diagnostic.with_help(help),
        None => diagnostic,
    }
}

/// The diagnostic for a lexical problem found by the scan.
pub(super) fn problem(file: FileId, problem: &Problem) -> Diagnostic {
    let span = Span::new(file, problem.range.clone());
    match problem.kind {
        ProblemKind::UnterminatedString => {
            Diagnostic::new(Code::Syntax, span, "unterminated string")
                .with_label("this string has no closing `\"`")
                .with_help("close the string with `\"` on the same line")
        }
        ProblemKind::UnknownEscape => Diagnostic::new(
            Code::Syntax,
            span,
            "unknown escape in string",
        )
        .with_label("unknown escape")
        .with_help(
            "the escapes are `\\\"`, `\\\\`, `\\n`, `\\r`, `\\t` and `\\x` with two hex digits",
        ),
        ProblemKind::UnterminatedComment => {
            Diagnostic::new(Code::Syntax, span, "unterminated block comment")
                .with_label("this comment has no closing `*/`")
                .with_help("close the comment with `*/`; block comments do not nest")
        }
    }
}

/// The token at an error, as a message shows it.
struct Found {
    /// "`}`", "end of file", "a line break".
    description: String,
    /// Its bytes: at least one character, or none at the end of the file.
    range: Range<usize>,
    /// Whether it is a string literal.
    is_string: bool,
}

/// The token starting at `pos` in `text`.
fn found_token(text: &str, pos: usize) -> Found {
    let rest = &text[pos..];
    let Some(first) = rest.chars().next() else {
        return Found {
            description: "end of file".to_owned(),
            range: pos..pos,
            is_string: false,
        };
    };
    let (length, description) = match first {
        '\n' | '\r' => (1, "a line break".to_owned()),
        ' ' => (1, "a space".to_owned()),
        '\t' => (1, "a tab".to_owned()),
        '"' => {
            let length = string_length(rest);
            (length, format!("string {}", quote(&rest[..length])))
        }
        _ if first.is_ascii_alphanumeric() || first == '_' => {
            let length = rest
                .bytes()
                .position(|byte| !scan::is_ident_byte(byte))
                .unwrap_or(rest.len());
            (length, quote(&rest[..length]))
        }
        _ => (first.len_utf8(), quote(&first.to_string())),
    };
    Found {
        description,
        range: pos..pos + length,
        is_string: first == '"',
    }
}

/// The length of the string literal at the start of `rest`: up to its
/// closing quote or the end of its line.
fn string_length(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut index = 1;
    while let Some(&byte) = bytes.get(index) {
        match byte {
            b'"' => return index + 1,
            b'\n' | b'\r' => return index,
            // An escape takes the next byte with it; stop short of a
            // following multi-byte character's middle.
            b'\\' if bytes.get(index + 1).is_some_and(u8::is_ascii) => index += 2,
            _ => index += 1,
        }
    }
    rest.len()
}

/// `text` in backticks, cut short if long, with control characters escaped.
fn quote(text: &str) -> String {
    let mut quoted = String::new();
    for c in text.chars().take(MAX_QUOTED_CHARS) {
        if c.is_control() || c == '\u{feff}' {
            quoted.extend(c.escape_debug());
        } else {
            quoted.push(c);
        }
    }
    if text.chars().count() > MAX_QUOTED_CHARS {
        quoted.push('…');
    }
    format!("`{quoted}`")
}

/// What the parser expected, in words, without repeats. The end of the
/// segment is only mentioned when it is the end of the file.
fn expected_list(positives: &[Rule], at_end_of_file: bool) -> Vec<&'static str> {
    let mut rules: Vec<Rule> = positives
        .iter()
        .copied()
        .filter(|&rule| rule != Rule::EOI)
        .collect();
    // A keyword may also be a field's name, so `reserved ;` fails both as a
    // `reserved` declaration and as a field missing its `:`. Only a field
    // name alone makes `:` worth mentioning.
    if rules.len() > 1 {
        rules.retain(|&rule| rule != Rule::colon);
    }
    // Where a top-level declaration could start, the habits of `.proto`
    // files that are accepted (`syntax`, file options, a stray `;`) are
    // not worth listing; nor are a field's options where its `;` is due.
    if rules.contains(&Rule::kw_package) {
        rules.retain(|&rule| {
            !matches!(
                rule,
                Rule::kw_syntax | Rule::file_option | Rule::kw_option | Rule::semi
            )
        });
    }
    if rules.contains(&Rule::semi) {
        rules.retain(|&rule| !matches!(rule, Rule::field_options | Rule::lbracket));
    }
    if at_end_of_file && positives.contains(&Rule::EOI) {
        rules.push(Rule::EOI);
    }
    describe_all(&rules)
}

fn describe_all(rules: &[Rule]) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Vec::new();
    for &rule in rules {
        for &word in describe(rule) {
            if !words.contains(&word) {
                words.push(word);
            }
        }
    }
    words
}

/// How a message names what a rule matches.
fn describe(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::EOI => &["end of file"],
        Rule::segment | Rule::segment_prefix | Rule::declaration => &[
            "`package`",
            "`import`",
            "`message`",
            "`enum`",
            "`extend`",
            "`service`",
        ],
        Rule::syntax_decl | Rule::kw_syntax => &["`syntax`"],
        Rule::file_option => &["`option`"],
        Rule::option_name | Rule::option_part => &["an option name"],
        Rule::aggregate | Rule::literal_string => &["a message in braces"],
        Rule::extend_decl | Rule::kw_extend => &["`extend`"],
        // Silent rules never appear in an error.
        Rule::WHITESPACE | Rule::COMMENT | Rule::ident_char | Rule::bom => &[],
        Rule::package_decl | Rule::kw_package => &["`package`"],
        Rule::dotted_name => &["a package name"],
        Rule::import_decl | Rule::kw_import => &["`import`"],
        Rule::message_decl | Rule::kw_message => &["`message`"],
        Rule::member => &[
            "a field",
            "`oneof`",
            "`reserved`",
            "`option`",
            "`message`",
            "`enum`",
            "`extend`",
        ],
        Rule::field_decl => &["a field"],
        Rule::label => &["`optional`", "`required`"],
        Rule::kw_required => &["`required`"],
        Rule::field_options | Rule::lbracket => &["`[`"],
        Rule::rbracket => &["`]`"],
        Rule::field_option => &["an option"],
        Rule::extensions_decl | Rule::kw_extensions => &["`extensions`"],
        Rule::extension_item => &["a number or range"],
        Rule::option_decl | Rule::kw_option => &["`option`"],
        Rule::option_value => {
            &["`true`, `false`, a number, a name, a string or a message in braces"]
        }
        Rule::signed_number => &["a number"],
        Rule::signed_name => &["a name"],
        Rule::oneof_decl | Rule::kw_oneof => &["`oneof`"],
        Rule::type_expr => &["a type"],
        Rule::list_type | Rule::kw_list => &["`list`"],
        Rule::map_type | Rule::kw_map => &["`map`"],
        Rule::ref_type => &["`ref`", "`weak`"],
        Rule::kw_ref => &["`ref`"],
        Rule::kw_weak => &["`weak`"],
        Rule::type_name => &["a type name"],
        Rule::reserved_decl | Rule::kw_reserved => &["`reserved`"],
        Rule::reserved_item => &["a number, range or name to reserve"],
        Rule::reserved_range => &["a range"],
        Rule::enum_decl | Rule::kw_enum => &["`enum`"],
        Rule::enum_member => &["an enum value", "`reserved`", "`option`"],
        Rule::enum_value => &["an enum value"],
        Rule::service_decl | Rule::kw_service => &["`service`"],
        Rule::rpc_decl | Rule::kw_rpc => &["`rpc`"],
        Rule::rpc_type => &["a message name", "`stream`"],
        Rule::kw_returns => &["`returns`"],
        Rule::kw_stream => &["`stream`"],
        Rule::lparen => &["`(`"],
        Rule::rparen => &["`)`"],
        Rule::ident => &["a name"],
        Rule::int | Rule::signed_int => &["an integer"],
        Rule::string => &["a string"],
        Rule::kw_optional => &["`optional`"],
        Rule::kw_to => &["`to`"],
        Rule::kw_max => &["`max`"],
        Rule::semi => &["`;`"],
        Rule::colon => &["`:`"],
        Rule::eq => &["`=`"],
        Rule::comma => &["`,`"],
        Rule::dot => &["`.`"],
        Rule::minus => &["`-`"],
        Rule::lbrace => &["`{`"],
        Rule::rbrace => &["`}`"],
        Rule::langle => &["`<`"],
        Rule::rangle => &["`>`"],
    }
}

/// A help line better than the catalogue's, for a few common mistakes.
fn help_for(positives: &[Rule], found: &Found) -> Option<&'static str> {
    if positives == [Rule::colon] {
        return Some(
            "fields are written `name: type = number;`, as in `id: i64 = 1;` \
             or `tags: list<string> = 2;`",
        );
    }
    if found.is_string && positives.contains(&Rule::reserved_item) {
        return Some("reserved names are written without quotes, as in `reserved old_name;`");
    }
    let field_end = |rule: &Rule| matches!(rule, Rule::semi | Rule::field_options | Rule::lbracket);
    if positives.contains(&Rule::semi) && positives.iter().all(field_end) {
        return Some("end each field, value, `reserved`, `package` and `import` with `;`");
    }
    None
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [only] => (*only).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
