//! Options written in a message body: `option keep_unknown_fields = true;`.
//!
//! Each option has a name and a value of one kind. An unknown name, a value
//! of the wrong kind and an option set twice in one message are reported as
//! [`Code::InvalidOption`]; the option then keeps its default.

use crate::ast::{Member, MessageDecl, OptionDecl, OptionValue};
use crate::diagnostic::{Code, Diagnostic};

/// `option keep_unknown_fields = true;`: the message keeps the fields it
/// does not know and writes them back.
const KEEP_UNKNOWN_FIELDS: &str = "keep_unknown_fields";

/// Every option a message can have, as they are named in help lines.
const KNOWN: &str = "`keep_unknown_fields`";

/// The options of one message, defaults where not set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct MessageOptions {
    /// Whether the message keeps unknown fields.
    pub keep_unknown_fields: bool,
}

/// The options set in the body of `decl`, reporting every invalid one.
pub(super) fn message_options(
    decl: &MessageDecl,
    full_name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> MessageOptions {
    let mut options = MessageOptions::default();
    let mut seen: Vec<&OptionDecl> = Vec::new();
    for member in &decl.members {
        let Member::Option(option) = member else {
            continue;
        };
        let name = option.name.name.as_str();
        if name != KEEP_UNKNOWN_FIELDS {
            diagnostics.push(unknown(option));
            continue;
        }
        if let Some(first) = seen.iter().find(|first| first.name.name == name) {
            diagnostics.push(twice(first, option, full_name));
            continue;
        }
        seen.push(option);
        match option.value {
            OptionValue::Bool(keep, _) => options.keep_unknown_fields = keep,
            _ => diagnostics.push(not_bool(option)),
        }
    }
    options
}

fn unknown(option: &OptionDecl) -> Diagnostic {
    Diagnostic::new(
        Code::InvalidOption,
        option.name.span,
        format!("unknown message option `{}`", option.name.name),
    )
    .with_label("unknown option")
    .with_help(format!("the options a message can have are {KNOWN}"))
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

fn not_bool(option: &OptionDecl) -> Diagnostic {
    let written = match &option.value {
        OptionValue::Bool(value, _) => value.to_string(),
        OptionValue::Integer(int) => int.value.to_string(),
        OptionValue::String(text, _) => format!("{text:?}"),
        OptionValue::Name(name) => name.name.clone(),
    };
    Diagnostic::new(
        Code::InvalidOption,
        option.value.span(),
        format!(
            "the option `{}` takes `true` or `false`, not `{written}`",
            option.name.name
        ),
    )
    .with_label("not `true` or `false`")
    .with_help(format!(
        "write `option {} = true;` or leave the option out",
        option.name.name
    ))
}
