//! The differential test against Google's protobuf (docs/differential.md).
//!
//! For the schemas of `schemas/` and for random schemas, the exported
//! `.proto` files go through the current protoc (libprotoc 35) into a
//! descriptor set, from which Google's current protobuf (Python 7.x, on
//! upb) makes random messages, and both directions are checked:
//!
//! - **Google → schemac → Google**: Google's bytes are read by schemac
//!   (the generated code for `schemas/`, what `schemac decode` and
//!   `schemac encode` do for every schema, and the runtime's
//!   `DynamicMessage` over protoc's descriptors) and written back; Google must
//!   read the same message from schemac's bytes, but for the one change
//!   schemac documents (a zero `decimal` or null `value` field with
//!   implicit presence is left out).
//! - **schemac → Google → schemac**: random values built on the Rust side
//!   are encoded by schemac; Google must parse them and write them back
//!   byte for byte when the message holds no map (Google orders a map's
//!   entries as it pleases and writes their defaults), and otherwise to
//!   bytes that schemac reads as the same value.
//!
//! The tests are ignored in a plain `cargo test`, since they need the
//! workspace's `.venv-protoc` (grpcio-tools and protobuf from PyPI: protoc
//! and Python's protobuf); `make differential` runs them, and CI
//! does. A failure prints the seed, the schema, and the smallest message
//! that still fails, as hex and in protoc's text format. `closed` holds
//! closed enums' numbers that the enum does not name to Google's Python
//! protobuf in every `cargo test`, on descriptors schemac exports. `text`
//! holds the text format to protoc's `--encode` and `--decode`, both ways.

mod closed;
mod editions;
mod generated;
mod google;
mod groups;
pub(crate) mod random_json;
mod random_schema;
mod text;

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use schemac::Analysis;
use schemac::model::{FieldType, MessageId, Scalar, Schema, ValueType, WellKnown};
use schemac::transcode;
use schemac_corpus::corpus;
use schemac_runtime::Message;
use schemac_runtime::reflect::{DescriptorPool, DynamicMessage, JsonOptions, MessageDescriptor};
use schemac_tests::{schema_paths, workspace_root};
use serde_json::Value as Json;

use google::{Google, hex};
use random_json::RandomJson;
use schemac_tests::rng::Rng;

/// The seed of a run unless `SCHEMAC_DIFFERENTIAL_SEED` gives another.
const DEFAULT_SEED: u64 = 20_261_201;

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a number")),
        Err(_) => default,
    }
}

/// What reads and writes the bytes on schemac's side.
#[derive(Clone, Copy)]
enum Subject {
    /// The generated code of a corpus.
    Generated(generated::Table),
    /// `schemac decode` and `schemac encode` (`transcode::Codec`): the
    /// runtime's dynamic messages, over the descriptors schemac exports.
    CommandLine,
    /// The runtime's dynamic messages, over a pool of protoc's descriptors.
    Dynamic,
}

/// The descriptors the dynamic subjects read by.
#[derive(Clone, Copy)]
struct Pools<'p> {
    /// schemac's export of the case's schema, for [`Subject::CommandLine`].
    exported: &'p DescriptorPool,
    /// protoc's descriptors of the case, for [`Subject::Dynamic`].
    protoc: &'p DescriptorPool,
}

impl Subject {
    /// Whether it reads and writes JSON too, and so makes values of its
    /// own: all but a table of generated types without serde's.
    fn has_json(self) -> bool {
        match self {
            Subject::Generated(table) => table.json.is_some(),
            Subject::CommandLine | Subject::Dynamic => true,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Subject::Generated(_) => "generated code",
            Subject::CommandLine => "schemac decode | schemac encode",
            Subject::Dynamic => "DynamicMessage",
        }
    }

    /// Bytes read as message `name` and written back: by the command line
    /// through its JSON, `schemac decode | schemac encode`, which leaves
    /// out the unknown fields.
    fn round_trip(self, pools: Pools<'_>, name: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
        match self {
            Subject::Generated(table) => (table.round_trip)(name, bytes)
                .unwrap_or_else(|| panic!("no generated type for {name}")),
            Subject::CommandLine => {
                let json = self.json_of(pools, name, bytes)?;
                let json: Json = serde_json::from_str(&json).map_err(|e| e.to_string())?;
                self.encode_json(pools, name, &json)
            }
            Subject::Dynamic => {
                let descriptor = self.dynamic_type(pools, name)?;
                let message =
                    DynamicMessage::decode(descriptor, bytes).map_err(|e| e.to_string())?;
                Ok(message.encode_to_vec())
            }
        }
    }

