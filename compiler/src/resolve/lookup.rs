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
use crate::ast::{Dialect, TypeName};
use crate::builtin::TYPES_PROTO_NAME;
use crate::model::{ExtensionId, Scalar, Schema, ValueType, WellKnown};
use crate::source::Span;

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
    /// The name is the service with this full name, not a type.
    Service(String),
    /// The name is the extension with this full name, not a type.
    Extension(String),
    /// The name is the type with this full name, not an extension.
    Type(String),
}

/// Resolves `name` as written inside `scope`, the full name of the message
/// holding the field, in a file of `dialect`.
pub(super) fn lookup(
    symbols: &Symbols,
    scope: &str,
    name: &TypeName,
    dialect: Dialect,
) -> Result<ValueType, Failure> {
    lookup_segments(symbols, scope, name.absolute, &name.segments, dialect)
}

/// Resolves the name with `segments`, written inside `scope` in a file of
/// `dialect`.
pub(super) fn lookup_segments(
    symbols: &Symbols,
    scope: &str,
    absolute: bool,
    segments: &[String],
    dialect: Dialect,
) -> Result<ValueType, Failure> {
    let Some(first) = segments.first() else {
        return Err(Failure::NotFound);
    };
    if absolute {
        return find(symbols, &segments.join(".")).unwrap_or(Err(Failure::NotFound));
    }
    if segments.len() == 1
        && let Some(scalar) = Scalar::from_name(first)
    {
        return Ok(ValueType::Scalar(scalar));
    }
    if segments.len() == 1
        && dialect == Dialect::Schema
        && let Some(known) = WellKnown::from_schema_name(first)
    {
        return Ok(ValueType::WellKnown(known));
    }
    let (full_name, _) = lookup_symbol(symbols, scope, segments)?;
    find(symbols, &full_name).unwrap_or(Err(Failure::NotFound))
}

/// Resolves the extension name `name` (`google.api.http`, `.foo.bar`),
/// written inside `scope`, as an option's name or a message literal's
/// `[name]` writes it.
pub(super) fn lookup_extension(
    symbols: &Symbols,
    scope: &str,
    name: &str,
) -> Result<ExtensionId, Failure> {
    let absolute = name.starts_with('.');
    let segments: Vec<String> = name
        .trim_start_matches('.')
        .split('.')
        .map(str::to_owned)
        .collect();
    let full_name = match absolute {
        true => segments.join("."),
        false => lookup_symbol(symbols, scope, &segments)?.0,
    };
    match symbols.get(&full_name) {
        Some((Symbol::Extension(id), _)) => Ok(*id),
        Some((Symbol::Package, _)) => Err(Failure::Package(full_name)),
        Some((Symbol::Service(_), _)) => Err(Failure::Service(full_name)),
        Some(_) => Err(Failure::Type(full_name)),
        None => Err(Failure::NotFound),
    }
}

/// The full name that the relative name `segments` means inside `scope`:
/// its first segment looked up from the innermost scope outwards, the
/// first scope that declares it holding the rest. `Err` when no scope
/// declares the first segment, or the one that does declares nothing by
/// the rest; not checked to be declared itself.
fn lookup_symbol(
    symbols: &Symbols,
    scope: &str,
    segments: &[String],
) -> Result<(String, Symbol), Failure> {
    let Some(first) = segments.first() else {
        return Err(Failure::NotFound);
    };
    let written = segments.join(".");
    // The scope's prefixes, from the whole scope to the empty one, are
    // slices of one string: a name written deep inside nested messages
    // costs no string per scope tried.
    let parts: Vec<&str> = scope.split('.').filter(|part| !part.is_empty()).collect();
    let joined = parts.join(".");
    let mut ends = vec![0];
    for part in &parts {
        let end = ends
            .last()
            .map_or(0, |&end| if end == 0 { 0 } else { end + 1 });
        ends.push(end + part.len());
    }
    let mut head = String::new();
    for &end in ends.iter().rev() {
        let prefix = joined.get(..end).unwrap_or_default();
        head.clear();
        if !prefix.is_empty() {
            head.push_str(prefix);
            head.push('.');
        }
        head.push_str(first);
        if symbols.contains_key(&head) {
            let full_name = qualify(prefix, &written);
            return match symbols.get(&full_name) {
                Some(&(symbol, _)) => Ok((full_name, symbol)),
                None => Err(Failure::NotInside { first: head }),
            };
        }
    }
    Err(Failure::NotFound)
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
        Symbol::Service(_) => Err(Failure::Service(full_name.to_owned())),
        Symbol::Extension(_) => Err(Failure::Extension(full_name.to_owned())),
    })
}

