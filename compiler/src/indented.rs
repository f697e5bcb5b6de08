//! The text both exporters write, export_proto's `.proto` files and
//! export_schema's `.schema` files: one line at a time, each indented two
//! spaces for every block it is in.

/// Text being written line by line, at the depth of the blocks open.
#[derive(Debug, Default)]
pub(crate) struct Indented {
    text: String,
    depth: usize,
}

impl Indented {
    /// `line`, indented to the current depth, and its newline.
    pub(crate) fn line(&mut self, line: &str) {
        for _ in 0..self.depth {
            self.text.push_str("  ");
        }
        self.text.push_str(line);
        self.text.push('\n');
    }

    /// An empty line, with no indentation.
    pub(crate) fn blank(&mut self) {
        self.text.push('\n');
    }

    /// `head {` at the current depth, and the lines after it one level
    /// deeper, until [`Indented::close`].
    pub(crate) fn open(&mut self, head: &str) {
        self.line(&format!("{head} {{"));
        self.depth += 1;
    }

    /// The `}` of the block [`Indented::open`] opened, at its head's depth.
    pub(crate) fn close(&mut self) {
        self.depth -= 1;
        self.line("}");
    }

    /// The text written.
    pub(crate) fn into_text(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::Indented;

    #[test]
    fn lines_are_indented_by_the_blocks_they_are_in() {
        let mut out = Indented::default();
        out.line("package a;");
        out.blank();
        out.open("message M");
        out.line("int32 x = 1;");
        out.open("oneof o");
        out.line("string s = 2;");
        out.close();
        out.close();
        assert_eq!(
            out.into_text(),
            "package a;\n\nmessage M {\n  int32 x = 1;\n  oneof o {\n    string s = 2;\n  }\n}\n"
        );
    }
}
