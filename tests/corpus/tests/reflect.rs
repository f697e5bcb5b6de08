//! The runtime's descriptor pool (`schemac_runtime::reflect`) against two
//! other implementations, on the descriptors of the whole corpus (as
//! schemac writes them, which `protoc.rs` holds to protoc's byte for byte):
//! prost-reflect on the proto2 and proto3 files, and Google's Python
//! protobuf (upb, from the workspace's `.venv-protoc`) on every file,
//! editions included. Each describes every message, field, enum and
//! method in one line; the lines must be the same.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use schemac_corpus::corpus::{Corpus, ROOTS};
use schemac_runtime::reflect::{Cardinality, DescriptorPool, Kind};

/// The descriptor set of every file of the corpus that one compilation
/// takes, imports included, in the order they import each other.
fn corpus_set() -> Vec<u8> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let corpus = Corpus::read().expect("files.txt reads");
    let files: Vec<PathBuf> = (corpus.accepted_together().iter())
        .map(|path| dir.join(path))
        .collect();
    let includes: Vec<PathBuf> = ROOTS.iter().map(|root| dir.join(root)).collect();
    let analysis = schemac::analyze(&files, &includes, &mut |path: &Path| {
        std::fs::read_to_string(path)
    })
    .expect("the corpus compiles");
    analysis.encode_descriptor_set(&analysis.roots, true)
}

/// One field as an implementation describes it.
struct FieldFacts<'a> {
    message: &'a str,
    number: u32,
    json_name: &'a str,
    /// A scalar's name in lower case, or a message's or an enum's full name.
    kind: String,
    cardinality: &'static str,
    presence: bool,
    packed: bool,
    group: bool,
    oneof: Option<&'a str>,
    map: bool,
}

/// The line of a field, of every implementation alike.
fn field_line(f: FieldFacts<'_>) -> String {
    format!(
        "field {} {} json={} kind={} {} presence={} packed={} group={} oneof={} map={}",
        f.message,
        f.number,
        f.json_name,
        f.kind,
        f.cardinality,
        f.presence,
        f.packed,
        f.group,
        f.oneof.unwrap_or("-"),
        f.map
    )
}

fn message_line(full_name: &str, map_entry: bool) -> String {
    format!("message {full_name} map_entry={map_entry}")
}

/// An enum's line: whether it is closed where `closed` says, and its
/// values in the order given.
fn enum_line<'a>(
    full_name: &str,
    closed: Option<bool>,
    values: impl Iterator<Item = (&'a str, i32)>,
) -> String {
    let closed = closed.map_or(String::new(), |closed| format!(" closed={closed}"));
    let values: Vec<String> = values
        .map(|(name, number)| format!("{name}={number}"))
        .collect();
    format!("enum {full_name}{closed} {}", values.join(","))
}

fn method_line(
    service: &str,
    method: &str,
    (input, output): (&str, &str),
    (client_streaming, server_streaming): (bool, bool),
) -> String {
    format!("method {service}.{method} {input} {output} {client_streaming} {server_streaming}")
}

/// How an implementation lists enums: prost-reflect in order of number,
/// and without saying whether they are closed; Google's Python as
/// declared, and saying it.
#[derive(Clone, Copy, PartialEq)]
enum Enums {
    AsProstReflect,
    AsPython,
}

/// What the runtime's pool says of each element of the files whose syntax
/// `syntaxes` holds, enums as `enums`.
fn ours(pool: &DescriptorPool, syntaxes: &[&str], enums: Enums) -> BTreeSet<String> {
    let listed = |file: schemac_runtime::reflect::FileDescriptor<'_>| {
        syntaxes.contains(&file.proto().syntax.as_deref().unwrap_or("proto2"))
    };
    let mut lines = BTreeSet::new();
    for message in pool.messages().filter(|message| listed(message.file())) {
        lines.insert(message_line(message.full_name(), message.is_map_entry()));
        for field in message.fields() {
            lines.insert(field_line(FieldFacts {
                message: message.full_name(),
                number: field.number(),
                json_name: &field.json_name(),
                kind: match field.kind() {
                    Kind::Message(message) => message.full_name().to_owned(),
                    Kind::Enum(enumeration) => enumeration.full_name().to_owned(),
                    scalar => format!("{scalar:?}").to_lowercase(),
                },
                cardinality: match field.cardinality() {
                    Cardinality::Optional => "optional",
                    Cardinality::Required => "required",
                    Cardinality::Repeated => "repeated",
                },
                presence: field.has_presence(),
                packed: field.is_packed(),
                group: field.is_group(),
                oneof: field.containing_oneof().map(|oneof| oneof.name()),
                map: field.is_map(),
            }));
        }
    }
    for enumeration in pool
        .enums()
        .filter(|enumeration| listed(enumeration.file()))
    {
        let mut values: Vec<_> = enumeration.values().collect();
        let closed = match enums {
            Enums::AsPython => Some(enumeration.is_closed()),
            Enums::AsProstReflect => {
                values.sort_by_key(|value| (value.number(), value.name()));
                None
            }
        };
        let values = values.iter().map(|value| (value.name(), value.number()));
        lines.insert(enum_line(enumeration.full_name(), closed, values));
    }
    for service in pool.services().filter(|service| listed(service.file())) {
        for method in service.methods() {
            lines.insert(method_line(
                service.full_name(),
                method.name(),
                (method.input().full_name(), method.output().full_name()),
                (method.is_client_streaming(), method.is_server_streaming()),
            ));
        }
    }
    lines
}

