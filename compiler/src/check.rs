//! Check: the rules a resolved schema must follow. (Stub: the check stage is
//! being written.)

use crate::diagnostic::Diagnostic;
use crate::model::Schema;

/// Every rule violation in `schema`.
pub fn check(schema: &Schema) -> Vec<Diagnostic> {
    let _ = schema;
    Vec::new()
}
