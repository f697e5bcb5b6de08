//! Options written back as source: `name = value` assignments whose
//! values are in protobuf's text format, which `.proto` and `.schema`
//! files share. export_proto and export_schema write each element's
//! options with them.
//!
//! Each field of an element's options becomes one assignment: a standard
//! option by its name (`deprecated = true`), a custom one by its full name
//! with a leading dot (`(.google.api.http) = { get: "/v1" }`), so that no
//! scope can read it as another. A repeated option becomes one assignment
//! per value, as a `.proto` file writes it. Inside a message, extensions
//! are `[full.name]` and groups are named by their message. Strings are
//! written by the caller's `quote`, since the two languages escape them
//! differently; reading the text back gives the same options.

use std::fmt::Write as _;

use crate::model::{Constant, FieldDefinition, OptionType, Options, Schema};

/// Writes a string or bytes as a literal of the language being written.
pub(crate) type Quote = fn(&[u8]) -> String;

/// The assignments of `options`, in order: `name = value` each.
pub(crate) fn assignments(schema: &Schema, options: &Options, quote: Quote) -> Vec<String> {
    let mut assignments = Vec::new();
    for field in &options.fields {
        let name = match field.definition {
            FieldDefinition::Extension(_) => format!("(.{})", field.name),
            _ => field.name.clone(),
        };
        for value in &field.values {
            assignments.push(format!("{name} = {}", value_text(schema, value, quote)));
        }
    }
    assignments
}

/// One value in the text format.
fn value_text(schema: &Schema, value: &Constant, quote: Quote) -> String {
    match value {
        Constant::Bool(value) => value.to_string(),
        Constant::Int(value) => value.to_string(),
        Constant::Uint(value) => value.to_string(),
        Constant::Double(value) => float_text(*value),
        Constant::Float(value) if value.is_finite() => format!("{value:?}"),
        Constant::Float(value) => float_text(f64::from(*value)),
        Constant::String(text) => quote(text.as_bytes()),
        Constant::Bytes(bytes) => quote(bytes),
        // An open enum's value that has no name is written by number.
        Constant::Enum(number, name) if name.parse::<i32>().is_ok() => number.to_string(),
        Constant::Enum(_, name) => name.clone(),
        Constant::Message(message) => message_text(schema, message, quote),
    }
}

/// A message in braces: `{ a: 1 b: { c: 2 } }`.
fn message_text(schema: &Schema, message: &Options, quote: Quote) -> String {
    let mut text = String::from("{");
    for field in &message.fields {
        let name = match (field.definition, field.ty) {
            (FieldDefinition::Extension(_), _) => format!("[{}]", field.name),
            // The text format names a group by its message.
            (
                _,
                OptionType::Message {
                    id,
                    delimited: true,
                },
            ) => schema.message(id).name.clone(),
            _ => field.name.clone(),
        };
        for value in &field.values {
            let _ = write!(text, " {name}: {}", value_text(schema, value, quote));
        }
    }
    text.push_str(" }");
    text
}

/// A float as a value: `inf`, `-inf`, `nan`, `-nan`, or the shortest
/// decimal that reads back as the same number.
fn float_text(value: f64) -> String {
    match value {
        _ if value.is_nan() && value.is_sign_negative() => "-nan".to_owned(),
        _ if value.is_nan() => "nan".to_owned(),
        f64::INFINITY => "inf".to_owned(),
        f64::NEG_INFINITY => "-inf".to_owned(),
        _ => format!("{value:?}"),
    }
}
