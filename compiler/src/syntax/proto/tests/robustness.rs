//! Hostile input: parsing never panics, hangs or overflows the stack,
//! every span is in the text, and time grows linearly with it.

use std::path::Path;
use std::time::{Duration, Instant};

use super::super::{MAX_DEPTH, parse};
use super::message;
use crate::ast::{Item, Member, MessageDecl, SchemaFile};
use crate::source::{FileId, Span};

/// Parses `text` and checks that every span it returns is in bounds and
/// on character boundaries.
fn parse_checked(text: &str) {
    let (file, diagnostics) = parse(FileId(0), "t.proto", text);
    for diagnostic in &diagnostics {
        check_span(text, diagnostic.primary.span);
        diagnostic
            .secondary
            .iter()
            .for_each(|label| check_span(text, label.span));
        assert!(!diagnostic.message.is_empty() && !diagnostic.help.is_empty());
    }
    check_file(text, &file);
}

fn check_file(text: &str, file: &SchemaFile) {
    for item in &file.items {
        match item {
            Item::Message(message) => check_message(text, message),
            Item::Enum(enumeration) => check_span(text, enumeration.span),
            Item::Extend(extend) => check_span(text, extend.span),
        }
    }
    file.options.iter().for_each(|o| check_span(text, o.span));
    file.imports.iter().for_each(|i| check_span(text, i.span));
    file.services.iter().for_each(|s| check_span(text, s.span));
}

fn check_message(text: &str, message: &MessageDecl) {
    check_span(text, message.span);
    check_span(text, message.name.span);
    for member in &message.members {
        match member {
            Member::Field(field) => {
                check_span(text, field.span);
                check_span(text, field.ty.span());
            }
            Member::Message(nested) => check_message(text, nested),
            Member::Oneof(oneof) => check_span(text, oneof.span),
            Member::Reserved(reserved) => check_span(text, reserved.span),
            Member::Extensions(ranges) => check_span(text, ranges.ranges.span),
            Member::Extend(extend) => check_span(text, extend.span),
            Member::Option(option) => check_span(text, option.value.span()),
            Member::Enum(enumeration) => check_span(text, enumeration.span),
        }
    }
}

fn check_span(text: &str, span: Span) {
    assert!(span.start <= span.end, "{span:?} in {text:?}");
    assert!(text.get(span.range()).is_some(), "{span:?} in {text:?}");
}

/// The `.proto` files of tests/protos/proto, schemas/invalid and the shipped
/// ones.
fn example_protos() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut texts = Vec::new();
    let mut dirs = vec![
        root.join("tests/protos/proto"),
        root.join("schemas/invalid"),
        root.join("compiler/proto/google/protobuf"),
    ];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a directory") {
            let path = entry.expect("listable").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "proto") {
                texts.push(std::fs::read_to_string(&path).expect("UTF-8"));
            }
        }
    }
    texts.sort();
    assert!(texts.len() >= 15, "found {}", texts.len());
    texts
}

/// A small deterministic generator (xorshift64*), so that failures repeat.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % bound.max(1) as u64) as usize
    }
}

