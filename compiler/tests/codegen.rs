//! The back end on every schema in `schemas/`: snapshots of the generated
//! Rust and of the exported `.proto`, each described by the schema source,
//! and a check that protox accepts every exported file. One schema is also
//! pinned with JSON on (`--json`), and one with views on (`--views`).

use std::fs;
use std::path::{Path, PathBuf};

use schemac::model::{Field, FieldType, Scalar, ValueType};
use schemac::{Analysis, Config};

fn schemas_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas")
}

/// Analyzes the schemas named `roots`, relative to `schemas/`, so that
/// file names in output do not depend on where the workspace is.
fn analyze(roots: &[PathBuf]) -> Analysis {
    let dir = schemas_dir();
    schemac::analyze(roots, &[], &mut |path| fs::read_to_string(dir.join(path)))
        .unwrap_or_else(|error| panic!("{roots:?} does not compile:\n{error}"))
}

/// The schema's file name, as a root relative to `schemas/`.
fn root(path: &Path) -> PathBuf {
    PathBuf::from(path.file_name().expect("a schema file"))
}

#[test]
fn generated_rust() {
    insta::glob!("../../schemas", "*.schema", |path| {
        let source = fs::read_to_string(path).expect("read schema");
        let analysis = analyze(&[root(path)]);
        let file = &analysis.schema.files[0];
        let name = match file.package.is_empty() {
            true => "_.rs".to_owned(),
            false => format!("{}.rs", file.package.join(".")),
        };
        // Imported packages have their own snapshots; only the root's own
        // package is pinned here.
        let generated = analysis.generate(&Config::new());
        let code = generated
            .iter()
            .find(|generated| generated.name == name)
            .unwrap_or_else(|| panic!("no {name} among {generated:?}"));
        insta::with_settings!({ description => source, omit_expression => true }, {
            insta::assert_snapshot!("rust", code.contents);
        });
    });
}

/// shapes.schema has oneofs, boxes, a map, nested enums, keywords and an
/// empty message: every construct the serde impls treat differently.
#[test]
fn generated_rust_with_json() {
    let path = schemas_dir().join("shapes.schema");
    let source = fs::read_to_string(&path).expect("read schema");
    let analysis = analyze(&[root(&path)]);
    let mut config = Config::new();
    config.json(true);
    let generated = analysis.generate(&config);
    let [code] = generated.as_slice() else {
        panic!("one package expected, got {generated:?}");
    };
    insta::with_settings!({ description => source, omit_expression => true }, {
        insta::assert_snapshot!("rust_json@shapes.schema", code.contents);
    });
}

/// shapes.schema with views on (`--views`): oneofs with and without a
/// view enum of their own, boxed views, a map, and messages whose views
/// hold nothing borrowed.
#[test]
fn generated_rust_with_views() {
    let path = schemas_dir().join("shapes.schema");
    let source = fs::read_to_string(&path).expect("read schema");
    let analysis = analyze(&[root(&path)]);
    let mut config = Config::new();
    config.views(true);
    analysis.check_config(&config).expect("no view clashes");
    let generated = analysis.generate(&config);
    let [code] = generated.as_slice() else {
        panic!("one package expected, got {generated:?}");
    };
    insta::with_settings!({ description => source, omit_expression => true }, {
        insta::assert_snapshot!("rust_views@shapes.schema", code.contents);
    });
}

#[test]
fn exported_proto() {
    insta::glob!("../../schemas", "*.schema", |path| {
        let source = fs::read_to_string(path).expect("read schema");
        let analysis = analyze(&[root(path)]);
        let proto = analysis.export_proto(analysis.roots[0]);
        insta::with_settings!({ description => source, omit_expression => true }, {
            insta::assert_snapshot!("proto", proto);
        });
    });
}

