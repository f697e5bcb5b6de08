//! The files schemac ships, which imports find without the user having
//! them: `schemac/types.proto` (the messages `decimal` and `value` travel
//! as), `schemac/options.proto` (the options by which exported files say
//! what a field means beyond protobuf) and Google's well-known types and descriptors, `google/protobuf/*`
//! (BSD licence: in each file, and `google/LICENSE`), all in the crate's
//! `proto/` directory, beside `src/`. They are those of the current protoc
//! (libprotoc 35.1, as PyPI's grpcio-tools 1.85.1 ships them):
//! `descriptor.proto` has the options (`retention`, `targets`,
//! extension declarations, features) that files with options of their own
//! are written against, `type.proto` and `api.proto` the `edition` fields
//! that Google's runtimes read and write, and `cpp_features.proto`,
//! `java_features.proto` and `go_features.proto` the features of protoc's
//! own generators, which editions files set.
//!
//! An import of one of these names always gets schemac's copy, never a
//! file of the same name on the include path, so that the types the runtime
//! implements are the types the schema sees.

/// The name by which exported files import the built-in types file.
pub const TYPES_PROTO_NAME: &str = "schemac/types.proto";

/// The name by which exported files import schemac's options: `(schemac.reference)`
/// on a `ref` or `weak` field, `(schemac.implicit_presence)` on a `decimal`
/// or `value` field without presence in a proto2 file.
pub const OPTIONS_PROTO_NAME: &str = "schemac/options.proto";

/// The number of `(schemac.reference)` in `google.protobuf.FieldOptions`.
pub const REFERENCE_OPTION_NUMBER: u32 = 51201;

/// The number of `(schemac.implicit_presence)` in
/// `google.protobuf.FieldOptions`.
pub const IMPLICIT_PRESENCE_OPTION_NUMBER: u32 = 51202;

/// The text of [`OPTIONS_PROTO_NAME`].
pub const OPTIONS_PROTO: &str = include_str!("../proto/schemac/options.proto");

/// The package of the built-in types file, which a schema may not declare.
pub const TYPES_PACKAGE: &str = "schemac";

/// The built-in types file: `schemac.Decimal` for `decimal`, and
/// `schemac.Value` with its helpers for `value`, in package `schemac`.
pub const TYPES_PROTO: &str = include_str!("../proto/schemac/types.proto");

/// The descriptors of the files whose types the runtime provides
/// ([`provides_types`]), and of `google/protobuf/descriptor.proto`, which
/// [`OPTIONS_PROTO_NAME`] imports, with source info: a `FileDescriptorSet`
/// as protoc 3.21 makes it of the shipped texts. `make descriptors` rewrites it after
/// one of them changed; `make interop` checks it against protoc, and a test
/// against protox.
pub const PROVIDED_DESCRIPTORS: &[u8] = include_bytes!("../proto/provided_descriptors.binpb");

/// The entry of `google/protobuf/<name>.proto`.
macro_rules! google {
    ($name:literal) => {
        (
            concat!("google/protobuf/", $name, ".proto"),
            include_str!(concat!("../proto/google/protobuf/", $name, ".proto")),
        )
    };
}
/// Every shipped file, by the name imports give it, with its text.
pub const FILES: &[(&str, &str)] = &[
    (TYPES_PROTO_NAME, TYPES_PROTO),
    (OPTIONS_PROTO_NAME, OPTIONS_PROTO),
    google!("any"),
    google!("api"),
    google!("cpp_features"),
    google!("descriptor"),
    google!("duration"),
    google!("empty"),
    google!("field_mask"),
    google!("go_features"),
    google!("java_features"),
    google!("source_context"),
    google!("struct"),
    google!("timestamp"),
    google!("type"),
    google!("wrappers"),
];

/// The text of the shipped file imported as `name`.
pub fn file(name: &str) -> Option<&'static str> {
    FILES
        .iter()
        .find(|(shipped, _)| *shipped == name)
        .map(|(_, text)| *text)
}

/// Whether the runtime implements the types of the shipped file `name`,
/// so that nothing is generated for it: `schemac/types.proto`,
/// `schemac/options.proto` (whose options resolve reads as what they
/// mean) and the well-known types. The others (descriptors, `api.proto`, `type.proto`)
/// are generated as any other file.
pub fn provides_types(name: &str) -> bool {
    const PROVIDED: &[&str] = &[
        TYPES_PROTO_NAME,
        OPTIONS_PROTO_NAME,
        "google/protobuf/any.proto",
        "google/protobuf/duration.proto",
        "google/protobuf/empty.proto",
        "google/protobuf/field_mask.proto",
        "google/protobuf/struct.proto",
        "google/protobuf/timestamp.proto",
        "google/protobuf/wrappers.proto",
    ];
    PROVIDED.contains(&name)
}
