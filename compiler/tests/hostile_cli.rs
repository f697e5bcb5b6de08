//! The `schemac` binary on hostile input: every bad schema, JSON text or
//! byte string gives exit 1 and a message naming the problem (the field
//! path, for JSON and bytes), never a panic's 101 or a crash.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs schemac from the workspace root with `stdin` as its input.
fn schemac(args: &[&str], stdin: &[u8]) -> Output {
    run(
        Command::new(env!("CARGO_BIN_EXE_schemac")).args(args),
        stdin,
    )
}

fn run(command: &mut Command, stdin: &[u8]) -> Output {
    let mut child = command
        .current_dir(workspace())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("schemac runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Written from a thread, so that a large input cannot deadlock with output.
    let writer = std::thread::spawn(move || {
        // schemac may stop reading early; a broken pipe is its business.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("schemac finishes");
    writer.join().unwrap();
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts exit 1 with an `error:` message containing `expected`.
#[track_caller]
fn assert_fails_with(output: &Output, expected: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.starts_with("error"), "{text}");
    assert!(text.contains(expected), "expected `{expected}` in: {text}");
    assert!(output.stdout.is_empty(), "nothing on stdout after an error");
}

const ORDER_SCHEMA: &str = "schemas/order.schema";
const ORDER: &str = "shop.Order";

fn decode(message: &str, stdin: &[u8]) -> Output {
    schemac(
        &["decode", "-I", "schemas", schema_of(message), message],
        stdin,
    )
}

fn encode(message: &str, json: &str) -> Output {
    let args = ["encode", "-I", "schemas", schema_of(message), message];
    schemac(&args, json.as_bytes())
}

fn schema_of(message: &str) -> &'static str {
    match message.split('.').next() {
        Some("shop") => ORDER_SCHEMA,
        Some("shapes") => "schemas/shapes.schema",
        _ => "schemas/scalars.schema",
    }
}

/// A valid order's encoding, made by `schemac encode`.
fn order_bytes() -> Vec<u8> {
    let json = r#"{"id": "7", "description": "desk", "order_lines":
        [{"line_number": 1, "description": "leg", "quantity": 4}],
        "customer": {"id": "1", "name": "Ada"}, "status": "PAID"}"#;
    let output = encode(ORDER, json);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    output.stdout
}

#[test]
fn empty_stdin_decodes_to_the_empty_message_and_is_not_json() {
    let output = decode(ORDER, b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "{}");
    assert_fails_with(&encode(ORDER, ""), "stdin is not valid JSON");
}

#[test]
fn every_truncation_of_an_order_exits_0_or_1_with_a_path() {
    let bytes = order_bytes();
    for end in 0..bytes.len() {
        let output = decode(ORDER, &bytes[..end]);
        match output.status.code() {
            // Cut between two fields: a valid, shorter order.
            Some(0) => {}
            Some(1) => {
                let text = stderr(&output);
                assert!(
                    text.starts_with("error: shop.Order"),
                    "cut at {end}: {text}"
                );
                assert!(text.contains(" at byte "), "cut at {end}: {text}");
            }
            code => panic!("cut at {end}: exit {code:?}: {}", stderr(&output)),
        }
    }
    // Cut inside the customer, the last field but one: the path leads there.
    let cut = bytes.len() - 3;
    let output = decode(ORDER, &bytes[..cut]);
    assert_fails_with(&output, "Order.customer: length prefix of 7 bytes");
}

#[test]
fn binary_garbage_on_stdin_exits_1_or_decodes() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for case in 0..40 {
        let garbage: Vec<u8> = (0..(case * 7 % 97) + 1)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        for message in ["shop.Order", "kitchen.Maps", "shapes.Tree"] {
            let output = decode(message, &garbage);
            let code = output.status.code();
            assert!(
                code == Some(0) || code == Some(1),
                "{garbage:02x?}: {code:?}"
            );
            if code == Some(1) {
                assert!(
                    stderr(&output).starts_with("error: "),
                    "{}",
                    stderr(&output)
                );
            }
        }
        let output = schemac(&["encode", ORDER_SCHEMA, ORDER], &garbage);
        assert_fails_with(&output, "stdin is not valid JSON");
    }
}

