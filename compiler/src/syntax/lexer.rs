//! The tokenizer of protobuf text, written once for both front ends: the
//! `.proto` parser reads every token of a file with it, and
//! [`literal`](super::literal) reads option names, values and message
//! literals with it, in `.proto` and `.schema` files alike.
//!
//! It follows protoc's `io::Tokenizer`: identifiers, decimal, octal and
//! hexadecimal integers, floats, strings in either quote with C escapes
//! (adjacent ones are joined by the parsers), `//` and `/* */` comments,
//! and every other character a symbol. What differs between a `.proto`
//! file's statements, its aggregate option values, a `.schema` file's
//! statements and its message literals is a [`Mode`]: the `.schema`
//! language has strings of its own, no octal, fewer blanks, and doc
//! comments, which the lexer keeps ([`Lexer::docs`]). Errors never stop
//! it: each is recorded in [`Lexer::errors`] and a token is still
//! returned, so that a parser can go on after it.

use std::ops::Range;

/// What the text around the tokens allows, where protobuf's dialects
/// differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mode {
    /// Whether `#` starts a comment, as in protobuf's text format.
    pub hash_comments: bool,
    /// Whether a float may end in `f`, as in protobuf's text format.
    pub float_suffix: bool,
    /// Whether protoc's rules for `.proto` text apply: a `/*` inside a
    /// block comment, a control character or a non-ASCII character
    /// outside strings and comments, and a number right after an
    /// identifier's dot (`a.1`) are errors.
    pub strict: bool,
    /// Whether the `.schema` language's rules apply (docs/language.md):
    /// the blanks are space, tab, carriage return and line feed only; a
    /// NUL is a character like another; `///` comments are kept as docs;
    /// strings are in double quotes, on one line, with the escapes `\"`,
    /// `\\`, `\n`, `\r`, `\t` and `\x` with two hex digits; an integer is
    /// never octal; and a number runs to the end of the letters and digits
    /// after it.
    pub schema: bool,
}

impl Mode {
    /// The statements of a `.proto` file.
    pub const PROTO: Mode = Mode {
        hash_comments: false,
        float_suffix: false,
        strict: true,
        schema: false,
    };
    /// An aggregate option value in a `.proto` file: protoc reads its
    /// tokens as `.proto` text, then the text format parser, which skips
    /// what follows a `#`, reads them again.
    pub const PROTO_AGGREGATE: Mode = Mode {
        hash_comments: true,
        ..Mode::PROTO
    };
    /// A message literal in a `.schema` file: the text format, with
    /// `.proto` comments too.
    pub const TEXT: Mode = Mode {
        hash_comments: true,
        float_suffix: true,
        strict: false,
        schema: false,
    };
    /// The statements of a `.schema` file.
    pub const SCHEMA: Mode = Mode {
        hash_comments: false,
        float_suffix: false,
        strict: false,
        schema: true,
    };
}

/// What a token is; its text is the text it spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Letters, digits and `_`, not starting with a digit.
    Ident,
    /// An integer as written: `12`, `0x1F`, `017`.
    Int,
    /// A float as written: `1.5`, `1e10`, `.5`.
    Float,
    /// A string, quotes included; [`string_value`] reads it.
    String,
    /// Any other character.
    Punct(char),
    /// The end of the text.
    End,
}

/// A token and the bytes it spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Token {
    /// What it is.
    pub kind: Kind,
    /// Where it starts.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
}

impl Token {
    /// Whether it is the symbol `c`.
    pub fn is(&self, c: char) -> bool {
        self.kind == Kind::Punct(c)
    }
}

/// A lexical error: what is wrong, and the bytes it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct LexError {
    /// One sentence.
    pub message: String,
    /// The bytes to point at.
    pub range: Range<usize>,
    /// The text under them, if the error has its own.
    pub label: Option<&'static str>,
    /// The help line, if the error has its own.
    pub help: Option<&'static str>,
}

/// The help line of a number that runs into letters in `.schema` text.
const SCHEMA_NUMBER_HELP: &str = "write a space between a number and a name; an integer is \
                                  decimal, or hexadecimal after `0x`";

/// What starts at the lexer's position, once a comment opener is eaten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CommentStart {
    /// `//`, or `#` where it starts a comment.
    Line,
    /// `/*`.
    Block,
    /// No comment.
    None,
}