/// What prost-reflect says of the same elements, proto2 and proto3 files'.
fn prost_reflects(pool: &prost_reflect::DescriptorPool) -> BTreeSet<String> {
    let listed =
        |file: prost_reflect::FileDescriptor| file.file_descriptor_proto().syntax() != "editions";
    let mut lines = BTreeSet::new();
    for message in pool
        .all_messages()
        .filter(|message| listed(message.parent_file()))
    {
        lines.insert(message_line(message.full_name(), message.is_map_entry()));
        for field in message.fields() {
            let oneof = field.containing_oneof();
            lines.insert(field_line(FieldFacts {
                message: message.full_name(),
                number: field.number(),
                json_name: field.json_name(),
                kind: match field.kind() {
                    prost_reflect::Kind::Message(message) => message.full_name().to_owned(),
                    prost_reflect::Kind::Enum(enumeration) => enumeration.full_name().to_owned(),
                    scalar => format!("{scalar:?}").to_lowercase(),
                },
                cardinality: match field.cardinality() {
                    prost_reflect::Cardinality::Optional => "optional",
                    prost_reflect::Cardinality::Required => "required",
                    prost_reflect::Cardinality::Repeated => "repeated",
                },
                presence: field.supports_presence(),
                packed: field.is_packed(),
                group: field.is_group(),
                oneof: oneof.as_ref().map(|oneof| oneof.name()),
                map: field.is_map(),
            }));
        }
    }
    for enumeration in pool
        .all_enums()
        .filter(|enumeration| listed(enumeration.parent_file()))
    {
        let mut values: Vec<_> = enumeration.values().collect();
        values.sort_by(|a, b| (a.number(), a.name()).cmp(&(b.number(), b.name())));
        let values = values.iter().map(|value| (value.name(), value.number()));
        lines.insert(enum_line(enumeration.full_name(), None, values));
    }
    for service in pool
        .services()
        .filter(|service| listed(service.parent_file()))
    {
        for method in service.methods() {
            let (input, output) = (method.input(), method.output());
            lines.insert(method_line(
                service.full_name(),
                method.name(),
                (input.full_name(), output.full_name()),
                (method.is_client_streaming(), method.is_server_streaming()),
            ));
        }
    }
    lines
}

/// The lines only one side has, at most 20 of each.
fn difference(ours: &BTreeSet<String>, theirs: &BTreeSet<String>) -> String {
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| {
        a.difference(b)
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "only ours:\n{}\nonly theirs:\n{}",
        only(ours, theirs),
        only(theirs, ours)
    )
}

/// `set` without its editions files and the files that import them,
/// which prost-reflect does not read.
fn without_editions(set: &[u8]) -> Vec<u8> {
    use schemac_runtime::Message;
    use schemac_runtime::reflect::descriptor::FileDescriptorSet;
    let mut set = FileDescriptorSet::decode(set).expect("the set decodes");
    let mut dropped: Vec<String> = Vec::new();
    set.file.retain(|file| {
        let editions = file.syntax.as_deref() == Some("editions");
        let imports_dropped = file.dependency.iter().any(|d| dropped.contains(d));
        if editions || imports_dropped {
            dropped.push(file.name.clone().unwrap_or_default());
        }
        !editions && !imports_dropped
    });
    set.try_encode_to_vec().expect("the set encodes")
}

#[test]
fn the_pool_describes_proto2_and_proto3_files_as_prost_reflect_does() {
    let set = without_editions(&corpus_set());
    let pool = DescriptorPool::decode(&set).expect("the pool takes the corpus");
    let theirs = prost_reflect::DescriptorPool::decode(set.as_slice()).expect("prost-reflect too");
    let ours = ours(&pool, &["proto2", "proto3"], Enums::AsProstReflect);
    let theirs = prost_reflects(&theirs);
    assert!(ours == theirs, "{}", difference(&ours, &theirs));
    assert!(
        ours.len() > 10_000,
        "{} lines: the corpus lost files",
        ours.len()
    );
}

