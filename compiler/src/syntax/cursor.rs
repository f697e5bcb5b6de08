//! The token cursor both parsers read with: the token looked at, moving
//! past it, expecting one and reporting what is there instead, the
//! lexical errors of the [`lexer`](super::lexer), skipping a statement
//! that failed, and reading the statements of a block.
//!
//! A parser is a [`Cursor`] over its language's [`Grammar`], which holds
//! what the language keeps beside the tokens and says how the end of a
//! declaration is passed: the `.proto` grammar sorts the comments around
//! it there, as protoc does. Each construct of a grammar is a method of
//! its cursor, so that both languages read, report and recover alike.

use std::ops::Range;

use super::lexer::{Kind, Lexer, Mode, Token};
use crate::ast::Ident;
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};

/// The character some editors put at the start of UTF-8 files.
const BYTE_ORDER_MARK: &str = "\u{feff}";

/// How many characters of a token a message shows before cutting it.
const MAX_SHOWN_CHARS: usize = 40;

/// A statement that failed to parse; its diagnostic has been recorded.
#[derive(Debug)]
pub(super) struct Failed;

/// A construct, or the failure to read it, already reported.
pub(super) type Parsed<T> = Result<T, Failed>;

/// What a language adds to the cursor: its state beside the tokens, and
/// how the end of a declaration is passed.
pub(super) trait Grammar: Sized {
    /// The help line of a lexical error that brings none of its own.
    const LEXICAL_HELP: &'static str;

    /// Eats the symbol `c` that ends a declaration (`;`, `{` or `}`) if
    /// it is next, and says whether it did. Skipping and blocks pass the
    /// ends of declarations with it.
    fn pass_end(cursor: &mut Cursor<'_, Self>, c: char) -> bool;
}

/// Reads the tokens of one file, one looked at at a time, and collects
/// the diagnostics of reading it.
pub(super) struct Cursor<'a, G> {
    /// The file read.
    pub file: FileId,
    /// Its whole text.
    pub text: &'a str,
    /// The lexer, just past the token looked at.
    pub lexer: Lexer<'a>,
    /// The token looked at.
    pub token: Token,
    /// The end of the last token read.
    pub prev_end: usize,
    /// The doc comments right before the token looked at: a range of the
    /// lexer's [`docs`](Lexer::docs).
    pub docs: Range<usize>,
    /// The diagnostics so far, in the order they were met.
    pub diagnostics: Vec<Diagnostic>,
    /// What the language keeps beside the tokens.
    pub grammar: G,
    /// The bytes of the last token that had a lexical error: the parse
    /// error it causes, at it or right after it, is not reported too.
    lex_error: Option<Range<usize>>,
    /// Whether the end of the file has been reported inside a block.
    unclosed_reported: bool,
}

impl<'a, G: Grammar> Cursor<'a, G> {
    /// A cursor at the start of `text`, past a byte order mark, read in
    /// `mode`, with no token looked at yet: the first [`bump`](Self::bump)
    /// reads the first one.
    pub fn new(file: FileId, text: &'a str, mode: Mode, grammar: G) -> Self {
        let start = if text.starts_with(BYTE_ORDER_MARK) {
            BYTE_ORDER_MARK.len()
        } else {
            0
        };
        Cursor {
            file,
            text,
            lexer: Lexer::new(text, start, mode),
            token: Token {
                kind: Kind::End,
                start,
                end: start,
            },
            prev_end: start,
            docs: 0..0,
            diagnostics: Vec::new(),
            grammar,
            lex_error: None,
            unclosed_reported: false,
        }
    }

