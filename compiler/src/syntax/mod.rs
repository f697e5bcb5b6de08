//! Syntax: schema text to a syntax tree: `.schema` files with pest, here,
//! and `.proto` files with schemac's own parser, in [`proto`]. Both read
//! option text with [`literal`], on the tokens of [`lexer`], protobuf's
//! tokenizer written once.
//!
//! Parsing a file takes three steps:
//!
//! 1. [`scan`] makes one linear pass over the text. It collects comments
//!    (doc comments are read from them, not from the grammar), reports
//!    unterminated strings and comments, measures how deeply `{` and `<`
//!    nest, and cuts the file into segments, each starting at a top-level
//!    `package`, `import`, `message`, `enum`, `extend` or `service` keyword outside
//!    any braces.
//! 2. pest parses each segment on its own with `grammar.pest`. A segment
//!    that fails yields one diagnostic and is dropped; the others still
//!    parse, so every broken top-level declaration is reported. A segment
//!    nested deeper than [`scan::MAX_DEPTH`] is refused before pest sees it,
//!    since pest's recursive descent would need a stack as deep.
//! 3. [`lower`] turns each segment's pairs into [`ast`](crate::ast) nodes,
//!    and [`parse`] assembles them into a file, checking that `package` and
//!    `import` come first and that there is one `package` at most.
//!
//! pest types never leave this module.

mod cursor;
mod errors;
mod lexer;
mod literal;
mod lower;
pub mod proto;
mod scan;
// Read only by its tests until `parse` is it.
#[cfg_attr(not(test), allow(dead_code))]
mod schema;
#[cfg(test)]
mod tests;

use pest::Parser;
use pest::iterators::Pairs;
use pest_derive::Parser;

use crate::ast::{Dialect, Item, SchemaFile};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};
pub(crate) use literal::parse_uint;
use lower::{Declaration, Lowerer};

/// Parses one file. Returns the tree of everything that parsed, and a
/// diagnostic for every syntax error.
pub fn parse(file: FileId, text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    let scan = scan::scan(text);
    let mut diagnostics: Vec<Diagnostic> = scan
        .problems
        .iter()
        .map(|problem| errors::problem(file, problem))
        .collect();
    let mut assembly = Assembly::new(file);
    let mut lowerer = Lowerer::new(file, text, &scan);
    for segment in &scan.segments {
        if let Some(opening) = &segment.too_deep {
            diagnostics.push(too_deep(file, text, opening.clone()));
            continue;
        }
        let source = &text[segment.range.clone()];
        let error = match SchemaParser::parse(Rule::segment, source) {
            Ok(pairs) => {
                assembly.add_all(pairs, &mut lowerer, segment.range.start);
                continue;
            }
            Err(error) => error,
        };
        let diagnostic = errors::parse_error(file, text, &segment.range, &error);
        // An unterminated string or comment was reported already, and pest
        // stops at its first character.
        if !scan.has_problem_at(diagnostic.primary.span.start as usize) {
            diagnostics.push(diagnostic);
        }
        // Keep the declarations before the broken one.
        if let Ok(pairs) = SchemaParser::parse(Rule::segment_prefix, source) {
            assembly.add_all(pairs, &mut lowerer, segment.range.start);
        }
    }
    diagnostics.extend(lowerer.diagnostics);
    diagnostics.extend(assembly.diagnostics);
    diagnostics.sort_by_key(|diagnostic| diagnostic.primary.span);
    (assembly.file, diagnostics)
}

/// The pest parser for `grammar.pest`.
#[derive(Parser)]
#[grammar = "syntax/grammar.pest"]
struct SchemaParser;

/// The diagnostic for a `{` or `<` at `opening` that nests too deeply.
fn too_deep(file: FileId, text: &str, opening: std::ops::Range<usize>) -> Diagnostic {
    let bracket = text.get(opening.clone()).unwrap_or("{");
    Diagnostic::new(
        Code::Syntax,
        Span::new(file, opening),
        format!(
            "`{bracket}` nests more than {} levels deep",
            scan::MAX_DEPTH
        ),
    )
    .with_label("nested too deeply")
    .with_help(
        "declare nested messages at the top level and refer to them by name; \
         this declaration was not parsed",
    )
}

/// A file put together from its declarations, in order.
struct Assembly {
    file: SchemaFile,
    /// The name of the first message, enum or service, once there is one.
    first_item: Option<Span>,
    diagnostics: Vec<Diagnostic>,
}

impl Assembly {
    fn new(file: FileId) -> Self {
        Self {
            file: SchemaFile {
                file,
                dialect: Dialect::Schema,
                header: Vec::new(),
                package: None,
                imports: Vec::new(),
                options: Vec::new(),
                items: Vec::new(),
                services: Vec::new(),
            },
            first_item: None,
            diagnostics: Vec::new(),
        }
    }

    /// Adds the declarations of the parsed segment `pairs`, which starts at
    /// byte `base` of the file.
    fn add_all(&mut self, pairs: Pairs<'_, Rule>, lowerer: &mut Lowerer<'_>, base: usize) {
        for pair in pairs {
            for declaration in lowerer.segment(pair, base) {
                self.add(declaration);
            }
        }
    }

    fn add(&mut self, declaration: Declaration) {
        match declaration {
            Declaration::Package(package, keyword) => {
                self.check_header_order(keyword, "package");
                match &self.file.package {
                    Some(first) => self.diagnostics.push(
                        Diagnostic::new(
                            Code::Syntax,
                            package.span,
                            "more than one `package` declaration",
                        )
                        .with_label("second package")
                        .with_secondary(first.span, "first package")
                        .with_help("a file belongs to one package; remove one of the declarations"),
                    ),
                    None => self.file.package = Some(package),
                }
            }
            Declaration::Import(import, keyword) => {
                self.check_header_order(keyword, "import");
                self.file.imports.push(import);
            }
            Declaration::Syntax(syntax, span) => {
                self.check_header_order(span, "syntax");
                if syntax != "proto3" {
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::Syntax,
                            span,
                            format!("a `.schema` file follows proto3, not {syntax:?}"),
                        )
                        .with_label("not proto3")
                        .with_help(
                            "remove the line, or write `syntax = \"proto3\";`; for proto2's \
                             presence, mark fields `optional` or `required` one by one",
                        ),
                    );
                }
            }
            Declaration::FileOption(option, keyword) => {
                self.check_header_order(keyword, "option");
                self.file.options.push(option);
            }
            Declaration::Item(item) => {
                if self.first_item.is_none() {
                    self.first_item = Some(match &item {
                        Item::Message(message) => message.name.span,
                        Item::Enum(enumeration) => enumeration.name.span,
                        Item::Extend(extend) => extend.extendee.span,
                    });
                }
                self.file.items.push(item);
            }
            Declaration::Service(service) => {
                self.first_item.get_or_insert(service.name.span);
                self.file.services.push(service);
            }
        }
    }

    /// Reports a `package` or `import` (`keyword`) that comes after a
    /// message, enum or service.
    fn check_header_order(&mut self, keyword: Span, word: &str) {
        if let Some(first_item) = self.first_item {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::Syntax,
                    keyword,
                    format!("`{word}` after a message, enum or service"),
                )
                .with_label(format!("`{word}` comes too late"))
                .with_secondary(first_item, "the first message, enum or service")
                .with_help(
                    "put `syntax`, `package`, `import` and file `option` declarations before all \
                     messages, enums and services",
                ),
            );
        }
    }
}
