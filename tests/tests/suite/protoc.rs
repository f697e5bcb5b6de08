//! Interop with Google's protoc, through `protoc --encode` and
//! `protoc --decode` on the exported `.proto` files.
//!
//! Ignored in a plain `cargo test`, since protoc is a system package; run by
//! `make interop`, which CI does after installing `protobuf-compiler`.

use std::fmt::Debug;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use prost_reflect::{DescriptorPool, DynamicMessage};
use schemac_runtime::Message;
use schemac_tests::fixtures;

use crate::reflect::{ToDynamic, descriptor, export_all, pool};

/// Runs protoc with `args` on `input`, returning its stdout; fails the test
/// with protoc's stderr when it fails.
pub fn protoc(dir: &Path, args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = Command::new("protoc")
        .arg(format!("--proto_path={}", dir.display()))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot run protoc ({error}); install protobuf-compiler"));
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .expect("write to protoc");
    let output = child.wait_with_output().expect("protoc runs");
    assert!(
        output.status.success(),
        "protoc {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Whether protoc compiles `proto`, a file in `dir`.
pub fn protoc_accepts(dir: &Path, proto: &str) -> bool {
    Command::new("protoc")
        .arg(format!("--proto_path={}", dir.display()))
        .arg("--descriptor_set_out=/dev/null")
        .arg(proto)
        .output()
        .unwrap_or_else(|error| panic!("cannot run protoc ({error}); install protobuf-compiler"))
        .status
        .success()
}

fn both_ways<M>(dir: &Path, proto: &str, pool: &DescriptorPool, fixtures: Vec<(&str, M)>)
where
    M: Message + ToDynamic + PartialEq + Debug,
{
    let message_type = M::FULL_NAME;
    for (name, value) in fixtures {
        let expected = value.to_dynamic(pool);

        // protoc reads schemac's bytes: its text output parses to the expected message.
        let text = protoc(
            dir,
            &[&format!("--decode={message_type}"), proto],
            &value.encode_to_vec().unwrap(),
        );
        let text = String::from_utf8(text).expect("protoc writes UTF-8 text");
        let read = DynamicMessage::parse_text_format(descriptor(pool, message_type), &text)
            .unwrap_or_else(|error| {
                panic!("{message_type} {name}: cannot parse protoc's text {text:?}: {error}")
            });
        assert_eq!(
            read, expected,
            "{message_type} {name}: protoc reads other values:\n{text}"
        );

        // schemac reads protoc's bytes.
        let bytes = protoc(
            dir,
            &[&format!("--encode={message_type}"), proto],
            expected.to_text_format().as_bytes(),
        );
        let decoded =
            M::decode(&bytes).unwrap_or_else(|error| panic!("{message_type} {name}: {error}"));
        assert_eq!(
            decoded, value,
            "{message_type} {name}: schemac reads other values from protoc"
        );
    }
}

#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn protoc_reads_and_writes_what_schemac_does() {
    let (dir, names) = export_all();
    // protoc accepts every exported file on its own.
    for name in &names {
        protoc(&dir, &["--descriptor_set_out=/dev/null", name], b"");
    }
    let pool = pool();
    both_ways(&dir, "order.proto", &pool, fixtures::customers());
    both_ways(&dir, "order.proto", &pool, fixtures::order_lines());
    both_ways(&dir, "order.proto", &pool, fixtures::orders());
    both_ways(&dir, "scalars.proto", &pool, fixtures::scalars());
    both_ways(&dir, "scalars.proto", &pool, fixtures::optional_scalars());
    both_ways(&dir, "scalars.proto", &pool, fixtures::lists());
    both_ways(&dir, "scalars.proto", &pool, fixtures::maps());
    both_ways(&dir, "shapes.proto", &pool, fixtures::drawings());
    both_ways(&dir, "shapes.proto", &pool, fixtures::trees());
    both_ways(&dir, "world_travel.proto", &pool, fixtures::trips());
}
