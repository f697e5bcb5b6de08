//! The stable-CI smoke test of hostile input: a deterministic stand-in for
//! the fuzz targets (docs/fuzzing.md) that runs in plain `cargo test`.
//!
//! - Tens of thousands of mutations of the fixtures' encodings, and of
//!   messages with payloads of 16 KiB or more, go through decode of every
//!   generated type. Each gives an error or a value; a value must encode,
//!   every way of encoding must write the same bytes
//!   (`schemac_tests::encodes_every_way`), and that encoding must decode
//!   and encode to the same bytes. Each type's borrowed view decodes the
//!   same input and must give the same error, or a value that encodes
//!   (made owned) to the same bytes.
//!   Every tenth input also goes through `schemac decode`'s codec, which must
//!   accept it exactly when the generated type does. Each input is also
//!   decoded with `decode_shared` from a `Bytes` into the types whose
//!   strings are `Box<str>`, `Arc<str>` or `CompactString` and whose bytes
//!   are `Bytes` (schemac-options' `representations`), which must accept
//!   what the default types accept, with the same error, and encode to
//!   the same bytes, every way.
//! - Thousands of mutations of streams of length-delimited orders go
//!   through `framing::FrameReader`, over a reader that hands out a few
//!   bytes a read, and through `decode_length_delimited` on the slice;
//!   both must read the same frames and stop at the same place.
//! - Ten thousand mutations of the schemas in `schemas/`,
//!   `schemas/invalid/` and `tests/graph/schemas/` (graph mode) go through
//!   `analyze_text`. Each gives diagnostics or
//!   an analysis. Every tenth analysis must generate Rust, with the default
//!   `Config` and with JSON and views on; every analysis must export a
//!   `.proto` that schemac reads back to the same export, and each
//!   distinct export must compile with the current protoc (libprotoc 35,
//!   `corpus::current_protoc`) too, when it is installed (a note says so
//!   when it is not, and under `CI=true`, where CI installs it, its
//!   absence fails).
//!   Three thousand mutations of the `.proto` files of `tests/protos/proto`,
//!   `tests/grammar` (options, extensions, groups, editions) and
//!   `schemas/invalid`, inserting `.proto` pieces too, go the same way,
//!   through schemac's `.proto` parser.
//!
//! - Five thousand mutations of the fixtures' texts (each fixture decoded
//!   into a `DynamicMessage` of the descriptors schemac exports for
//!   `schemas/`, and printed) go through the text format's parser
//!   (`schemac_tests::text::reads_back`, the `text_format` fuzz target's
//!   oracle): each is read or refused, and what is read prints to texts
//!   that read back alike.
//!
//! - Each accepted mutation is also compared, both ways, with its seed and
//!   with the mutation accepted before it by `schemac breaking`'s checker,
//!   which must give findings or none, and none against itself.
//!
//! A panic anywhere fails the test, naming the seed and the input.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use schemac::Config;
use schemac::JsonNames;
use schemac::evolution::Level;
use schemac::transcode::{self, Codec};
use schemac_corpus::corpus::current_protoc_or_skip;
use schemac_generated::evolution::{v1, v2};
use schemac_generated::kitchen::{Interleaved, Lists, Maps, OptionalScalars, Scalars};
use schemac_generated::money::{Amounts, Entry, Values};
use schemac_generated::school::Summary;
use schemac_generated::shapes::{Drawing, Keywords, Ping, Pong, Tree};
use schemac_generated::shop::{Customer, Order, OrderLine};
use schemac_generated::world::travel::Trip;
use schemac_runtime::bytes::Bytes;
use schemac_runtime::framing::FrameReader;
use schemac_runtime::reflect::{DescriptorPool, DynamicMessage};
use schemac_runtime::view::HasView;
use schemac_runtime::{Message, MessageView};
use schemac_tests::{reads_as_default, workspace_root};

use schemac_tests::rng::Rng;

/// How many mutated encodings the decode test feeds.
const ENCODING_CASES: usize = 40_000;
/// How many mutated frame streams the framing test feeds.
const FRAME_CASES: usize = 5_000;
/// How many mutated schemas the compile test feeds.
const SCHEMA_CASES: usize = 10_000;