/// Cuts text into tokens, from a position on.
pub(super) struct Lexer<'a> {
    text: &'a str,
    /// The byte offset of the next character to read.
    pub at: usize,
    mode: Mode,
    /// The kind and end of the last token read, for `a.1`.
    last: Option<(Kind, usize)>,
    /// The errors met so far, in order.
    pub errors: Vec<LexError>,
    /// The `///` comments met so far in `.schema` text, in order, each
    /// from its first `/` to the end of its line, line break excluded.
    pub docs: Vec<Range<usize>>,
}

impl<'a> Lexer<'a> {
    /// A lexer of `text` from byte `at` on.
    pub fn new(text: &'a str, at: usize, mode: Mode) -> Self {
        Lexer {
            text,
            at,
            mode,
            last: None,
            errors: Vec::new(),
            docs: Vec::new(),
        }
    }

    /// Changes what the text allows from here on.
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// The byte at `at`, if any.
    pub fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    /// Eats `byte` if it is next.
    pub fn eat(&mut self, byte: u8) -> bool {
        if self.byte(self.at) == Some(byte) {
            self.at += 1;
            return true;
        }
        false
    }

    fn error(&mut self, message: impl Into<String>, range: Range<usize>) {
        self.errors.push(LexError {
            message: message.into(),
            range,
            label: None,
            help: None,
        });
    }

    /// An error of `.schema` text, with its label and help line.
    fn schema_error(
        &mut self,
        message: &str,
        range: Range<usize>,
        label: &'static str,
        help: &'static str,
    ) {
        self.errors.push(LexError {
            message: message.to_owned(),
            range,
            label: Some(label),
            help: Some(help),
        });
    }

