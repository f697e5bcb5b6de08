//! Fields, in messages, oneofs and `extend` blocks: labels, types (scalars,
//! names, `map<K, V>`), groups and numbers, with the rules protoc applies
//! to each dialect.

use super::super::lexer::Kind;
use super::super::literal::parse_uint;
use super::{Parsed, Parser, Syntax};
use crate::ast::{
    FieldDecl, Ident, IntLit, Label, LabelKind, MessageDecl, OptionDecl, OptionValue, TypeExpr,
    TypeName,
};
use crate::diagnostic::Code;
use crate::source::Span;

const FIELD: &str = "a field is `[label] type name = number [options];`, as in `repeated \
                     string tags = 4;`; proto2 needs a label (`optional`, `required` or \
                     `repeated`), and proto3 has no `required`";
const GROUP: &str = "a group is `optional group Name = 1 { fields }`, its name capitalized; \
                     proto3 has no groups: declare a message and a field of it instead";

/// Where a field is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scope {
    Message,
    Oneof,
    Extend,
}

/// What a field's type is, before the field is put together.
enum Written {
    /// A scalar or a message or enum name.
    Named(TypeName),
    /// `map<K, V>`.
    Map(TypeExpr),
    /// `group`, at the keyword.
    Group(Span),
}

/// protoc's scalar types, with their `.schema` spelling.
const SCALARS: &[(&str, &str)] = &[
    ("double", "f64"),
    ("float", "f32"),
    ("int64", "i64"),
    ("uint64", "u64"),
    ("int32", "i32"),
    ("fixed64", "fixed64"),
    ("fixed32", "fixed32"),
    ("bool", "bool"),
    ("string", "string"),
    ("bytes", "bytes"),
    ("uint32", "u32"),
    ("sfixed32", "sfixed32"),
    ("sfixed64", "sfixed64"),
    ("sint32", "sint32"),
    ("sint64", "sint64"),
];

