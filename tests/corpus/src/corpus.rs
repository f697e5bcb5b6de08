//! The corpus's manifest, `files.txt`: every vendored file with the
//! verdicts of protoc on it. The build script and the tests read it.

use std::error::Error;
use std::path::PathBuf;

/// The import roots, one per source (README.md), each with the folders of
/// its repository.
pub const ROOTS: [&str; 6] = [
    "googleapis",
    "envoy",
    "xds",
    "protoc-gen-validate",
    "protovalidate",
    "protobuf",
];

/// One file of the manifest.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its path below the corpus, with its root: `googleapis/google/api/http.proto`.
    pub path: String,
    /// Whether the current protoc (the manifest's third column) accepts it.
    pub protoc_accepts: bool,
}

/// The manifest.
#[derive(Clone, Debug)]
pub struct Corpus {
    /// Its files, in its order.
    pub entries: Vec<Entry>,
}

impl Corpus {
    /// The manifest of the corpus, from the crate's directory.
    pub fn read() -> Result<Corpus, Box<dyn Error>> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("files.txt");
        let text = std::fs::read_to_string(&path)?;
        let mut entries = Vec::new();
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let columns: Vec<&str> = line.split_whitespace().collect();
            let [root, name, current, ..] = columns[..] else {
                return Err(format!("{}: a line without verdicts: {line}", path.display()).into());
            };
            entries.push(Entry {
                path: format!("{root}/{name}"),
                protoc_accepts: current == "ok",
            });
        }
        Ok(Corpus { entries })
    }

    /// The paths of the files the current protoc accepts.
    pub fn accepted_by_protoc(&self) -> Vec<String> {
        (self.entries.iter())
            .filter(|entry| entry.protoc_accepts)
            .map(|entry| entry.path.clone())
            .collect()
    }
}