    /// Skips spaces and tabs (every blank but the line break).
    pub fn skip_blanks(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c') = self.byte(self.at) {
            self.at += 1;
        }
    }

    /// Eats a comment's opener, if one is next.
    pub fn comment_start(&mut self) -> CommentStart {
        match (self.byte(self.at), self.byte(self.at + 1)) {
            (Some(b'/'), Some(b'/')) => {
                self.at += 2;
                CommentStart::Line
            }
            (Some(b'/'), Some(b'*')) => {
                self.at += 2;
                CommentStart::Block
            }
            (Some(b'#'), _) if self.mode.hash_comments => {
                self.at += 1;
                CommentStart::Line
            }
            _ => CommentStart::None,
        }
    }

    /// The rest of a line comment, its line break included, which it
    /// eats.
    pub fn line_comment(&mut self) -> &'a str {
        let start = self.at;
        while let Some(byte) = self.byte(self.at) {
            if byte == b'\0' && !self.mode.schema {
                break;
            }
            self.at += 1;
            if byte == b'\n' {
                break;
            }
        }
        &self.text[start..self.at]
    }

    /// The rest of a block comment opened at `opener`, which it eats,
    /// appended to `content` as protoc records it: without `*/`, and
    /// without the blanks and the `*` that start each further line.
    pub fn block_comment(&mut self, opener: usize, content: &mut String) {
        let mut from = self.at;
        loop {
            while let Some(byte) = self.byte(self.at) {
                if matches!(byte, b'*' | b'/' | b'\n') || (byte == b'\0' && !self.mode.schema) {
                    break;
                }
                self.at += 1;
            }
            if self.eat(b'\n') {
                content.push_str(&self.text[from..self.at]);
                self.skip_blanks();
                if self.eat(b'*') && self.eat(b'/') {
                    return;
                }
                from = self.at;
            } else if self.byte(self.at) == Some(b'*') && self.byte(self.at + 1) == Some(b'/') {
                content.push_str(&self.text[from..self.at]);
                self.at += 2;
                return;
            } else if self.eat(b'*') {
                // A star inside the comment.
            } else if self.eat(b'/') {
                if self.byte(self.at) == Some(b'*') && self.mode.strict {
                    self.error(
                        "`/*` inside a block comment: block comments do not nest",
                        self.at - 1..self.at + 1,
                    );
                }
            } else if self.mode.schema {
                content.push_str(&self.text[from..self.at]);
                self.schema_error(
                    "unterminated block comment",
                    opener..opener + 2,
                    "this comment has no closing `*/`",
                    "close the comment with `*/`; block comments do not nest",
                );
                return;
            } else {
                content.push_str(&self.text[from..self.at]);
                self.error("a `/*` comment is never closed", opener..opener + 2);
                // A NUL ends the text for protoc; skip the rest.
                self.at = self.text.len();
                return;
            }
        }
    }

    /// Skips blanks, line breaks and comments, keeping `.schema` docs.
    fn skip(&mut self) {
        loop {
            match self.byte(self.at) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.at += 1,
                Some(b'\x0b' | b'\x0c') if !self.mode.schema => self.at += 1,
                _ => {
                    let opener = self.at;
                    match self.comment_start() {
                        CommentStart::Line => {
                            let rest = self.line_comment();
                            if self.mode.schema {
                                self.keep_doc(opener, rest);
                            }
                        }
                        CommentStart::Block => self.block_comment(opener, &mut String::new()),
                        CommentStart::None => return,
                    }
                }
            }
        }
    }

    /// Keeps the line comment opened at `opener`, whose text after `//`
    /// is `rest`, if it is a doc comment: `///` not followed by another
    /// `/`.
    fn keep_doc(&mut self, opener: usize, rest: &str) {
        let body = rest.strip_suffix('\n').unwrap_or(rest);
        if body.starts_with('/') && !body[1..].starts_with('/') {
            self.docs.push(opener..opener + 2 + body.len());
        }
    }

    /// The next token; `End` at the end of the text, again and again.
    pub fn token(&mut self) -> Token {
        loop {
            self.skip();
            let start = self.at;
            let Some(byte) = self.byte(start) else {
                return self.finish(Kind::End, start);
            };
            let kind = match byte {
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                    self.at += 1;
                    while let Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_') =
                        self.byte(self.at)
                    {
                        self.at += 1;
                    }
                    Kind::Ident
                }
                b'0'..=b'9' => self.number(start),
                b'.' if matches!(self.byte(start + 1), Some(b'0'..=b'9')) => {
                    if self.mode.strict && self.last == Some((Kind::Ident, start)) {
                        self.error(
                            "a number right after a name's dot: write a space between them",
                            start..start + 1,
                        );
                    }
                    self.number(start)
                }
                b'"' if self.mode.schema => {
                    self.schema_string();
                    Kind::String
                }
                b'"' | b'\'' if !self.mode.schema => {
                    self.string(byte);
                    Kind::String
                }
                b'\0'..=b'\x1f' if self.mode.strict => {
                    self.control_characters(start);
                    continue;
                }
                _ => {
                    let c = self.text[start..].chars().next().unwrap_or('\0');
                    self.at += c.len_utf8();
                    if self.mode.strict && !c.is_ascii() {
                        self.error(
                            format!("`{c}` is not ASCII, and only strings and comments may hold such characters"),
                            start..self.at,
                        );
                    }
                    Kind::Punct(c)
                }
            };
            return self.finish(kind, start);
        }
    }

    fn finish(&mut self, kind: Kind, start: usize) -> Token {
        self.last = Some((kind, self.at));
        Token {
            kind,
            start,
            end: self.at,
        }
    }

    /// Skips a run of control characters at `start`, with an error.
    fn control_characters(&mut self, start: usize) {
        while let Some(b'\0'..=b'\x08' | b'\x0e'..=b'\x1f') = self.byte(self.at) {
            self.at += 1;
        }
        self.error(
            "control characters outside a string or comment",
            start..self.at,
        );
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.byte(self.at) {
            self.at += 1;
        }
        self.at - start
    }

    /// An integer or a float starting at `start`.
    fn number(&mut self, start: usize) -> Kind {
        self.at = start + 1;
        let first = self.text.as_bytes()[start];
        let mut float = false;
        let mut integral = false;
        let hex = matches!(self.byte(self.at), Some(b'x' | b'X'));
        let octal = !self.mode.schema && matches!(self.byte(self.at), Some(b'0'..=b'9'));
        if first == b'0' && (hex || octal) {
            integral = true;
            self.hex_or_octal(start);
        } else {
            if first == b'.' {
                float = true;
                self.digits();
            } else {
                self.digits();
                if self.eat(b'.') {
                    float = true;
                    self.digits();
                }
            }
            if let Some(b'e' | b'E') = self.byte(self.at) {
                let mark = self.at;
                self.at += 1;
                if let Some(b'+' | b'-') = self.byte(self.at) {
                    self.at += 1;
                }
                if self.digits() == 0 {
                    self.error("an exponent needs digits", mark..self.at);
                }
                float = true;
            }
            if self.mode.float_suffix && matches!(self.byte(self.at), Some(b'f' | b'F')) {
                self.at += 1;
                float = true;
            }
        }
        match self.byte(self.at) {
            Some(b'a'..=b'z' | b'A'..=b'Z' | b'_') if self.mode.schema => {
                while let Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_') = self.byte(self.at)
                {
                    self.at += 1;
                }
                self.schema_error(
                    "a number runs into the letters after it",
                    start..self.at,
                    "not a number",
                    SCHEMA_NUMBER_HELP,
                );
            }
            Some(b'a'..=b'z' | b'A'..=b'Z' | b'_') => self.error(
                "a number runs into the characters after it: write a space between them",
                start..self.at + 1,
            ),
            Some(b'.') if float || integral => self.error(
                "a number runs into the characters after it: a number has one `.` at most, and \
                 hexadecimal and octal ones none",
                start..self.at + 1,
            ),
            _ => {}
        }
        if float { Kind::Float } else { Kind::Int }
    }

    /// The rest of a hexadecimal (`0x1F`) or octal (`017`) integer that
    /// starts at `start`.
    fn hex_or_octal(&mut self, start: usize) {
        if self.eat(b'x') || self.eat(b'X') {
            while let Some(b'0'..=b'9' | b'a'..=b'f' | b'A'..=b'F') = self.byte(self.at) {
                self.at += 1;
            }
            if self.at == start + 2 {
                self.error(
                    "a hexadecimal number needs a digit after `0x`",
                    start..self.at,
                );
            }
            return;
        }
        while let Some(b'0'..=b'7') = self.byte(self.at) {
            self.at += 1;
        }
        if self.digits() > 0 {
            self.error(
                "a number that starts with `0` is octal, and has no digit 8 or 9",
                start..self.at,
            );
        }
    }

    /// A string in `quote`s, whose opening quote is at `self.at`.
    fn string(&mut self, quote: u8) {
        let start = self.at;
        self.at += 1;
        loop {
            let Some(byte) = self.byte(self.at) else {
                self.error("a string is never closed", start..self.at);
                return;
            };
            match byte {
                b'\n' => {
                    self.error("a string is never closed on its line", start..self.at);
                    return;
                }
                b'\0' => {
                    self.error("a string holds a NUL character", self.at..self.at + 1);
                    return;
                }
                b'\\' => {
                    self.at += 1;
                    self.escape();
                }
                _ => {
                    self.at += 1;
                    if byte == quote {
                        return;
                    }
                }
            }
        }
    }

    /// A `.schema` string, whose opening `"` is at `self.at`: it ends at
    /// its closing quote or, unterminated, before the end of its line. An
    /// unknown escape is reported only in a string that is closed, as an
    /// unterminated one says enough.
    fn schema_string(&mut self) {
        let start = self.at;
        self.at += 1;
        let mut unknown = Vec::new();
        loop {
            match self.byte(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    for range in unknown {
                        self.schema_error(
                            "unknown escape in string",
                            range,
                            "unknown escape",
                            "the escapes are `\\\"`, `\\\\`, `\\n`, `\\r`, `\\t` and `\\x` with two \
                             hex digits",
                        );
                    }
                    return;
                }
                Some(b'\\') => match self.byte(self.at + 1) {
                    Some(b'"' | b'\\' | b'n' | b'r' | b't') => self.at += 2,
                    Some(b'x') if self.hex_digits_at(self.at + 2) => self.at += 4,
                    Some(b'\n' | b'\r') | None => self.at += 1,
                    Some(_) => {
                        let width = self.text[self.at + 1..]
                            .chars()
                            .next()
                            .map_or(1, char::len_utf8);
                        unknown.push(self.at..self.at + 1 + width);
                        self.at += 1 + width;
                    }
                },
                Some(b'\n' | b'\r') | None => {
                    self.schema_error(
                        "unterminated string",
                        start..self.at,
                        "this string has no closing `\"`",
                        "close the string with `\"` on the same line",
                    );
                    return;
                }
                Some(_) => self.at += 1,
            }
        }
    }

    /// Whether the two bytes at `at` are hex digits, as `\x` needs in a
    /// `.schema` string.
    fn hex_digits_at(&self, at: usize) -> bool {
        self.text
            .as_bytes()
            .get(at..at + 2)
            .is_some_and(|digits| digits.iter().all(u8::is_ascii_hexdigit))
    }

    /// Checks the eight digits of a `\U` escape at `at`, up to `0010ffff`
    /// as protoc allows them (`001fffff`).
    fn long_unicode_escape(&mut self, at: usize) {
        let digits = self.text.as_bytes().get(self.at..self.at + 8);
        let valid = digits.is_some_and(|digits| {
            digits.starts_with(b"00")
                && matches!(digits[2], b'0' | b'1')
                && digits[3..].iter().all(u8::is_ascii_hexdigit)
        });
        if valid {
            self.at += 8;
        } else {
            self.error(
                "`\\U` needs eight hexadecimal digits after it, up to 0010ffff",
                at..self.at,
            );
        }
    }

    /// Checks the escape after a `\`, as protoc does, and eats its first
    /// characters; the string's own loop eats the rest.
    fn escape(&mut self) {
        let at = self.at - 1;
        let Some(byte) = self.byte(self.at) else {
            return;
        };
        let hex = |lexer: &Self, offset: usize| {
            lexer
                .byte(lexer.at + offset)
                .is_some_and(|b| b.is_ascii_hexdigit())
        };
        match byte {
            b'a'
            | b'b'
            | b'f'
            | b'n'
            | b'r'
            | b't'
            | b'v'
            | b'\\'
            | b'?'
            | b'\''
            | b'"'
            | b'0'..=b'7' => self.at += 1,
            b'x' | b'X' => {
                self.at += 1;
                if !hex(self, 0) {
                    self.error("`\\x` needs a hexadecimal digit after it", at..self.at);
                }
            }
            b'u' => {
                self.at += 1;
                if (0..4).all(|offset| hex(self, offset)) {
                    self.at += 4;
                } else {
                    self.error("`\\u` needs four hexadecimal digits after it", at..self.at);
                }
            }
            b'U' => {
                self.at += 1;
                self.long_unicode_escape(at);
            }
            // The string's loop reports the line break.
            b'\n' => {}
            _ => {
                let c = self.text[self.at..].chars().next().unwrap_or('\0');
                self.error(
                    format!("`\\{c}` is not an escape"),
                    at..self.at + c.len_utf8(),
                );
            }
        }
    }
}

