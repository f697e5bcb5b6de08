//! A quick lexical pass over a whole file, made before pest sees it.
//!
//! It finds what pest alone cannot give us: the comments (for doc comments),
//! lexical errors with a clear cause (an unterminated string or comment),
//! how deeply braces and angle brackets nest (pest's recursive descent must
//! not be handed input deep enough to exhaust the stack), and where the
//! top-level declarations start, so that the parser can be restarted after
//! an error. It never fails and runs in one linear pass.

use std::ops::Range;

/// How deeply `{` and `<` may nest before the file is refused.
pub(super) const MAX_DEPTH: usize = 64;

/// The character some editors put at the start of UTF-8 files.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// What the pass found.
#[derive(Debug, Default)]
pub(super) struct Scan {
    /// Every comment, in order.
    pub comments: Vec<Comment>,
    /// The file cut before each top-level declaration; together they cover
    /// the whole file.
    pub segments: Vec<Segment>,
    /// Lexical errors, in order.
    pub problems: Vec<Problem>,
}

/// A `//` or `/* */` comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Comment {
    /// The bytes of the comment; a line comment stops before its line break.
    pub range: Range<usize>,
    /// Whether it is a doc comment: `///` not followed by another `/`.
    pub doc: bool,
}

/// A part of the file that starts at a top-level declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Segment {
    /// Its bytes.
    pub range: Range<usize>,
    /// The first `{` or `<` in it that nests deeper than [`MAX_DEPTH`].
    pub too_deep: Option<Range<usize>>,
}

/// A lexical error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// The bytes to point at.
    pub range: Range<usize>,
    /// Where the string or comment at fault starts; pest's error, if any,
    /// is reported there.
    pub token_start: usize,
}

/// The kinds of lexical error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ProblemKind {
    /// A string with no closing quote on its line.
    UnterminatedString,
    /// A backslash in a string not followed by one of the escapes.
    UnknownEscape,
    /// A `/*` with no `*/`.
    UnterminatedComment,
}

impl Scan {
    /// Whether a lexical problem concerns the string or comment starting
    /// at byte `start`.
    pub fn has_problem_at(&self, start: usize) -> bool {
        // Problems are in order of the token they concern.
        let index = self
            .problems
            .partition_point(|problem| problem.token_start < start);
        self.problems
            .get(index)
            .is_some_and(|problem| problem.token_start == start)
    }

    /// The doc comment lines that belong to a declaration starting at byte
    /// `start`: every `///` comment in the comments and whitespace just
    /// before it, with `///` and one following space removed. Ordinary
    /// comments among them are skipped; anything else ends the search.
    pub fn docs_before(&self, text: &str, start: usize) -> Vec<String> {
        let mut docs = Vec::new();
        let mut cursor = start;
        let mut index = self
            .comments
            .partition_point(|comment| comment.range.end <= start);
        while index > 0 {
            let comment = &self.comments[index - 1];
            // Read the gap backwards from the declaration, so that a token
            // in it stops the search after this declaration's own
            // whitespace, keeping the whole file's work linear.
            let gap = text.get(comment.range.end..cursor).unwrap_or("x");
            if !gap.bytes().rev().all(is_whitespace) {
                break;
            }
            if comment.doc {
                docs.push(doc_text(&text[comment.range.clone()]));
            }
            cursor = comment.range.start;
            index -= 1;
        }
        docs.reverse();
        docs
    }
}

/// Scans `text`.
pub(super) fn scan(text: &str) -> Scan {
    let mut scanner = Scanner {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        braces: 0,
        angles: 0,
        previous: Token::Other,
        pending: None,
        segment_start: 0,
        too_deep: None,
        scan: Scan::default(),
    };
    scanner.run();
    scanner.scan
}

/// Whether `byte` is whitespace in the grammar.
pub(super) fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

/// Whether `byte` may continue a name.
pub(super) fn is_ident_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The text of a doc comment: without `///`, one following space, or the
/// carriage return of a CRLF line ending.
fn doc_text(comment: &str) -> String {
    let text = comment.strip_prefix("///").unwrap_or(comment);
    let text = text.strip_prefix(' ').unwrap_or(text);
    text.strip_suffix('\r').unwrap_or(text).to_owned()
}

