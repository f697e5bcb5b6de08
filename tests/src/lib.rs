//! Shared material for the integration tests: fixture values of the
//! generated types, the paths of the workspace, and the representation
//! oracle [`repr`].

pub mod fixtures;

use std::fmt::{Debug, Display};
use std::path::{Path, PathBuf};

/// `value`'s `Debug` text: what the tests compare when a value must come
/// back as it was, not merely equal to it.
///
/// `==` hides differences that the wire format and JSON keep: a `Decimal`
/// compares by number (`1.50 == 1.5`), a float says `-0.0 == 0.0`, and a
/// generated enum compares by number (`Status::Paid ==
/// Status::Unrecognized(1)`). `Debug` shows all three: a decimal with its
/// scale (`1.50`), a float with its sign and the shortest digits that read
/// back as its bits (`-0.0`), an enum by its variant (`Unrecognized(1)`),
/// in the generated messages and everything they hold. So comparing `Debug`
/// texts compares representations, more simply and more completely than a
/// hand-written comparison per type could; the suite's
/// `repr_sees_what_eq_hides` checks the three cases. The exceptions: every
/// NaN prints as `NaN`, so NaNs compare equal whatever their payload, and
/// a `HashMap` prints in no fixed order, so it must not be compared so.
pub fn repr<T: Debug + ?Sized>(value: &T) -> String {
    format!("{value:?}")
}

/// Asserts that `actual` has the representation of `expected` ([`repr`]),
/// naming `context` when it does not.
#[track_caller]
pub fn assert_same_repr<T: Debug + ?Sized>(actual: &T, expected: &T, context: impl Display) {
    let (actual, expected) = (repr(actual), repr(expected));
    assert!(
        actual == expected,
        "{context}: another representation\n  actual: {actual}\nexpected: {expected}"
    );
}

/// The workspace root, where `schemas/` and `generated/` live.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The top-level schemas, as paths relative to the workspace root, sorted:
/// the same list `make generate` passes to `schemac compile`.
pub fn schema_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(workspace_root().join("schemas"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "schema"))
        .filter_map(|path| path.file_name().map(|name| Path::new("schemas").join(name)))
        .collect();
    paths.sort();
    paths
}

/// Bytes as lines of 16 hex pairs, with the length first: the form wire
/// snapshots take.
pub fn hex_dump(bytes: &[u8]) -> String {
    let mut text = format!("{} bytes\n", bytes.len());
    for line in bytes.chunks(16) {
        let pairs: Vec<String> = line.iter().map(|byte| format!("{byte:02x}")).collect();
        text.push_str(&pairs.join(" "));
        text.push('\n');
    }
    text
}
