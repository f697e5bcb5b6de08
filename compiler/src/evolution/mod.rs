//! Schema evolution: what changed between two checked versions of a
//! schema, and which of those changes break old data, JSON, or the Rust
//! code that uses the generated types (`schemac breaking`,
//! docs/evolution.md).
//!
//! It reads two models that passed check, side by side, and never the
//! syntax tree: `matching` pairs the types of the two versions (by full
//! name, then renamed or moved ones by their shape), `rules` compares each
//! pair field by field (matched by number) and value by value, and
//! `report` puts the findings with both versions' sources, for rendering.
//!
//! Services are not compared yet: a deleted method, or one whose request
//! or response changed, is no finding.

mod matching;
mod report;
mod rules;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::Schema;
use crate::source::{FileId, SourceMap, Span};

pub use report::{Breaking, Place};

/// The rule sets of `schemac breaking`, each holding the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// What breaks reading old bytes with new code, or new bytes with old
    /// code.
    Wire,
    /// Also what breaks the JSON mapping: names of fields, values and
    /// types, and the JSON form of values.
    Json,
    /// Also what breaks Rust code that uses the generated types, though
    /// bytes and JSON still read.
    Rust,
}

impl Level {
    /// The level's name, as `--level` takes it: `wire`, `json` or `rust`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Wire => "wire",
            Level::Json => "json",
            Level::Rust => "rust",
        }
    }

    /// The level of a breaking-change code: `B00xx` wire, `B01xx` JSON,
    /// `B02xx` Rust; `None` for codes that are no breaking change.
    pub fn of(code: Code) -> Option<Level> {
        match code.as_str().as_bytes() {
            [b'B', b'0', b'0', ..] => Some(Level::Wire),
            [b'B', b'0', b'1', ..] => Some(Level::Json),
            [b'B', b'0', b'2', ..] => Some(Level::Rust),
            _ => None,
        }
    }
}

/// One breaking change: a diagnostic whose labels point into both
/// versions, and the places in each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The lowest level whose rules include this change.
    pub level: Level,
    /// Code, message, labels and help; its spans are in
    /// [`Breaking::sources`].
    pub diagnostic: Diagnostic,
    /// Where the change is in the old version, if anywhere.
    pub old: Option<Span>,
    /// Where the change is in the new version, if anywhere (a deleted type
    /// has no place there).
    pub new: Option<Span>,
}

/// Compares `old` with `new`, both checked, and returns every breaking
/// change at any level, with the sources of both: `old_sources`' files
/// first, each name prefixed with `old_prefix` (such as `HEAD:`), then
/// `new_sources`'.
pub fn compare(
    old: (&Schema, &SourceMap),
    new: (&Schema, &SourceMap),
    old_prefix: &str,
) -> Breaking {
    let mut sources = SourceMap::new();
    for (_, file) in old.1.iter() {
        sources.add(format!("{old_prefix}{}", file.name()), file.text());
    }
    let offset = sources.iter().count() as u32;
    for (_, file) in new.1.iter() {
        sources.add(file.name(), file.text());
    }
    let pair = Pair {
        old: old.0,
        new: new.0,
        offset,
        types: matching::match_types(old.0, new.0),
    };
    let mut findings = rules::compare(&pair);
    findings.sort_by_key(|finding| (finding.new.or(finding.old), finding.diagnostic.code));
    Breaking::new(sources, findings)
}

/// The two versions being compared, and how their types pair up.
struct Pair<'a> {
    old: &'a Schema,
    new: &'a Schema,
    /// How many files the old version has: a new file's id in the merged
    /// source map is its own plus this.
    offset: u32,
    types: matching::Types,
}

impl Pair<'_> {
    /// A span of the new version, in the merged source map.
    fn new_span(&self, span: Span) -> Span {
        Span {
            file: FileId(span.file.0 + self.offset),
            ..span
        }
    }

    /// A change from `old` to `new`: the new place is the primary label,
    /// with `code`'s label, and the old place the secondary.
    fn changed(&self, code: Code, new: Span, old: Span, message: String) -> Finding {
        let new = self.new_span(new);
        Finding {
            level: Level::of(code).unwrap_or(Level::Wire),
            diagnostic: Diagnostic::new(code, new, message)
                .with_label(format!("{} (new)", code.label()))
                .with_secondary(old, "was this (old)"),
            old: Some(old),
            new: Some(new),
        }
    }

    /// Something of the old version that the new one lacks: the old place
    /// is the primary label, and `new`, if any, the place in the new
    /// version where it would be, with its text.
    fn removed(
        &self,
        code: Code,
        old: Span,
        new: Option<(Span, String)>,
        message: String,
    ) -> Finding {
        let mut diagnostic =
            Diagnostic::new(code, old, message).with_label(format!("{} (old)", code.label()));
        let new = new.map(|(span, text)| {
            let span = self.new_span(span);
            diagnostic.secondary.push(crate::diagnostic::Label {
                span,
                text: format!("{text} (new)"),
            });
            span
        });
        Finding {
            level: Level::of(code).unwrap_or(Level::Wire),
            diagnostic,
            old: Some(old),
            new,
        }
    }
}

#[cfg(test)]
mod tests;
