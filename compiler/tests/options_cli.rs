//! `schemac compile`'s path options: `--type-attribute`,
//! `--field-attribute`, `--message-attribute`, `--enum-attribute`,
//! `--skip-debug`, `--boxed`, `--map-type`, `--string-type`, `--bytes-type`,
//! `--always-present`, `--decode-in-place`, `--extern-path`,
//! `--embed-descriptors`, `--services` (with
//! `--tonic-server-trait` and `--tonic-default-unimplemented`) and
//! `--pointer-type`, to stdout and with `-o`; a malformed argument is a
//! usage error (exit 2), an attribute, a Rust path or a hasher that does
//! not parse a user error (exit 1).

mod common;

use std::fs;

use common::{schemac, stderr, stdout, workspace};

const SCHEMA: &str = "tests/options/schemas/paths.schema";

/// The lines of `code` trimmed, for looking up a line and the ones
/// before it.
fn lines(code: &str) -> Vec<&str> {
    code.lines().map(str::trim).collect()
}

/// What `schemac compile` prints for `args`, which must succeed.
fn compiled(args: &[&str]) -> String {
    let output = schemac(&[&["compile"], args].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output)
}

/// Whether `attribute` is among the few lines just before `item`.
fn before(code: &str, attribute: &str, item: &str) -> bool {
    let lines = lines(code);
    lines
        .iter()
        .position(|line| *line == item)
        .is_some_and(|at| lines[at.saturating_sub(4)..at].contains(&attribute))
}

#[test]
fn every_path_flag_reaches_the_code_and_may_be_repeated() {
    let code = compiled(&[
        SCHEMA,
        "--type-attribute",
        ".paths.Tag=#[derive(PartialOrd)]",
        "--type-attribute",
        ".paths.Status=#[doc(alias = \"state\")]",
        "--field-attribute",
        ".paths.Profile.tags=#[doc(alias = \"labels\")]",
        "--message-attribute",
        ".=#[must_use]",
        "--enum-attribute",
        ".=#[non_exhaustive]",
        "--skip-debug",
        ".paths.Secret",
        "--boxed",
        ".paths.Profile.best",
    ]);
    assert!(
        before(&code, "#[derive(PartialOrd)]", "pub struct Tag {"),
        "{code}"
    );
    assert!(
        before(&code, "#[doc(alias = \"state\")]", "pub enum Status {"),
        "{code}"
    );
    assert!(
        before(
            &code,
            "#[doc(alias = \"labels\")]",
            "pub tags: _rt::alloc::vec::Vec<Tag>,"
        ),
        "{code}"
    );
    for item in [
        "pub struct Profile {",
        "pub struct Secret {",
        "pub struct Reading {",
    ] {
        assert!(before(&code, "#[must_use]", item), "{item}: {code}");
    }
    assert!(
        before(&code, "#[non_exhaustive]", "pub enum Status {"),
        "{code}"
    );
    assert!(
        !before(&code, "#[non_exhaustive]", "pub struct Tag {"),
        "{code}"
    );
    assert!(
        before(
            &code,
            "#[derive(Clone, Default, PartialEq, Eq, Hash)]",
            "pub struct Secret {"
        ),
        "{code}"
    );
    assert!(
        code.contains("pub best: ::core::option::Option<_rt::alloc::boxed::Box<Tag>>,"),
        "{code}"
    );
}

