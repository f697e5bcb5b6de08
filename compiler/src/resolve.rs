//! Resolve: syntax trees to the model. (Stub: the resolve stage is being
//! written.)

use crate::diagnostic::Diagnostic;
use crate::load::Loaded;
use crate::model::Schema;

/// Builds the model of every loaded file, with a diagnostic for every name
/// that does not resolve.
pub fn resolve(loaded: &Loaded) -> (Schema, Vec<Diagnostic>) {
    let _ = loaded;
    (Schema::default(), Vec::new())
}
