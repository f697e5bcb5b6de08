//! Protobuf's naming style, which edition 2024 enforces
//! (`features.enforce_naming_style = STYLE2024`, its default), as protoc
//! 35 does (`ValidateNamingStyle` in `descriptor.cc`): messages, enums,
//! services and methods in TitleCase, fields, oneofs and the package in
//! lower_snake_case, enum values in UPPER_SNAKE_CASE, and no underscore
//! at either end of a snake-case name or before anything but a letter.
//! `STYLE2026` adds that no field or oneof is named `descriptor`, or like
//! another one's accessors (`has_x`, `get_x`, `set_x`, `clear_x` or
//! `x_value` beside a field or oneof `x`). `STYLE_LEGACY` turns the rules
//! off, for a file or for any element and what it holds.
//!
//! The feature is resolved here, element by element, from the options
//! the model holds: nothing lowers it into the model.

use std::collections::HashSet;

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};

use crate::diagnostic::{Code, Diagnostic};
use crate::model::{Field, Message, Schema};
use crate::resolve::features::{Features, NamingStyle};
use crate::source::Span;

/// Reports every name that breaks the naming style its element has.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let mut checker = Checker {
        schema,
        diagnostics,
    };
    checker.run();
}

struct Checker<'a> {
    schema: &'a Schema,
    diagnostics: &'a mut Vec<Diagnostic>,
}

/// The kinds of name, each with its rule.
#[derive(Clone, Copy)]
enum Kind {
    Package,
    Message,
    Field,
    Oneof,
    Enum,
    EnumValue,
    Service,
    Method,
}

impl Kind {
    /// How a message names it.
    fn word(self) -> &'static str {
        match self {
            Kind::Package => "package",
            Kind::Message => "message",
            Kind::Field => "field",
            Kind::Oneof => "oneof",
            Kind::Enum => "enum",
            Kind::EnumValue => "enum value",
            Kind::Service => "service",
            Kind::Method => "method",
        }
    }

    /// What is wrong with `name` by this kind's rule, if anything.
    fn problem(self, name: &str) -> Option<&'static str> {
        match self {
            Kind::Message | Kind::Enum | Kind::Service | Kind::Method => title_case(name),
            Kind::Package | Kind::Field | Kind::Oneof => lower_snake_case(name),
            Kind::EnumValue => upper_snake_case(name),
        }
    }

    /// `name` spelled in this kind's style, if that spelling keeps the
    /// rule.
    fn respelled(self, name: &str) -> Option<String> {
        let respelled = match self {
            Kind::Message | Kind::Enum | Kind::Service | Kind::Method => name.to_upper_camel_case(),
            Kind::Package => (name.split('.'))
                .map(|part| part.to_snake_case())
                .collect::<Vec<_>>()
                .join("."),
            Kind::Field | Kind::Oneof => name.to_snake_case(),
            Kind::EnumValue => name.to_shouty_snake_case(),
        };
        (respelled != name && self.problem(&respelled).is_none()).then_some(respelled)
    }
}

