//! Interop with Google's protoc, through `protoc --encode` and
//! `protoc --decode` on the exported `.proto` files, for every fixture and,
//! under proptest, for random values of every type.
//!
//! Ignored in a plain `cargo test`, since protoc is a system package; run by
//! `make interop`, which CI does after installing `protobuf-compiler`.
//!
//! Values go to protoc in batches, as the elements of a list in a wrapper
//! message (`batch.proto`, written beside the exports), so that one run of
//! protoc reads or writes many.

use std::fmt::Debug;
use std::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use proptest::collection::vec;
use proptest::prelude::*;
use prost_reflect::{DescriptorPool, DynamicMessage};
use schemac_generated::kitchen::{Lists, Maps, OptionalScalars, Scalars};
use schemac_generated::shapes::{Drawing, Tree};
use schemac_generated::shop::Order;
use schemac_generated::world::travel::Trip;
use schemac_runtime::Message;
use schemac_tests::{fixtures, repr};

use crate::reflect::{ToDynamic, descriptor, export_all, same_message};
use crate::roundtrip;

/// Runs protoc with `args` on `input`, returning its stdout; fails the test
/// with protoc's stderr when it fails.
pub fn protoc(dir: &Path, args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = Command::new("protoc")
        .arg(format!("--proto_path={}", dir.display()))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot run protoc ({error}); install protobuf-compiler"));
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .expect("write to protoc");
    let output = child.wait_with_output().expect("protoc runs");
    assert!(
        output.status.success(),
        "protoc {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Whether protoc compiles `proto`, a file in `dir`.
pub fn protoc_accepts(dir: &Path, proto: &str) -> bool {
    Command::new("protoc")
        .arg(format!("--proto_path={}", dir.display()))
        .arg("--descriptor_set_out=/dev/null")
        .arg(proto)
        .output()
        .unwrap_or_else(|error| panic!("cannot run protoc ({error}); install protobuf-compiler"))
        .status
        .success()
}

/// The messages that go to protoc in batches, with the exported file of
/// each.
const BATCHED: &[(&str, &str)] = &[
    ("shop.Customer", "order.proto"),
    ("shop.OrderLine", "order.proto"),
    ("shop.Order", "order.proto"),
    ("kitchen.Scalars", "scalars.proto"),
    ("kitchen.OptionalScalars", "scalars.proto"),
    ("kitchen.Lists", "scalars.proto"),
    ("kitchen.Maps", "scalars.proto"),
    ("shapes.Drawing", "shapes.proto"),
    ("shapes.Tree", "shapes.proto"),
    ("world.travel.Trip", "world_travel.proto"),
];

/// The file of the batch messages, beside the exports.
const BATCH_PROTO: &str = "batch.proto";

/// The batch message of `full_name`: `batch.shop_Order` holds
/// `repeated .shop.Order values = 1;`.
fn batch_name(full_name: &str) -> String {
    format!("batch.{}", full_name.replace('.', "_"))
}

/// The export directory, with `batch.proto` written into it, and the
/// descriptors of every export and batch message; made once per test run.
fn batch_pool() -> &'static (std::path::PathBuf, DescriptorPool) {
    static POOL: OnceLock<(std::path::PathBuf, DescriptorPool)> = OnceLock::new();
    POOL.get_or_init(|| {
        let (dir, _) = export_all();
        let mut text = String::from("syntax = \"proto3\";\n\npackage batch;\n\n");
        let mut files: Vec<&str> = BATCHED.iter().map(|(_, file)| *file).collect();
        files.dedup();
        for file in files {
            writeln!(text, "import \"{file}\";").unwrap();
        }
        for (full_name, _) in BATCHED {
            let name = batch_name(full_name);
            let short = name.trim_start_matches("batch.");
            writeln!(
                text,
                "\nmessage {short} {{\n  repeated .{full_name} values = 1;\n}}"
            )
            .unwrap();
        }
        fs::write(dir.join(BATCH_PROTO), text).expect("write batch.proto");
        let descriptors = protox::compile([BATCH_PROTO], [&dir])
            .unwrap_or_else(|error| panic!("protox: {error:?}"));
        let pool = DescriptorPool::from_file_descriptor_set(descriptors).expect("descriptor pool");
        (dir, pool)
    })
}

/// Both directions through protoc, for `values` in one batch: protoc reads
/// schemac's bytes as the values (its text, parsed by prost-reflect, holds
/// them bit for bit), and schemac reads the bytes protoc writes from that
/// text as the values, in the same representation. Each value is named by
/// its name in `values` when one fails.
fn agree<M>(values: &[(String, M)])
where
    M: Message + ToDynamic + Debug,
{
    let (dir, pool) = batch_pool();
    let batch = batch_name(M::FULL_NAME);
    let mut ours = Vec::new();
    for (_, value) in values {
        let bytes = value
            .try_encode_to_vec()
            .expect("the values nest shallowly");
        ours.push(0x0a); // field 1, length-delimited
        schemac_runtime::wire::put_varint(&mut ours, bytes.len() as u64);
        ours.extend(bytes);
    }
    let text = protoc(dir, &[&format!("--decode={batch}"), BATCH_PROTO], &ours);
    let text = String::from_utf8(text).expect("protoc writes UTF-8 text");
    let read = DynamicMessage::parse_text_format(descriptor(pool, &batch), &text)
        .unwrap_or_else(|error| panic!("{batch}: cannot parse protoc's text {text:?}: {error}"));
    let read = read.get_field_by_name("values").expect("the values field");
    let read = read.as_list().expect("a list");
    assert_eq!(read.len(), values.len(), "{batch}: protoc's text:\n{text}");
    for ((name, value), read) in values.iter().zip(read) {
        let expected = value.to_dynamic(pool);
        let read = read.as_message().expect("a message");
        assert!(
            same_message(read, &expected),
            "{} {name}: protoc reads other values\nread:     {}\nexpected: {}",
            M::FULL_NAME,
            read.to_text_format(),
            expected.to_text_format()
        );
    }

    // schemac reads what protoc writes of the values it read.
    let theirs = protoc(
        dir,
        &[&format!("--encode={batch}"), BATCH_PROTO],
        text.as_bytes(),
    );
    let elements = elements(&theirs);
    assert_eq!(elements.len(), values.len(), "{batch}: {theirs:02x?}");
    for ((name, value), element) in values.iter().zip(elements) {
        let decoded =
            M::decode(element).unwrap_or_else(|error| panic!("{} {name}: {error}", M::FULL_NAME));
        assert_eq!(
            repr(&decoded),
            repr(value),
            "{} {name}: schemac reads other values from protoc",
            M::FULL_NAME
        );
    }
}

/// The payloads of the length-delimited fields 1 that make up `bytes`.
fn elements(mut bytes: &[u8]) -> Vec<&[u8]> {
    let mut elements = Vec::new();
    while let Some((&key, rest)) = bytes.split_first() {
        assert_eq!(key, 0x0a, "a batch holds field 1 only");
        let (mut length, mut shift, mut used) = (0usize, 0, 0);
        for &byte in rest {
            length |= usize::from(byte & 0x7f) << shift;
            shift += 7;
            used += 1;
            if byte < 0x80 {
                break;
            }
        }
        let (element, rest) = rest[used..].split_at(length);
        elements.push(element);
        bytes = rest;
    }
    elements
}

/// [`agree`] for named fixtures.
fn fixtures_agree<M>(fixtures: Vec<(&str, M)>)
where
    M: Message + ToDynamic + Debug,
{
    let named: Vec<(String, M)> = fixtures
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect();
    agree(&named);
}

#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn protoc_reads_and_writes_what_schemac_does() {
    let (dir, names) = export_all();
    // protoc accepts every exported file on its own.
    for name in &names {
        protoc(&dir, &["--descriptor_set_out=/dev/null", name], b"");
    }
    fixtures_agree(fixtures::customers());
    fixtures_agree(fixtures::order_lines());
    fixtures_agree(fixtures::orders());
    fixtures_agree(fixtures::scalars());
    fixtures_agree(fixtures::optional_scalars());
    fixtures_agree(fixtures::lists());
    fixtures_agree(fixtures::maps());
    fixtures_agree(fixtures::drawings());
    fixtures_agree(fixtures::trees());
    fixtures_agree(fixtures::trips());
}