    /// The JSON, protobuf's, of bytes of message `name`.
    fn json_of(self, pools: Pools<'_>, name: &str, bytes: &[u8]) -> Result<String, String> {
        match self {
            Subject::Generated(table) => {
                (table.json.expect("a table with JSON").json_of)(name, bytes)
                    .unwrap_or_else(|| panic!("no generated type for {name}"))
            }
            Subject::CommandLine | Subject::Dynamic => {
                let descriptor = self.dynamic_type(pools, name)?;
                let message =
                    DynamicMessage::decode(descriptor, bytes).map_err(|e| e.to_string())?;
                let options = JsonOptions::new().proto_field_names(true);
                let json = message.to_json_with(&options).map_err(|e| e.to_string())?;
                Ok(json.to_string())
            }
        }
    }

    /// The bytes of a value of message `name` given as JSON.
    fn encode_json(self, pools: Pools<'_>, name: &str, json: &Json) -> Result<Vec<u8>, String> {
        match self {
            Subject::Generated(table) => {
                (table.json.expect("a table with JSON").encode_json)(name, json)
                    .unwrap_or_else(|| panic!("no generated type for {name}"))
            }
            Subject::CommandLine | Subject::Dynamic => {
                let descriptor = self.dynamic_type(pools, name)?;
                let message =
                    DynamicMessage::from_json(descriptor, json).map_err(|e| e.to_string())?;
                // As generated code refuses to encode a message whose
                // required field is missing.
                if let Some(missing) = message.missing_required() {
                    return Err(format!("{name}.{missing}: required field is missing"));
                }
                Ok(message.encode_to_vec())
            }
        }
    }

    /// The message type `name` of the pool a dynamic subject reads by.
    fn dynamic_type<'p>(
        self,
        pools: Pools<'p>,
        name: &str,
    ) -> Result<MessageDescriptor<'p>, String> {
        let pool = match self {
            Subject::CommandLine => pools.exported,
            _ => pools.protoc,
        };
        (pool.message(name)).ok_or_else(|| format!("no {name} in the pool"))
    }
}

/// How much a run covered, and what it found.
#[derive(Default)]
struct Report {
    schemas: usize,
    message_types: usize,
    google_to_schemac: usize,
    schemac_to_google: usize,
    json_both_ways: usize,
    text_both_ways: usize,
    /// The message types left out, which have no value ([`inhabited`]).
    uninhabited: Vec<String>,
    failures: Vec<String>,
}

impl Report {
    fn summary(&self) -> String {
        format!(
            "{} schemas, {} message types, {} messages from Google read and written back, \
             {} messages from schemac read by Google, {} through protobuf's JSON both ways, \
             {} through protoc's text format both ways; \
             {} failures; left out, as no message of theirs is complete: {:?}",
            self.schemas,
            self.message_types,
            self.google_to_schemac,
            self.schemac_to_google,
            self.json_both_ways,
            self.text_both_ways,
            self.failures.len(),
            self.uninhabited,
        )
    }

    fn assert_clean(&self) {
        println!("differential: {}", self.summary());
        assert!(
            self.failures.is_empty(),
            "{}\n\n{}",
            self.failures.join("\n\n"),
            self.summary()
        );
    }
}

/// One schema under test: its analysis, its text for reproductions, and
/// the descriptor set protoc made of its export.
struct Case<'a> {
    label: String,
    analysis: &'a Analysis,
    /// The files as written, to show with a failure.
    sources: String,
    seed: u64,
    count: usize,
    /// The `.proto` files protoc compiles for Google's side.
    protos: Protos,
    /// The full names of the message types to test, or all of them when
    /// empty.
    only: &'a [&'a str],
}

/// What protoc (the current one, [`corpus::current_protoc`]) compiles for
/// Google's side of a case.
enum Protos {
    /// schemac's export of the schema.
    Exported,
    /// The `.proto` files the schema is, as they are, found in these
    /// include directories.
    Files(Vec<PathBuf>),
}

struct Differential {
    google: Google,
    report: Report,
    /// The pool of the descriptor set of the case being checked, for
    /// [`Subject::Dynamic`].
    pool: DescriptorPool,
    /// The pool of schemac's export of the case's schema, for
    /// [`Subject::CommandLine`].
    exported: DescriptorPool,
}

impl Differential {
    fn new() -> Self {
        Self {
            google: Google::start(&workspace_root().join("tests/differential/google_peer.py")),
            report: Report::default(),
            pool: DescriptorPool::new(),
            exported: DescriptorPool::new(),
        }
    }

