//! The code build.rs generated from the suite's `.proto` files: the
//! packages `conformance`, `protobuf_test_messages::proto3` and
//! `protobuf_test_messages::proto2`.

include!(concat!(env!("OUT_DIR"), "/protos.rs"));
