//! Check: the rules a resolved schema must follow.
//!
//! Check reads the model only and reports every violation it finds, each
//! with a secondary label at the other occurrence where there is one:
//! field numbers and names ([`messages`]), enum values ([`enums`]), the
//! enums a field may hold ([`enum_use`]), extensions' numbers and shapes
//! ([`extensions`]) and their declarations ([`declarations`]), standard options protoc refuses where they are set
//! ([`standard_options`]), an editions file's features ([`editions`]),
//! options and features outside the editions that have them
//! ([`lifetimes`]), what edition 2024's `STRICT` visibility forbids
//! ([`visibility`]) and its naming style ([`naming`]), services' methods
//! ([`services`]), names that would clash in the generated Rust
//! ([`rust_names`]) and in protobuf's scopes ([`proto_scope`]), and what
//! takes graph mode's `schemac_graph_id` in the messages that references
//! point at ([`graph`]); and, for a build's options, what graph mode
//! cannot generate ([`graph`] too).
//!
//! The placeholder types resolve leaves behind for unresolved names
//! (`bytes`, a `string` map key) are legal wherever a field's type is
//! looked at, so they cause no reports here; a method's placeholder is a
//! message, which [`services`] accepts.

mod declarations;
mod editions;
mod enum_use;
mod enums;
mod extensions;
mod graph;
mod lifetimes;
mod messages;
mod naming;
mod proto_scope;
mod ranges;
mod rust_names;
mod services;
mod standard_options;
#[cfg(test)]
mod tests;
mod visibility;

use std::collections::HashMap;
use std::hash::Hash;

use crate::diagnostic::{Code, Diagnostic};
use std::ops::RangeInclusive;

use crate::model::{Reserved, ReservedRange, Schema};
use crate::source::Span;

/// Every rule violation in `schema`, messages first, then enums, then the
/// fields that hold enums, then services, then Rust and protobuf name
/// clashes, then what takes graph mode's `schemac_graph_id`, each group in
/// declaration order.
pub fn check(schema: &Schema) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for message in &schema.messages {
        messages::check(message, &mut diagnostics);
    }
    messages::check_groups(schema, &mut diagnostics);
    for enumeration in &schema.enums {
        enums::check(enumeration, &mut diagnostics);
    }
    enum_use::check(schema, &mut diagnostics);
    extensions::check(schema, &mut diagnostics);
    declarations::check(schema, &mut diagnostics);
    standard_options::check(schema, &mut diagnostics);
    editions::check(schema, &mut diagnostics);
    lifetimes::check(schema, &mut diagnostics);
    visibility::check(schema, &mut diagnostics);
    naming::check(schema, &mut diagnostics);
    services::check(schema, &mut diagnostics);
    rust_names::check(schema, &mut diagnostics);
    proto_scope::check(schema, &mut diagnostics);
    graph::check_graph_ids(schema, &mut diagnostics);
    diagnostics
}

/// What generating borrowed views would refuse: the Rust name clashes it
/// would cause, a view named as a type beside it, such as a message
/// `OrderView` next to a message `Order`; and graph messages, which get no
/// view (E0403).
pub fn check_views(schema: &Schema) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    rust_names::check_views(schema, &mut diagnostics);
    graph::check_views(schema, &mut diagnostics);
    diagnostics
}

/// Each item whose key an earlier item has already, paired with the first
/// item that has it: `(first, later)`, in the order of `items`.
fn repeats<'a, T, K: Eq + Hash>(items: &'a [T], key: impl Fn(&'a T) -> K) -> Vec<(&'a T, &'a T)> {
    let mut first: HashMap<K, &'a T> = HashMap::new();
    let mut pairs = Vec::new();
    for item in items {
        match first.get(&key(item)) {
            Some(&earlier) => pairs.push((earlier, item)),
            None => {
                first.insert(key(item), item);
            }
        }
    }
    pairs
}

/// Reports everything wrong with the reservations of a message or enum:
/// ranges that end before they start or reach outside `valid`, the numbers
/// their message or enum can have (reported as `out_of_range`), ranges that
/// share a number with an earlier one, and names reserved twice. protoc
/// refuses the last two in the exported `.proto`, so they are errors here
/// rather than merged on export: a number or name reserved twice is a slip
/// that the source should lose too.
fn check_reserved(
    owner: &str,
    keyword: &str,
    reserved: &Reserved,
    valid: RangeInclusive<i64>,
    out_of_range: Code,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let well_formed = check_ranges(keyword, reserved, valid, out_of_range, diagnostics);
    // Each range overlaps itself, so the first range overlapping it comes
    // before it exactly when an earlier one overlaps it.
    let bounds = ranges::bounds(well_formed.iter().copied());
    let firsts = ranges::first_overlapping(&bounds, &bounds);
    for (index, (later, first)) in well_formed.iter().zip(firsts).enumerate() {
        let earlier = first
            .filter(|&first| first < index)
            .and_then(|first| well_formed.get(first));
        if let Some(earlier) = earlier {
            diagnostics.push(
                Diagnostic::new(
                    Code::OverlappingReservedRange,
                    later.span,
                    format!(
                        "`{keyword} {}` overlaps `{keyword} {}` in `{owner}`",
                        describe_range(later),
                        describe_range(earlier)
                    ),
                )
                .with_secondary(earlier.span, "first reserved here"),
            );
        }
    }
    for (first, later) in repeats(&reserved.names, |(name, _)| name.as_str()) {
        diagnostics.push(
            Diagnostic::new(
                Code::DuplicateReservedName,
                later.1,
                format!("the name `{}` is reserved twice in `{owner}`", later.0),
            )
            .with_secondary(first.1, "first reserved here"),
        );
    }
}

/// Reports reserved ranges that end before they start, or that reach
/// outside `valid` (reported as `out_of_range`); returns the others.
fn check_ranges<'a>(
    keyword: &str,
    reserved: &'a Reserved,
    valid: RangeInclusive<i64>,
    out_of_range: Code,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<&'a ReservedRange> {
    let mut well_formed = Vec::new();
    for range in &reserved.ranges {
        if !valid.contains(&range.start) || !valid.contains(&range.end) {
            diagnostics.push(Diagnostic::new(
                out_of_range,
                range.span,
                format!(
                    "`{keyword} {}` reaches outside {} to {}",
                    describe_range(range),
                    valid.start(),
                    valid.end()
                ),
            ));
        } else if range.start > range.end {
            diagnostics.push(Diagnostic::new(
                Code::EmptyReservedRange,
                range.span,
                format!(
                    "the range `{keyword} {} to {}` is empty, as it ends before it starts",
                    range.start, range.end
                ),
            ));
        } else {
            well_formed.push(range);
        }
    }
    well_formed
}

/// Where each reserved name is reserved first.
fn reserved_names(reserved: &Reserved) -> HashMap<&str, Span> {
    let mut names = HashMap::new();
    for (name, span) in &reserved.names {
        names.entry(name.as_str()).or_insert(*span);
    }
    names
}

/// `range` as written: `8` or `10 to 12`.
fn describe_range(range: &ReservedRange) -> String {
    if range.start == range.end {
        format!("{}", range.start)
    } else {
        format!("{} to {}", range.start, range.end)
    }
}
