//! One Rust for the three ways in: `schemac compile` on `.proto` files,
//! `schemac compile --descriptor-set` on protoc's descriptor set of them,
//! and protoc running `protoc-gen-schemac`, on every vendored `.proto`
//! file of `tests/` (the corpus, `tests/corpus`, and `tests/protos/proto`)
//! that the current protoc accepts: the generated files must be equal
//! byte for byte. The files the current protoc refuses (the corpus
//! manifest's third column) are skipped, counted and the count asserted.
//!
//! The current protoc is `SCHEMAC_PROTOC` or the workspace's
//! `.venv-protoc` (libprotoc 35); without one the test says so and
//! passes, but under `CI=true`, where CI installs it.
//!
//! Each set of files is copied into one directory, the include directory
//! of all three runs and the CLI's working directory, so that the CLI
//! names the files in its `@generated` header as protoc names them.
//! Also: the plugin's errors and malformed requests.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SCHEMAC: &str = env!("CARGO_BIN_EXE_schemac");
const PLUGIN: &str = env!("CARGO_BIN_EXE_protoc-gen-schemac");

/// The files protoc 35 refuses, by the corpus manifest.
const CORPUS_REFUSED: usize = 15;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The current protoc's command, or `None` (with a note) without one.
fn protoc() -> Option<Vec<String>> {
    if let Ok(command) = std::env::var("SCHEMAC_PROTOC") {
        return Some(command.split_whitespace().map(str::to_owned).collect());
    }
    let python = workspace().join(".venv-protoc/bin/python");
    if python.exists() {
        let python = python.display().to_string();
        return Some(vec![python, "-m".into(), "grpc_tools.protoc".into()]);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "no current protoc, and CI=true promises it"
    );
    let _ = writeln!(
        std::io::stderr(),
        "note: no current protoc (SCHEMAC_PROTOC or .venv-protoc); the three ways are left unchecked"
    );
    None
}

/// A fresh directory for `name` under the test's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("plugin")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make a scratch directory");
    dir
}

/// Copies `files` (paths below `from`) to the same paths below `to`.
fn copy(from: &Path, files: &[String], to: &Path) {
    for file in files {
        let target = to.join(file);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("mkdir");
        std::fs::copy(from.join(file), &target)
            .unwrap_or_else(|error| panic!("copy {}: {error}", from.join(file).display()));
    }
}

/// Every file below `dir`, relative to it, sorted.
fn files_below(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(next) = stack.pop() {
        for entry in std::fs::read_dir(&next)
            .expect("read a directory")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).expect("below").display().to_string();
                out.push(relative);
            }
        }
    }
    out.sort();
    out
}