#[test]
fn bad_bytes_name_the_field_path() {
    // order_lines[0] holds a description of one byte, 0xff: not UTF-8.
    let output = decode(ORDER, &[0x22, 0x03, 0x12, 0x01, 0xff]);
    assert_fails_with(
        &output,
        "shop.Order.order_lines[0].description: string is not valid UTF-8",
    );
    // Field 1 (id) as length-delimited is an unknown field, as protobuf's
    // implementations read it, which JSON leaves out; a truncated one is an
    // error all the same.
    let output = decode(ORDER, &[0x0a, 0x00]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_fails_with(
        &decode(ORDER, &[0x0a, 0x02, 0x00]),
        "Order: length prefix of 2 bytes exceeds",
    );
    // A key of wire type 7.
    assert_fails_with(&decode(ORDER, &[0x0f]), "invalid wire type 7");
}

#[test]
fn invalid_json_exits_1() {
    for text in [
        "{",
        "{\"id\": }",
        "nul",
        "{\"id\": 1,}",
        "\u{feff}{}",
        "{} {}",
    ] {
        assert_fails_with(&encode(ORDER, text), "stdin is not valid JSON");
    }
}

#[test]
fn json_of_the_wrong_shape_names_the_field_path() {
    let cases = [
        (
            "[1, 2]",
            "shop.Order: expected a JSON object for message shop.Order",
        ),
        ("\"order\"", "shop.Order: expected a JSON object"),
        (
            r#"{"customer": 5}"#,
            "Order.customer: expected a JSON object",
        ),
        (
            r#"{"order_lines": {}}"#,
            "Order.order_lines: expected a JSON array",
        ),
        (
            r#"{"order_lines": [{}, {"quantity": -1}]}"#,
            "Order.order_lines[1].quantity: -1 is out of range",
        ),
        (
            r#"{"status": "LOST"}"#,
            "Order.status: `LOST` is not a value of enum shop.Status",
        ),
        (r#"{"id": "1e-3"}"#, "Order.id"),
        (r#"{"id": 1, "id": 2}"#, "the key `id` is given twice"),
        (r#"{"id": 1.5}"#, "Order.id"),
        (
            r#"{"price": 1}"#,
            "unknown field `price` in message shop.Order",
        ),
        (r#"{"customer": {"email": []}}"#, "Order.customer.email"),
    ];
    for (json, expected) in cases {
        assert_fails_with(&encode(ORDER, json), expected);
    }
    let output = encode("kitchen.Maps", r#"{"by_i32": {"x": ""}}"#);
    assert_fails_with(&output, "Maps.by_i32[\"x\"]");
}

#[test]
fn a_schema_of_binary_garbage_exits_1_for_every_command() {
    let dir = tempdir("hostile_schema");
    let not_utf8 = dir.join("not_utf8.schema");
    std::fs::write(&not_utf8, [0xff, 0xfe, 0x00, 0x80, b'{', b'}']).unwrap();
    let control = dir.join("control.schema");
    std::fs::write(&control, b"message \x00\x01\x1b[2J {\x7f} enum").unwrap();
    for (path, expected) in [(&not_utf8, "cannot read"), (&control, "error[E0001]")] {
        let path = path.to_string_lossy();
        for args in [
            &["check", &path][..],
            &["compile", &path],
            &["export-proto", &path],
            &["decode", &path, "Order"],
            &["encode", &path, "Order"],
        ] {
            assert_fails_with(&schemac(args, b"{}"), expected);
        }
    }
}

#[test]
fn a_missing_or_unknown_message_name() {
    // No name at all is a usage error.
    let output = schemac(&["decode", ORDER_SCHEMA], b"");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("<MESSAGE>"), "{}", stderr(&output));
    for command in ["decode", "encode"] {
        let output = schemac(&[command, ORDER_SCHEMA, "Invoice"], b"{}");
        assert_fails_with(&output, "no message named `Invoice`");
        let output = schemac(&[command, ORDER_SCHEMA, ""], b"{}");
        assert_fails_with(&output, "no message named ``");
    }
}

#[test]
fn a_directory_or_missing_file_as_the_schema() {
    assert_fails_with(
        &schemac(&["decode", "schemas", "Order"], b""),
        "cannot read schemas",
    );
    let output = schemac(&["encode", "schemas/nope.schema", "Order"], b"{}");
    assert_fails_with(&output, "cannot read schemas/nope.schema");
}

/// A required field left out: refused by `schemac encode` (JSON and text)
/// and `schemac decode`, with its path, as generated code refuses it.
#[test]
fn a_missing_required_field_exits_1_with_its_path() {
    let dir = tempdir("missing_required");
    let schema = dir.join("form.proto");
    std::fs::write(
        &schema,
        "syntax = \"proto2\";\npackage form;\n\
         message Name { required string first = 1; }\n\
         message Form { optional Name name = 1; repeated Name others = 2; }\n",
    )
    .unwrap();
    let schema = schema.to_str().unwrap();
    let encode = |format: &str, input: &str| {
        schemac(
            &["encode", schema, "form.Form", "--format", format],
            input.as_bytes(),
        )
    };
    let output = encode("json", r#"{"name": {"first": "Ada"}, "others": [{}]}"#);
    assert_fails_with(
        &output,
        "form.Form.others[0].first: a required field is missing",
    );
    let output = encode("text", "name {}");
    assert_fails_with(
        &output,
        "<stdin>:1:8: form.Form is missing the required field name.first",
    );
    let output = encode("json", r#"{"name": {"first": "Ada"}}"#);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // `name` holding an empty `Name`.
    let output = schemac(&["decode", schema, "form.Form"], &[0x0a, 0x00]);
    assert_fails_with(&output, "first");
    assert_fails_with(&output, "missing");
}

#[test]
fn deep_nesting_hits_the_recursion_limit() {
    // 100,000 nested `left` subtrees, each length prefix exact.
    let bytes = nested_prefixes(0x12, 100_000);
    let output = decode("shapes.Tree", &bytes);
    assert_fails_with(&output, "recursion limit of 100");
    // JSON nested deeper than serde_json reads.
    let json = format!("{}{}", "{\"left\": ".repeat(1000), "}".repeat(1000));
    assert_fails_with(&encode("shapes.Tree", &json), "stdin is not valid JSON");
    // JSON nested 101 deep parses but is deeper than decoding accepts.
    let json = format!(
        "{}{}",
        "{\"left\": ".repeat(101),
        "{}".to_owned() + &"}".repeat(101)
    );
    assert_fails_with(
        &encode("shapes.Tree", &json),
        "nested more than 100 deep, the recursion limit",
    );
}

/// A length prefix claiming 4 GiB fails at once, even with the address
/// space limited to 1 GiB, so nothing was allocated for it.
#[cfg(unix)]
#[test]
fn a_huge_length_prefix_allocates_nothing() {
    // Customer.name (field 2) claims 2^32 bytes; four follow.
    let bytes = [0x12, 0x80, 0x80, 0x80, 0x80, 0x10, b'a', b'b', b'c', b'd'];
    let output = run(
        Command::new("sh").args([
            "-c",
            "ulimit -v 1048576 && exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_schemac"),
            "decode",
            ORDER_SCHEMA,
            "shop.Customer",
        ]),
        &bytes,
    );
    assert_fails_with(
        &output,
        "Customer.name: length prefix of 4294967296 bytes exceeds the 4 bytes that remain",
    );
}

/// `depth` nested length-delimited fields with key `key`, each prefix the
/// exact length of what it holds: built back to front.
fn nested_prefixes(key: u8, depth: usize) -> Vec<u8> {
    let mut reversed = Vec::new();
    for _ in 0..depth {
        let mut prefix = vec![key];
        let mut length = reversed.len() as u64;
        loop {
            let byte = (length & 0x7f) as u8;
            length >>= 7;
            if length == 0 {
                prefix.push(byte);
                break;
            }
            prefix.push(byte | 0x80);
        }
        reversed.extend(prefix.iter().rev());
    }
    reversed.reverse();
    reversed
}

/// A fresh directory under the target directory, for files of one test.
fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
