//! The rules for the fields of one message: numbers in range, outside
//! protobuf's own range, not reserved and not repeated; names not reserved
//! and not repeated (oneof names included); no empty oneof.

use std::collections::HashMap;

use super::{check_reserved, describe_range, ranges, repeats, reserved_names};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{
    Field, FieldType, MAX_FIELD_NUMBER, MESSAGE_SET_MAX_NUMBER, Message, MessageId, Reserved,
    ReservedRange, Schema, ValueType,
};
use crate::source::Span;

/// The numbers protobuf keeps for its own implementation.
const PROTOBUF_RANGE: std::ops::RangeInclusive<i64> = 19_000..=19_999;

/// Reports each delimited field (`[delimited = true]`) that is no proto2
/// group: a group's message is declared in the message that holds the
/// field, under the field's name capitalized, so that an exported
/// `.proto` writes it as `optional group Name = N { ... }`
/// ([`Schema::declared_group`]). An editions file's delimited fields
/// (`features.message_encoding = DELIMITED`) may hold any message.
pub(super) fn check_groups(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    for (index, message) in schema.messages.iter().enumerate() {
        let file = schema.file(message.file);
        if file.is_some_and(|file| file.edition().is_some()) {
            continue;
        }
        let holder = MessageId(index as u32);
        for field in message.fields.iter().filter(|field| field.delimited) {
            if schema.declared_group(holder, field).is_some() {
                continue;
            }
            let group = capitalized(&field.name);
            let declare = format!(
                "a delimited field is a proto2 group: declare its message in `{}` as `{group}`, \
                 or remove `delimited = true`",
                message.name
            );
            let (reason, help) = match field.ty {
                FieldType::Map(..) => (
                    "it is a map".to_owned(),
                    "remove `delimited = true`".to_owned(),
                ),
                _ if !matches!(field.ty.value(), ValueType::Message(_)) => (
                    "it is not a message field".to_owned(),
                    "remove `delimited = true`".to_owned(),
                ),
                _ => (
                    format!("its message is not `{}.{group}`", message.full_name),
                    declare,
                ),
            };
            diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    field.name_span,
                    format!("`{}` cannot be delimited: {reason}", field.full_name),
                )
                .with_label("delimited")
                .with_help(help),
            );
        }
    }
}

/// `name` with its first letter capitalized: a group's message's name.
fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Reports every violation in the fields and oneofs of `message`.
pub(super) fn check(message: &Message, diagnostics: &mut Vec<Diagnostic>) {
    check_reserved(
        &message.full_name,
        "reserved",
        &message.reserved,
        1..=MAX_FIELD_NUMBER,
        Code::FieldNumberOutOfRange,
        diagnostics,
    );
    // Extension ranges follow the rules of reserved ranges, and share no
    // number with them.
    let extensions = Reserved {
        ranges: message.extension_ranges.clone(),
        names: Vec::new(),
    };
    // A message set's extensions are numbered up to `i32::MAX - 1`: its
    // `max`.
    let extension_max = match message.options.flag("message_set_wire_format") {
        true => MESSAGE_SET_MAX_NUMBER,
        false => MAX_FIELD_NUMBER,
    };
    check_reserved(
        &message.full_name,
        "extensions",
        &extensions,
        1..=extension_max,
        Code::FieldNumberOutOfRange,
        diagnostics,
    );
    let reserved_bounds = ranges::bounds(&message.reserved.ranges);
    let extension_bounds = ranges::bounds(&message.extension_ranges);
    let overlaps = ranges::first_overlapping(&reserved_bounds, &extension_bounds);
    for (extension, overlap) in message.extension_ranges.iter().zip(overlaps) {
        if let Some(reserved) = overlap.and_then(|index| message.reserved.ranges.get(index)) {
            diagnostics.push(
                Diagnostic::new(
                    Code::OverlappingReservedRange,
                    extension.span,
                    format!(
                        "`extensions {}` overlaps `reserved {}` in `{}`",
                        describe_range(extension),
                        describe_range(reserved),
                        message.full_name
                    ),
                )
                .with_secondary(reserved.span, "reserved here"),
            );
        }
    }
    let numbers = || message.fields.iter().map(|field| field.number);
    let extensions = ranges::first_holding(&message.extension_ranges, numbers());
    let reserved = ranges::first_holding(&message.reserved.ranges, numbers());
    let names = reserved_names(&message.reserved);
    let holders = extensions.into_iter().zip(reserved);
    for (field, (extension, reserved)) in message.fields.iter().zip(holders) {
        check_number(message, field, extension, reserved, diagnostics);
        check_reserved_name(message, field, &names, diagnostics);
    }
    check_duplicate_numbers(message, diagnostics);
    check_duplicate_names(message, diagnostics);
    check_json_names(message, diagnostics);
    check_empty_oneofs(message, diagnostics);
}

/// Checks the number of `field`; `extension` and `reserved` are the first
/// extension range and the first reserved range that hold it, if any.
fn check_number(
    message: &Message,
    field: &Field,
    extension: Option<&ReservedRange>,
    reserved: Option<&ReservedRange>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let (name, number) = (&field.name, field.number);
    if !(1..=MAX_FIELD_NUMBER).contains(&number) {
        diagnostics.push(Diagnostic::new(
            Code::FieldNumberOutOfRange,
            field.number_span,
            format!("the field `{name}` has number {number}, outside 1 to {MAX_FIELD_NUMBER}"),
        ));
        return;
    }
    if PROTOBUF_RANGE.contains(&number) {
        diagnostics.push(Diagnostic::new(
            Code::FieldNumberInProtobufRange,
            field.number_span,
            format!("the field `{name}` has number {number}, which protobuf reserves for itself"),
        ));
    }
    if let Some(range) = extension {
        diagnostics.push(
            Diagnostic::new(
                Code::ExtensionNumber,
                field.number_span,
                format!(
                    "the field `{name}` has number {number}, which `{}` keeps for extensions",
                    message.full_name
                ),
            )
            .with_secondary(
                range.span,
                format!("`extensions {}` here", describe_range(range)),
            ),
        );
    }
    if let Some(range) = reserved {
        diagnostics.push(
            Diagnostic::new(
                Code::ReservedNumber,
                field.number_span,
                format!(
                    "the field `{name}` has number {number}, which `{}` reserves",
                    message.full_name
                ),
            )
            .with_secondary(
                range.span,
                format!("{} reserved here", describe_range(range)),
            ),
        );
    }
}