fn run(command: &mut Command) {
    let output = command.output().expect("run a command");
    assert!(
        output.status.success(),
        "{command:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Generates `files` (below the include directory `root`) the three ways
/// with the compile flags `flags`, and asserts the outputs are equal.
/// Returns how many Rust files each way wrote.
fn three_ways(
    protoc: &[String],
    root: &Path,
    files: &[String],
    flags: &[&str],
    name: &str,
) -> usize {
    let out = scratch(name);
    let (cli, set_out, plugin) = (out.join("cli"), out.join("set"), out.join("plugin"));
    for dir in [&cli, &set_out, &plugin] {
        std::fs::create_dir_all(dir).expect("mkdir");
    }
    run(Command::new(SCHEMAC)
        .current_dir(root)
        .args(["compile", "-I", ".", "-o"])
        .arg(&cli)
        .args(flags)
        .args(files));
    let set = out.join("set.binpb");
    run(Command::new(&protoc[0])
        .args(&protoc[1..])
        .current_dir(root)
        .args(["-I", ".", "--include_imports", "--include_source_info"])
        .arg(format!("--descriptor_set_out={}", set.display()))
        .args(files));
    run(Command::new(SCHEMAC)
        .args(["compile", "--descriptor-set"])
        .arg(&set)
        .arg("-o")
        .arg(&set_out)
        .args(flags)
        .args(files));
    let parameter: Vec<String> = (flags.iter())
        .map(|flag| flag.trim_start_matches('-').to_owned())
        .collect();
    run(Command::new(&protoc[0])
        .args(&protoc[1..])
        .current_dir(root)
        .args(["-I", "."])
        .arg(format!("--plugin=protoc-gen-schemac={PLUGIN}"))
        .arg(format!("--schemac_out={}", plugin.display()))
        .arg(format!("--schemac_opt={}", parameter.join(",")))
        .args(files));
    let written = files_below(&cli);
    assert!(!written.is_empty(), "{name}: nothing generated");
    for (way, dir) in [
        ("--descriptor-set", &set_out),
        ("protoc-gen-schemac", &plugin),
    ] {
        assert_eq!(
            files_below(dir),
            written,
            "{name}: {way} writes other files"
        );
        for file in &written {
            let expected = std::fs::read_to_string(cli.join(file)).expect("read");
            let actual = std::fs::read_to_string(dir.join(file)).expect("read");
            assert!(
                actual == expected,
                "{name}: {way} writes another {file} than compile on .proto files (see {})",
                out.display()
            );
        }
    }
    written.len()
}

/// The corpus manifest: (path below its root directory, with the root;
/// whether the current protoc accepts it).
fn corpus() -> Vec<(String, String, bool)> {
    let text =
        std::fs::read_to_string(workspace().join("tests/corpus/files.txt")).expect("files.txt");
    (text.lines())
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let columns: Vec<&str> = line.split_whitespace().collect();
            (
                columns[0].to_owned(),
                columns[1].to_owned(),
                columns[2] == "ok",
            )
        })
        .collect()
}

#[test]
fn the_corpus_generates_one_rust_three_ways() {
    let Some(protoc) = protoc() else { return };
    let corpus = corpus();
    let refused = corpus.iter().filter(|(_, _, ok)| !ok).count();
    // One directory holding every root's files: no path is in two roots.
    let root = scratch("corpus-root");
    for (dir, path, _) in &corpus {
        copy(
            &workspace().join("tests/corpus").join(dir),
            std::slice::from_ref(path),
            &root,
        );
    }
    // protobuf's golden files declare their inputs' names: they are
    // compiled apart, as the corpus crate compiles them.
    let apart = |path: &String| path.starts_with("editions/golden/");
    let accepted = |keep: &dyn Fn(&String) -> bool| -> Vec<String> {
        (corpus.iter())
            .filter(|(_, path, ok)| *ok && keep(path))
            .map(|(_, path, _)| path.clone())
            .collect()
    };
    let together = accepted(&|path| !apart(path));
    let golden = accepted(&apart);
    let rust = three_ways(&protoc, &root, &together, &["--json"], "corpus")
        + three_ways(&protoc, &root, &golden, &["--json"], "corpus-golden");
    let _ = writeln!(
        std::io::stderr(),
        "{} corpus files generate the same {rust} Rust files three ways; {refused} skipped, \
         which protoc refuses",
        together.len() + golden.len(),
    );
    assert_eq!(refused, CORPUS_REFUSED, "the files protoc refuses");
    assert_eq!(together.len() + golden.len() + refused, corpus.len());
}

#[test]
fn the_test_protos_generate_one_rust_three_ways_with_options() {
    let Some(protoc) = protoc() else { return };
    let root = workspace().join("tests/protos/proto");
    let files: Vec<String> = (files_below(&root).into_iter())
        .filter(|file| file.ends_with(".proto"))
        .collect();
    assert_eq!(files.len(), 12, "the test protos");
    let flags = [
        "--json",
        "--views",
        "--services=tonic",
        "--include-file=mod.rs",
        "--bytes-type=.store=bytes",
        "--type-attribute=.acme=#[derive(Eq, Hash)]",
    ];
    // Hash on messages with floats does not build, but the text is the
    // same three ways, which is what is compared.
    three_ways(&protoc, &root, &files, &flags, "protos");
}