/// Every schema exported side by side, then compiled by protox with its
/// imports; the descriptors must hold every message with the model's
/// field numbers, and every enum with its values' numbers.
#[test]
fn protox_compiles_every_export() {
    let mut roots: Vec<PathBuf> = fs::read_dir(schemas_dir())
        .expect("schemas/")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "schema"))
        .map(|path| root(&path))
        .collect();
    roots.sort();
    let analysis = analyze(&roots);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("exported-protos");
    fs::create_dir_all(&dir).expect("create the export directory");
    let mut names = Vec::new();
    for file in &analysis.schema.files {
        let name = root(Path::new(&file.name))
            .with_extension("proto")
            .display()
            .to_string();
        fs::write(dir.join(&name), analysis.export_proto(file.id)).expect("write .proto");
        names.push(name);
    }
    let types = dir.join(schemac::TYPES_PROTO_NAME);
    fs::create_dir_all(types.parent().expect("a directory")).expect("create schemac/");
    fs::write(&types, schemac::TYPES_PROTO).expect("write the types file");
    names.push(schemac::TYPES_PROTO_NAME.to_owned());
    let descriptors =
        protox::compile(&names, [&dir]).unwrap_or_else(|error| panic!("protox: {error:?}"));

    let pool = prost_reflect::DescriptorPool::from_file_descriptor_set(descriptors)
        .expect("a descriptor pool");
    for message in &analysis.schema.messages {
        let descriptor = pool
            .get_message_by_name(&message.full_name)
            .unwrap_or_else(|| panic!("{} is not exported", message.full_name));
        for field in &message.fields {
            let exported = descriptor
                .get_field_by_name(&field.name)
                .unwrap_or_else(|| panic!("{}.{} is not exported", message.full_name, field.name));
            assert_eq!(i64::from(exported.number()), field.number);
            assert_builtin_type(field, &exported);
        }
        assert_eq!(descriptor.fields().len(), message.fields.len());
    }
    for enumeration in &analysis.schema.enums {
        let descriptor = pool
            .get_enum_by_name(&enumeration.full_name)
            .unwrap_or_else(|| panic!("{} is not exported", enumeration.full_name));
        // The pool lists values by number.
        let mut numbers: Vec<i64> = descriptor
            .values()
            .map(|value| value.number().into())
            .collect();
        let mut expected: Vec<i64> = enumeration
            .values
            .iter()
            .map(|value| value.number)
            .collect();
        numbers.sort();
        expected.sort();
        assert_eq!(numbers, expected, "{}", enumeration.full_name);
    }
}

/// A `decimal` or `value` field is exported as the message
/// `schemac.Decimal` or `schemac.Value`, in whatever cardinality.
fn assert_builtin_type(field: &Field, exported: &prost_reflect::FieldDescriptor) {
    let value = match field.ty {
        FieldType::Single(ty)
        | FieldType::Optional(ty)
        | FieldType::Required(ty)
        | FieldType::List(ty) => ty,
        FieldType::Map(_, value) => value,
    };
    let expected = match value {
        ValueType::Scalar(Scalar::Decimal) => "schemac.Decimal",
        ValueType::Scalar(Scalar::Value) => "schemac.Value",
        _ => return,
    };
    let kind = match exported.kind() {
        prost_reflect::Kind::Message(message) if message.is_map_entry() => {
            message.map_entry_value_field().kind()
        }
        kind => kind,
    };
    match kind {
        prost_reflect::Kind::Message(message) => assert_eq!(message.full_name(), expected),
        other => panic!("{} is exported as {other:?}", field.name),
    }
}

