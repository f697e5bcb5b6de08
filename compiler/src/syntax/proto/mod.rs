//! The `.proto` front end: protobuf source text to the same syntax tree as
//! a `.schema` file, by a recursive-descent parser written after protoc's
//! own (`compiler/parser.cc`), one function per construct.
//!
//! It reads what protoc 35 reads in proto2 and proto3 files, with protoc's
//! tokens ([`lexer`](super::lexer), which option text shares) and protoc's
//! attribution of comments ([`comments`]): a declaration's docs are the
//! comment block right before it and the comment after its `;` or `{`.
//! Types are spelled as the `.schema` language spells them (`int32` is
//! `i32`, `repeated T` is `list<T>`, a map field is `map<K, V>`), so that
//! resolve reads both languages alike, by the file's [`Dialect`].
//!
//! Every option is kept, on every element that takes one, as written:
//! [`literal`](super::literal), which the `.schema` front end shares, reads
//! its name and value, so that names, values and aggregates have spans.
//! Resolve interprets them. `extend` blocks become [`ExtendDecl`]s, and a
//! group a field marked [`FieldDecl::group`] beside its nested message.
//!
//! A message's members come in the order of the descriptor protoc makes
//! of it: options, then fields (each oneof where its first member is),
//! then the `reserved` items together, extension ranges one by one,
//! extensions, nested messages and nested enums. The rules protoc applies
//! to a dialect (labels, defaults and groups in proto3, labels in oneofs,
//! maps, `map_entry` and `allow_alias` set by hand) are checked here; an
//! editions file is read with its grammar (no `optional` or `required`,
//! reserved names without quotes), and its features are resolve's.
//!
//! A syntax error is reported with the first wrong token of its statement;
//! the statement is skipped, as protoc skips it, and parsing goes on.

mod comments;
mod declarations;
mod fields;
mod file;
mod options;

#[cfg(test)]
mod tests;

use super::lexer::{Kind, Lexer, Mode, Token};
use crate::ast::{Dialect, Edition, Ident, SchemaFile};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};
use comments::Upcoming;

/// How deeply messages (and groups) may nest: protoc refuses a 32nd
/// level.
const MAX_DEPTH: usize = 31;

/// The character some editors put at the start of UTF-8 files.
const BYTE_ORDER_MARK: &str = "\u{feff}";

/// Parses the `.proto` file `file`, imported as `_name`. Returns the tree
/// of everything that parsed, and a diagnostic for every syntax error and
/// every construct that is not supported.
pub fn parse(file: FileId, _name: &str, text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    let mut parser = Parser::new(file, text);
    let tree = parser.file();
    let mut diagnostics = parser.diagnostics;
    diagnostics.sort_by_key(|diagnostic| diagnostic.primary.span);
    (tree, diagnostics)
}

/// The version of the language a file is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Syntax {
    Proto2,
    Proto3,
    /// `edition = "2023";` or `"2024"`.
    Editions(Edition),
}

impl Syntax {
    /// The dialect the tree is given.
    fn dialect(self) -> Dialect {
        match self {
            Syntax::Proto2 => Dialect::Proto2,
            Syntax::Proto3 => Dialect::Proto3,
            Syntax::Editions(edition) => Dialect::Editions(edition),
        }
    }

    /// Whether the file is an edition's.
    fn is_editions(self) -> bool {
        matches!(self, Syntax::Editions(_))
    }
}

/// A statement that failed to parse; its diagnostic has been recorded.
#[derive(Debug)]
struct Failed;

type Parsed<T> = Result<T, Failed>;

struct Parser<'a> {
    file: FileId,
    text: &'a str,
    lexer: Lexer<'a>,
    /// The token looked at.
    token: Token,
    /// The end of the last token read.
    prev_end: usize,
    syntax: Syntax,
    /// How many messages the one being read is nested in.
    depth: usize,
    /// The comments collected for the next declaration.
    upcoming: Upcoming,
    diagnostics: Vec<Diagnostic>,
    /// Where the last lexical error was, so that the parse error its token
    /// causes is not reported too.
    lex_error_at: Option<usize>,
    /// Whether the end of the file has been reported inside a block.
    unclosed_reported: bool,
}

impl<'a> Parser<'a> {
    fn new(file: FileId, text: &'a str) -> Self {
        let start = if text.starts_with(BYTE_ORDER_MARK) {
            BYTE_ORDER_MARK.len()
        } else {
            0
        };
        Parser {
            file,
            text,
            lexer: Lexer::new(text, start, Mode::PROTO),
            token: Token {
                kind: Kind::End,
                start,
                end: start,
            },
            prev_end: start,
            syntax: Syntax::Proto2,
            depth: 0,
            upcoming: Upcoming::default(),
            diagnostics: Vec::new(),
            lex_error_at: None,
            unclosed_reported: false,
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start..end)
    }

    /// The span from `start` to the end of the last token read.
    fn span_from(&self, start: usize) -> Span {
        self.span(start, self.prev_end.max(start))
    }