/// The plugin's response to `request` (its bytes), decoded as
/// `(error, file names)`.
fn plugin(request: &[u8]) -> (Option<String>, Vec<String>) {
    let mut child = Command::new(PLUGIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the plugin");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(request)
        .expect("write");
    let output = child.wait_with_output().expect("wait");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    response(&output.stdout)
}

/// `CodeGeneratorResponse`'s error (1) and files' names (15.1).
fn response(mut bytes: &[u8]) -> (Option<String>, Vec<String>) {
    use prost::encoding::{WireType, decode_key, decode_varint};
    let mut error = None;
    let mut names = Vec::new();
    while !bytes.is_empty() {
        let (tag, wire) = decode_key(&mut bytes).expect("a key");
        if wire == WireType::Varint {
            decode_varint(&mut bytes).expect("a varint");
            continue;
        }
        let len = decode_varint(&mut bytes).expect("a length") as usize;
        let (value, rest) = bytes.split_at(len);
        bytes = rest;
        match tag {
            1 => error = Some(String::from_utf8(value.to_vec()).expect("UTF-8")),
            15 => {
                let mut file = value;
                let (_, _) = decode_key(&mut file).expect("a key");
                let len = decode_varint(&mut file).expect("a length") as usize;
                names.push(String::from_utf8(file[..len].to_vec()).expect("UTF-8"));
            }
            _ => {}
        }
    }
    (error, names)
}

#[test]
fn a_malformed_request_is_an_error_in_the_response() {
    for request in [&b"\xff\xff\xff"[..], b"\x0a\x05ab", b"\x7a\x03\x0a\x01"] {
        let (error, files) = plugin(request);
        let error = error.expect("an error");
        assert!(
            error.contains("not a valid CodeGeneratorRequest"),
            "{error}"
        );
        assert!(files.is_empty());
    }
    let (error, _) = plugin(b"");
    assert!(error.expect("an error").contains("names no file"));
}

#[test]
fn a_wrong_parameter_and_a_schema_error_are_placed_errors() {
    let Some(protoc) = protoc() else { return };
    let dir = scratch("errors");
    std::fs::write(
        dir.join("clash.proto"),
        "syntax = \"proto3\";\n\nmessage A {}\n\nmessage A_ {}\n",
    )
    .expect("write");
    let protoc_with = |opt: &str| {
        Command::new(&protoc[0])
            .args(&protoc[1..])
            .current_dir(&dir)
            .args(["-I", "."])
            .arg(format!("--plugin=protoc-gen-schemac={PLUGIN}"))
            .arg("--schemac_out=.")
            .arg(format!("--schemac_opt={opt}"))
            .arg("clash.proto")
            .output()
            .expect("run protoc")
    };
    let output = protoc_with("json");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("clash.proto:5:9: error[E"), "{stderr}");
    let output = protoc_with("jsn");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the plugin parameter `jsn` is not valid"),
        "{stderr}"
    );
}

#[test]
fn a_malformed_descriptor_set_exits_1() {
    let dir = scratch("malformed");
    let set = dir.join("bad.binpb");
    std::fs::write(&set, b"\x0a\x09\x0a").expect("write");
    let output = Command::new(SCHEMAC)
        .args(["compile", "--descriptor-set"])
        .arg(&set)
        .output()
        .expect("run schemac");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not a valid FileDescriptorSet"), "{stderr}");
    let output = Command::new(SCHEMAC)
        .args(["compile", "--descriptor-set"])
        .arg(&set)
        .args(["-I", "x"])
        .output()
        .expect("run schemac");
    assert_eq!(
        output.status.code(),
        Some(2),
        "-I with --descriptor-set is a usage error"
    );
}

/// buf, from npm (`.ci/run` installs it into `.tools`), or `SCHEMAC_BUF`;
/// `None` (with a note) without it, but under `CI=true`.
fn buf() -> Option<PathBuf> {
    if let Some(buf) = std::env::var_os("SCHEMAC_BUF") {
        return Some(PathBuf::from(buf));
    }
    let buf = workspace().join(".tools/node_modules/.bin/buf");
    if buf.exists() {
        return Some(buf);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "no buf, and CI=true promises it: npm install --prefix .tools @bufbuild/buf"
    );
    let _ = writeln!(
        std::io::stderr(),
        "note: no buf (npm install --prefix .tools @bufbuild/buf); buf generate left unchecked"
    );
    None
}

