//! Type name lookup, protobuf style.
//!
//! A name with a leading dot is fully qualified. Otherwise its first segment
//! is looked up from the innermost scope outwards: the message the field is
//! in, each enclosing message, then each prefix of the package from the
//! longest to the empty one. The first scope where the first segment names a
//! package, message or enum wins, and the rest of the name must resolve
//! inside it; there is no backtracking to outer scopes. A single segment that
//! is a scalar name (`i64`) is that scalar.

use super::collect::{Symbol, Symbols, qualify};
use crate::ast::TypeName;
use crate::model::{Scalar, ValueType};

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
    let Some(first) = name.segments.first() else {
        return Err(Failure::NotFound);
    };
    let written = name.segments.join(".");
    if name.absolute {
        return find(symbols, &written).unwrap_or(Err(Failure::NotFound));
    }
    if name.segments.len() == 1 {
        if let Some(scalar) = Scalar::from_name(first) {
            return Ok(ValueType::Scalar(scalar));
        }
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

/// A hint for a name that did not resolve: the schemac spelling of a
/// protobuf scalar, or a declared type with the same last segment.
pub(super) fn suggestion(symbols: &Symbols, name: &TypeName) -> Option<String> {
    if let [single] = name.segments.as_slice() {
        if let Some(scalar) = protobuf_scalar(single) {
            return Some(format!(
                "schemac spells the scalar `{single}` as `{}`",
                scalar.name()
            ));
        }
    }
    let last = name.segments.last()?;
    let types = symbols
        .iter()
        .filter(|(_, (symbol, _))| !matches!(symbol, Symbol::Package));
    let mut close = None;
    for (full_name, _) in types {
        let simple = full_name.rsplit('.').next().unwrap_or(full_name);
        if simple == last {
            return Some(format!("did you mean `{full_name}`?"));
        }
        if close.is_none() && simple.eq_ignore_ascii_case(last) {
            close = Some(full_name);
        }
    }
    close.map(|full_name| format!("did you mean `{full_name}`?"))
}

/// The full name `full_name`, if it is declared.
fn find(symbols: &Symbols, full_name: &str) -> Option<Result<ValueType, Failure>> {
    let (symbol, _) = symbols.get(full_name)?;
    Some(match *symbol {
        Symbol::Message(id) => Ok(ValueType::Message(id)),
        Symbol::Enum(id) => Ok(ValueType::Enum(id)),
        Symbol::Package => Err(Failure::Package(full_name.to_owned())),
    })
}

/// The scalar a protobuf spelling stands for, where schemac spells it
/// differently.
fn protobuf_scalar(name: &str) -> Option<Scalar> {
    match name {
        "int32" => Some(Scalar::I32),
        "int64" => Some(Scalar::I64),
        "uint32" => Some(Scalar::U32),
        "uint64" => Some(Scalar::U64),
        "float" => Some(Scalar::F32),
        "double" => Some(Scalar::F64),
        _ => None,
    }
}