/// How many mutated texts the text format test feeds.
const TEXT_CASES: usize = 5_000;
/// The longest text of a fixture that seeds the text format test (and the
/// `text_format` fuzz target): the large payloads' are left out.
pub(crate) const TEXT_SEED_LIMIT: usize = 8 * 1024;

/// How many mutated `.proto` files go through the front end.
const PROTO_CASES: usize = 3_000;
/// Of the mutated schemas that check accepts, every how-manieth goes on
/// through codegen, which is slow in a debug build (the `compile` fuzz
/// target sends every one).
const CODEGEN_EVERY: usize = 10;

#[test]
fn mutated_encodings_decode_to_a_value_or_an_error() {
    let seeds: Vec<Vec<u8>> = crate::fuzz_seeds::encodings()
        .into_iter()
        .map(|(_, _, bytes)| bytes)
        .collect();
    let analysis = schemas();
    let codec = Codec::new(&analysis);
    let mut rng = Rng::new(0x5eed_0001);
    for case in 0..ENCODING_CASES {
        let seed = &seeds[rng.below(seeds.len())];
        let input = mutate_bytes(&mut rng, seed, &seeds);
        let checked = panic::catch_unwind(AssertUnwindSafe(|| {
            let accepted = decode_every_type(&input);
            decode_every_representation(&input);
            if case % 10 == 0 {
                let (name, accepted) = accepted[(case / 10) % accepted.len()];
                let id = transcode::find_message(&analysis.schema, name).unwrap();
                let json = codec.bytes_to_json(id, &input, JsonNames::Schema);
                assert_eq!(json.is_ok(), accepted, "{name}: the codec gave {json:?}");
            }
        }));
        if checked.is_err() {
            panic!("case {case}: decoding {} panicked", shown(&input));
        }
    }
}

#[test]
fn mutated_schemas_compile_or_give_diagnostics() {
    let seeds = texts(
        &[
            "schemas",
            "schemas/invalid",
            "schemas/invalid/imports",
            "tests/graph/schemas",
        ],
        "schema",
    );
    mutated_files_compile_or_give_diagnostics(
        "smoke.schema",
        &seeds,
        &[],
        SCHEMA_CASES,
        0x5eed_0002,
    );
}

/// The same for `.proto` text: the files of tests/protos/proto, of tests/grammar
/// (options, extensions, groups, editions) and the invalid ones, mutated
/// with `.proto` tokens too, through schemac's `.proto` parser and the
/// same stages after it.
#[test]
fn mutated_proto_files_compile_or_give_diagnostics() {
    let dirs = [
        "tests/protos/proto",
        "tests/protos/proto/acme/common/v1",
        "tests/protos/proto/acme/trace/v1",
        "tests/protos/proto/store/v1",
        "tests/protos/proto/legacy/v1",
        "tests/grammar",
        "schemas/invalid",
    ];
    let seeds = texts(&dirs, "proto");
    mutated_files_compile_or_give_diagnostics(
        "smoke.proto",
        &seeds,
        PROTO_TOKENS,
        PROTO_CASES,
        0x5eed_0003,
    );
}

