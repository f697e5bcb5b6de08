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
    lookup_segments(symbols, scope, name.absolute, &name.segments)
}

fn lookup_segments(
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
    if segments.len() == 1 {
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

/// A hint for a name that did not resolve inside `scope`: the schemac
/// spelling of a protobuf scalar, or the declared type whose last segment is
/// closest to the name's (equal, equal but for case, or a few edits away).
pub(super) fn suggestion(symbols: &Symbols, scope: &str, name: &TypeName) -> Option<String> {
    if let [single] = name.segments.as_slice() {
        if let Some(scalar) = protobuf_scalar(single) {
            return Some(format!(
                "schemac spells the scalar `{single}` as `{}`",
                scalar.name()
            ));
        }
    }
    let last = name.segments.last()?;
    let most_edits = (last.chars().count() / 3).max(1);
    let scored: Vec<(usize, &String, Symbol)> = symbols
        .iter()
        .filter(|(_, (symbol, _))| !matches!(symbol, Symbol::Package))
        .filter_map(|(full_name, &(symbol, _))| {
            let simple = full_name.rsplit('.').next().unwrap_or(full_name);
            let score = if simple == last {
                0
            } else if simple.eq_ignore_ascii_case(last) {
                1
            } else {
                let edits = edit_distance(simple, last);
                if edits > most_edits {
                    return None;
                }
                1 + edits
            };
            Some((score, full_name, symbol))
        })
        .collect();
    let best = scored.iter().map(|&(score, _, _)| score).min()?;
    // Of the closest, the one that is shortest to write here.
    let written = scored
        .iter()
        .filter(|&&(score, _, _)| score == best)
        .map(|&(_, full_name, symbol)| shortest_name(symbols, scope, full_name, symbol))
        .min_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)))?;
    Some(format!("did you mean `{written}`?"))
}

/// The shortest name that means `full_name` when written inside `scope`:
/// `Customer` rather than `shop.Customer` inside the package `shop`.
fn shortest_name(symbols: &Symbols, scope: &str, full_name: &str, symbol: Symbol) -> String {
    let target = match symbol {
        Symbol::Message(id) => ValueType::Message(id),
        Symbol::Enum(id) => ValueType::Enum(id),
        Symbol::Package => return full_name.to_owned(),
    };
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
            if lookup_segments(symbols, scope, false, &segments) == Ok(target) {
                return relative.to_owned();
            }
        }
        if prefixes.pop().is_none() {
            return format!(".{full_name}");
        }
    }
}

/// The Levenshtein distance between `a` and `b`, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    // `row[j]` is the distance between the prefix of `a` seen so far and the
    // first `j` characters of `b`.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, a_char) in a.chars().enumerate() {
        let mut diagonal = i;
        let mut left = i + 1;
        for (j, &b_char) in b.iter().enumerate() {
            let up = row.get(j + 1).copied().unwrap_or(usize::MAX - 1);
            let distance = (diagonal + usize::from(a_char != b_char))
                .min(up + 1)
                .min(left + 1);
            diagonal = up;
            left = distance;
            if let Some(slot) = row.get_mut(j + 1) {
                *slot = distance;
            }
        }
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
    }
    row.last().copied().unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("Customer", "Customer"), 0);
        assert_eq!(edit_distance("Customer", "Custmer"), 1);
        assert_eq!(edit_distance("Custmer", "Customer"), 1);
        assert_eq!(edit_distance("Order", "Ordre"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
