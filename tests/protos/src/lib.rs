//! The code build.rs generated from tests/protos/proto, brought in with one
//! `include!`: one module per package, `acme::trace::v1` and so on.

include!(concat!(env!("OUT_DIR"), "/protos.rs"));

// `editions::presence_explicit` and so on: the edition 2023 schemas of
// the differential test (tests/differential/editions), with unknown fields
// kept.
include!(concat!(env!("OUT_DIR"), "/editions.rs"));

/// `acme/catalog/v1/catalog.proto` and its imports generated with
/// `embed_descriptors(true)`: each type reaches its descriptor, and the
/// custom options' constants extend the runtime's options messages.
pub mod described {
    include!(concat!(env!("OUT_DIR"), "/described/described.rs"));
}

/// The README's reflection example: googleapis' `google/pubsub/v1/pubsub.proto`
/// and `acme/signup/v1/signup.proto`, whose fields carry protovalidate's
/// rules, generated with `embed_descriptors(true)`.
pub mod reflection {
    include!(concat!(env!("OUT_DIR"), "/reflection/reflection.rs"));
}