/// Analyzes `cases` mutations of `seeds` (which insert `tokens` too) as a
/// file named `name`, whose extension picks the language: each gives
/// diagnostics or, accepted, generates code and exports a `.proto` that
/// schemac reads back alike and protoc compiles.
fn mutated_files_compile_or_give_diagnostics(
    name: &str,
    seeds: &[String],
    tokens: &[&str],
    cases: usize,
    seed: u64,
) {
    let mut rng = Rng::new(seed);
    let mut accepted = 0;
    let mut exports = BTreeMap::new();
    // The last accepted mutation, as the old version of the next one.
    let mut previous: Option<schemac::Analysis> = None;
    for case in 0..cases {
        let seed = &seeds[rng.below(seeds.len())];
        let text = mutate_text(&mut rng, seed, tokens);
        let checked = panic::catch_unwind(AssertUnwindSafe(|| {
            match schemac::analyze_text(name, &text) {
                Ok(analysis) => {
                    if accepted % CODEGEN_EVERY == 0 {
                        generate(&analysis);
                    }
                    if let Ok(original) = schemac::analyze_text(name, seed) {
                        breaking_both_ways(&original, &analysis);
                    }
                    if let Some(previous) = &previous {
                        breaking_both_ways(previous, &analysis);
                    }
                    previous = Some(analysis.clone());
                    let files = analysis.export_proto_files(analysis.roots[0]);
                    if let Err(error) = reads_back(&files) {
                        panic!(
                            "schemac reads its export otherwise: {error}\n{}",
                            files[0].contents
                        );
                    }
                    Some(files)
                }
                Err(error) => {
                    assert!(!error.render(false).is_empty());
                    None
                }
            }
        }));
        match checked {
            Ok(Some(files)) => {
                accepted += 1;
                // The types file is always the same; the first file differs.
                let key = files[0].contents.clone();
                exports.entry(key).or_insert((case, text, files));
            }
            Ok(None) => {}
            Err(_) => panic!("case {case}: analyzing this schema panicked:\n{text}"),
        }
    }
    // Some mutations keep the schema valid, so codegen runs too.
    assert!(accepted > cases / 20, "only {accepted} accepted");
    protoc_compiles(&exports);
}

/// Compares two versions of a schema both ways, and each with itself: a
/// report with findings or none, in text and with the places the JSON
/// report gives, at every level; never a
/// panic, and nothing breaks between a schema and itself.
fn breaking_both_ways(old: &schemac::Analysis, new: &schemac::Analysis) {
    for (from, to) in [(old, new), (new, old)] {
        let breaking = to.breaking_since(from, "old:");
        for level in [Level::Wire, Level::Json, Level::Rust] {
            let count = breaking.at(level).count();
            assert_eq!(breaking.render(level, false).is_empty(), count == 0);
            for finding in breaking.at(level) {
                for span in [finding.old, finding.new].into_iter().flatten() {
                    let place = breaking.place(span);
                    assert!(place.line >= 1 && place.line <= place.end_line);
                }
            }
        }
    }
    assert_eq!(new.breaking_since(new, "").findings, Vec::new());
}

/// Generates `analysis` with the default `Config`, and with JSON and views
/// on, as `make generate` does, unless that config's own check refuses.
fn generate(analysis: &schemac::Analysis) {
    assert!(!analysis.generate(&Config::new()).is_empty());
    let mut config = Config::new();
    config.json(true).views(true);
    if analysis.check_config(&config).is_ok() {
        assert!(!analysis.generate(&config).is_empty());
    }
}

/// Whether schemac reads the exported `files`, the first importing the
/// others, back to the same schema: the export of what it reads is the
/// export itself, but for the first line, which names the file it was
/// exported from. A `.schema` file's export says with schemac's options
/// (`schemac/options.proto`) what protobuf cannot, graph mode's references
/// among them.
fn reads_back(files: &[schemac::ProtoFile]) -> Result<(), String> {
    let mut read = |path: &Path| match files.iter().find(|file| Path::new(&file.name) == path) {
        Some(file) => Ok(file.contents.clone()),
        None => Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "not exported",
        )),
    };
    let root = PathBuf::from(&files[0].name);
    let analysis =
        schemac::analyze(&[root], &[], &mut read).map_err(|error| error.render(false))?;
    let again = analysis.export_proto_files(analysis.roots[0]);
    let without_first_line = |files: &[schemac::ProtoFile]| -> Vec<String> {
        let mut texts: Vec<String> = files.iter().map(|file| file.contents.clone()).collect();
        texts[0] = texts[0]
            .split_once('\n')
            .map_or("", |(_, rest)| rest)
            .to_owned();
        texts
    };
    let (again, files) = (without_first_line(&again), without_first_line(files));
    let differing = (again.iter().zip(&files))
        .flat_map(|(again, file)| again.lines().zip(file.lines()))
        .find(|(again, line)| again != line);
    match differing {
        None if again == files => Ok(()),
        None => Err(format!("it exports other files:\n{}", again.join("\n"))),
        Some((again, line)) => Err(format!("it exports `{again}` for `{line}`")),
    }
}

