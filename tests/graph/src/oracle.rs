//! What the hostile-input test and the `decode_graph` fuzz target both
//! check of `schemac decode`'s transcoder on graph messages: it accepts
//! the bytes the generated code accepts, its JSON (`$id`, `$ref`) is a
//! fixed point in bytes, and it is the JSON of the generated serde impls;
//! and of dynamic messages over the schema's exported descriptors: they
//! accept what generated code accepts and encode it to its bytes.

use std::sync::{Arc, LazyLock};

use schemac::Analysis;
use schemac::transcode;
use schemac_runtime::DecodeOptions;
use schemac_runtime::graph::Shareable;
use schemac_runtime::json::{JsonMessage, deserialize_arc, serde::Serialize};
use schemac_runtime::reflect::{DescriptorPool, DynamicMessage, JsonOptions};

/// `schemas/graph.schema`, analyzed once.
pub fn analysis() -> &'static Analysis {
    static ANALYSIS: LazyLock<Analysis> = LazyLock::new(|| {
        schemac::analyze_text("graph.schema", include_str!("../schemas/graph.schema"))
            .expect("the graph schema checks")
    });
    &ANALYSIS
}

/// The descriptors `schemac export-descriptor` writes of
/// `schemas/graph.schema`, in a pool.
pub fn pool() -> &'static DescriptorPool {
    static POOL: LazyLock<DescriptorPool> = LazyLock::new(|| {
        let analysis = analysis();
        let set = analysis.encode_descriptor_set(&analysis.roots, true);
        DescriptorPool::decode(&set).expect("the exported descriptors make a pool")
    });
    &POOL
}

/// Checks that a dynamic message of type `message` reads `bytes` exactly
/// when generated code does (with `decode_arc` where the type may be
/// pointed back at), and encodes what it reads to `encoded`, the bytes of
/// generated code's encoding of what it read: the same objects, shared
/// alike, numbered alike. Its JSON is the transcoder's of those bytes
/// (`$id`, `$ref`), and reads back to a message that encodes as the
/// transcoder encodes that JSON (the bytes but the unknown fields, which
/// JSON leaves out).
pub fn dynamic_messages_decode_as_generated_code(
    message: &str,
    bytes: &[u8],
    encoded: Option<&[u8]>,
) {
    let descriptor = pool().message(message).expect("in the pool");
    let decoded = DynamicMessage::decode(descriptor, bytes);
    match (decoded, encoded) {
        (Ok(decoded), Some(encoded)) => {
            let again = decoded.encode_to_vec();
            assert_eq!(again, encoded, "{message} {bytes:02x?}: {decoded:?}");
            let reread = DynamicMessage::decode(descriptor, &again).expect("and decodes again");
            assert_eq!(reread, decoded, "{message} {bytes:02x?}");
            let options = JsonOptions::new().proto_field_names(true);
            let json = decoded.to_json_with(&options).expect("has JSON");
            let schema = &analysis().schema;
            let id = transcode::find_message(schema, message).expect("in the schema");
            let transcoded = transcode::decode(schema, id, encoded, &DecodeOptions::new());
            assert_eq!(Ok(&json), transcoded.as_ref(), "{message} {bytes:02x?}");
            let read = DynamicMessage::from_json_with(descriptor, &json, &options);
            let read = read.unwrap_or_else(|error| panic!("{message} {json}: {error}"));
            let transcoded = transcode::encode(schema, id, &json).expect("the transcoder reads it");
            assert_eq!(read.encode_to_vec(), transcoded, "{message} {json}");
        }
        (decoded, encoded) => assert_eq!(
            decoded.is_ok(),
            encoded.is_some(),
            "{message} {bytes:02x?}: {decoded:?}"
        ),
    }
}

/// Checks that `schemac decode` of `bytes` as `message` succeeds exactly
/// when the generated code's decode did (`accepted`), and that its JSON
/// encodes to bytes whose JSON encodes to the same bytes again (not
/// always the first JSON: a map entry without its value reads as `{}`, a
/// fresh object, which then takes an id).
pub fn transcodes_as_generated_code_decodes(message: &str, bytes: &[u8], accepted: bool) {
    let schema = &analysis().schema;
    let id = transcode::find_message(schema, message).expect("in the schema");
    let options = DecodeOptions::new();
    let json = transcode::decode(schema, id, bytes, &options);
    assert_eq!(json.is_ok(), accepted, "{message} {bytes:02x?}: {json:?}");
    if let Ok(json) = json {
        let again = transcode::encode(schema, id, &json).expect("the JSON encodes");
        let json_again = transcode::decode(schema, id, &again, &options).expect("and decodes");
        let third = transcode::encode(schema, id, &json_again).expect("and encodes");
        assert_eq!(third, again, "{message} {bytes:02x?}: {json_again}");
    }
}

/// Checks that the generated serde impls of `value`, a message of type
/// `message`, write the JSON that `schemac decode` makes of its bytes (the
/// same objects under the same ids), and read it back, as
/// `schemac encode` does, to a graph that encodes to the bytes
/// `schemac encode` makes of it: `value`'s own, but for the unknown fields
/// it keeps, which JSON leaves out.
pub fn serde_agrees_with_the_transcoder<M>(message: &str, value: &M)
where
    M: Shareable + JsonMessage + Serialize,
{
    let schema = &analysis().schema;
    let id = transcode::find_message(schema, message).expect("in the schema");
    let bytes = value.try_encode_to_vec().expect("encodes");
    let json = serde_json::to_value(value).expect("serializes");
    let transcoded =
        transcode::decode(schema, id, &bytes, &DecodeOptions::new()).expect("transcodes");
    assert_eq!(json, transcoded, "{message} {bytes:02x?}");
    let read: Arc<M> = deserialize_arc(&json).expect("the JSON reads back");
    let encoded = transcode::encode(schema, id, &json).expect("encodes");
    assert_eq!(
        read.try_encode_to_vec().expect("encodes"),
        encoded,
        "{json}"
    );
    assert_eq!(
        transcode::decode(schema, id, &encoded, &DecodeOptions::new()).expect("transcodes"),
        json
    );
}
