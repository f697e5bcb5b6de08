//! Lowering: pest's pairs to the syntax tree, one function per grammar rule.
//!
//! The grammar fixes the shape of every pair, so each function matches the
//! children its rule can have and calls the rest unreachable. Punctuation
//! and keyword pairs only exist so that errors can name them; lowering skips
//! them. Integer literals are checked here, since their limits are not a
//! matter of grammar.

use pest::iterators::Pair;

use super::Rule;
use super::literal;
use super::scan::Scan;
use crate::ast::{
    Docs, EnumDecl, EnumValueDecl, ExtendDecl, ExtensionRanges, FieldDecl, Ident, Import, IntLit,
    Item, Label, LabelKind, Member, MessageDecl, MethodDecl, MethodType, OneofDecl, OptionDecl,
    OptionName, OptionValue, Package, RefKind, Reserved, ReservedItem, ServiceDecl, TypeExpr,
    TypeName,
};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};

/// One top-level declaration, as the file assembles them.
pub(super) enum Declaration {
    /// `package a.b;`, with the span of its keyword.
    Package(Package, Span),
    /// `import "path";`, with the span of its keyword.
    Import(Import, Span),
    /// `syntax = "proto3";`: the string and its span.
    Syntax(String, Span),
    /// A file option, with the span of its keyword.
    FileOption(OptionDecl, Span),
    /// A message or enum.
    Item(Item),
    /// A service.
    Service(ServiceDecl),
}

/// Lowers the pairs of one file's segments.
pub(super) struct Lowerer<'a> {
    file: FileId,
    /// The whole file; pairs hold the text of one segment.
    text: &'a str,
    scan: &'a Scan,
    /// Where the current segment starts in the file.
    base: usize,
    /// Problems with integer literals.
    pub diagnostics: Vec<Diagnostic>,
}

impl<'a> Lowerer<'a> {
    /// A lowerer for the file `file` with text `text`, scanned as `scan`.
    pub fn new(file: FileId, text: &'a str, scan: &'a Scan) -> Self {
        Self {
            file,
            text,
            scan,
            base: 0,
            diagnostics: Vec::new(),
        }
    }

    /// The declarations of a `segment` or `segment_prefix` pair, parsed
    /// from the text starting at byte `base` of the file.
    pub fn segment(&mut self, pair: Pair<'_, Rule>, base: usize) -> Vec<Declaration> {
        self.base = base;
        let mut declarations = Vec::new();
        for child in pair.into_inner() {
            let declaration = match child.as_rule() {
                Rule::package_decl => self.package_decl(child),
                Rule::import_decl => self.import_decl(child),
                Rule::syntax_decl => self.syntax_decl(child),
                Rule::file_option => {
                    let keyword = self.keyword_span(child.clone());
                    Declaration::FileOption(self.option_decl(child), keyword)
                }
                Rule::message_decl => Declaration::Item(Item::Message(self.message_decl(child))),
                Rule::enum_decl => Declaration::Item(Item::Enum(self.enum_decl(child))),
                Rule::extend_decl => Declaration::Item(Item::Extend(self.extend_decl(child))),
                Rule::service_decl => Declaration::Service(self.service_decl(child)),
                Rule::semi | Rule::EOI => continue,
                rule => unreachable!("{rule:?} in a segment"),
            };
            declarations.push(declaration);
        }
        declarations
    }

