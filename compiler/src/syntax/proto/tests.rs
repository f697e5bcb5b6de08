//! Tests of the `.proto` parser.

use super::parse;
use crate::source::FileId;

#[test]
fn an_empty_file_parses() {
    let (file, diagnostics) = parse(FileId(0), "empty.proto", "");
    assert!(diagnostics.is_empty());
    assert!(file.items.is_empty());
}