/// The current protoc compiles every distinct export, each named by the
/// first case and schema that gave it. Without it, skips with a note,
/// except under `CI=true`: CI installs it, so there its absence fails.
fn protoc_compiles(exports: &BTreeMap<String, (usize, String, Vec<schemac::ProtoFile>)>) {
    let Some(protoc) = current_protoc_or_skip("the exports of accepted schemas are") else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("smoke-protos");
    let _ = std::fs::remove_dir_all(&dir);
    // A few protoc processes at a time, each on a directory of its own.
    let exports: Vec<_> = exports.values().enumerate().collect();
    for chunk in exports.chunks(8) {
        let children: Vec<_> = chunk
            .iter()
            .map(|(index, (case, text, files))| {
                let dir = dir.join(index.to_string());
                for file in files.iter() {
                    let path = dir.join(&file.name);
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(&path, &file.contents).unwrap();
                }
                let child = Command::new(&protoc[0])
                    .args(&protoc[1..])
                    .arg(format!("--proto_path={}", dir.display()))
                    .arg("--descriptor_set_out=/dev/null")
                    .arg(&files[0].name)
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("protoc runs");
                (child, case, text, files)
            })
            .collect();
        for (child, case, text, files) in children {
            let output = child.wait_with_output().expect("protoc runs");
            assert!(
                output.status.success(),
                "case {case}: protoc refuses the export of an accepted schema: {}\n\
                 schema:\n{text}\nexport:\n{}",
                String::from_utf8_lossy(&output.stderr),
                files[0].contents
            );
        }
    }
}

/// Decodes `input` as every generated type; for each, its schema name and
/// whether it was accepted.
fn decode_every_type(input: &[u8]) -> Vec<(&'static str, bool)> {
    vec![
        ("shop.Order", round_trip::<Order>(input)),
        ("shop.OrderLine", round_trip::<OrderLine>(input)),
        ("shop.Customer", round_trip::<Customer>(input)),
        ("kitchen.Scalars", round_trip::<Scalars>(input)),
        (
            "kitchen.OptionalScalars",
            round_trip::<OptionalScalars>(input),
        ),
        ("kitchen.Lists", round_trip::<Lists>(input)),
        ("kitchen.Maps", round_trip::<Maps>(input)),
        ("kitchen.Interleaved", round_trip::<Interleaved>(input)),
        ("shapes.Drawing", round_trip::<Drawing>(input)),
        ("shapes.Tree", round_trip::<Tree>(input)),
        ("shapes.Ping", round_trip::<Ping>(input)),
        ("shapes.Pong", round_trip::<Pong>(input)),
        ("shapes.Keywords", round_trip::<Keywords>(input)),
        ("world.travel.Trip", round_trip::<Trip>(input)),
        ("money.Amounts", round_trip::<Amounts>(input)),
        ("money.Values", round_trip::<Values>(input)),
        ("money.Entry", round_trip::<Entry>(input)),
        ("school.Summary", round_trip::<Summary>(input)),
        ("evolution.v1.Profile", round_trip::<v1::Profile>(input)),
        ("evolution.v2.Profile", round_trip::<v2::Profile>(input)),
    ]
}

/// Decodes `input`, shared from a `Bytes`, as each type of schemac-options'
/// `representations` and as the default type of the same message.
fn decode_every_representation(input: &[u8]) {
    use schemac_options::representations::{kitchen, shapes};
    let input = Bytes::copy_from_slice(input);
    reads_as_default::<kitchen::Scalars, Scalars>(&input);
    reads_as_default::<kitchen::OptionalScalars, OptionalScalars>(&input);
    reads_as_default::<kitchen::Lists, Lists>(&input);
    reads_as_default::<kitchen::Maps, Maps>(&input);
    reads_as_default::<shapes::Drawing, Drawing>(&input);
    reads_as_default::<shapes::Tree, Tree>(&input);
}

