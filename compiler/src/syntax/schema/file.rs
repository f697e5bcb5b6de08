//! A file's declarations: `syntax`, `package`, `import` and `option`
//! first, then messages, enums, `extend` blocks and services, and empty
//! ones; and the rules of their order.

use super::super::lexer::{Kind, string_value};
use super::{Parsed, Parser};
use crate::ast::{Dialect, Import, Item, OptionDecl, Package, SchemaFile, ServiceDecl};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};

const FILE: &str = "a `.schema` file holds `package`, `import` and `option` declarations, then \
                    messages, enums, `extend` blocks and services";
const PACKAGE: &str = "write `package` and a dotted name without spaces: `package shop.v1;`";
const IMPORT: &str = "write `import \"path/to/file.schema\";`";
const SYNTAX: &str = "a `.schema` file may begin with `syntax = \"proto3\";`, and needs not";

/// A declaration at the top of a file, by the word it starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TopLevel {
    Package,
    Import,
    Syntax,
    Option,
    Message,
    Enum,
    Extend,
    Service,
}

impl TopLevel {
    /// The declaration `word` starts at the top of a file, if any.
    fn of(word: &str) -> Option<TopLevel> {
        Some(match word {
            "package" => TopLevel::Package,
            "import" => TopLevel::Import,
            "syntax" => TopLevel::Syntax,
            "option" => TopLevel::Option,
            "message" => TopLevel::Message,
            "enum" => TopLevel::Enum,
            "extend" => TopLevel::Extend,
            "service" => TopLevel::Service,
            _ => return None,
        })
    }
}

impl Parser<'_> {
    /// The whole file.
    pub(super) fn file(&mut self) -> SchemaFile {
        self.bump();
        let mut assembly = Assembly::new(self.file);
        while self.token.kind != Kind::End {
            // A failed declaration has read its first token at least, so
            // skipping up to the next declaration always moves on.
            if self.top_level(&mut assembly).is_err() {
                self.skip_statement_before(|parser| TopLevel::of(parser.word()).is_some());
            }
        }
        self.diagnostics.extend(assembly.diagnostics);
        assembly.tree
    }

    /// One declaration at the top of the file.
    fn top_level(&mut self, assembly: &mut Assembly) -> Parsed<()> {
        if self.eat_punct(';').is_some() {
            return Ok(());
        }
        if self.token.is('}') {
            self.unmatched_brace();
            return Ok(());
        }
        let Some(declaration) = TopLevel::of(self.word()) else {
            return Err(self.unexpected(
                "`package`, `import`, `message`, `enum`, `extend` or `service`",
                FILE,
            ));
        };
        let start = self.start();
        let keyword = self.span(start.token.start, start.token.end);
        match declaration {
            TopLevel::Package => {
                let package = self.package()?;
                assembly.package(package, keyword);
            }
            TopLevel::Import => {
                let import = self.import()?;
                assembly.check_header_order(keyword, "import");
                assembly.tree.imports.push(import);
            }
            TopLevel::Syntax => {
                let (syntax, span) = self.syntax()?;
                assembly.syntax(&syntax, span);
            }
            TopLevel::Option => {
                let option: OptionDecl = self.option(&start)?;
                assembly.check_header_order(keyword, "option");
                assembly.tree.options.push(option);
            }
            TopLevel::Message => {
                let message = self.message(start)?;
                assembly.item(Item::Message(message));
            }
            TopLevel::Enum => {
                let enumeration = self.enumeration(start)?;
                assembly.item(Item::Enum(enumeration));
            }
            TopLevel::Extend => {
                let extend = self.extend(&start)?;
                assembly.item(Item::Extend(extend));
            }
            TopLevel::Service => {
                let service = self.service(start)?;
                assembly.service(service);
            }
        }
        Ok(())
    }

    /// The rest of `package a.b;`: the name, without spaces.
    fn package(&mut self) -> Parsed<Package> {
        let start = self.token.start;
        let first = self.ident("the package's name", PACKAGE)?;
        let mut segments = vec![first.name];
        self.dotted_rest(&mut segments, PACKAGE)?;
        let span = self.span_from(start);
        self.expect_punct(';', "`;` after the package's name", PACKAGE)?;
        Ok(Package { segments, span })
    }

    /// The rest of `import "path";`.
    fn import(&mut self) -> Parsed<Import> {
        if self.token.kind != Kind::String {
            return Err(self.unexpected("the imported file's path in quotes", IMPORT));
        }
        let path = self.bump();
        let text = String::from_utf8_lossy(&string_value(self.slice(path))).into_owned();
        self.expect_punct(';', "`;` after the imported file's path", IMPORT)?;
        Ok(Import {
            path: text,
            public: false,
            option: false,
            span: self.span(path.start, path.end),
        })
    }

    /// The rest of `syntax = "proto3";`: the string and its span.
    fn syntax(&mut self) -> Parsed<(String, Span)> {
        self.expect_punct('=', "`=` after `syntax`", SYNTAX)?;
        if self.token.kind != Kind::String {
            return Err(self.unexpected("the syntax in quotes, \"proto3\"", SYNTAX));
        }
        let value = self.bump();
        let syntax = String::from_utf8_lossy(&string_value(self.slice(value))).into_owned();
        self.expect_punct(';', "`;` after the syntax", SYNTAX)?;
        Ok((syntax, self.span(value.start, value.end)))
    }
}

/// A file put together from its declarations, in order, with the
/// diagnostics of their order.
struct Assembly {
    tree: SchemaFile,
    /// The name of the first message, enum or service, once there is one.
    first_item: Option<Span>,
    diagnostics: Vec<Diagnostic>,
}

impl Assembly {
    fn new(file: FileId) -> Self {
        Self {
            tree: SchemaFile {
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

    /// Gives the file its `package`, whose keyword is at `keyword`, or
    /// reports a second one.
    fn package(&mut self, package: Package, keyword: Span) {
        self.check_header_order(keyword, "package");
        match &self.tree.package {
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
            None => self.tree.package = Some(package),
        }
    }

    /// Checks the `syntax` declaration whose string, `syntax`, is at `span`.
    fn syntax(&mut self, syntax: &str, span: Span) {
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

    /// Adds a message, enum or `extend` block.
    fn item(&mut self, item: Item) {
        if self.first_item.is_none() {
            self.first_item = Some(match &item {
                Item::Message(message) => message.name.span,
                Item::Enum(enumeration) => enumeration.name.span,
                Item::Extend(extend) => extend.extendee.span,
            });
        }
        self.tree.items.push(item);
    }

    /// Adds a service.
    fn service(&mut self, service: ServiceDecl) {
        self.first_item.get_or_insert(service.name.span);
        self.tree.services.push(service);
    }

    /// Reports a `package`, `import`, `syntax` or `option` (`word`, at
    /// `keyword`) that comes after a message, enum or service.
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
