//! Which comments document which declaration, as protoc decides it.
//!
//! protoc collects comments only when it reads past the token that ends a
//! declaration (`;`, `{` or `}`): `Tokenizer::NextWithComments` sorts the
//! comments before the next token into the previous declaration's
//! trailing comment (on its line, or the block right below it when a
//! blank line follows), detached blocks (set apart by blank lines) and the
//! next declaration's leading comment (the block right before it).
//! `Parser::TryConsumeEndOfDeclaration` hands a declaration its trailing
//! comment and the leading one collected before it began. This is a port
//! of both; comments inside a declaration are skipped by the lexer.

use std::mem;

use super::super::lexer::{CommentStart, Kind};
use super::Parser;
use crate::ast::Docs;

/// The comments a declaration gets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Attached {
    /// The block right before it; empty for none.
    pub leading: String,
    /// The comment after its `;` or `{`; empty for none.
    pub trailing: String,
    /// The blocks before it set apart by blank lines.
    pub detached: Vec<String>,
}

impl Attached {
    /// The doc lines: the leading comment's, then the trailing one's.
    pub fn docs(&self) -> Docs {
        let mut docs = comment_lines(&self.leading);
        docs.extend(comment_lines(&self.trailing));
        docs
    }
}

/// What has been collected for the declaration not begun yet.
#[derive(Debug, Default)]
pub(super) struct Upcoming {
    leading: String,
    detached: Vec<String>,
}

/// What `NextWithComments` collects between two tokens.
#[derive(Debug, Default)]
struct Collected {
    trailing: String,
    detached: Vec<String>,
    leading: String,
}

/// protoc's `CommentCollector`: it holds the comment being read until it
/// is known where it goes.
#[derive(Debug, Default)]
struct Collector {
    collected: Collected,
    buffer: String,
    count: usize,
    has_trailing: bool,
    has_comment: bool,
    is_line: bool,
    cannot_attach_to_prev: bool,
}

impl Collector {
    /// The buffer to read a line comment into, which joins the line
    /// comments before it.
    fn line_buffer(&mut self) -> &mut String {
        if self.has_comment && !self.is_line {
            self.flush();
        }
        self.has_comment = true;
        self.is_line = true;
        &mut self.buffer
    }

    /// The buffer to read a block comment into.
    fn block_buffer(&mut self) -> &mut String {
        if self.has_comment {
            self.flush();
        }
        self.has_comment = true;
        self.is_line = false;
        &mut self.buffer
    }

    /// Puts the comment read so far where it goes: the previous token's
    /// trailing comment if it still can be, else a detached one.
    fn flush(&mut self) {
        if !self.has_comment {
            return;
        }
        let comment = mem::take(&mut self.buffer);
        if self.cannot_attach_to_prev {
            self.collected.detached.push(comment);
        } else {
            self.collected.trailing.push_str(&comment);
            self.has_trailing = true;
            self.cannot_attach_to_prev = true;
        }
        self.has_comment = false;
        self.count += 1;
    }

    fn detach_from_prev(&mut self) {
        self.cannot_attach_to_prev = true;
    }

    /// When the tokens around a lone comment are on one line, it belongs
    /// to neither.
    fn maybe_detach(&mut self) {
        if self.count + usize::from(self.has_comment) != 1 {
            return;
        }
        if self.has_trailing {
            let trailing = mem::take(&mut self.collected.trailing);
            self.collected.detached.insert(0, trailing);
        }
        self.flush();
    }

    /// What was collected: the comment still held leads the next token.
    fn finish(mut self) -> Collected {
        if self.has_comment {
            self.collected.leading = mem::take(&mut self.buffer);
        }
        self.collected
    }
}

