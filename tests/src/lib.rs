//! Shared material for the integration tests: fixture values of the
//! generated types, and the paths of the workspace.

pub mod fixtures;

use std::path::{Path, PathBuf};

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
