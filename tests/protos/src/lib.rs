//! The code build.rs generated from tests/proto, brought in with one
//! `include!`: one module per package, `acme::trace::v1` and so on.

include!(concat!(env!("OUT_DIR"), "/protos.rs"));
