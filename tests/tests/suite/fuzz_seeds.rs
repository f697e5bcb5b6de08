//! Writes the seed corpus of the fuzz targets, `tests/fuzz/seeds/`, from
//! the fixtures and the schemas (`make fuzz-seeds`; ignored in a normal
//! run, as it writes files), and checks that the checked-in corpus is what
//! it writes. Also checks that the fuzz targets have every schema of
//! `schemas/` built in.
//!
//! `decode_dynamic`, `encode_json` and `text_format` read the first byte of an input as
//! the message to use: every message of `schemas/`, sorted by full name,
//! indexed modulo their number, as `tests/fuzz/src/lib.rs` does.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;

use schemac::{JsonNames, transcode};
use schemac_generated::kitchen::{Lists, Point, Scalars};
use schemac_generated::shop::Order;
use schemac_runtime::Message;
use schemac_runtime::reflect::DynamicMessage;
use schemac_tests::{fixtures, schema_paths, workspace_root};

use schemac_tests::rng::Rng;

/// The seed files of the fuzz targets, by target and file name.
type Seeds = BTreeMap<(&'static str, String), Vec<u8>>;

/// The targets whose seeds this file writes; `decode_graph`'s are
/// schemac-graph's (`tests/graph`).
const TARGETS: [&str; 7] = [
    "compile",
    "decode_dynamic",
    "decode_generated",
    "decode_order",
    "encode_json",
    "frames",
    "text_format",
];

#[test]
#[ignore = "writes tests/fuzz/seeds; run with `make fuzz-seeds`"]
fn write_fuzz_seeds() {
    let root = seeds_root();
    for target in TARGETS {
        let _ = fs::remove_dir_all(root.join(target));
    }
    for ((target, name), bytes) in seeds() {
        let dir = root.join(target);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(name), bytes).unwrap();
    }
}

/// The checked-in seeds are what `make fuzz-seeds` writes today: a
/// fixture, a schema or the list of messages changed without them would
/// leave the fuzz targets starting from inputs that no longer mean what
/// they did (a selector byte naming another message, say).
#[test]
fn the_fuzz_seeds_are_current() {
    let root = seeds_root();
    let mut checked_in = Seeds::new();
    for target in TARGETS {
        for entry in fs::read_dir(root.join(target)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            checked_in.insert((target, name), fs::read(&path).unwrap());
        }
    }
    let written = seeds();
    let differing: BTreeSet<String> = written
        .keys()
        .chain(checked_in.keys())
        .filter(|key| written.get(*key) != checked_in.get(*key))
        .map(|(target, name)| format!("{target}/{name}"))
        .collect();
    assert!(
        differing.is_empty(),
        "tests/fuzz/seeds differs from what `make fuzz-seeds` writes, in {differing:?}: \
         run `make fuzz-seeds`"
    );
}

fn seeds_root() -> PathBuf {
    workspace_root().join("tests/fuzz/seeds")
}

/// Every seed of [`TARGETS`]: each fixture's encoding for the decoders,
/// with the byte that selects its message for the dynamic ones, as JSON
/// for `encode_json`, in the text format for `text_format` (but the large
/// payloads); streams of framed orders; every schema and `.proto`
/// file the tests compile.
fn seeds() -> Seeds {
    let mut seeds = Seeds::new();
    let mut put = |target: &'static str, name: &str, bytes: Vec<u8>| {
        seeds.insert((target, name.to_owned()), bytes);
    };
    let encodings = encodings();
    let analysis = crate::smoke::schemas();
    let pool = crate::smoke::descriptor_pool(&analysis);
    let codec = transcode::Codec::new(&analysis);
    let mut names: Vec<&str> = analysis
        .schema
        .message_ids()
        .map(|(_, message)| message.full_name.as_str())
        .collect();
    names.sort_unstable();

    for (full_name, fixture, bytes) in &encodings {
        let file = format!("{full_name}-{fixture}");
        let target = if full_name.starts_with("shop.") {
            "decode_order"
        } else {
            "decode_generated"
        };
        put(target, &file, bytes.clone());

        let selector = names.iter().position(|name| name == full_name).unwrap();
        let selector = u8::try_from(selector).expect("fewer than 256 messages");
        put("decode_dynamic", &file, [&[selector], &bytes[..]].concat());

        let id = transcode::find_message(&analysis.schema, full_name).unwrap();
        let json = codec.bytes_to_json(id, bytes, JsonNames::Schema).unwrap();
        let text = json.to_string();
        put(
            "encode_json",
            &file,
            [&[selector], text.as_bytes()].concat(),
        );

        let descriptor = pool.message(full_name).unwrap();
        let text = DynamicMessage::decode(descriptor, bytes).unwrap().to_text();
        if text.len() <= crate::smoke::TEXT_SEED_LIMIT {
            put(
                "text_format",
                &file,
                [&[selector], text.as_bytes()].concat(),
            );
        }
    }

    // Streams of one to three framed orders.
    let orders: Vec<&Vec<u8>> = encodings
        .iter()
        .filter(|(full_name, _, _)| *full_name == "shop.Order")
        .map(|(_, _, bytes)| bytes)
        .collect();
    for count in 1..=orders.len().min(3) {
        let mut stream = vec![3]; // the first byte: read 4 bytes a read
        for bytes in &orders[..count] {
            schemac_runtime::wire::put_varint(&mut stream, bytes.len() as u64);
            stream.extend_from_slice(bytes);
        }
        put("frames", &format!("orders-{count}"), stream);
    }

    let dirs = [
        "schemas",
        "schemas/invalid",
        "schemas/invalid/imports",
        "tests/protos/proto",
        "tests/protos/proto/acme/trace/v1",
        "tests/protos/proto/store/v1",
        "tests/protos/proto/legacy/v1",
        "tests/grammar",
    ];
    for dir in dirs {
        for entry in fs::read_dir(workspace_root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path
                .extension()
                .is_some_and(|ext| ext == "schema" || ext == "proto")
            {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                put("compile", &name, fs::read(&path).unwrap());
            }
        }
    }
    seeds
}

