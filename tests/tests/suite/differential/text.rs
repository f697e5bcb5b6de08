//! The text format against protoc, both ways (docs/differential.md, "The
//! text format"): Google's random messages of each type, decoded by
//! schemac into a `DynamicMessage` of the descriptors protoc made and
//! printed (`to_text`), must be read by `protoc --encode` into the same
//! message; and `protoc --decode`'s text of them must be read by schemac
//! (`parse_text`) into the same message. Google's peer judges "the same
//! message" by the text it prints of both (`compare_text`): a NaN's sign
//! and payload, which no text carries, are left out of the comparison.
//!
//! Each message takes two runs of protoc, a third of a second each, so the
//! test is bounded: one message a type (`SCHEMAC_DIFFERENTIAL_TEXT_MESSAGES`), on `schemas/`, `tests/protos/proto`
//! and a few random schemas (`SCHEMAC_DIFFERENTIAL_TEXT_SCHEMAS`, 5 by
//! default).

use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use schemac::transcode;
use schemac_corpus::corpus;
use schemac_runtime::reflect::{DescriptorPool, DynamicMessage};
use schemac_tests::rng::Rng;
use schemac_tests::schema_paths;

use super::google::hex;
use super::{
    Case, DEFAULT_SEED, Differential, Protos, analyze_files, descriptor_set, env_number, inhabited,
    proto_roots, random_schema, sources,
};

/// How many of Google's messages of each type go through the text format
/// unless `SCHEMAC_DIFFERENTIAL_TEXT_MESSAGES` says otherwise.
const MESSAGES_PER_TYPE: u64 = 1;

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_text_format() {
    let paths = schema_paths();
    let analysis = crate::analyze_schemas();
    let seed = env_number("SCHEMAC_DIFFERENTIAL_SEED", DEFAULT_SEED);
    let count = env_number("SCHEMAC_DIFFERENTIAL_TEXT_MESSAGES", MESSAGES_PER_TYPE) as usize;
    let mut run = Differential::new();
    run.text_format(&Case {
        label: "text-schemas".to_owned(),
        analysis: &analysis,
        sources: paths
            .iter()
            .map(|path| format!("{}\n", path.display()))
            .collect(),
        seed,
        count,
        protos: Protos::Exported,
        only: &[],
    });
    // tests/protos/proto as it is: groups, extensions, `required`, every
    // well-known type (`Any`s expanded).
    let (dir, roots) = proto_roots();
    let protos = schemac::analyze(&roots, std::slice::from_ref(&dir), &mut |path| {
        fs::read_to_string(path)
    })
    .unwrap_or_else(|error| panic!("{error}"));
    run.text_format(&Case {
        label: "text-proto-files".to_owned(),
        analysis: &protos,
        sources: roots
            .iter()
            .map(|path| format!("{}\n", path.display()))
            .collect(),
        seed,
        count,
        protos: Protos::Files(vec![dir]),
        only: &[],
    });
    let mut seeds = Rng::new(seed);
    for index in 0..env_number("SCHEMAC_DIFFERENTIAL_TEXT_SCHEMAS", 5) {
        let schema_seed = seeds.fork();
        let files = random_schema::random_schema(schema_seed).files;
        let analysis = analyze_files(&files)
            .unwrap_or_else(|error| panic!("random schema {schema_seed} fails check:\n{error}"));
        run.text_format(&Case {
            label: format!("text-random-{index}"),
            analysis: &analysis,
            sources: sources(&files),
            seed: schema_seed,
            count,
            protos: Protos::Exported,
            only: &[],
        });
    }
    run.report.assert_clean();
}