/// googleapis' `google/pubsub/v1/pubsub.proto` (vendored in the corpus,
/// with its imports), through `buf generate` with protoc-gen-schemac as a
/// local plugin: the Rust `schemac compile` writes, which builds.
#[test]
fn buf_generate_writes_what_compile_writes_and_it_builds() {
    let Some(buf) = buf() else { return };
    let dir = scratch("buf");
    let module = dir.join("proto");
    let googleapis = workspace().join("tests/corpus/googleapis");
    let files: Vec<String> = (files_below(&googleapis).into_iter())
        .filter(|file| file.ends_with(".proto"))
        .collect();
    copy(&googleapis, &files, &module);
    std::fs::write(
        dir.join("buf.yaml"),
        "version: v2\nmodules:\n  - path: proto\n",
    )
    .expect("write buf.yaml");
    std::fs::write(
        dir.join("buf.gen.yaml"),
        format!(
            "version: v2\nplugins:\n  - local: {PLUGIN}\n    out: gen\n    opt:\n      - json\n      - include_file=mod.rs\n"
        ),
    )
    .expect("write buf.gen.yaml");
    run(Command::new(&buf)
        .current_dir(&dir)
        .env("BUF_CACHE_DIR", dir.join("cache"))
        .args(["generate", "--path", "proto/google/pubsub/v1/pubsub.proto"]));
    let compiled = dir.join("compiled");
    run(Command::new(SCHEMAC)
        .current_dir(&module)
        .args([
            "compile",
            "-I",
            ".",
            "--json",
            "--include-file=mod.rs",
            "-o",
        ])
        .arg(&compiled)
        .arg("google/pubsub/v1/pubsub.proto"));
    let written = files_below(&compiled);
    assert_eq!(files_below(&dir.join("gen")), written);
    for file in &written {
        let expected = std::fs::read_to_string(compiled.join(file)).expect("read");
        let actual = std::fs::read_to_string(dir.join("gen").join(file)).expect("read");
        assert!(actual == expected, "buf generate writes another {file}");
    }
    // The generated code builds: `cargo check` of a crate that includes
    // it, with the workspace's runtime and lock file, offline.
    let krate = dir.join("crate");
    std::fs::create_dir_all(krate.join("src")).expect("mkdir");
    let runtime = workspace().join("runtime");
    std::fs::write(
        krate.join("Cargo.toml"),
        format!(
            "[package]\nname = \"pubsub-check\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
             publish = false\n\n[dependencies]\nschemac-runtime = {{ path = {:?}, features = [\"json\"] }}\n\n\
             [workspace]\n",
            runtime.display().to_string()
        ),
    )
    .expect("write Cargo.toml");
    std::fs::copy(workspace().join("Cargo.lock"), krate.join("Cargo.lock")).expect("copy the lock");
    std::fs::write(
        krate.join("src/lib.rs"),
        format!(
            "include!({:?});\n",
            dir.join("gen/mod.rs").display().to_string()
        ),
    )
    .expect("write lib.rs");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("buf-check-target");
    run(Command::new(env!("CARGO"))
        .current_dir(&krate)
        .env_remove("CARGO_TARGET_DIR")
        .args(["check", "--quiet", "--offline", "--target-dir"])
        .arg(&target));
}

/// `protoc --plugin=protoc-gen-schemac --schemac_out=DIR
/// google/pubsub/v1/pubsub.proto`, googleapis on the include path, writes
/// what `schemac compile` writes, as does its descriptor set.
#[test]
fn protoc_with_the_plugin_on_pubsub_writes_what_compile_writes() {
    let Some(protoc) = protoc() else { return };
    let googleapis = workspace().join("tests/corpus/googleapis");
    let files = ["google/pubsub/v1/pubsub.proto".to_owned()];
    let written = three_ways(
        &protoc,
        &googleapis,
        &files,
        &["--services=tonic"],
        "pubsub",
    );
    assert_eq!(
        written, 3,
        "google.api.rs, google.protobuf.rs, google.pubsub.v1.rs"
    );
}
