//! Reading the text format into a dynamic message, as Google's
//! `TextFormat::Parser` reads it: `name: value` or `name { ... }` (`:`
//! optional before a message, `<...>` as well as `{...}`), lists as
//! `[a, b]`, extensions and expanded `Any`s in brackets, groups by their
//! type's name, `;` or `,` after a field, and reserved names skipped.

use crate::prelude::*;

use super::TextError;
use super::names::{extension_named, field_named, is_any};
use super::token::{Position, Token, Tokenizer};
use crate::reflect::schemac::Builtin;
use crate::reflect::{DynamicMessage, FieldDescriptor, Kind, MapKey, Value};

/// How deep messages nest in a text: as deep as the binary decoder reads.
const NESTING_LIMIT: usize = crate::DecodeOptions::DEFAULT_RECURSION_LIMIT as usize;

/// What a singular field given again does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Singular {
    /// It is an error, and so is a second member of a oneof (`Parse`).
    Once,
    /// It replaces the value, or merges into the message (`Merge`).
    Replace,
}

/// Reads the fields of `text` into `message`.
pub(super) fn merge(
    message: &mut DynamicMessage<'_>,
    text: &str,
    singular: Singular,
) -> Result<(), TextError> {
    let mut parser = Parser {
        tokens: Tokenizer::new(text),
        singular,
    };
    parser.fields(message, None, 0)
}

/// Where the text ends: the line and column after its last character.
pub(super) fn end_of(text: &str) -> Position {
    let line = text.matches('\n').count() + 1;
    let last = text.rsplit('\n').next().unwrap_or_default();
    Position {
        line,
        column: last.chars().count() + 1,
    }
}

struct Parser<'s> {
    tokens: Tokenizer<'s>,
    singular: Singular,
}

/// How a token is named in an error.
fn describe(token: &Token<'_>) -> String {
    match token {
        Token::Ident(text) | Token::Int(text) | Token::Float(text) => format!("`{text}`"),
        Token::Str(_) => "a string".to_owned(),
        Token::Symbol(c) => format!("`{c}`"),
        Token::End => "the end of the text".to_owned(),
    }
}

impl<'s> Parser<'s> {
    /// An error at the next token.
    fn error(&mut self, message: impl Into<String>) -> TextError {
        match self.tokens.position() {
            Ok(at) => TextError::new(at, message),
            Err(error) => error,
        }
    }

    fn expect(&mut self, symbol: char) -> Result<(), TextError> {
        if self.tokens.eat(symbol)? {
            return Ok(());
        }
        let found = describe(self.tokens.peek()?);
        Err(self.error(format!("expected `{symbol}`, found {found}")))
    }

    /// `{` or `<`, and the symbol that closes it.
    fn open(&mut self) -> Result<char, TextError> {
        if self.tokens.eat('<')? {
            return Ok('>');
        }
        if self.tokens.eat('{')? {
            return Ok('}');
        }
        let found = describe(self.tokens.peek()?);
        Err(self.error(format!("expected `{{` or `<`, found {found}")))
    }

    /// Fields up to `close` (`}` or `>`), or to the end of the text.
    fn fields(
        &mut self,
        message: &mut DynamicMessage<'_>,
        close: Option<char>,
        depth: usize,
    ) -> Result<(), TextError> {
        loop {
            match (self.tokens.peek()?, close) {
                (Token::End, None) => return Ok(()),
                (Token::End, Some(close)) => {
                    return Err(
                        self.error(format!("expected `{close}`, found the end of the text"))
                    );
                }
                (Token::Symbol(c), Some(close)) if *c == close => {
                    self.tokens.next()?;
                    return Ok(());
                }
                _ => self.field(message, depth)?,
            }
            if !self.tokens.eat(';')? {
                self.tokens.eat(',')?;
            }
        }
    }

