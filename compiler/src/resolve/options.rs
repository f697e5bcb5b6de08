//! schemac's own options, and the few of protobuf's that shape the model.
//!
//! schemac's own, in `.schema` files only ([`SCHEMAC_OPTIONS`]): `option
//! keep_unknown_fields = true;` in a message body, `rust_attribute =
//! "#[...]"` in a message's, an enum's or a field's options, checked to
//! parse as outer attributes ([`Code::InvalidRustAttribute`]), `option
//! closed = true;` in an enum's, and on all three `allow = "W0001"`, which
//! silences lints. A field's `[default = 3, json_name = "n"]`, in both
//! languages, are the field's own properties rather than options. Each
//! has a name and a value of one kind; a value of the wrong kind and an
//! option set twice are reported as [`Code::InvalidOption`], and the
//! option then keeps its default. A field's `default` takes a value of
//! the field's type, which [`super::fields`] reads.
//!
//! Every other option is protobuf's, standard or custom, which
//! [`super::interpret`] resolves, checks and keeps. Of those, `packed`,
//! `allow_alias` and `message_set_wire_format` (whose `extensions ... to
//! max` reach further) shape the model, and are read here when written
//! `true` or `false`; the interpreter reports any other value.
//!
//! A `.proto` file's options of `schemac/options.proto`,
//! `(schemac.reference)` and `(schemac.implicit_presence)`, are read here
//! too ([`Meaning`]), and no protobuf option of the model: [`super::fields`]
//! makes them the references and the implicit presence they say.

use crate::ast::{
    Dialect, EnumDecl, Member, MessageDecl, OptionDecl, OptionValue, RefKind, SCHEMAC_OPTIONS,
};
use crate::diagnostic::{Code, Diagnostic};

/// What takes options, with the options it knows.
#[derive(Clone, Copy)]
enum Owner {
    Message,
    Enum,
    Field,
}

