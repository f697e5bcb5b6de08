//! The generated code of the corpus of real-world `.proto` files (README.md
//! names them, with their licences and commits): googleapis' common
//! types and three services, Envoy's v3 API with xDS and
//! protoc-gen-validate, protovalidate, and protobuf's own test files.
//!
//! The build script compiles every file protoc accepts into this crate;
//! its tests compare schemac with protoc file by file (`tests/`), and the
//! differential test reads Google's random messages of every type with
//! the generated code ([`registry`]).

#![allow(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// The generated code of protobuf's golden outputs of its transforms to
/// editions (`protobuf-2024/editions/golden/`), which declare the names
/// of their inputs and of `test_messages_proto{2,3}.proto`, compiled apart
/// (`corpus::APART`).
pub mod golden {
    include!(concat!(env!("OUT_DIR"), "/golden/golden.rs"));
}

#[doc(hidden)]
pub mod corpus;

/// The generated type of every message of the corpus, by its full name:
/// the differential test (`make differential`) reads Google's random
/// messages with them.
#[allow(deprecated)] // It names every type, the deprecated ones too.
pub mod registry {
    use schemac_runtime::Message;

    include!(concat!(env!("OUT_DIR"), "/registry.rs"));

    fn round_trip_as<M: Message>(bytes: &[u8]) -> Result<Vec<u8>, String> {
        let message = M::decode(bytes).map_err(|error| error.to_string())?;
        message
            .try_encode_to_vec()
            .map_err(|error| error.to_string())
    }
}