    fn package_decl(&mut self, pair: Pair<'_, Rule>) -> Declaration {
        let mut keyword = None;
        let mut package = None;
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::kw_package => keyword = Some(self.span(&child)),
                Rule::dotted_name => package = Some(self.dotted_name(child)),
                Rule::semi => {}
                rule => unreachable!("{rule:?} in a package declaration"),
            }
        }
        let (Some(package), Some(keyword)) = (package, keyword) else {
            unreachable!("a package declaration has a keyword and a name");
        };
        Declaration::Package(package, keyword)
    }

    fn dotted_name(&mut self, pair: Pair<'_, Rule>) -> Package {
        let span = self.span(&pair);
        let mut segments = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => segments.push(child.as_str().to_owned()),
                Rule::dot => {}
                rule => unreachable!("{rule:?} in a package name"),
            }
        }
        Package { segments, span }
    }

    fn import_decl(&mut self, pair: Pair<'_, Rule>) -> Declaration {
        let mut keyword = None;
        let mut import = None;
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::kw_import => keyword = Some(self.span(&child)),
                Rule::string => {
                    import = Some(Import {
                        path: unescape(child.as_str()),
                        public: false,
                        span: self.span(&child),
                    });
                }
                Rule::semi => {}
                rule => unreachable!("{rule:?} in an import"),
            }
        }
        let (Some(import), Some(keyword)) = (import, keyword) else {
            unreachable!("an import has a keyword and a path");
        };
        Declaration::Import(import, keyword)
    }

    fn syntax_decl(&mut self, pair: Pair<'_, Rule>) -> Declaration {
        let mut syntax = None;
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::string => syntax = Some((unescape(child.as_str()), self.span(&child))),
                Rule::kw_syntax | Rule::eq | Rule::semi => {}
                rule => unreachable!("{rule:?} in a syntax declaration"),
            }
        }
        let Some((syntax, span)) = syntax else {
            unreachable!("a syntax declaration has a string");
        };
        Declaration::Syntax(syntax, span)
    }

    /// The span of the keyword that starts `pair`.
    fn keyword_span(&self, pair: Pair<'_, Rule>) -> Span {
        match pair.into_inner().next() {
            Some(keyword) => self.span(&keyword),
            None => unreachable!("a declaration starts with its keyword"),
        }
    }

    fn message_decl(&mut self, pair: Pair<'_, Rule>) -> MessageDecl {
        let span = self.span(&pair);
        let docs = self.docs(&pair);
        let mut name = None;
        let mut members = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => name = Some(self.ident(&child)),
                Rule::member => members.extend(self.member(child)),
                Rule::kw_message | Rule::lbrace | Rule::rbrace => {}
                rule => unreachable!("{rule:?} in a message"),
            }
        }
        let Some(name) = name else {
            unreachable!("a message has a name");
        };
        MessageDecl {
            docs,
            name,
            members,
            span,
        }
    }

    /// A member of a message body; `None` for an empty statement, `;`.
    fn member(&mut self, pair: Pair<'_, Rule>) -> Option<Member> {
        let Some(child) = pair.into_inner().next() else {
            unreachable!("a member has one child");
        };
        Some(match child.as_rule() {
            Rule::field_decl => Member::Field(self.field_decl(child)),
            Rule::oneof_decl => Member::Oneof(self.oneof_decl(child)),
            Rule::reserved_decl => Member::Reserved(self.reserved_decl(child)),
            Rule::extensions_decl => Member::Extensions(self.extensions_decl(child)),
            Rule::option_decl => Member::Option(self.option_decl(child)),
            Rule::message_decl => Member::Message(self.message_decl(child)),
            Rule::enum_decl => Member::Enum(self.enum_decl(child)),
            Rule::extend_decl => Member::Extend(self.extend_decl(child)),
            Rule::semi => return None,
            rule => unreachable!("{rule:?} as a member"),
        })
    }

    fn field_decl(&mut self, pair: Pair<'_, Rule>) -> FieldDecl {
        let span = self.span(&pair);
        let docs = self.docs(&pair);
        let (mut name, mut label, mut ty, mut number) = (None, None, None, None);
        let mut options = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => name = Some(self.ident(&child)),
                Rule::label => label = Some(self.label(child)),
                Rule::type_expr => ty = Some(self.type_expr(child)),
                Rule::int => number = Some(self.int(&child)),
                Rule::field_options => options = self.field_options(child),
                Rule::colon | Rule::eq | Rule::semi => {}
                rule => unreachable!("{rule:?} in a field"),
            }
        }
        let (Some(name), Some(ty), Some(number)) = (name, ty, number) else {
            unreachable!("a field has a name, a type and a number");
        };
        FieldDecl {
            docs,
            name,
            label,
            ty,
            number,
            options,
            group: false,
            span,
        }
    }

    /// `extend Name { fields }`.
    fn extend_decl(&mut self, pair: Pair<'_, Rule>) -> ExtendDecl {
        let span = self.span(&pair);
        let mut extendee = None;
        let mut fields = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::type_name => extendee = Some(self.type_name(child)),
                Rule::field_decl => fields.push(self.field_decl(child)),
                Rule::kw_extend | Rule::lbrace | Rule::rbrace | Rule::semi => {}
                rule => unreachable!("{rule:?} in an extend block"),
            }
        }
        let Some(extendee) = extendee else {
            unreachable!("an extend block names a message");
        };
        ExtendDecl {
            extendee,
            fields,
            span,
        }
    }

    /// `extensions 100 to 199 [options];`
    fn extensions_decl(&mut self, pair: Pair<'_, Rule>) -> ExtensionRanges {
        let options = pair
            .clone()
            .into_inner()
            .find(|child| child.as_rule() == Rule::field_options)
            .map(|child| self.field_options(child))
            .unwrap_or_default();
        ExtensionRanges {
            ranges: self.reserved_decl(pair),
            options,
        }
    }

    fn label(&self, pair: Pair<'_, Rule>) -> Label {
        let span = self.span(&pair);
        let kind = match pair.into_inner().next().map(|keyword| keyword.as_rule()) {
            Some(Rule::kw_optional) => LabelKind::Optional,
            Some(Rule::kw_required) => LabelKind::Required,
            rule => unreachable!("{rule:?} as a label"),
        };
        Label { kind, span }
    }

    /// `[name = value, ...]` after a field's number or an enum value's.
    fn field_options(&mut self, pair: Pair<'_, Rule>) -> Vec<OptionDecl> {
        let mut options = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::field_option => {
                    let span = self.span(&child);
                    let (mut name, mut value) = (None, None);
                    for part in child.into_inner() {
                        match part.as_rule() {
                            Rule::option_name => name = Some(self.option_name(&part)),
                            Rule::option_value => value = Some(self.option_value(part)),
                            Rule::eq => {}
                            rule => unreachable!("{rule:?} in a field option"),
                        }
                    }
                    let (Some(name), Some(value)) = (name, value) else {
                        unreachable!("a field option has a name and a value");
                    };
                    options.push(OptionDecl { name, value, span });
                }
                Rule::lbracket | Rule::rbracket | Rule::comma => {}
                rule => unreachable!("{rule:?} in field options"),
            }
        }
        options
    }

    fn option_decl(&mut self, pair: Pair<'_, Rule>) -> OptionDecl {
        let span = self.span(&pair);
        let (mut name, mut value) = (None, None);
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::option_name => name = Some(self.option_name(&child)),
                Rule::option_value => value = Some(self.option_value(child)),
                Rule::kw_option | Rule::eq | Rule::semi => {}
                rule => unreachable!("{rule:?} in an option"),
            }
        }
        let (Some(name), Some(value)) = (name, value) else {
            unreachable!("an option has a name and a value");
        };
        OptionDecl { name, value, span }
    }

    /// An option's name, read by [`literal`], which both languages share.
    fn option_name(&mut self, pair: &Pair<'_, Rule>) -> OptionName {
        let span = self.span(pair);
        let start = span.start as usize;
        match literal::option_name(self.file, pair.as_str(), start) {
            Ok(name) => name,
            Err(diagnostic) => {
                self.diagnostics.push(diagnostic);
                OptionName::simple(pair.as_str(), span)
            }
        }
    }

    fn option_value(&mut self, pair: Pair<'_, Rule>) -> OptionValue {
        let Some(child) = pair.into_inner().next() else {
            unreachable!("an option value has one child");
        };
        let span = self.span(&child);
        match child.as_rule() {
            Rule::aggregate => {
                let start = span.start as usize;
                match literal::option_value(self.file, child.as_str(), start) {
                    Ok(value) => value,
                    Err(diagnostic) => {
                        self.diagnostics.push(diagnostic);
                        OptionValue::Name(Ident {
                            name: String::new(),
                            span,
                        })
                    }
                }
            }
            Rule::signed_int => self.integer_value(child),
            Rule::signed_number => OptionValue::Number(child.as_str().to_owned(), span),
            Rule::string => string_value(child.as_str(), span),
            Rule::signed_name => match child.as_str() {
                "true" => OptionValue::Bool(true, span),
                "false" => OptionValue::Bool(false, span),
                // A minus makes sense before a number only: `-inf`.
                text if text.starts_with('-') => OptionValue::Number(text.to_owned(), span),
                text => OptionValue::Name(Ident {
                    name: text.to_owned(),
                    span,
                }),
            },
            rule => unreachable!("{rule:?} as an option value"),
        }
    }

    /// An integer option value: one that fits in 64 bits is an
    /// [`OptionValue::Integer`], a larger one (a `u64` default) or `-0`
    /// (a float default's sign) a [`OptionValue::Number`] for resolve to
    /// read by the field's type.
    fn integer_value(&mut self, pair: Pair<'_, Rule>) -> OptionValue {
        let span = self.span(&pair);
        let text = pair.as_str();
        let digits = text.trim_start_matches('-');
        let negative = text.starts_with('-');
        let fits = digits.parse::<u64>().is_ok_and(|magnitude| {
            let negative_zero = negative && magnitude == 0;
            !negative_zero && (magnitude <= i64::MAX as u64 || (negative && magnitude <= 1 << 63))
        });
        if fits || digits.starts_with("0x") || digits.starts_with("0X") {
            OptionValue::Integer(self.signed_int(pair))
        } else {
            OptionValue::Number(text.to_owned(), span)
        }
    }

    fn oneof_decl(&mut self, pair: Pair<'_, Rule>) -> OneofDecl {
        let span = self.span(&pair);
        let docs = self.docs(&pair);
        let mut name = None;
        let mut fields = Vec::new();
        let mut options = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => name = Some(self.ident(&child)),
                Rule::field_decl => fields.push(self.field_decl(child)),
                Rule::option_decl => options.push(self.option_decl(child)),
                Rule::kw_oneof | Rule::lbrace | Rule::rbrace | Rule::semi => {}
                rule => unreachable!("{rule:?} in a oneof"),
            }
        }
        let Some(name) = name else {
            unreachable!("a oneof has a name");
        };
        OneofDecl {
            docs,
            name,
            fields,
            options,
            span,
        }
    }

    fn type_expr(&mut self, pair: Pair<'_, Rule>) -> TypeExpr {
        let Some(child) = pair.into_inner().next() else {
            unreachable!("a type has one child");
        };
        match child.as_rule() {
            Rule::list_type => self.list_type(child),
            Rule::map_type => self.map_type(child),
            Rule::ref_type => self.ref_type(child),
            Rule::type_name => TypeExpr::Named(self.type_name(child)),
            rule => unreachable!("{rule:?} as a type"),
        }
    }

    fn list_type(&mut self, pair: Pair<'_, Rule>) -> TypeExpr {
        let span = self.span(&pair);
        let mut element = None;
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::type_expr => element = Some(self.type_expr(child)),
                Rule::kw_list | Rule::langle | Rule::rangle => {}
                rule => unreachable!("{rule:?} in a list type"),
            }
        }
        let Some(element) = element else {
            unreachable!("a list type has an element type");
        };
        TypeExpr::List {
            element: Box::new(element),
            span,
        }
    }

    fn map_type(&mut self, pair: Pair<'_, Rule>) -> TypeExpr {
        let span = self.span(&pair);
        let mut types = Vec::with_capacity(2);
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::type_expr => types.push(self.type_expr(child)),
                Rule::kw_map | Rule::langle | Rule::comma | Rule::rangle => {}
                rule => unreachable!("{rule:?} in a map type"),
            }
        }
        let Ok([key, value]) = <[TypeExpr; 2]>::try_from(types) else {
            unreachable!("a map type has a key and a value type");
        };
        TypeExpr::Map {
            key: Box::new(key),
            value: Box::new(value),
            span,
        }
    }

    fn ref_type(&mut self, pair: Pair<'_, Rule>) -> TypeExpr {
        let span = self.span(&pair);
        let mut kind = None;
        let mut target = None;
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::kw_ref => kind = Some(RefKind::Strong),
                Rule::kw_weak => kind = Some(RefKind::Weak),
                Rule::type_expr => target = Some(self.type_expr(child)),
                rule => unreachable!("{rule:?} in a reference type"),
            }
        }
        let (Some(kind), Some(target)) = (kind, target) else {
            unreachable!("a reference type has a keyword and a target");
        };
        TypeExpr::Ref {
            kind,
            target: Box::new(target),
            span,
        }
    }

    fn type_name(&mut self, pair: Pair<'_, Rule>) -> TypeName {
        let span = self.span(&pair);
        let mut absolute = false;
        let mut segments = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => segments.push(child.as_str().to_owned()),
                // Only a dot before the first segment makes the name absolute.
                Rule::dot => absolute |= segments.is_empty(),
                rule => unreachable!("{rule:?} in a type name"),
            }
        }
        TypeName {
            absolute,
            segments,
            span,
        }
    }

    fn reserved_decl(&mut self, pair: Pair<'_, Rule>) -> Reserved {
        let span = self.span(&pair);
        let mut items = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::reserved_item | Rule::extension_item => items.push(self.reserved_item(child)),
                Rule::kw_reserved
                | Rule::kw_extensions
                | Rule::comma
                | Rule::semi
                | Rule::field_options => {}
                rule => unreachable!("{rule:?} in a reserved declaration"),
            }
        }
        Reserved { items, span }
    }

    fn reserved_item(&mut self, pair: Pair<'_, Rule>) -> ReservedItem {
        let Some(child) = pair.into_inner().next() else {
            unreachable!("a reserved item has one child");
        };
        match child.as_rule() {
            Rule::reserved_range => self.reserved_range(child),
            Rule::signed_int => ReservedItem::Number(self.signed_int(child)),
            Rule::ident => ReservedItem::Name(self.ident(&child)),
            rule => unreachable!("{rule:?} as a reserved item"),
        }
    }

    fn reserved_range(&mut self, pair: Pair<'_, Rule>) -> ReservedItem {
        let span = self.span(&pair);
        let mut bounds = Vec::with_capacity(2);
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::signed_int => bounds.push(self.signed_int(child)),
                Rule::kw_to | Rule::kw_max => {}
                rule => unreachable!("{rule:?} in a reserved range"),
            }
        }
        let mut bounds = bounds.into_iter();
        let Some(start) = bounds.next() else {
            unreachable!("a reserved range has a start");
        };
        ReservedItem::Range {
            start,
            end: bounds.next(),
            span,
        }
    }

    fn enum_decl(&mut self, pair: Pair<'_, Rule>) -> EnumDecl {
        let span = self.span(&pair);
        let docs = self.docs(&pair);
        let mut declaration = EnumDecl {
            docs,
            name: Ident {
                name: String::new(),
                span,
            },
            values: Vec::new(),
            reserved: Vec::new(),
            options: Vec::new(),
            span,
        };
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => declaration.name = self.ident(&child),
                Rule::enum_member => self.enum_member(child, &mut declaration),
                Rule::kw_enum | Rule::lbrace | Rule::rbrace => {}
                rule => unreachable!("{rule:?} in an enum"),
            }
        }
        declaration
    }

    fn enum_member(&mut self, pair: Pair<'_, Rule>, declaration: &mut EnumDecl) {
        let Some(child) = pair.into_inner().next() else {
            unreachable!("an enum member has one child");
        };
        match child.as_rule() {
            Rule::enum_value => declaration.values.push(self.enum_value(child)),
            Rule::reserved_decl => declaration.reserved.push(self.reserved_decl(child)),
            Rule::option_decl => declaration.options.push(self.option_decl(child)),
            Rule::semi => {}
            rule => unreachable!("{rule:?} as an enum member"),
        }
    }

    fn enum_value(&mut self, pair: Pair<'_, Rule>) -> EnumValueDecl {
        let span = self.span(&pair);
        let docs = self.docs(&pair);
        let (mut name, mut number) = (None, None);
        let mut options = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => name = Some(self.ident(&child)),
                Rule::signed_int => number = Some(self.signed_int(child)),
                Rule::field_options => options = self.field_options(child),
                Rule::eq | Rule::semi => {}
                rule => unreachable!("{rule:?} in an enum value"),
            }
        }
        let (Some(name), Some(number)) = (name, number) else {
            unreachable!("an enum value has a name and a number");
        };
        EnumValueDecl {
            docs,
            name,
            number,
            options,
            span,
        }
    }

    fn service_decl(&mut self, pair: Pair<'_, Rule>) -> ServiceDecl {
        let span = self.span(&pair);
        let docs = self.docs(&pair);
        let mut name = None;
        let mut methods = Vec::new();
        let mut options = Vec::new();
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => name = Some(self.ident(&child)),
                Rule::rpc_decl => methods.push(self.rpc_decl(child)),
                Rule::option_decl => options.push(self.option_decl(child)),
                Rule::kw_service | Rule::lbrace | Rule::rbrace | Rule::semi => {}
                rule => unreachable!("{rule:?} in a service"),
            }
        }
        let Some(name) = name else {
            unreachable!("a service has a name");
        };
        ServiceDecl {
            docs,
            name,
            methods,
            options,
            span,
        }
    }

    fn rpc_decl(&mut self, pair: Pair<'_, Rule>) -> MethodDecl {
        let span = self.span(&pair);
        let docs = self.docs(&pair);
        let mut name = None;
        let mut types = Vec::with_capacity(2);
        let mut options = Vec::new();
        let mut body = false;
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::ident => name = Some(self.ident(&child)),
                Rule::rpc_type => types.push(self.rpc_type(child)),
                Rule::option_decl => options.push(self.option_decl(child)),
                Rule::kw_rpc
                | Rule::kw_returns
                | Rule::lparen
                | Rule::rparen
                | Rule::rbrace
                | Rule::semi => {}
                Rule::lbrace => body = true,
                rule => unreachable!("{rule:?} in a method"),
            }
        }
        let (Some(name), Ok([input, output])) = (name, <[MethodType; 2]>::try_from(types)) else {
            unreachable!("a method has a name, a request and a response");
        };
        MethodDecl {
            docs,
            name,
            input,
            output,
            options,
            body,
            span,
        }
    }

    fn rpc_type(&mut self, pair: Pair<'_, Rule>) -> MethodType {
        let mut stream = None;
        let mut name = None;
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::kw_stream => stream = Some(self.span(&child)),
                Rule::type_name => name = Some(self.type_name(child)),
                rule => unreachable!("{rule:?} in a request or response"),
            }
        }
        let Some(name) = name else {
            unreachable!("a request or response names a message");
        };
        MethodType { stream, name }
    }

    fn ident(&self, pair: &Pair<'_, Rule>) -> Ident {
        Ident {
            name: pair.as_str().to_owned(),
            span: self.span(pair),
        }
    }

    fn int(&mut self, pair: &Pair<'_, Rule>) -> IntLit {
        let span = self.span(pair);
        self.integer(pair.as_str(), false, span)
    }

    fn signed_int(&mut self, pair: Pair<'_, Rule>) -> IntLit {
        let span = self.span(&pair);
        let mut negative = false;
        let mut digits = "";
        for child in pair.into_inner() {
            match child.as_rule() {
                Rule::minus => negative = true,
                Rule::int => digits = child.as_str(),
                rule => unreachable!("{rule:?} in an integer"),
            }
        }
        self.integer(digits, negative, span)
    }

    /// The value of the literal `digits`, negated if `negative`. A value
    /// that does not fit in `i64` is reported and saturated.
    fn integer(&mut self, digits: &str, negative: bool, span: Span) -> IntLit {
        let hex = digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"));
        let magnitude = match hex {
            Some(hex) => u64::from_str_radix(hex, 16).ok(),
            None => {
                if digits.len() > 1 && digits.starts_with('0') {
                    self.diagnostics.push(leading_zero(span, digits));
                }
                digits.parse::<u64>().ok()
            }
        };
        let value = magnitude.and_then(|magnitude| {
            if negative {
                0i64.checked_sub_unsigned(magnitude)
            } else {
                i64::try_from(magnitude).ok()
            }
        });
        let value = value.unwrap_or_else(|| {
            let literal = &self.text[span.range()];
            self.diagnostics.push(Diagnostic::new(
                Code::IntegerTooLarge,
                span,
                format!("integer {} does not fit in 64 bits", shorten(literal)),
            ));
            if negative { i64::MIN } else { i64::MAX }
        });
        IntLit { value, span }
    }

    /// The span in the file of a pair of the current segment.
    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let range = pair.as_span();
        Span::new(
            self.file,
            self.base + range.start()..self.base + range.end(),
        )
    }

    /// The doc comments before the declaration `pair`.
    fn docs(&self, pair: &Pair<'_, Rule>) -> Docs {
        self.scan
            .docs_before(self.text, self.base + pair.as_span().start())
    }
}

