//! The corpus's manifest, `files.txt`: every vendored file with the
//! verdicts of protoc on it, which the build script and the tests read;
//! and the command of the current protoc that the corpus is held to.

use std::error::Error;
use std::io::Write as _;
use std::path::PathBuf;

/// The import roots, one per source (README.md), each with the folders of
/// its repository.
pub const ROOTS: [&str; 7] = [
    "googleapis",
    "envoy",
    "xds",
    "protoc-gen-validate",
    "protovalidate",
    "protobuf",
    "protobuf-2024",
];

/// The folders whose files declare the very names that other files of the
/// corpus declare, each with the module of the crate that holds their
/// generated code: protobuf's golden outputs of its transforms to editions
/// (`editions/golden/`) declare their inputs' names (`editions/input/`,
/// and `test_messages_proto{2,3}.proto` of `protobuf/`).  protoc compiles
/// each file alone; one compilation of the whole corpus would declare
/// those names twice, so these files are compiled apart, one compilation
/// per folder ([`Corpus::accepted_together`], [`Corpus::accepted_apart`]).
pub const APART: [(&str, &str); 1] = [("golden", "protobuf-2024/editions/golden/")];

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

    /// The paths of the files the current protoc accepts that one
    /// compilation takes together: all but those of [`APART`].
    pub fn accepted_together(&self) -> Vec<String> {
        (self.accepted_by_protoc().into_iter())
            .filter(|path| !APART.iter().any(|(_, folder)| path.starts_with(folder)))
            .collect()
    }

    /// The paths of the files the current protoc accepts in `folder`, one
    /// of [`APART`]'s.
    pub fn accepted_apart(&self, folder: &str) -> Vec<String> {
        (self.accepted_by_protoc().into_iter())
            .filter(|path| path.starts_with(folder))
            .collect()
    }
}

/// How to provide the current protoc, for a message saying it is missing.
pub const CURRENT_PROTOC_HELP: &str = "set SCHEMAC_PROTOC to a command that runs \
     libprotoc 35, or make the workspace's venv: `python3 -m venv .venv-protoc && \
     .venv-protoc/bin/pip install grpcio-tools`";

/// The command that runs the current protoc (libprotoc 35, which knows
/// the newest options and editions), split at spaces: `SCHEMAC_PROTOC`,
/// or else the grpcio-tools of the workspace's `.venv-protoc`, which CI
/// makes; `None` without either.
pub fn current_protoc() -> Option<Vec<String>> {
    if let Ok(command) = std::env::var("SCHEMAC_PROTOC") {
        return Some(command.split_whitespace().map(str::to_owned).collect());
    }
    let python = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv-protoc/bin/python");
    python.exists().then(|| {
        let python = python.display().to_string();
        vec![python, "-m".to_owned(), "grpc_tools.protoc".to_owned()]
    })
}

/// [`current_protoc`] for a test that can do without it: without one, a
/// note on stderr says that `what` is left unchecked, and `None`; but
/// under `CI=true`, where CI installs it, its absence fails the test.
pub fn current_protoc_or_skip(what: &str) -> Option<Vec<String>> {
    let protoc = current_protoc();
    if protoc.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "no current protoc, and CI=true promises it: {CURRENT_PROTOC_HELP}"
        );
        // Straight to stderr, which the test harness does not capture, so
        // that the note shows in a passing run too.
        let _ = writeln!(
            std::io::stderr(),
            "note: no current protoc ({CURRENT_PROTOC_HELP}); {what} left unchecked by protoc"
        );
    }
    protoc
}
