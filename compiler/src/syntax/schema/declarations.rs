//! Messages, oneofs, enums, `extend` blocks, services and their methods,
//! and `reserved` and `extensions` declarations: each declaration's
//! members in its braces.

use super::super::lexer::{Kind, Token};
use super::fields::{FIELD, TYPE};
use super::{Parsed, Parser, Start};
use crate::ast::{
    EnumDecl, EnumValueDecl, ExtendDecl, ExtensionRanges, Member, MessageDecl, MethodDecl,
    MethodType, OneofDecl, Reserved, ReservedItem, ServiceDecl,
};

const MESSAGE: &str = "a message is `message Name { ... }`, holding fields (`id: i64 = 1;`), \
                       `oneof`s, nested messages and enums, `reserved`, `extensions`, `extend` \
                       and `option` declarations";
const ONEOF: &str = "a oneof is `oneof name { ... }`, holding fields without a label and \
                     `option` declarations";
const RESERVED: &str = "write `reserved 4, 8 to 10, 100 to max, old_name;`: numbers, ranges, \
                        and names without quotes";
const EXTENSIONS: &str = "write `extensions 100 to 199, 1000 to max;`, with options in brackets \
                          before the `;` if need be";
const ENUM: &str = "an enum is `enum Name { ... }`, holding values (`NAME = 0;`), `reserved` \
                    and `option` declarations";
const EXTEND: &str = "write `extend` and the message extended, then its extensions as fields \
                      in braces: `extend google.protobuf.FieldOptions { rules: Rules = 50001; }`";
const SERVICE: &str = "a service is `service Name { ... }`, holding methods \
                       (`rpc Get(Request) returns (Response);`) and `option` declarations";
const METHOD: &str = "a method is `rpc Name(Request) returns (Response);`, with `stream` \
                      before a message that is streamed, and options in braces instead of the \
                      `;` if need be";

