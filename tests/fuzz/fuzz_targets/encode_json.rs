//! The path of `schemac encode`: JSON to bytes with nothing but the schema.
//! The first byte picks the message (`schemac_fuzz::message_for`); the rest
//! is JSON text.
//!
//! When encoding succeeds, the bytes must decode; that JSON must encode and
//! decode to itself again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac::transcode;
use schemac_runtime::DecodeOptions;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, text)) = data.split_first() else {
        return;
    };
    let Ok(json) = serde_json::from_slice::<serde_json::Value>(text) else {
        return;
    };
    let schema = &schemac_fuzz::analysis().schema;
    let id = schemac_fuzz::message_for(selector);
    let name = schemac_fuzz::full_name(id);
    let options = DecodeOptions::new();
    let Ok(encoded) = transcode::encode(schema, id, &json) else {
        return;
    };
    let decoded = transcode::decode(schema, id, &encoded, &options).unwrap_or_else(|error| {
        panic!("{name}: {json} encoded to bytes that do not decode: {error}")
    });
    let again = transcode::encode(schema, id, &decoded)
        .unwrap_or_else(|error| panic!("{name}: {decoded} does not encode: {error}"));
    let back = transcode::decode(schema, id, &again, &options)
        .unwrap_or_else(|error| panic!("{name}: {again:?} does not decode: {error}"));
    assert_eq!(back, decoded, "{name}: from {json}");
});