/// What the mutations insert: tokens of `.proto` text, the beginnings of
/// comments and strings, and the constructs protoc alone reads.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    "(",
    ")",
    ";",
    "=",
    ",",
    ".",
    "-",
    "\"",
    "'",
    "/*",
    "*/",
    "//",
    "\n",
    "message ",
    "enum ",
    "oneof ",
    "group ",
    "optional ",
    "repeated ",
    "required ",
    "map<",
    "extend ",
    "extensions ",
    "reserved ",
    "to ",
    "max ",
    "option ",
    "default = ",
    "json_name = ",
    "(x).y = ",
    "= { a: [1, 2] b < c: -inf > }",
    "-inf",
    "-nan",
    "0x1F",
    "1e5",
    "stream ",
    "rpc ",
    "returns ",
    "syntax = \"proto2\";",
    "edition = \"2023\";",
    "\\x",
    "\u{e9}",
    "\u{0}",
    "\t",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 => {
                let end = (at + 1 + rng.below(16)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            1 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                chars.splice(at..at, token.chars());
            }
            2 if at < chars.len() => chars[at] = char::from(b' ' + rng.below(95) as u8),
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn every_prefix_of_every_example() {
    for text in example_protos() {
        // Every prefix of a small file, some thousands of a large one.
        let step = (text.len() / 2_000).max(1);
        let mut end = 0;
        while end <= text.len() {
            parse_checked(&text[..end]);
            end += step;
            while !text.is_char_boundary(end.min(text.len())) {
                end += 1;
            }
        }
    }
}

#[test]
fn random_mutations_of_every_example() {
    let mut rng = Rng(0x5eed_0b0e);
    let texts = example_protos();
    for _ in 0..3_000 {
        let text = &texts[rng.below(texts.len())];
        parse_checked(&mutate(&mut rng, text));
    }
}

/// A `>` after an option that fails, outside any brackets, ends nothing:
/// skipping the rest of the options once counted it as a closing bracket
/// and went below zero.
#[test]
fn a_stray_angle_bracket_after_a_failed_option_is_skipped() {
    parse_checked("message M { optional int32 a = 1 [(x) = > 2]; }");
    parse_checked("message M { optional int32 a = 1 [default = 1 > ]; }");
}

#[test]
fn random_garbage() {
    let mut rng = Rng(0x9a7b_a6e5);
    for _ in 0..2_000 {
        let text: String = (0..rng.below(200))
            .map(|_| TOKENS[rng.below(TOKENS.len())])
            .collect();
        parse_checked(&text);
    }
}

#[test]
fn nesting_is_bounded_as_protocs() {
    let nested = |depth: usize| format!("{}{}", "message A { ".repeat(depth), "}".repeat(depth));
    let (_, diagnostics) = parse(FileId(0), "t.proto", &nested(MAX_DEPTH));
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let (_, diagnostics) = parse(FileId(0), "t.proto", &nested(MAX_DEPTH + 1));
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(diagnostics[0].message.contains("nest more than 31"));
    // Far deeper, of messages, groups, braces and message literals: one
    // error each, and no overflow.
    let depth = 100_000;
    for text in [
        nested(depth),
        "message A { ".repeat(depth),
        format!("message A {{ {}", "optional group G = 1 { ".repeat(depth)),
        "{".repeat(depth),
        format!("option (a) = {}", "{ a ".repeat(depth)),
    ] {
        let (_, diagnostics) = parse(FileId(0), "t.proto", &text);
        assert!(
            !diagnostics.is_empty() && diagnostics.len() <= 2,
            "{diagnostics:#?}"
        );
    }
}

/// The time `parse` takes on `text`.
fn time(text: &str) -> Duration {
    let start = Instant::now();
    let (_, diagnostics) = parse(FileId(0), "t.proto", text);
    let elapsed = start.elapsed();
    assert!(diagnostics.is_empty());
    elapsed
}

#[test]
fn long_files_parse_in_linear_time() {
    let fields = |n: usize| {
        let mut text = String::from("syntax = \"proto3\";\nmessage Big {\n");
        for index in 1..=n {
            text.push_str(&format!(
                "  // Field {index}.\n  repeated int32 f{index} = {index} [packed = true];\n"
            ));
        }
        text + "}\n"
    };
    let messages = |n: usize| {
        (0..n)
            .map(|index| format!("// M{index}\nmessage M{index} {{ optional string s = 1; }}\n"))
            .collect::<String>()
    };
    let text = fields(100_000);
    let (file, _) = parse(FileId(0), "t.proto", &text);
    assert_eq!(message(&file, 0).members.len(), 100_000);
    // Four times the text takes about four times as long; quadratic time
    // would take sixteen. Generous bounds, for a busy machine.
    for make in [fields, messages] {
        let small = time(&make(20_000));
        let large = time(&make(80_000));
        assert!(
            large < small * 10 + Duration::from_millis(50),
            "{small:?} then {large:?}"
        );
    }
    // Adversarial: a comment and a long run of blank space before each of
    // many statements, and many broken statements.
    let spaced = format!(
        "message A {{ // c\n{}{}}}",
        " ".repeat(200_000),
        "optional int32 x = 1;\n".repeat(20_000)
    );
    time(&spaced);
    let (_, diagnostics) = parse(
        FileId(0),
        "t.proto",
        &"message A { optional x }\n".repeat(20_000),
    );
    assert_eq!(diagnostics.len(), 20_000);
}
