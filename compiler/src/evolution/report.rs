//! The findings of one comparison with the sources of both versions, and
//! their two renderings: text, as every diagnostic, and JSON for CI tools.

use crate::diagnostic::{self, Diagnostic};
use crate::source::{SourceMap, Span};

use super::{Finding, Level};

/// What `schemac breaking` found: every breaking change at any level, and
/// the sources of both versions that its spans point into.
#[derive(Clone, Debug)]
pub struct Breaking {
    /// The old version's files, then the new version's.
    pub sources: SourceMap,
    /// Every finding, in the order of the new version's source (deletions
    /// at their old place).
    pub findings: Vec<Finding>,
}

impl Breaking {
    pub(super) fn new(sources: SourceMap, findings: Vec<Finding>) -> Self {
        Self { sources, findings }
    }

    /// The findings that break at `level`: those of its rule set and of the
    /// levels below.
    pub fn at(&self, level: Level) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(move |finding| finding.level <= level)
    }

    /// The findings at `level` as text: `error[B0001]: ...`, with a caret
    /// snippet in each version and the help line.
    pub fn render(&self, level: Level, color: bool) -> String {
        let diagnostics: Vec<Diagnostic> = self
            .at(level)
            .map(|finding| finding.diagnostic.clone())
            .collect();
        diagnostic::render(&diagnostics, &self.sources, color)
    }

    /// Where `span` is, in whichever version holds it.
    pub fn place(&self, span: Span) -> Place {
        let (line, column) = self.sources.line_col(span.file, span.start as usize);
        let (end_line, end_column) = self.sources.line_col(span.file, span.end as usize);
        Place {
            file: self.sources.get(span.file).name().to_owned(),
            line,
            column,
            end_line,
            end_column,
        }
    }
}

/// A place in one version's source, one-based, as the JSON report gives
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file's name, with the old version's prefix (`HEAD:`) if it has
    /// one.
    pub file: String,
    /// The line where the place starts.
    pub line: usize,
    /// The column where it starts.
    pub column: usize,
    /// The line where it ends.
    pub end_line: usize,
    /// The column where it ends.
    pub end_column: usize,
}
