//! Options: `option name = value;` declarations and `[name = value, ...]`
//! after fields, enum values and extension ranges. A name, and a value in
//! braces, are read by [`literal`], which the `.proto` front end shares;
//! any other value is read here, by the `.schema` language's rules: a
//! number (an integer has no leading zero and is never octal), a string,
//! `true`, `false` or a name, with a `-` right before a number or a name.

use super::super::lexer::{Kind, Mode, Token, string_value};
use super::super::literal;
use super::{Parsed, Parser, Start};
use crate::ast::{OptionDecl, OptionName, OptionValue};

const OPTION: &str = "write `option name = value;`, the name in parentheses for a custom \
                      option (`option (my.option).field = 1;`) and the value a number, a \
                      string, a name or `{ ... }` in protobuf's text format";
const BRACKETS: &str = "write options in brackets as `[name = value, (custom.option) = value]`";

impl Parser<'_> {
    /// The rest of `option name = value;`, after `option`.
    pub(super) fn option(&mut self, start: &Start) -> Parsed<OptionDecl> {
        let (name, value) = self.option_body(OPTION)?;
        self.expect_punct(';', "`;` after the option's value", OPTION)?;
        Ok(OptionDecl {
            name,
            value,
            span: self.span_from(start.token.start),
        })
    }

    /// `[name = value, ...]`, after a field, an enum value or extension
    /// ranges.
    pub(super) fn field_options(&mut self) -> Parsed<Vec<OptionDecl>> {
        self.bump();
        let mut options = Vec::new();
        loop {
            let start = self.token.start;
            match self.option_body(BRACKETS) {
                Ok((name, value)) => options.push(OptionDecl {
                    name,
                    value,
                    span: self.span_from(start),
                }),
                Err(failed) => return Err(self.skip_options(failed)),
            }
            if self.eat_punct(',').is_none() {
                break;
            }
        }
        self.expect_punct(']', "`,` or `]` after the option", BRACKETS)?;
        Ok(options)
    }

    /// An option's name, `=` and value.
    fn option_body(&mut self, help: &str) -> Parsed<(OptionName, OptionValue)> {
        if !(self.token.kind == Kind::Ident || self.token.is('(')) {
            return Err(self.unexpected("an option's name", help));
        }
        let name = match literal::schema_option_name(self.file, self.text, self.token.start) {
            Ok((name, end)) => {
                self.seek(end);
                name
            }
            Err(diagnostic) => return Err(self.literal_error(diagnostic)),
        };
        self.expect_punct('=', "`=` after the option's name", help)?;
        let value = self.option_value(help)?;
        Ok((name, value))
    }

    /// A value after an option's `=`.
    fn option_value(&mut self, help: &str) -> Parsed<OptionValue> {
        let start = self.token.start;
        if self.token.is('{') {
            return self.message_value();
        }
        let negative = self.eat_punct('-').is_some();
        let token = self.token;
        let signed = matches!(token.kind, Kind::Int | Kind::Float | Kind::Ident);
        if negative && !(signed && self.touches()) {
            return Err(self.unexpected("a number or a name right after `-`", help));
        }
        let text = self.slice(token);
        let value = match token.kind {
            Kind::Int => {
                self.bump();
                return Ok(self.integer_value(start, negative, token));
            }
            Kind::Float => OptionValue::Number(
                self.text[start..token.end].to_owned(),
                self.span(start, token.end),
            ),
            Kind::Ident if negative => {
                OptionValue::Number(format!("-{text}"), self.span(start, token.end))
            }
            Kind::Ident => match text {
                "true" => OptionValue::Bool(true, self.span(start, token.end)),
                "false" => OptionValue::Bool(false, self.span(start, token.end)),
                _ => OptionValue::Name(self.ident_of(token)),
            },
            Kind::String => {
                let span = self.span(start, token.end);
                match String::from_utf8(string_value(text)) {
                    Ok(text) => OptionValue::String(text, span),
                    // `\x` escapes may make bytes, as a `bytes` default needs.
                    Err(error) => OptionValue::Bytes(error.into_bytes(), span),
                }
            }
            _ => {
                return Err(self.unexpected(
                    "a value: a number, a string, `true`, `false`, a name or a message in braces",
                    help,
                ));
            }
        };
        self.bump();
        Ok(value)
    }

    /// An integer value, whose digits are `digits`, with a `-` at `start`
    /// if `negative`: one that fits in 64 bits is an
    /// [`OptionValue::Integer`], a larger one (a `u64` default) or `-0`
    /// (a float default's sign) a [`OptionValue::Number`] for resolve to
    /// read by the field's type.
    fn integer_value(&mut self, start: usize, negative: bool, digits: Token) -> OptionValue {
        let span = self.span(start, digits.end);
        let text = self.slice(digits);
        let fits = text.parse::<u64>().is_ok_and(|magnitude| {
            let negative_zero = negative && magnitude == 0;
            !negative_zero && (magnitude <= i64::MAX as u64 || (negative && magnitude <= 1 << 63))
        });
        if fits || text.starts_with("0x") || text.starts_with("0X") {
            OptionValue::Integer(self.integer(digits, negative, span))
        } else {
            OptionValue::Number(self.text[span.range()].to_owned(), span)
        }
    }

    /// A message literal, `{ ... }`, read by the text format's rules.
    fn message_value(&mut self) -> Parsed<OptionValue> {
        match literal::schema_message(self.file, self.text, self.token.start) {
            Ok((value, end)) => {
                self.seek(end);
                Ok(value)
            }
            Err(diagnostic) => {
                let failed = self.literal_error(diagnostic);
                self.skip_message_literal();
                Err(failed)
            }
        }
    }

    /// Skips a message literal that failed, from its `{` looked at to the
    /// `}` that closes it, reading its inside as the text format, so that
    /// its strings raise no error of the `.schema` language.
    fn skip_message_literal(&mut self) {
        let mut depth = 0_usize;
        self.lexer.set_mode(Mode::TEXT);
        loop {
            match self.token.kind {
                Kind::End => break,
                Kind::Punct('{') => depth += 1,
                Kind::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.lexer.set_mode(Mode::SCHEMA);
                        self.bump();
                        return;
                    }
                }
                _ => {}
            }
            self.bump();
        }
        self.lexer.set_mode(Mode::SCHEMA);
    }
}
