//! The generated code of the corpus of real-world `.proto` files (README.md
//! names them, with their licences and commits): googleapis' common
//! types and three services, Envoy's v3 API with xDS and
//! protoc-gen-validate, protovalidate, and protobuf's own test files.
//!
//! The build script compiles every file protoc accepts into this crate;
//! its tests compare schemac with protoc file by file (`tests/`).

#![allow(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

#[doc(hidden)]
pub mod corpus;
