//! import-proto's round trips (`Analysis::export_schema`):
//!
//! - every schema in `schemas/` → export-proto → import-proto → `.schema`
//!   generates byte-identical Rust;
//! - every `.proto` of the corpus → import-proto → `.schema` generates the
//!   same Rust as the `.proto` itself, and → export-proto again compiles,
//!   with protox, to the same descriptors as the original.
//!
//! The corpus: tests/protos/proto, the descriptors Google ships that are not
//! well-known types (`descriptor.proto`, `api.proto`, `type.proto`,
//! `source_context.proto`), the conformance suite's test messages
//! (test_messages_proto2 with its groups, without its extensions), and the
//! small files of tests/import_proto/features.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, EnumDescriptorProto, FileDescriptorProto};
use schemac::model::lower_camel_case;
use schemac::{Analysis, Config};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Files held in memory, by the path they are read at.
type Files = BTreeMap<PathBuf, String>;

/// Analyzes `roots`, reading every file with `read`, or panics.
fn analyze(
    roots: &[PathBuf],
    include: &[PathBuf],
    read: &mut dyn FnMut(&Path) -> io::Result<String>,
) -> Analysis {
    schemac::analyze(roots, include, read)
        .unwrap_or_else(|error| panic!("{roots:?} does not compile:\n{error}"))
}

/// A reader of the files in `files`.
fn in_memory(files: &Files) -> impl FnMut(&Path) -> io::Result<String> + '_ {
    |path: &Path| {
        files
            .get(path)
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "not in memory"))
    }
}

/// The `.schema` of every root of `analysis` and of every file they
/// import that schemac does not ship, by name.
fn converted(analysis: &Analysis) -> Files {
    let mut files = Files::new();
    for &root in &analysis.roots {
        for file in analysis.export_schema_files(root) {
            files.insert(PathBuf::from(file.name), file.contents);
        }
    }
    files
}

/// Code generation as `make generate` does it: JSON and views.
fn config() -> Config {
    let mut config = Config::new();
    config.json(true).views(true);
    config
}

/// Generated files by name, with or without their `@generated` header.
fn rust(analysis: &Analysis, header: bool) -> BTreeMap<String, String> {
    let config = config();
    analysis
        .check_config(&config)
        .expect("no clashes with views");
    analysis
        .generate(&config)
        .into_iter()
        .map(|file| {
            let text = match header {
                true => file.contents,
                false => file
                    .contents
                    .split_once('\n')
                    .map_or(String::new(), |(_, rest)| rest.to_owned()),
            };
            (file.name, text)
        })
        .collect()
}

#[test]
fn schemas_through_proto_and_back_generate_the_same_rust() {
    // As `make generate` names them: `-I schemas schemas/*.schema`.
    let mut roots: Vec<PathBuf> = fs::read_dir(workspace().join("schemas"))
        .expect("schemas/")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "schema"))
        .map(|path| Path::new("schemas").join(path.file_name().expect("a file name")))
        .collect();
    roots.sort();
    let include = [PathBuf::from("schemas")];
    let original = analyze(&roots, &include, &mut |path| {
        fs::read_to_string(workspace().join(path))
    });

    let mut protos = Files::new();
    for &root in &original.roots {
        for file in original.export_proto_files(root) {
            protos.insert(PathBuf::from(file.name), file.contents);
        }
    }
    let proto_roots: Vec<PathBuf> = roots
        .iter()
        .map(|root| PathBuf::from(root.file_name().expect("a name")).with_extension("proto"))
        .collect();
    let from_proto = analyze(&proto_roots, &[], &mut in_memory(&protos));

    // The `.schema` files back where the originals were, so that the
    // `@generated` headers name the same files.
    let schemas: Files = converted(&from_proto)
        .into_iter()
        .map(|(name, text)| (Path::new("schemas").join(name), text))
        .collect();
    assert_eq!(
        schemas.keys().collect::<Vec<_>>(),
        roots.iter().collect::<Vec<_>>()
    );
    let mut back = analyze(&roots, &include, &mut in_memory(&schemas));

    // A `.proto` has no `keep_unknown_fields` (protobuf keeps unknown
    // fields anyway), so the round trip loses it; restored here, the rest
    // must be byte-identical.
    let said: Vec<(&str, Option<bool>)> = (original.schema.messages.iter())
        .filter(|message| message.keep_unknown_fields.is_some())
        .map(|message| (message.full_name.as_str(), message.keep_unknown_fields))
        .collect();
    assert!(
        !said.is_empty(),
        "evolution_v1.schema drops unknown fields of a message"
    );
    for message in &mut back.schema.messages {
        assert_eq!(message.keep_unknown_fields, None);
        message.keep_unknown_fields = (said.iter())
            .find(|(name, _)| *name == message.full_name)
            .and_then(|&(_, keep)| keep);
    }
    assert_eq!(rust(&back, true), rust(&original, true));
}