/// Reports each field that JSON would read from a key an earlier field is
/// read from: its name or its protobuf JSON name. Only exact duplicates of
/// names are reported elsewhere.
fn check_json_names(message: &Message, diagnostics: &mut Vec<Diagnostic>) {
    let keys: Vec<[String; 2]> = message
        .fields
        .iter()
        .map(|field| [field.name.clone(), field.json_name()])
        .collect();
    // For each key, the first field read from it, and the first read from
    // it under another name than that one's: of the earlier fields read
    // from a key, the first whose name differs from any given name is one
    // of the two.
    let mut readers: HashMap<&str, (usize, Option<usize>)> = HashMap::new();
    for (later_index, later) in message.fields.iter().enumerate() {
        let other_name = |&(first, second): &(usize, Option<usize>)| {
            if message.fields[first].name != later.name {
                Some(first)
            } else {
                second
            }
        };
        let clash = keys[later_index]
            .iter()
            .filter_map(|key| readers.get(key.as_str()).and_then(other_name))
            .min()
            .and_then(|index| {
                let shared = keys[later_index]
                    .iter()
                    .find(|key| keys[index].contains(key))?;
                Some((index, shared))
            });
        for key in &keys[later_index] {
            match readers.get_mut(key.as_str()) {
                None => {
                    readers.insert(key, (later_index, None));
                }
                Some((first, second @ None)) if message.fields[*first].name != later.name => {
                    *second = Some(later_index);
                }
                Some(_) => {}
            }
        }
        let Some((earlier, key)) = clash else {
            continue;
        };
        let earlier = &message.fields[earlier];
        diagnostics.push(
            Diagnostic::new(
                Code::JsonNameClash,
                later.name_span,
                format!(
                    "`{}` and `{}` in `{}` both read the JSON key `{key}`",
                    earlier.name, later.name, message.full_name
                ),
            )
            .with_secondary(earlier.name_span, format!("also read from `{key}`")),
        );
    }
}

/// Reports `field` if its name is reserved; `reserved` maps each reserved
/// name to where it is first reserved.
fn check_reserved_name(
    message: &Message,
    field: &Field,
    reserved: &HashMap<&str, Span>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some(&span) = reserved.get(field.name.as_str()) {
        diagnostics.push(
            Diagnostic::new(
                Code::ReservedName,
                field.name_span,
                format!(
                    "the field name `{}` is reserved in `{}`",
                    field.name, message.full_name
                ),
            )
            .with_secondary(span, "reserved here"),
        );
    }
}

fn check_duplicate_numbers(message: &Message, diagnostics: &mut Vec<Diagnostic>) {
    for (first, later) in repeats(&message.fields, |field| field.number) {
        diagnostics.push(
            Diagnostic::new(
                Code::DuplicateFieldNumber,
                later.number_span,
                format!(
                    "field number {} is used by both `{}` and `{}` in `{}`",
                    later.number, first.name, later.name, message.full_name
                ),
            )
            .with_secondary(first.number_span, format!("first used by `{}`", first.name)),
        );
    }
}

/// A name in the namespace of a message's fields.
struct FieldName<'a> {
    name: &'a str,
    span: Span,
    kind: &'static str,
}

fn check_duplicate_names(message: &Message, diagnostics: &mut Vec<Diagnostic>) {
    let mut names: Vec<FieldName<'_>> = message
        .fields
        .iter()
        .map(|field| FieldName {
            name: &field.name,
            span: field.name_span,
            kind: "field",
        })
        .chain(message.oneofs.iter().map(|oneof| FieldName {
            name: &oneof.name,
            span: oneof.span,
            kind: "oneof",
        }))
        .collect();
    names.sort_by_key(|name| name.span);
    for (first, later) in repeats(&names, |name| name.name) {
        let message = if first.kind == later.kind {
            format!(
                "the {} name `{}` is used twice in `{}`",
                later.kind, later.name, message.full_name
            )
        } else {
            format!(
                "the name `{}` is used by both a {} and a {} in `{}`",
                later.name, first.kind, later.kind, message.full_name
            )
        };
        diagnostics.push(
            Diagnostic::new(Code::DuplicateFieldName, later.span, message)
                .with_secondary(first.span, format!("first used by this {}", first.kind)),
        );
    }
}

fn check_empty_oneofs(message: &Message, diagnostics: &mut Vec<Diagnostic>) {
    let mut has_members = vec![false; message.oneofs.len()];
    for index in message.fields.iter().filter_map(|field| field.oneof) {
        if let Some(has_members) = has_members.get_mut(index) {
            *has_members = true;
        }
    }
    for (oneof, _) in message
        .oneofs
        .iter()
        .zip(has_members)
        .filter(|(_, has_members)| !has_members)
    {
        diagnostics.push(Diagnostic::new(
            Code::EmptyOneof,
            oneof.span,
            format!(
                "the oneof `{}` in `{}` has no members",
                oneof.name, message.full_name
            ),
        ));
    }
}
