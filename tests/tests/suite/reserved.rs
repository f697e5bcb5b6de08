//! `schemac check` and protoc agree on every form of `reserved`: what
//! protoc refuses check refuses, so every schema that passes check exports
//! to a `.proto` that protoc accepts. check refuses one form
//! more: a message's range that ends before it starts, which protoc 3.21
//! lets pass though it reserves nothing. Ignored unless asked for, since
//! it needs protoc (`make interop`).

use std::fs;

use schemac_tests::workspace_root;

use crate::protoc::protoc_accepts;

/// What check and protoc say of a form: both accept it, both refuse it, or
/// only protoc accepts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Valid,
    Invalid,
    OnlyProtocAccepts,
}

use Verdict::{Invalid, OnlyProtocAccepts, Valid};

/// `reserved` declarations of a message, as the schema writes them and as
/// the `.proto` does, and what check and protoc say of them.
const MESSAGE_FORMS: &[(&str, &str, Verdict)] = &[
    ("reserved 1, 1;", "reserved 1, 1;", Invalid),
    ("reserved 1 to 5, 3;", "reserved 1 to 5, 3;", Invalid),
    (
        "reserved 10 to max, 20 to max;",
        "reserved 10 to max, 20 to max;",
        Invalid,
    ),
    (
        "reserved 2; reserved 2;",
        "reserved 2; reserved 2;",
        Invalid,
    ),
    ("reserved a, a;", "reserved \"a\", \"a\";", Invalid),
    (
        "reserved a; reserved a;",
        "reserved \"a\"; reserved \"a\";",
        Invalid,
    ),
    (
        "reserved 12 to 10;",
        "reserved 12 to 10;",
        OnlyProtocAccepts,
    ),
    ("reserved 0;", "reserved 0;", Invalid),
    (
        "reserved 1 to 3, 4 to 5;",
        "reserved 1 to 3, 4 to 5;",
        Valid,
    ),
    ("reserved 1, 2, 3;", "reserved 1, 2, 3;", Valid),
    ("reserved 5 to 5;", "reserved 5 to 5;", Valid),
    ("reserved a, b;", "reserved \"a\", \"b\";", Valid),
    ("reserved 2 to max;", "reserved 2 to max;", Valid),
    (
        "reserved 19000 to 19999;",
        "reserved 19000 to 19999;",
        Valid,
    ),
    ("reserved 536870911;", "reserved 536870911;", Valid),
];

/// The same for an enum, whose first value is 0.
const ENUM_FORMS: &[(&str, &str, Verdict)] = &[
    ("reserved 1, 1;", "reserved 1, 1;", Invalid),
    ("reserved -5 to -1, -3;", "reserved -5 to -1, -3;", Invalid),
    (
        "reserved 3; reserved 3;",
        "reserved 3; reserved 3;",
        Invalid,
    ),
    ("reserved A, A;", "reserved \"A\", \"A\";", Invalid),
    ("reserved 0;", "reserved 0;", Invalid),
    ("reserved 5 to 2;", "reserved 5 to 2;", Invalid),
    ("reserved 1 to max;", "reserved 1 to max;", Valid),
    ("reserved -2147483648;", "reserved -2147483648;", Valid),
    ("reserved 2147483647;", "reserved 2147483647;", Valid),
    (
        "reserved -3 to -1, 1 to 3;",
        "reserved -3 to -1, 1 to 3;",
        Valid,
    ),
    ("reserved A, B;", "reserved \"A\", \"B\";", Valid),
];

#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn protoc_and_check_agree_on_every_reserved_form() {
    let dir = workspace_root().join("target/reserved-forms");
    fs::create_dir_all(&dir).expect("create target/reserved-forms");
    let mut disagreements = Vec::new();
    let cases = MESSAGE_FORMS
        .iter()
        .map(|&(schema, proto, verdict)| {
            (
                format!("message M {{ {schema} }}"),
                format!("syntax = \"proto3\"; message M {{ {proto} }}"),
                verdict,
            )
        })
        .chain(ENUM_FORMS.iter().map(|&(schema, proto, verdict)| {
            (
                format!("enum E {{ ZERO = 0; {schema} }}"),
                format!("syntax = \"proto3\"; enum E {{ E_ZERO = 0; {proto} }}"),
                verdict,
            )
        }));
    for (index, (schema, proto, expected)) in cases.enumerate() {
        let check = schemac::analyze_text("reserved.schema", &schema).is_ok();
        let name = format!("form{index}.proto");
        fs::write(dir.join(&name), &proto).expect("write the .proto");
        let protoc = protoc_accepts(&dir, &name);
        let verdict = match (check, protoc) {
            (true, true) => Valid,
            (false, false) => Invalid,
            (false, true) => OnlyProtocAccepts,
            (true, false) => {
                disagreements.push(format!("{schema}: check accepts what protoc refuses"));
                continue;
            }
        };
        if verdict != expected {
            disagreements.push(format!(
                "{schema}: expected {expected:?}, found {verdict:?}"
            ));
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