impl Checker<'_> {
    fn run(&mut self) {
        let schema = self.schema;
        let file_features: Vec<Features> = (schema.files.iter()).map(Features::of_file).collect();
        let of_file = |file: crate::source::FileId| {
            file_features
                .get(file.0 as usize)
                .copied()
                .unwrap_or(Features::of(crate::language::Dialect::Schema))
        };
        for file in &schema.files {
            if let Some(span) = file.package_span {
                let style = of_file(file.id).naming_style;
                self.name(style, Kind::Package, &file.package.join("."), span);
            }
        }
        // Messages come after the message they are nested in.
        let mut message_features: Vec<Features> = Vec::with_capacity(schema.messages.len());
        for message in &schema.messages {
            let outer = match message.parent {
                Some(parent) => message_features.get(parent.0 as usize).copied(),
                None => None,
            };
            let features = (outer.unwrap_or_else(|| of_file(message.file)))
                .with_interpreted(schema.dialect(message.file), &message.options);
            message_features.push(features);
        }
        let scope = |parent: Option<crate::model::MessageId>, file| match parent {
            Some(parent) => message_features
                .get(parent.0 as usize)
                .copied()
                .unwrap_or(of_file(file)),
            None => of_file(file),
        };
        for (message, features) in schema.messages.iter().zip(&message_features) {
            let dialect = schema.dialect(message.file);
            self.name(
                features.naming_style,
                Kind::Message,
                &message.name,
                message.span,
            );
            for oneof in &message.oneofs {
                let style = features
                    .with_interpreted(dialect, &oneof.options)
                    .naming_style;
                self.name(style, Kind::Oneof, &oneof.name, oneof.span);
                if style >= NamingStyle::Style2026 {
                    self.collision(Some(message), Kind::Oneof, &oneof.name, oneof.span);
                }
            }
            for field in &message.fields {
                let outer = match field.oneof.and_then(|index| message.oneofs.get(index)) {
                    Some(oneof) => features.with_interpreted(dialect, &oneof.options),
                    None => *features,
                };
                self.field(outer, dialect, Some(message), field);
            }
        }
        for extension in &schema.extensions {
            let outer = scope(extension.parent, extension.file);
            let extendee = extension.extendee.map(|id| schema.message(id));
            self.field(
                outer,
                schema.dialect(extension.file),
                extendee,
                &extension.field,
            );
        }
        for enumeration in &schema.enums {
            let dialect = schema.dialect(enumeration.file);
            let features = scope(enumeration.parent, enumeration.file)
                .with_interpreted(dialect, &enumeration.options);
            self.name(
                features.naming_style,
                Kind::Enum,
                &enumeration.name,
                enumeration.span,
            );
            for value in &enumeration.values {
                let style = features
                    .with_interpreted(dialect, &value.options)
                    .naming_style;
                self.name(style, Kind::EnumValue, &value.name, value.name_span);
            }
        }
        for service in &schema.services {
            let dialect = schema.dialect(service.file);
            let features = of_file(service.file).with_interpreted(dialect, &service.options);
            self.name(
                features.naming_style,
                Kind::Service,
                &service.name,
                service.span,
            );
            for method in &service.methods {
                let style = features
                    .with_interpreted(dialect, &method.options)
                    .naming_style;
                self.name(style, Kind::Method, &method.name, method.span);
            }
        }
    }

    /// The field `field` of `message` (the message an extension extends),
    /// under the features `outer` of what holds it.
    fn field(
        &mut self,
        outer: Features,
        dialect: crate::language::Dialect,
        message: Option<&Message>,
        field: &Field,
    ) {
        let style = outer.with_interpreted(dialect, &field.options).naming_style;
        self.name(style, Kind::Field, &field.name, field.name_span);
        if style >= NamingStyle::Style2026 {
            self.collision(message, Kind::Field, &field.name, field.name_span);
        }
    }

    /// Reports `name`, of a `kind` of element whose naming style is
    /// `style`, when it breaks the style.
    fn name(&mut self, style: NamingStyle, kind: Kind, name: &str, span: Span) {
        if style == NamingStyle::Legacy || name.is_empty() {
            return;
        }
        let Some(problem) = kind.problem(name) else {
            return;
        };
        let rename = match kind.respelled(name) {
            Some(respelled) => format!("rename it `{respelled}`"),
            None => "rename it".to_owned(),
        };
        self.diagnostics.push(
            Diagnostic::new(
                Code::NamingStyle,
                span,
                format!("the {} name `{name}` {problem}", kind.word()),
            )
            .with_help(format!(
                "edition 2024 holds names to protobuf's style guide: {rename}, or set \
                 `features.enforce_naming_style = STYLE_LEGACY` on it or on what holds it"
            )),
        );
    }

    /// Reports a field or oneof `name` of `message` that `STYLE2026`
    /// refuses: `descriptor`, or another field's or oneof's accessor.
    fn collision(&mut self, message: Option<&Message>, kind: Kind, name: &str, span: Span) {
        let problem = match message.and_then(|message| accessor_of(message, name)) {
            Some(problem) => problem,
            None if name == "descriptor" => "should not be named descriptor".to_owned(),
            None => return,
        };
        self.diagnostics.push(
            Diagnostic::new(
                Code::NamingStyle,
                span,
                format!("the {} name `{name}` {problem}", kind.word()),
            )
            .with_help(
                "STYLE2026 keeps generated code's accessors apart: rename it, or set \
                 `features.enforce_naming_style = STYLE2024` on it or on what holds it",
            ),
        );
    }
}