/// The same lines from Google's Python protobuf, which reads editions:
/// the script prints them for the set on its stdin.
const PYTHON: &str = r#"
import sys
from google.protobuf import descriptor_pb2, descriptor_pool, descriptor
s = descriptor_pb2.FileDescriptorSet.FromString(sys.stdin.buffer.read())
pool = descriptor_pool.DescriptorPool()
for f in s.file:
    pool.Add(f)
T = descriptor.FieldDescriptor
KINDS = {getattr(T, n): n[5:].lower() for n in dir(T) if n.startswith("TYPE_")}
out = []
def message(m):
    out.append(f"message {m.full_name} map_entry={str(m.GetOptions().map_entry).lower()}")
    for f in m.fields:
        kind = f.message_type.full_name if f.message_type else f.enum_type.full_name if f.enum_type else KINDS[f.type]
        card = "repeated" if f.is_repeated else "required" if f.is_required else "optional"
        group = f.type == T.TYPE_GROUP
        is_map = f.is_repeated and f.message_type is not None and f.message_type.GetOptions().map_entry
        oneof = f.containing_oneof.name if f.containing_oneof else "-"
        b = lambda v: str(bool(v)).lower()
        out.append(f"field {m.full_name} {f.number} json={f.json_name} kind={kind} {card} presence={b(f.has_presence)} packed={b(f.is_packed)} group={b(group)} oneof={oneof} map={b(is_map)}")
    for n in m.nested_types:
        message(n)
    for e in m.enum_types:
        enum(e)
def enum(e):
    values = ",".join(f"{v.name}={v.number}" for v in e.values)
    out.append(f"enum {e.full_name} closed={str(e.is_closed).lower()} {values}")
for f in s.file:
    fd = pool.FindFileByName(f.name)
    for m in fd.message_types_by_name.values():
        message(m)
    for e in fd.enum_types_by_name.values():
        enum(e)
    for svc in fd.services_by_name.values():
        for m in svc.methods:
            out.append(f"method {svc.full_name}.{m.name} {m.input_type.full_name} {m.output_type.full_name} {str(m.client_streaming).lower()} {str(m.server_streaming).lower()}")
print("\n".join(out))
"#;

#[test]
fn the_pool_describes_every_file_as_googles_python_does() {
    let python = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv-protoc/bin/python");
    if !python.exists() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "no .venv-protoc, and CI=true promises it"
        );
        eprintln!("note: no .venv-protoc; the pool left unchecked against Google's Python");
        return;
    }
    let set = corpus_set();
    let pool = DescriptorPool::decode(&set).expect("the pool takes the corpus");
    let ours = ours(&pool, &["proto2", "proto3", "editions"], Enums::AsPython);
    let mut child = Command::new(&python)
        .args(["-c", PYTHON])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &set));
    let output = child.wait_with_output().expect("python ends");
    writer.join().unwrap().expect("the set is written");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let theirs: BTreeSet<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert!(ours == theirs, "{}", difference(&ours, &theirs));
    let editions = (pool.files())
        .filter(|file| file.proto().syntax.as_deref() == Some("editions"))
        .count();
    assert!(
        ours.len() > 10_000 && editions >= 10,
        "{} lines, {editions} editions files",
        ours.len()
    );
}

/// A custom option is an extension of an options message: the pool's
/// `MethodOptions` keep it, and an `Extension` constant of the pool's type
/// (what generated code declares with `extern_path` naming the runtime's
/// `reflect::descriptor` types) reads it typed.
#[test]
fn a_custom_option_reads_typed_from_the_pool() {
    use schemac_corpus::google::api::{HttpRule, http_rule::Pattern};
    use schemac_runtime::__private::codec;
    use schemac_runtime::reflect::descriptor::MethodOptions;
    use schemac_runtime::{Extendable, Extension};

    const HTTP: Extension<MethodOptions, codec::Message<HttpRule>> =
        Extension::new(72295728, "google.api.http");
    let pool = DescriptorPool::decode(&corpus_set()).expect("the pool takes the corpus");
    let publish = (pool.service("google.pubsub.v1.Publisher"))
        .and_then(|service| service.method("Publish"))
        .expect("pubsub's Publish");
    let options = publish.options().expect("Publish has options");
    let rule: HttpRule = options.extension(&HTTP).expect("decodes").expect("is set");
    assert_eq!(
        rule.pattern,
        Some(Pattern::Post(
            "/v1/{topic=projects/*/topics/*}:publish".to_owned()
        ))
    );
    assert_eq!(rule.body, "*");
    assert_eq!(
        pool.extension("google.api.http").map(|e| e.number()),
        Some(72295728)
    );
}