/// The bytes of the string token `raw`, quotes included, its escapes
/// undone as protoc undoes them; an escape the lexer refused keeps its
/// character.
pub(super) fn string_value(raw: &str) -> Vec<u8> {
    let bytes = raw.as_bytes();
    let body = match bytes {
        [quote, inner @ .., last] if last == quote && bytes.len() >= 2 => inner,
        [_, inner @ ..] => inner,
        [] => &[],
    };
    let mut out = Vec::with_capacity(body.len());
    let mut index = 0;
    while index < body.len() {
        let byte = body[index];
        index += 1;
        if byte != b'\\' || index == body.len() {
            out.push(byte);
            continue;
        }
        let escaped = body[index];
        index += 1;
        match escaped {
            b'a' => out.push(0x07),
            b'b' => out.push(0x08),
            b'f' => out.push(0x0c),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(0x0b),
            b'0'..=b'7' => {
                let (value, used) = digits_value(&body[index - 1..], 8, 3);
                index += used - 1;
                out.push(value as u8);
            }
            b'x' | b'X' => match digits_value(&body[index..], 16, 2) {
                (_, 0) => out.push(escaped),
                (value, used) => {
                    index += used;
                    out.push(value as u8);
                }
            },
            b'u' | b'U' => match unicode_escape(body, index - 1) {
                Some((code, next)) => {
                    index = next;
                    push_code_point(&mut out, code);
                }
                None => out.push(escaped),
            },
            other => out.push(other),
        }
    }
    out
}

