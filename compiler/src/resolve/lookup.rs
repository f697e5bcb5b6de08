//! Type name lookup, protobuf style.
//!
//! A name with a leading dot is fully qualified. Otherwise its first segment
//! is looked up from the innermost scope outwards: the message the field is
//! in, each enclosing message, then each prefix of the package from the
//! longest to the empty one. The first scope where the first segment names a
//! package, message or enum wins, and the rest of the name must resolve
//! inside it; there is no backtracking to outer scopes. A single segment that
//! is a scalar name (`i64`) is that scalar, and `timestamp` and `duration`
//! are the well-known types.

use super::collect::{Symbol, Symbols, qualify};
use crate::ast::TypeName;
use crate::model::{Scalar, ValueType, WellKnown};

/// Why a name did not resolve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// No scope declares the first segment.
    NotFound,
    /// The first segment names `first` (a full name), which declares nothing
    /// by the rest of the name.
    NotInside {
        /// The full name the first segment resolved to.
        first: String,
    },
    /// The name is the package with this full name, not a type.
    Package(String),
}

/// Resolves `name` as written inside `scope`, the full name of the message
/// holding the field.
pub(super) fn lookup(
    symbols: &Symbols,
    scope: &str,
    name: &TypeName,
) -> Result<ValueType, Failure> {
    lookup_segments(symbols, scope, name.absolute, &name.segments)
}

/// Resolves the name with `segments`, written inside `scope`.
pub(super) fn lookup_segments(
    symbols: &Symbols,
    scope: &str,
    absolute: bool,
    segments: &[String],
) -> Result<ValueType, Failure> {
    let Some(first) = segments.first() else {
        return Err(Failure::NotFound);
    };
    let written = segments.join(".");
    if absolute {
        return find(symbols, &written).unwrap_or(Err(Failure::NotFound));
    }
    if segments.len() == 1
        && let Some(scalar) = Scalar::from_name(first)
    {
        return Ok(ValueType::Scalar(scalar));
    }
    if segments.len() == 1
        && let Some(known) = WellKnown::from_schema_name(first)
    {
        return Ok(ValueType::WellKnown(known));
    }
    let mut scope: Vec<&str> = scope.split('.').filter(|part| !part.is_empty()).collect();
    loop {
        let prefix = scope.join(".");
        let head = qualify(&prefix, first);
        if symbols.contains_key(&head) {
            return find(symbols, &qualify(&prefix, &written))
                .unwrap_or(Err(Failure::NotInside { first: head }));
        }
        if scope.pop().is_none() {
            return Err(Failure::NotFound);
        }
    }
}

/// The text of `name` as written: `.shop.Order`, `geo.Unit`.
pub(super) fn display(name: &TypeName) -> String {
    let dot = if name.absolute { "." } else { "" };
    format!("{dot}{}", name.segments.join("."))
}

/// The full name `full_name`, if it is declared.
fn find(symbols: &Symbols, full_name: &str) -> Option<Result<ValueType, Failure>> {
    let (symbol, _) = symbols.get(full_name)?;
    Some(match *symbol {
        Symbol::Message(id) => Ok(ValueType::Message(id)),
        Symbol::Enum(id) => Ok(ValueType::Enum(id)),
        Symbol::Provided(ty) => Ok(ty),
        Symbol::Package => Err(Failure::Package(full_name.to_owned())),
    })
}
