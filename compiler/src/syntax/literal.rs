//! Option assignments and message literals, as protobuf writes them:
//! `(validate.rules).string.min_len = 1`, `(google.api.http) = { get:
//! "/v1/{name=*}" body: "*" }`.
//!
//! Both front ends read option text with this module, so that a `.proto`
//! file and a `.schema` file mean the same by the same characters. A
//! message literal is protobuf's text format in full: fields by name,
//! `[pkg.ext]` extensions, `[type.googleapis.com/pkg.T]` expanded `Any`s,
//! `{}` or `<>` around messages, the `:` optional before a message, `,` or
//! `;` between fields, `[a, b]` lists, adjacent strings joined, C escapes,
//! decimal, octal and hexadecimal integers, floats with an `f` suffix,
//! `-inf`, and `//`, `/* */` and `#` comments. What the values mean is
//! resolve's business: here they are only read.
//!
//! The tokens are [`lexer`](super::lexer)'s. In a `.proto` file they
//! follow protoc's rules for `.proto` text (no `f` after a float, `#` a
//! comment only inside a message literal, where protoc's text format
//! parser reads it), and the `.proto` parser reads an option from its
//! place in the file and goes on where the value ends
//! ([`proto_option`]). In a `.schema` file, an option's name and a message
//! literal are read here from their place in the file
//! ([`schema_option_name`], [`schema_message`]), the literal's inside as
//! the text format; a scalar value outside a literal follows the `.schema`
//! language's own rules (no octal, one string), which its parser applies.

use super::lexer::{Kind, Lexer, Mode, Token, string_value};
use crate::ast::{
    Ident, IntLit, LiteralField, LiteralName, LiteralValue, MessageLiteral, OptionName,
    OptionNamePart, OptionValue, TypeName,
};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};

/// How deep message literals may nest, so that hostile input cannot
/// overflow the stack.
const MAX_DEPTH: usize = 64;

/// Reads `text`, which starts at byte `base` of `file`, as an option's
/// `name = value`, with nothing after it but blanks and comments.
#[cfg(test)]
pub(crate) fn option_assignment(
    file: FileId,
    text: &str,
    base: usize,
) -> Result<(OptionName, OptionValue), Diagnostic> {
    let mut parser = Parser::new(file, text, base);
    let name = parser.option_name()?;
    parser.expect_punct('=', "`=` after the option's name")?;
    let value = parser.option_value()?;
    parser.expect_end()?;
    Ok((name, value))
}

/// Reads `text`, which starts at byte `base` of `file`, as one option
/// value (a scalar, a name or a `{ ... }` message), with nothing after it
/// but blanks and comments.
#[cfg(test)]
pub(crate) fn option_value(
    file: FileId,
    text: &str,
    base: usize,
) -> Result<OptionValue, Diagnostic> {
    let mut parser = Parser::new(file, text, base);
    let value = parser.option_value()?;
    parser.expect_end()?;
    Ok(value)
}

/// Reads `name = value` at byte `at` of `text`, the whole text of a
/// `.proto` file, with protoc's rules for its tokens (`.proto` text, and
/// in a message literal the text format's `#` comments too). Returns the
/// name, the value and the byte after the value; what follows it is the
/// caller's to read.
pub(crate) fn proto_option(
    file: FileId,
    text: &str,
    at: usize,
) -> Result<(OptionName, OptionValue, usize), Diagnostic> {
    let mut parser = Parser::in_proto(file, text, at);
    let name = parser.option_name()?;
    parser.expect_punct('=', "`=` after the option's name")?;
    let value = parser.option_value()?;
    Ok((name, value, parser.last_end))
}

/// Reads one option value at byte `at` of `text`, the whole text of a
/// `.proto` file, as [`proto_option`] reads it; returns it and the byte
/// after it.
pub(crate) fn proto_value(
    file: FileId,
    text: &str,
    at: usize,
) -> Result<(OptionValue, usize), Diagnostic> {
    let mut parser = Parser::in_proto(file, text, at);
    let value = parser.option_value()?;
    Ok((value, parser.last_end))
}

/// Reads an option's name at byte `at` of `text`, the whole text of a
/// `.schema` file, with the `.schema` language's tokens. Returns the name
/// and the byte after it; what follows it is the caller's to read.
pub(crate) fn schema_option_name(
    file: FileId,
    text: &str,
    at: usize,
) -> Result<(OptionName, usize), Diagnostic> {
    let mut parser = Parser::in_schema(file, text, at);
    let name = parser.option_name()?;
    Ok((name, parser.last_end))
}