/// The shortest name that means `target`, whose full name is `full_name`,
/// when written inside `scope` in a `.schema` file: `Customer` rather than
/// `shop.Customer` inside the package `shop`, and `.shop.Customer` when no
/// relative name reaches it.
pub(super) fn shortest_name(
    symbols: &Symbols,
    scope: &str,
    full_name: &str,
    target: ValueType,
) -> String {
    let mut prefixes: Vec<&str> = scope.split('.').filter(|part| !part.is_empty()).collect();
    loop {
        let prefix = prefixes.join(".");
        let relative = if prefix.is_empty() {
            Some(full_name)
        } else {
            full_name
                .strip_prefix(prefix.as_str())
                .and_then(|rest| rest.strip_prefix('.'))
        };
        if let Some(relative) = relative {
            let segments: Vec<String> = relative.split('.').map(str::to_owned).collect();
            if lookup_segments(symbols, scope, false, &segments, Dialect::Schema) == Ok(target) {
                return relative.to_owned();
            }
        }
        if prefixes.pop().is_none() {
            return format!(".{full_name}");
        }
    }
}

/// The names of a checked schema's types, rebuilt from its model, for
/// writing each type by a name that means it: the full names the model's
/// files declare, as resolve saw them.
pub(crate) struct TypeNames {
    symbols: Symbols,
}

impl TypeNames {
    /// The full names of `schema`: its packages and their prefixes, its
    /// messages, enums and services, and the types of the files the
    /// runtime provides.
    pub(crate) fn of(schema: &Schema) -> Self {
        let mut symbols = Symbols::new();
        for file in &schema.files {
            let span = Span::new(file.id, 0..0);
            for end in 1..=file.package.len() {
                let name = file.package.get(..end).unwrap_or_default().join(".");
                symbols.entry(name).or_insert((Symbol::Package, span));
            }
        }
        for file in schema.files.iter().filter(|file| file.provided) {
            let span = Span::new(file.id, 0..0);
            let mut provided: Vec<(String, ValueType)> = WellKnown::ALL
                .into_iter()
                .filter(|known| known.file() == file.import_name)
                .map(|known| {
                    let name = format!("google.protobuf.{}", known.name());
                    (name, ValueType::WellKnown(known))
                })
                .collect();
            if file.import_name == TYPES_PROTO_NAME {
                for scalar in [Scalar::Decimal, Scalar::Value] {
                    let name = scalar.proto_name().trim_start_matches('.').to_owned();
                    provided.push((name, ValueType::Scalar(scalar)));
                }
            }
            for (name, ty) in provided {
                symbols.entry(name).or_insert((Symbol::Provided(ty), span));
            }
        }
        for (id, message) in schema.message_ids() {
            let entry = symbols.entry(message.full_name.clone());
            entry.or_insert((Symbol::Message(id), message.span));
        }
        for (id, enumeration) in schema.enum_ids() {
            let entry = symbols.entry(enumeration.full_name.clone());
            entry.or_insert((Symbol::Enum(id), enumeration.span));
        }
        for (index, service) in schema.services.iter().enumerate() {
            let entry = symbols.entry(service.full_name.clone());
            entry.or_insert((Symbol::Service(index), service.span));
        }
        TypeNames { symbols }
    }

    /// The shortest name that means `target`, whose full name is
    /// `full_name`, written inside `scope` (the full name of the message
    /// holding the field) in a `.schema` file.
    pub(crate) fn shortest(&self, scope: &str, full_name: &str, target: ValueType) -> String {
        shortest_name(&self.symbols, scope, full_name, target)
    }
}
