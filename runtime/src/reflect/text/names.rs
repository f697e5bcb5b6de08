//! The names fields go by in the text format: a field's own name, a
//! group's by its type's name, an extension's full name in brackets.

use crate::prelude::*;

use crate::reflect::{Cardinality, FieldDescriptor, Kind, MessageDescriptor};

/// The name `field` is printed under: `[full.name]` for an extension (a
/// message set's by its message's full name), the type's name for a
/// group, else its name.
pub(super) fn printed_name(field: FieldDescriptor<'_>) -> String {
    if field.is_extension() {
        let name = match message_set_item(field) {
            Some(message) => message.full_name(),
            None => field.full_name(),
        };
        return format!("[{name}]");
    }
    match group_type(field) {
        Some(group) => group.name().to_owned(),
        None => field.name().to_owned(),
    }
}

/// The field of `message` a text names `name`: by its name, or a group by
/// its type's name (`Data` for `group Data`), as protoc reads them.
pub(super) fn field_named<'a>(
    message: MessageDescriptor<'a>,
    name: &str,
) -> Option<FieldDescriptor<'a>> {
    if let Some(field) = message.field_by_name(name) {
        return Some(field);
    }
    let field = message.field_by_name(&name.to_ascii_lowercase())?;
    group_type(field)
        .is_some_and(|group| group.name() == name)
        .then_some(field)
}

/// The extension of `message` a text names `[name]`: by its full name, or
/// a message set's extension by its message's full name.
pub(super) fn extension_named<'a>(
    message: MessageDescriptor<'a>,
    name: &str,
) -> Option<FieldDescriptor<'a>> {
    let pool = message.pool();
    if let Some(extension) = pool.extension(name) {
        return (extension.containing_message() == message).then_some(extension);
    }
    let item = pool.message(name)?;
    pool.extensions_of(message)
        .find(|extension| message_set_item(*extension) == Some(item))
}

/// Whether `message` is `google.protobuf.Any`, whose text may hold its
/// value expanded.
pub(super) fn is_any(message: MessageDescriptor<'_>) -> bool {
    message.full_name() == "google.protobuf.Any"
        && matches!(message.field(1).map(|f| f.kind()), Some(Kind::String))
        && matches!(message.field(2).map(|f| f.kind()), Some(Kind::Bytes))
}

/// The type of a group-like field, which the text format names by it:
/// delimited, named as its type in lower case, its type declared beside it
/// (protobuf's `IsGroupLike`).
fn group_type(field: FieldDescriptor<'_>) -> Option<MessageDescriptor<'_>> {
    let Kind::Message(group) = field.kind() else {
        return None;
    };
    let beside = match scope_of(field.full_name()) {
        "" => group.full_name() == group.name(),
        scope => group.full_name() == format!("{scope}.{}", group.name()),
    };
    let same_file = field.is_extension() || field.containing_message().file() == group.file();
    (field.is_group() && field.name() == group.name().to_ascii_lowercase() && beside && same_file)
        .then_some(group)
}

/// The message a message set's extension holds, which names it in the
/// text format: an optional message extension of a message set, declared
/// in the message it holds.
fn message_set_item(extension: FieldDescriptor<'_>) -> Option<MessageDescriptor<'_>> {
    let Kind::Message(item) = extension.kind() else {
        return None;
    };
    let message_set = (extension.containing_message().options())
        .and_then(|options| options.message_set_wire_format)
        .unwrap_or(false);
    (message_set
        && extension.cardinality() == Cardinality::Optional
        && scope_of(extension.full_name()) == item.full_name())
    .then_some(item)
}

/// What a full name is declared in: `a.b` of `a.b.c`, empty for `c`.
fn scope_of(full_name: &str) -> &str {
    full_name.rsplit_once('.').map_or("", |(scope, _)| scope)
}
