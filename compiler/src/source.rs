//! Source files and spans: where every piece of a schema came from.
//!
//! A [`SourceMap`] owns the text of every schema file in a compilation.
//! Everything downstream points back into it with a [`Span`], which is how
//! diagnostics find their file, line and column.

use std::ops::Range;

use codespan_reporting::files::{self, Files};

/// The index of a file in its [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// The file the range is in.
    pub file: FileId,
    /// The first byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span of bytes `range` in `file`.
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Self {
            file,
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    /// The byte range, for slicing the file's text.
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The smallest span covering `self` and `other`, which must be in the
    /// same file.
    pub fn to(self, other: Span) -> Span {
        debug_assert_eq!(self.file, other.file);
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// One schema file: the name it is shown by and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// The name shown in diagnostics, usually the path as the user gave it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file's text.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The text of every file in one compilation.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let line_starts = files::line_starts(&text).collect();
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
        });
        id
    }

    /// The file with id `id`.
    ///
    /// Ids come from [`add`](SourceMap::add) on this map, so this never fails
    /// for them.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The text that `span` covers.
    pub fn snippet(&self, span: Span) -> &str {
        &self.get(span.file).text[span.range()]
    }

    /// Every file, with its id.
    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(index, file)| (FileId(index as u32), file))
    }

    /// The one-based line and column of byte `offset` in `file`.
    pub fn line_col(&self, file: FileId, offset: usize) -> (usize, usize) {
        let source = self.get(file);
        let line = source
            .line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let column = source.text[source.line_starts[line]..offset.min(source.text.len())]
            .chars()
            .count();
        (line + 1, column + 1)
    }

    fn lookup(&self, id: FileId) -> Result<&SourceFile, files::Error> {
        self.files
            .get(id.0 as usize)
            .ok_or(files::Error::FileMissing)
    }
}

impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(&self.lookup(id)?.name)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(&self.lookup(id)?.text)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, files::Error> {
        let file = self.lookup(id)?;
        Ok(file
            .line_starts
            .partition_point(|&start| start <= byte_index)
            .saturating_sub(1))
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, files::Error> {
        let file = self.lookup(id)?;
        let start = *file
            .line_starts
            .get(line_index)
            .ok_or(files::Error::LineTooLarge {
                given: line_index,
                max: file.line_starts.len() - 1,
            })?;
        let end = file
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(file.text.len());
        Ok(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based() {
        let mut map = SourceMap::new();
        let file = map.add("a.schema", "ab\ncd\n");
        assert_eq!(map.line_col(file, 0), (1, 1));
        assert_eq!(map.line_col(file, 4), (2, 2));
        assert_eq!(map.snippet(Span::new(file, 3..5)), "cd");
    }
}