    /// One field and its value, or values.
    fn field(&mut self, message: &mut DynamicMessage<'_>, depth: usize) -> Result<(), TextError> {
        let descriptor = message.descriptor();
        let (token, at) = self.tokens.next()?;
        let field = match token {
            Token::Symbol('[') => {
                let name = self.bracketed_name()?;
                if name.contains('/') {
                    return self.any(message, &name, at, depth);
                }
                extension_named(descriptor, &name).ok_or_else(|| {
                    TextError::new(
                        at,
                        format!("{} has no extension [{name}]", descriptor.full_name()),
                    )
                })?
            }
            Token::Ident(name) => match field_named(descriptor, name) {
                Some(field) => field,
                None if descriptor.proto().reserved_name.iter().any(|n| n == name) => {
                    return self.skip_field(depth);
                }
                None => {
                    let message = format!("{} has no field named {name}", descriptor.full_name());
                    return Err(TextError::new(at, message));
                }
            },
            other => {
                let found = describe(&other);
                return Err(TextError::new(
                    at,
                    format!("expected a field name, found {found}"),
                ));
            }
        };
        self.value_of(message, field, at, depth)
    }

    /// The name between `[` and `]`: an extension's full name, or an
    /// `Any`'s type URL (`type.googleapis.com/pkg.Type`).
    fn bracketed_name(&mut self) -> Result<String, TextError> {
        let mut name = String::new();
        loop {
            match self.tokens.next()? {
                (Token::Ident(part), _) => name.push_str(part),
                (other, at) => {
                    let found = describe(&other);
                    return Err(TextError::new(
                        at,
                        format!("expected a name, found {found}"),
                    ));
                }
            }
            if self.tokens.eat('.')? {
                name.push('.');
            } else if self.tokens.eat('/')? {
                name.push('/');
            } else {
                self.expect(']')?;
                return Ok(name);
            }
        }
    }