    /// The pools the dynamic subjects read by.
    fn pools(&self) -> Pools<'_> {
        Pools {
            exported: &self.exported,
            protoc: &self.pool,
        }
    }

    /// Runs both directions on every message of `case`, with each subject.
    fn check(&mut self, case: &Case, subjects: &[Subject]) {
        let descriptors = descriptor_set(case);
        let set = fs::read(&descriptors).expect("read the descriptor set");
        self.pool = DescriptorPool::decode(&set).unwrap_or_else(|error| panic!("{error}"));
        let exported = (case.analysis).encode_descriptor_set(&case.analysis.roots, true);
        self.exported = DescriptorPool::decode(&exported).unwrap_or_else(|error| panic!("{error}"));
        let schema = &case.analysis.schema;
        let inhabited = inhabited(schema);
        // `SCHEMAC_DIFFERENTIAL_TYPES`, full names separated by commas,
        // narrows a run to those types, to reproduce a failure.
        let only: Option<Vec<String>> = std::env::var("SCHEMAC_DIFFERENTIAL_TYPES")
            .ok()
            .filter(|names| !names.is_empty())
            .map(|names| names.split(',').map(str::to_owned).collect());
        let (mut names, mut uninhabited) = (Vec::new(), Vec::new());
        for name in self.google.load(&descriptors) {
            // The files schemac ships (`schemac.Decimal`, the well-known
            // types) are the runtime's types, tested inside the others.
            let Ok(id) = transcode::find_message(schema, &name) else {
                continue;
            };
            if only.as_ref().is_some_and(|only| !only.contains(&name))
                || !(case.only.is_empty() || case.only.contains(&name.as_str()))
            {
                continue;
            }
            match inhabited[id.0 as usize] {
                true => names.push(name),
                false => uninhabited.push(name),
            }
        }
        self.report.schemas += 1;
        self.report.message_types += names.len();
        self.report.uninhabited.extend(uninhabited);
        let mut rng = Rng::new(case.seed);
        for name in &names {
            for &subject in subjects {
                let seed = rng.fork();
                self.google_to_schemac(case, subject, name, seed);
                let (seed, json_seed) = (rng.fork(), rng.fork());
                if subject.has_json() {
                    self.schemac_to_google(case, subject, name, seed);
                    self.json_both_ways(case, subject, name, json_seed);
                }
            }
        }
    }

    /// Messages through protobuf's JSON: Google's random messages written by
    /// Google's json_format and read by schemac, and schemac's written by
    /// schemac and read by json_format. Messages that hold a `decimal` or a
    /// `value`, whose JSON is schemac's own, are left out.
    fn json_both_ways(&mut self, case: &Case, subject: Subject, name: &str, seed: u64) {
        let schema = &case.analysis.schema;
        let id = transcode::find_message(schema, name).unwrap_or_else(|error| panic!("{error}"));
        if reaches(schema, id, |ty| {
            matches!(ty, ValueType::Scalar(Scalar::Decimal | Scalar::Value))
        }) {
            return;
        }
        // Google's JSON into schemac.
        let messages: Vec<Vec<u8>> = self
            .google
            .generate(name, seed, case.count)
            .into_iter()
            .map(|(bytes, _)| bytes)
            .collect();
        let jsons = self.google.json_of(name, &messages);
        let mut pairs = Vec::new();
        for (bytes, text) in messages.iter().zip(&jsons) {
            let json: Json = serde_json::from_str(text).expect("json_format writes JSON");
            match subject.encode_json(self.pools(), name, &json) {
                Ok(written) => pairs.push((bytes.clone(), written)),
                Err(error) => {
                    let reason = format!("schemac refused Google's JSON: {error}");
                    let mut text_out =
                        self.heading(case, subject, name, "Google's JSON → schemac", &reason);
                    let _ = writeln!(text_out, "  JSON: {text}");
                    self.report.failures.push(text_out);
                }
            }
        }
        self.report.json_both_ways += pairs.len();
        for mismatch in self.google.compare(name, &pairs) {
            let (bytes, written) = &pairs[mismatch.index];
            let reason = format!(
                "schemac read Google's JSON as another message: {}",
                mismatch.reason
            );
            let mut text = self.heading(case, subject, name, "Google's JSON → schemac", &reason);
            let _ = writeln!(text, "  JSON: {}", jsons[mismatch.index]);
            let _ = writeln!(text, "  Google's bytes: {}", hex(bytes));
            let _ = writeln!(text, "  schemac's bytes: {}", hex(written));
            self.report.failures.push(text);
        }
        // schemac's JSON into Google.
        let mut values = RandomJson {
            schema,
            rng: Rng::new(seed ^ 1),
        };
        let mut encoded = Vec::new();
        let mut texts = Vec::new();
        for _ in 0..case.count {
            let Ok(bytes) = subject.encode_json(self.pools(), name, &values.message(id, 0)) else {
                continue;
            };
            match subject.json_of(self.pools(), name, &bytes) {
                Ok(text) => {
                    encoded.push(bytes);
                    texts.push(text);
                }
                Err(error) => {
                    let reason = format!("schemac cannot write its own value as JSON: {error}");
                    let mut text =
                        self.heading(case, subject, name, "schemac's JSON → Google", &reason);
                    let _ = writeln!(text, "  bytes: {}", hex(&bytes));
                    self.report.failures.push(text);
                }
            }
        }
        let exact = !reaches_map(schema, Some(id));
        for ((bytes, text), parsed) in encoded
            .iter()
            .zip(&texts)
            .zip(self.google.parse_json(name, &texts))
        {
            self.report.json_both_ways += 1;
            let reason = match parsed {
                Err(error) => format!("Google cannot read schemac's JSON: {error}"),
                Ok(google) if exact && google != *bytes => {
                    format!(
                        "Google reads schemac's JSON as other bytes: {}",
                        hex(&google)
                    )
                }
                Ok(google) if !exact => match subject.round_trip(self.pools(), name, &google) {
                    Ok(back) if back == *bytes => continue,
                    _ => format!(
                        "Google reads schemac's JSON as another value: {}",
                        hex(&google)
                    ),
                },
                Ok(_) => continue,
            };
            let mut out = self.heading(case, subject, name, "schemac's JSON → Google", &reason);
            let _ = writeln!(out, "  JSON: {text}");
            let _ = writeln!(out, "  schemac's bytes: {}", hex(bytes));
            self.report.failures.push(out);
        }
    }

    /// Google's random messages, through schemac, back to Google.
    fn google_to_schemac(&mut self, case: &Case, subject: Subject, name: &str, seed: u64) {
        let mut pairs = Vec::new();
        for (bytes, _) in self.google.generate(name, seed, case.count) {
            match subject.round_trip(self.pools(), name, &bytes) {
                Ok(written) => pairs.push((bytes, written)),
                Err(error) => {
                    let reason = format!("schemac refused Google's bytes: {error}");
                    self.report_google_bytes(case, subject, name, &bytes, &reason);
                }
            }
        }
        self.report.google_to_schemac += pairs.len();
        for mismatch in self.google.compare(name, &pairs) {
            let bytes = pairs[mismatch.index].0.clone();
            self.report_google_bytes(case, subject, name, &bytes, &mismatch.reason);
        }
    }

    /// The first of `candidates`, Google's bytes, that schemac mishandles:
    /// refuses, or writes back as what Google reads as another message.
    /// Google compares them all in one request.
    fn first_failing(
        &mut self,
        subject: Subject,
        name: &str,
        candidates: Vec<Vec<u8>>,
    ) -> Option<Vec<u8>> {
        let mut first = candidates.len();
        let mut pairs = Vec::new();
        let mut indices = Vec::new();
        for (index, bytes) in candidates.iter().enumerate() {
            match subject.round_trip(self.pools(), name, bytes) {
                Ok(written) => {
                    pairs.push((bytes.clone(), written));
                    indices.push(index);
                }
                Err(_) => {
                    first = index;
                    break;
                }
            }
        }
        let mismatches = self.google.compare(name, &pairs);
        if let Some(index) = mismatches
            .iter()
            .map(|mismatch| indices[mismatch.index])
            .min()
        {
            first = first.min(index);
        }
        candidates.into_iter().nth(first)
    }

    fn report_google_bytes(
        &mut self,
        case: &Case,
        subject: Subject,
        name: &str,
        bytes: &[u8],
        reason: &str,
    ) {
        let smallest = self.shrink(subject, name, bytes);
        let mut text = self.heading(case, subject, name, "Google → schemac → Google", reason);
        let _ = writeln!(text, "  Google wrote (hex): {}", hex(&smallest));
        let _ = writeln!(
            text,
            "  Google wrote (text format):\n{}",
            indent(&self.google.text(name, &smallest))
        );
        match subject.round_trip(self.pools(), name, &smallest) {
            Ok(written) => {
                let _ = writeln!(text, "  schemac wrote back (hex): {}", hex(&written));
                let _ = writeln!(
                    text,
                    "  Google reads that as:\n{}",
                    indent(&self.google.text(name, &written))
                );
            }
            Err(error) => {
                let _ = writeln!(text, "  schemac refused it: {error}");
            }
        }
        self.report.failures.push(text);
    }

    /// Random values built on the Rust side, through Google, back.
    fn schemac_to_google(&mut self, case: &Case, subject: Subject, name: &str, seed: u64) {
        let schema = &case.analysis.schema;
        let id = transcode::find_message(schema, name).unwrap_or_else(|error| panic!("{error}"));
        let mut values = RandomJson {
            schema,
            rng: Rng::new(seed),
        };
        let mut encoded = Vec::new();
        for _ in 0..case.count {
            let json = values.message(id, 0);
            match subject.encode_json(self.pools(), name, &json) {
                Ok(bytes) => encoded.push(bytes),
                Err(error) => {
                    let reason = format!("schemac refused a random value it should read: {error}");
                    let mut text = self.heading(case, subject, name, "schemac → Google", &reason);
                    let _ = writeln!(text, "  JSON: {json}");
                    self.report.failures.push(text);
                }
            }
        }
        if matches!(subject, Subject::Generated(_)) {
            encoded.extend(proptest_values(name, seed, case.count));
        }
        self.check_schemac_bytes(case, subject, name, &encoded);
    }

    fn check_schemac_bytes(
        &mut self,
        case: &Case,
        subject: Subject,
        name: &str,
        encoded: &[Vec<u8>],
    ) {
        let schema = &case.analysis.schema;
        let exact = !reaches_map(schema, transcode::find_message(schema, name).ok());
        let results = self.google.reserialize(name, encoded);
        self.report.schemac_to_google += encoded.len();
        for (bytes, result) in encoded.iter().zip(results) {
            let reason = match result {
                Err(error) => format!("Google cannot parse schemac's bytes: {error}"),
                Ok(google) if exact && google != *bytes => {
                    format!("Google writes other bytes back: {}", hex(&google))
                }
                Ok(google) if !exact => match subject.round_trip(self.pools(), name, &google) {
                    Ok(back) if back == *bytes => continue,
                    Ok(back) => format!(
                        "Google writes back {}, which schemac reads as another value ({})",
                        hex(&google),
                        hex(&back)
                    ),
                    Err(error) => format!(
                        "Google writes back {}, which schemac refuses: {error}",
                        hex(&google)
                    ),
                },
                Ok(_) => continue,
            };
            let mut text = self.heading(case, subject, name, "schemac → Google", &reason);
            let _ = writeln!(text, "  schemac wrote (hex): {}", hex(bytes));
            let _ = writeln!(
                text,
                "  Google reads (text format):\n{}",
                indent(&self.google.text(name, bytes))
            );
            self.report.failures.push(text);
        }
    }

    /// The smallest of Google's messages that schemac still mishandles,
    /// from `bytes`, taking out one field, element or entry at a time.
    fn shrink(&mut self, subject: Subject, name: &str, bytes: &[u8]) -> Vec<u8> {
        let mut smallest = bytes.to_vec();
        for _ in 0..200 {
            let candidates = self.google.shrink(name, &smallest);
            match self.first_failing(subject, name, candidates) {
                Some(smaller) => smallest = smaller,
                None => break,
            }
        }
        smallest
    }

    fn heading(
        &self,
        case: &Case,
        subject: Subject,
        name: &str,
        direction: &str,
        reason: &str,
    ) -> String {
        format!(
            "{}: {name} ({direction}, with {}): {reason}\n  seed {}\n  schema:\n{}\n",
            case.label,
            subject.name(),
            case.seed,
            indent(&case.sources)
        )
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|line| format!("    {line}\n"))
        .collect::<String>()
        .trim_end()
        .to_owned()
}