impl Parser<'_> {
    /// The rest of `message Name { ... }`, after `message`.
    pub(super) fn message(&mut self, start: Start) -> Parsed<MessageDecl> {
        let name = self.ident("the message's name", MESSAGE)?;
        let mut members = Vec::new();
        self.braces("the message's name", "message", MESSAGE, |parser| {
            parser.member(&mut members)
        })?;
        Ok(MessageDecl {
            docs: self.docs_of(&start),
            name,
            visibility: None,
            members,
            span: self.span_from(start.token.start),
        })
    }

    /// A block in braces after `after`: its `{`, its statements, each
    /// read by `statement`, and its `}`. `what` names the block for the
    /// error at the end of the file.
    fn braces(
        &mut self,
        after: &str,
        what: &str,
        help: &str,
        statement: impl FnMut(&mut Self) -> Parsed<()>,
    ) -> Parsed<()> {
        if !self.token.is('{') {
            return Err(self.unexpected(&format!("`{{` after {after}"), help));
        }
        let opener = self.token;
        self.nested(opener, |parser| {
            parser.bump();
            parser.block(what, help, statement)
        })
    }

    /// One member of a message's body, added to `members`.
    fn member(&mut self, members: &mut Vec<Member>) -> Parsed<()> {
        if self.eat_punct(';').is_some() {
            return Ok(());
        }
        if self.token.kind != Kind::Ident {
            return Err(self.unexpected(
                "a field, `oneof`, `reserved`, `extensions`, `option`, `message`, `enum`, \
                 `extend` or `}`",
                MESSAGE,
            ));
        }
        let start = self.start();
        // A keyword before `:` is a field's name. A nested message is read
        // here, apart from the other members, so that each level of
        // nesting takes little of the stack.
        if self.slice(start.token) == "message" && !self.token.is(':') {
            let message = self.message(start)?;
            members.push(Member::Message(message));
        } else {
            members.push(self.flat_member(start)?);
        }
        Ok(())
    }

    /// A member of a message's body other than a nested message, after
    /// its first word.
    fn flat_member(&mut self, start: Start) -> Parsed<Member> {
        if self.token.is(':') {
            return Ok(Member::Field(self.field(start)?));
        }
        Ok(match self.slice(start.token) {
            "option" => Member::Option(self.option(&start)?),
            "oneof" => Member::Oneof(self.oneof(start)?),
            "reserved" => Member::Reserved(self.reserved(&start)?),
            "extensions" => Member::Extensions(self.extensions(&start)?),
            "enum" => Member::Enum(self.enumeration(start)?),
            "extend" => Member::Extend(self.extend(&start)?),
            _ => return Err(self.unexpected("`:` after the field's name", FIELD)),
        })
    }

    /// The rest of `oneof name { ... }`, after `oneof`.
    fn oneof(&mut self, start: Start) -> Parsed<OneofDecl> {
        let name = self.ident("the oneof's name", ONEOF)?;
        let mut fields = Vec::new();
        let mut options = Vec::new();
        self.braces("the oneof's name", "oneof", ONEOF, |parser| {
            if parser.eat_punct(';').is_some() {
                return Ok(());
            }
            if parser.token.kind != Kind::Ident {
                return Err(parser.unexpected("a field, `option` or `}`", ONEOF));
            }
            let start = parser.start();
            if parser.token.is(':') {
                fields.push(parser.field(start)?);
            } else if parser.slice(start.token) == "option" {
                options.push(parser.option(&start)?);
            } else {
                return Err(parser.unexpected("`:` after the field's name", FIELD));
            }
            Ok(())
        })?;
        Ok(OneofDecl {
            docs: self.docs_of(&start),
            name,
            fields,
            options,
            span: self.span_from(start.token.start),
        })
    }

    /// The rest of `extend Name { fields }`, after `extend`.
    pub(super) fn extend(&mut self, start: &Start) -> Parsed<ExtendDecl> {
        let extendee = self.type_name("the name of the message extended", EXTEND)?;
        let mut fields = Vec::new();
        self.braces("the message's name", "`extend` block", EXTEND, |parser| {
            if parser.eat_punct(';').is_some() {
                return Ok(());
            }
            if parser.token.kind != Kind::Ident {
                return Err(parser.unexpected("a field or `}`", EXTEND));
            }
            let start = parser.start();
            if !parser.token.is(':') {
                return Err(parser.unexpected("`:` after the field's name", FIELD));
            }
            fields.push(parser.field(start)?);
            Ok(())
        })?;
        Ok(ExtendDecl {
            extendee,
            fields,
            span: self.span_from(start.token.start),
        })
    }

    /// The rest of `reserved 4, 8 to 10, 100 to max, old_name;`, after
    /// `reserved`.
    fn reserved(&mut self, start: &Start) -> Parsed<Reserved> {
        let mut items = Vec::new();
        loop {
            let item = match self.token.kind {
                Kind::Ident => {
                    let token = self.bump();
                    ReservedItem::Name(self.ident_of(token))
                }
                _ => self.range("a number, range or name to reserve", RESERVED)?,
            };
            items.push(item);
            if self.eat_punct(',').is_none() {
                break;
            }
        }
        self.expect_punct(';', "`,` or `;` after the reserved item", RESERVED)?;
        Ok(Reserved {
            items,
            span: self.span_from(start.token.start),
        })
    }

    /// The rest of `extensions 100 to 199, 1000 to max [options];`, after
    /// `extensions`.
    fn extensions(&mut self, start: &Start) -> Parsed<ExtensionRanges> {
        let mut items = Vec::new();
        loop {
            items.push(self.range("a number or range", EXTENSIONS)?);
            if self.eat_punct(',').is_none() {
                break;
            }
        }
        let options = match self.token.is('[') {
            true => self.field_options()?,
            false => Vec::new(),
        };
        self.expect_punct(';', "`,` or `;` after the extension range", EXTENSIONS)?;
        Ok(ExtensionRanges {
            ranges: Reserved {
                items,
                span: self.span_from(start.token.start),
            },
            options,
        })
    }

    /// `5`, `-5`, `5 to 9` or `5 to max`.
    fn range(&mut self, expected: &str, help: &str) -> Parsed<ReservedItem> {
        let start = self.signed_int(expected, help)?;
        if self.eat("to").is_none() {
            return Ok(ReservedItem::Number(start));
        }
        let end = match self.eat("max") {
            Some(_) => None,
            None => Some(self.signed_int("an integer or `max` after `to`", help)?),
        };
        Ok(ReservedItem::Range {
            start,
            end,
            span: self.span_from(start.span.start as usize),
        })
    }

    /// The rest of `enum Name { ... }`, after `enum`.
    pub(super) fn enumeration(&mut self, start: Start) -> Parsed<EnumDecl> {
        let name = self.ident("the enum's name", ENUM)?;
        let mut values = Vec::new();
        let mut reserved = Vec::new();
        let mut options = Vec::new();
        self.braces("the enum's name", "enum", ENUM, |parser| {
            if parser.eat_punct(';').is_some() {
                return Ok(());
            }
            if parser.token.kind != Kind::Ident {
                return Err(parser.unexpected("an enum value, `reserved`, `option` or `}`", ENUM));
            }
            let start = parser.start();
            // A keyword before `=` is a value's name.
            if parser.token.is('=') {
                values.push(parser.enum_value(start)?);
                return Ok(());
            }
            match parser.slice(start.token) {
                "option" => options.push(parser.option(&start)?),
                "reserved" => reserved.push(parser.reserved(&start)?),
                _ => return Err(parser.unexpected("`=` after the value's name", ENUM)),
            }
            Ok(())
        })?;
        Ok(EnumDecl {
            docs: self.docs_of(&start),
            name,
            visibility: None,
            values,
            reserved,
            options,
            span: self.span_from(start.token.start),
        })
    }

    /// The rest of `NAME = number [options];`, after its name.
    fn enum_value(&mut self, start: Start) -> Parsed<EnumValueDecl> {
        self.bump();
        let number = self.signed_int("the value's number", ENUM)?;
        let options = match self.token.is('[') {
            true => self.field_options()?,
            false => Vec::new(),
        };
        self.expect_punct(';', "`;` after the enum value", ENUM)?;
        Ok(EnumValueDecl {
            docs: self.docs_of(&start),
            name: self.ident_of(start.token),
            number,
            options,
            span: self.span_from(start.token.start),
        })
    }

    /// The rest of `service Name { ... }`, after `service`.
    pub(super) fn service(&mut self, start: Start) -> Parsed<ServiceDecl> {
        let name = self.ident("the service's name", SERVICE)?;
        let mut methods = Vec::new();
        let mut options = Vec::new();
        self.braces("the service's name", "service", SERVICE, |parser| {
            if parser.eat_punct(';').is_some() {
                return Ok(());
            }
            match parser.word() {
                "rpc" => {
                    let start = parser.start();
                    methods.push(parser.method(start)?);
                }
                "option" => {
                    let start = parser.start();
                    options.push(parser.option(&start)?);
                }
                _ => return Err(parser.unexpected("`rpc`, `option` or `}`", SERVICE)),
            }
            Ok(())
        })?;
        Ok(ServiceDecl {
            docs: self.docs_of(&start),
            name,
            methods,
            options,
            span: self.span_from(start.token.start),
        })
    }

    /// The rest of `rpc Name(Request) returns (Response);`, or with options
    /// in braces, after `rpc`.
    fn method(&mut self, start: Start) -> Parsed<MethodDecl> {
        let name = self.ident("the method's name", METHOD)?;
        self.expect_punct('(', "`(` and the request's type", METHOD)?;
        let input = self.method_type("the request's type")?;
        self.expect_punct(')', "`)` after the request's type", METHOD)?;
        self.expect("returns", METHOD)?;
        self.expect_punct('(', "`(` and the response's type", METHOD)?;
        let output = self.method_type("the response's type")?;
        self.expect_punct(')', "`)` after the response's type", METHOD)?;
        let mut options = Vec::new();
        let body = self.token.is('{');
        if body {
            self.braces("the method", "method's options", METHOD, |parser| {
                if parser.eat_punct(';').is_some() {
                    return Ok(());
                }
                if !parser.at("option") {
                    return Err(parser.unexpected("`option` or `}`", METHOD));
                }
                let start = parser.start();
                options.push(parser.option(&start)?);
                Ok(())
            })?;
        } else {
            self.expect_punct(';', "`;` or `{` after the method", METHOD)?;
        }
        Ok(MethodDecl {
            docs: self.docs_of(&start),
            name,
            input,
            output,
            options,
            body,
            span: self.span_from(start.token.start),
        })
    }

    /// A method's request or response: `stream`, if it is streamed, and a
    /// message's name. `stream` alone is a message's name.
    fn method_type(&mut self, expected: &str) -> Parsed<MethodType> {
        if !self.at("stream") {
            return Ok(MethodType {
                stream: None,
                name: self.type_name(expected, METHOD)?,
            });
        }
        let keyword: Token = self.bump();
        if !self.starts_type_name() {
            return Ok(MethodType {
                stream: None,
                name: self.rest_of_type_name(keyword, TYPE)?,
            });
        }
        Ok(MethodType {
            stream: Some(self.span(keyword.start, keyword.end)),
            name: self.type_name(expected, METHOD)?,
        })
    }
}