/// The text of a string literal the grammar accepted, without its quotes
/// and with its escapes unescaped; a `\x` escape that makes it other than
/// UTF-8 is replaced, as a path or name cannot hold it.
fn unescape(literal: &str) -> String {
    String::from_utf8_lossy(&unescape_bytes(literal)).into_owned()
}

/// A string literal as an option's value: a string, or bytes when its `\x`
/// escapes make it other than UTF-8, as only a `bytes` default may be.
fn string_value(literal: &str, span: Span) -> OptionValue {
    match String::from_utf8(unescape_bytes(literal)) {
        Ok(text) => OptionValue::String(text, span),
        Err(error) => OptionValue::Bytes(error.into_bytes(), span),
    }
}

/// The bytes of a string literal the grammar accepted: without its quotes,
/// with `\"`, `\\`, `\n`, `\r`, `\t` and `\xHH` unescaped.
fn unescape_bytes(literal: &str) -> Vec<u8> {
    let inner = literal
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or(literal)
        .as_bytes();
    let mut bytes = Vec::with_capacity(inner.len());
    let mut index = 0;
    while let Some(&byte) = inner.get(index) {
        index += 1;
        if byte != b'\\' {
            bytes.push(byte);
            continue;
        }
        let escaped = inner.get(index).copied().unwrap_or(b'\\');
        index += 1;
        bytes.push(match escaped {
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'x' => {
                let digits = inner.get(index..index + 2).unwrap_or_default();
                index += 2;
                std::str::from_utf8(digits)
                    .ok()
                    .and_then(|digits| u8::from_str_radix(digits, 16).ok())
                    .unwrap_or_default()
            }
            other => other,
        });
    }
    bytes
}

fn leading_zero(span: Span, digits: &str) -> Diagnostic {
    let trimmed = digits.trim_start_matches('0');
    let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
    Diagnostic::new(
        Code::Syntax,
        span,
        format!("integer {} has a leading zero", shorten(digits)),
    )
    .with_label("leading zero")
    .with_help(format!(
        "write {}: integers are decimal, or hexadecimal with `0x`, and a leading zero \
         does not make them octal",
        shorten(trimmed)
    ))
}

/// A literal in backticks, cut short if long.
fn shorten(literal: &str) -> String {
    const MAX: usize = 24;
    if literal.len() > MAX {
        format!("`{}…`", &literal[..MAX])
    } else {
        format!("`{literal}`")
    }
}