    /// The value of `field`, named at `at`: after `:` (optional before a
    /// message), one value or a list in brackets.
    fn value_of<'a>(
        &mut self,
        message: &mut DynamicMessage<'a>,
        field: FieldDescriptor<'a>,
        at: Position,
        depth: usize,
    ) -> Result<(), TextError> {
        if matches!(field.kind(), Kind::Message(_)) {
            self.tokens.eat(':')?;
        } else {
            self.expect(':')?;
        }
        let repeated = field.is_list() || field.is_map();
        if repeated && self.tokens.eat('[')? {
            if self.tokens.eat(']')? {
                return Ok(());
            }
            loop {
                self.one_value(message, field, depth)?;
                if self.tokens.eat(']')? {
                    return Ok(());
                }
                self.expect(',')?;
            }
        }
        if !repeated && self.singular == Singular::Once {
            self.check_once(message, field, at)?;
        }
        self.one_value(message, field, depth)
    }

    /// That singular `field` is not set yet, nor another member of its
    /// oneof.
    fn check_once(
        &self,
        message: &DynamicMessage<'_>,
        field: FieldDescriptor<'_>,
        at: Position,
    ) -> Result<(), TextError> {
        if message.has(field) {
            let message = format!("the field {} is given twice", field.name());
            return Err(TextError::new(at, message));
        }
        let Some(oneof) = field.containing_oneof() else {
            return Ok(());
        };
        if let Some(other) = oneof.fields().find(|other| message.has(*other)) {
            let message = format!(
                "the field {} is given with {}, another member of the oneof {}",
                field.name(),
                other.name(),
                oneof.name()
            );
            return Err(TextError::new(at, message));
        }
        Ok(())
    }

    /// One value of `field`, set, added to its list or put in its map.
    fn one_value<'a>(
        &mut self,
        message: &mut DynamicMessage<'a>,
        field: FieldDescriptor<'a>,
        depth: usize,
    ) -> Result<(), TextError> {
        let Kind::Message(descriptor) = field.kind() else {
            let value = self.scalar(field)?;
            if field.is_list() {
                if let Value::List(items) = message.get_mut(field) {
                    items.push(value);
                }
            } else {
                let keep = field.has_presence() || !value.is_zero();
                // The value is of the field's kind, which `set` takes.
                let _ = message.set(field, value);
                if !keep {
                    message.clear_field(field);
                }
            }
            return Ok(());
        };
        let close = self.open()?;
        if depth >= NESTING_LIMIT {
            return Err(self.error(format!("messages nest deeper than {NESTING_LIMIT}")));
        }
        if field.is_map() {
            let mut entry = DynamicMessage::new(descriptor);
            self.fields(&mut entry, Some(close), depth + 1)?;
            let (Some(key), Some(value)) = (entry.get_by_number(1), entry.get_by_number(2)) else {
                return Ok(());
            };
            let (key, mut value) = (key.into_owned(), value.into_owned());
            if let Value::Message(read) = &mut value {
                self.as_generated(read)?;
            }
            if let (Ok(key), Value::Map(map)) = (MapKey::try_from(key), message.get_mut(field)) {
                map.insert(key, value);
            }
        } else if field.is_list() {
            let mut item = DynamicMessage::new(descriptor);
            self.fields(&mut item, Some(close), depth + 1)?;
            self.as_generated(&mut item)?;
            if let Value::List(items) = message.get_mut(field) {
                items.push(Value::Message(item));
            }
        } else if let Value::Message(held) = message.get_mut(field) {
            self.fields(held, Some(close), depth + 1)?;
            self.as_generated(held)?;
            // A zero decimal or a null value without presence is not held.
            let builtin = Builtin::of(held.descriptor().full_name());
            if !field.has_presence() && builtin.is_some_and(|b| b.is_default(held)) {
                message.clear_field(field);
            }
        }
        Ok(())
    }

    /// Makes `message`, just read, what generated code holds where it is
    /// a `schemac.Decimal` or `schemac.Value`, as reading its bytes would:
    /// refused where generated code cannot hold it (a decimal of more than
    /// 96 bits), written as generated code writes it otherwise.
    fn as_generated(&mut self, message: &mut DynamicMessage<'_>) -> Result<(), TextError> {
        let name = message.descriptor().full_name();
        if let Some(builtin) = Builtin::of(name) {
            *message = (builtin.canonical(message))
                .map_err(|error| self.error(format!("not a `{name}` schemac holds: {error}")))?;
        }
        Ok(())
    }

    /// An expanded `Any`: `[prefix/type.Name] { ... }`, named at `at`.
    fn any(
        &mut self,
        message: &mut DynamicMessage<'_>,
        url: &str,
        at: Position,
        depth: usize,
    ) -> Result<(), TextError> {
        let descriptor = message.descriptor();
        if !is_any(descriptor) {
            let message = format!("{} is not an Any, to hold [{url}]", descriptor.full_name());
            return Err(TextError::new(at, message));
        }
        let (prefix, name) = url.split_once('/').unwrap_or_default();
        let known_prefix = matches!(prefix, "type.googleapis.com" | "type.googleprod.com");
        let found = if known_prefix && !name.contains('/') {
            descriptor.pool().message(name)
        } else {
            None
        };
        let Some(found) = found else {
            return Err(TextError::new(at, format!("no type {url} for an Any")));
        };
        self.tokens.eat(':')?;
        let close = self.open()?;
        if depth >= NESTING_LIMIT {
            return Err(self.error(format!("messages nest deeper than {NESTING_LIMIT}")));
        }
        let mut value = DynamicMessage::new(found);
        self.fields(&mut value, Some(close), depth + 1)?;
        if let Some(missing) = value.missing_required() {
            let message = format!("the {name} in the Any is missing the required field {missing}");
            return Err(TextError::new(at, message));
        }
        let (url_field, value_field) = (descriptor.field(1), descriptor.field(2));
        let given = url_field.is_some_and(|f| message.has(f))
            || value_field.is_some_and(|f| message.has(f));
        if self.singular == Singular::Once && given {
            return Err(TextError::new(at, "the Any is given twice"));
        }
        let _ = message.set_by_number(1, Value::String(url.to_owned()));
        let _ = message.set_by_number(2, Value::Bytes(value.encode_to_vec()));
        Ok(())
    }

    /// A scalar of `field`'s kind.
    fn scalar<'a>(&mut self, field: FieldDescriptor<'a>) -> Result<Value<'a>, TextError> {
        Ok(match field.kind() {
            Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => {
                Value::I32(self.signed(i32::MIN.into(), i32::MAX.into())? as i32)
            }
            Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => {
                Value::I64(self.signed(i64::MIN.into(), i64::MAX.into())? as i64)
            }
            Kind::Uint32 | Kind::Fixed32 => Value::U32(self.unsigned(u32::MAX.into())? as u32),
            Kind::Uint64 | Kind::Fixed64 => Value::U64(self.unsigned(u64::MAX)?),
            Kind::Double => Value::F64(self.float()?),
            Kind::Float => Value::F32(self.float()? as f32),
            Kind::Bool => Value::Bool(self.bool()?),
            Kind::String => {
                let at = self.tokens.position()?;
                let bytes = self.strings()?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| TextError::new(at, "a string field's value is not UTF-8"))?;
                Value::String(text)
            }
            Kind::Bytes => Value::Bytes(self.strings()?),
            Kind::Enum(enumeration) => {
                let at = self.tokens.position()?;
                if let Token::Ident(name) = *self.tokens.peek()? {
                    self.tokens.next()?;
                    let value = enumeration.value_by_name(name).ok_or_else(|| {
                        let message =
                            format!("{} has no value named {name}", enumeration.full_name());
                        TextError::new(at, message)
                    })?;
                    Value::Enum(value.number())
                } else {
                    let number = self.signed(i32::MIN.into(), i32::MAX.into())? as i32;
                    if enumeration.is_closed() && enumeration.value(number).is_none() {
                        let message =
                            format!("{} has no value numbered {number}", enumeration.full_name());
                        return Err(TextError::new(at, message));
                    }
                    Value::Enum(number)
                }
            }
            Kind::Message(_) => unreachable!("messages are read by one_value"),
        })
    }

    /// An integer, `-` allowed, within `min..=max`.
    fn signed(&mut self, min: i128, max: i128) -> Result<i128, TextError> {
        let at = self.tokens.position()?;
        let negative = self.tokens.eat('-')?;
        let magnitude = i128::from(self.magnitude()?);
        let value = if negative { -magnitude } else { magnitude };
        if value < min || value > max {
            return Err(TextError::new(at, "the integer is out of range"));
        }
        Ok(value)
    }

    /// An integer without a sign, at most `max`.
    fn unsigned(&mut self, max: u64) -> Result<u64, TextError> {
        let at = self.tokens.position()?;
        let value = self.magnitude()?;
        if value > max {
            return Err(TextError::new(at, "the integer is out of range"));
        }
        Ok(value)
    }

    /// An integer token's value: decimal, hexadecimal (`0x`) or octal
    /// (`0`).
    fn magnitude(&mut self) -> Result<u64, TextError> {
        let (token, at) = self.tokens.next()?;
        let Token::Int(text) = token else {
            let found = describe(&token);
            return Err(TextError::new(
                at,
                format!("expected an integer, found {found}"),
            ));
        };
        let (digits, radix) = match text.get(..2) {
            Some("0x" | "0X") => (&text[2..], 16),
            _ if text.len() > 1 && text.starts_with('0') => (&text[1..], 8),
            _ => (text, 10),
        };
        u64::from_str_radix(digits, radix)
            .map_err(|_| TextError::new(at, "the integer is out of range"))
    }

    /// A floating-point number: `-` allowed, a decimal integer, a number
    /// with a point or an exponent and maybe an `f`, `inf`, `infinity` or
    /// `nan` in any case.
    fn float(&mut self) -> Result<f64, TextError> {
        let negative = self.tokens.eat('-')?;
        let (token, at) = self.tokens.next()?;
        let value = match token {
            Token::Int(text) if text == "0" || !text.starts_with('0') => text.parse().ok(),
            Token::Float(text) => text.trim_end_matches(['f', 'F']).parse().ok(),
            Token::Ident(text) if text.eq_ignore_ascii_case("inf") => Some(f64::INFINITY),
            Token::Ident(text) if text.eq_ignore_ascii_case("infinity") => Some(f64::INFINITY),
            Token::Ident(text) if text.eq_ignore_ascii_case("nan") => Some(f64::NAN),
            _ => None,
        };
        let Some(value) = value else {
            let found = describe(&token);
            return Err(TextError::new(
                at,
                format!("expected a decimal number, found {found}"),
            ));
        };
        Ok(if negative { -value } else { value })
    }

    /// `true`, `True`, `t`, `false`, `False`, `f`, `1` or `0`.
    fn bool(&mut self) -> Result<bool, TextError> {
        if let Token::Ident(name) = *self.tokens.peek()? {
            let at = self.tokens.position()?;
            self.tokens.next()?;
            return match name {
                "true" | "True" | "t" => Ok(true),
                "false" | "False" | "f" => Ok(false),
                other => Err(TextError::new(
                    at,
                    format!("expected a bool, found `{other}`"),
                )),
            };
        }
        Ok(self.unsigned(1)? == 1)
    }

    /// One or more string literals, joined.
    fn strings(&mut self) -> Result<Vec<u8>, TextError> {
        let mut joined = Vec::new();
        let mut any = false;
        while let Token::Str(_) = self.tokens.peek()? {
            if let (Token::Str(bytes), _) = self.tokens.next()? {
                joined.extend_from_slice(&bytes);
            }
            any = true;
        }
        if !any {
            let found = describe(self.tokens.peek()?);
            return Err(self.error(format!("expected a string, found {found}")));
        }
        Ok(joined)
    }

    /// Skips the value of a reserved field, after its name.
    fn skip_field(&mut self, depth: usize) -> Result<(), TextError> {
        let colon = self.tokens.eat(':')?;
        match self.tokens.peek()? {
            Token::Symbol('{' | '<') => self.skip_message(depth),
            Token::Symbol('[') => {
                self.tokens.next()?;
                if self.tokens.eat(']')? {
                    return Ok(());
                }
                loop {
                    match self.tokens.peek()? {
                        Token::Symbol('{' | '<') => self.skip_message(depth)?,
                        _ if colon => self.skip_scalar()?,
                        _ => return Err(self.error("expected `{` or `<`")),
                    }
                    if self.tokens.eat(']')? {
                        return Ok(());
                    }
                    self.expect(',')?;
                }
            }
            _ if colon => self.skip_scalar(),
            _ => Err(self.error("expected `:`")),
        }
    }

    /// Skips a message's text, `{ ... }` or `< ... >`.
    fn skip_message(&mut self, depth: usize) -> Result<(), TextError> {
        let close = self.open()?;
        if depth >= NESTING_LIMIT {
            return Err(self.error(format!("messages nest deeper than {NESTING_LIMIT}")));
        }
        loop {
            if self.tokens.eat(close)? {
                return Ok(());
            }
            match self.tokens.next()? {
                (Token::Symbol('['), _) => {
                    self.bracketed_name()?;
                }
                (Token::Ident(_), _) => {}
                (other, at) => {
                    let found = describe(&other);
                    return Err(TextError::new(
                        at,
                        format!("expected a field name, found {found}"),
                    ));
                }
            }
            self.skip_field(depth + 1)?;
            if !self.tokens.eat(';')? {
                self.tokens.eat(',')?;
            }
        }
    }

    /// Skips a scalar: strings, a number (`-` allowed) or a name.
    fn skip_scalar(&mut self) -> Result<(), TextError> {
        if let Token::Str(_) = self.tokens.peek()? {
            return self.strings().map(drop);
        }
        self.tokens.eat('-')?;
        match self.tokens.next()? {
            (Token::Int(_) | Token::Float(_) | Token::Ident(_), _) => Ok(()),
            (other, at) => {
                let found = describe(&other);
                Err(TextError::new(
                    at,
                    format!("expected a value, found {found}"),
                ))
            }
        }
    }
}
