//! The codec of `schemac encode` and `schemac decode`: a message of an
//! analysed schema from JSON or the text format to bytes, and back.
//!
//! It is the runtime's dynamic messages (`schemac_runtime::reflect`), over
//! the descriptors the schema exports, as users reach them, so that the
//! command line and a program reading a descriptor set share one codec.
//! The descriptors say what a field means beyond protobuf with the options
//! of `schemac/options.proto`: a `decimal` or `value` without presence, a
//! `ref` or `weak` of graph mode, whose JSON numbers its objects (`$id`
//! and `$ref`: docs/graph.md).

use std::fmt;
use std::sync::OnceLock;

use schemac_runtime::DecodeError;
use schemac_runtime::reflect::{
    DescriptorPool, DynamicMessage, JsonError, JsonOptions, MessageDescriptor, TextError,
};
use serde_json::Value as Json;

use crate::model::MessageId;
use crate::{Analysis, JsonNames};

/// JSON and the text format of the messages of one analysed schema.
pub struct Codec<'a> {
    analysis: &'a Analysis,
    /// The descriptors of the schema's files and of what they import, or
    /// why they make no pool; made when a message first needs them.
    pool: OnceLock<Result<DescriptorPool, String>>,
}

/// Why a message could not be read or written: where, and what.
#[derive(Debug)]
pub enum CodecError {
    /// The bytes are not a message of the type.
    Decode(DecodeError),
    /// The JSON is not a message of the type, or the message has no JSON.
    Json(JsonError),
    /// The text is not a message of the type; its line and column.
    Text(TextError),
    /// The JSON leaves out a required field: its path from the message's
    /// type, such as `shop.Order.customer.name`.
    MissingRequired(String),
    /// The schema's exported descriptors make no pool (a bug, if ever),
    /// or it lacks the message.
    Descriptors(String),
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodecError::Decode(error) => error.fmt(f),
            CodecError::Json(error) => error.fmt(f),
            CodecError::Text(error) => error.fmt(f),
            CodecError::MissingRequired(path) => write!(f, "{path}: a required field is missing"),
            CodecError::Descriptors(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for CodecError {}

impl CodecError {
    /// The path of the value at fault, from the message's type
    /// (`shop.Order.lines[2].price`); empty where there is none (the text
    /// format's errors have a line and a column instead).
    pub fn path(&self) -> String {
        match self {
            CodecError::Decode(error) => error.path(),
            CodecError::Json(error) => error.path().to_owned(),
            CodecError::MissingRequired(path) => path.clone(),
            CodecError::Text(_) | CodecError::Descriptors(_) => String::new(),
        }
    }
}

impl<'a> Codec<'a> {
    /// The codec of `analysis`'s messages, with the descriptors of its
    /// roots and everything they import.
    pub fn new(analysis: &'a Analysis) -> Self {
        Codec {
            analysis,
            pool: OnceLock::new(),
        }
    }

    /// The descriptor of message `id`.
    pub fn descriptor(&self, id: MessageId) -> Result<MessageDescriptor<'_>, CodecError> {
        let pool = self.pool.get_or_init(|| {
            let set = (self.analysis).encode_descriptor_set(&self.analysis.roots, true);
            DescriptorPool::decode(&set).map_err(|error| error.to_string())
        });
        let pool = pool
            .as_ref()
            .map_err(|error| CodecError::Descriptors(error.clone()))?;
        let name = &self.analysis.schema.message(id).full_name;
        (pool.message(name))
            .ok_or_else(|| CodecError::Descriptors(format!("`{name}` has no descriptor")))
    }

    /// The bytes of the message of type `id` that `json` is. A required
    /// field left out is an error, as generated code's encoding says.
    pub fn json_to_bytes(&self, id: MessageId, json: &Json) -> Result<Vec<u8>, CodecError> {
        let descriptor = self.descriptor(id)?;
        let message = DynamicMessage::from_json_with(descriptor, json, &JsonOptions::new())
            .map_err(CodecError::Json)?;
        if let Some(missing) = message.missing_required() {
            let path = format!("{}.{missing}", descriptor.full_name());
            return Err(CodecError::MissingRequired(path));
        }
        Ok(message.encode_to_vec())
    }

    /// The JSON of the message of type `id` that `bytes` are, its fields
    /// under `names`.
    pub fn bytes_to_json(
        &self,
        id: MessageId,
        bytes: &[u8],
        names: JsonNames,
    ) -> Result<Json, CodecError> {
        let message =
            DynamicMessage::decode(self.descriptor(id)?, bytes).map_err(CodecError::Decode)?;
        let options = JsonOptions::new().proto_field_names(names == JsonNames::Schema);
        message.to_json_with(&options).map_err(CodecError::Json)
    }

    /// The bytes of the message of type `id` that `text` is in the text
    /// format, as `protoc --encode` reads it.
    pub fn text_to_bytes(&self, id: MessageId, text: &str) -> Result<Vec<u8>, CodecError> {
        let message =
            DynamicMessage::parse_text(self.descriptor(id)?, text).map_err(CodecError::Text)?;
        Ok(message.encode_to_vec())
    }

    /// The message of type `id` that `bytes` are, in the text format, as
    /// `protoc --decode` writes it.
    pub fn bytes_to_text(&self, id: MessageId, bytes: &[u8]) -> Result<String, CodecError> {
        let message =
            DynamicMessage::decode(self.descriptor(id)?, bytes).map_err(CodecError::Decode)?;
        Ok(message.to_text())
    }
}
