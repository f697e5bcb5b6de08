//! Hostile input: parsing never panics, hangs or overflows the stack, and
//! every diagnostic points inside the text.

use super::super::MAX_DEPTH;
use super::{example_schemas, parse};
use crate::ast::{Item, Member, MessageDecl, TypeExpr};
use crate::source::{FileId, Span};

/// Parses `text` and checks that every span it returns is in bounds and on
/// character boundaries.
fn parse_checked(text: &str) {
    let (file, diagnostics) = parse(FileId(0), text);
    for diagnostic in &diagnostics {
        check_span(text, diagnostic.primary.span);
        for label in &diagnostic.secondary {
            check_span(text, label.span);
        }
        assert!(!diagnostic.message.is_empty());
    }
    for item in &file.items {
        match item {
            Item::Message(message) => check_message(text, message),
            Item::Enum(enumeration) => check_span(text, enumeration.span),
            Item::Extend(extend) => check_span(text, extend.span),
        }
    }
}

fn check_message(text: &str, message: &MessageDecl) {
    check_span(text, message.span);
    check_span(text, message.name.span);
    for member in &message.members {
        match member {
            Member::Field(field) => check_type(text, &field.ty),
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

fn check_type(text: &str, ty: &TypeExpr) {
    check_span(text, ty.span());
    match ty {
        TypeExpr::Named(_) => {}
        TypeExpr::List { element, .. }
        | TypeExpr::Ref {
            target: element, ..
        } => check_type(text, element),
        TypeExpr::Map { key, value, .. } => {
            check_type(text, key);
            check_type(text, value);
        }
    }
}

fn check_span(text: &str, span: Span) {
    assert!(span.start <= span.end, "{span:?} in {text:?}");
    assert!(text.get(span.range()).is_some(), "{span:?} in {text:?}");
}

/// A small deterministic generator (xorshift64*), so that failures repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }
}

/// Characters worth inserting: the language's punctuation, comment and
/// string starters, letters, digits, odd whitespace and non-ASCII.
const PALETTE: &[char] = &[
    '{', '}', '<', '>', ';', ':', '=', ',', '.', '-', '"', '\\', '/', '*', '\n', '\r', ' ', '\t',
    'a', 'x', '_', '0', '9', 'é', '€', '𝄞', '\u{0}', '\u{feff}',
];

/// Words worth inserting whole.
const WORDS: &[&str] = &[
    "message ",
    "enum ",
    "oneof ",
    "reserved ",
    "package ",
    "import ",
    "optional ",
    "list<",
    "map<",
    " to ",
    "max",
    "///",
    "//",
    "/*",
    "*/",
    "0x",
    "99999999999999999999",
];

/// `text` with one random deletion, insertion or replacement, at character
/// boundaries.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(index, _)| index)
        .chain([text.len()])
        .collect();
    let at = boundaries[rng.below(boundaries.len())];
    let next = boundaries
        .iter()
        .copied()
        .find(|&index| index > at)
        .unwrap_or(at);
    let insert = if rng.below(3) == 0 {
        WORDS[rng.below(WORDS.len())].to_owned()
    } else {
        PALETTE[rng.below(PALETTE.len())].to_string()
    };
    match rng.below(3) {
        0 => format!("{}{}", &text[..at], &text[next..]),
        1 => format!("{}{insert}{}", &text[..at], &text[at..]),
        _ => format!("{}{insert}{}", &text[..at], &text[next..]),
    }
}

#[test]
fn every_prefix_of_every_schema() {
    for (_, text) in example_schemas() {
        for (index, _) in text.char_indices() {
            parse_checked(&text[..index]);
        }
    }
}

#[test]
fn random_mutations_of_every_schema() {
    let schemas = example_schemas();
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    for round in 0..4000 {
        let (_, original) = &schemas[round % schemas.len()];
        let mut text = original.clone();
        for _ in 0..1 + rng.below(4) {
            text = mutate(&mut rng, &text);
        }
        parse_checked(&text);
    }
}

#[test]
fn random_garbage() {
    let mut rng = Rng(42);
    for _ in 0..500 {
        let length = rng.below(200);
        let text: String = (0..length)
            .map(|_| match rng.below(4) {
                0 => WORDS[rng.below(WORDS.len())].to_owned(),
                1 => char::from_u32(rng.below(0x11_0000) as u32)
                    .unwrap_or('?')
                    .to_string(),
                _ => PALETTE[rng.below(PALETTE.len())].to_string(),
            })
            .collect();
        parse_checked(&text);
    }
}

#[test]
fn very_deep_nesting_is_refused_without_recursion() {
    // Nested too deeply, each is one error at the level past the limit,
    // and one at the end of the file the unclosed levels reach.
    let depth = 100_000;
    for text in [
        "message A { ".repeat(depth),
        format!("message A {{ x: {}", "list<".repeat(depth)),
        format!("message A {{ x: {}", "map<list<".repeat(depth)),
        format!("message A {{ x: {}", "ref ".repeat(depth)),
    ] {
        let (_, diagnostics) = parse(FileId(0), &text);
        let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:#?}");
        assert!(messages[0].contains("nests more than"), "{messages:#?}");
        assert!(messages[1].contains("end of the file"), "{messages:#?}");
    }
    // Brackets that open no declaration are skipped without recursion.
    for text in ["{".repeat(depth), "<".repeat(depth)] {
        let (_, diagnostics) = parse(FileId(0), &text);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    }
}

#[test]
fn long_flat_input() {
    let mut text = String::from("message Big {\n");
    for index in 1..=20_000 {
        text.push_str(&format!(
            "  /// Field {index}.\n  f{index}: list<i32> = {index};\n"
        ));
    }
    text.push_str("}\n");
    let (file, diagnostics) = parse(FileId(0), &text);
    assert!(diagnostics.is_empty());
    let Item::Message(big) = &file.items[0] else {
        panic!();
    };
    assert_eq!(big.members.len(), 20_000);

    let broken = "message A { x i32 = 1; }\n".repeat(5_000);
    let (_, diagnostics) = parse(FileId(0), &broken);
    assert_eq!(diagnostics.len(), 5_000);
}

#[test]
fn the_deepest_nesting_fits_a_small_stack() {
    // Nesting is bounded, so the stack the parser needs is too: the
    // deepest messages, types and references, and half-deep messages
    // holding a half-deep map and the deepest message literal, parse on a
    // thread of 1 MiB even in a debug build (a release build needs about a
    // tenth of it).
    let depth = MAX_DEPTH;
    let half = depth / 2;
    let texts = [
        format!("{}{}", "message A { ".repeat(depth), "}".repeat(depth)),
        format!(
            "message A {{ x: {}i32{} = 1; }}",
            "list<".repeat(depth - 1),
            ">".repeat(depth - 1)
        ),
        format!("message A {{ x: {}B = 1; }}", "ref ".repeat(depth - 1)),
        format!(
            "{}x: {}i32{} = 1 [(a) = {{ {}{} }}];{}",
            "message A { ".repeat(half),
            "map<i32, ".repeat(half - 1),
            ">".repeat(half - 1),
            "a { ".repeat(60),
            "}".repeat(60),
            "}".repeat(half)
        ),
    ];
    for text in texts {
        let handle = std::thread::Builder::new()
            .stack_size(1024 * 1024)
            .spawn(move || parse(FileId(0), &text).1)
            .expect("a thread can be spawned");
        let diagnostics = handle.join().expect("parsing fits the stack");
        assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    }
}

#[test]
fn adversarial_inputs_stay_linear() {
    // Each of these took quadratic time once: a comment followed by a long
    // run of whitespace before many fields (doc lookup), and many failing
    // imports with unterminated strings (matching errors to problems).
    // Quadratic behaviour would make this test take minutes.
    let n = 20_000;
    let spaced = format!(
        "message A {{ // c\n{}{}}}",
        " ".repeat(n * 10),
        "x: i32 = 1;\n".repeat(n)
    );
    let (file, diagnostics) = parse(FileId(0), &spaced);
    assert!(diagnostics.is_empty());
    let Item::Message(a) = &file.items[0] else {
        panic!();
    };
    assert_eq!(a.members.len(), n);
    let (_, diagnostics) = parse(FileId(0), &"import \"abc\n".repeat(n));
    assert_eq!(diagnostics.len(), n);
}