/// Reads a message literal, `{ ... }`, at byte `at` of `text`, the whole
/// text of a `.schema` file: the text format inside its braces. Returns
/// it as an option's value, and the byte after its `}`.
pub(crate) fn schema_message(
    file: FileId,
    text: &str,
    at: usize,
) -> Result<(OptionValue, usize), Diagnostic> {
    let mut parser = Parser::in_schema(file, text, at);
    let message = parser.message_literal()?;
    Ok((OptionValue::Aggregate(message), parser.last_end))
}

struct Parser<'a> {
    file: FileId,
    text: &'a str,
    base: usize,
    lexer: Lexer<'a>,
    /// The modes of the text outside and inside message literals.
    modes: (Mode, Mode),
    /// The next token, once peeked.
    peeked: Option<Token>,
    /// The end, in `text`, of the last token read.
    last_end: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    /// A parser of `text`, which starts at byte `base` of the file, in
    /// the text format.
    fn new(file: FileId, text: &'a str, base: usize) -> Self {
        Parser {
            file,
            text,
            base,
            lexer: Lexer::new(text, 0, Mode::TEXT),
            modes: (Mode::TEXT, Mode::TEXT),
            peeked: None,
            last_end: 0,
            depth: 0,
        }
    }

    /// A parser of a `.schema` file's `text` from byte `at` on.
    fn in_schema(file: FileId, text: &'a str, at: usize) -> Self {
        Parser {
            lexer: Lexer::new(text, at, Mode::SCHEMA),
            modes: (Mode::SCHEMA, Mode::TEXT),
            last_end: at,
            ..Parser::new(file, text, 0)
        }
    }

    /// A parser of a `.proto` file's `text` from byte `at` on.
    fn in_proto(file: FileId, text: &'a str, at: usize) -> Self {
        Parser {
            lexer: Lexer::new(text, at, Mode::PROTO),
            modes: (Mode::PROTO, Mode::PROTO_AGGREGATE),
            last_end: at,
            ..Parser::new(file, text, 0)
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start..self.base + end)
    }

    fn slice(&self, token: Token) -> &'a str {
        &self.text[token.start..token.end]
    }

    /// `(a.b).c.d` or `c`.
    fn option_name(&mut self) -> Result<OptionName, Diagnostic> {
        let mut parts = Vec::new();
        let start = self.peek()?.start;
        loop {
            let token = self.next()?;
            let part = match token.kind {
                Kind::Punct('(') => {
                    let (name, _) = self.dotted_name(true)?;
                    let close = self.expect_punct(')', "`)` after the extension's name")?;
                    OptionNamePart {
                        name,
                        extension: true,
                        span: self.span(token.start, close.end),
                    }
                }
                Kind::Ident => OptionNamePart {
                    name: self.slice(token).to_owned(),
                    extension: false,
                    span: self.span(token.start, token.end),
                },
                _ => return Err(self.unexpected(token, "an option's name")),
            };
            parts.push(part);
            if !self.eat_punct('.')? {
                break;
            }
        }
        Ok(OptionName {
            parts,
            span: self.span(start, self.last_end),
        })
    }

    /// A dotted name such as `google.api.http`, with a leading `.` when
    /// `absolute_allowed`; returns the text and its span. In a `.schema`
    /// option's name it is written without spaces.
    fn dotted_name(&mut self, absolute_allowed: bool) -> Result<(String, Span), Diagnostic> {
        let compact = self.depth == 0 && self.modes.0.schema;
        let mut name = String::new();
        let start = self.peek()?.start;
        // The end of the `.` before the next name, if there is one.
        let mut dot_end = None;
        if absolute_allowed && self.eat_punct('.')? {
            name.push('.');
            dot_end = Some(self.last_end);
        }
        loop {
            let token = self.next()?;
            let apart = compact && dot_end.is_some_and(|end| end != token.start);
            match token.kind {
                Kind::Ident if !apart => name.push_str(self.slice(token)),
                _ if apart => return Err(self.unexpected(token, "a name right after `.`")),
                _ => return Err(self.unexpected(token, "a name")),
            }
            // A `.` apart from the name before it ends a compact name.
            if compact && self.peek()?.start != self.last_end {
                break;
            }
            if !self.eat_punct('.')? {
                break;
            }
            name.push('.');
            dot_end = Some(self.last_end);
        }
        Ok((name, self.span(start, self.last_end)))
    }

    /// A value after an option's `=`: a scalar, a name, or a message.
    fn option_value(&mut self) -> Result<OptionValue, Diagnostic> {
        match self.peek()?.kind {
            Kind::Punct('{') => Ok(OptionValue::Aggregate(self.message_literal()?)),
            _ => self.scalar(),
        }
    }

    /// `{ fields }` or `< fields >`.
    fn message_literal(&mut self) -> Result<MessageLiteral, Diagnostic> {
        let open = self.next()?;
        let close = match open.kind {
            Kind::Punct('{') => '}',
            Kind::Punct('<') => '>',
            _ => return Err(self.unexpected(open, "`{`")),
        };
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                Code::Syntax,
                self.span(open.start, open.end),
                format!("message literals nest deeper than {MAX_DEPTH} levels"),
            )
            .with_help("flatten the value"));
        }
        let mut fields = Vec::new();
        loop {
            if self.peek()?.is(close) {
                self.next()?;
                break;
            }
            fields.push(self.literal_field()?);
            // A field may end with `,` or `;`.
            if !self.eat_punct(',')? {
                self.eat_punct(';')?;
            }
        }
        self.depth -= 1;
        Ok(MessageLiteral {
            fields,
            span: self.span(open.start, self.last_end),
        })
    }

    /// `name: value`, `name { ... }`, `[ext]: value`.
    fn literal_field(&mut self) -> Result<LiteralField, Diagnostic> {
        let token = self.next()?;
        let name = match token.kind {
            Kind::Ident => LiteralName::Field(Ident {
                name: self.slice(token).to_owned(),
                span: self.span(token.start, token.end),
            }),
            Kind::Punct('[') => self.bracketed_name()?,
            _ => return Err(self.unexpected(token, "a field's name")),
        };
        let colon = self.eat_punct(':')?;
        let next = self.peek()?;
        let value = match next.kind {
            Kind::Punct('{' | '<') => LiteralValue::Message(self.message_literal()?),
            Kind::Punct('[') => self.list()?,
            _ if !colon => {
                return Err(self.unexpected(next, "`:` or `{` after the field's name"));
            }
            _ => LiteralValue::Scalar(self.scalar()?),
        };
        Ok(LiteralField {
            name,
            value,
            span: self.span(token.start, self.last_end),
        })
    }

    /// The rest of `[pkg.ext]` or `[type.googleapis.com/pkg.T]`, after
    /// its `[`.
    fn bracketed_name(&mut self) -> Result<LiteralName, Diagnostic> {
        let (first, first_span) = self.dotted_name(false)?;
        let mut prefix = None;
        let mut type_name = (first, first_span);
        while self.eat_punct('/')? {
            let before = type_name.0;
            prefix = Some(match prefix {
                None => before,
                Some(earlier) => format!("{earlier}/{before}"),
            });
            type_name = self.dotted_name(false)?;
        }
        self.expect_punct(']', "`]` after the name")?;
        let (text, span) = type_name;
        let type_name = TypeName {
            absolute: false,
            segments: text.split('.').map(str::to_owned).collect(),
            span,
        };
        Ok(match prefix {
            None => LiteralName::Extension(type_name),
            Some(prefix) => LiteralName::Any { prefix, type_name },
        })
    }

    /// `[a, b]`: scalars or messages.
    fn list(&mut self) -> Result<LiteralValue, Diagnostic> {
        let open = self.next()?;
        let mut values = Vec::new();
        if !self.eat_punct(']')? {
            loop {
                let value = match self.peek()?.kind {
                    Kind::Punct('{' | '<') => LiteralValue::Message(self.message_literal()?),
                    _ => LiteralValue::Scalar(self.scalar()?),
                };
                values.push(value);
                if self.eat_punct(']')? {
                    break;
                }
                self.expect_punct(',', "`,` or `]` in the list")?;
            }
        }
        Ok(LiteralValue::List(
            values,
            self.span(open.start, self.last_end),
        ))
    }

    /// A number, a string (adjacent strings joined), `true`, `false` or
    /// another name, each possibly after `-` where that makes sense.
    fn scalar(&mut self) -> Result<OptionValue, Diagnostic> {
        let first = self.next()?;
        let negative = first.is('-');
        let token = match negative {
            true => {
                let token = self.next()?;
                match token.kind {
                    Kind::Int | Kind::Float | Kind::Ident => token,
                    _ => return Err(self.unexpected(token, "a number after `-`")),
                }
            }
            false => first,
        };
        let span = self.span(first.start, token.end);
        let sign = if negative { "-" } else { "" };
        let text = self.slice(token);
        Ok(match token.kind {
            Kind::Int => match parse_int(text, negative) {
                Some(value) => OptionValue::Integer(IntLit { value, span }),
                None => OptionValue::Number(format!("{sign}{text}"), span),
            },
            Kind::Float => OptionValue::Number(format!("{sign}{text}"), span),
            Kind::Ident if !negative && text == "true" => OptionValue::Bool(true, span),
            Kind::Ident if !negative && text == "false" => OptionValue::Bool(false, span),
            // A minus makes sense before a float's name only: `-inf`.
            Kind::Ident if negative => OptionValue::Number(format!("-{text}"), span),
            Kind::Ident => OptionValue::Name(Ident {
                name: text.to_owned(),
                span,
            }),
            Kind::String => {
                let mut bytes = string_value(text);
                let mut end = token.end;
                while self.peek()?.kind == Kind::String {
                    let more = self.next()?;
                    bytes.extend(string_value(self.slice(more)));
                    end = more.end;
                }
                let span = self.span(first.start, end);
                match String::from_utf8(bytes) {
                    Ok(text) => OptionValue::String(text, span),
                    Err(error) => OptionValue::Bytes(error.into_bytes(), span),
                }
            }
            Kind::Punct(_) | Kind::End => return Err(self.unexpected(token, "a value")),
        })
    }

    fn expect_punct(&mut self, c: char, what: &str) -> Result<Token, Diagnostic> {
        let token = self.next()?;
        if token.is(c) {
            return Ok(token);
        }
        Err(self.unexpected(token, what))
    }

    #[cfg(test)]
    fn expect_end(&mut self) -> Result<(), Diagnostic> {
        let token = self.next()?;
        match token.kind {
            Kind::End => Ok(()),
            _ => Err(self.unexpected(token, "the end of the option")),
        }
    }

    fn eat_punct(&mut self, c: char) -> Result<bool, Diagnostic> {
        if self.peek()?.is(c) {
            self.next()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn unexpected(&self, token: Token, expected: &str) -> Diagnostic {
        let found = match token.kind {
            Kind::String => "a string".to_owned(),
            Kind::End => "the end of the option".to_owned(),
            _ => format!("`{}`", self.slice(token)),
        };
        Diagnostic::new(
            Code::Syntax,
            self.span(token.start, token.end),
            format!("expected {expected}, but found {found}"),
        )
        .with_label(format!("expected {expected}"))
        .with_help(
            "option values are written in protobuf's text format: \
             https://protobuf.dev/reference/protobuf/textformat-spec/",
        )
    }

    fn peek(&mut self) -> Result<Token, Diagnostic> {
        if let Some(token) = self.peeked {
            return Ok(token);
        }
        let mode = if self.depth > 0 {
            self.modes.1
        } else {
            self.modes.0
        };
        self.lexer.set_mode(mode);
        let token = self.lexer.token();
        if let Some(error) = self.lexer.errors.first() {
            return Err(Diagnostic::new(
                Code::Syntax,
                self.span(error.range.start, error.range.end),
                error.message.clone(),
            )
            .with_help("see https://protobuf.dev/reference/protobuf/textformat-spec/"));
        }
        self.peeked = Some(token);
        Ok(token)
    }

    fn next(&mut self) -> Result<Token, Diagnostic> {
        let token = self.peek()?;
        self.peeked = None;
        self.last_end = token.end;
        Ok(token)
    }
}

/// The value of the integer `text` (decimal, `0x` hexadecimal or `0`
/// octal), negated when `negative`, if it fits in an `i64`; not for `-0`,
/// which a float's default writes for its sign.
fn parse_int(text: &str, negative: bool) -> Option<i64> {
    let magnitude = parse_uint(text)?;
    if negative && magnitude == 0 {
        return None;
    }
    if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// The value of the unsigned integer `text`: decimal, `0x` hexadecimal or
/// `0` octal.
pub(crate) fn parse_uint(text: &str) -> Option<u64> {
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        return u64::from_str_radix(hex, 16).ok();
    }
    if text.len() > 1
        && let Some(octal) = text.strip_prefix('0')
    {
        return u64::from_str_radix(octal, 8).ok();
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests;