/// A schema enum whose values clash in protobuf's scope is exported with
/// prefixed values (proto_names); they come back prefixed, so the Rust
/// variants are the same but the values' names are the exported ones.
#[test]
fn clashing_schema_enum_values_come_back_with_their_exported_names() {
    let text = "package c;\nenum Status { UNKNOWN = 0; PAID = 1; }\n\
                enum Kind { UNKNOWN = 0; BIG = 1; }\n";
    let original = schemac::analyze_text("c.schema", text).expect("valid");
    let proto = original.export_proto(original.roots[0]);
    let from_proto = schemac::analyze_text("c.proto", &proto).expect("valid");
    let schema = from_proto.export_schema(from_proto.roots[0]);
    assert!(
        schema.contains("enum Status {\n  STATUS_UNKNOWN = 0;\n  STATUS_PAID = 1;\n}"),
        "{schema}"
    );
    let back = schemac::analyze_text("c.schema", &schema).expect("valid");
    let variants = |analysis: &Analysis| -> Vec<String> {
        let enums = analysis.schema.enums.iter();
        enums
            .flat_map(|e| {
                e.values
                    .iter()
                    .map(|v| schemac::names::variant_name(&e.name, &v.name))
            })
            .collect()
    };
    assert_eq!(variants(&back), variants(&original));
}

/// A set of `.proto` files analyzed together, with `dir` as the include
/// directory, as a prost user compiles them.
struct Corpus {
    dir: PathBuf,
    roots: Vec<PathBuf>,
}

impl Corpus {
    fn all() -> Vec<Corpus> {
        let tests_proto = workspace().join("tests/protos/proto");
        let mut test_protos = Vec::new();
        find_protos(&tests_proto, Path::new(""), &mut test_protos);
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import_proto");
        let names = |names: &[&str]| names.iter().map(PathBuf::from).collect();
        vec![
            Corpus {
                dir: tests_proto,
                roots: test_protos,
            },
            Corpus {
                dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("proto"),
                roots: names(&[
                    "google/protobuf/descriptor.proto",
                    "google/protobuf/api.proto",
                    "google/protobuf/type.proto",
                    "google/protobuf/source_context.proto",
                ]),
            },
            // The conformance suite's messages, as the testee compiles
            // them: v33.2's, extensions, groups and message set alike.
            Corpus {
                dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance"),
                roots: names(&[
                    "protos/google/protobuf/test_messages_proto2.proto",
                    "protos/google/protobuf/test_messages_proto3.proto",
                ]),
            },
            Corpus {
                dir: here,
                roots: names(&[
                    "features/base.proto",
                    "features/reexport.proto",
                    "features/proto3.proto",
                    "features/proto2.proto",
                    "features/plain2.proto",
                    "features/services.proto",
                ]),
            },
        ]
    }

    fn analyze(&self) -> Analysis {
        let dir = &self.dir;
        let include = [PathBuf::from("")];
        analyze(&self.roots, &include, &mut |path| {
            fs::read_to_string(dir.join(path))
        })
    }
}