/// What is wrong with the field or oneof `name` of `message` that reads as
/// an accessor of another of its fields or oneofs, if it does.
fn accessor_of(message: &Message, name: &str) -> Option<String> {
    let names: HashSet<&str> = (message.fields.iter().map(|field| field.name.as_str()))
        .chain(message.oneofs.iter().map(|oneof| oneof.name.as_str()))
        .collect();
    for prefix in ["has_", "get_", "set_", "clear_"] {
        if let Some(rest) = name.strip_prefix(prefix)
            && names.contains(rest)
        {
            return Some(format!(
                "should not begin with {prefix} if a field named {rest} exists"
            ));
        }
    }
    let rest = name.strip_suffix("_value")?;
    names
        .contains(rest)
        .then(|| format!("should not end with _value if a field named {rest} exists"))
}

/// What is wrong with a TitleCase name, if anything.
fn title_case(name: &str) -> Option<&'static str> {
    if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Some("should be TitleCase");
    }
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Some("should begin with a capital letter");
    }
    None
}

/// What is wrong with a lower_snake_case name (dots allowed, for a
/// package), if anything.
fn lower_snake_case(name: &str) -> Option<&'static str> {
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.';
    if !name.chars().all(allowed) {
        return Some("should be lower_snake_case");
    }
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        return Some("should begin with a lower case letter");
    }
    bad_underscores(name).then_some("contains style violating underscores")
}

/// What is wrong with an UPPER_SNAKE_CASE name, if anything.
fn upper_snake_case(name: &str) -> Option<&'static str> {
    let allowed = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_';
    if !name.chars().all(allowed) {
        return Some("should be UPPER_SNAKE_CASE");
    }
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Some("should begin with an upper case letter");
    }
    bad_underscores(name).then_some("contains style violating underscores")
}

/// Whether `name` has an underscore at either end, or one before
/// anything but a letter.
fn bad_underscores(name: &str) -> bool {
    let bytes = name.as_bytes();
    name.starts_with('_')
        || name.ends_with('_')
        || (bytes.windows(2)).any(|pair| pair[0] == b'_' && !pair[1].is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::{lower_snake_case, title_case, upper_snake_case};

    #[test]
    fn the_rules_are_protoc_s() {
        assert_eq!(title_case("HTTPThing"), None);
        assert_eq!(title_case("Foo_Bar"), Some("should be TitleCase"));
        assert_eq!(
            title_case("getA"),
            Some("should begin with a capital letter")
        );
        assert_eq!(lower_snake_case("a.b2.c_d"), None);
        assert_eq!(lower_snake_case("a1_b"), None);
        assert_eq!(
            lower_snake_case("x_1"),
            Some("contains style violating underscores")
        );
        assert_eq!(
            lower_snake_case("a_.b"),
            Some("contains style violating underscores")
        );
        assert_eq!(
            lower_snake_case("_y"),
            Some("should begin with a lower case letter")
        );
        assert_eq!(
            lower_snake_case("MyMap"),
            Some("should be lower_snake_case")
        );
        assert_eq!(upper_snake_case("E_A"), None);
        assert_eq!(
            upper_snake_case("E_2"),
            Some("contains style violating underscores")
        );
        assert_eq!(
            upper_snake_case("B__C"),
            Some("contains style violating underscores")
        );
        assert_eq!(
            upper_snake_case("Green"),
            Some("should be UPPER_SNAKE_CASE")
        );
        assert_eq!(
            upper_snake_case("9A"),
            Some("should begin with an upper case letter")
        );
    }
}