/// Values of the generated type `name` from the suite's proptest
/// strategies, encoded: Rust values no JSON can hold, such as a NaN's
/// payload... and the strategies' own choices of edge values.
fn proptest_values(name: &str, seed: u64, count: usize) -> Vec<Vec<u8>> {
    use crate::roundtrip as strategies;
    fn sample<M: Message + std::fmt::Debug>(
        strategy: impl Strategy<Value = M>,
        seed: u64,
        count: usize,
    ) -> Vec<Vec<u8>> {
        let mut seed_bytes = [0u8; 32];
        seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
        let mut runner = TestRunner::new_with_rng(Config::default(), rng);
        (0..count)
            .filter_map(|_| strategy.new_tree(&mut runner).ok())
            .map(|tree| tree.current().try_encode_to_vec().expect("a value encodes"))
            .collect()
    }
    match name {
        "shop.Order" => sample(strategies::order(), seed, count),
        "kitchen.Scalars" => sample(strategies::scalars(), seed, count),
        "kitchen.OptionalScalars" => sample(strategies::optional_scalars(), seed, count),
        "kitchen.Lists" => sample(strategies::lists(), seed, count),
        "kitchen.Maps" => sample(strategies::maps(), seed, count),
        "kitchen.Interleaved" => sample(strategies::interleaved(), seed, count),
        "shapes.Tree" => sample(strategies::tree(), seed, count),
        "shapes.Drawing" => sample(strategies::drawing(), seed, count),
        "shapes.Keywords" => sample(strategies::keywords(), seed, count),
        "world.travel.Trip" => sample(strategies::trip(), seed, count),
        _ => Vec::new(),
    }
}

