//! The datasets are the same data in every format: schemac's bytes equal
//! prost's, every format reads back what it wrote, and the realistic forms
//! set every field the schema has.

use schemac::model::{FieldType, MessageId, Schema, ValueType};
use schemac_bench::datasets::{self, Form};
use schemac_bench::formats::{FORMATS, REPRESENTATIONS};
use schemac_bench::workspace_root;
use schemac_runtime::{DecodeOptions, Decoder, Message, WireType};

#[test]
fn every_format_reads_back_what_it_wrote_and_schemac_writes_prosts_bytes() {
    for dataset in datasets::all() {
        let formats: Vec<&str> = dataset.subjects.iter().map(|s| s.format()).collect();
        assert_eq!(formats[..FORMATS.len()], *FORMATS, "{}", dataset.name);
        // Some of the representations follow, in their order.
        let mut representations = REPRESENTATIONS.iter();
        assert!(
            formats[FORMATS.len()..]
                .iter()
                .all(|format| representations.any(|r| r == format)),
            "{}: {formats:?}",
            dataset.name
        );
        for subject in &dataset.subjects {
            // Every format but the views and decoding in place has its
            // encode timed, the field representations' too.
            let decodes_only =
                subject.format().ends_with("-view") || subject.format() == "schemac-in-place";
            assert_eq!(
                subject.encodes(),
                !decodes_only,
                "{} {}",
                dataset.name,
                subject.format()
            );
            if let Err(error) = subject.round_trip() {
                panic!("{}: {error}", dataset.name);
            }
        }
        let schemac = dataset.subject("schemac").unwrap().encode();
        let prost = dataset.subject("prost").unwrap().encode();
        assert!(
            schemac == prost,
            "{}: schemac wrote {} bytes, prost {}; first difference at byte {:?}",
            dataset.name,
            schemac.len(),
            prost.len(),
            schemac.iter().zip(&prost).position(|(a, b)| a != b)
        );
        // Maps as sorted vectors are written in key order, as `BTreeMap`s.
        if let Some(lite) = dataset.subject("schemac-lite") {
            assert!(
                lite.encode() == schemac,
                "{}: schemac-lite's bytes differ",
                dataset.name
            );
        }
        // buffa writes the same bytes too, where no map's order can differ.
        let buffa = dataset.subject("buffa").unwrap().encode();
        let maps = ["simple-100k", "values-10", "values-100", "values-1000"];
        if !maps.contains(&dataset.name) && !dataset.name.starts_with("order-") {
            assert!(buffa == prost, "{}: buffa's bytes differ", dataset.name);
        }
    }
}

#[test]
fn the_new_shapes_have_the_sizes_they_claim() {
    let packed = datasets::packed(10_000);
    let lists = [
        packed.counters.len(),
        packed.measurements.len(),
        packed.ids.len(),
        packed.deltas.len(),
    ];
    assert_eq!(lists, [10_000; 4]);
    // Realistic spread: ids of one to five varint bytes, deltas of both signs.
    let id_bytes = |id: u32| (32 - id.leading_zeros()).div_ceil(7).max(1);
    for width in 1..=5 {
        assert!(
            packed.ids.iter().any(|id| id_bytes(*id) == width),
            "{width}"
        );
    }
    assert!(packed.deltas.iter().any(|d| *d < 0) && packed.deltas.iter().any(|d| *d > 0));

    let strings = datasets::strings(2_000).items;
    assert_eq!(strings.len(), 2_000);
    assert!(
        strings.iter().all(|s| (4..=16).contains(&s.len())),
        "{strings:?}"
    );
    let non_ascii = strings.iter().filter(|s| !s.is_ascii()).count();
    assert_eq!(non_ascii, 400);

    fn count(tree: &schemac_bench::schemac_gen::bench::Tree) -> usize {
        1 + tree.children.iter().map(count).sum::<usize>()
    }
    assert_eq!(count(&datasets::tree(12)), 4_095);

    let otlp = datasets::otlp(200);
    let spans: usize = otlp.resource_spans[0]
        .scope_spans
        .iter()
        .map(|scope| scope.spans.len())
        .sum();
    assert_eq!(spans, 200);
}