/// The built-in types file compiles on its own, and holds the messages of
/// the wire format that runtime/src/decimal.rs and value.rs document.
#[test]
fn the_types_file_is_the_documented_wire_format() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("types-proto");
    let path = dir.join(schemac::TYPES_PROTO_NAME);
    fs::create_dir_all(path.parent().expect("a directory")).expect("create schemac/");
    fs::write(&path, schemac::TYPES_PROTO).expect("write the types file");
    let descriptors = protox::compile([schemac::TYPES_PROTO_NAME], [&dir])
        .unwrap_or_else(|error| panic!("protox: {error:?}"));
    let pool = prost_reflect::DescriptorPool::from_file_descriptor_set(descriptors)
        .expect("a descriptor pool");
    let fields = |name: &str| -> Vec<(u32, String)> {
        let message = pool.get_message_by_name(name).expect(name);
        message
            .fields()
            .map(|field| (field.number(), field.name().to_owned()))
            .collect()
    };
    assert_eq!(
        fields("schemac.Decimal"),
        [(1, "unscaled".to_owned()), (2, "scale".to_owned())]
    );
    // The members of Value's oneof are numbered 1 to 13 in this order.
    let members = [
        "null_value",
        "bool_value",
        "i32_value",
        "i64_value",
        "u32_value",
        "u64_value",
        "f32_value",
        "f64_value",
        "string_value",
        "bytes_value",
        "decimal_value",
        "list_value",
        "map_value",
    ];
    let expected: Vec<(u32, String)> = (1..).zip(members.map(str::to_owned)).collect();
    assert_eq!(fields("schemac.Value"), expected);
    assert_eq!(fields("schemac.ValueList"), [(1, "values".to_owned())]);
    assert_eq!(fields("schemac.ValueMap"), [(1, "entries".to_owned())]);
    let null = pool
        .get_enum_by_name("schemac.NullValue")
        .expect("NullValue");
    assert_eq!(null.default_value().name(), "NULL_VALUE");
}

fn protos_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/protos/proto")
}

/// The `.proto` files of tests/protos/proto, compiled with `-I tests/protos/proto` as a
/// prost user compiles them, and the well-known types schemac ships
/// (imports of `google/protobuf/*` never read the disk).
fn analyze_proto(root: &Path) -> Analysis {
    let dir = protos_dir();
    let include = [PathBuf::from("")];
    schemac::analyze(&[root.to_path_buf()], &include, &mut |path| {
        fs::read_to_string(dir.join(path))
    })
    .unwrap_or_else(|error| panic!("{} does not compile:\n{error}", root.display()))
}

/// Each `.proto` file of tests/protos/proto: the Rust of its own package, with
/// JSON and views on (what a build.rs user would turn on), and the `.proto`
/// schemac exports back.
#[test]
fn generated_rust_from_proto() {
    insta::glob!("../../tests/protos/proto", "**/*.proto", |path| {
        let source = fs::read_to_string(path).expect("read .proto");
        let relative = path
            .strip_prefix(protos_dir().canonicalize().unwrap_or(protos_dir()))
            .or_else(|_| path.strip_prefix(protos_dir()))
            .expect("under tests/protos/proto");
        let analysis = analyze_proto(relative);
        let file = &analysis.schema.files[0];
        let name = format!("{}.rs", file.package.join("."));
        let mut config = Config::new();
        config.json(true).views(true);
        analysis.check_config(&config).expect("no view clashes");
        let generated = analysis.generate(&config);
        let code = generated
            .iter()
            .find(|generated| generated.name == name)
            .unwrap_or_else(|| panic!("no {name} among the generated files"));
        insta::with_settings!({ description => source.clone(), omit_expression => true }, {
            insta::assert_snapshot!("rust_from_proto", code.contents);
        });
        let proto = analysis.export_proto(analysis.roots[0]);
        insta::with_settings!({ description => source, omit_expression => true }, {
            insta::assert_snapshot!("proto_from_proto", proto);
        });
    });
}

/// Google's `descriptor.proto`, proto2 through and through (defaults,
/// closed enums, extension ranges, nested types), as schemac ships it.
#[test]
fn generated_rust_from_descriptor_proto() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("proto");
    let root = PathBuf::from("google/protobuf/descriptor.proto");
    let analysis = schemac::analyze(std::slice::from_ref(&root), &[], &mut |path| {
        fs::read_to_string(dir.join(path))
    })
    .unwrap_or_else(|error| panic!("descriptor.proto does not compile:\n{error}"));
    let generated = analysis.generate(&Config::new());
    let [code] = generated.as_slice() else {
        panic!("one package expected");
    };
    insta::assert_snapshot!("rust@descriptor.proto", code.contents);
}

