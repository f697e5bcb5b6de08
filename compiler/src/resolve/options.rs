//! Options: `option keep_unknown_fields = true;` in a message body,
//! `rust_attribute = "#[...]"` in a message's, an enum's or a field's
//! options, checked to parse as outer attributes ([`Code::InvalidRustAttribute`]),
//! `option allow_alias = true;` and `option closed = true;` in an enum's,
//! and `[default = 3, packed =
//! false, json_name = "n"]` after a field's number; and on all three
//! `allow = "W0001"`, which silences lints.
//!
//! Each option has a name and a value of one kind. An unknown name, a value
//! of the wrong kind and an option set twice are reported as
//! [`Code::InvalidOption`]; the option then keeps its default. A field's
//! `default` takes a value of the field's type, which [`super::fields`]
//! reads. The `.proto` front end passes on only the options schemac knows,
//! so a `.proto` file's others (`java_package`, `deprecated`, custom
//! options) never get here.

use crate::ast::{EnumDecl, Member, MessageDecl, OptionDecl, OptionValue};
use crate::diagnostic::{Code, Diagnostic};

/// What takes options, with the options it knows.
#[derive(Clone, Copy)]
enum Owner {
    Message,
    Enum,
    Field,
}

impl Owner {
    fn word(self) -> &'static str {
        match self {
            Owner::Message => "message",
            Owner::Enum => "enum",
            Owner::Field => "field",
        }
    }

    /// The options it knows, each with what its value must be.
    fn known(self) -> &'static [(&'static str, Kind)] {
        match self {
            // `allow` silences lints (crate::lint), which read it from the
            // syntax tree; resolve only checks its kind.
            Owner::Message => &[
                ("keep_unknown_fields", Kind::Bool),
                ("rust_attribute", Kind::Attribute),
                ("allow", Kind::String),
            ],
            Owner::Enum => &[
                ("allow_alias", Kind::Bool),
                ("closed", Kind::Bool),
                ("rust_attribute", Kind::Attribute),
                ("allow", Kind::String),
            ],
            Owner::Field => &[
                ("default", Kind::Any),
                ("packed", Kind::Bool),
                ("json_name", Kind::String),
                ("rust_attribute", Kind::Attribute),
                ("allow", Kind::String),
            ],
        }
    }
}

/// What an option's value must be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bool,
    String,
    /// A string that parses as one or more outer Rust attributes.
    Attribute,
    /// A value of the field's type, checked where the type is known.
    Any,
}

/// The options of one message, defaults where not set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct MessageOptions {
    /// Whether the message keeps unknown fields.
    pub keep_unknown_fields: bool,
    /// `rust_attribute`, when set.
    pub rust_attributes: Vec<String>,
}

/// The options set in the body of `decl`, reporting every invalid one.
pub(super) fn message_options(
    decl: &MessageDecl,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> MessageOptions {
    let options = decl.members.iter().filter_map(|member| match member {
        Member::Option(option) => Some(option),
        _ => None,
    });
    let valid = read(options, Owner::Message, full_name, diagnostics);
    MessageOptions {
        keep_unknown_fields: flag(&valid, "keep_unknown_fields"),
        rust_attributes: attributes(&valid),
    }
}

/// The options of one enum, defaults where not set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct EnumOptions {
    /// `option allow_alias = true;`: values may share a number.
    pub allow_alias: bool,
    /// `option closed = true;`: the enum is closed, as a proto2 enum is.
    pub closed: bool,
    /// `rust_attribute`, when set.
    pub rust_attributes: Vec<String>,
}

/// The options set in the body of `decl`, reporting every invalid one.
pub(super) fn enum_options(
    decl: &EnumDecl,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> EnumOptions {
    let valid = read(decl.options.iter(), Owner::Enum, full_name, diagnostics);
    EnumOptions {
        allow_alias: flag(&valid, "allow_alias"),
        closed: flag(&valid, "closed"),
        rust_attributes: attributes(&valid),
    }
}

/// The options of one field, as written.
#[derive(Clone, Debug, Default)]
pub(super) struct FieldOptions<'a> {
    /// `default`, for the field's type to read.
    pub default: Option<&'a OptionDecl>,
    /// `packed`, when set.
    pub packed: Option<bool>,
    /// `json_name`, when set.
    pub json_name: Option<String>,
    /// `rust_attribute`, when set.
    pub rust_attributes: Vec<String>,
}

/// The options of a field named `full_name`, reporting every invalid one.
pub(super) fn field_options<'a>(
    options: &'a [OptionDecl],
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> FieldOptions<'a> {
    let valid = read(options.iter(), Owner::Field, full_name, diagnostics);
    let value = |name: &str| valid.iter().find(|option| option.name.name == name);
    FieldOptions {
        default: value("default").copied(),
        packed: value("packed").map(|option| matches!(option.value, OptionValue::Bool(true, _))),
        json_name: value("json_name").and_then(|option| match &option.value {
            OptionValue::String(name, _) => Some(name.clone()),
            _ => None,
        }),
        rust_attributes: attributes(&valid),
    }
}

