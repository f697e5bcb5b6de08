//! The path of `schemac encode`: JSON to bytes with nothing but the schema,
//! through `transcode::Codec` (the runtime's dynamic messages over the
//! descriptors schemac exports). The first byte picks the message
//! (`schemac_fuzz::message_for`); the rest is JSON text.
//!
//! When encoding succeeds, the bytes must decode; that JSON must encode and
//! decode to itself again. Where the message has a generated type, its
//! serde impls must accept exactly the JSON the codec accepts, encode the
//! same bytes, and write the same JSON text as the codec's decode.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac::JsonNames;
use schemac_fuzz::WithGenerated;
use schemac_runtime::Message;
use schemac_runtime::json::serde::Serialize;
use schemac_runtime::json::serde::de::DeserializeOwned;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, text)) = data.split_first() else {
        return;
    };
    let Ok(json) = serde_json::from_slice::<serde_json::Value>(text) else {
        return;
    };
    let codec = schemac_fuzz::codec();
    let id = schemac_fuzz::message_for(selector);
    let name = schemac_fuzz::full_name(id);
    let encoded = codec.json_to_bytes(id, &json);
    let generated = schemac_fuzz::with_generated(name, FromJson(&json));
    if let Some(generated) = &generated {
        match (generated, &encoded) {
            (Ok((bytes, _)), Ok(encoded)) => {
                assert_eq!(
                    bytes, encoded,
                    "{name}: generated and the codec encode {json}"
                )
            }
            (Err(_), Err(_)) => {}
            (generated, encoded) => {
                panic!("{name}: {json}: generated {generated:?}, codec {encoded:?}")
            }
        }
    }
    let Ok(encoded) = encoded else {
        return;
    };
    let decoded = (codec.bytes_to_json(id, &encoded, JsonNames::Schema)).unwrap_or_else(|error| {
        panic!("{name}: {json} encoded to bytes that do not decode: {error}")
    });
    // The same text, so that -0.0 and 0.0 differ and fields keep their order.
    if let Some(Ok((_, text))) = &generated {
        assert_eq!(
            text,
            &decoded.to_string(),
            "{name}: generated JSON and the codec's decode of {json}"
        );
    }
    let again = codec
        .json_to_bytes(id, &decoded)
        .unwrap_or_else(|error| panic!("{name}: {decoded} does not encode: {error}"));
    let back = codec
        .bytes_to_json(id, &again, JsonNames::Schema)
        .unwrap_or_else(|error| panic!("{name}: {again:?} does not decode: {error}"));
    assert_eq!(back, decoded, "{name}: from {json}");
});

/// Reads JSON with the generated serde impls of a message; gives the value's
/// encoding and the JSON text it writes.
struct FromJson<'a>(&'a serde_json::Value);

impl WithGenerated for FromJson<'_> {
    type Output = Result<(Vec<u8>, String), String>;

    fn call<M: Message + Serialize + DeserializeOwned>(self) -> Self::Output {
        let value = serde_json::from_value::<M>(self.0.clone()).map_err(|e| e.to_string())?;
        // Deeper than the recursion limit, the value does not encode, as
        // the codec does not.
        let bytes = value.try_encode_to_vec().map_err(|e| e.to_string())?;
        let text = serde_json::to_string(&value).expect("a generated message writes JSON");
        Ok((bytes, text))
    }
}