/// The schema the path options' snapshots are generated from: messages
/// that can and cannot derive `Eq` and `Hash`, a oneof, a nested message,
/// an enum, and `rust_attribute` options of the schema's own.
const OPTIONS_SCHEMA: &str = r##"package shop;

message Order {
  option rust_attribute = "#[doc(alias = \"purchase\")]";
  id: i64 = 1 [rust_attribute = "#[doc(alias = \"key\")]"];
  line: Line = 2;
  status: Status = 3;
  oneof payment {
    card: string = 4;
    voucher: Line = 5;
  }
  message Line {
    sku: string = 1;
    tags: map<string, i32> = 2;
  }
}

message Measure {
  weight: f64 = 1;
  order: Order = 2;
}

message Secret {
  token: string = 1;
}

enum Status {
  option rust_attribute = "#[doc(alias = \"state\")]";
  STATUS_UNSPECIFIED = 0;
  PAID = 1;
}
"##;

/// The one file generated from [`OPTIONS_SCHEMA`] with `config`, which
/// must pass `check_config`.
fn generate_options(config: &Config) -> String {
    let analysis = schemac::analyze_text("options.schema", OPTIONS_SCHEMA)
        .unwrap_or_else(|error| panic!("{error}"));
    analysis
        .check_config(config)
        .unwrap_or_else(|error| panic!("{error}"));
    let generated = analysis.generate(config);
    let [code] = generated.as_slice() else {
        panic!("one package expected, got {generated:?}");
    };
    code.contents.clone()
}

/// A snapshot's name, the `Config` calls it shows, and those calls.
type OptionCase = (&'static str, &'static str, fn(&mut Config));

/// One snapshot per path option, each described by the schema and the
/// `Config` calls; the defaults' snapshot shows the derives (`Eq` and
/// `Hash` on `Order` and `Secret`, not on `Measure`, which holds an `f64`)
/// and the schema's own `rust_attribute`s.
#[test]
fn generated_rust_with_path_options() {
    let cases: [OptionCase; 11] = [
        ("defaults", "Config::new()", |_| {}),
        (
            "type_attribute",
            r##"type_attribute(".shop.Order", "#[derive(PartialOrd)]")"##,
            |config| {
                config.type_attribute(".shop.Order", "#[derive(PartialOrd)]");
            },
        ),
        (
            "field_attribute",
            r##"field_attribute(".shop.Order.card", "#[doc(alias = \"pan\")]"), field_attribute(".shop.Order.payment", "#[doc(alias = \"pay\")]"), field_attribute(".shop.Secret", "#[doc(hidden)]")"##,
            |config| {
                config
                    .field_attribute(".shop.Order.card", "#[doc(alias = \"pan\")]")
                    .field_attribute(".shop.Order.payment", "#[doc(alias = \"pay\")]")
                    .field_attribute(".shop.Secret", "#[doc(hidden)]");
            },
        ),
        (
            "message_attribute",
            r##"message_attribute(".", "#[must_use]")"##,
            |config| {
                config.message_attribute(".", "#[must_use]");
            },
        ),
        (
            "enum_attribute",
            r##"enum_attribute(".", "#[non_exhaustive] #[doc(alias = \"choice\")]")"##,
            |config| {
                config.enum_attribute(".", "#[non_exhaustive] #[doc(alias = \"choice\")]");
            },
        ),
        ("skip_debug", r##"skip_debug(".shop.Secret")"##, |config| {
            config.skip_debug(".shop.Secret");
        }),
        (
            "map_type",
            r##"map_type(".shop.Order.Line.tags", MapType::HashMapWith("::rustc_hash::FxBuildHasher"))"##,
            |config| {
                let hasher = "::rustc_hash::FxBuildHasher".to_owned();
                config.map_type(
                    ".shop.Order.Line.tags",
                    schemac::MapType::HashMapWith(hasher),
                );
            },
        ),
        (
            "string_type",
            r##"string_type(".", StringType::BoxStr), string_type(".shop.Order.card", StringType::ArcStr), string_type(".shop.Secret", StringType::CompactString)"##,
            |config| {
                config
                    .string_type(".", schemac::StringType::BoxStr)
                    .string_type(".shop.Order.card", schemac::StringType::ArcStr)
                    .string_type(".shop.Secret", schemac::StringType::CompactString);
            },
        ),
        ("always_present", r##"always_present(".shop")"##, |config| {
            config.always_present(".shop");
        }),
        ("decode_in_place", r##"decode_in_place(".")"##, |config| {
            config.decode_in_place(".");
        }),
        (
            "boxed",
            r##"boxed(".shop.Order.line"), boxed(".shop.Order.voucher"), boxed(".shop.Measure")"##,
            |config| {
                config
                    .boxed(".shop.Order.line")
                    .boxed(".shop.Order.voucher")
                    .boxed(".shop.Measure");
            },
        ),
    ];
    for (name, calls, configure) in cases {
        let mut config = Config::new();
        configure(&mut config);
        let code = generate_options(&config);
        let description = format!("{calls}\n\n{OPTIONS_SCHEMA}");
        insta::with_settings!({ description => description, omit_expression => true }, {
            insta::assert_snapshot!(format!("rust_options@{name}"), code);
        });
    }
}

