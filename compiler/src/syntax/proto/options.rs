//! Options: `option name = value;` statements and `[name = value, ...]`
//! after fields, enum values and extension ranges. Their names and values
//! are read by [`literal`](super::super::literal), which the `.schema`
//! front end shares; a field's `default` and `json_name` are read here
//! too, and come first among its options, as protoc takes them out of the
//! others.

use super::super::lexer::Kind;
use super::super::literal;
use super::{Parsed, Parser, Syntax};
use crate::ast::{OptionDecl, OptionName, OptionValue};
use crate::diagnostic::{Code, Diagnostic};

const OPTION: &str = "write `option name = value;`, the name in parentheses for a custom \
                      option (`option (my.option).field = 1;`) and the value a number, a \
                      string, a name or `{ ... }` in protobuf's text format";
const BRACKETS: &str = "write options in brackets as `[name = value, (custom.option) = value]`";

impl Parser<'_> {
    /// `option name = value;`.
    pub(super) fn option_statement(&mut self) -> Parsed<OptionDecl> {
        let keyword = self.bump();
        let (name, value) = self.option_body(OPTION)?;
        self.end_of_statement("`;` after the option's value", OPTION)?;
        Ok(OptionDecl {
            name,
            value,
            span: self.span_from(keyword.start),
        })
    }

    /// `[name = value, ...]`, after an enum value or extension ranges.
    pub(super) fn option_list(&mut self) -> Parsed<Vec<OptionDecl>> {
        self.bump();
        let mut options = Vec::new();
        loop {
            match self.option_assignment() {
                Ok(option) => options.push(option),
                Err(failed) => return Err(self.skip_options(failed)),
            }
            if self.eat_punct(',').is_none() {
                break;
            }
        }
        self.expect_punct(']', "`,` or `]` after the option", BRACKETS)?;
        Ok(options)
    }

    /// The options in brackets after a field: `default` first and
    /// `json_name` next, then the others in order.
    pub(super) fn field_options(&mut self) -> Parsed<Vec<OptionDecl>> {
        self.bump();
        let mut properties: [Option<OptionDecl>; 2] = [None, None];
        let mut options = Vec::new();
        loop {
            let slot = ["default", "json_name"]
                .iter()
                .position(|word| self.at(word));
            match slot {
                Some(slot) => {
                    let property = match self.property() {
                        Ok(property) => property,
                        Err(failed) => return Err(self.skip_options(failed)),
                    };
                    if let Some(first) = &properties[slot] {
                        let first = first.span;
                        self.diagnostics.push(
                            Diagnostic::new(
                                Code::InvalidOption,
                                property.span,
                                format!("`{}` is set twice", property.name),
                            )
                            .with_label("set again")
                            .with_secondary(first, "first set here")
                            .with_help("remove one of them"),
                        );
                    } else {
                        properties[slot] = Some(property);
                    }
                }
                None => match self.option_assignment() {
                    Ok(option) => options.push(option),
                    Err(failed) => return Err(self.skip_options(failed)),
                },
            }
            if self.eat_punct(',').is_none() {
                break;
            }
        }
        self.expect_punct(']', "`,` or `]` after the option", BRACKETS)?;
        let [default, json_name] = properties;
        if let Some(default) = &default
            && self.grammar.syntax == Syntax::Proto3
        {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    default.span,
                    "a default value in proto3",
                )
                .with_label("no defaults here")
                .with_help(
                    "only proto2 and editions fields with presence have default values; a \
                     proto3 field absent reads as its type's zero",
                ),
            );
        }
        Ok(default
            .into_iter()
            .chain(json_name)
            .chain(options)
            .collect())
    }

    /// `default = value` or `json_name = value`.
    fn property(&mut self) -> Parsed<OptionDecl> {
        let keyword = self.bump();
        let word = self.slice(keyword);
        let name_span = self.span(keyword.start, keyword.end);
        self.expect_punct('=', &format!("`=` after `{word}`"), BRACKETS)?;
        let value = match literal::proto_value(self.file, self.text, self.token.start) {
            Ok((value, end)) => {
                self.seek(end);
                value
            }
            Err(diagnostic) => return Err(self.literal_error(diagnostic)),
        };
        self.check_negative(&value)?;
        Ok(OptionDecl {
            name: OptionName::simple(word, name_span),
            value: decimal(value),
            span: self.span_from(keyword.start),
        })
    }

    /// `name = value` in brackets.
    fn option_assignment(&mut self) -> Parsed<OptionDecl> {
        let start = self.token.start;
        let (name, value) = self.option_body(BRACKETS)?;
        Ok(OptionDecl {
            name,
            value,
            span: self.span_from(start),
        })
    }

    /// An option's name, `=` and value, read by the literal reader from
    /// the token looked at on.
    fn option_body(&mut self, help: &str) -> Parsed<(OptionName, OptionValue)> {
        if self.token.kind == Kind::End {
            return Err(self.unexpected("an option's name", help));
        }
        match literal::proto_option(self.file, self.text, self.token.start) {
            Ok((name, value, end)) => {
                self.seek(end);
                self.check_negative(&value)?;
                Ok((name, value))
            }
            Err(diagnostic) => Err(self.literal_error(diagnostic)),
        }
    }

    /// protoc takes a name after `-` only for a float: `-inf` or `-nan`.
    fn check_negative(&mut self, value: &OptionValue) -> Parsed<()> {
        let OptionValue::Number(text, span) = value else {
            return Ok(());
        };
        let Some(name) = text.strip_prefix('-') else {
            return Ok(());
        };
        if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            || matches!(name, "inf" | "nan")
        {
            return Ok(());
        }
        Err(self.error(
            Code::Syntax,
            *span,
            format!("`-{name}` is no value: only `inf` and `nan` may follow `-`"),
            "not a number".to_owned(),
            "write a number, `-inf` or `-nan`, or the name without `-`",
        ))
    }
}

/// A default's integer too large for an `i64`, in decimal, as protoc
/// writes it in a descriptor: `0xFFFFFFFFFFFFFFFF` is
/// `18446744073709551615`.
fn decimal(value: OptionValue) -> OptionValue {
    if let OptionValue::Number(text, span) = &value {
        let (sign, digits) = match text.strip_prefix('-') {
            Some(digits) => ("-", digits),
            None => ("", text.as_str()),
        };
        if let Some(magnitude) = literal::parse_uint(digits) {
            return OptionValue::Number(format!("{sign}{magnitude}"), *span);
        }
    }
    value
}
