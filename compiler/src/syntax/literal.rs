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

/// Reads `text`, which starts at byte `base` of `file`, as an option's
/// name, with nothing after it.
pub(crate) fn option_name(file: FileId, text: &str, base: usize) -> Result<OptionName, Diagnostic> {
    let mut parser = Parser::new(file, text, base);
    let name = parser.option_name()?;
    parser.expect_end()?;
    Ok(name)
}

/// One token of option text.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    /// A name: letters, digits and `_`, not starting with a digit.
    Ident(String),
    /// An integer as written: `12`, `0x1F`, `017`.
    Int(String),
    /// A float as written: `1.5`, `1e10`, `.5f`.
    Float(String),
    /// A string's bytes, escapes undone.
    String(Vec<u8>),
    /// Any other character.
    Punct(char),
    /// The end of the text.
    End,
}

struct Parser<'a> {
    file: FileId,
    text: &'a str,
    base: usize,
    /// The byte offset in `text` of the next character to read.
    at: usize,
    /// The next token and its range in `text`, once peeked.
    peeked: Option<(Token, usize, usize)>,
    /// The end, in `text`, of the last token read.
    last_end: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn new(file: FileId, text: &'a str, base: usize) -> Self {
        Parser {
            file,
            text,
            base,
            at: 0,
            peeked: None,
            last_end: 0,
            depth: 0,
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start..self.base + end)
    }

    /// `(a.b).c.d` or `c`.
    fn option_name(&mut self) -> Result<OptionName, Diagnostic> {
        let mut parts = Vec::new();
        let (_, start, _) = self.peek()?;
        loop {
            let (token, part_start, _) = self.next()?;
            let part = match token {
                Token::Punct('(') => {
                    let (name, _) = self.dotted_name(true)?;
                    let (_, _, end) = self.expect_punct(')', "`)` after the extension's name")?;
                    OptionNamePart {
                        name,
                        extension: true,
                        span: self.span(part_start, end),
                    }
                }
                Token::Ident(name) => OptionNamePart {
                    name,
                    extension: false,
                    span: self.span(part_start, self.last_end()),
                },
                other => return Err(self.unexpected(&other, part_start, "an option's name")),
            };
            parts.push(part);
            if !self.eat_punct('.')? {
                break;
            }
        }
        let end = self.last_end();
        Ok(OptionName {
            parts,
            span: self.span(start, end),
        })
    }

    /// A dotted name such as `google.api.http`, with a leading `.` when
    /// `absolute_allowed`; returns the text and its span.
    fn dotted_name(&mut self, absolute_allowed: bool) -> Result<(String, Span), Diagnostic> {
        let mut name = String::new();
        let (_, start, _) = self.peek()?;
        if absolute_allowed && self.eat_punct('.')? {
            name.push('.');
        }
        loop {
            let (token, at, _) = self.next()?;
            match token {
                Token::Ident(segment) => name.push_str(&segment),
                other => return Err(self.unexpected(&other, at, "a name")),
            }
            if !self.eat_punct('.')? {
                break;
            }
            name.push('.');
        }
        Ok((name, self.span(start, self.last_end())))
    }

    /// A value after an option's `=`: a scalar, a name, or a message.
    fn option_value(&mut self) -> Result<OptionValue, Diagnostic> {
        match self.peek()? {
            (Token::Punct('{'), ..) => Ok(OptionValue::Aggregate(self.message_literal()?)),
            _ => self.scalar(),
        }
    }

    /// `{ fields }` or `< fields >`.
    fn message_literal(&mut self) -> Result<MessageLiteral, Diagnostic> {
        let (token, start, _) = self.next()?;
        let close = match token {
            Token::Punct('{') => '}',
            Token::Punct('<') => '>',
            other => return Err(self.unexpected(&other, start, "`{`")),
        };
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                Code::Syntax,
                self.span(start, start + 1),
                format!("message literals nest deeper than {MAX_DEPTH} levels"),
            )
            .with_help("flatten the value"));
        }
        let mut fields = Vec::new();
        loop {
            if let (Token::Punct(c), ..) = self.peek()?
                && c == close
            {
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
            span: self.span(start, self.last_end()),
        })
    }

    /// `name: value`, `name { ... }`, `[ext]: value`.
    fn literal_field(&mut self) -> Result<LiteralField, Diagnostic> {
        let (token, start, end) = self.next()?;
        let name = match token {
            Token::Ident(name) => LiteralName::Field(Ident {
                name,
                span: self.span(start, end),
            }),
            Token::Punct('[') => self.bracketed_name()?,
            other => return Err(self.unexpected(&other, start, "a field's name")),
        };
        let colon = self.eat_punct(':')?;
        let value = match self.peek()? {
            (Token::Punct('{' | '<'), ..) => LiteralValue::Message(self.message_literal()?),
            (Token::Punct('['), ..) => self.list()?,
            (token, at, _) if !colon => {
                return Err(self.unexpected(&token, at, "`:` or `{` after the field's name"));
            }
            _ => LiteralValue::Scalar(self.scalar()?),
        };
        Ok(LiteralField {
            name,
            value,
            span: self.span(start, self.last_end()),
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
        let (_, start, _) = self.next()?;
        let mut values = Vec::new();
        if !self.eat_punct(']')? {
            loop {
                let value = match self.peek()? {
                    (Token::Punct('{' | '<'), ..) => LiteralValue::Message(self.message_literal()?),
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
            self.span(start, self.last_end()),
        ))
    }

    /// A number, a string (adjacent strings joined), `true`, `false` or
    /// another name, each possibly after `-` where that makes sense.
    fn scalar(&mut self) -> Result<OptionValue, Diagnostic> {
        let (token, start, end) = self.next()?;
        let negative = token == Token::Punct('-');
        let (token, end) = match negative {
            true => {
                let (token, at, end) = self.next()?;
                match token {
                    Token::Int(_) | Token::Float(_) | Token::Ident(_) => (token, end),
                    other => return Err(self.unexpected(&other, at, "a number after `-`")),
                }
            }
            false => (token, end),
        };
        let span = self.span(start, end);
        let sign = if negative { "-" } else { "" };
        Ok(match token {
            Token::Int(text) => match parse_int(&text, negative) {
                Some(value) => OptionValue::Integer(IntLit { value, span }),
                None => OptionValue::Number(format!("{sign}{text}"), span),
            },
            Token::Float(text) => OptionValue::Number(format!("{sign}{text}"), span),
            Token::Ident(name) if !negative && name == "true" => OptionValue::Bool(true, span),
            Token::Ident(name) if !negative && name == "false" => OptionValue::Bool(false, span),
            // A minus makes sense before a float's name only: `-inf`.
            Token::Ident(name) if negative => OptionValue::Number(format!("-{name}"), span),
            Token::Ident(name) => OptionValue::Name(Ident { name, span }),
            Token::String(mut bytes) => {
                let mut end = end;
                while let (Token::String(more), _, more_end) = self.peek()? {
                    bytes.extend(more);
                    end = more_end;
                    self.next()?;
                }
                let span = self.span(start, end);
                match String::from_utf8(bytes) {
                    Ok(text) => OptionValue::String(text, span),
                    Err(error) => OptionValue::Bytes(error.into_bytes(), span),
                }
            }
            other => return Err(self.unexpected(&other, start, "a value")),
        })
    }

    fn expect_punct(&mut self, c: char, what: &str) -> Result<(Token, usize, usize), Diagnostic> {
        let (token, start, end) = self.next()?;
        if token == Token::Punct(c) {
            return Ok((token, start, end));
        }
        Err(self.unexpected(&token, start, what))
    }

    fn expect_end(&mut self) -> Result<(), Diagnostic> {
        match self.next()? {
            (Token::End, ..) => Ok(()),
            (token, at, _) => Err(self.unexpected(&token, at, "the end of the option")),
        }
    }

    fn eat_punct(&mut self, c: char) -> Result<bool, Diagnostic> {
        if self.peek()?.0 == Token::Punct(c) {
            self.next()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn unexpected(&self, token: &Token, at: usize, expected: &str) -> Diagnostic {
        let found = match token {
            Token::Ident(name) => format!("`{name}`"),
            Token::Int(text) | Token::Float(text) => format!("`{text}`"),
            Token::String(_) => "a string".to_owned(),
            Token::Punct(c) => format!("`{c}`"),
            Token::End => "the end of the option".to_owned(),
        };
        let width = match token {
            Token::End => 0,
            _ => self.token_len(at),
        };
        Diagnostic::new(
            Code::Syntax,
            self.span(at, at + width),
            format!("expected {expected}, but found {found}"),
        )
        .with_label(format!("expected {expected}"))
        .with_help(
            "option values are written in protobuf's text format: \
             https://protobuf.dev/reference/protobuf/textformat-spec/",
        )
    }

    /// The length of the token at `at`, for pointing at it.
    fn token_len(&self, at: usize) -> usize {
        let mut lexer = Lexer {
            text: self.text,
            at,
        };
        match lexer.token() {
            Ok((_, start, end)) if start == at => end - start,
            _ => 1,
        }
    }

    fn peek(&mut self) -> Result<(Token, usize, usize), Diagnostic> {
        if self.peeked.is_none() {
            let mut lexer = Lexer {
                text: self.text,
                at: self.at,
            };
            let token = lexer.token().map_err(|(message, at, end)| {
                Diagnostic::new(Code::Syntax, self.span(at, end), message)
                    .with_help("see https://protobuf.dev/reference/protobuf/textformat-spec/")
            })?;
            self.at = lexer.at;
            self.peeked = Some(token);
        }
        Ok(self
            .peeked
            .clone()
            .unwrap_or((Token::End, self.at, self.at)))
    }

    fn next(&mut self) -> Result<(Token, usize, usize), Diagnostic> {
        let token = self.peek()?;
        self.peeked = None;
        self.last_end = token.2;
        Ok(token)
    }

    fn last_end(&self) -> usize {
        self.last_end
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

/// Cuts option text into tokens.
struct Lexer<'a> {
    text: &'a str,
    at: usize,
}

/// A lexing error: the message and the range it is about.
type LexError = (String, usize, usize);

impl Lexer<'_> {
    fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    /// Skips blanks and comments.
    fn skip(&mut self) -> Result<(), LexError> {
        loop {
            match (self.byte(self.at), self.byte(self.at + 1)) {
                (Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c'), _) => self.at += 1,
                (Some(b'/'), Some(b'/')) | (Some(b'#'), _) => {
                    while let Some(byte) = self.byte(self.at) {
                        if byte == b'\n' {
                            break;
                        }
                        self.at += 1;
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    let start = self.at;
                    match self.text[self.at + 2..].find("*/") {
                        Some(end) => self.at += 2 + end + 2,
                        None => {
                            return Err((
                                "a `/*` comment is never closed".to_owned(),
                                start,
                                start + 2,
                            ));
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn token(&mut self) -> Result<(Token, usize, usize), LexError> {
        self.skip()?;
        let start = self.at;
        let Some(byte) = self.byte(start) else {
            return Ok((Token::End, start, start));
        };
        let token = match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while let Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_') = self.byte(self.at)
                {
                    self.at += 1;
                }
                Token::Ident(self.text[start..self.at].to_owned())
            }
            b'0'..=b'9' => self.number(start)?,
            b'.' if matches!(self.byte(start + 1), Some(b'0'..=b'9')) => self.number(start)?,
            b'"' | b'\'' => Token::String(self.string(byte)?),
            _ => {
                let c = self.text[start..].chars().next().unwrap_or('\0');
                self.at += c.len_utf8();
                Token::Punct(c)
            }
        };
        Ok((token, start, self.at))
    }

    /// An integer or a float starting at `start`.
    fn number(&mut self, start: usize) -> Result<Token, LexError> {
        let digits = |lexer: &mut Self| {
            while let Some(b'0'..=b'9') = lexer.byte(lexer.at) {
                lexer.at += 1;
            }
        };
        let bytes = self.text.as_bytes();
        let mut float = false;
        if bytes.get(start) == Some(&b'0') && matches!(self.byte(start + 1), Some(b'x' | b'X')) {
            self.at = start + 2;
            while let Some(b'0'..=b'9' | b'a'..=b'f' | b'A'..=b'F') = self.byte(self.at) {
                self.at += 1;
            }
            if self.at == start + 2 {
                return Err((
                    "a hexadecimal number needs a digit after `0x`".to_owned(),
                    start,
                    self.at,
                ));
            }
        } else {
            digits(self);
            if self.byte(self.at) == Some(b'.') {
                float = true;
                self.at += 1;
                digits(self);
            }
            if let Some(b'e' | b'E') = self.byte(self.at) {
                let mark = self.at;
                self.at += 1;
                if let Some(b'+' | b'-') = self.byte(self.at) {
                    self.at += 1;
                }
                let exponent = self.at;
                digits(self);
                if self.at == exponent {
                    return Err(("an exponent needs digits".to_owned(), mark, self.at));
                }
                float = true;
            }
            if let Some(b'f' | b'F') = self.byte(self.at) {
                self.at += 1;
                float = true;
            }
        }
        if let Some(b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'0'..=b'9' | b'.') = self.byte(self.at) {
            return Err((
                "a number runs into the characters after it".to_owned(),
                start,
                self.at + 1,
            ));
        }
        let text = self.text[start..self.at].to_owned();
        Ok(match float {
            true => Token::Float(text),
            false => Token::Int(text),
        })
    }

    /// A string in `quote`s, its escapes undone.
    fn string(&mut self, quote: u8) -> Result<Vec<u8>, LexError> {
        let start = self.at;
        self.at += 1;
        let mut bytes = Vec::new();
        loop {
            let Some(byte) = self.byte(self.at) else {
                return Err(("a string is never closed".to_owned(), start, self.at));
            };
            self.at += 1;
            match byte {
                b'\n' => {
                    return Err((
                        "a string is never closed on its line".to_owned(),
                        start,
                        self.at - 1,
                    ));
                }
                _ if byte == quote => return Ok(bytes),
                b'\\' => self.escape(&mut bytes)?,
                _ => bytes.push(byte),
            }
        }
    }

    /// The escape after a `\`, appended to `bytes`.
    fn escape(&mut self, bytes: &mut Vec<u8>) -> Result<(), LexError> {
        let at = self.at - 1;
        let Some(byte) = self.byte(self.at) else {
            return Err(("a string ends in a `\\`".to_owned(), at, self.at));
        };
        self.at += 1;
        let simple = match byte {
            b'a' => Some(0x07),
            b'b' => Some(0x08),
            b'f' => Some(0x0c),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(0x0b),
            b'\\' | b'\'' | b'"' | b'?' => Some(byte),
            _ => None,
        };
        if let Some(simple) = simple {
            bytes.push(simple);
            return Ok(());
        }
        match byte {
            b'0'..=b'7' => {
                let mut value = u32::from(byte - b'0');
                for _ in 0..2 {
                    match self.byte(self.at) {
                        Some(digit @ b'0'..=b'7') => {
                            value = value * 8 + u32::from(digit - b'0');
                            self.at += 1;
                        }
                        _ => break,
                    }
                }
                bytes.push(value as u8);
            }
            b'x' | b'X' => {
                let value = self.hex_digits(1, 2, at)?;
                bytes.push(value as u8);
            }
            b'u' | b'U' => {
                let count = if byte == b'u' { 4 } else { 8 };
                let value = self.hex_digits(count, count, at)?;
                let Some(c) = char::from_u32(value) else {
                    return Err((
                        format!(
                            "`{}` is not a Unicode scalar value",
                            &self.text[at..self.at]
                        ),
                        at,
                        self.at,
                    ));
                };
                let mut buffer = [0; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            }
            _ => {
                return Err((
                    format!("`\\{}` is not an escape", byte as char),
                    at,
                    self.at,
                ));
            }
        }
        Ok(())
    }

    /// `min` to `max` hexadecimal digits, for the escape at `at`.
    fn hex_digits(&mut self, min: usize, max: usize, at: usize) -> Result<u32, LexError> {
        let start = self.at;
        while self.at - start < max
            && matches!(self.byte(self.at), Some(b) if b.is_ascii_hexdigit())
        {
            self.at += 1;
        }
        if self.at - start < min {
            return Err((
                format!("the escape needs {min} hexadecimal digits"),
                at,
                self.at,
            ));
        }
        u32::from_str_radix(&self.text[start..self.at], 16)
            .map_err(|_| ("the escape is too large".to_owned(), at, self.at))
    }
}

#[cfg(test)]
mod tests;
