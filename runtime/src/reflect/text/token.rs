//! The tokens of the text format, as protobuf's tokenizer reads them:
//! identifiers, numbers, string literals (unescaped as they are read) and
//! single-character symbols, with `#` comments and whitespace between
//! them. Every token knows its line and column, for errors.

use crate::prelude::*;

use super::TextError;

/// A token of the text format.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Token<'s> {
    /// A name: `[A-Za-z_][A-Za-z0-9_]*`.
    Ident(&'s str),
    /// An integer as written: decimal, `0x` hexadecimal or `0` octal.
    Int(&'s str),
    /// A number with a point, an exponent or an `f` suffix, as written.
    Float(&'s str),
    /// A string literal, its escapes undone.
    Str(Vec<u8>),
    /// Any other character that is not whitespace.
    Symbol(char),
    /// The end of the input.
    End,
}

/// Where a token starts: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position {
    pub(super) line: usize,
    pub(super) column: usize,
}

/// Reads tokens from a text, one ahead of the parser.
pub(super) struct Tokenizer<'s> {
    text: &'s str,
    offset: usize,
    line: usize,
    column: usize,
    next: Option<(Token<'s>, Position)>,
}

impl<'s> Tokenizer<'s> {
    pub(super) fn new(text: &'s str) -> Self {
        Tokenizer {
            text,
            offset: 0,
            line: 1,
            column: 1,
            next: None,
        }
    }

    /// The next token, not taken.
    pub(super) fn peek(&mut self) -> Result<&Token<'s>, TextError> {
        if self.next.is_none() {
            self.next = Some(self.read()?);
        }
        Ok(&self.next.as_ref().expect("just read").0)
    }

    /// Where the next token starts.
    pub(super) fn position(&mut self) -> Result<Position, TextError> {
        self.peek()?;
        Ok(self.next.as_ref().expect("just read").1)
    }

    /// Takes the next token.
    pub(super) fn next(&mut self) -> Result<(Token<'s>, Position), TextError> {
        self.peek()?;
        Ok(self.next.take().expect("just read"))
    }

    /// Takes the next token if it is the symbol `symbol`.
    pub(super) fn eat(&mut self, symbol: char) -> Result<bool, TextError> {
        if *self.peek()? == Token::Symbol(symbol) {
            self.next = None;
            return Ok(true);
        }
        Ok(false)
    }

    fn rest(&self) -> &'s str {
        &self.text[self.offset..]
    }

    fn current(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.current()?;
        self.offset += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn here(&self) -> Position {
        Position {
            line: self.line,
            column: self.column,
        }
    }

    fn error(&self, at: Position, message: impl Into<String>) -> TextError {
        TextError::new(at, message)
    }

    /// Skips whitespace and comments, then reads a token.
    fn read(&mut self) -> Result<(Token<'s>, Position), TextError> {
        loop {
            match self.current() {
                Some(' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c') => {
                    self.bump();
                }
                Some('#') => {
                    while self.current().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                _ => break,
            }
        }
        let at = self.here();
        let start = self.offset;
        let Some(c) = self.current() else {
            return Ok((Token::End, at));
        };
        let token = match c {
            'a'..='z' | 'A'..='Z' | '_' => {
                while self
                    .current()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    self.bump();
                }
                Token::Ident(&self.text[start..self.offset])
            }
            '0'..='9' => self.number(at)?,
            '.' if self.rest()[1..].starts_with(|c: char| c.is_ascii_digit()) => self.number(at)?,
            '"' | '\'' => Token::Str(self.string(at)?),
            other => {
                self.bump();
                Token::Symbol(other)
            }
        };
        Ok((token, at))
    }

    fn digits(&mut self, accept: impl Fn(char) -> bool) -> usize {
        let mut count = 0;
        while self.current().is_some_and(&accept) {
            self.bump();
            count += 1;
        }
        count
    }

    /// A number, as protobuf's tokenizer reads one: hexadecimal and octal
    /// integers, decimal integers and floats, with an `f` suffix allowed.
    fn number(&mut self, at: Position) -> Result<Token<'s>, TextError> {
        let start = self.offset;
        let mut float = false;
        let zero = self.rest().starts_with('0');
        let next = self.rest()[1..].chars().next();
        if zero && matches!(next, Some('x' | 'X')) {
            self.bump();
            self.bump();
            if self.digits(|c| c.is_ascii_hexdigit()) == 0 {
                return Err(self.error(at, "\"0x\" must be followed by hex digits"));
            }
        } else if zero && next.is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
            self.digits(|c| ('0'..='7').contains(&c));
            if self.current().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.error(at, "numbers starting with a zero must be in octal"));
            }
        } else {
            self.digits(|c| c.is_ascii_digit());
            if self.current() == Some('.') {
                self.bump();
                float = true;
                self.digits(|c| c.is_ascii_digit());
            }
            if matches!(self.current(), Some('e' | 'E')) {
                self.bump();
                float = true;
                if matches!(self.current(), Some('+' | '-')) {
                    self.bump();
                }
                if self.digits(|c| c.is_ascii_digit()) == 0 {
                    return Err(self.error(at, "\"e\" must be followed by an exponent"));
                }
            }
            if matches!(self.current(), Some('f' | 'F')) {
                self.bump();
                float = true;
            }
        }
        if self
            .current()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(self.error(at, "a number must be followed by a space or a symbol"));
        }
        if self.current() == Some('.') {
            return Err(self.error(at, "a number has a second point or a point after it"));
        }
        let text = &self.text[start..self.offset];
        Ok(if float {
            Token::Float(text)
        } else {
            Token::Int(text)
        })
    }

    /// A string literal between `"` or `'`, its escapes undone.
    fn string(&mut self, at: Position) -> Result<Vec<u8>, TextError> {
        let quote = self.bump().expect("a quote");
        let mut out = Vec::new();
        loop {
            let here = self.here();
            match self.bump() {
                None => return Err(self.error(at, "the string is not terminated")),
                Some('\n') => {
                    return Err(self.error(here, "a string cannot span lines"));
                }
                Some(c) if c == quote => return Ok(out),
                Some('\\') => self.escape(here, &mut out)?,
                Some(c) => {
                    let mut buffer = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
                }
            }
        }
    }

    /// Undoes the escape after a `\` at `at`, onto `out`.
    fn escape(&mut self, at: Position, out: &mut Vec<u8>) -> Result<(), TextError> {
        let invalid = |this: &Self| this.error(at, "invalid escape sequence in a string");
        let Some(c) = self.bump() else {
            return Err(self.error(at, "the string is not terminated"));
        };
        let byte = match c {
            'a' => 0x07,
            'b' => 0x08,
            'f' => 0x0c,
            'n' => b'\n',
            'r' => b'\r',
            't' => b'\t',
            'v' => 0x0b,
            '\\' | '\'' | '"' | '?' => c as u8,
            '0'..='7' => {
                let mut value = c as u32 - '0' as u32;
                for _ in 0..2 {
                    match self.current() {
                        Some(d @ '0'..='7') => {
                            self.bump();
                            value = value * 8 + (d as u32 - '0' as u32);
                        }
                        _ => break,
                    }
                }
                // As protobuf does, `\400` and above keep their low byte.
                value as u8
            }
            'x' | 'X' => {
                let mut value = 0;
                let mut count = 0;
                while count < 2 {
                    match self.current().and_then(|d| d.to_digit(16)) {
                        Some(d) => {
                            self.bump();
                            value = value * 16 + d;
                            count += 1;
                        }
                        None => break,
                    }
                }
                if count == 0 {
                    return Err(invalid(self));
                }
                value as u8
            }
            'u' | 'U' => {
                let point = self.code_point(at, c)?;
                let mut buffer = [0; 4];
                out.extend_from_slice(point.encode_utf8(&mut buffer).as_bytes());
                return Ok(());
            }
            _ => return Err(invalid(self)),
        };
        out.push(byte);
        Ok(())
    }

    /// The code point of a `\u....` or `\U........` escape (`kind` is `u`
    /// or `U`). A surrogate is refused, even as half of a pair, as the
    /// conformance suite asks (protoc joins a `\u` pair, and keeps a lone
    /// one in `bytes`).
    fn code_point(&mut self, at: Position, kind: char) -> Result<char, TextError> {
        let count = if kind == 'u' { 4 } else { 8 };
        let value = self.hex(count).ok_or_else(|| {
            self.error(
                at,
                format!("\\{kind} must be followed by {count} hexadecimal digits"),
            )
        })?;
        match value {
            0xD800..=0xDFFF => Err(self.error(at, "a surrogate is not a code point")),
            _ => char::from_u32(value)
                .ok_or_else(|| self.error(at, "the code point is past U+10FFFF")),
        }
    }

    /// Exactly `count` hexadecimal digits' value.
    fn hex(&mut self, count: usize) -> Option<u32> {
        let digits = self.rest().get(..count)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let value = u32::from_str_radix(digits, 16).ok()?;
        for _ in 0..count {
            self.bump();
        }
        Some(value)
    }
}
