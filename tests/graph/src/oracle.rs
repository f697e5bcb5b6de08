//! What the hostile-input test and the `decode_graph` fuzz target both
//! check of dynamic messages over the schema's exported descriptors, the
//! codec of `schemac encode` and `schemac decode`: they accept the bytes
//! the generated code accepts and encode them to its bytes, their JSON
//! (`$id`, `$ref`) is a fixed point, and it is the JSON of the generated
//! serde impls.

use std::sync::{Arc, LazyLock};

use schemac::transcode::{self, Codec};
use schemac::{Analysis, JsonNames};
use schemac_runtime::graph::Shareable;
use schemac_runtime::json::{JsonMessage, deserialize_arc, serde::Serialize};
use schemac_runtime::reflect::{DescriptorPool, DynamicMessage};

/// `schemas/graph.schema`, analyzed once.
pub fn analysis() -> &'static Analysis {
    static ANALYSIS: LazyLock<Analysis> = LazyLock::new(|| {
        schemac::analyze_text("graph.schema", include_str!("../schemas/graph.schema"))
            .expect("the graph schema checks")
    });
    &ANALYSIS
}

/// The codec of `schemac encode` and `schemac decode` for
/// `schemas/graph.schema`.
pub fn codec() -> &'static Codec<'static> {
    static CODEC: LazyLock<Codec<'static>> = LazyLock::new(|| Codec::new(analysis()));
    &CODEC
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
/// alike, numbered alike. Its JSON (`$id`, `$ref`) reads back to what
/// encodes to bytes whose JSON it is again (not always the first bytes:
/// JSON leaves out the unknown fields).
pub fn dynamic_messages_decode_as_generated_code(
    message: &str,
    bytes: &[u8],
    encoded: Option<&[u8]>,
) {
    let descriptor = pool().message(message).expect("in the pool");
    let decoded = DynamicMessage::decode(descriptor, bytes);
    let (decoded, encoded) = match (decoded, encoded) {
        (Ok(decoded), Some(encoded)) => (decoded, encoded),
        (decoded, encoded) => {
            return assert_eq!(
                decoded.is_ok(),
                encoded.is_some(),
                "{message} {bytes:02x?}: {decoded:?}"
            );
        }
    };
    let again = decoded.encode_to_vec();
    assert_eq!(again, encoded, "{message} {bytes:02x?}: {decoded:?}");
    let reread = DynamicMessage::decode(descriptor, &again).expect("and decodes again");
    assert_eq!(reread, decoded, "{message} {bytes:02x?}");
    let id = transcode::find_message(&analysis().schema, message).expect("in the schema");
    let json = (codec().bytes_to_json(id, encoded, JsonNames::Schema)).expect("has JSON");
    let from_json = codec().json_to_bytes(id, &json).expect("the JSON encodes");
    let json_again = (codec().bytes_to_json(id, &from_json, JsonNames::Schema)).expect("decodes");
    assert_eq!(json_again, json, "{message} {bytes:02x?}");
}

/// Checks that the generated serde impls of `value`, a message of type
/// `message`, write the JSON that `schemac decode` makes of its bytes (the
/// same objects under the same ids), and read it back, as
/// `schemac encode` does, to a graph that encodes to the bytes
/// `schemac encode` makes of it: `value`'s own, but for the unknown fields
/// it keeps, which JSON leaves out.
pub fn serde_agrees_with_schemac_decode<M>(message: &str, value: &M)
where
    M: Shareable + JsonMessage + Serialize,
{
    let id = transcode::find_message(&analysis().schema, message).expect("in the schema");
    let bytes = value.try_encode_to_vec().expect("encodes");
    let json = serde_json::to_value(value).expect("serializes");
    let decoded = (codec().bytes_to_json(id, &bytes, JsonNames::Schema)).expect("transcodes");
    assert_eq!(json, decoded, "{message} {bytes:02x?}");
    let read: Arc<M> = deserialize_arc(&json).expect("the JSON reads back");
    let encoded = codec().json_to_bytes(id, &json).expect("encodes");
    assert_eq!(
        read.try_encode_to_vec().expect("encodes"),
        encoded,
        "{json}"
    );
    assert_eq!(
        (codec().bytes_to_json(id, &encoded, JsonNames::Schema)).expect("transcodes"),
        json
    );
}
