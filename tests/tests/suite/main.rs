//! The integration tests of schemac, in one binary to keep builds short.
//!
//! - `freshness`: generated/ matches what schemac produces now.
//! - `wire`: snapshots of the bytes of every fixture.
//! - `api`: the shape of the generated types.
//! - `json`: the generated serde impls, against the schema-driven transcoder.
//! - `roundtrip`: property tests, decode(encode(x)) == x.
//! - `interop`: the exported `.proto`, through protox and prost-reflect.
//! - `protoc`: the same with Google's protoc; ignored unless asked for
//!   (`make interop`).
//! - `builtin_types`: `decimal`, `value` and unknown fields against
//!   prost-reflect, and protoc in `make interop`.
//! - `views`: borrowed views read what owned decoding reads, borrowing,
//!   and fail where it fails, with the same errors.

mod api;
mod builtin_types;
mod freshness;
mod interop;
mod json;
mod protoc;
mod reflect;
mod roundtrip;
mod views;
mod wire;
