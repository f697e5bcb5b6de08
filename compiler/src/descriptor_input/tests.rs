//! The descriptor front end against the `.proto` one: protox's
//! descriptors (with source info) of small files generate the Rust the
//! files generate. The corpus test (`compiler/tests/plugin.rs`) holds it
//! to protoc's descriptors of every vendored file.

use std::path::{Path, PathBuf};

use prost::Message as _;

use crate::{Config, Error, analyze, analyze_descriptor_set};

/// The Rust of `files` (name, text), from text and from protox's
/// descriptor set of them, with `config`.
fn both_ways(files: &[(&str, &str)], config: &Config) -> (String, String) {
    let dir = tempdir(files);
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    let roots: Vec<PathBuf> = names.iter().map(PathBuf::from).collect();
    let mut read = |path: &Path| std::fs::read_to_string(dir.join(path));
    let from_text = analyze(&roots, &[PathBuf::new()], &mut read).expect("the text checks");
    let mut compiler = protox::Compiler::new([&dir]).expect("protox");
    compiler.include_imports(true).include_source_info(true);
    compiler.open_files(&names).expect("protox compiles");
    let set = compiler.file_descriptor_set().encode_to_vec();
    let from_set = analyze_descriptor_set(&set, &names).expect("the descriptors check");
    let rust = |files: Vec<crate::GeneratedFile>| {
        (files.into_iter())
            .map(|file| format!("// {}\n{}", file.name, file.contents))
            .collect::<String>()
    };
    (
        rust(from_text.generate(config)),
        rust(from_set.generate(config)),
    )
}

fn tempdir(files: &[(&str, &str)]) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    files.hash(&mut hasher);
    let dir = std::env::temp_dir().join(format!("schemac-descriptor-input-{:x}", hasher.finish()));
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

const PROTO2: &str = r#"// The file's header.
syntax = "proto2";

// About the package.
package shop.v1;

import "google/protobuf/timestamp.proto";

option java_package = "com.shop";

/* A block comment
 * on two lines. */
message Order {
  // The id.
  required int64 id = 1 [default = -5]; // trailing

  optional string note = 2 [default = "a \"quoted\"\n\001 note", deprecated = true];
  optional bytes blob = 3 [default = "\000\377x"];
  repeated int32 sizes = 4 [packed = true];
  map<string, Item> items = 5;
  optional group Extra = 6 {
    optional int32 weight = 1;
  }
  oneof choice {
    // A oneof member.
    string code = 7;
    Kind kind = 8 [default = SMALL];
  }
  optional google.protobuf.Timestamp at = 9 [json_name = "when"];
  optional double ratio = 10 [default = inf];
  reserved 20 to 25, 30;
  reserved "old";
  extensions 100 to 199;

  enum Kind {
    option allow_alias = true;
    SMALL = 1;
    TINY = 1;
    LARGE = 2 [deprecated = true];
    reserved 10 to max;
  }

  message Item {
    optional string name = 1;
  }
}

// Comes before the enum.
enum Status {
  STATUS_NEW = 0;
}

extend Order {
  // An extension.
  optional int32 priority = 100;
  repeated group Tag = 101 {
    optional string label = 1;
  }
}

service Shop {
  // Places an order.
  rpc Place(Order) returns (Order);
  rpc Watch(stream Order) returns (stream Order) {
    option deprecated = true;
    option idempotency_level = NO_SIDE_EFFECTS;
  }
}
"#;

const PROTO3: &str = r#"syntax = "proto3";

package shop.v2;

// Detached.

// Leading.
message Cart {
  optional int32 count = 1; // Counted.
  repeated string names = 2 [packed = false];
  oneof pick {
    int32 a = 3;
    string b = 4;
  }
  map<int32, Cart> carts = 5;
  Mode mode = 6;
  enum Mode {
    MODE_UNSPECIFIED = 0;
  }
}
"#;

#[test]
fn proto2_from_descriptors_generates_the_rust_of_its_text() {
    let config = {
        let mut config = Config::new();
        config.json(true).views(true);
        config
    };
    let (text, set) = both_ways(&[("shop/v1/order.proto", PROTO2)], &config);
    assert_eq!(set, text);
}

#[test]
fn proto3_from_descriptors_generates_the_rust_of_its_text() {
    let (text, set) = both_ways(&[("cart.proto", PROTO3)], &Config::new());
    assert_eq!(set, text);
}

#[test]
fn malformed_sets_are_errors_not_panics() {
    for bytes in [
        &[0x0a, 0x05, 0x0a][..],
        &[0xff, 0xff],
        &[0x0a, 0x02, 0x40, 0x0a],
    ] {
        match analyze_descriptor_set(bytes, &[] as &[&str]) {
            Err(Error::Descriptor { .. }) => {}
            other => panic!("{bytes:?}: {other:?}"),
        }
    }
}

#[test]
fn a_file_not_in_the_set_is_an_error() {
    let error = analyze_descriptor_set(&[], &["a.proto"]).unwrap_err();
    assert!(
        error.to_string().contains("`a.proto` is not among"),
        "{error}"
    );
}

#[test]
fn errors_are_placed_in_the_source() {
    // Two messages whose Rust names clash: a schemac error protoc accepts.
    let text = "syntax = \"proto3\";\n\nmessage A {}\n\nmessage A_ {}\n";
    let dir = tempdir(&[("clash.proto", text)]);
    let mut compiler = protox::Compiler::new([&dir]).expect("protox");
    compiler.include_imports(true).include_source_info(true);
    compiler
        .open_files(["clash.proto"])
        .expect("protox compiles");
    let set = compiler.file_descriptor_set().encode_to_vec();
    let error = analyze_descriptor_set(&set, &["clash.proto"]).unwrap_err();
    assert!(
        error.to_string().contains("clash.proto:5:9: error["),
        "{error}"
    );
}

/// The fuzz target `descriptor_set`'s smoke test: protox's set of
/// [`PROTO2`], cut short and with bytes changed, never panics; each input
/// decodes and checks, or is an error.
#[test]
fn mutated_descriptor_sets_never_panic() {
    let dir = tempdir(&[("shop/v1/order.proto", PROTO2)]);
    let mut compiler = protox::Compiler::new([&dir]).expect("protox");
    compiler.include_imports(true).include_source_info(true);
    compiler
        .open_files(["shop/v1/order.proto"])
        .expect("protox compiles");
    let set = compiler.file_descriptor_set().encode_to_vec();
    let mut inputs: Vec<Vec<u8>> = (0..set.len())
        .step_by(5)
        .map(|len| set[..len].to_vec())
        .collect();
    for at in (0..set.len()).step_by(3) {
        for change in [0x00, 0x01, 0x80, 0xff] {
            let mut input = set.clone();
            input[at] ^= change;
            inputs.push(input);
        }
    }
    let mut accepted = 0;
    for input in &inputs {
        if analyze_descriptor_set(input, &[] as &[&str]).is_ok() {
            accepted += 1;
        }
        let _ = crate::print_descriptor_set(input);
    }
    assert!(
        accepted > 0 && accepted < inputs.len(),
        "{accepted} of {}",
        inputs.len()
    );
}