#[test]
fn mutated_frame_streams_read_to_frames_or_an_error() {
    let orders: Vec<Vec<u8>> = schemac_tests::fixtures::orders()
        .into_iter()
        .map(|(_, order)| order.try_encode_length_delimited_to_vec().unwrap())
        .collect();
    let mut rng = Rng::new(0x5eed_0004);
    for case in 0..FRAME_CASES {
        let stream: Vec<u8> = (0..1 + rng.below(4))
            .flat_map(|_| orders[rng.below(orders.len())].clone())
            .collect();
        let input = mutate_bytes(&mut rng, &stream, &orders);
        let chunk = 1 + rng.below(7);
        let checked = panic::catch_unwind(AssertUnwindSafe(|| read_frames(&input, chunk)));
        if checked.is_err() {
            panic!(
                "case {case}: reading frames of {} by {chunk} panicked",
                shown(&input)
            );
        }
    }
}

/// Reads `stream` as frames of orders both ways: through a `FrameReader`
/// fed `chunk` bytes a read, with a small maximum frame length, and from
/// the slice. They must agree frame by frame.
fn read_frames(stream: &[u8], chunk: usize) {
    let reader = Chunked {
        inner: stream,
        chunk,
    };
    let mut frames = FrameReader::<_, Order>::new(reader).max_frame_len(4096);
    let mut rest = stream;
    while let Some(from_reader) = frames.next() {
        let from_slice = Order::decode_length_delimited(&mut rest);
        match (from_reader, from_slice) {
            (Ok(a), Ok(b)) => {
                assert_eq!((stream.len() - rest.len()) as u64, frames.offset());
                assert_eq!(a.try_encode_to_vec(), b.try_encode_to_vec());
            }
            (Ok(_), Err(error)) => panic!("the slice refused a frame: {error}"),
            (Err(error), from_slice) => {
                assert!(error.frame_offset() <= error.offset(), "{error}");
                assert!(error.offset() <= stream.len() as u64, "{error}");
                let Some(decode) = error.decode_error() else {
                    assert!(frames.next().is_none(), "frames after {error}");
                    if !error.is_too_large() {
                        assert!(from_slice.is_err(), "the slice read past {error}");
                    }
                    return;
                };
                let refused = from_slice.expect_err("the slice read a frame the reader refused");
                assert_eq!(refused.path(), decode.path());
                rest = &stream[frames.offset() as usize..];
            }
        }
    }
    assert!(
        rest.is_empty(),
        "the reader ended with {} bytes left",
        rest.len()
    );
}

/// A reader that hands out at most `chunk` bytes a read.
struct Chunked<'a> {
    inner: &'a [u8],
    chunk: usize,
}

impl std::io::Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.chunk);
        std::io::Read::read(&mut self.inner, &mut buf[..n])
    }
}

/// Decodes `input` as an `M` and as its borrowed view; a value must
/// re-encode canonically, and the view must accept exactly what the owned
/// type accepts, with the same error or (made owned) the same value. Bytes
/// are compared, not values, since a float may decode to NaN.
fn round_trip<M: HasView + PartialEq + Debug>(input: &[u8]) -> bool {
    let view = <M::View<'_> as MessageView<'_>>::decode(input);
    let value = match M::decode(input) {
        Ok(value) => value,
        Err(error) => {
            assert!(error.path().starts_with(M::NAME), "{error}");
            assert!(error.offset() <= input.len(), "{error}");
            assert_eq!(view.err(), Some(error), "{}: the view", M::NAME);
            return false;
        }
    };
    let bytes = value
        .try_encode_to_vec()
        .expect("a decoded message encodes");
    schemac_tests::encodes_every_way(&value, &bytes);
    let view = view.unwrap_or_else(|error| panic!("{}: the view failed: {error}", M::NAME));
    assert_eq!(
        view.to_message().try_encode_to_vec().as_ref(),
        Ok(&bytes),
        "{}: the view read another value",
        M::NAME
    );
    let again = M::decode(&bytes).expect("an encoded message decodes");
    schemac_tests::reads_in_any_order(&again, &bytes, input.len() as u64);
    assert_eq!(
        again.try_encode_to_vec(),
        Ok(bytes),
        "{}: not canonical",
        M::NAME
    );
    true
}