impl Parser<'_> {
    /// A field declared in `scope`, and the message of a group.
    pub(super) fn field(&mut self, scope: Scope) -> Parsed<(FieldDecl, Option<MessageDecl>)> {
        let start = self.token.start;
        let label = self.label(scope);
        let written = self.field_type(scope, label)?;
        let name = self.ident("the field's name", FIELD)?;
        self.expect_punct('=', "`=` and the field's number", FIELD)?;
        let number = self.int(false, "the field's number", FIELD)?;
        let options = match self.token.is('[') {
            true => self.field_options()?,
            false => Vec::new(),
        };
        self.check_label(scope, label);
        let (ty, docs, group) = match written {
            Written::Group(keyword) => {
                let (ty, group) = self.group(start, keyword, &name)?;
                (ty, Vec::new(), Some(group))
            }
            Written::Named(ty) => {
                let attached = self.end_of_statement("`;` after the field", FIELD)?;
                (TypeExpr::Named(ty), attached.docs(), None)
            }
            Written::Map(ty) => {
                let attached = self.end_of_statement("`;` after the field", FIELD)?;
                (ty, attached.docs(), None)
            }
        };
        let options = bytes_default(&ty, options);
        self.check_float_default(&ty, &options);
        let (ty, label) = labelled(ty, label);
        let field = FieldDecl {
            docs,
            name: match group {
                Some(_) => Ident {
                    name: name.name.to_ascii_lowercase(),
                    span: name.span,
                },
                None => name,
            },
            label,
            ty,
            number,
            options,
            group: group.is_some(),
            span: self.span_from(start),
        };
        Ok((field, group))
    }

    /// A float's default is a number, `inf` or `nan`, as protoc has it.
    fn check_float_default(&mut self, ty: &TypeExpr, options: &[OptionDecl]) {
        let TypeExpr::Named(name) = ty else {
            return;
        };
        if name.absolute || !matches!(name.segments.as_slice(), [s] if s == "f32" || s == "f64") {
            return;
        }
        for option in options {
            if option.name.as_simple() == Some("default")
                && let OptionValue::Name(value) = &option.value
                && !matches!(value.name.as_str(), "inf" | "nan")
            {
                self.error(
                    Code::InvalidOption,
                    value.span,
                    format!("`{}` is no number", value.name),
                    "expected a number, `inf` or `nan`".to_owned(),
                    "a float's default is a number, `inf`, `-inf`, `nan` or `-nan`",
                );
            }
        }
    }

    /// A field's label, if it has one; a label in a oneof is reported and
    /// dropped.
    fn label(&mut self, scope: Scope) -> Option<(Word, Span)> {
        let word = match self.token.kind {
            Kind::Ident => match self.slice(self.token) {
                "optional" => Word::Optional,
                "required" => Word::Required,
                "repeated" => Word::Repeated,
                _ => return None,
            },
            _ => return None,
        };
        let token = self.bump();
        let span = self.span(token.start, token.end);
        let word_text = self.slice(token);
        if scope == Scope::Oneof {
            self.error(
                Code::InvalidOneofField,
                span,
                format!("a oneof's field with the label `{word_text}`"),
                "no label here".to_owned(),
                "a oneof's fields have no label: remove it",
            );
            return None;
        }
        if self.grammar.syntax.is_editions() && word != Word::Repeated {
            self.error(
                Code::Syntax,
                span,
                format!("the label `{word_text}` in an edition"),
                "not in editions".to_owned(),
                "editions give a field presence with `features.field_presence`",
            );
        }
        Some((word, span))
    }

    /// The rules of labels that need the whole field: proto2 needs one
    /// outside oneofs, proto3 has no `required`, nor has an extension.
    fn check_label(&mut self, scope: Scope, label: Option<(Word, Span)>) {
        let required = label.filter(|(word, _)| *word == Word::Required);
        if let Some((_, span)) = required {
            if self.grammar.syntax == Syntax::Proto3 {
                self.error(
                    Code::Syntax,
                    span,
                    "a `required` field in proto3".to_owned(),
                    "not in proto3".to_owned(),
                    "proto3 has no required fields: use `optional`, or no label",
                );
            } else if scope == Scope::Extend {
                self.error(
                    Code::InvalidExtension,
                    span,
                    "a `required` extension".to_owned(),
                    "extensions cannot be required".to_owned(),
                    "make the extension `optional`",
                );
            }
        }
    }

    /// A field's type: `map<K, V>`, a scalar, `group` or a type's name.
    fn field_type(&mut self, scope: Scope, label: Option<(Word, Span)>) -> Parsed<Written> {
        if self.at("map") {
            let keyword = self.bump();
            if self.token.is('<') {
                return self.map_type(keyword.start, scope, label);
            }
            // A message or enum named `map`.
            return Ok(Written::Named(TypeName {
                absolute: false,
                segments: vec!["map".to_owned()],
                span: self.span(keyword.start, keyword.end),
            }));
        }
        let written = if self.at("group") {
            let keyword = self.bump();
            Written::Group(self.span(keyword.start, keyword.end))
        } else {
            let expected = match label {
                Some(_) => "the field's type",
                None => "a field",
            };
            Written::Named(self.scalar_or_type(expected)?)
        };
        if label.is_none() && scope != Scope::Oneof && self.grammar.syntax == Syntax::Proto2 {
            let span = match &written {
                Written::Named(name) => name.span,
                Written::Group(keyword) => *keyword,
                Written::Map(ty) => ty.span(),
            };
            self.error(
                Code::Syntax,
                span,
                "a proto2 field without a label".to_owned(),
                "expected `optional`, `required` or `repeated` before the type".to_owned(),
                FIELD,
            );
        }
        Ok(written)
    }

    /// A scalar's name, spelled as `.schema` spells it, or a type's name.
    fn scalar_or_type(&mut self, expected: &str) -> Parsed<TypeName> {
        let text = self.slice(self.token);
        let scalar = SCALARS.iter().find(|(proto, _)| *proto == text);
        match scalar {
            Some((_, schema)) if self.token.kind == Kind::Ident => {
                let token = self.bump();
                Ok(TypeName {
                    absolute: false,
                    segments: vec![(*schema).to_owned()],
                    span: self.span(token.start, token.end),
                })
            }
            _ => self.user_type(expected, FIELD),
        }
    }

    /// `map<K, V>`, after `map`, which starts at `start`.
    fn map_type(
        &mut self,
        start: usize,
        scope: Scope,
        label: Option<(Word, Span)>,
    ) -> Parsed<Written> {
        let span = self.span(start, self.token.end);
        match (scope, label) {
            (Scope::Oneof, _) => {
                return Err(self.error(
                    Code::InvalidOneofField,
                    span,
                    "a map in a oneof".to_owned(),
                    "not in a oneof".to_owned(),
                    "a oneof holds single values: move the map out of the oneof",
                ));
            }
            (Scope::Extend, _) => {
                return Err(self.error(
                    Code::InvalidExtension,
                    span,
                    "a map extension".to_owned(),
                    "extensions cannot be maps".to_owned(),
                    "declare a message with the map, and extend with a field of it",
                ));
            }
            (Scope::Message, Some((_, label))) => {
                return Err(self.error(
                    Code::InvalidNesting,
                    label,
                    "a map field with a label".to_owned(),
                    "maps take no label".to_owned(),
                    "a map is repeated already, and has no presence: remove the label",
                ));
            }
            (Scope::Message, None) => {}
        }
        self.bump();
        let key = self.scalar_or_type("the map's key type")?;
        self.expect_punct(',', "`,` after the map's key type", FIELD)?;
        let value = self.scalar_or_type("the map's value type")?;
        self.expect_punct('>', "`>` after the map's value type", FIELD)?;
        Ok(Written::Map(TypeExpr::Map {
            key: Box::new(TypeExpr::Named(key)),
            value: Box::new(TypeExpr::Named(value)),
            span: self.span_from(start),
        }))
    }

    /// The braces of a group that starts at `start`, whose `group` keyword
    /// is at `keyword`: the type of its field, and its message.
    fn group(
        &mut self,
        start: usize,
        keyword: Span,
        name: &Ident,
    ) -> Parsed<(TypeExpr, MessageDecl)> {
        if !name.name.starts_with(|c: char| c.is_ascii_uppercase()) {
            self.error(
                Code::Syntax,
                name.span,
                format!(
                    "the group `{}` has a name that is not capitalized",
                    name.name
                ),
                "starts with a capital letter".to_owned(),
                GROUP,
            );
        }
        if self.grammar.syntax != Syntax::Proto2 {
            self.error(
                Code::Syntax,
                keyword,
                "a group outside proto2".to_owned(),
                "only proto2 has groups".to_owned(),
                GROUP,
            );
        }
        if !self.token.is('{') {
            return Err(self.unexpected("`{` and the group's fields", GROUP));
        }
        let message = self.message_block(start, name.clone())?;
        let ty = TypeExpr::Named(TypeName {
            absolute: false,
            segments: vec![name.name.clone()],
            span: name.span,
        });
        Ok((ty, message))
    }

    /// A message's name: `Name`, `pkg.Name` or `.pkg.Name`. A scalar's
    /// name is reported, and taken as a name.
    pub(super) fn user_type(&mut self, expected: &str, help: &str) -> Parsed<TypeName> {
        let start = self.token.start;
        let text = self.slice(self.token);
        if self.token.kind == Kind::Ident && SCALARS.iter().any(|(proto, _)| *proto == text) {
            let span = self.span(self.token.start, self.token.end);
            self.error(
                Code::Syntax,
                span,
                format!("expected a message type, but found the scalar `{text}`"),
                "a scalar type".to_owned(),
                help,
            );
        }
        let absolute = self.eat_punct('.').is_some();
        let mut segments = vec![self.ident(expected, help)?.name];
        while self.eat_punct('.').is_some() {
            segments.push(self.ident("a name after `.`", help)?.name);
        }
        Ok(TypeName {
            absolute,
            segments,
            span: self.span_from(start),
        })
    }

    /// An integer: a field number, or (`signed`) an enum number that may
    /// be negative.
    pub(super) fn int(&mut self, signed: bool, expected: &str, help: &str) -> Parsed<IntLit> {
        let start = self.token.start;
        let negative = signed && self.eat_punct('-').is_some();
        if self.token.kind != Kind::Int {
            return Err(self.unexpected(expected, help));
        }
        let token = self.bump();
        let span = self.span_from(start);
        let magnitude = parse_uint(self.slice(token)).map(i128::from);
        let value = magnitude
            .map(|magnitude| if negative { -magnitude } else { magnitude })
            .and_then(|value| i64::try_from(value).ok());
        match value {
            Some(value) => Ok(IntLit { value, span }),
            None => {
                let text = self.text[span.range()].to_owned();
                self.error(
                    Code::IntegerTooLarge,
                    span,
                    format!("the integer {text} does not fit in 64 bits"),
                    Code::IntegerTooLarge.label().to_owned(),
                    Code::IntegerTooLarge.help(),
                );
                Ok(IntLit {
                    value: if negative { i64::MIN } else { i64::MAX },
                    span,
                })
            }
        }
    }
}