/// Whether message `id`, or a message it holds, has a map: Google writes a
/// map's entries in an order of its own, with their defaults. A `value`,
/// a `google.protobuf.Struct` and a `google.protobuf.Value` hold maps too.
fn reaches_map(schema: &Schema, id: Option<MessageId>) -> bool {
    id.is_some_and(|id| {
        reaches(schema, id, |ty| {
            matches!(
                ty,
                ValueType::Scalar(Scalar::Value)
                    | ValueType::WellKnown(WellKnown::Struct | WellKnown::Value)
            )
        }) || reaches_field(schema, id, |ty| matches!(ty, FieldType::Map(..)))
    })
}

/// Whether each message of `schema` has a value at all: one whose
/// `required` fields are set, each to a finite message. A message that
/// requires itself, directly or not, has none (protobuf's test message
/// `TestAllRequiredTypesProto2` requires `recursive_message`, of its own
/// type), and neither side can make one to test.
fn inhabited(schema: &Schema) -> Vec<bool> {
    let mut inhabited = vec![false; schema.messages.len()];
    loop {
        let mut changed = false;
        for (index, message) in schema.messages.iter().enumerate() {
            let has_value = message.fields.iter().all(|field| match field.ty {
                FieldType::Required(ValueType::Message(id)) => inhabited[id.0 as usize],
                _ => true,
            });
            if has_value && !inhabited[index] {
                inhabited[index] = true;
                changed = true;
            }
        }
        if !changed {
            return inhabited;
        }
    }
}

