//! The path of `schemac decode`: bytes to JSON with nothing but the schema,
//! through `transcode::Codec` (the runtime's dynamic messages over the
//! descriptors schemac exports). The first byte picks the message
//! (`schemac_fuzz::message_for`).
//!
//! When decoding succeeds, the codec must encode the JSON and decode it
//! back to the same JSON. Where the message has a generated type, that
//! type must accept exactly the same inputs and encode the same bytes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac::JsonNames;
use schemac_fuzz::WithGenerated;
use schemac_runtime::Message;
use schemac_runtime::json::serde::Serialize;
use schemac_runtime::json::serde::de::DeserializeOwned;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let codec = schemac_fuzz::codec();
    let id = schemac_fuzz::message_for(selector);
    let name = schemac_fuzz::full_name(id);
    let decoded = codec.bytes_to_json(id, bytes, JsonNames::Schema);
    let generated = schemac_fuzz::with_generated(name, RoundTrip(bytes));
    if let Some(generated) = &generated {
        assert_eq!(
            generated.is_ok(),
            decoded.is_ok(),
            "{name}: generated {generated:?}, codec {decoded:?}"
        );
    }
    let json = match decoded {
        Ok(json) => json,
        Err(error) => {
            let text = error.to_string();
            assert!(text.contains(short_name(name)), "{name}: {text}");
            return;
        }
    };
    let encoded = codec
        .json_to_bytes(id, &json)
        .unwrap_or_else(|error| panic!("{name}: {json} does not encode: {error}"));
    let back = codec
        .bytes_to_json(id, &encoded, JsonNames::Schema)
        .unwrap_or_else(|error| panic!("{name}: {encoded:?} does not decode: {error}"));
    assert_eq!(back, json, "{name}");
    // NaN loses its payload in JSON, so only NaN-free values compare bytes.
    // The generated types keep unknown fields (the numbers closed enums do
    // not name among them), which have no JSON form: their bytes read as
    // the same JSON, and are the codec's when they kept none, as a
    // kept field adds at least its key.
    if let Some(Ok(generated)) = generated
        && !json.to_string().contains("NaN")
    {
        let read = codec
            .bytes_to_json(id, &generated, JsonNames::Schema)
            .unwrap_or_else(|error| panic!("{name}: {generated:?} does not decode: {error}"));
        assert_eq!(read, json, "{name}");
        if generated.len() == encoded.len() {
            assert_eq!(generated, encoded, "{name}: {json}");
        }
    }
});

fn short_name(full_name: &str) -> &str {
    full_name.rsplit('.').next().unwrap_or(full_name)
}

/// Decodes and re-encodes bytes with the generated type of a message.
struct RoundTrip<'a>(&'a [u8]);

impl WithGenerated for RoundTrip<'_> {
    type Output = Result<Vec<u8>, String>;

    fn call<M: Message + Serialize + DeserializeOwned>(self) -> Self::Output {
        M::decode(self.0)
            .map_err(|error| error.to_string())
            .map(|value| {
                value
                    .try_encode_to_vec()
                    .expect("a decoded message encodes")
            })
    }
}