impl Parser<'_> {
    /// Reads the first token, collecting the comments before it.
    pub(super) fn start(&mut self) {
        let collected = self.next_with_comments(true);
        self.grammar.upcoming = Upcoming {
            leading: collected.leading,
            detached: collected.detached,
        };
    }

    /// Eats the symbol `c` that ends a declaration (`;`, `{` or `}`), as
    /// protoc's `TryConsumeEndOfDeclaration` does; `None` when something
    /// else is next. A `located` declaration (one protoc records a place
    /// for) gets its comments; other ends only pass them on.
    pub(super) fn end_of_declaration(&mut self, c: char, located: bool) -> Option<Attached> {
        if !self.token.is(c) {
            return None;
        }
        let collected = self.next_with_comments(false);
        let leading = mem::replace(&mut self.grammar.upcoming.leading, collected.leading);
        if located {
            let detached = mem::replace(&mut self.grammar.upcoming.detached, collected.detached);
            return Some(Attached {
                leading,
                trailing: collected.trailing,
                detached,
            });
        }
        if c == '}' {
            self.grammar.upcoming.detached = collected.detached;
        } else {
            self.grammar.upcoming.detached.extend(collected.detached);
        }
        Some(Attached::default())
    }

    /// Reads the comment on the line of the token just passed, if any, into
    /// `collector`, and the line break after it. `None` when a token comes
    /// first on that line; else where the comment ended, if there is one.
    fn comment_on_line(&mut self, collector: &mut Collector) -> Option<Option<usize>> {
        self.lexer.skip_blanks();
        let opener = self.lexer.at;
        match self.lexer.comment_start() {
            CommentStart::Line => {
                let end = self.lexer.at;
                let comment = self.lexer.line_comment();
                collector.line_buffer().push_str(comment);
                collector.flush();
                Some(Some(end))
            }
            CommentStart::Block => {
                self.lexer.block_comment(opener, collector.block_buffer());
                let end = self.lexer.at;
                self.lexer.skip_blanks();
                collector.flush();
                Some(Some(end))
            }
            CommentStart::None => self.lexer.eat(b'\n').then_some(None),
        }
    }

    /// Moves past the token looked at, or to the first token at the
    /// `start` of the file, sorting the comments on the way as protoc's
    /// `Tokenizer::NextWithComments` does.
    fn next_with_comments(&mut self, start: bool) -> Collected {
        let mut collector = Collector::default();
        let entry = if start { self.lexer.at } else { self.token.end };
        self.prev_end = entry;
        self.lexer.at = entry;
        // Where a trailing comment on the previous token's line ended.
        let mut trailing_end = None;
        if start {
            collector.detach_from_prev();
        } else {
            match self.comment_on_line(&mut collector) {
                Some(end) => trailing_end = end,
                // The next token is on the same line: no comments.
                None => {
                    self.token = self.lex();
                    return collector.finish();
                }
            }
        }
        loop {
            self.lexer.skip_blanks();
            let opener = self.lexer.at;
            match self.lexer.comment_start() {
                CommentStart::Line => {
                    let comment = self.lexer.line_comment();
                    collector.line_buffer().push_str(comment);
                }
                CommentStart::Block => {
                    self.lexer.block_comment(opener, collector.block_buffer());
                    // The rest of the line is no blank line.
                    self.lexer.skip_blanks();
                    self.lexer.eat(b'\n');
                }
                CommentStart::None if self.lexer.eat(b'\n') => {
                    collector.flush();
                    collector.detach_from_prev();
                }
                CommentStart::None => {
                    let token = self.lex();
                    self.token = token;
                    if token.kind == Kind::End || token.is('}') || token.is(']') || token.is(')') {
                        // The end of a scope: no comment leads it.
                        collector.flush();
                    }
                    let on_line_of = |from: usize| !self.text[from..token.start].contains('\n');
                    if token.kind != Kind::End
                        && ((!start && on_line_of(entry)) || trailing_end.is_some_and(on_line_of))
                    {
                        collector.maybe_detach();
                    }
                    return collector.finish();
                }
            }
        }
    }
}

/// A comment's lines, each without the one space after `//` that protobuf
/// style puts there, and without the empty line after its last newline.
pub(super) fn comment_lines(comment: &str) -> Vec<String> {
    if comment.is_empty() {
        return Vec::new();
    }
    let comment = comment.strip_suffix('\n').unwrap_or(comment);
    comment
        .split('\n')
        .map(|line| line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned())
        .collect()
}

/// The file's header: the comments around its `syntax` and `package`
/// statements, which document no declaration, in order, with an empty
/// line between comments.
pub(super) fn header(statements: &mut [(usize, Attached)]) -> Docs {
    statements.sort_by_key(|(start, _)| *start);
    let comments = statements.iter().flat_map(|(_, attached)| {
        let written = [&attached.leading, &attached.trailing];
        attached
            .detached
            .iter()
            .chain(written.into_iter().filter(|comment| !comment.is_empty()))
    });
    let mut lines = Docs::new();
    for comment in comments {
        if !lines.is_empty() {
            lines.push(String::new());
        }
        let mut comment = comment_lines(comment);
        // A comment that ends in an empty `//` line needs no second one.
        while comment.last().is_some_and(String::is_empty) {
            comment.pop();
        }
        lines.extend(comment);
    }
    lines
}