/// A field's label as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    Optional,
    Required,
    Repeated,
}

/// A field's type and label as the tree has them: `repeated T` is
/// `list<T>`, with no label.
fn labelled(ty: TypeExpr, label: Option<(Word, Span)>) -> (TypeExpr, Option<Label>) {
    let kind = match label {
        None => return (ty, None),
        Some((Word::Repeated, _)) if matches!(ty, TypeExpr::Named(_)) => {
            let span = ty.span();
            let list = TypeExpr::List {
                element: Box::new(ty),
                span,
            };
            return (list, None);
        }
        Some((Word::Repeated, _)) => return (ty, None),
        Some((Word::Optional, _)) => LabelKind::Optional,
        Some((Word::Required, _)) => LabelKind::Required,
    };
    let span = label.map_or(ty.span(), |(_, span)| span);
    (ty, Some(Label { kind, span }))
}

/// `options` with the default of a `bytes` field as bytes, which need not
/// be UTF-8.
fn bytes_default(ty: &TypeExpr, mut options: Vec<OptionDecl>) -> Vec<OptionDecl> {
    let TypeExpr::Named(name) = ty else {
        return options;
    };
    if name.absolute || name.segments != ["bytes"] {
        return options;
    }
    for option in &mut options {
        if option.name.as_simple() == Some("default")
            && let OptionValue::String(text, span) = &option.value
        {
            option.value = OptionValue::Bytes(text.clone().into_bytes(), *span);
        }
    }
    options
}
