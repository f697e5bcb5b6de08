//! The path of `schemac decode`: bytes to JSON with nothing but the schema.
//! The first byte picks the message (`schemac_fuzz::message_for`).
//!
//! When decoding succeeds, `transcode::encode` of the JSON must succeed and
//! decode back to the same JSON. Where the message has a generated type,
//! that type must accept exactly the same inputs and encode the same bytes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac::transcode;
use schemac_generated::{evolution, kitchen, money, shapes, shop, world};
use schemac_runtime::{DecodeOptions, Message};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let schema = &schemac_fuzz::analysis().schema;
    let id = schemac_fuzz::message_for(selector);
    let name = schemac_fuzz::full_name(id);
    let options = DecodeOptions::new();
    let decoded = transcode::decode(schema, id, bytes, &options);
    let generated = generated_round_trip(name, bytes);
    if let Some(generated) = &generated {
        assert_eq!(
            generated.is_ok(),
            decoded.is_ok(),
            "{name}: generated {generated:?}, transcode {decoded:?}"
        );
    }
    let json = match decoded {
        Ok(json) => json,
        Err(error) => {
            assert!(error.path().starts_with(short_name(name)), "{error}");
            return;
        }
    };
    let encoded = transcode::encode(schema, id, &json)
        .unwrap_or_else(|error| panic!("{name}: {json} does not encode: {error}"));
    let back = transcode::decode(schema, id, &encoded, &options)
        .unwrap_or_else(|error| panic!("{name}: {encoded:?} does not decode: {error}"));
    assert_eq!(back, json, "{name}");
    // NaN loses its payload in JSON, so only NaN-free values compare bytes;
    // unknown fields that a generated type keeps have no JSON form.
    if let Some(Ok(generated)) = generated
        && !json.to_string().contains("NaN")
        && !KEEPS_UNKNOWN_FIELDS.contains(&name)
    {
        assert_eq!(generated, encoded, "{name}: {json}");
    }
});

/// The messages whose generated types keep unknown fields.
const KEEPS_UNKNOWN_FIELDS: &[&str] = &["evolution.v1.Profile"];

fn short_name(full_name: &str) -> &str {
    full_name.rsplit('.').next().unwrap_or(full_name)
}

/// Decodes and re-encodes `bytes` with the generated type of message `name`,
/// if there is one.
fn generated_round_trip(name: &str, bytes: &[u8]) -> Option<Result<Vec<u8>, String>> {
    fn run<M: Message>(bytes: &[u8]) -> Option<Result<Vec<u8>, String>> {
        Some(
            M::decode(bytes)
                .map_err(|error| error.to_string())
                .map(|value| value.encode_to_vec().expect("a decoded message encodes")),
        )
    }
    match name {
        "shop.Order" => run::<shop::Order>(bytes),
        "shop.OrderLine" => run::<shop::OrderLine>(bytes),
        "shop.Customer" => run::<shop::Customer>(bytes),
        "kitchen.Scalars" => run::<kitchen::Scalars>(bytes),
        "kitchen.OptionalScalars" => run::<kitchen::OptionalScalars>(bytes),
        "kitchen.Lists" => run::<kitchen::Lists>(bytes),
        "kitchen.Maps" => run::<kitchen::Maps>(bytes),
        "shapes.Drawing" => run::<shapes::Drawing>(bytes),
        "shapes.Shape" => run::<shapes::Shape>(bytes),
        "shapes.Tree" => run::<shapes::Tree>(bytes),
        "shapes.Ping" => run::<shapes::Ping>(bytes),
        "shapes.Pong" => run::<shapes::Pong>(bytes),
        "shapes.Keywords" => run::<shapes::Keywords>(bytes),
        "world.travel.Trip" => run::<world::travel::Trip>(bytes),
        "money.Amounts" => run::<money::Amounts>(bytes),
        "money.Values" => run::<money::Values>(bytes),
        "money.Entry" => run::<money::Entry>(bytes),
        "evolution.v1.Profile" => run::<evolution::v1::Profile>(bytes),
        "evolution.v1.PlainProfile" => run::<evolution::v1::PlainProfile>(bytes),
        "evolution.v2.Profile" => run::<evolution::v2::Profile>(bytes),
        _ => None,
    }
}
