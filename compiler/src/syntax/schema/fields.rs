//! Fields and their types: labels, names, `list<T>`, `map<K, V>`, `ref T`
//! and `weak T`, and the integers of field numbers, enum values and
//! ranges.

use super::super::lexer::{Kind, Token};
use super::{Parsed, Parser, Start};
use crate::ast::{FieldDecl, IntLit, Label, LabelKind, RefKind, TypeExpr, TypeName};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::Span;

/// How a field is written.
pub(super) const FIELD: &str = "a field is `name: type = number;`, ended with `;`, as in \
                                `id: i64 = 1;` or `tags: list<string> = 2;`";
/// How a type is written.
pub(super) const TYPE: &str = "a type is a name (`i64`, `shop.Order`, `.shop.Order`) without \
                               spaces, `list<T>`, `map<K, V>`, `ref T` or `weak T`";

impl Parser<'_> {
    /// The rest of `name: type = number [options];`, after its name.
    pub(super) fn field(&mut self, start: Start) -> Parsed<FieldDecl> {
        self.bump();
        let (label, ty) = self.label_and_type()?;
        self.expect_punct('=', "`=` and the field's number", FIELD)?;
        if self.token.kind != Kind::Int {
            return Err(self.unexpected("the field's number", FIELD));
        }
        let digits = self.bump();
        let number = self.integer(digits, false, self.span(digits.start, digits.end));
        let options = match self.token.is('[') {
            true => self.field_options()?,
            false => Vec::new(),
        };
        self.expect_punct(';', "`;` after the field", FIELD)?;
        Ok(FieldDecl {
            docs: self.docs_of(&start),
            name: self.ident_of(start.token),
            label,
            ty,
            number,
            options,
            group: false,
            span: self.span_from(start.token.start),
        })
    }

    /// A field's type, after `optional` or `required` if a type follows
    /// the word; without a type after it, the word is the type's name.
    fn label_and_type(&mut self) -> Parsed<(Option<Label>, TypeExpr)> {
        let kind = match self.word() {
            "optional" => LabelKind::Optional,
            "required" => LabelKind::Required,
            _ => return Ok((None, self.type_expr("the field's type")?)),
        };
        let word = self.bump();
        if !self.starts_type_name() {
            let name = self.rest_of_type_name(word, TYPE)?;
            return Ok((None, TypeExpr::Named(name)));
        }
        let label = Label {
            kind,
            span: self.span(word.start, word.end),
        };
        Ok((Some(label), self.type_expr("the field's type")?))
    }

    /// A type: `list<T>`, `map<K, V>`, `ref T`, `weak T` or a name. Each
    /// of those words is a type's name where what follows it does not make
    /// it more.
    fn type_expr(&mut self, expected: &str) -> Parsed<TypeExpr> {
        let word = self.word();
        if !matches!(word, "list" | "map" | "ref" | "weak") {
            return Ok(TypeExpr::Named(self.type_name(expected, TYPE)?));
        }
        let keyword = self.bump();
        match word {
            "list" if self.token.is('<') => self.list(keyword),
            "map" if self.token.is('<') => self.map(keyword),
            "ref" if self.starts_type_name() => self.reference(keyword, RefKind::Strong),
            "weak" if self.starts_type_name() => self.reference(keyword, RefKind::Weak),
            _ => Ok(TypeExpr::Named(self.rest_of_type_name(keyword, TYPE)?)),
        }
    }

    /// The rest of `list<T>`, after `list`, which is `keyword`.
    fn list(&mut self, keyword: Token) -> Parsed<TypeExpr> {
        let element = self.nested(self.token, |parser| {
            parser.bump();
            let element = parser.type_expr("the list's element type")?;
            parser.expect_punct('>', "`>` after the list's element type", TYPE)?;
            Ok(element)
        })?;
        Ok(TypeExpr::List {
            element: Box::new(element),
            span: self.span_from(keyword.start),
        })
    }

    /// The rest of `map<K, V>`, after `map`, which is `keyword`.
    fn map(&mut self, keyword: Token) -> Parsed<TypeExpr> {
        let (key, value) = self.nested(self.token, |parser| {
            parser.bump();
            let key = parser.type_expr("the map's key type")?;
            parser.expect_punct(',', "`,` after the map's key type", TYPE)?;
            let value = parser.type_expr("the map's value type")?;
            parser.expect_punct('>', "`>` after the map's value type", TYPE)?;
            Ok((key, value))
        })?;
        Ok(TypeExpr::Map {
            key: Box::new(key),
            value: Box::new(value),
            span: self.span_from(keyword.start),
        })
    }

    /// The rest of `ref T` or `weak T`, after the `keyword` of `kind`.
    fn reference(&mut self, keyword: Token, kind: RefKind) -> Parsed<TypeExpr> {
        let target = self.nested(keyword, |parser| parser.type_expr("the referenced message"))?;
        Ok(TypeExpr::Ref {
            kind,
            target: Box::new(target),
            span: self.span_from(keyword.start),
        })
    }

    /// A type's name: `Name`, `pkg.Name` or `.pkg.Name`, without spaces.
    pub(super) fn type_name(&mut self, expected: &str, help: &str) -> Parsed<TypeName> {
        let start = self.token.start;
        let absolute = self.eat_punct('.').is_some();
        if absolute && !(self.token.kind == Kind::Ident && self.touches()) {
            return Err(self.unexpected("a name right after `.`", help));
        }
        if self.token.kind != Kind::Ident {
            return Err(self.unexpected(expected, help));
        }
        let first = self.bump();
        let mut segments = vec![self.slice(first).to_owned()];
        self.dotted_rest(&mut segments, help)?;
        Ok(TypeName {
            absolute,
            segments,
            span: self.span_from(start),
        })
    }

    /// The rest of a type's name whose first word, `first`, was read.
    pub(super) fn rest_of_type_name(&mut self, first: Token, help: &str) -> Parsed<TypeName> {
        let mut segments = vec![self.slice(first).to_owned()];
        self.dotted_rest(&mut segments, help)?;
        Ok(TypeName {
            absolute: false,
            segments,
            span: self.span_from(first.start),
        })
    }

    /// The `.name` parts of a dotted name after its first, added to
    /// `segments`: each `.` right after the name before it, and the name
    /// right after the `.`.
    pub(super) fn dotted_rest(&mut self, segments: &mut Vec<String>, help: &str) -> Parsed<()> {
        while self.token.is('.') && self.touches() {
            self.bump();
            if !(self.token.kind == Kind::Ident && self.touches()) {
                return Err(self.unexpected("a name right after `.`", help));
            }
            let name = self.bump();
            segments.push(self.slice(name).to_owned());
        }
        Ok(())
    }

    /// An integer with an optional `-` right before it: an enum value's
    /// number or a reserved one.
    pub(super) fn signed_int(&mut self, expected: &str, help: &str) -> Parsed<IntLit> {
        let start = self.token.start;
        let negative = self.eat_punct('-').is_some();
        if negative && !(self.token.kind == Kind::Int && self.touches()) {
            return Err(self.unexpected("an integer right after `-`", help));
        }
        if self.token.kind != Kind::Int {
            return Err(self.unexpected(expected, help));
        }
        let digits = self.bump();
        Ok(self.integer(digits, negative, self.span_from(start)))
    }

    /// The value of the integer token `digits`, negated if `negative`,
    /// which spans `span` with its sign. A value that does not fit in
    /// `i64` is reported and saturated, and a decimal one with a leading
    /// zero is reported.
    pub(super) fn integer(&mut self, digits: Token, negative: bool, span: Span) -> IntLit {
        let text = self.slice(digits);
        let (radix, body) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(hex) => (16, hex),
            None => (10, text),
        };
        // The lexer reported a number that runs into letters.
        if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
            return IntLit { value: 0, span };
        }
        if radix == 10 && body.len() > 1 && body.starts_with('0') {
            self.diagnostics.push(leading_zero(span, body));
        }
        let value = u64::from_str_radix(body, radix).ok().and_then(|magnitude| {
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
}

/// The diagnostic of the decimal integer `digits` with a leading zero.
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
    match literal.char_indices().nth(MAX) {
        Some((cut, _)) => format!("`{}…`", &literal[..cut]),
        None => format!("`{literal}`"),
    }
}