/// `SCHEMAS` in `tests/fuzz/src/lib.rs` lists every schema of `schemas/`,
/// each under its own file name, in order: the fuzz targets build them in
/// (the fuzz crate is outside the workspace, so no other test builds it).
#[test]
fn the_fuzz_targets_have_every_schema_built_in() {
    let lib = fs::read_to_string(workspace_root().join("tests/fuzz/src/lib.rs")).unwrap();
    let start = lib
        .find("pub const SCHEMAS")
        .expect("SCHEMAS in the fuzz crate");
    let end = start + lib[start..].find("];").expect("the end of SCHEMAS");
    // The string literals of the list: each file name, then its path.
    let literals: Vec<&str> = lib[start..end].split('"').skip(1).step_by(2).collect();
    let listed: Vec<(&str, &str)> = literals
        .chunks(2)
        .map(|pair| (pair[0], pair.get(1).copied().unwrap_or("")))
        .collect();
    let expected: Vec<(String, String)> = schema_paths()
        .iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let path = format!("../../../schemas/{name}");
            (name, path)
        })
        .collect();
    let expected: Vec<(&str, &str)> = expected
        .iter()
        .map(|(name, path)| (name.as_str(), path.as_str()))
        .collect();
    assert_eq!(
        listed, expected,
        "SCHEMAS in tests/fuzz/src/lib.rs must list the files of schemas/"
    );
}

/// Every fixture's message full name, fixture name and encoding.
pub(crate) fn encodings() -> Vec<(&'static str, &'static str, Vec<u8>)> {
    fn encode<M: Message>(
        full_name: &'static str,
        fixtures: Vec<fixtures::Fixture<M>>,
    ) -> Vec<(&'static str, &'static str, Vec<u8>)> {
        fixtures
            .into_iter()
            .map(|(name, value)| (full_name, name, value.try_encode_to_vec().unwrap()))
            .collect()
    }
    let mut all = Vec::new();
    all.extend(encode("shop.Customer", fixtures::customers()));
    all.extend(encode("shop.OrderLine", fixtures::order_lines()));
    all.extend(encode("shop.Order", fixtures::orders()));
    all.extend(encode("kitchen.Scalars", fixtures::scalars()));
    all.extend(encode(
        "kitchen.OptionalScalars",
        fixtures::optional_scalars(),
    ));
    all.extend(encode("kitchen.Lists", fixtures::lists()));
    all.extend(encode("kitchen.Maps", fixtures::maps()));
    all.extend(encode("shapes.Drawing", fixtures::drawings()));
    all.extend(encode("shapes.Tree", fixtures::trees()));
    all.extend(encode("world.travel.Trip", fixtures::trips()));
    all.extend(large_payloads());
    all
}

/// Messages with payloads of 16 KiB or more, which an encode leaves out of
/// its first walk (`runtime/src/encode.rs`): copied once, placed by a
/// second walk, or, in a `bytes::Bytes`, shared (the types of
/// schemac-options' `representations`) when no other payload needs the
/// second walk. Mutated and decoded as every type, then encoded again, they
/// take those paths with payloads of every kind and place: a message's last
/// field, a field with a small one after it, a list's elements, the largest
/// and a smaller one in one message.
fn large_payloads() -> Vec<(&'static str, &'static str, Vec<u8>)> {
    const PHRASE: &str = "large payload, été. ";
    let text = |length: usize| PHRASE.repeat(length.div_ceil(PHRASE.len()));
    let scalars = Scalars {
        an_i32: 7,
        some_bytes: noise(20 * 1024),
        ..Scalars::default()
    };
    let lists = Lists {
        i32s: vec![1, 2, 3],
        strings: vec![text(17 * 1024), "short".to_owned()],
        byte_strings: vec![noise(20 * 1024), vec![1], noise(16 * 1024)],
        points: vec![Point {
            x: -1,
            y: 1,
            ..Default::default()
        }],
        ..Lists::default()
    };
    let order = Order {
        description: text(17 * 1024),
        ..fixtures::typical_order(2)
    };
    vec![
        (
            "kitchen.Scalars",
            "large_bytes",
            scalars.try_encode_to_vec().unwrap(),
        ),
        (
            "kitchen.Lists",
            "large_payloads",
            lists.try_encode_to_vec().unwrap(),
        ),
        (
            "shop.Order",
            "large_description",
            order.try_encode_to_vec().unwrap(),
        ),
    ]
}

/// `length` bytes of every value, in no order.
fn noise(length: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x5eed_0005);
    (0..length).map(|_| rng.next_u64() as u8).collect()
}