/// The `.proto` files below `dir`, by their paths below `root`'s `dir`.
fn find_protos(dir: &Path, below: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("a directory")
        .flatten()
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries {
        let name = below.join(path.file_name().expect("a name"));
        if path.is_dir() {
            find_protos(&path, &name, found);
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            found.push(name);
        }
    }
}

/// The `.schema` names of `roots`.
fn schema_roots(roots: &[PathBuf]) -> Vec<PathBuf> {
    roots
        .iter()
        .map(|root| root.with_extension("schema"))
        .collect()
}

#[test]
fn protos_through_schema_generate_the_same_rust() {
    for corpus in Corpus::all() {
        let original = corpus.analyze();
        let schemas = converted(&original);
        let roots = schema_roots(&corpus.roots);
        for root in &roots {
            assert!(
                schemas.contains_key(root),
                "{} is not converted",
                root.display()
            );
        }
        let back = analyze(&roots, &[PathBuf::from("")], &mut in_memory(&schemas));
        let (expected, got) = (rust(&original, false), rust(&back, false));
        assert_eq!(
            got.keys().collect::<Vec<_>>(),
            expected.keys().collect::<Vec<_>>()
        );
        for (name, code) in &expected {
            // assert_eq! on whole files would print thousands of lines.
            let differs = got[name] != *code;
            if differs {
                let line = (got[name].lines().zip(code.lines()))
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                panic!(
                    "{name} from {:?} differs through .schema at line {}: {:?} instead of {:?}",
                    corpus.roots,
                    line + 2,
                    got[name].lines().nth(line),
                    code.lines().nth(line)
                );
            }
        }
    }
}

#[test]
fn protos_through_schema_and_back_to_proto_have_the_same_descriptors() {
    let shipped = shipped_for_protox();
    for (index, corpus) in Corpus::all().into_iter().enumerate() {
        let original = corpus.analyze();
        let schemas = converted(&original);
        let roots = schema_roots(&corpus.roots);
        let back = analyze(&roots, &[PathBuf::from("")], &mut in_memory(&schemas));

        // The `.proto` of each converted file, under the original's name.
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("import-proto-{index}"));
        let _ = fs::remove_dir_all(&dir);
        for file in &back.schema.files {
            let name = PathBuf::from(&file.import_name).with_extension("proto");
            if schemas.contains_key(&PathBuf::from(&file.import_name)) {
                let path = dir.join(&name);
                fs::create_dir_all(path.parent().expect("a directory")).expect("mkdir");
                fs::write(&path, back.export_proto(file.id)).expect("write .proto");
            }
        }
        // Google's files as schemac ships them, not protox's own copies;
        // but `descriptor.proto`, which protox cannot parse (see
        // `shipped_for_protox`), is left out as a root.
        let protox_roots: Vec<&PathBuf> = (corpus.roots.iter())
            .filter(|root| root.as_path() != Path::new("google/protobuf/descriptor.proto"))
            .collect();
        let compile = |first: &Path| {
            protox::compile(&protox_roots, [first, shipped.as_path()])
                .unwrap_or_else(|error| panic!("protox in {}: {error:?}", first.display()))
        };
        let before = compile(&corpus.dir);
        let after = compile(&dir);
        for root in protox_roots {
            let name = root.display().to_string();
            let normal = |set: &prost_types::FileDescriptorSet| {
                let files: BTreeMap<&str, &FileDescriptorProto> =
                    set.file.iter().map(|file| (file.name(), file)).collect();
                normalize_file(&files, &name)
            };
            assert_eq!(normal(&after), normal(&before), "{name}");
        }
    }
}

