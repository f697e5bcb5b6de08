//! Compiles the `.proto` files of tests/protos/proto as a team moving from prost
//! would: `prost_build::compile_protos(&[...], &["proto"])` becomes the
//! Builder with the same include path. The well-known types they import
//! come with schemac; Google's `descriptor.proto` too. And the edition
//! 2023 schemas of the differential test, `tests/differential/editions`;
//! and the catalog once more, with its descriptors embedded. The first two
//! also write their descriptor sets. The `legacy` package's messages are
//! read in place by `decode_in_place` (tests/decode_in_place.rs).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The descriptor sets of the first two compilations, for the dynamic
    // messages that tests/dynamic_json.rs holds to the generated code.
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR")?);
    schemac::Builder::new()
        .include("proto")
        .include_file("protos.rs")
        .file_descriptor_set_path(out.join("protos.binpb"))
        .json(true)
        .views(true)
        .decode_in_place(".legacy")
        .compile(&[
            "proto/acme/trace/v1/trace.proto",
            "proto/store/v1/orders.proto",
            "proto/legacy/v1/inventory.proto",
            "proto/legacy/v1/retired.proto",
            "proto/legacy/v1/extended.proto",
            "proto/acme/catalog/v1/catalog.proto",
            "proto/legacy/v1/search.proto",
            "proto/wkt.proto",
        ])?;
    // Edition 2023's schemas of the differential test, one file for each
    // feature and value it sets at the file level (docs/differential.md);
    // they keep unknown fields, as Google's protobuf does, where a closed
    // enum's numbers it does not name go.
    schemac::Builder::new()
        .include("../differential")
        .include_file("editions.rs")
        .file_descriptor_set_path(out.join("editions.binpb"))
        .json(true)
        .compile(&[
            "../differential/editions/presence_explicit.proto",
            "../differential/editions/presence_implicit.proto",
            "../differential/editions/enum_open.proto",
            "../differential/editions/enum_closed.proto",
            "../differential/editions/packed.proto",
            "../differential/editions/expanded.proto",
            "../differential/editions/encoding_length_prefixed.proto",
            "../differential/editions/encoding_delimited.proto",
            "../differential/editions/utf8_verify.proto",
            "../differential/editions/utf8_none.proto",
            "../differential/editions/json_allow.proto",
            "../differential/editions/json_best_effort.proto",
        ])?;
    // The catalog again, with its descriptors embedded: its types reach
    // their descriptors, and descriptor.proto's types are the runtime's, so
    // that the custom options' constants read from them.
    schemac::Builder::new()
        .include("proto")
        .out_dir(out.join("described"))
        .include_file("described.rs")
        .embed_descriptors(true)
        .compile(&["proto/acme/catalog/v1/catalog.proto"])?;
    // The README's reflection example: pubsub, whose methods carry
    // `google.api.http`, and a form whose fields carry protovalidate's
    // rules (reflection/, apart from proto/, whose files other tests take
    // as a set), with their descriptors embedded. The `.proto` files of
    // googleapis and protovalidate are the corpus's (tests/corpus).
    schemac::Builder::new()
        .include("reflection")
        .include("../corpus/googleapis")
        .include("../corpus/protovalidate")
        .out_dir(out.join("reflection"))
        .include_file("reflection.rs")
        .embed_descriptors(true)
        .compile(&[
            "../corpus/googleapis/google/pubsub/v1/pubsub.proto",
            "reflection/acme/signup/v1/signup.proto",
        ])?;
    Ok(())
}
