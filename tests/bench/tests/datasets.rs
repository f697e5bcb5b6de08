//! The datasets are the same data in every format: schemac's bytes equal
//! prost's, every format reads back what it wrote, and the realistic forms
//! set every field the schema has.

use schemac::model::{FieldType, MessageId, Schema, ValueType};
use schemac_bench::datasets::{self, Form};
use schemac_bench::formats::FORMATS;
use schemac_bench::workspace_root;
use schemac_runtime::{DecodeOptions, Decoder, Message, WireType};

#[test]
fn every_format_reads_back_what_it_wrote_and_schemac_writes_prosts_bytes() {
    for dataset in datasets::all() {
        let formats: Vec<&str> = dataset.subjects.iter().map(|s| s.format()).collect();
        assert_eq!(formats, FORMATS, "{}", dataset.name);
        for subject in &dataset.subjects {
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
    }
}

#[test]
fn seed_orders_have_the_sizes_of_the_comparisons() {
    // Seed form: field 4 with a line holding only its number, 4 bytes a line
    // (key, length, key, number) for line numbers below 128.
    let one = datasets::order(1, Form::Seed).encode_to_vec().unwrap();
    assert_eq!(one, [0x22, 0x02, 0x08, 0x01]);
    let hundred = datasets::order(100, Form::Seed).encode_to_vec().unwrap();
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
        assert_every_field_set(&schema, "shop.Order", &order.encode_to_vec().unwrap());
    }
    assert_every_field_set(
        &schema,
        "bench.Flat",
        &datasets::flat().encode_to_vec().unwrap(),
    );
    let simple = datasets::simple_list(3);
    assert_every_field_set(
        &schema,
        "bench.SimpleList",
        &simple.encode_to_vec().unwrap(),
    );
}
