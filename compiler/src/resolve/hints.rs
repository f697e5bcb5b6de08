//! Hints for type names that do not resolve: "did you mean `Customer`?"
//!
//! A hint names the protobuf spelling's schemac scalar (`int32` is `i32`),
//! or the declared type whose last segment is closest to the name's: equal,
//! equal but for case, or a few edits away. It is written as the shortest
//! name that resolves to that type from where the field is.

use std::collections::HashMap;

use super::collect::{Symbol, Symbols};
use super::lookup;
use crate::ast::TypeName;
use crate::model::{Scalar, ValueType};

/// How many names may get a hint found by edit distance, which compares the
/// name with every declared type. Later ones get only exact hints, so that a
/// file full of unknown names stays fast.
const EDIT_SEARCHES: usize = 64;

/// How many types a hint may weigh without counting them: each is written
/// the shortest way from where the name is, which takes a lookup or more.
const FEW_CANDIDATES: usize = 16;

/// How many types the hints that weigh more than [`FEW_CANDIDATES`] may
/// weigh in all. A name with more candidates than are left gets no hint,
/// so that a file of many unknown names, each the name of many types in
/// other scopes, stays fast.
pub(super) const CANDIDATE_WEIGHINGS: usize = 4_096;

/// Finds hints, with an index of the declared types, which the first hint
/// builds: a schema whose names all resolve needs none.
pub(super) struct Hints<'s> {
    symbols: &'s Symbols,
    /// The declared types by their last segment in lower case.
    by_simple: Option<HashMap<String, SameName<'s>>>,
    /// How many more hints may search by edit distance.
    edit_searches: usize,
    /// How many more candidates hints with many may weigh.
    weighings: usize,
}

/// The declared types whose last segments are one name but for case.
#[derive(Default)]
struct SameName<'s> {
    /// How many there are.
    count: usize,
    /// Their full names and symbols, by their last segment as written.
    by_case: HashMap<&'s str, Vec<(&'s str, Symbol)>>,
}

impl<'s> Hints<'s> {
    /// Finds hints among the types of `symbols`.
    pub(super) fn new(symbols: &'s Symbols) -> Self {
        Hints {
            symbols,
            by_simple: None,
            edit_searches: EDIT_SEARCHES,
            weighings: CANDIDATE_WEIGHINGS,
        }
    }

    /// A hint for `name`, which did not resolve inside `scope`.
    pub(super) fn hint(&mut self, scope: &str, name: &TypeName) -> Option<String> {
        if let [single] = name.segments.as_slice()
            && let Some(scalar) = protobuf_scalar(single)
        {
            return Some(format!(
                "schemac spells the scalar `{single}` as `{}`",
                scalar.name()
            ));
        }
        let last = name.segments.last()?;
        let candidates = self.closest(last);
        // Of the closest, the one that is shortest to write here.
        let written = candidates
            .into_iter()
            .map(|(full_name, symbol)| shortest_name(self.symbols, scope, full_name, symbol))
            .min_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)))?;
        Some(format!("did you mean `{written}`?"))
    }

    /// The declared types whose last segment is closest to `last`: equal,
    /// or equal but for case, or else the fewest edits away. None when
    /// they are more than [`FEW_CANDIDATES`] and more than are left to
    /// weigh.
    fn closest(&mut self, last: &str) -> Vec<(&'s str, Symbol)> {
        let can_search = self.edit_searches > 0;
        let weighings = self.weighings;
        let affordable = |count: usize| count <= FEW_CANDIDATES || count <= weighings;
        let by_simple = self.by_simple();
        let (closest, searched) = match by_simple.get(&last.to_ascii_lowercase()) {
            Some(same) => {
                let exact = same.by_case.get(last);
                let count = exact.map_or(same.count, Vec::len);
                let types = match exact {
                    _ if !affordable(count) => Vec::new(),
                    Some(exact) => exact.clone(),
                    None => same.by_case.values().flatten().copied().collect(),
                };
                (types, false)
            }
            None if can_search => (closest_by_edits(by_simple, last), true),
            None => (Vec::new(), false),
        };
        if searched {
            self.edit_searches -= 1;
        }
        if closest.len() > FEW_CANDIDATES {
            match self.weighings.checked_sub(closest.len()) {
                Some(left) => self.weighings = left,
                None => return Vec::new(),
            }
        }
        closest
    }

    /// The declared types by their last segment in lower case.
    fn by_simple(&mut self) -> &HashMap<String, SameName<'s>> {
        let symbols = self.symbols;
        self.by_simple.get_or_insert_with(|| {
            let mut by_simple: HashMap<String, SameName<'s>> = HashMap::new();
            for (full_name, &(symbol, _)) in symbols {
                if !matches!(
                    symbol,
                    Symbol::Package | Symbol::Service(_) | Symbol::Extension(_)
                ) {
                    let simple = full_name.rsplit('.').next().unwrap_or(full_name);
                    let same = by_simple.entry(simple.to_ascii_lowercase()).or_default();
                    same.count += 1;
                    let types = same.by_case.entry(simple).or_default();
                    types.push((full_name.as_str(), symbol));
                }
            }
            by_simple
        })
    }
}

/// The declared types whose last segment is the fewest edits from `last`,
/// if a few edits reach one.
fn closest_by_edits<'s>(
    by_simple: &HashMap<String, SameName<'s>>,
    last: &str,
) -> Vec<(&'s str, Symbol)> {
    let length = last.chars().count();
    let most_edits = (length / 3).max(1);
    let mut best = most_edits + 1;
    let mut closest = Vec::new();
    for (simple, same) in by_simple {
        // Lengths further apart than the allowed edits cannot be close
        // enough; this skips most names cheaply.
        if simple.chars().count().abs_diff(length) > most_edits {
            continue;
        }
        let edits = edit_distance(simple, &last.to_ascii_lowercase());
        if edits < best {
            best = edits;
            closest.clear();
        }
        if edits == best {
            closest.extend(same.by_case.values().flatten().copied());
        }
    }
    closest
}

/// The shortest name that means `full_name`, a `symbol`, when written
/// inside `scope`.
fn shortest_name(symbols: &Symbols, scope: &str, full_name: &str, symbol: Symbol) -> String {
    let target = match symbol {
        Symbol::Message(id) => ValueType::Message(id),
        Symbol::Enum(id) => ValueType::Enum(id),
        Symbol::Provided(ty) => ty,
        Symbol::Package | Symbol::Service(_) | Symbol::Extension(_) => {
            return full_name.to_owned();
        }
    };
    lookup::shortest_name(symbols, scope, full_name, target)
}

/// Of `candidates`, the one closest to `name`: equal but for case, one
/// that starts with it, or a few edits away (a third of its length at
/// most); the first of equals.
pub(super) fn closest_name<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = name.to_ascii_lowercase();
    let most_edits = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let candidate_lower = candidate.to_ascii_lowercase();
        let edits = match candidate_lower.starts_with(&lower) && lower.len() >= 3 {
            true => 1,
            false => edit_distance(&candidate_lower, &lower),
        };
        if edits <= most_edits && best.is_none_or(|(fewest, _)| edits < fewest) {
            best = Some((edits, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
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
