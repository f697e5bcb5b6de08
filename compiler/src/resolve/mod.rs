//! Resolve: the syntax trees of every loaded file to one [`Schema`].
//!
//! It runs in passes, each in its own module:
//!
//! 1. [`collect`] walks every file in [`FileId`](crate::source::FileId)
//!    order and gives each message and enum an id in pre-order of
//!    declaration. It fills in everything but fields and oneofs, reading
//!    message options through [`options`] and each scope's [`features`],
//!    and builds the symbol table of full names (packages and services
//!    included).
//! 2. [`fields`] lowers the fields and oneofs of every message, and the
//!    requests and responses of every service's methods, resolving
//!    type names through [`lookup`] (with [`hints`] for names that do not
//!    resolve), lowering each field's features into its type, `packed` and
//!    `delimited`, and checking that lists, maps, optional and oneof
//!    members are combined legally.
//! 3. [`interpret`] interprets every protobuf option, standard and
//!    custom, into the model's [`Options`](crate::model::Options), as protoc
//!    interprets them.
//! 4. [`graph_ids`] takes out of the messages of `.proto` files that
//!    references point at the field of graph mode their exported files
//!    declare, and [`imports`] reports import cycles.
//! 5. [`cycles`] marks the singular message fields that must be boxed,
//!    and the messages that can contain themselves.
//!
//! Resolve never stops early. A type that does not resolve is reported once
//! and replaced by a placeholder, `bytes` (or a `string` key for maps), so
//! that check can still run on the model without reporting anything caused
//! by the placeholder.
//!
//! A message or enum named like a scalar (`message string {}`) is an error,
//! [`Code::ScalarTypeName`](crate::diagnostic::Code::ScalarTypeName): a
//! single-segment scalar name always means the scalar, so such a type could
//! only be reached through a dotted name, which would be a trap.

mod collect;
mod cycles;
pub(crate) mod features;
mod fields;
mod graph_ids;
mod hints;
mod imports;
mod interpret;
mod lookup;
pub(crate) mod options;
#[cfg(test)]
pub(crate) mod test_helpers;
#[cfg(test)]
mod tests;

use crate::diagnostic::Diagnostic;
use crate::load::Loaded;
use crate::model::Schema;
pub(crate) use lookup::TypeNames;

/// Builds the model of every loaded file, with a diagnostic for every name
/// that does not resolve, every duplicate type, every illegal combination of
/// list, map, optional and oneof, every invalid option, and every import
/// cycle.
pub fn resolve(loaded: &Loaded) -> (Schema, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let collected = collect::collect(loaded, &mut diagnostics);
    let (mut schema, symbols) = fields::lower(collected, &mut diagnostics);
    interpret::interpret(loaded, &mut schema, &symbols, &mut diagnostics);
    graph_ids::adopt(&mut schema);
    imports::report_cycles(loaded, &mut diagnostics);
    cycles::mark_boxed(&mut schema);
    cycles::mark_recursive(&mut schema);
    (schema, diagnostics)
}
