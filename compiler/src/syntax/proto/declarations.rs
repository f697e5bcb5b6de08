//! Messages, oneofs, `reserved` and `extensions` statements, enums and
//! services: each declaration's statements in its braces.

use super::super::lexer::Kind;
use super::fields::Scope;
use super::{Failed, MAX_DEPTH, Parsed, Parser};
use crate::ast::{
    EnumDecl, EnumValueDecl, ExtendDecl, ExtensionRanges, Ident, IntLit, Member, MessageDecl,
    MethodDecl, MethodType, OneofDecl, OptionDecl, OptionValue, Reserved, ReservedItem,
    ServiceDecl,
};
use crate::diagnostic::Code;

const MESSAGE: &str = "a message is `message Name { ... }`, holding fields, `oneof`s, nested \
                       messages and enums, `reserved`, `extensions`, `extend` and `option` \
                       statements";
const ONEOF: &str = "a oneof is `oneof name { ... }`, holding one field at least, each without \
                     a label, and `option` statements";
const RESERVED: &str = "write `reserved 2, 15, 9 to 11, 40 to max;` or `reserved \"foo\", \
                        \"bar\";`";
const EXTENSIONS: &str = "write `extensions 100 to 199, 300, 1000 to max;`, options in \
                          brackets before the `;` if need be";
const ENUM: &str = "an enum is `enum Name { ... }`, holding values (`NAME = 0;`), `reserved` \
                    and `option` statements";
const SERVICE: &str = "a service is `service Name { ... }`, holding methods \
                       (`rpc Get(Request) returns (Response);`) and `option` statements";
const METHOD: &str = "a method is `rpc Name(Request) returns (Response);`, with `stream` \
                      before a message that is streamed, and options in braces instead of the \
                      `;` if need be";

/// The value protoc gives `max` before it knows whether the message is a
/// message set.
const MAX_SENTINEL: i64 = -1;

/// The end of a message set's ranges that reach `max`.
const MESSAGE_SET_MAX: i64 = i32::MAX as i64 - 1;

/// A message's statements, sorted as its descriptor sorts them.
#[derive(Default)]
pub(super) struct Body {
    options: Vec<OptionDecl>,
    /// Fields and oneofs, in order.
    fields: Vec<Member>,
    reserved: Vec<ReservedItem>,
    /// One member per range.
    extensions: Vec<ExtensionRanges>,
    extends: Vec<ExtendDecl>,
    /// Nested messages and the messages of groups, in order.
    pub messages: Vec<MessageDecl>,
    enums: Vec<EnumDecl>,
}

impl Body {
    /// The members, in the order of protoc's descriptor: the `reserved`
    /// items are one declaration, spanning the message (`span`).
    fn into_members(self, span: crate::source::Span) -> Vec<Member> {
        let message_set = self.options.iter().any(|option| {
            option.name.as_simple() == Some("message_set_wire_format")
                && matches!(option.value, OptionValue::Bool(true, _))
        });
        let mut members: Vec<Member> = self.options.into_iter().map(Member::Option).collect();
        members.extend(self.fields);
        let mut reserved = self.reserved;
        if !reserved.is_empty() {
            reserved
                .iter_mut()
                .for_each(|item| fix_max(item, message_set));
            members.push(Member::Reserved(Reserved {
                items: reserved,
                span,
            }));
        }
        for mut ranges in self.extensions {
            ranges
                .ranges
                .items
                .iter_mut()
                .for_each(|item| fix_max(item, message_set));
            members.push(Member::Extensions(ranges));
        }
        members.extend(self.extends.into_iter().map(Member::Extend));
        members.extend(self.messages.into_iter().map(Member::Message));
        members.extend(self.enums.into_iter().map(Member::Enum));
        members
    }
}

/// Gives a range that reaches `max` its end, once it is known whether
/// the message is a message set, whose numbers go further.
fn fix_max(item: &mut ReservedItem, message_set: bool) {
    if let ReservedItem::Range { end, .. } = item
        && let Some(last) = end
        && last.value == MAX_SENTINEL
    {
        *end = message_set.then_some(IntLit {
            value: MESSAGE_SET_MAX,
            span: last.span,
        });
    }
}