impl Owner {
    /// The options of schemac's own and the field properties it knows in
    /// a file of `dialect`, each with what its value must be.
    fn known(self, dialect: Dialect) -> &'static [(&'static str, Kind)] {
        if dialect != Dialect::Schema {
            return match self {
                Owner::Field => &[("default", Kind::Any), ("json_name", Kind::String)],
                Owner::Message | Owner::Enum => &[],
            };
        }
        match self {
            // `allow` silences lints (crate::lint), which read it from the
            // syntax tree; resolve only checks its kind.
            Owner::Message => &[
                ("keep_unknown_fields", Kind::Bool),
                ("rust_attribute", Kind::Attribute),
                ("allow", Kind::String),
            ],
            Owner::Enum => &[
                ("closed", Kind::Bool),
                ("rust_attribute", Kind::Attribute),
                ("allow", Kind::String),
            ],
            Owner::Field => &[
                ("default", Kind::Any),
                ("json_name", Kind::String),
                ("rust_attribute", Kind::Attribute),
                ("allow", Kind::String),
                ("delimited", Kind::Bool),
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
    /// Whether the message keeps unknown fields, when it says.
    pub keep_unknown_fields: Option<bool>,
    /// `rust_attribute`, when set.
    pub rust_attributes: Vec<String>,
    /// `option message_set_wire_format = true;`: a message set, whose
    /// extension numbers go up to `i32::MAX - 1`.
    pub message_set: bool,
}

/// The options set in the body of `decl`, in a file of `dialect`,
/// reporting every invalid one.
pub(super) fn message_options(
    decl: &MessageDecl,
    dialect: Dialect,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> MessageOptions {
    let options = || {
        decl.members.iter().filter_map(|member| match member {
            Member::Option(option) => Some(option),
            _ => None,
        })
    };
    let valid = read(options(), Owner::Message, dialect, full_name, diagnostics);
    let message_set = options().any(|option| {
        option.name.as_simple() == Some("message_set_wire_format")
            && matches!(option.value, OptionValue::Bool(true, _))
    });
    MessageOptions {
        keep_unknown_fields: bool_option(&valid, "keep_unknown_fields"),
        rust_attributes: attributes(&valid),
        message_set,
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

/// The options set in the body of `decl`, in a file of `dialect`,
/// reporting every invalid one.
pub(super) fn enum_options(
    decl: &EnumDecl,
    dialect: Dialect,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> EnumOptions {
    let valid = read(
        decl.options.iter(),
        Owner::Enum,
        dialect,
        full_name,
        diagnostics,
    );
    EnumOptions {
        allow_alias: protobuf_flag(&decl.options, "allow_alias") == Some(true),
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
    /// `delimited = true`: the field's message is a group, between start
    /// and end keys.
    pub delimited: bool,
    /// What a `.proto` file's options of `schemac/options.proto` say.
    pub meaning: Meaning<'a>,
}

/// What a field's options of `schemac/options.proto`
/// ([`ast::MEANING_OPTIONS`](crate::ast::MEANING_OPTIONS)) say, each one
/// with where it is written.
#[derive(Clone, Debug, Default)]
pub(super) struct Meaning<'a> {
    /// `(schemac.reference) = REF` or `WEAK`: the field holds references
    /// of graph mode. `NOT_A_REFERENCE` is no reference.
    pub reference: Option<(RefKind, &'a OptionDecl)>,
    /// `(schemac.implicit_presence) = true`: a `decimal` or `value` field
    /// without presence.
    pub implicit_presence: Option<&'a OptionDecl>,
}

impl Meaning<'_> {
    /// The first option that says anything, for a diagnostic.
    pub fn first(&self) -> Option<&OptionDecl> {
        let reference = self.reference.map(|(_, option)| option);
        reference.or(self.implicit_presence)
    }
}

/// The options of a field named `full_name` in a file of `dialect`,
/// reporting every invalid one.
pub(super) fn field_options<'a>(
    options: &'a [OptionDecl],
    dialect: Dialect,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> FieldOptions<'a> {
    let valid = read(
        options.iter(),
        Owner::Field,
        dialect,
        full_name,
        diagnostics,
    );
    let value = |name: &str| {
        valid
            .iter()
            .find(|option| option.name.as_simple() == Some(name))
    };
    FieldOptions {
        default: value("default").copied(),
        packed: protobuf_flag(options, "packed"),
        json_name: value("json_name").and_then(|option| match &option.value {
            OptionValue::String(name, _) => Some(name.clone()),
            _ => None,
        }),
        rust_attributes: attributes(&valid),
        delimited: flag(&valid, "delimited"),
        meaning: meaning(options, dialect, full_name, diagnostics),
    }
}

/// What the options of `schemac/options.proto` among `options` say; a
/// value of the wrong kind, or an option set twice, is reported.
fn meaning<'a>(
    options: &'a [OptionDecl],
    dialect: Dialect,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Meaning<'a> {
    let mut meaning = Meaning::default();
    let mut seen: Vec<&OptionDecl> = Vec::new();
    for option in options {
        let Some(name) = option.meaning_option(dialect) else {
            continue;
        };
        let same = |first: &&&OptionDecl| first.meaning_option(dialect) == Some(name);
        if let Some(first) = seen.iter().find(same) {
            diagnostics.push(twice(first, option, full_name));
            continue;
        }
        seen.push(option);
        match (name, &option.value) {
            ("schemac.implicit_presence", OptionValue::Bool(value, _)) => {
                meaning.implicit_presence = value.then_some(option);
            }
            ("schemac.reference", OptionValue::Name(value)) => match value.name.as_str() {
                "REF" => meaning.reference = Some((RefKind::Strong, option)),
                "WEAK" => meaning.reference = Some((RefKind::Weak, option)),
                "NOT_A_REFERENCE" => {}
                _ => diagnostics.push(not_a_reference_kind(option)),
            },
            ("schemac.reference", _) => diagnostics.push(not_a_reference_kind(option)),
            _ => diagnostics.push(wrong_kind(option, Kind::Bool, Owner::Field)),
        }
    }
    meaning
}

/// `(schemac.reference)` set to anything but a value of
/// `schemac.Reference`.
fn not_a_reference_kind(option: &OptionDecl) -> Diagnostic {
    Diagnostic::new(
        Code::InvalidOption,
        option.value.span(),
        format!(
            "`{}` takes a value of `schemac.Reference`, not `{}`",
            option.name,
            written(&option.value)
        ),
    )
    .with_label("not `REF`, `WEAK` or `NOT_A_REFERENCE`")
    .with_help(format!(
        "write `[{} = REF]` for a shared object, `WEAK` for a back reference",
        option.name
    ))
}

/// The value of protobuf's bool option `name` among `options`, when it is
/// written `true` or `false`.
fn protobuf_flag(options: &[OptionDecl], name: &str) -> Option<bool> {
    options.iter().find_map(|option| match option.value {
        OptionValue::Bool(value, _) if option.name.as_simple() == Some(name) => Some(value),
        _ => None,
    })
}

/// The options among `options` that `owner` knows in a file of
/// `dialect` (schemac's own and the field properties), each set once and
/// with a value of its kind; every invalid one is reported. The others
/// are protobuf's, for the interpreter.
fn read<'a>(
    options: impl Iterator<Item = &'a OptionDecl>,
    owner: Owner,
    dialect: Dialect,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<&'a OptionDecl> {
    let mut valid: Vec<&OptionDecl> = Vec::new();
    let known = owner.known(dialect);
    for option in options {
        let Some(name) = option.name.as_simple() else {
            continue;
        };
        let Some(&(_, kind)) = known.iter().find(|(known, _)| *known == name) else {
            continue;
        };
        if let Some(first) = valid
            .iter()
            .find(|first| first.name.as_simple() == Some(name))
        {
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
        .filter(|option| option.name.as_simple() == Some("rust_attribute"))
        .filter_map(|option| match &option.value {
            OptionValue::String(text, _) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The value of the `bool` option `name` among `valid`, when it is set.
fn bool_option(valid: &[&OptionDecl], name: &str) -> Option<bool> {
    valid.iter().find_map(|option| match option.value {
        OptionValue::Bool(value, _) if option.name.as_simple() == Some(name) => Some(value),
        _ => None,
    })
}

/// Whether the bool option `name` is among `valid` and set to `true`.
fn flag(valid: &[&OptionDecl], name: &str) -> bool {
    bool_option(valid, name) == Some(true)
}

/// schemac's own options that an element of `kind` (`message`, `enum`,
/// `field`) may have in a `.schema` file, for a diagnostic's help.
pub(super) fn schemac_options(kind: &str) -> Vec<&'static str> {
    let owner = match kind {
        "message" => Owner::Message,
        "enum" => Owner::Enum,
        "field" => Owner::Field,
        _ => return Vec::new(),
    };
    owner
        .known(Dialect::Schema)
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| SCHEMAC_OPTIONS.contains(name))
        .collect()
}

fn twice(first: &OptionDecl, later: &OptionDecl, full_name: &str) -> Diagnostic {
    Diagnostic::new(
        Code::InvalidOption,
        later.name.span,
        format!("the option `{}` is set twice in `{full_name}`", later.name),
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
    let name = &option.name;
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
        OptionValue::Aggregate(_) => "{ ... }".to_owned(),
    }
}
