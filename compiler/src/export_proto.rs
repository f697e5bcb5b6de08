//! Export: the model of one file as an equivalent proto3 `.proto`. (Stub:
//! being written.)

use crate::model::Schema;
use crate::source::FileId;

/// The `.proto` text for `file`.
pub fn export(schema: &Schema, file: FileId) -> String {
    let _ = (schema, file);
    String::new()
}