    /// The span of the bytes `start..end` of the file.
    pub fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start..end)
    }

    /// The span from `start` to the end of the last token read.
    pub fn span_from(&self, start: usize) -> Span {
        self.span(start, self.prev_end.max(start))
    }

    /// The text of `token`.
    pub fn slice(&self, token: Token) -> &'a str {
        &self.text[token.start..token.end]
    }

    /// Whether the token looked at is the word `word`.
    pub fn at(&self, word: &str) -> bool {
        self.token.kind == Kind::Ident && self.slice(self.token) == word
    }

    /// Whether the token looked at starts right where the last token read
    /// ended, with no blank or comment between them.
    pub fn touches(&self) -> bool {
        self.token.start == self.prev_end
    }

    /// Reads the next token, reporting its lexical errors, and notes the
    /// doc comments before it.
    pub fn lex(&mut self) -> Token {
        let docs_start = self.lexer.docs.len();
        let token = self.lexer.token();
        self.docs = docs_start..self.lexer.docs.len();
        if self.lexer.errors.is_empty() {
            return token;
        }
        self.lex_error = Some(token.start..token.end);
        for error in std::mem::take(&mut self.lexer.errors) {
            let span = self.span(error.range.start, error.range.end);
            self.report(
                Diagnostic::new(Code::Syntax, span, error.message)
                    .with_label(error.label.unwrap_or("not valid here"))
                    .with_help(error.help.unwrap_or(G::LEXICAL_HELP)),
            );
        }
        token
    }

    /// Records `diagnostic`, unless one with its place and message is
    /// recorded already: the reader of option text and the parser read the
    /// same tokens, and may both meet an error in them.
    pub fn report(&mut self, diagnostic: Diagnostic) {
        let known = self.diagnostics.iter().rev().take(4).any(|known| {
            known.primary.span == diagnostic.primary.span && known.message == diagnostic.message
        });
        if !known {
            self.diagnostics.push(diagnostic);
        }
    }

    /// Moves past the token looked at, and returns it.
    pub fn bump(&mut self) -> Token {
        let token = self.token;
        self.prev_end = token.end;
        self.lexer.at = token.end;
        self.token = self.lex();
        token
    }

    /// Moves to byte `at`, where a reader of option text stopped.
    pub fn seek(&mut self, at: usize) {
        self.prev_end = at;
        self.lexer.at = at;
        self.token = self.lex();
    }

    /// Eats the word `word` if it is next.
    pub fn eat(&mut self, word: &str) -> Option<Token> {
        self.at(word).then(|| self.bump())
    }

    /// Eats the symbol `c` if it is next.
    pub fn eat_punct(&mut self, c: char) -> Option<Token> {
        self.token.is(c).then(|| self.bump())
    }

    /// Eats the word `word`, or reports what is there instead.
    pub fn expect(&mut self, word: &str, help: &str) -> Parsed<Token> {
        match self.eat(word) {
            Some(token) => Ok(token),
            None => Err(self.unexpected(&format!("`{word}`"), help)),
        }
    }

    /// Eats the symbol `c`, or reports what is there instead.
    pub fn expect_punct(&mut self, c: char, expected: &str, help: &str) -> Parsed<Token> {
        match self.eat_punct(c) {
            Some(token) => Ok(token),
            None => Err(self.unexpected(expected, help)),
        }
    }

    /// Eats an identifier, `expected` being what it names.
    pub fn ident(&mut self, expected: &str, help: &str) -> Parsed<Ident> {
        if self.token.kind != Kind::Ident {
            return Err(self.unexpected(expected, help));
        }
        let token = self.bump();
        Ok(self.ident_of(token))
    }

    /// The identifier `token`, read already.
    pub fn ident_of(&self, token: Token) -> Ident {
        Ident {
            name: self.slice(token).to_owned(),
            span: self.span(token.start, token.end),
        }
    }

    /// Reports that `expected` should be where the token looked at is;
    /// not when a lexical error at it, or at the token before it, says
    /// why already.
    pub fn unexpected(&mut self, expected: &str, help: &str) -> Failed {
        let token = self.token;
        let explained = self
            .lex_error
            .as_ref()
            .is_some_and(|broken| broken.start == token.start || broken.end == self.prev_end);
        if explained {
            return Failed;
        }
        let shown = shown(self.slice(token));
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
    pub fn error(
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

    /// Records the diagnostic of the reader of option text.
    pub fn literal_error(&mut self, diagnostic: Diagnostic) -> Failed {
        self.report(diagnostic);
        Failed
    }

    /// Reports the end of the file inside a block, once: the blocks around
    /// it end there too.
    pub fn unclosed(&mut self, what: &str, help: &str) -> Failed {
        if self.unclosed_reported {
            return Failed;
        }
        self.unclosed_reported = true;
        self.unexpected(&format!("`}}` to close the {what}"), help)
    }

    /// Reports a `}` that closes nothing, and passes it.
    pub fn unmatched_brace(&mut self) {
        let span = self.span(self.token.start, self.token.end);
        self.error(
            Code::Syntax,
            span,
            "this `}` closes no `{`".to_owned(),
            "unmatched".to_owned(),
            "remove it, or the `}` before it that closes its block too early",
        );
        G::pass_end(self, '}');
    }

    /// Skips the rest of a statement that failed, as protoc does: up to its
    /// `;`, or over its `{ ... }` block, or up to the `}` that closes the
    /// block it is in.
    pub fn skip_statement(&mut self) {
        self.skip_statement_before(|_| false);
    }

    /// Skips the rest of a statement that failed as
    /// [`skip_statement`](Self::skip_statement) does, but stops before a
    /// token for which `stop` holds, one that starts a statement of its
    /// own.
    pub fn skip_statement_before(&mut self, stop: impl Fn(&Self) -> bool) {
        loop {
            match self.token.kind {
                Kind::End | Kind::Punct('}') => return,
                Kind::Punct(';') => {
                    G::pass_end(self, ';');
                    return;
                }
                Kind::Punct('{') => {
                    self.bump();
                    self.skip_rest_of_block();
                    return;
                }
                _ if stop(self) => return,
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Skips to the end of the block whose `{` was read, its `}` included.
    pub fn skip_rest_of_block(&mut self) {
        let mut depth = 1_usize;
        loop {
            match self.token.kind {
                Kind::End => return,
                Kind::Punct('}') => {
                    G::pass_end(self, '}');
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
    pub fn block(
        &mut self,
        what: &str,
        help: &str,
        mut statement: impl FnMut(&mut Self) -> Parsed<()>,
    ) -> Parsed<()> {
        loop {
            if G::pass_end(self, '}') {
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

    /// Skips the rest of options in brackets after one that `failed`, up
    /// to their `]`, so that nothing in them is read again as the
    /// statement after; stops at a `;` or a `}` outside the option's
    /// brackets and braces.
    pub fn skip_options(&mut self, failed: Failed) -> Failed {
        let mut depth = 0_usize;
        loop {
            match self.token.kind {
                Kind::End => return failed,
                Kind::Punct('{' | '[' | '<') => depth += 1,
                Kind::Punct(']') if depth == 0 => {
                    self.bump();
                    return failed;
                }
                Kind::Punct(';' | '}') if depth == 0 => return failed,
                // A `>` outside any brackets is a comparison's, not a
                // closing one (`[(x) = 1 > 2]`): nothing to leave.
                Kind::Punct('}' | ']' | '>') => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.bump();
        }
    }
}

/// A token's text as a message shows it: a long one by its start, and
/// control characters escaped.
fn shown(text: &str) -> String {
    let mut shown = String::new();
    for c in text.chars().take(MAX_SHOWN_CHARS) {
        if c.is_control() || c == '\u{feff}' {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    if text.chars().nth(MAX_SHOWN_CHARS).is_some() {
        shown.push_str("...");
    }
    shown
}

#[cfg(test)]
mod tests;