#[test]
fn seed_orders_have_the_sizes_of_the_comparisons() {
    // Seed form: field 4 with a line holding only its number, 4 bytes a line
    // (key, length, key, number) for line numbers below 128.
    let one = datasets::order(1, Form::Seed).try_encode_to_vec().unwrap();
    assert_eq!(one, [0x22, 0x02, 0x08, 0x01]);
    let hundred = datasets::order(100, Form::Seed)
        .try_encode_to_vec()
        .unwrap();
    assert_eq!(hundred.len(), 100 * 4);
}

/// The schema of the benchmark datasets, as schemac sees it.
fn bench_schema() -> Schema {
    let root = workspace_root();
    let roots = [
        root.join("schemas/order.schema"),
        root.join("tests/bench/schemas/bench.schema"),
    ];
    let includes = [root.join("schemas"), root.join("tests/bench/schemas")];
    schemac::analyze(&roots, &includes, &mut |path| std::fs::read_to_string(path))
        .unwrap_or_else(|error| panic!("{error}"))
        .schema
}

/// Checks that the encoding of message `id` in `decoder` has every field
/// of the schema, and so does every nested message in it. Returns the
/// fields missing, as paths.
fn missing_fields(schema: &Schema, id: MessageId, decoder: &mut Decoder<'_>) -> Vec<String> {
    let message = schema.message(id);
    let mut seen = Vec::new();
    let mut missing = Vec::new();
    while decoder.has_remaining() {
        let (number, wire_type) = decoder.read_key().unwrap();
        seen.push(number);
        let field = message.fields.iter().find(|f| f.wire_number() == number);
        let nested = field.and_then(|field| match field.ty {
            FieldType::Single(ValueType::Message(nested))
            | FieldType::Optional(ValueType::Message(nested))
            | FieldType::List(ValueType::Message(nested)) => Some(nested),
            _ => None,
        });
        match nested {
            Some(nested) if wire_type == WireType::Len => {
                let inner = decoder
                    .read_nested(|d| {
                        Ok::<_, schemac_runtime::DecodeError>(missing_fields(schema, nested, d))
                    })
                    .unwrap();
                missing.extend(
                    inner
                        .into_iter()
                        .map(|path| format!("{}.{path}", message.name)),
                );
            }
            _ => decoder.skip(wire_type).unwrap(),
        }
    }
    for field in &message.fields {
        if !seen.contains(&field.wire_number()) {
            missing.push(format!("{}.{}", message.name, field.name));
        }
    }
    missing
}

fn assert_every_field_set(schema: &Schema, full_name: &str, bytes: &[u8]) {
    let (id, _) = schema
        .message_ids()
        .find(|(_, message)| message.full_name == full_name)
        .unwrap_or_else(|| panic!("no message {full_name}"));
    let mut decoder = Decoder::new(bytes, &DecodeOptions::new()).unwrap();
    let missing = missing_fields(schema, id, &mut decoder);
    assert!(
        missing.is_empty(),
        "{full_name} leaves fields unset: {missing:?}"
    );
}

#[test]
fn realistic_datasets_set_every_field_of_the_schema() {
    let schema = bench_schema();
    for lines in [1, 100] {
        let order = datasets::order(lines, Form::Realistic);
        assert_every_field_set(&schema, "shop.Order", &order.try_encode_to_vec().unwrap());
    }
    assert_every_field_set(
        &schema,
        "bench.Flat",
        &datasets::flat().try_encode_to_vec().unwrap(),
    );
    for (name, bytes) in [
        ("bench.Wide", datasets::wide().try_encode_to_vec().unwrap()),
        (
            "bench.Packed",
            datasets::packed(100).try_encode_to_vec().unwrap(),
        ),
    ] {
        assert_every_field_set(&schema, name, &bytes);
    }
    let simple = datasets::simple_list(3);
    assert_every_field_set(
        &schema,
        "bench.SimpleList",
        &simple.try_encode_to_vec().unwrap(),
    );
}