#[test]
fn path_flags_apply_with_an_out_dir_too() {
    let out = workspace().join("target/options-cli-out");
    let _ = fs::remove_dir_all(&out);
    let out_arg = out.to_str().expect("a UTF-8 path");
    let output = schemac(&[
        "compile",
        SCHEMA,
        "-o",
        out_arg,
        "--type-attribute",
        ".paths.Tag=#[derive(PartialOrd)]",
        "--boxed",
        ".paths.Profile.best",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let code = fs::read_to_string(out.join("paths.rs")).expect("paths.rs written");
    assert!(
        before(&code, "#[derive(PartialOrd)]", "pub struct Tag {"),
        "{code}"
    );
    assert!(code.contains("_rt::alloc::boxed::Box<Tag>"), "{code}");
}

#[test]
fn malformed_path_arguments_exit_2() {
    for args in [
        &["--type-attribute", ".paths.Tag"][..],
        &["--field-attribute", "paths.Tag.key=#[doc(hidden)]"],
        &["--message-attribute", "=#[must_use]"],
        &["--enum-attribute", "Status=#[non_exhaustive]"],
        &["--skip-debug", "paths.Secret"],
        &["--boxed", "Profile.best"],
        &["--extern-path", ".paths.Tag"],
        &["--map-type", "sorted"],
        &["--string-type", "small"],
        &["--bytes-type", "array"],
        &["--always-present", "paths.Profile"],
        &["--decode-in-place", "paths"],
        &["--string-type", "paths.Tag.key=box"],
        &["--map-type", "paths.Tag.labels=hash"],
        &["--map-type", ".paths.Tag.labels=hash<::fx::Fx"],
        &["--extern-path", "paths.Tag=::tags::Tag"],
    ] {
        let mut all = vec!["compile", SCHEMA];
        all.extend_from_slice(args);
        let output = schemac(&all);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("invalid value"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn a_value_that_does_not_parse_exits_1_naming_option_path_and_value() {
    for (flag, value, option) in [
        (
            "--type-attribute",
            ".paths=#[derive(Hash)",
            "type_attribute",
        ),
        (
            "--field-attribute",
            ".paths.Tag.key=serde(default)",
            "field_attribute",
        ),
        (
            "--message-attribute",
            ".=#![allow(unused)]",
            "message_attribute",
        ),
        ("--enum-attribute", ".paths.Status=", "enum_attribute"),
        ("--extern-path", ".paths.Tag=tags::Label", "extern_path"),
        ("--extern-path", ".paths.Tag=::tags Label", "extern_path"),
        ("--extern-path", ".paths.Tag=", "extern_path"),
    ] {
        let output = schemac(&["compile", SCHEMA, flag, value]);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{flag} {value}: {text}");
        let (path, attribute) = value.split_once('=').unwrap();
        assert!(
            text.contains(&format!("the {option} `{attribute}` for `{path}`")),
            "{text}"
        );
        assert!(stdout(&output).is_empty(), "nothing generated");
    }
}

#[test]
fn extern_paths_name_types_instead_of_generating_them() {
    let code = compiled(&[
        SCHEMA,
        "--extern-path",
        ".paths.Tag=::tags::Label",
        "--extern-path",
        ".paths.Status=crate::status::State",
    ]);
    assert!(!code.contains("pub struct Tag {"), "{code}");
    assert!(!code.contains("pub enum Status {"), "{code}");
    assert!(
        code.contains("pub tags: _rt::alloc::vec::Vec<::tags::Label>,"),
        "{code}"
    );
    assert!(code.contains("pub status: crate::status::State,"), "{code}");
}

#[test]
fn map_types_apply_by_path_the_longest_holding() {
    let code = compiled(&[
        SCHEMA,
        "--map-type",
        "hash",
        "--map-type",
        ".paths.Tag.labels=hash<::rustc_hash::FxBuildHasher>",
    ]);
    assert!(code.contains("::rustc_hash::FxBuildHasher"), "{code}");
    let code = compiled(&[
        SCHEMA,
        "--map-type",
        "hash",
        "--map-type",
        ".paths.Tag=btree",
    ]);
    assert!(
        code.contains("pub labels: _rt::alloc::collections::BTreeMap<"),
        "{code}"
    );
    let code = compiled(&[SCHEMA, "--map-type", ".paths.Tag.labels=lite"]);
    assert!(code.contains("pub labels: _rt::LiteMap<"), "{code}");
    // Sorted, so written in key order and read through `MapEntries`.
    assert!(
        code.contains(">::write(3, &self.labels, writer);"),
        "{code}"
    );
    assert!(
        code.contains("labels_entries.finish(&mut self.labels)"),
        "{code}"
    );
    let output = schemac(&[
        "compile",
        SCHEMA,
        "--map-type",
        ".paths.Tag.labels=hash<:: ::>",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("the map_type `:: ::` for `.paths.Tag.labels`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn string_types_apply_by_path() {
    let code = compiled(&[
        SCHEMA,
        "--string-type",
        "box",
        "--string-type",
        ".paths.Tag.key=arc",
        "--string-type",
        ".paths.Secret=compact",
    ]);
    assert!(
        code.contains("pub key: _rt::alloc::sync::Arc<str>,"),
        "{code}"
    );
    assert!(code.contains("pub token: _rt::CompactString,"), "{code}");
    assert!(
        code.contains("pub display_name: _rt::alloc::boxed::Box<str>,"),
        "{code}"
    );
}

#[test]
fn always_present_message_fields_lose_their_option() {
    let code = compiled(&[SCHEMA, "--always-present", ".paths.Profile.secret"]);
    assert!(code.contains("pub secret: Secret,"), "{code}");
    assert!(
        code.contains("pub best: ::core::option::Option<Tag>,"),
        "{code}"
    );
}

#[test]
fn decode_in_place_reads_the_messages_under_its_paths_in_place() {
    let code = compiled(&[SCHEMA, "--decode-in-place", ".paths.Profile"]);
    // Profile's merge_from reads its list of tags from a cursor and keeps
    // its best tag; Tag, outside the path, merges as by default.
    assert_eq!(
        code.matches("const RECYCLES: bool = true;").count(),
        1,
        "{code}"
    );
    assert!(
        code.contains("let mut tags_at = recycling.cursor();"),
        "{code}"
    );
    assert!(
        code.contains("let mut best_kept = recycling.on();"),
        "{code}"
    );
    // Every message, since each keeps unknown fields in a buffer; without
    // them, Reading holds a number only, which keeps nothing.
    let everything = compiled(&[SCHEMA, "--decode-in-place", "."]);
    assert_eq!(
        everything.matches("const RECYCLES: bool = true;").count(),
        4
    );
    let dropping = compiled(&[SCHEMA, "--decode-in-place", ".", "--drop-unknown-fields"]);
    assert_eq!(dropping.matches("const RECYCLES: bool = true;").count(), 3);
    assert!(!compiled(&[SCHEMA]).contains("RECYCLES"));
}

#[test]
fn bytes_types_apply_by_path() {
    let code = compiled(&[
        "schemas/scalars.schema",
        "--bytes-type",
        "bytes",
        "--bytes-type",
        ".kitchen.Lists=vec",
    ]);
    assert!(code.contains("pub some_bytes: _rt::Bytes,"), "{code}");
    assert!(
        code.contains("pub byte_strings: _rt::alloc::vec::Vec<_rt::alloc::vec::Vec<u8>>,"),
        "{code}"
    );
}

#[test]
fn services_tonic_generates_a_server_and_a_client_and_none_nothing() {
    let schema = "tests/grpc/schemas/orders.schema";
    let code = compiled(&[schema, "--services", "tonic"]);
    let lines = lines(&code);
    for item in [
        "pub mod order_service_server {",
        "pub trait OrderService: ::core::marker::Send + ::core::marker::Sync + 'static {",
        "pub struct OrderServiceServer<T> {",
        "\"/orders.v1.OrderService/Converse\" => {",
        "pub mod order_service_client {",
        "pub struct OrderServiceClient<T> {",
    ] {
        assert!(lines.contains(&item), "no `{item}` in:\n{code}");
    }
    for services in [&[][..], &["--services", "none"]] {
        let code = compiled(&[&[schema][..], services].concat());
        assert!(code.contains("pub struct PlaceOrder {"), "{code}");
        assert!(!code.contains("order_service"), "{code}");
    }
    let output = schemac(&["compile", schema, "--services", "grpc"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("tonic"), "{}", stderr(&output));
}

/// `--tonic-server-trait` chooses the shape of the server trait's
/// methods (a `.schema` service's is native by default), and
/// `--tonic-default-unimplemented` gives them bodies answering
/// Unimplemented; a value not known is a usage error.
#[test]
fn tonic_server_trait_and_default_unimplemented_shape_the_server_trait() {
    let schema = "tests/grpc/schemas/orders.schema";
    let async_trait = "fn place<'life0, 'async_trait>(";
    let native = compiled(&[schema, "--services", "tonic"]);
    assert!(!native.contains(async_trait), "{native}");
    assert!(
        !native.contains("is not implemented by this server"),
        "{native}"
    );
    let shaped = compiled(&[
        schema,
        "--services",
        "tonic",
        "--tonic-server-trait",
        "async-trait",
    ]);
    assert!(shaped.contains(async_trait), "{shaped}");
    let defaults = compiled(&[
        schema,
        "--services",
        "tonic",
        "--tonic-default-unimplemented",
    ]);
    assert!(
        defaults.contains("\"/orders.v1.OrderService/Place is not implemented by this server\""),
        "{defaults}"
    );
    assert!(
        defaults.contains("tonic::codegen::BoxStream<super::OrderStatus>"),
        "{defaults}"
    );
    let output = schemac(&[
        "compile",
        schema,
        "--services",
        "tonic",
        "--tonic-server-trait",
        "boxed",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

#[test]
fn pointer_type_rc_holds_references_in_rc_and_arc_is_the_default() {
    let schema = "tests/graph/schemas/graph.schema";
    let arc_lines = [
        "pub lines: _rt::alloc::vec::Vec<_rt::alloc::sync::Arc<OrderLine>>,",
        "pub order: ::core::option::Option<_rt::alloc::sync::Weak<Order>>,",
    ];
    let rc_lines = [
        "pub lines: _rt::alloc::vec::Vec<_rt::alloc::rc::Rc<OrderLine>>,",
        "pub order: ::core::option::Option<_rt::alloc::rc::Weak<Order>>,",
    ];
    for (args, expected) in [
        (&[][..], arc_lines),
        (&["--pointer-type", "arc"][..], arc_lines),
        (&["--pointer-type", "rc"][..], rc_lines),
    ] {
        let code = compiled(&[&[schema][..], args].concat());
        let lines = lines(&code);
        for item in expected {
            assert!(lines.contains(&item), "{args:?}: no `{item}` in:\n{code}");
        }
    }
    let rc = compiled(&[schema, "--pointer-type", "rc"]);
    assert!(!rc.contains("sync::"), "{rc}");
    let output = schemac(&["compile", schema, "--pointer-type", "box"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("rc"), "{}", stderr(&output));
}

#[test]
fn embed_descriptors_embeds_them_and_names_descriptor_protos_types_in_the_runtime() {
    let annotations = "tests/protos/proto/acme/annotations/v1/annotations.proto";
    let include = "tests/protos/proto";
    let plain = compiled(&[annotations, "-I", include]);
    assert!(!plain.contains("FILE_DESCRIPTOR_SET"), "{plain}");
    assert!(!plain.contains("reflect::descriptor"), "{plain}");
    let embedded = compiled(&[annotations, "-I", include, "--embed-descriptors"]);
    for expected in [
        "pub const FILE_DESCRIPTOR_SET: &[u8] = b\"",
        "pub fn descriptor_pool() -> &'static _rt::reflect::DescriptorPool {",
        "_rt::described!(",
        "message HttpRule = \"acme.annotations.v1.HttpRule\";",
        "::schemac_runtime::reflect::descriptor::MethodOptions,",
    ] {
        assert!(embedded.contains(expected), "{expected} in {embedded}");
    }
}
