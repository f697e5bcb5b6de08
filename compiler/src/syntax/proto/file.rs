//! A file's statements: `syntax` or `edition` first, then `package`,
//! `import`, `option`, `message`, `enum`, `service` and `extend` in any
//! order, and empty statements.

use super::super::lexer::Kind;
use super::comments::{self, Attached};
use super::{Failed, Parsed, Parser, Syntax};
use crate::ast::{
    Dialect, Edition, ExtendDecl, Import, Item, MessageDecl, Package, SchemaFile, ServiceDecl,
    Visibility,
};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::Span;

/// How the statements of a file are written.
const FILE: &str = "a `.proto` file is `syntax = \"proto3\";` (or \"proto2\") followed by \
                    `package`, `import`, `option`, `message`, `enum`, `service` and `extend` \
                    statements";
const SYNTAX: &str = "write `syntax = \"proto3\";` or `syntax = \"proto2\";`, as the file's \
                      first statement";
const PACKAGE: &str = "write `package` and a dotted name: `package shop.v1;`";
const IMPORT: &str = "write `import \"path/to/file.proto\";`, with `public`, `weak` (before \
                      edition 2024) or `option` (from edition 2024 on) after `import` if need be";
const EXTEND: &str = "write `extend` and the message extended, then the extensions in \
                      braces: `extend google.protobuf.FieldOptions { optional string x = 50000; }`";