/// Whether a field of message `id`, or of a message it holds, is of a value
/// type that `found` picks.
fn reaches(schema: &Schema, id: MessageId, found: impl Fn(ValueType) -> bool) -> bool {
    reaches_field(schema, id, |ty| match ty {
        FieldType::Single(ty)
        | FieldType::Optional(ty)
        | FieldType::Required(ty)
        | FieldType::List(ty) => found(ty),
        FieldType::Map(key, value) => found(ValueType::Scalar(key)) || found(value),
    })
}

/// Whether a field of message `id`, or of a message it holds, has a type
/// that `found` picks.
fn reaches_field(schema: &Schema, id: MessageId, found: impl Fn(FieldType) -> bool) -> bool {
    let mut seen = HashSet::new();
    let mut next = vec![id];
    while let Some(id) = next.pop() {
        if !seen.insert(id) {
            continue;
        }
        for field in &schema.message(id).fields {
            if found(field.ty) {
                return true;
            }
            let value = match field.ty {
                FieldType::Single(ty)
                | FieldType::Optional(ty)
                | FieldType::Required(ty)
                | FieldType::List(ty) => ty,
                FieldType::Map(_, value) => value,
            };
            if let ValueType::Message(id) = value {
                next.push(id);
            }
        }
    }
    false
}

