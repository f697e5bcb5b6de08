//! How schema names become protobuf's: the names enum values are exported
//! under, which protobuf's JSON also reads.
//!
//! protobuf scopes enum value names at the enum's parent, so two enums in
//! one package may not share a value name. A `.schema` enum one of whose
//! values would clash there is exported with the enum's name as a prefix
//! on each value (`Status.PENDING` → `STATUS_PENDING`) unless it has it
//! already; prost strips that prefix again, so prost's Rust variants are
//! the same as schemac's. Every other enum keeps its values' names, so
//! that protobuf's JSON names are schemac's and `import-proto` gets them
//! back. Export writes these names and generated JSON reads them.

use heck::ToShoutySnakeCase;

use crate::ast::Dialect;
use crate::model::{Enum, EnumId, MessageId, Schema};

/// The exported name of enum value `value` of `enumeration`: as written,
/// unless the enum's values must be prefixed (see [`prefixes_values`]).
pub fn value_name(schema: &Schema, enumeration: &Enum, value: &str) -> String {
    let prefix = format!("{}_", enumeration.name.to_shouty_snake_case());
    if !prefixes_values(schema, enumeration) || value.to_shouty_snake_case().starts_with(&prefix) {
        value.to_owned()
    } else {
        format!("{prefix}{value}")
    }
}

/// Whether the values of `enumeration` are exported with the enum's name
/// as a prefix: a `.schema` enum's values are scoped to the enum, but
/// protobuf scopes them at the enum's parent, so when one of them has the
/// name of something else there (another enum's value, a type, a field)
/// every value of the enum gets the prefix. A `.proto` enum's values keep
/// their names: protobuf's rule held for them already.
pub fn prefixes_values(schema: &Schema, enumeration: &Enum) -> bool {
    let from_schema = schema
        .files
        .get(enumeration.file.0 as usize)
        .is_some_and(|file| file.dialect == Dialect::Schema);
    if !from_schema {
        return false;
    }
    // The names in the enum's proto scope, but for its own values.
    let (messages, enums, fields): (Vec<MessageId>, Vec<EnumId>, Vec<&str>) =
        match enumeration.parent {
            Some(parent) => {
                let parent = schema.message(parent);
                let fields = parent
                    .fields
                    .iter()
                    .map(|field| field.name.as_str())
                    .chain(parent.oneofs.iter().map(|oneof| oneof.name.as_str()))
                    .collect();
                (parent.messages.clone(), parent.enums.clone(), fields)
            }
            None => {
                let in_package = |package: &Vec<String>| *package == enumeration.package;
                let files = schema.files.iter().filter(|file| in_package(&file.package));
                let (messages, enums): (Vec<_>, Vec<_>) = files
                    .map(|file| (file.messages.clone(), file.enums.clone()))
                    .unzip();
                (messages.concat(), enums.concat(), Vec::new())
            }
        };
    let mut taken: Vec<&str> = fields;
    taken.extend(messages.iter().map(|&id| schema.message(id).name.as_str()));
    for &id in &enums {
        let other = schema.enumeration(id);
        taken.push(&other.name);
        if !std::ptr::eq(other, enumeration) {
            taken.extend(other.values.iter().map(|value| value.name.as_str()));
        }
    }
    enumeration
        .values
        .iter()
        .any(|value| taken.contains(&value.name.as_str()))
}