impl Parser<'_> {
    /// `message Name { ... }`.
    pub(super) fn message(&mut self) -> Parsed<MessageDecl> {
        let keyword = self.bump();
        let name = self.ident("the message's name", MESSAGE)?;
        self.message_block(keyword.start, name)
    }

    /// The braces of a message, or of a group, whose declaration starts at
    /// `start`.
    pub(super) fn message_block(&mut self, start: usize, name: Ident) -> Parsed<MessageDecl> {
        if self.grammar.depth >= MAX_DEPTH {
            let span = self.span(self.token.start, self.token.end);
            return Err(self.error(
                Code::Syntax,
                span,
                format!("messages nest more than {MAX_DEPTH} levels deep"),
                "nested too deeply".to_owned(),
                "declare nested messages at the top level and refer to them by name; protoc \
                 refuses this depth too",
            ));
        }
        let Some(attached) = self.end_of_declaration('{', true) else {
            return Err(self.unexpected("`{` after the message's name", MESSAGE));
        };
        self.grammar.depth += 1;
        let mut body = Body::default();
        let result = self.block("message", MESSAGE, |parser| {
            parser.message_statement(&mut body)
        });
        self.grammar.depth -= 1;
        result?;
        self.check_map_entry(&body.options);
        let span = self.span_from(start);
        Ok(MessageDecl {
            docs: attached.docs(),
            name,
            visibility: None,
            members: body.into_members(span),
            span,
        })
    }

    /// protoc refuses `map_entry` set by hand: a map field makes it.
    fn check_map_entry(&mut self, options: &[OptionDecl]) {
        let written = options.iter().find(|option| {
            option
                .name
                .parts
                .first()
                .is_some_and(|part| !part.extension && part.name == "map_entry")
        });
        if let Some(option) = written {
            self.error(
                Code::InvalidOption,
                option.name.span,
                "`map_entry` set by hand".to_owned(),
                "not set by hand".to_owned(),
                "a map field makes its entry message: write `map<K, V> name = 1;`",
            );
        }
    }

    /// protoc refuses `allow_alias` set to anything but `true`, which
    /// would do nothing.
    fn check_allow_alias(&mut self, options: &[OptionDecl]) {
        let allow_alias = options
            .iter()
            .find(|option| option.name.as_simple() == Some("allow_alias"));
        if let Some(option) = allow_alias
            && !matches!(option.value, OptionValue::Bool(true, _))
        {
            self.error(
                Code::InvalidOption,
                option.span,
                "`allow_alias` set to something else than `true`, which does nothing".to_owned(),
                "does nothing".to_owned(),
                "remove the option, or set it to `true` for values that share a number",
            );
        }
    }

    /// One statement in a message's braces.
    fn message_statement(&mut self, body: &mut Body) -> Parsed<()> {
        if self.end_of_declaration(';', false).is_some() {
            return Ok(());
        }
        let visibility = self.visibility()?;
        let word = match self.token.kind {
            Kind::Ident => self.slice(self.token),
            _ => "",
        };
        match word {
            "message" => {
                let mut message = self.message()?;
                message.visibility = visibility;
                body.messages.push(message);
            }
            "enum" => {
                let mut enumeration = self.enumeration()?;
                enumeration.visibility = visibility;
                body.enums.push(enumeration);
            }
            "extensions" => self.extensions(body)?,
            "reserved" => {
                let items = self.reserved(false)?;
                body.reserved.extend(items);
            }
            "extend" => {
                let extend = self.extend(&mut body.messages)?;
                body.extends.push(extend);
            }
            "option" => {
                let option = self.option_statement()?;
                body.options.push(option);
            }
            "oneof" => self.oneof(body)?,
            _ => {
                let (field, group) = self.field(Scope::Message)?;
                body.fields.push(Member::Field(field));
                body.messages.extend(group);
            }
        }
        Ok(())
    }

    /// `oneof name { ... }`.
    fn oneof(&mut self, body: &mut Body) -> Parsed<()> {
        let keyword = self.bump();
        let name = self.ident("the oneof's name", ONEOF)?;
        let Some(attached) = self.end_of_declaration('{', true) else {
            return Err(self.unexpected("`{` after the oneof's name", ONEOF));
        };
        let mut fields = Vec::new();
        let mut options = Vec::new();
        loop {
            if self.token.kind == Kind::End {
                return Err(self.unclosed("oneof", ONEOF));
            }
            if self.at("option") {
                options.push(self.option_statement()?);
            } else {
                match self.field(Scope::Oneof) {
                    Ok((field, group)) => {
                        fields.push(field);
                        body.messages.extend(group);
                    }
                    Err(Failed) => self.skip_statement(),
                }
            }
            if self.end_of_declaration('}', false).is_some() {
                break;
            }
        }
        body.fields.push(Member::Oneof(OneofDecl {
            docs: attached.docs(),
            name,
            fields,
            options,
            span: self.span_from(keyword.start),
        }));
        Ok(())
    }

    /// `extensions 100 to 199, 300 [options];`: each range on its own,
    /// with the options of the statement.
    fn extensions(&mut self, body: &mut Body) -> Parsed<()> {
        self.bump();
        let mut ranges = Vec::new();
        loop {
            ranges.push(self.range(false, "a field number", EXTENSIONS)?);
            if self.eat_punct(',').is_none() {
                break;
            }
        }
        let options = match self.token.is('[') {
            true => self.option_list()?,
            false => Vec::new(),
        };
        self.end_of_statement("`;` after the extension ranges", EXTENSIONS)?;
        for item in ranges {
            let span = match &item {
                ReservedItem::Number(number) => number.span,
                ReservedItem::Range { span, .. } | ReservedItem::Name(Ident { span, .. }) => *span,
            };
            body.extensions.push(ExtensionRanges {
                ranges: Reserved {
                    items: vec![item],
                    span,
                },
                options: options.clone(),
            });
        }
        Ok(())
    }

    /// `reserved 2, 9 to 11, 40 to max;` or `reserved "foo", "bar";` in a
    /// message, or an enum (`in_enum`: numbers may be negative).
    fn reserved(&mut self, in_enum: bool) -> Parsed<Vec<ReservedItem>> {
        self.bump();
        let mut items = Vec::new();
        let names = match self.token.kind {
            Kind::String if self.grammar.syntax.is_editions() => {
                return Err(
                    self.unexpected("a name without quotes, as editions write it", RESERVED)
                );
            }
            Kind::Ident if !self.grammar.syntax.is_editions() => {
                return Err(self.unexpected(
                    "a number, or a name in quotes (only editions write names without them)",
                    RESERVED,
                ));
            }
            Kind::String | Kind::Ident => true,
            _ => false,
        };
        loop {
            let item = match names {
                true => ReservedItem::Name(self.reserved_name()?),
                false => self.range(in_enum, "a number or a range", RESERVED)?,
            };
            items.push(item);
            if self.eat_punct(',').is_none() {
                break;
            }
        }
        self.end_of_statement("`,` or `;` after the reserved items", RESERVED)?;
        Ok(items)
    }

    /// A reserved name: a string in proto2 and proto3, an identifier in
    /// editions.
    fn reserved_name(&mut self) -> Parsed<Ident> {
        if self.grammar.syntax.is_editions() {
            return self.ident("a reserved name", RESERVED);
        }
        if self.token.kind != Kind::String {
            return Err(self.unexpected("a reserved name in quotes", RESERVED));
        }
        let (bytes, range) = self.string();
        Ok(Ident {
            name: String::from_utf8_lossy(&bytes).into_owned(),
            span: self.span(range.start, range.end),
        })
    }

    /// `5`, `5 to 9` or `5 to max`, of field numbers or (`signed`) enum
    /// numbers; `max` is [`MAX_SENTINEL`] in a message until its end.
    fn range(&mut self, signed: bool, expected: &str, help: &str) -> Parsed<ReservedItem> {
        let start = self.int(signed, expected, help)?;
        if self.eat("to").is_none() {
            return Ok(ReservedItem::Number(start));
        }
        let end = match self.eat("max") {
            Some(_) if signed => None,
            Some(max) => Some(IntLit {
                value: MAX_SENTINEL,
                span: self.span(max.start, max.end),
            }),
            None => Some(self.int(signed, "a number or `max` after `to`", help)?),
        };
        Ok(ReservedItem::Range {
            start,
            end,
            span: self.span_from(start.span.start as usize),
        })
    }

    /// `enum Name { ... }`.
    pub(super) fn enumeration(&mut self) -> Parsed<EnumDecl> {
        let keyword = self.bump();
        let name = self.ident("the enum's name", ENUM)?;
        let Some(attached) = self.end_of_declaration('{', true) else {
            return Err(self.unexpected("`{` after the enum's name", ENUM));
        };
        let mut values = Vec::new();
        let mut reserved = Vec::new();
        let mut options = Vec::new();
        self.block("enum", ENUM, |parser| {
            if parser.end_of_declaration(';', false).is_some() {
            } else if parser.at("option") {
                options.push(parser.option_statement()?);
            } else if parser.at("reserved") {
                reserved.extend(parser.reserved(true)?);
            } else {
                values.push(parser.enum_value()?);
            }
            Ok(())
        })?;
        self.check_allow_alias(&options);
        let span = self.span_from(keyword.start);
        Ok(EnumDecl {
            docs: attached.docs(),
            name,
            visibility: None,
            values,
            reserved: match reserved.is_empty() {
                true => Vec::new(),
                false => vec![Reserved {
                    items: reserved,
                    span,
                }],
            },
            options,
            span,
        })
    }

    /// `NAME = 1 [options];`.
    fn enum_value(&mut self) -> Parsed<EnumValueDecl> {
        let name = self.ident("an enum value's name", ENUM)?;
        self.expect_punct('=', "`=` and the value's number", ENUM)?;
        let number = self.int(true, "the value's number", ENUM)?;
        let options = match self.token.is('[') {
            true => self.option_list()?,
            false => Vec::new(),
        };
        let attached = self.end_of_statement("`;` after the enum value", ENUM)?;
        Ok(EnumValueDecl {
            docs: attached.docs(),
            span: self.span_from(name.span.start as usize),
            name,
            number,
            options,
        })
    }

    /// `service Name { ... }`.
    pub(super) fn service(&mut self) -> Parsed<ServiceDecl> {
        let keyword = self.bump();
        let name = self.ident("the service's name", SERVICE)?;
        let Some(attached) = self.end_of_declaration('{', true) else {
            return Err(self.unexpected("`{` after the service's name", SERVICE));
        };
        let mut methods = Vec::new();
        let mut options = Vec::new();
        self.block("service", SERVICE, |parser| {
            if parser.end_of_declaration(';', false).is_some() {
            } else if parser.at("option") {
                options.push(parser.option_statement()?);
            } else {
                methods.push(parser.method()?);
            }
            Ok(())
        })?;
        Ok(ServiceDecl {
            docs: attached.docs(),
            name,
            methods,
            options,
            span: self.span_from(keyword.start),
        })
    }

    /// `rpc Name(Request) returns (stream Response);`, or with options in
    /// braces.
    fn method(&mut self) -> Parsed<MethodDecl> {
        let keyword = self.expect("rpc", METHOD)?;
        let name = self.ident("the method's name", METHOD)?;
        self.expect_punct('(', "`(` and the request's type", METHOD)?;
        let input = self.method_type("the request's type")?;
        self.expect_punct(')', "`)` after the request's type", METHOD)?;
        self.expect("returns", METHOD)?;
        self.expect_punct('(', "`(` and the response's type", METHOD)?;
        let output = self.method_type("the response's type")?;
        self.expect_punct(')', "`)` after the response's type", METHOD)?;
        let mut options = Vec::new();
        let (attached, body) = match self.end_of_declaration('{', true) {
            Some(attached) => {
                self.block("method's options", METHOD, |parser| {
                    if parser.end_of_declaration(';', false).is_none() {
                        options.push(parser.option_statement()?);
                    }
                    Ok(())
                })?;
                (attached, true)
            }
            None => (
                self.end_of_statement("`;` or `{` after the method", METHOD)?,
                false,
            ),
        };
        Ok(MethodDecl {
            docs: attached.docs(),
            name,
            input,
            output,
            options,
            body,
            span: self.span_from(keyword.start),
        })
    }

    /// A method's request or response: `stream`, if it is streamed, and a
    /// message's name.
    fn method_type(&mut self, expected: &str) -> Parsed<MethodType> {
        let stream = self
            .eat("stream")
            .map(|token| self.span(token.start, token.end));
        Ok(MethodType {
            stream,
            name: self.user_type(expected, METHOD)?,
        })
    }
}