    fn slice(&self, token: Token) -> &'a str {
        &self.text[token.start..token.end]
    }

    /// Whether the token looked at is the word `word`.
    fn at(&self, word: &str) -> bool {
        self.token.kind == Kind::Ident && self.slice(self.token) == word
    }

    /// Reads the next token, reporting its lexical errors.
    fn lex(&mut self) -> Token {
        let token = self.lexer.token();
        for error in std::mem::take(&mut self.lexer.errors) {
            self.lex_error_at = Some(token.start);
            let span = self.span(error.range.start, error.range.end);
            self.report(
                Diagnostic::new(Code::Syntax, span, error.message)
                    .with_label("not valid here")
                    .with_help(
                        "see protobuf's lexical rules: \
                         https://protobuf.dev/reference/protobuf/proto3-spec/#lexical-elements",
                    ),
            );
        }
        token
    }

    /// Records `diagnostic`, unless one with its place and message is
    /// recorded already: the reader of option text and the parser read the
    /// same tokens, and may both meet an error in them.
    fn report(&mut self, diagnostic: Diagnostic) {
        let known = self.diagnostics.iter().rev().take(4).any(|known| {
            known.primary.span == diagnostic.primary.span && known.message == diagnostic.message
        });
        if !known {
            self.diagnostics.push(diagnostic);
        }
    }

    /// Moves past the token looked at, and returns it.
    fn bump(&mut self) -> Token {
        let token = self.token;
        self.prev_end = token.end;
        self.lexer.at = token.end;
        self.token = self.lex();
        token
    }

    /// Moves to byte `at`, where a reader of option text stopped.
    fn seek(&mut self, at: usize) {
        self.prev_end = at;
        self.lexer.at = at;
        self.token = self.lex();
    }

    /// Eats the word `word` if it is next.
    fn eat(&mut self, word: &str) -> Option<Token> {
        self.at(word).then(|| self.bump())
    }

    /// Eats the symbol `c` if it is next.
    fn eat_punct(&mut self, c: char) -> Option<Token> {
        self.token.is(c).then(|| self.bump())
    }

    /// Eats the word `word`, or reports what is there instead.
    fn expect(&mut self, word: &str, help: &str) -> Parsed<Token> {
        match self.eat(word) {
            Some(token) => Ok(token),
            None => Err(self.unexpected(&format!("`{word}`"), help)),
        }
    }

    /// Eats the symbol `c`, or reports what is there instead.
    fn expect_punct(&mut self, c: char, expected: &str, help: &str) -> Parsed<Token> {
        match self.eat_punct(c) {
            Some(token) => Ok(token),
            None => Err(self.unexpected(expected, help)),
        }
    }

    /// Eats an identifier, `expected` being what it names.
    fn ident(&mut self, expected: &str, help: &str) -> Parsed<Ident> {
        if self.token.kind != Kind::Ident {
            return Err(self.unexpected(expected, help));
        }
        let token = self.bump();
        Ok(Ident {
            name: self.slice(token).to_owned(),
            span: self.span(token.start, token.end),
        })
    }

    /// Reports that `expected` should be where the token looked at is.
    fn unexpected(&mut self, expected: &str, help: &str) -> Failed {
        let token = self.token;
        if self.lex_error_at == Some(token.start) {
            return Failed;
        }
        let text = self.slice(token);
        // A long string is shown by its start.
        let shown = match text.char_indices().nth(40) {
            Some((cut, _)) => format!("{}...", &text[..cut]),
            None => text.to_owned(),
        };
        let found = match token.kind {
            Kind::End => "the end of the file".to_owned(),
            Kind::String => format!("the string {shown}"),
            _ => format!("`{shown}`"),
        };
        self.error(
            Code::Syntax,
            self.span(token.start, token.end),
            format!("expected {expected}, but found {found}"),
            format!("expected {expected}"),
            help,
        )
    }

    /// Records a diagnostic, and returns the failure it makes.
    fn error(
        &mut self,
        code: Code,
        span: Span,
        message: String,
        label: String,
        help: &str,
    ) -> Failed {
        self.diagnostics.push(
            Diagnostic::new(code, span, message)
                .with_label(label)
                .with_help(help),
        );
        Failed
    }

    /// Reports the end of the file inside a block, once: the blocks around
    /// it end there too.
    fn unclosed(&mut self, what: &str, help: &str) -> Failed {
        if self.unclosed_reported {
            return Failed;
        }
        self.unclosed_reported = true;
        self.unexpected(&format!("`}}` to close the {what}"), help)
    }

    /// Skips the rest of a statement that failed, as protoc does: up to its
    /// `;`, or over its `{ ... }` block, or up to the `}` that closes the
    /// block it is in.
    fn skip_statement(&mut self) {
        loop {
            match self.token.kind {
                Kind::End | Kind::Punct('}') => return,
                Kind::Punct(';') => {
                    self.end_of_declaration(';', false);
                    return;
                }
                Kind::Punct('{') => {
                    self.bump();
                    self.skip_rest_of_block();
                    return;
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Skips to the end of the block whose `{` was read, its `}` included.
    fn skip_rest_of_block(&mut self) {
        let mut depth = 1_usize;
        loop {
            match self.token.kind {
                Kind::End => return,
                Kind::Punct('}') => {
                    self.end_of_declaration('}', false);
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                Kind::Punct('{') => {
                    self.bump();
                    depth += 1;
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Reads the body of a block, from after its `{` to its `}` included,
    /// with `statement` for each statement; a statement that fails is
    /// skipped. `what` names the block for the error at the end of the
    /// file.
    fn block(
        &mut self,
        what: &str,
        help: &str,
        mut statement: impl FnMut(&mut Self) -> Parsed<()>,
    ) -> Parsed<()> {
        loop {
            if self.end_of_declaration('}', false).is_some() {
                return Ok(());
            }
            if self.token.kind == Kind::End {
                return Err(self.unclosed(what, help));
            }
            if statement(self).is_err() {
                self.skip_statement();
            }
        }
    }
}