/// The kind of the last significant token, as far as finding declarations
/// needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    /// A name or keyword.
    Word,
    /// A string.
    Str,
    /// A `.`.
    Dot,
    /// Anything else.
    Other,
}

/// A top-level keyword that starts a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keyword {
    Package,
    Import,
    Message,
    Enum,
    Service,
    /// `extend Name { ... }`, whose name may start with a `.`.
    Extend,
    /// `syntax = "proto3";` and `option name = value;`, as `.proto` files
    /// have them: nothing else at the top level starts with these words.
    Syntax,
    Option,
}

struct Scanner<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
    /// How many `{` are open.
    braces: usize,
    /// How many `<` are open since the last `{`, `}` or `;`; a type never
    /// spans those, so an unclosed `<` does not outlive its field.
    angles: usize,
    previous: Token,
    /// A keyword outside braces and its start, waiting for the next token to
    /// show whether it starts a declaration.
    pending: Option<(Keyword, usize)>,
    segment_start: usize,
    too_deep: Option<Range<usize>>,
    scan: Scan,
}

impl Scanner<'_> {
    fn run(&mut self) {
        // A byte order mark at the start is not part of the schema.
        if self.text.starts_with(BYTE_ORDER_MARK) {
            self.pos = BYTE_ORDER_MARK.len_utf8();
        }
        while let Some(&byte) = self.bytes.get(self.pos) {
            let start = self.pos;
            match byte {
                _ if is_whitespace(byte) => self.pos += 1,
                b'/' if self.bytes.get(start + 1) == Some(&b'/') => self.line_comment(),
                b'/' if self.bytes.get(start + 1) == Some(&b'*') => self.block_comment(),
                b'"' => {
                    self.string();
                    self.token(Token::Str);
                }
                b'{' | b'}' | b'<' | b'>' | b';' => {
                    self.pos += 1;
                    self.bracket(byte, start);
                    self.token(Token::Other);
                }
                b'.' => {
                    self.pos += 1;
                    self.token(Token::Dot);
                }
                _ if byte.is_ascii_alphanumeric() || byte == b'_' => self.word(),
                _ => {
                    self.pos += self.char_width(start);
                    self.token(Token::Other);
                }
            }
        }
        self.close_segment(self.bytes.len());
    }

    fn line_comment(&mut self) {
        let start = self.pos;
        let end = memchr_newline(self.bytes, start);
        let doc =
            self.bytes[start..end].starts_with(b"///") && self.bytes.get(start + 3) != Some(&b'/');
        self.scan.comments.push(Comment {
            range: start..end,
            doc,
        });
        self.pos = end;
    }

    fn block_comment(&mut self) {
        let start = self.pos;
        let end = match self.text[start + 2..].find("*/") {
            Some(offset) => start + 2 + offset + 2,
            None => {
                self.scan.problems.push(Problem {
                    kind: ProblemKind::UnterminatedComment,
                    range: start..start + 2,
                    token_start: start,
                });
                self.bytes.len()
            }
        };
        self.scan.comments.push(Comment {
            range: start..end,
            doc: false,
        });
        self.pos = end;
    }

    /// Whether the two bytes at `pos` are hex digits, as `\x` needs.
    fn hex_digits_at(&self, pos: usize) -> bool {
        self.bytes
            .get(pos..pos + 2)
            .is_some_and(|digits| digits.iter().all(u8::is_ascii_hexdigit))
    }

    /// Skips a string, which ends at its closing quote or, unterminated, at
    /// the end of its line. Unknown escapes are reported only in a string
    /// that is closed, since an unterminated one says enough.
    fn string(&mut self) {
        let start = self.pos;
        let mut escapes = Vec::new();
        self.pos += 1;
        loop {
            match self.bytes.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    self.scan.problems.append(&mut escapes);
                    return;
                }
                Some(b'\\') => match self.bytes.get(self.pos + 1) {
                    Some(b'"' | b'\\' | b'n' | b'r' | b't') => self.pos += 2,
                    Some(b'x') if self.hex_digits_at(self.pos + 2) => self.pos += 4,
                    Some(b'\n' | b'\r') | None => self.pos += 1,
                    Some(_) => {
                        let width = self.char_width(self.pos + 1);
                        escapes.push(Problem {
                            kind: ProblemKind::UnknownEscape,
                            range: self.pos..self.pos + 1 + width,
                            token_start: start,
                        });
                        self.pos += 1 + width;
                    }
                },
                Some(b'\n' | b'\r') | None => {
                    self.scan.problems.push(Problem {
                        kind: ProblemKind::UnterminatedString,
                        range: start..self.pos,
                        token_start: start,
                    });
                    return;
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    fn word(&mut self) {
        let start = self.pos;
        while self
            .bytes
            .get(self.pos)
            .is_some_and(|&byte| is_ident_byte(byte))
        {
            self.pos += 1;
        }
        let keyword = match &self.text[start..self.pos] {
            "package" => Some(Keyword::Package),
            "import" => Some(Keyword::Import),
            "message" => Some(Keyword::Message),
            "enum" => Some(Keyword::Enum),
            "service" => Some(Keyword::Service),
            "extend" => Some(Keyword::Extend),
            "syntax" => Some(Keyword::Syntax),
            "option" => Some(Keyword::Option),
            _ => None,
        };
        let previous = self.previous;
        self.token(Token::Word);
        // A keyword after a `.` is part of a dotted name, not a declaration.
        if let Some(keyword) = keyword
            && self.braces == 0
            && previous != Token::Dot
        {
            self.pending = Some((keyword, start));
        }
    }

    /// Records a significant token, confirming or dropping a pending
    /// keyword: `message`, `enum`, `service` and `package` start a declaration when a
    /// name follows them, `extend` when a name or a `.` does, `import` when a string does, `syntax` and `option`
    /// whatever follows.
    fn token(&mut self, token: Token) {
        if let Some((keyword, start)) = self.pending.take() {
            let starts = match keyword {
                Keyword::Import => token == Token::Str,
                Keyword::Package | Keyword::Message | Keyword::Enum | Keyword::Service => {
                    token == Token::Word
                }
                Keyword::Extend => token == Token::Word || token == Token::Dot,
                Keyword::Syntax | Keyword::Option => true,
            };
            if starts {
                self.close_segment(start);
            }
        }
        self.previous = token;
    }

    /// The width in bytes of the character at byte `pos`.
    fn char_width(&self, pos: usize) -> usize {
        self.text
            .get(pos..)
            .and_then(|rest| rest.chars().next())
            .map_or(1, char::len_utf8)
    }

    /// Tracks nesting through the bracket or `;` `byte` at `start`.
    ///
    /// pest's recursion at any point is as deep as the `{` and `<` open in
    /// the valid text before it, which is never more than `braces +
    /// angles`, so refusing segments where that sum passes the limit keeps
    /// pest's stack bounded.
    fn bracket(&mut self, byte: u8, start: usize) {
        match byte {
            b'{' => {
                self.braces += 1;
                self.angles = 0;
            }
            b'}' => {
                self.braces = self.braces.saturating_sub(1);
                self.angles = 0;
            }
            b'<' => self.angles += 1,
            b'>' => self.angles = self.angles.saturating_sub(1),
            _ => self.angles = 0,
        }
        if self.braces + self.angles > MAX_DEPTH && self.too_deep.is_none() {
            self.too_deep = Some(start..start + 1);
        }
    }

    /// Ends the current segment at `end` and starts the next one there.
    fn close_segment(&mut self, end: usize) {
        if end > self.segment_start {
            self.scan.segments.push(Segment {
                range: self.segment_start..end,
                too_deep: self.too_deep.take(),
            });
            self.segment_start = end;
        }
    }
}

/// The index of the next `\n` at or after `from`, or the length of `bytes`.
fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&byte| byte == b'\n')
        .map_or(bytes.len(), |offset| from + offset)
}