#[test]
fn mutated_texts_are_read_or_refused() {
    let analysis = schemas();
    let pool = descriptor_pool(&analysis);
    let seeds: Vec<_> = crate::fuzz_seeds::encodings()
        .into_iter()
        .filter_map(|(full_name, _, bytes)| {
            let descriptor = pool.message(full_name)?;
            let text = DynamicMessage::decode(descriptor, &bytes).ok()?.to_text();
            (text.len() <= TEXT_SEED_LIMIT).then_some((descriptor, text))
        })
        .collect();
    let mut rng = Rng::new(0x5eed_0006);
    let mut read = 0;
    for case in 0..TEXT_CASES {
        let (descriptor, seed) = &seeds[rng.below(seeds.len())];
        let text = mutate_text(&mut rng, seed, TEXT_TOKENS);
        let checked = panic::catch_unwind(AssertUnwindSafe(|| {
            schemac_tests::text::reads_back(*descriptor, &text)
        }));
        match checked {
            Ok(true) => read += 1,
            Ok(false) => {}
            Err(_) => panic!("case {case}: {text:?} as {}", descriptor.full_name()),
        }
    }
    // The mutations keep some texts readable, or the test shows little.
    assert!(
        read > TEXT_CASES / 20,
        "only {read} of {TEXT_CASES} texts read"
    );
}

/// The descriptors schemac exports for `analysis`, imports included, in
/// a pool.
pub(crate) fn descriptor_pool(analysis: &schemac::Analysis) -> DescriptorPool {
    let set = analysis.encode_descriptor_set(&analysis.roots, true);
    DescriptorPool::decode(&set).unwrap_or_else(|error| panic!("{error}"))
}

/// The schemas of `schemas/`, analyzed together.
pub(crate) fn schemas() -> schemac::Analysis {
    let root = workspace_root();
    let roots: Vec<_> = schemac_tests::schema_paths()
        .iter()
        .map(|path| root.join(path))
        .collect();
    schemac::analyze(&roots, &[root.join("schemas")], &mut |path: &Path| {
        std::fs::read_to_string(path)
    })
    .unwrap_or_else(|error| panic!("{error}"))
}

/// The text of every schema in `schemas/` and `schemas/invalid/`.
/// The text of every file with `extension` in `dirs`, in a fixed order.
fn texts(dirs: &[&str], extension: &str) -> Vec<String> {
    let mut texts = Vec::new();
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(workspace_root().join(dir))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == extension))
            .collect();
        paths.sort();
        // Files that are not UTF-8 (one test's point) are left out.
        texts.extend(paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()));
    }
    texts
}

/// Bytes that mean something on the wire: keys of each wire type, the
/// varint continuation bit, and the extremes.
const INTERESTING_BYTES: &[u8] = &[0x00, 0x01, 0x02, 0x08, 0x0a, 0x0b, 0x0c, 0x7f, 0x80, 0xff];

/// `input` in hex, cut after its first 256 bytes: a failing case of a
/// large payload is found again by its number, the generator being
/// deterministic.
fn shown(input: &[u8]) -> String {
    const SHOWN: usize = 256;
    match input.get(..SHOWN) {
        Some(start) if input.len() > SHOWN => {
            format!("{start:02x?} and {} bytes more", input.len() - SHOWN)
        }
        _ => format!("{input:02x?}"),
    }
}

/// One to four mutations of `input`, some borrowing from `pool`.
fn mutate_bytes(rng: &mut Rng, input: &[u8], pool: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(9) {
            0 if at < out.len() => out[at] ^= 1 << rng.below(8),
            1 if at < out.len() => out[at] = INTERESTING_BYTES[rng.below(INTERESTING_BYTES.len())],
            2 => out.insert(at, rng.next_u64() as u8),
            3 => {
                let end = (at + 1 + rng.below(8)).min(out.len());
                out.drain(at.min(end)..end);
            }
            4 => {
                let end = (at + 1 + rng.below(16)).min(out.len());
                let copy = out[at.min(end)..end].to_vec();
                out.splice(at..at, copy);
            }
            5 => out.truncate(at),
            6 => {
                let other = &pool[rng.below(pool.len())];
                let from = rng.below(other.len() + 1);
                let end = (from + rng.below(32)).min(other.len());
                out.splice(at..at, other[from..end].iter().copied());
            }
            7 => {
                // A varint of an extreme value: a huge length, a negative number.
                let value = [u64::MAX, 1 << 32, 1 << 31, 0x7fff_ffff, 300][rng.below(5)];
                let mut varint = Vec::new();
                schemac_runtime::wire::put_varint(&mut varint, value);
                out.splice(at..at, varint);
            }
            _ => {
                // A deep run of nested-message keys and lengths.
                let depth = rng.below(200);
                let nested: Vec<u8> = (0..depth).flat_map(|i| [0x12, (depth - i) as u8]).collect();
                out.splice(at..at, nested);
            }
        }
    }
    out
}