/// [`agree`] for random values, named by their place in the batch.
fn random_agree<M>(values: Vec<M>)
where
    M: Message + ToDynamic + Debug,
{
    let named: Vec<(String, M)> = values
        .into_iter()
        .enumerate()
        .map(|(index, value)| (format!("value {index}"), value))
        .collect();
    agree(&named);
}

proptest! {
    // Each case is two runs of protoc on a batch of up to 16 values.
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_orders(values in vec(roundtrip::order(), 1..16)) {
        random_agree::<Order>(values);
    }

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_scalars(values in vec(roundtrip::scalars(), 1..16)) {
        random_agree::<Scalars>(values);
    }

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_optional_scalars(
        values in vec(roundtrip::optional_scalars(), 1..16),
    ) {
        random_agree::<OptionalScalars>(values);
    }

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_lists(values in vec(roundtrip::lists(), 1..16)) {
        random_agree::<Lists>(values);
    }

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_maps(values in vec(roundtrip::maps(), 1..16)) {
        random_agree::<Maps>(values);
    }

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_trees(values in vec(roundtrip::tree(), 1..16)) {
        random_agree::<Tree>(values);
    }

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_drawings(values in vec(roundtrip::drawing(), 1..16)) {
        random_agree::<Drawing>(values);
    }

    #[test]
    #[ignore = "needs protoc; run with `make interop`"]
    fn protoc_agrees_on_random_trips(values in vec(roundtrip::trip(), 1..16)) {
        random_agree::<Trip>(values);
    }
}
