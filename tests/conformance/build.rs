//! Compiles the suite's `.proto` files with the `Builder`, as any user's
//! build.rs would: `conformance.proto`, the proto3 and proto2 test messages
//! and their three editions counterparts, as protobuf v33.2 has them
//! (protos/, and docs/conformance.md). Unknown fields are kept, as by
//! default, and the JSON field names are protobuf's. The descriptors are
//! embedded, so that each test message reaches its own
//! (`reflect::Described`), which the text format is read and printed by;
//! their set is written too, for the dynamic messages of schemac-protos'
//! tests.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR")?);
    schemac::Builder::new()
        .include("protos")
        .include_file("protos.rs")
        .file_descriptor_set_path(out.join("conformance.binpb"))
        .json(true)
        .json_names(schemac::JsonNames::Proto)
        .embed_descriptors(true)
        .compile(&[
            "conformance/conformance.proto",
            "google/protobuf/test_messages_proto3.proto",
            "google/protobuf/test_messages_proto2.proto",
            "google/protobuf/test_messages_edition2023.proto",
            "google/protobuf/test_messages_proto2_editions.proto",
            "google/protobuf/test_messages_proto3_editions.proto",
        ])?;
    Ok(())
}
