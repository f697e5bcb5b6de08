//! Source info: where each element of an exported descriptor is written,
//! in the text the model was read from (the `.schema` or `.proto` file,
//! not the exported `.proto`), and its docs as leading comments.
//!
//! Positions follow protoc's conventions: lines and columns from 0,
//! columns counted in bytes with a tab advancing to the next multiple of
//! 8, and a span of three numbers (line, start column, end column) when it
//! ends on the line it starts on, else four.
//!
//! It covers what the model keeps spans for: the file as a whole; messages,
//! enums and oneofs, whose locations (and those of their names) span their
//! names; fields, whose locations span from the first to the last of their
//! name, type and number (so a `.schema` field's starts where its
//! declaration does), with locations of each of the three; enum values,
//! spanning name and number, with both; reserved ranges and names and
//! extension ranges. Leading comments are the docs, each line written
//! `// line`, as protoc reads them from the exported `.proto`. The model
//! has no spans for the package, imports, `syntax`, labels, options or
//! whole declarations, so those have no locations, and no location has
//! trailing or detached comments. Map entries and synthetic oneofs, which
//! the source never writes, have none, as with protoc.

use prost_types::SourceCodeInfo;
use prost_types::source_code_info::Location;

use crate::language::Docs;
use crate::source::{FileId, Span};

/// The width a tab advances to, as protoc counts columns.
const TAB_WIDTH: i32 = 8;

/// The locations of one file, as they are added.
pub(super) struct Locations<'a> {
    file: FileId,
    text: &'a str,
    /// The byte offset at which each line starts.
    line_starts: Vec<usize>,
    locations: Vec<Location>,
}

impl<'a> Locations<'a> {
    /// The locations of `file`, whose text is `text`, starting with the
    /// file's own: from its first to its last character that is not
    /// white space.
    pub fn new(file: FileId, text: &'a str) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(index, _)| index + 1))
            .collect();
        let mut locations = Self {
            file,
            text,
            line_starts,
            locations: Vec::new(),
        };
        let start = text.len() - text.trim_start().len();
        let end = text.trim_end().len().max(start);
        let whole = Location {
            span: locations.span(start, end),
            ..Location::default()
        };
        locations.locations.push(whole);
        locations
    }

    /// Adds the location of the element at `path`, spanning `spans` (those
    /// in this file), with `docs` as its leading comments.
    pub fn add(&mut self, path: &[i32], spans: &[Span], docs: &Docs) {
        let mut spans = spans.iter().filter(|span| span.file == self.file);
        let Some(first) = spans.next() else {
            return;
        };
        let whole = spans.fold(*first, |whole, span| whole.to(*span));
        let location = Location {
            path: path.to_vec(),
            span: self.span(whole.start as usize, whole.end as usize),
            leading_comments: leading_comments(docs),
            trailing_comments: None,
            leading_detached_comments: Vec::new(),
        };
        self.locations.push(location);
    }

    /// The source info.
    pub fn finish(self) -> SourceCodeInfo {
        SourceCodeInfo {
            location: self.locations,
        }
    }

    /// The span of bytes `start..end`, as protoc writes spans.
    fn span(&self, start: usize, end: usize) -> Vec<i32> {
        let (start_line, start_column) = self.position(start);
        let (end_line, end_column) = self.position(end);
        match start_line == end_line {
            true => vec![start_line, start_column, end_column],
            false => vec![start_line, start_column, end_line, end_column],
        }
    }

    /// The line and column of byte `offset`, from 0, as protoc counts them.
    fn position(&self, offset: usize) -> (i32, i32) {
        let offset = offset.min(self.text.len());
        let line = self
            .line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let line_start = self.line_starts.get(line).copied().unwrap_or_default();
        let before = self
            .text
            .as_bytes()
            .get(line_start..offset)
            .unwrap_or_default();
        let column = before.iter().fold(0, |column, &byte| match byte {
            b'\t' => column + TAB_WIDTH - column % TAB_WIDTH,
            _ => column + 1,
        });
        (line as i32, column)
    }
}

/// Doc lines as protoc reads them from `// line` comments: each line with
/// the space after `//` and a newline, an empty line as only a newline.
fn leading_comments(docs: &Docs) -> Option<String> {
    if docs.is_empty() {
        return None;
    }
    let lines = docs.iter().map(|line| match line.is_empty() {
        true => "\n".to_owned(),
        false => format!(" {line}\n"),
    });
    Some(lines.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_bytes_and_tabs_to_multiples_of_eight() {
        let locations = Locations::new(FileId(0), "ab\n\tx é y\n");
        assert_eq!(locations.position(0), (0, 0));
        assert_eq!(locations.position(3), (1, 0));
        assert_eq!(locations.position(4), (1, 8));
        // `é` is two bytes.
        assert_eq!(locations.position(9), (1, 13));
        assert_eq!(locations.span(0, 5), vec![0, 0, 1, 9]);
        assert_eq!(locations.span(4, 5), vec![1, 8, 9]);
    }

    #[test]
    fn the_file_spans_its_text_without_surrounding_white_space() {
        let locations = Locations::new(FileId(0), "\n  message A {}\n\n");
        assert_eq!(locations.locations[0].span, vec![1, 2, 14]);
    }

    #[test]
    fn docs_read_as_comments_of_the_exported_text() {
        let docs = vec![
            "An order.".to_owned(),
            String::new(),
            " Indented.".to_owned(),
        ];
        assert_eq!(
            leading_comments(&docs).as_deref(),
            Some(" An order.\n\n  Indented.\n")
        );
        assert_eq!(leading_comments(&Vec::new()), None);
    }
}