/// The value of up to `max` digits in `radix` at the start of `bytes`,
/// and how many there were.
fn digits_value(bytes: &[u8], radix: u32, max: usize) -> (u32, usize) {
    let mut value = 0;
    let mut used = 0;
    for &byte in bytes.iter().take(max) {
        match char::from(byte).to_digit(radix) {
            Some(digit) => value = value * radix + digit,
            None => break,
        }
        used += 1;
    }
    (value, used)
}

/// The code point of the `\u` or `\U` escape whose letter is at
/// `bytes[at]`, a surrogate pair written as two `\u` escapes joined as
/// protoc joins them, and the index after it.
fn unicode_escape(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let count = if bytes[at] == b'u' { 4 } else { 8 };
    let (code, used) = digits_value(bytes.get(at + 1..)?, 16, count);
    if used < count {
        return None;
    }
    let next = at + 1 + count;
    if (0xD800..0xDC00).contains(&code) && bytes.get(next..next + 2) == Some(b"\\u") {
        let (low, used) = digits_value(bytes.get(next + 2..)?, 16, 4);
        if used == 4 && (0xDC00..0xE000).contains(&low) {
            let joined = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            return Some((joined, next + 6));
        }
    }
    Some((code, next))
}

/// Appends `code` in UTF-8; a lone surrogate gets the three bytes
/// protoc writes for it, which are no UTF-8.
fn push_code_point(out: &mut Vec<u8>, code: u32) {
    match char::from_u32(code) {
        Some(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        None => out.extend_from_slice(&[
            0xE0 | (code >> 12) as u8,
            0x80 | ((code >> 6) & 0x3F) as u8,
            0x80 | (code & 0x3F) as u8,
        ]),
    }
}

#[cfg(test)]
mod tests;
