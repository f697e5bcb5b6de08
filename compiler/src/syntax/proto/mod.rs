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
//! the statement is skipped, as protoc skips it, and parsing goes on. The
//! parser is the token [`cursor`](super::cursor) over the `.proto` grammar,
//! whose comments it sorts at the end of each declaration.

mod comments;
mod declarations;
mod fields;
mod file;
mod options;

#[cfg(test)]
mod tests;

use super::cursor::{Cursor, Failed, Grammar, Parsed};
use super::lexer::Mode;
use crate::ast::{Dialect, Edition, SchemaFile};
use crate::diagnostic::Diagnostic;
use crate::source::FileId;
use comments::Upcoming;

/// How deeply messages (and groups) may nest: protoc refuses a 32nd
/// level.
const MAX_DEPTH: usize = 31;

/// Parses the `.proto` file `file`, imported as `_name`. Returns the tree
/// of everything that parsed, and a diagnostic for every syntax error and
/// every construct that is not supported.
pub fn parse(file: FileId, _name: &str, text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    let mut parser = parser(file, text);
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

    /// Whether the file is of edition 2024 or later: `export`, `local`
    /// and `import option` are its words.
    fn since_2024(self) -> bool {
        matches!(self, Syntax::Editions(edition) if edition >= Edition::E2024)
    }
}

/// The `.proto` parser: the cursor over the `.proto` grammar.
type Parser<'a> = Cursor<'a, ProtoGrammar>;

/// What the `.proto` grammar keeps beside the tokens.
struct ProtoGrammar {
    /// The version of the language, as the file's first statement says.
    syntax: Syntax,
    /// How many messages the one being read is nested in.
    depth: usize,
    /// Whether an `import option` has been read: a plain import after it
    /// is refused, as protoc refuses it.
    option_imported: bool,
    /// The comments collected for the next declaration.
    upcoming: Upcoming,
}

impl Grammar for ProtoGrammar {
    const LEXICAL_HELP: &'static str = "see protobuf's lexical rules: \
         https://protobuf.dev/reference/protobuf/proto3-spec/#lexical-elements";

    /// Passes the comments on, as protoc does at the end of a declaration
    /// that records no place.
    fn pass_end(cursor: &mut Cursor<'_, Self>, c: char) -> bool {
        cursor.end_of_declaration(c, false).is_some()
    }
}

/// A parser at the start of `text`.
fn parser(file: FileId, text: &str) -> Parser<'_> {
    let grammar = ProtoGrammar {
        syntax: Syntax::Proto2,
        depth: 0,
        option_imported: false,
        upcoming: Upcoming::default(),
    };
    Cursor::new(file, text, Mode::PROTO, grammar)
}