/// Google's files as schemac ships them, for protox, but for
/// `descriptor.proto`: schemac ships the current protoc's, which protox 0.10
/// cannot parse (an extension declaration on a single number), so protox
/// reads its own.
fn shipped_for_protox() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("proto/google/protobuf");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shipped-for-protox");
    let google = dir.join("google/protobuf");
    fs::create_dir_all(&google).expect("mkdir");
    for entry in fs::read_dir(&source).expect("the shipped files") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("a file name");
        if name != "descriptor.proto" {
            fs::copy(&path, google.join(name)).expect("copy a shipped file");
        }
    }
    dir
}

/// What a file's descriptor says, without what import-proto may change:
/// source info, options but `packed` and `allow_alias`, the order of
/// nested types (map entries go where the export writes the fields), and
/// how the syntax says presence, packing and closed enums (each compared
/// by its effect on each field and enum instead). Imports are compared as
/// the set of files whose types the file sees: `.schema` has no `import
/// public`, so a file imports what it used through one directly.
#[derive(Debug, PartialEq)]
struct NormalFile {
    package: Option<String>,
    sees: Vec<String>,
    messages: Vec<NormalMessage>,
    enums: Vec<NormalEnum>,
    services: Vec<NormalService>,
}

/// A service's name, and each method's name, request, response and
/// whether each side streams; options are left out.
#[derive(Debug, PartialEq)]
struct NormalService {
    name: String,
    methods: Vec<(String, String, String, bool, bool)>,
}

#[derive(Debug, PartialEq)]
struct NormalMessage {
    name: String,
    map_entry: bool,
    fields: Vec<NormalField>,
    oneofs: Vec<String>,
    nested: Vec<NormalMessage>,
    enums: Vec<NormalEnum>,
    reserved: Vec<(i32, i32)>,
    reserved_names: Vec<String>,
    extension_ranges: Vec<(i32, i32)>,
}

#[derive(Debug, PartialEq)]
struct NormalField {
    name: String,
    number: i32,
    label: Label,
    ty: Type,
    type_name: Option<String>,
    json_name: String,
    oneof: Option<String>,
    default: Option<String>,
    /// For a packable list: whether it is written packed.
    packed: Option<bool>,
    /// Whether a singular field has explicit presence.
    presence: bool,
}

#[derive(Debug, PartialEq)]
struct NormalEnum {
    name: String,
    values: Vec<(String, i32)>,
    allow_alias: bool,
    closed: bool,
    reserved: Vec<(i32, i32)>,
    reserved_names: Vec<String>,
}

