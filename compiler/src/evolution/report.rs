//! The findings of one comparison with the sources of both versions, and
//! their two renderings: text, as every diagnostic, and JSON for CI tools.

use std::fmt::Write as _;

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

    /// The findings at `level` as a JSON array, one object per finding:
    /// `code`, `level`, `message`, `help`, and `old` and `new`, each the
    /// place in that version (`file`, `line`, `column`, `end_line`,
    /// `end_column`, one-based) or `null`.
    pub fn to_json(&self, level: Level) -> String {
        let mut json = String::from("[");
        for (index, finding) in self.at(level).enumerate() {
            if index > 0 {
                json.push(',');
            }
            let diagnostic = &finding.diagnostic;
            let _ = write!(
                json,
                "\n  {{\"code\": {}, \"level\": {}, \"message\": {}, \"help\": {}, \"old\": {}, \"new\": {}}}",
                quote(diagnostic.code.as_str()),
                quote(finding.level.name()),
                quote(&diagnostic.message),
                quote(&diagnostic.help),
                self.place(finding.old),
                self.place(finding.new),
            );
        }
        json.push_str(if json.len() > 1 { "\n]\n" } else { "]\n" });
        json
    }

    fn place(&self, span: Option<Span>) -> String {
        let Some(span) = span else {
            return "null".to_owned();
        };
        let (line, column) = self.sources.line_col(span.file, span.start as usize);
        let (end_line, end_column) = self.sources.line_col(span.file, span.end as usize);
        format!(
            "{{\"file\": {}, \"line\": {line}, \"column\": {column}, \"end_line\": {end_line}, \"end_column\": {end_column}}}",
            quote(self.sources.get(span.file).name())
        )
    }
}

/// `text` as a JSON string.
fn quote(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(quoted, "\\u{:04x}", u32::from(c));
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}
