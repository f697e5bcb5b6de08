//! The `.schema` front end: the language of docs/language.md to the
//! syntax tree, by a recursive-descent parser on the [`cursor`] the
//! `.proto` parser reads with too, one function per construct.
//!
//! The tokens are the [`lexer`](super::lexer)'s, in its `.schema` mode,
//! which keeps the `///` comments: a declaration's docs are those right
//! before its first token. An option's name and a message literal are read
//! by [`literal`](super::literal), as in `.proto` files; the other option
//! values by the `.schema` language's own rules ([`options`]).
//!
//! No keyword is reserved: `message: i32 = 1;` is a field, and in
//! `x: optional optional = 1;` the second `optional` is a type. What a
//! declaration is shows at the token after its first word, so each
//! construct's function is handed that word, read already, with the doc
//! comments before it ([`Start`]).
//!
//! A syntax error is reported at the first wrong token of its statement;
//! the statement is skipped and parsing goes on, in blocks as at the top
//! of the file, where skipping stops at a word that starts a declaration.
//! Blocks, `<` and references nest [`MAX_DEPTH`] levels deep at most, so
//! that no input can exhaust the stack.
//!
//! [`cursor`]: super::cursor

mod declarations;
mod fields;
mod file;
mod options;
#[cfg(test)]
mod tests;

use std::ops::Range;

use super::cursor::{Cursor, Failed, Grammar, Parsed};
use super::lexer::{Kind, Mode, Token};
use crate::ast::{Docs, SchemaFile};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::FileId;

/// How deeply blocks, `<` and references may nest in a file.
const MAX_DEPTH: usize = 64;

/// Parses the `.schema` file `file`. Returns the tree of everything that
/// parsed, and a diagnostic for every syntax error.
pub fn parse(file: FileId, text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    let mut parser = Cursor::new(file, text, Mode::SCHEMA, SchemaGrammar { depth: 0 });
    let tree = parser.file();
    let mut diagnostics = parser.diagnostics;
    diagnostics.sort_by_key(|diagnostic| diagnostic.primary.span);
    (tree, diagnostics)
}

/// The `.schema` parser: the cursor over the `.schema` grammar.
type Parser<'a> = Cursor<'a, SchemaGrammar>;

/// What the `.schema` grammar keeps beside the tokens.
struct SchemaGrammar {
    /// How many blocks, `<` and references the token looked at is in.
    depth: usize,
}

impl Grammar for SchemaGrammar {
    const LEXICAL_HELP: &'static str = "see the lexical rules in docs/language.md";

    fn pass_end(cursor: &mut Cursor<'_, Self>, c: char) -> bool {
        cursor.eat_punct(c).is_some()
    }
}

/// The first token of a declaration, read, and the doc comments before
/// it.
struct Start {
    /// The token: a keyword, or the name of a field or enum value.
    token: Token,
    /// The doc comments, a range of the lexer's.
    docs: Range<usize>,
}

impl<'a> Parser<'a> {
    /// Reads the token looked at as the first of a declaration.
    fn start(&mut self) -> Start {
        let docs = self.docs.clone();
        Start {
            token: self.bump(),
            docs,
        }
    }

    /// The doc lines of the declaration that `start` began.
    fn docs_of(&self, start: &Start) -> Docs {
        let comments = self.lexer.docs.get(start.docs.clone()).unwrap_or_default();
        comments
            .iter()
            .map(|range| doc_text(self.text.get(range.clone()).unwrap_or_default()))
            .collect()
    }

    /// The token looked at if it is a word, or `""`.
    fn word(&self) -> &'a str {
        match self.token.kind {
            Kind::Ident => self.slice(self.token),
            _ => "",
        }
    }

    /// Whether the token looked at may start a type's name: a name, or
    /// the `.` of a full name.
    fn starts_type_name(&self) -> bool {
        self.token.kind == Kind::Ident || self.token.is('.')
    }

    /// Reads with `read` what the block, `<` or reference `opener` opens,
    /// one level deeper; past [`MAX_DEPTH`], reports `opener` instead.
    fn nested<T>(&mut self, opener: Token, read: impl FnOnce(&mut Self) -> Parsed<T>) -> Parsed<T> {
        if self.grammar.depth >= MAX_DEPTH {
            return Err(self.too_deep(opener));
        }
        self.grammar.depth += 1;
        let result = read(self);
        self.grammar.depth -= 1;
        result
    }

    /// Reports the block, `<` or reference `opener` that nests too deeply.
    fn too_deep(&mut self, opener: Token) -> Failed {
        let span = self.span(opener.start, opener.end);
        self.error(
            Code::Syntax,
            span,
            format!(
                "`{}` nests more than {MAX_DEPTH} levels deep",
                self.slice(opener)
            ),
            "nested too deeply".to_owned(),
            "declare nested messages at the top level and refer to them by name; this \
             declaration is skipped",
        )
    }
}

/// The text of a doc comment: without `///`, one following space, or
/// trailing whitespace (a CRLF line ending's carriage return among it), as
/// a `.proto` file's comments are read.
fn doc_text(comment: &str) -> String {
    let text = comment.strip_prefix("///").unwrap_or(comment);
    let text = text.strip_prefix(' ').unwrap_or(text);
    text.trim_end().to_owned()
}