impl Differential {
    /// Google's messages of every type of `case` through the text format,
    /// schemac's into protoc and protoc's into schemac.
    fn text_format(&mut self, case: &Case) {
        let set = descriptor_set(case);
        let bytes = fs::read(&set).expect("protoc wrote the descriptor set");
        let pool = DescriptorPool::decode(&bytes)
            .unwrap_or_else(|error| panic!("{}: protoc's descriptors: {error}", case.label));
        let files: Vec<String> = pool.files().map(|file| file.name().to_owned()).collect();
        let schema = &case.analysis.schema;
        let inhabited = inhabited(schema);
        let mut rng = Rng::new(case.seed ^ 0x7e47);
        self.report.schemas += 1;
        for name in self.google.load(&set) {
            let Ok(id) = transcode::find_message(schema, &name) else {
                continue;
            };
            let Some(descriptor) = pool.message(&name) else {
                continue;
            };
            if !inhabited[id.0 as usize] {
                continue;
            }
            self.report.message_types += 1;
            let mut pairs = Vec::new();
            let mut texts = Vec::new();
            for (bytes, _) in self.google.generate(&name, rng.fork(), case.count) {
                let fail = |direction: &str, reason: String| {
                    let mut text = format!(
                        "{} (seed {}): {name}, {direction}: {reason}\n",
                        case.label, case.seed
                    );
                    let _ = writeln!(text, "  Google's bytes: {}", hex(&bytes));
                    let _ = writeln!(text, "  schema:\n{}", case.sources);
                    text
                };
                // schemac's text into protoc.
                let printed = match DynamicMessage::decode(descriptor, &bytes) {
                    Ok(message) => message.to_text(),
                    Err(error) => {
                        let failure = fail(
                            "schemac's text → protoc",
                            format!("schemac cannot decode: {error}"),
                        );
                        self.report.failures.push(failure);
                        continue;
                    }
                };
                match protoc(&set, &files, "--encode", &name, printed.as_bytes()) {
                    Ok(encoded) => {
                        pairs.push((bytes.clone(), encoded));
                        texts.push(format!("schemac's text → protoc:\n{printed}"));
                    }
                    Err(error) => {
                        let reason = format!("protoc refused schemac's text: {error}\n{printed}");
                        self.report
                            .failures
                            .push(fail("schemac's text → protoc", reason));
                    }
                }
                // protoc's text into schemac.
                let text = match protoc(&set, &files, "--decode", &name, &bytes) {
                    Ok(text) => String::from_utf8_lossy(&text).into_owned(),
                    Err(error) => panic!(
                        "{}: protoc cannot decode Google's {name}: {error}",
                        case.label
                    ),
                };
                match DynamicMessage::parse_text(descriptor, &text) {
                    Ok(message) => {
                        pairs.push((bytes.clone(), message.encode_to_vec()));
                        texts.push(format!("protoc's text → schemac:\n{text}"));
                    }
                    Err(error) => {
                        let reason = format!("schemac refused protoc's text: {error}\n{text}");
                        self.report
                            .failures
                            .push(fail("protoc's text → schemac", reason));
                    }
                }
            }
            self.report.text_both_ways += pairs.len() / 2;
            for mismatch in self.google.compare_text(&name, &pairs) {
                let (bytes, read) = &pairs[mismatch.index];
                let mut text = format!(
                    "{} (seed {}): {name}: the text read as another message: {}\n  {}",
                    case.label, case.seed, mismatch.reason, texts[mismatch.index]
                );
                let _ = writeln!(text, "  Google's bytes: {}", hex(bytes));
                let _ = writeln!(text, "  read as: {}", hex(read));
                self.report.failures.push(text);
            }
        }
    }
}

/// protoc's `--encode` or `--decode` (`mode`) of message `name` of the
/// descriptor set `set`, whose files are `files`, on `input`: its output,
/// or what it wrote to stderr.
fn protoc(
    set: &Path,
    files: &[String],
    mode: &str,
    name: &str,
    input: &[u8],
) -> Result<Vec<u8>, String> {
    let protoc = corpus::current_protoc()
        .unwrap_or_else(|| panic!("no current protoc: {}", corpus::CURRENT_PROTOC_HELP));
    let mut child = Command::new(&protoc[0])
        .args(&protoc[1..])
        .arg(format!("--descriptor_set_in={}", set.display()))
        .arg(format!("{mode}={name}"))
        .args(files)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("protoc does not run: {error}"));
    // protoc reads the whole input before it writes.
    let mut stdin = child.stdin.take().expect("a piped stdin");
    stdin.write_all(input).expect("protoc reads its input");
    drop(stdin);
    let output = child.wait_with_output().expect("protoc ends");
    match output.status.success() {
        true => Ok(output.stdout),
        false => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
    }
}