/// The descriptor set of every root of `case`, made by protoc (as
/// `case.protos` says): of the roots themselves when they are `.proto`
/// files, or else of their export, written to a folder of its own under
/// `target/differential/`.
fn descriptor_set(case: &Case) -> PathBuf {
    let out = workspace_root()
        .join("target/differential")
        .join(&case.label);
    let _ = fs::remove_dir_all(&out);
    fs::create_dir_all(&out).expect("create target/differential");
    let analysis = case.analysis;
    let (includes, roots) = match &case.protos {
        Protos::Exported => {
            let mut roots = Vec::new();
            for &root in &analysis.roots {
                let files = analysis.export_proto_files(root);
                for file in &files {
                    let path = out.join(&file.name);
                    fs::create_dir_all(path.parent().unwrap_or(&out))
                        .expect("create the export folder");
                    fs::write(&path, &file.contents).expect("write an exported .proto");
                }
                roots.extend(files.into_iter().next().map(|file| file.name));
            }
            (vec![out.clone()], roots)
        }
        Protos::Files(includes) => (includes.clone(), root_names(analysis)),
    };
    let protoc = corpus::current_protoc().unwrap_or_else(|| {
        panic!(
            "{}: no current protoc: {}",
            case.label,
            corpus::CURRENT_PROTOC_HELP
        )
    });
    let set = out.join("set.binpb");
    let output = Command::new(&protoc[0])
        .args(&protoc[1..])
        .args(
            includes
                .iter()
                .map(|dir| format!("--proto_path={}", dir.display())),
        )
        .arg(format!("--descriptor_set_out={}", set.display()))
        .arg("--include_imports")
        .args(&roots)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {protoc:?}: {error}"));
    assert!(
        output.status.success(),
        "{}: protoc refuses the files: {}\n{}",
        case.label,
        String::from_utf8_lossy(&output.stderr),
        case.sources
    );
    set
}

/// The names by which protoc finds the roots of `analysis`.
fn root_names(analysis: &Analysis) -> Vec<String> {
    let files = &analysis.schema.files;
    (analysis.roots.iter())
        .filter_map(|&root| files.iter().find(|file| file.id == root))
        .map(|file| file.import_name.clone())
        .collect()
}

/// Analyzes files given as (name, text), the first as the root.
fn analyze_files(files: &[(String, String)]) -> Result<Analysis, schemac::Error> {
    let root = PathBuf::from(&files[0].0);
    schemac::analyze(&[root], &[], &mut |path: &Path| {
        files
            .iter()
            .find(|(name, _)| Path::new(name) == path)
            .map(|(_, text)| text.clone())
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "not generated"))
    })
}