/// Pieces of schema text that mutations insert.
const TOKENS: &[&str] = &[
    "message",
    "enum",
    "oneof",
    "package",
    "import",
    "reserved",
    "optional",
    "list<",
    "map<",
    "string",
    "i32",
    "u64",
    "f64",
    "bytes",
    "bool",
    "to",
    "max",
    "{",
    "}",
    "(",
    ")",
    "<",
    ">",
    ";",
    "=",
    ",",
    ".",
    ":",
    "\"",
    "//",
    "/*",
    "*/",
    "///",
    "0",
    "1",
    "-1",
    "19000",
    "536870911",
    "536870912",
    "2147483648",
    "99999999999999999999",
    "0x10",
    "A",
    "a",
    "_",
    "self",
    "Self",
    "type",
    "r#type",
    "crate",
    "super",
    "Option",
    "Order",
    "Customer",
    "é",
    "\u{0}",
    "\n",
];

/// Pieces of `.proto` text that mutations of `.proto` files insert too:
/// options of every form, extensions, groups and what only protoc's
/// grammar has.
const PROTO_TOKENS: &[&str] = &[
    "optional group G = 1 { optional int32 x = 2; }",
    "group ",
    "extend ",
    "extend google.protobuf.FieldOptions { optional int32 o = 50000; }",
    "extensions 100 to max;",
    "extensions 5 [declaration = { number: 5 }];",
    "option ",
    "option (a.b).c = { d: [1, -2] e < f: \"g\" > };",
    "[(o) = -inf, default = nan, json_name = \"j\"]",
    "[packed = true]",
    "= -inf",
    "-nan",
    "0x7FFFFFFF",
    "1e400",
    "reserved 1 to max;",
    "reserved \"r\";",
    "required ",
    "repeated ",
    "oneof o {",
    "map<string, int32> ",
    "stream ",
    "rpc R(A) returns (stream B) { option deprecated = true; }",
    "syntax = \"proto2\";",
    "edition = \"2023\";",
    "'\\x41\\u00e9'",
    "/* */",
    "#",
];

/// Tokens of the text format, and values at the edges of its types.
const TEXT_TOKENS: &[&str] = &[
    "{",
    "}",
    "<",
    ">",
    "[",
    "]",
    ":",
    ",",
    ";",
    "\"",
    "'",
    "\\",
    "-",
    "#",
    "\n",
    "0x1f",
    "017",
    "1e5",
    "1.5f",
    "-inf",
    "nan",
    "true",
    "t",
    "18446744073709551616",
    "[type.googleapis.com/",
    "\\u00e9",
    "\\377",
    "\\x",
    "\\ud800",
];

/// One to three mutations of a schema's text, at character boundaries,
/// inserting [`TOKENS`] and `extra`.
fn mutate_text(rng: &mut Rng, text: &str, extra: &[&str]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(6) {
            0 => {
                let end = (at + 1 + rng.below(12)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            1 | 2 => {
                let pick = rng.below(TOKENS.len() + extra.len());
                let token = TOKENS
                    .get(pick)
                    .unwrap_or_else(|| &extra[pick - TOKENS.len()]);
                chars.splice(at..at, token.chars());
            }
            3 => {
                let end = (at + 1 + rng.below(40)).min(chars.len());
                let copy = chars[at.min(end)..end].to_vec();
                chars.splice(at..at, copy);
            }
            4 if at < chars.len() => {
                // A character of ASCII punctuation or a letter.
                chars[at] = char::from(b' ' + (rng.next_u64() % 95) as u8);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}