/// With `HashMap` maps, a message holding a map derives neither `Eq` nor
/// `Hash`, nor does one holding it.
#[test]
fn hash_maps_take_eq_and_hash_away() {
    let mut config = Config::new();
    config.map_type(".", schemac::MapType::HashMap);
    let code = generate_options(&config);
    for (derive, item) in [
        (
            "#[derive(Clone, Debug, Default, PartialEq)]",
            "pub struct Order {",
        ),
        (
            "#[derive(Clone, Debug, Default, PartialEq)]",
            "pub struct Line {",
        ),
        ("#[derive(Clone, Debug, PartialEq)]", "pub enum Payment {"),
        (
            "#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]",
            "pub struct Secret {",
        ),
    ] {
        // The derive is among the lines just before the item, which may
        // have attributes of the schema's after it.
        let lines: Vec<&str> = code.lines().map(str::trim).collect();
        let at = lines.iter().position(|line| *line == item);
        let found = at.is_some_and(|at| lines[at.saturating_sub(3)..at].contains(&derive));
        assert!(found, "{item} should follow {derive}:\n{code}");
    }
}

/// With extern paths, the imported packages are not generated and their
/// types are named under the paths given: a package's module, a type
/// itself, and a message whose nested types are in the module beside it.
#[test]
fn generated_rust_with_extern_paths() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/options/schemas");
    let source = fs::read_to_string(dir.join("extern_user.schema")).expect("read schema");
    let analysis = schemac::analyze(
        &[PathBuf::from("extern_user.schema")],
        &[PathBuf::from("schemas")],
        &mut |path| {
            let path = path.strip_prefix("schemas").unwrap_or(path);
            fs::read_to_string(dir.join(path))
                .or_else(|_| fs::read_to_string(schemas_dir().join(path)))
        },
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let mut config = Config::new();
    config
        .extern_path(".shapes", "::shape_types")
        .extern_path(".shapes.Shape", "::figures::Figure")
        .extern_path(".world", "crate::world")
        .extern_path(".world.geo.Coordinates", "::geo_types::Point")
        .views(true);
    analysis
        .check_config(&config)
        .unwrap_or_else(|error| panic!("{error}"));
    let generated = analysis.generate(&config);
    let names: Vec<&str> = generated.iter().map(|file| file.name.as_str()).collect();
    assert_eq!(names, ["atlas.rs"], "the extern packages are not generated");
    let calls = r#"extern_path(".shapes", "::shape_types"), extern_path(".shapes.Shape", "::figures::Figure"), extern_path(".world", "crate::world"), extern_path(".world.geo.Coordinates", "::geo_types::Point"), views(true)"#;
    let description = format!("{calls}\n\n{source}");
    insta::with_settings!({ description => description, omit_expression => true }, {
        insta::assert_snapshot!("rust_extern_paths", generated[0].contents);
    });
}