fn normalize_file(files: &BTreeMap<&str, &FileDescriptorProto>, name: &str) -> NormalFile {
    let file = files
        .get(name)
        .unwrap_or_else(|| panic!("{name} is not compiled"));
    let proto2 = file
        .syntax
        .as_deref()
        .is_none_or(|syntax| syntax == "proto2");
    // The files it sees: its imports and, through `import public`, theirs.
    let mut sees: Vec<String> = Vec::new();
    let mut next: Vec<String> = file.dependency.clone();
    while let Some(dependency) = next.pop() {
        if sees.contains(&dependency) {
            continue;
        }
        if let Some(imported) = files.get(dependency.as_str()) {
            let public = imported.public_dependency.iter();
            next.extend(public.filter_map(|&i| imported.dependency.get(i as usize).cloned()));
        }
        sees.push(dependency);
    }
    sees.sort();
    NormalFile {
        package: file.package.clone(),
        sees,
        messages: file
            .message_type
            .iter()
            .map(|m| normalize_message(m, proto2))
            .collect(),
        enums: file
            .enum_type
            .iter()
            .map(|e| normalize_enum(e, proto2))
            .collect(),
        services: file
            .service
            .iter()
            .map(|service| NormalService {
                name: service.name().to_owned(),
                methods: (service.method.iter())
                    .map(|method| {
                        (
                            method.name().to_owned(),
                            method.input_type().to_owned(),
                            method.output_type().to_owned(),
                            method.client_streaming(),
                            method.server_streaming(),
                        )
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn normalize_message(message: &DescriptorProto, proto2: bool) -> NormalMessage {
    // Only oneofs declared as such; a proto3 `optional` field has one of
    // its own that the source never writes.
    let synthetic: Vec<i32> = (message.field.iter())
        .filter(|field| field.proto3_optional())
        .filter_map(|field| field.oneof_index)
        .collect();
    let oneof_name = |index: i32| {
        (!synthetic.contains(&index))
            .then(|| message.oneof_decl.get(index as usize))
            .flatten()
            .map(|oneof| oneof.name().to_owned())
    };
    let fields = message
        .field
        .iter()
        .map(|field| {
            let repeated = field.label() == Label::Repeated;
            let packable = repeated
                && !matches!(
                    field.r#type(),
                    Type::String | Type::Bytes | Type::Message | Type::Group
                );
            let explicit = field.options.as_ref().and_then(|options| options.packed);
            let presence = !repeated
                && (proto2
                    || field.proto3_optional()
                    || field.oneof_index.is_some()
                    || field.r#type() == Type::Message);
            NormalField {
                name: field.name().to_owned(),
                number: field.number(),
                label: field.label(),
                ty: field.r#type(),
                type_name: field.type_name.clone(),
                json_name: field
                    .json_name
                    .clone()
                    .unwrap_or_else(|| lower_camel_case(field.name())),
                oneof: field.oneof_index.and_then(oneof_name),
                default: field
                    .default_value
                    .as_ref()
                    .map(|text| normalize_default(field.r#type(), text)),
                packed: packable.then(|| explicit.unwrap_or(!proto2)),
                presence,
            }
        })
        .collect();
    let mut nested: Vec<NormalMessage> = (message.nested_type.iter())
        .map(|m| normalize_message(m, proto2))
        .collect();
    nested.sort_by(|a, b| a.name.cmp(&b.name));
    let mut enums: Vec<NormalEnum> = (message.enum_type.iter())
        .map(|e| normalize_enum(e, proto2))
        .collect();
    enums.sort_by(|a, b| a.name.cmp(&b.name));
    let ranges = |ranges: Vec<(i32, i32)>| {
        let mut ranges = ranges;
        ranges.sort_unstable();
        ranges
    };
    let mut reserved_names = message.reserved_name.clone();
    reserved_names.sort();
    NormalMessage {
        name: message.name().to_owned(),
        map_entry: message.options.as_ref().is_some_and(|o| o.map_entry()),
        fields,
        oneofs: (0..message.oneof_decl.len() as i32)
            .filter_map(oneof_name)
            .collect(),
        nested,
        enums,
        reserved: ranges(
            (message.reserved_range.iter())
                .map(|r| (r.start(), r.end()))
                .collect(),
        ),
        reserved_names,
        extension_ranges: ranges(
            (message.extension_range.iter())
                .map(|r| (r.start(), r.end()))
                .collect(),
        ),
    }
}

fn normalize_enum(enumeration: &EnumDescriptorProto, proto2: bool) -> NormalEnum {
    let mut reserved: Vec<(i32, i32)> = (enumeration.reserved_range.iter())
        .map(|r| (r.start(), r.end()))
        .collect();
    reserved.sort_unstable();
    let mut reserved_names = enumeration.reserved_name.clone();
    reserved_names.sort();
    NormalEnum {
        name: enumeration.name().to_owned(),
        values: (enumeration.value.iter())
            .map(|value| (value.name().to_owned(), value.number()))
            .collect(),
        allow_alias: enumeration
            .options
            .as_ref()
            .is_some_and(|options| options.allow_alias()),
        closed: proto2,
        reserved,
        reserved_names,
    }
}

/// A default as text that compares equal whenever the values are equal:
/// floats as the value they parse to; other defaults as protox writes them.
fn normalize_default(ty: Type, text: &str) -> String {
    match ty {
        Type::Float | Type::Double => match text.parse::<f64>() {
            Ok(value) => format!("{value:?}"),
            Err(_) => text.to_owned(),
        },
        _ => text.to_owned(),
    }
}
