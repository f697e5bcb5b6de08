//! Tests of the syntax stage: constructs, the example schemas, errors and
//! hostile input.

use super::parse;
use crate::source::FileId;

#[test]
fn example_schemas_parse_cleanly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "schema") {
            let text = std::fs::read_to_string(&path).unwrap();
            let (file, diagnostics) = parse(FileId(0), &text);
            assert!(
                diagnostics.is_empty(),
                "{}: {diagnostics:#?}",
                path.display()
            );
            assert!(!file.items.is_empty(), "{}", path.display());
        }
    }
}