/// With `bytes_type(".", BytesType::Bytes)`, every `bytes` value is a
/// `bytes::Bytes` read by `codec::SharedBytes`, and views still read
/// `&[u8]`.
#[test]
fn generated_rust_with_bytes_type() {
    const SCHEMA: &str = r##"package blobs;

message Blob {
  data: bytes = 1;
  parts: list<bytes> = 2;
  maybe: optional bytes = 3;
  index: map<string, bytes> = 4;
  oneof choice {
    raw: bytes = 5;
    name: string = 6;
  }
}
"##;
    let analysis =
        schemac::analyze_text("blobs.schema", SCHEMA).unwrap_or_else(|error| panic!("{error}"));
    let mut config = Config::new();
    config
        .bytes_type(".", schemac::BytesType::Bytes)
        .views(true);
    let generated = analysis.generate(&config);
    let description = format!("bytes_type(\".\", BytesType::Bytes), views(true)\n\n{SCHEMA}");
    insta::with_settings!({ description => description, omit_expression => true }, {
        insta::assert_snapshot!("rust_bytes_type", generated[0].contents);
    });
}

/// With `services(Services::Tonic)`, each service gets a module with its
/// server trait and the server tonic's router takes, and a module with
/// its client: the example service of tests/grpc, a method of each kind.
#[test]
fn generated_rust_with_tonic_services() {
    let schema = fs::read_to_string(schemas_dir().join("../tests/grpc/schemas/orders.schema"))
        .expect("the example service's schema");
    let analysis =
        schemac::analyze_text("orders.schema", &schema).unwrap_or_else(|error| panic!("{error}"));
    let mut config = Config::new();
    config.services(schemac::Services::Tonic);
    let generated = analysis.generate(&config);
    insta::with_settings!({ description => "services(Services::Tonic)", omit_expression => true }, {
        insta::assert_snapshot!("rust_tonic_services", generated[0].contents);
    });
}

/// A `.proto` service for tonic: by default its server trait has the shape
/// `#[async_trait]` gives, as tonic-build's has; with
/// `tonic_default_unimplemented(true)` every method has a body answering
/// `Unimplemented`, and a server-streaming one a `BoxStream`; deprecated
/// services and rpcs are `#[deprecated]`, trait, server, client and methods.
#[test]
fn generated_rust_with_tonic_services_from_proto() {
    const PROTO: &str = r#"syntax = "proto3";
package hello.v1;

message HelloRequest { string name = 1; }
message HelloReply { string message = 1; }

// Greets.
service Greeter {
  // Says hello.
  rpc SayHello(HelloRequest) returns (HelloReply);
  rpc SayHellos(HelloRequest) returns (stream HelloReply) { option deprecated = true; }
  rpc Chat(stream HelloRequest) returns (stream HelloReply);
}

service OldGreeter {
  option deprecated = true;
  rpc SayHello(HelloRequest) returns (HelloReply);
}
"#;
    let analysis =
        schemac::analyze_text("hello.proto", PROTO).unwrap_or_else(|error| panic!("{error}"));
    for (default_unimplemented, name) in [
        (false, "rust_tonic_services_from_proto"),
        (true, "rust_tonic_services_default_unimplemented"),
    ] {
        let mut config = Config::new();
        config
            .services(schemac::Services::Tonic)
            .tonic_default_unimplemented(default_unimplemented);
        let generated = analysis.generate(&config);
        let description = format!(
            "services(Services::Tonic), tonic_default_unimplemented({default_unimplemented})\n\n{PROTO}"
        );
        insta::with_settings!({ description => description, omit_expression => true }, {
            insta::assert_snapshot!(name, generated[0].contents);
        });
    }
}
