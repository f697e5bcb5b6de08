//! Transcoding between JSON or the text format and the binary format with
//! nothing but the schema, like protoc's `--encode` and `--decode`:
//! [`Codec`], which `schemac encode` and `schemac decode` call, the
//! runtime's dynamic messages over the descriptors the schema exports.
//!
//! The JSON mapping is the one generated serde impls use (docs/json.md),
//! graph mode's `$id` and `$ref` included (docs/graph.md); the bytes are
//! generated code's.

mod messages;

use crate::model::{Message, MessageId, Schema};

pub use messages::{Codec, CodecError};
pub use schemac_runtime::json::parse_strict as parse_json;

/// The message named `name`: its full name (`shop.Order`), or its short
/// name when only one message has it.
pub fn find_message(schema: &Schema, name: &str) -> Result<MessageId, String> {
    let name = name.strip_prefix('.').unwrap_or(name);
    if let Some((id, _)) = schema.message_ids().find(|(_, m)| m.full_name == name) {
        return Ok(id);
    }
    let matches: Vec<(MessageId, &Message)> = schema
        .message_ids()
        .filter(|(_, m)| m.name == name)
        .collect();
    match matches.as_slice() {
        [(id, _)] => Ok(*id),
        [] => Err(format!("no message named `{name}` in the schema")),
        _ => Err(format!(
            "`{name}` is ambiguous; write one of {}",
            matches
                .iter()
                .map(|(_, m)| format!("`{}`", m.full_name))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

#[cfg(test)]
mod tests;