fn sources(files: &[(String, String)]) -> String {
    files
        .iter()
        .map(|(name, text)| format!("// {name}\n{text}"))
        .collect()
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_schemas_dir() {
    let paths = schema_paths();
    let analysis = crate::analyze_schemas();
    let count = env_number("SCHEMAC_DIFFERENTIAL_MESSAGES", 40) as usize;
    let seed = env_number("SCHEMAC_DIFFERENTIAL_SEED", DEFAULT_SEED);
    let case = Case {
        label: "schemas".to_owned(),
        analysis: &analysis,
        sources: paths
            .iter()
            .map(|path| format!("{}\n", path.display()))
            .collect(),
        seed,
        count,
        protos: Protos::Exported,
        only: &[],
    };
    let mut run = Differential::new();
    run.check(
        &case,
        &[
            Subject::Generated(generated::SCHEMAS),
            Subject::CommandLine,
            Subject::Dynamic,
        ],
    );
    run.report.assert_clean();
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_random_schemas() {
    let schemas = env_number("SCHEMAC_DIFFERENTIAL_SCHEMAS", 40);
    let count = env_number("SCHEMAC_DIFFERENTIAL_MESSAGES", 20) as usize;
    let seed = env_number("SCHEMAC_DIFFERENTIAL_SEED", DEFAULT_SEED);
    let mut seeds = Rng::new(seed);
    let mut run = Differential::new();
    for index in 0..schemas {
        let schema_seed = seeds.fork();
        let files = random_schema::random_schema(schema_seed).files;
        let analysis = analyze_files(&files)
            .unwrap_or_else(|error| panic!("random schema {schema_seed} fails check:\n{error}"));
        let case = Case {
            label: format!("random-{index}"),
            analysis: &analysis,
            sources: sources(&files),
            seed: schema_seed,
            count,
            protos: Protos::Exported,
            only: &[],
        };
        run.check(&case, &[Subject::CommandLine, Subject::Dynamic]);
    }
    run.report.assert_clean();
}

/// The `.proto` files of tests/protos/proto, as they are: protoc compiles the
/// files themselves for Google's side, and schemac reads them with the
/// generated code of the `schemac-protos` crate and with the schema alone.
#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_proto_files() {
    let (dir, roots) = proto_roots();
    let analysis = schemac::analyze(&roots, std::slice::from_ref(&dir), &mut |path| {
        fs::read_to_string(path)
    })
    .unwrap_or_else(|error| panic!("{error}"));
    let count = env_number("SCHEMAC_DIFFERENTIAL_MESSAGES", 40) as usize;
    let seed = env_number("SCHEMAC_DIFFERENTIAL_SEED", DEFAULT_SEED);
    let case = Case {
        label: "proto-files".to_owned(),
        analysis: &analysis,
        sources: roots
            .iter()
            .map(|path| format!("{}\n", path.display()))
            .collect(),
        seed,
        count,
        protos: Protos::Files(vec![dir]),
        only: &[],
    };
    let mut run = Differential::new();
    run.check(
        &case,
        &[
            Subject::Generated(generated::PROTOS),
            Subject::CommandLine,
            Subject::Dynamic,
        ],
    );
    run.report.assert_clean();
}

/// The corpus of real-world `.proto` files (tests/corpus), as they are:
/// the current protoc compiles every file it accepts for Google's side
/// (but those compiled apart, `corpus::APART`, whose names others declare),
/// edition 2023's among them, and schemac reads Google's random messages
/// of every type with the generated code of the `schemac-corpus` crate,
/// and both ways, bytes and JSON, with the schema alone.
#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential-corpus`"]
fn corpus_through_google() {
    let dir = workspace_root().join("tests/corpus");
    let files = corpus::Corpus::read()
        .unwrap_or_else(|error| panic!("{error}"))
        .accepted_together();
    let includes: Vec<PathBuf> = corpus::ROOTS.iter().map(|root| dir.join(root)).collect();
    let roots: Vec<PathBuf> = files.iter().map(|path| dir.join(path)).collect();
    let analysis = schemac::analyze(&roots, &includes, &mut |path| fs::read_to_string(path))
        .unwrap_or_else(|error| panic!("{error}"));
    let count = env_number("SCHEMAC_DIFFERENTIAL_CORPUS_MESSAGES", 5) as usize;
    let seed = env_number("SCHEMAC_DIFFERENTIAL_SEED", DEFAULT_SEED);
    let case = Case {
        label: "corpus".to_owned(),
        analysis: &analysis,
        sources: format!(
            "the {} files of tests/corpus/files.txt that protoc accepts, compiled together",
            files.len()
        ),
        seed,
        count,
        protos: Protos::Files(includes),
        only: &[],
    };
    let mut run = Differential::new();
    run.check(
        &case,
        &[
            Subject::Generated(generated::CORPUS),
            Subject::CommandLine,
            Subject::Dynamic,
        ],
    );
    run.report.assert_clean();
}

/// tests/protos/proto and the `.proto` files in it that the `schemac-protos`
/// crate compiles.
fn proto_roots() -> (PathBuf, Vec<PathBuf>) {
    let dir = workspace_root().join("tests/protos/proto");
    let roots = [
        "acme/trace/v1/trace.proto",
        "store/v1/orders.proto",
        "legacy/v1/inventory.proto",
        "legacy/v1/search.proto",
        "wkt.proto",
    ];
    let roots = roots.iter().map(|root| dir.join(root)).collect();
    (dir, roots)
}

/// The table of generated types names every message of tests/protos/proto.
#[test]
fn every_generated_proto_message_is_in_the_table() {
    let (dir, roots) = proto_roots();
    let analysis = schemac::analyze(&roots, &[dir], &mut |path| fs::read_to_string(path))
        .unwrap_or_else(|error| panic!("{error}"));
    let mut declared: Vec<&str> = analysis
        .schema
        .messages
        .iter()
        .map(|message| message.full_name.as_str())
        .collect();
    let mut listed = generated::PROTOS.names.to_vec();
    declared.sort_unstable();
    listed.sort_unstable();
    assert_eq!(listed, declared);
}

/// The table of generated types names every message of `schemas/`, so the
/// differential test reads each with its generated code.
#[test]
fn every_generated_message_is_in_the_table() {
    let analysis = crate::analyze_schemas();
    let mut declared: Vec<&str> = analysis
        .schema
        .messages
        .iter()
        .map(|message| message.full_name.as_str())
        .collect();
    let mut listed = generated::SCHEMAS.names.to_vec();
    declared.sort_unstable();
    listed.sort_unstable();
    assert_eq!(listed, declared);
}

/// The random schemas pass check, whatever the seed: the generator makes
/// only what the language allows, so a failure of the differential test
/// is schemac's or Google's, never the generator's.
#[test]
fn random_schemas_pass_check() {
    for seed in 0..300 {
        let files = random_schema::random_schema(seed).files;
        if let Err(error) = analyze_files(&files) {
            panic!("seed {seed}:\n{}\n{error}", sources(&files));
        }
    }
}
