//! The names protobuf puts in one scope, which must differ in the exported
//! `.proto`: in a message, its fields, oneofs, nested types, the entry
//! messages of its maps, graph mode's field `schemac_graph_id` (when a
//! `ref` or `weak` points at it) and the values of its nested enums; in a
//! package, its types, its services and the values of its top-level enums.
//! Names that clash within one group (two members, a field and a oneof;
//! two types, a message, an enum or a service; two values of one enum) are
//! reported by their own rules, graph mode's field among the members
//! (E0324); this reports the others, which protoc refuses.

use std::collections::HashMap;

use heck::ToUpperCamelCase;

use super::repeats;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{EnumId, FieldType, GRAPH_ID_FIELD_NAME, Message, MessageId, Schema, Service};
use crate::proto_names::{exported_value_name, prefixed_enums};
use crate::source::{FileId, Span};

/// A name in a protobuf scope, with what it names and where.
struct Scoped {
    name: String,
    kind: &'static str,
    /// The names of one group clash by rules of their own: fields and
    /// oneofs (E0302, and E0324 with graph mode's field), messages, enums
    /// and services (E0203), the values of one enum (E0309), here each
    /// enum a group of its own.
    group: Group,
    span: Span,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Member,
    Type,
    Entry,
    Values(EnumId),
}

/// Reports every name that two kinds of declaration share in one scope.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let prefixed = prefixed_enums(schema);
    let ref_targets = schema.ref_target_marks();
    for (message, ref_target) in schema.messages.iter().zip(ref_targets) {
        let mut names: Vec<Scoped> = Vec::new();
        if ref_target {
            // The field the exported .proto adds to it: a member.
            names.push(scoped(
                GRAPH_ID_FIELD_NAME,
                "graph id field",
                Group::Member,
                message.span,
            ));
        }
        for field in &message.fields {
            names.push(scoped(&field.name, "field", Group::Member, field.name_span));
            if matches!(field.ty, FieldType::Map(..)) {
                // protoc's name for the entry message of a map field.
                let entry = format!("{}Entry", field.name.to_upper_camel_case());
                names.push(scoped(
                    &entry,
                    "map entry message",
                    Group::Entry,
                    field.name_span,
                ));
            }
        }
        for oneof in &message.oneofs {
            names.push(scoped(&oneof.name, "oneof", Group::Member, oneof.span));
        }
        let (messages, enums) = (&message.messages, &message.enums);
        types_and_values(schema, &prefixed, messages, enums, &mut names);
        report(names, &message.full_name, diagnostics);
    }
    let mut services: HashMap<FileId, Vec<&Service>> = HashMap::new();
    for service in &schema.services {
        services.entry(service.file).or_default().push(service);
    }
    for (package, files) in schema.packages() {
        let mut names = Vec::new();
        for file in files.iter().filter(|file| !file.provided) {
            types_and_values(schema, &prefixed, &file.messages, &file.enums, &mut names);
            for service in services.get(&file.id).into_iter().flatten() {
                names.push(scoped(&service.name, "service", Group::Type, service.span));
            }
        }
        report(names, &package.join("."), diagnostics);
    }
}

fn scoped(name: &str, kind: &'static str, group: Group, span: Span) -> Scoped {
    Scoped {
        name: name.to_owned(),
        kind,
        group,
        span,
    }
}

/// The names of `messages` and `enums`, and of the enums' values as they
/// are exported; `prefixed` says, for each enum of `schema`, whether its
/// values are exported with a prefix.
fn types_and_values(
    schema: &Schema,
    prefixed: &[bool],
    messages: &[MessageId],
    enums: &[EnumId],
    names: &mut Vec<Scoped>,
) {
    for &id in messages {
        let nested: &Message = schema.message(id);
        names.push(scoped(&nested.name, "message", Group::Type, nested.span));
    }
    for &id in enums {
        let enumeration = schema.enumeration(id);
        names.push(scoped(
            &enumeration.name,
            "enum",
            Group::Type,
            enumeration.span,
        ));
        let prefixed = prefixed.get(id.0 as usize).copied().unwrap_or(false);
        for value in &enumeration.values {
            let exported = exported_value_name(enumeration, prefixed, &value.name);
            names.push(scoped(
                &exported,
                "enum value",
                Group::Values(id),
                value.name_span,
            ));
        }
    }
}

fn report(mut names: Vec<Scoped>, scope: &str, diagnostics: &mut Vec<Diagnostic>) {
    if names.len() < 2 {
        return;
    }
    names.sort_by_key(|name| name.span);
    for (first, later) in repeats(&names, |name| name.name.as_str()) {
        if first.group == later.group {
            continue;
        }
        diagnostics.push(
            Diagnostic::new(
                Code::ProtobufScopeClash,
                later.span,
                format!(
                    "the {} and the {} `{}` share a name in protobuf's scope `{scope}`",
                    first.kind, later.kind, later.name
                ),
            )
            .with_secondary(first.span, format!("the {} `{}`", first.kind, first.name)),
        );
    }
}