impl Parser<'_> {
    /// The whole file.
    pub(super) fn file(&mut self) -> SchemaFile {
        self.start();
        let mut tree = SchemaFile {
            file: self.file,
            dialect: Dialect::Proto2,
            header: Vec::new(),
            package: None,
            imports: Vec::new(),
            options: Vec::new(),
            items: Vec::new(),
            services: Vec::new(),
        };
        let mut header = Vec::new();
        if self.at("syntax") || self.at("edition") {
            match self.syntax_statement() {
                Ok(statement) => header.push(statement),
                // As protoc, nothing is read after an unknown syntax.
                Err(Failed) => return tree,
            }
        }
        while self.token.kind != Kind::End {
            if self.top_level(&mut tree, &mut header).is_err() {
                self.skip_statement();
            }
        }
        tree.dialect = self.grammar.syntax.dialect();
        tree.header = comments::header(&mut header);
        tree
    }

    /// `syntax = "proto3";` or `edition = "2023";`, and its comments.
    fn syntax_statement(&mut self) -> Parsed<(usize, Attached)> {
        let keyword = self.bump();
        let word = self.slice(keyword);
        self.expect_punct('=', &format!("`=` after `{word}`"), SYNTAX)?;
        let value = self.token;
        if value.kind != Kind::String {
            return Err(self.unexpected("the syntax in quotes, such as \"proto3\"", SYNTAX));
        }
        let (bytes, _) = self.string();
        let name = String::from_utf8_lossy(&bytes).into_owned();
        let attached = self.end_of_statement("`;` after the syntax", SYNTAX)?;
        if word == "edition" {
            let edition = Edition::from_name(&name);
            // The file is still read as an edition, whose grammar differs.
            self.grammar.syntax = Syntax::Editions(edition.unwrap_or(Edition::E2023));
            if edition.is_none() {
                self.unknown_edition(&name, self.span(value.start, value.end));
            }
            return Ok((keyword.start, attached));
        }
        self.grammar.syntax = match name.as_str() {
            "proto2" => Syntax::Proto2,
            "proto3" => Syntax::Proto3,
            _ => {
                let span = self.span(value.start, value.end);
                return Err(self.error(
                    Code::Syntax,
                    span,
                    format!("unknown syntax {name:?}"),
                    "neither \"proto2\" nor \"proto3\"".to_owned(),
                    SYNTAX,
                ));
            }
        };
        Ok((keyword.start, attached))
    }

    /// Reports the edition `name`, at `span`, as one schemac does not
    /// read: 2024 and the editions protoc knows but does not take yet are
    /// not supported, any other name is none.
    fn unknown_edition(&mut self, name: &str, span: Span) {
        let known = matches!(name, "2026" | "UNSTABLE") || name.ends_with("_TEST_ONLY");
        let diagnostic = match known {
            true => Diagnostic::new(
                Code::Unsupported,
                span,
                format!("edition {name} is not supported yet"),
            )
            .with_label("schemac reads editions 2023 and 2024")
            .with_help(
                "write `edition = \"2024\";`: protoc 35 does not take a later edition either, \
                 but for its own tests",
            ),
            false => Diagnostic::new(Code::Syntax, span, format!("unknown edition {name:?}"))
                .with_label("not an edition")
                .with_help("the editions are \"2023\" and \"2024\""),
        };
        self.diagnostics.push(diagnostic);
    }

    /// One statement at the top of the file.
    fn top_level(
        &mut self,
        tree: &mut SchemaFile,
        header: &mut Vec<(usize, Attached)>,
    ) -> Parsed<()> {
        if self.end_of_declaration(';', false).is_some() {
            return Ok(());
        }
        let visibility = self.visibility()?;
        let word = match self.token.kind {
            Kind::Ident => self.slice(self.token),
            Kind::Punct('}') => {
                self.unmatched_brace();
                return Ok(());
            }
            _ => "",
        };
        match word {
            "message" => {
                let mut message = self.message()?;
                message.visibility = visibility;
                tree.items.push(Item::Message(message));
            }
            "enum" => {
                let mut enumeration = self.enumeration()?;
                enumeration.visibility = visibility;
                tree.items.push(Item::Enum(enumeration));
            }
            "service" => {
                let service: ServiceDecl = self.service()?;
                tree.services.push(service);
            }
            "extend" => {
                let mut groups = Vec::new();
                let extend = self.extend(&mut groups)?;
                tree.items.push(Item::Extend(extend));
                tree.items.extend(groups.into_iter().map(Item::Message));
            }
            "import" => {
                let import = self.import()?;
                match tree.imports.iter().find(|first| first.path == import.path) {
                    Some(first) => self.diagnostics.push(
                        Diagnostic::new(
                            Code::Syntax,
                            import.span,
                            format!("`{}` is imported twice", import.path),
                        )
                        .with_label("imported again")
                        .with_secondary(first.span, "first imported here")
                        .with_help("import a file once, with `import` or with `import option`"),
                    ),
                    None => tree.imports.push(import),
                }
            }
            "package" => {
                let (package, start, attached) = self.package()?;
                header.push((start, attached));
                self.set_package(tree, package);
            }
            "option" => {
                let option = self.option_statement()?;
                tree.options.push(option);
            }
            "syntax" | "edition" => {
                let span = self.span(self.token.start, self.token.end);
                return Err(self.error(
                    Code::Syntax,
                    span,
                    format!("`{word}` after the first statement"),
                    "comes too late".to_owned(),
                    SYNTAX,
                ));
            }
            "export" | "local" => {
                let span = self.span(self.token.start, self.token.end);
                return Err(self.error(
                    Code::Syntax,
                    span,
                    format!("`{word}` before edition 2024"),
                    "a word of edition 2024".to_owned(),
                    "`export` and `local` mark a message or an enum from edition 2024 on: write \
                     `edition = \"2024\";` as the file's first statement, or remove the word",
                ));
            }
            _ => {
                return Err(self.unexpected(
                    "`message`, `enum`, `service`, `extend`, `import`, `package` or `option`",
                    FILE,
                ));
            }
        }
        Ok(())
    }

    /// `export` or `local` before a message or an enum, in an edition
    /// 2024 file; nothing is read in an earlier one, where the words are
    /// names.
    pub(super) fn visibility(&mut self) -> Parsed<Option<Visibility>> {
        if !self.grammar.syntax.since_2024() {
            return Ok(None);
        }
        let visibility = if self.at("export") {
            Visibility::Export
        } else if self.at("local") {
            Visibility::Local
        } else {
            return Ok(None);
        };
        let keyword = self.bump();
        if !self.at("message") && !self.at("enum") {
            let span = self.span(keyword.start, keyword.end);
            return Err(self.error(
                Code::Syntax,
                span,
                format!(
                    "`{}` marks a message or an enum, and nothing else",
                    visibility.keyword()
                ),
                "not before `message` or `enum`".to_owned(),
                &format!(
                    "write `{word} message` or `{word} enum`; in edition 2024 a field of a type \
                     named `{word}` writes the type's name with its package or a leading dot",
                    word = visibility.keyword(),
                ),
            ));
        }
        Ok(Some(visibility))
    }

    /// Gives the file its `package`, or reports a second one.
    fn set_package(&mut self, tree: &mut SchemaFile, package: Package) {
        match &tree.package {
            Some(first) => self.diagnostics.push(
                Diagnostic::new(
                    Code::Syntax,
                    package.span,
                    "more than one `package` statement",
                )
                .with_label("second package")
                .with_secondary(first.span, "first package")
                .with_help("a file belongs to one package; remove one of the statements"),
            ),
            None => tree.package = Some(package),
        }
    }

    /// `package a.b.c;`, its start and its comments.
    fn package(&mut self) -> Parsed<(Package, usize, Attached)> {
        let keyword = self.bump();
        let mut segments = vec![self.ident("the package's name", PACKAGE)?.name];
        while self.eat_punct('.').is_some() {
            segments.push(self.ident("a name after `.`", PACKAGE)?.name);
        }
        let attached = self.end_of_statement("`;` after the package's name", PACKAGE)?;
        let package = Package {
            segments,
            span: self.span_from(keyword.start),
        };
        Ok((package, keyword.start, attached))
    }

    /// `import "file.proto";`, `import public "..."`, `import weak "..."`,
    /// `import option "..."`.
    fn import(&mut self) -> Parsed<Import> {
        let keyword = self.bump();
        let option = self.at("option");
        if option {
            let word = self.bump();
            self.grammar.option_imported = true;
            if !self.grammar.syntax.since_2024() {
                // As protoc, the import is read all the same.
                let span = self.span(word.start, word.end);
                self.error(
                    Code::Syntax,
                    span,
                    "`import option` before edition 2024".to_owned(),
                    "a word of edition 2024".to_owned(),
                    "`import option` imports a file for its options alone from edition 2024 on: \
                     write `edition = \"2024\";` as the file's first statement, or a plain \
                     `import`",
                );
            }
        } else if self.grammar.option_imported {
            let span = self.span(self.token.start, self.token.end);
            self.error(
                Code::Syntax,
                span,
                "a plain import after an `import option`".to_owned(),
                "after `import option`".to_owned(),
                "protoc wants plain imports first, so that a file written back from its \
                 descriptor is the same: move the `import option` statements after this one",
            );
        }
        let public = !option && self.eat("public").is_some();
        if !option
            && !public
            && let Some(weak) = self.eat("weak")
            && self.grammar.syntax.since_2024()
        {
            let span = self.span(weak.start, weak.end);
            self.error(
                Code::Syntax,
                span,
                "`import weak` in edition 2024".to_owned(),
                "not from edition 2024 on".to_owned(),
                "edition 2024 has no weak imports: import the file with `import option` if only \
                 options use it, or with a plain `import`",
            );
        }
        if self.token.kind != Kind::String {
            return Err(self.unexpected("the imported file's path in quotes", IMPORT));
        }
        let (bytes, range) = self.string();
        let path = match String::from_utf8(bytes) {
            Ok(path) => path,
            Err(_) => {
                let span = self.span(range.start, range.end);
                return Err(self.error(
                    Code::Syntax,
                    span,
                    "an import's path that is not UTF-8".to_owned(),
                    "not UTF-8".to_owned(),
                    IMPORT,
                ));
            }
        };
        if !is_virtual_path(&path) {
            let span = self.span(range.start, range.end);
            self.error(
                Code::Syntax,
                span,
                format!("the import path {path:?} is not a path below an include directory"),
                "not a relative path".to_owned(),
                "protoc's import paths are relative to an include directory, with no `.` or \
                 `..` part, no backslash and no doubled or leading slash",
            );
        }
        self.end_of_statement("`;` after the imported file", IMPORT)?;
        Ok(Import {
            path,
            public,
            option,
            span: self.span_from(keyword.start),
        })
    }

    /// `extend Name { fields }`; the messages of its groups go to
    /// `groups`.
    pub(super) fn extend(&mut self, groups: &mut Vec<MessageDecl>) -> Parsed<ExtendDecl> {
        let keyword = self.bump();
        let extendee = self.user_type("the name of the message extended", EXTEND)?;
        if self.end_of_declaration('{', true).is_none() {
            return Err(self.unexpected("`{` after the message's name", EXTEND));
        }
        let mut fields = Vec::new();
        loop {
            if self.token.kind == Kind::End {
                return Err(self.unclosed("`extend` block", EXTEND));
            }
            match self.field(super::fields::Scope::Extend) {
                Ok((field, group)) => {
                    fields.push(field);
                    groups.extend(group);
                }
                Err(Failed) => self.skip_statement(),
            }
            if self.end_of_declaration('}', false).is_some() {
                break;
            }
        }
        Ok(ExtendDecl {
            extendee,
            fields,
            span: self.span_from(keyword.start),
        })
    }

    /// The `;` that ends a statement, and the statement's comments.
    pub(super) fn end_of_statement(&mut self, expected: &str, help: &str) -> Parsed<Attached> {
        match self.end_of_declaration(';', true) {
            Some(attached) => Ok(attached),
            None => Err(self.unexpected(expected, help)),
        }
    }

    /// A string, and the strings right after it, joined as protoc joins
    /// them; their bytes and the range they span.
    pub(super) fn string(&mut self) -> (Vec<u8>, std::ops::Range<usize>) {
        let first = self.bump();
        let mut bytes = super::super::lexer::string_value(self.slice(first));
        while self.token.kind == Kind::String {
            let more = self.bump();
            bytes.extend(super::super::lexer::string_value(self.slice(more)));
        }
        (bytes, first.start..self.prev_end)
    }
}

/// Whether `path` is a path protoc looks up below its include directories:
/// relative, its parts neither empty nor `.` or `..`, and no backslash.
fn is_virtual_path(path: &str) -> bool {
    path.split('/')
        .all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'))
}
