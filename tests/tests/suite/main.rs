//! The integration tests of schemac, in one binary to keep builds short.
//!
//! - `freshness`: generated/ matches what schemac produces now.
//! - `wire`: snapshots of the bytes of every fixture.
//! - `api`: the shape of the generated types.
//! - `json`: the generated serde impls, against `schemac decode` and `encode`.
//! - `closed_enums`: closed enums move the numbers they do not name to the
//!   unknown fields, owned, as views, in JSON and in `schemac decode`.
//! - `roundtrip`: property tests, decode(encode(x)) == x.
//! - `decode_in_place`: property tests, a decode in place gives what a
//!   fresh decode gives, over runs of random messages into one value.
//! - `interop`: the exported `.proto`, through protox and prost-reflect,
//!   for the fixtures and under proptest.
//! - `protoc`: the same with Google's protoc; ignored unless asked for
//!   (`make interop`).
//! - `differential`: random messages of Google's protobuf through schemac
//!   and back, and schemac's through Google's, for `schemas/`, random
//!   schemas and the real-world corpus (`tests/corpus`); ignored unless
//!   asked for (`make differential`).
//! - `dynamic`: the runtime's `DynamicMessage` reads what generated code
//!   writes and writes back the same bytes, random values and fixtures.
//! - `descriptors`: the exported descriptors against protoc's (ignored,
//!   with the protoc tests) and protox's of the exported `.proto` files.
//! - `declarations`: check and the current protoc agree on extension
//!   declarations.
//! - `editions`: check and the current protoc agree on where edition
//!   2023's features may be set.
//! - `editions_2024`: check and the current protoc agree on what edition
//!   2024 adds (visibility, `import option`, the naming style) and
//!   removes, over sets of files.
//! - `reserved`: check and protoc agree on every form of `reserved`
//!   (ignored, with the protoc tests).
//! - `proto_syntax`: exported files are proto2 where protoc needs it, and
//!   check refuses the enum fields protoc refuses (ignored, with the
//!   protoc tests).
//! - `builtin_types`: `decimal`, `value` and unknown fields against
//!   prost-reflect, and protoc in `make interop`.
//! - `limits`: huge length prefixes, deep nesting and the input maximum,
//!   for generated types and transcode.
//! - `smoke`: mutated encodings and schemas, which must give a value or an
//!   error, never a panic (a stand-in for the fuzz targets); the export of
//!   every schema check accepts must read back alike and compile with the
//!   current protoc.
//! - `fuzz_seeds`: writes the fuzz targets' seed corpus (ignored), and
//!   checks that the fuzz targets build in every schema.
//! - `views`: borrowed views read what owned decoding reads, borrowing,
//!   and fail where it fails, with the same errors.
//! - `owned_views`: `OwnedView`, a view with its input kept in a `Bytes`,
//!   sent to another thread and held across `.await` points.
//! - `public_api`: the runtime's public API, pinned as a snapshot.
//! - `handshake`: generated code built against a runtime of another version
//!   fails with the message of the version handshake.

mod api;
mod builtin_types;
mod closed_enums;
mod declarations;
mod decode_in_place;
mod descriptors;
mod differential;
mod dynamic;
mod editions;
mod editions_2024;
mod freshness;
mod fuzz_seeds;
mod handshake;
mod interop;
mod json;
mod limits;
mod owned_views;
mod proto_syntax;
mod protoc;
mod public_api;
mod reflect;
mod reserved;
mod roundtrip;
mod smoke;
mod views;
mod wire;

/// Every schema of `schemas/`, analyzed as `make generate` does.
fn analyze_schemas() -> schemac::Analysis {
    let root = schemac_tests::workspace_root();
    let paths = schemac_tests::schema_paths();
    let includes = [std::path::PathBuf::from("schemas")];
    schemac::analyze(&paths, &includes, &mut |path| {
        std::fs::read_to_string(root.join(path))
    })
    .unwrap_or_else(|error| panic!("schemas/ does not compile:\n{error}"))
}