/// The options among `options` that `owner` knows, each set once and with
/// a value of its kind; every other one is reported.
fn read<'a>(
    options: impl Iterator<Item = &'a OptionDecl>,
    owner: Owner,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<&'a OptionDecl> {
    let mut valid: Vec<&OptionDecl> = Vec::new();
    for option in options {
        let name = option.name.name.as_str();
        let Some(&(_, kind)) = owner.known().iter().find(|(known, _)| *known == name) else {
            diagnostics.push(unknown(option, owner));
            continue;
        };
        if let Some(first) = valid.iter().find(|first| first.name.name == name) {
            diagnostics.push(twice(first, option, full_name));
            continue;
        }
        let fits = match kind {
            Kind::Bool => matches!(option.value, OptionValue::Bool(..)),
            Kind::String | Kind::Attribute => matches!(option.value, OptionValue::String(..)),
            Kind::Any => true,
        };
        if !fits {
            diagnostics.push(wrong_kind(option, kind, owner));
            continue;
        }
        if let (Kind::Attribute, OptionValue::String(text, span)) = (kind, &option.value)
            && let Err(reason) = crate::config::parse_attributes(text)
        {
            diagnostics.push(bad_attribute(text, *span, &reason, full_name));
            continue;
        }
        valid.push(option);
    }
    valid
}

/// The value of `rust_attribute` among `valid`, as a list (it is set at
/// most once, and may hold several attributes).
fn attributes(valid: &[&OptionDecl]) -> Vec<String> {
    valid
        .iter()
        .filter(|option| option.name.name == "rust_attribute")
        .filter_map(|option| match &option.value {
            OptionValue::String(text, _) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Whether the bool option `name` is among `valid` and set to `true`.
fn flag(valid: &[&OptionDecl], name: &str) -> bool {
    valid.iter().any(|option| {
        option.name.name == name && matches!(option.value, OptionValue::Bool(true, _))
    })
}

fn unknown(option: &OptionDecl, owner: Owner) -> Diagnostic {
    let known: Vec<String> = owner
        .known()
        .iter()
        .map(|(name, _)| format!("`{name}`"))
        .collect();
    Diagnostic::new(
        Code::InvalidOption,
        option.name.span,
        format!("unknown {} option `{}`", owner.word(), option.name.name),
    )
    .with_label("unknown option")
    .with_help(format!(
        "the options a {} can have are {}",
        owner.word(),
        known.join(", ")
    ))
}

fn twice(first: &OptionDecl, later: &OptionDecl, full_name: &str) -> Diagnostic {
    Diagnostic::new(
        Code::InvalidOption,
        later.name.span,
        format!(
            "the option `{}` is set twice in `{full_name}`",
            later.name.name
        ),
    )
    .with_label("set again")
    .with_secondary(first.name.span, "first set here")
    .with_help("remove one of the two")
}

fn bad_attribute(
    text: &str,
    span: crate::source::Span,
    reason: &str,
    full_name: &str,
) -> Diagnostic {
    Diagnostic::new(
        Code::InvalidRustAttribute,
        span,
        format!("the rust_attribute of `{full_name}` does not parse as Rust attributes: {reason}"),
    )
    .with_help(format!(
        "write one or more outer attributes, such as `#[derive(Hash)]`, not `{text}`"
    ))
}

fn wrong_kind(option: &OptionDecl, kind: Kind, owner: Owner) -> Diagnostic {
    let name = &option.name.name;
    let (wanted, label, example) = match kind {
        Kind::Bool => ("`true` or `false`", "not `true` or `false`", "true"),
        _ => ("a string", "not a string", "\"...\""),
    };
    let written_right = match owner {
        Owner::Field => format!("[{name} = {example}]"),
        Owner::Message | Owner::Enum => format!("option {name} = {example};"),
    };
    Diagnostic::new(
        Code::InvalidOption,
        option.value.span(),
        format!(
            "the option `{name}` takes {wanted}, not `{}`",
            written(&option.value)
        ),
    )
    .with_label(label)
    .with_help(format!("write `{written_right}` or leave the option out"))
}

/// An option's value as it reads in a message.
pub(super) fn written(value: &OptionValue) -> String {
    match value {
        OptionValue::Bool(value, _) => value.to_string(),
        OptionValue::Integer(int) => int.value.to_string(),
        OptionValue::Number(text, _) => text.clone(),
        OptionValue::String(text, _) => format!("{text:?}"),
        OptionValue::Bytes(bytes, _) => format!("{:?}", String::from_utf8_lossy(bytes)),
        OptionValue::Name(name) => name.name.clone(),
    }
}
