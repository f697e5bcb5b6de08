//! The new parser against the pest one: the same tree for every file the
//! pest parser accepts, on every `.schema` file of the repository, the
//! `.schema` export of every real-world `.proto` file of the corpus, and
//! random mutations of them (`ROUNDS` of them, of the corpus exports with
//! `CORPUS` set). What the new parser accepts beyond pest's is printed:
//! `package syntax;` (the old scan took `syntax` for a declaration),
//! spaces around the dots of an option's name outside its parentheses,
//! and the text format's own strings in message literals.

use std::path::{Path, PathBuf};

use crate::source::FileId;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.schema` file of the repository.
fn schema_files() -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut dirs = vec![repository()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    dirs.push(path);
                }
            } else if name.ends_with(".schema")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                found.push((path.display().to_string(), text));
            }
        }
    }
    found.sort();
    found
}

/// The `.schema` export of every corpus file protoc accepts.
fn corpus_exports() -> Vec<(String, String)> {
    let corpus = repository().join("tests/corpus");
    let list = std::fs::read_to_string(corpus.join("files.txt")).unwrap();
    let roots: Vec<PathBuf> = [
        "googleapis",
        "envoy",
        "xds",
        "protoc-gen-validate",
        "protovalidate",
        "protobuf",
    ]
    .iter()
    .map(|root| corpus.join(root))
    .collect();
    let mut exports = Vec::new();
    for line in list.lines().filter(|line| !line.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 3 || words[2] != "ok" {
            continue;
        }
        let path = corpus.join(words[0]).join(words[1]);
        let analysis =
            match crate::analyze(std::slice::from_ref(&path), &roots, &mut |path: &Path| {
                std::fs::read_to_string(path)
            }) {
                Ok(analysis) => analysis,
                Err(_) => continue,
            };
        let root = analysis.roots[0];
        exports.push((line.to_owned(), analysis.export_schema(root)));
    }
    exports
}

/// Checks that the new parser agrees with the pest one on `text`.
fn agree(name: &str, text: &str) -> (bool, bool) {
    let (old, old_diagnostics) = super::super::parse(FileId(0), text);
    let (new, new_diagnostics) = super::parse(FileId(0), text);
    let old_ok = old_diagnostics.is_empty();
    let new_ok = new_diagnostics.is_empty();
    if old_ok {
        assert!(
            new_ok,
            "{name}: the new parser refuses what pest accepts\n{text}\n{new_diagnostics:#?}"
        );
        assert_eq!(old, new, "{name}: different trees\n{text}");
    }
    (old_ok, new_ok)
}

#[test]
fn the_same_tree_as_pest_on_every_file() {
    let mut files = schema_files();
    println!("{} .schema files", files.len());
    files.extend(corpus_exports());
    println!("{} files with the corpus exports", files.len());
    let mut relaxed = Vec::new();
    for (name, text) in &files {
        let (old_ok, new_ok) = agree(name, text);
        if new_ok && !old_ok {
            relaxed.push(name.clone());
        }
    }
    println!("accepted by the new parser only: {relaxed:#?}");
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "{",
    "}",
    "<",
    ">",
    ";",
    ":",
    "=",
    ",",
    ".",
    "-",
    "\"",
    "\\",
    "/",
    "*",
    "\n",
    "\r",
    " ",
    "\t",
    "a",
    "x",
    "_",
    "0",
    "9",
    "é",
    "\u{0}",
    "\u{c}",
    "'",
    "#",
    "[",
    "]",
    "(",
    ")",
    "message ",
    "enum ",
    "oneof ",
    "reserved ",
    "package ",
    "import ",
    "optional ",
    "required ",
    "list<",
    "map<",
    "ref ",
    "weak ",
    " to ",
    "max",
    "///",
    "//",
    "/*",
    "*/",
    "0x",
    "99999999999999999999",
    "option ",
    "stream ",
    "returns ",
    "rpc ",
    "extend ",
    "extensions ",
    "1.5",
    "-inf",
    "true",
    "\\x41",
    "\\q",
    "010",
    "syntax ",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(index, _)| index)
        .chain([text.len()])
        .collect();
    let at = boundaries[rng.below(boundaries.len())];
    let next = boundaries
        .iter()
        .copied()
        .find(|&index| index > at)
        .unwrap_or(at);
    let piece = PIECES[rng.below(PIECES.len())];
    match rng.below(3) {
        0 => format!("{}{}", &text[..at], &text[next..]),
        1 => format!("{}{piece}{}", &text[..at], &text[at..]),
        _ => format!("{}{piece}{}", &text[..at], &text[next..]),
    }
}

#[test]
fn the_same_tree_as_pest_on_mutations() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(20_000);
    let mut files = schema_files();
    if std::env::var("CORPUS").is_ok() {
        files = corpus_exports();
    }
    files.retain(|(_, text)| text.len() < 60_000);
    let mut rng = Rng(0x5eed_f00d_5eed);
    let (mut both, mut relaxed, mut refused) = (0, Vec::new(), 0);
    for round in 0..rounds {
        let (name, original) = &files[round % files.len()];
        let mut text = original.clone();
        for _ in 0..1 + rng.below(3) {
            text = mutate(&mut rng, &text);
        }
        match agree(name, &text) {
            (true, _) => both += 1,
            (false, true) => relaxed.push(text),
            (false, false) => refused += 1,
        }
    }
    println!("accepted by both: {both}, refused by both: {refused}");
    println!("accepted by the new parser only: {}", relaxed.len());
    for text in relaxed
        .iter()
        .filter(|text| !text.contains("package syntax"))
        .take(40)
    {
        let (_, old) = super::super::parse(FileId(0), text);
        for diagnostic in old {
            let at = diagnostic.primary.span.start as usize;
            let from = text[..at]
                .char_indices()
                .rev()
                .nth(60)
                .map_or(0, |(i, _)| i);
            let to = text[at..]
                .char_indices()
                .nth(30)
                .map_or(text.len(), |(i, _)| at + i);
            println!(
                "---- {}\n{:?} <<HERE>> {:?}",
                diagnostic.message,
                &text[from..at],
                &text[at..to]
            );
        }
    }
}
