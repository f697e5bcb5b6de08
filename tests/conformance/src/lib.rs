//! The code build.rs generated from the suite's `.proto` files: the
//! packages `conformance`, `protobuf_test_messages::proto3`,
//! `protobuf_test_messages::proto2`, and `protobuf_test_messages::editions`
//! with its `proto2` and `proto3`.

include!(concat!(env!("OUT_DIR"), "/protos.rs"));

/// The descriptors of the compiled files and of those they import, as a
/// binary `FileDescriptorSet`, for tests that make dynamic messages of the
/// same types.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/conformance.binpb"));
