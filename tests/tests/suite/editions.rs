//! Edition 2023's features: check accepts exactly the files the current
//! protoc (libprotoc 35) accepts, where a feature is set and what it says
//! of a field. The verdicts below are protoc's; the test asks protoc again
//! when it is installed (a note says so when it is not, and under
//! `CI=true`, where CI installs it, its absence fails).

use std::process::Command;

use schemac::diagnostic::Code;
use schemac_corpus::corpus::current_protoc_or_skip;

/// Each case: a name, what follows the header of an edition 2023 file of
/// package `p` (a message `N`, a closed enum `C` and an open enum `O`),
/// and the code schemac refuses it with, `None` where protoc accepts it.
const CASES: &[(&str, &str, Option<Code>)] = &[
    (
        "features at every level",
        "option features.field_presence = IMPLICIT;
         message M {
           option features.json_format = LEGACY_BEST_EFFORT;
           int32 a = 1 [features.field_presence = EXPLICIT, default = 3];
           string b = 2 [features.field_presence = LEGACY_REQUIRED, features.utf8_validation = NONE];
           repeated int32 c = 3 [features.repeated_field_encoding = EXPANDED];
           N d = 4 [features.message_encoding = DELIMITED];
           repeated N e = 5 [features.message_encoding = DELIMITED];
           C f = 6 [features.field_presence = EXPLICIT];
           map<string, string> g = 7 [features.utf8_validation = NONE];
         }
         enum E { option features.enum_type = CLOSED; option features.json_format = ALLOW; E_A = 1; }",
        None,
    ),
    (
        "a message field with implicit presence",
        "message M { N n = 1 [features.field_presence = IMPLICIT]; }",
        Some(Code::InvalidOption),
    ),
    (
        "a message field under a file's implicit presence",
        "option features.field_presence = IMPLICIT; message M { N n = 1; }",
        None,
    ),
    (
        "presence on a list",
        "message M { repeated int32 r = 1 [features.field_presence = EXPLICIT]; }",
        Some(Code::InvalidOption),
    ),
    (
        "presence on a oneof's member",
        "message M { oneof o { int32 a = 1 [features.field_presence = EXPLICIT]; } }",
        Some(Code::InvalidOption),
    ),
    (
        "presence on an extension",
        "message M { extensions 10 to 20; }
         extend M { int32 e = 10 [features.field_presence = EXPLICIT]; }",
        Some(Code::InvalidOption),
    ),
    (
        "a default with implicit presence",
        "message M { int32 a = 1 [features.field_presence = IMPLICIT, default = 3]; }",
        Some(Code::InvalidOption),
    ),
    (
        "a closed enum with implicit presence",
        "message M { C c = 1 [features.field_presence = IMPLICIT]; }",
        Some(Code::InvalidOption),
    ),
    (
        "a closed enum under a file's implicit presence",
        "option features.field_presence = IMPLICIT; message M { C c = 1; }",
        Some(Code::InvalidOption),
    ),
    (
        "an open enum with implicit presence",
        "message M { O o = 1 [features.field_presence = IMPLICIT]; }",
        None,
    ),
    (
        "a delimited number",
        "message M { int32 a = 1 [features.message_encoding = DELIMITED]; }",
        Some(Code::InvalidOption),
    ),
    (
        "a delimited map",
        "message M { map<int32, N> m = 1 [features.message_encoding = DELIMITED]; }",
        Some(Code::InvalidOption),
    ),
    (
        "a packed number that is no list",
        "message M { int32 a = 1 [features.repeated_field_encoding = PACKED]; }",
        Some(Code::InvalidOption),
    ),
    (
        "packed strings",
        "message M { repeated string s = 1 [features.repeated_field_encoding = PACKED]; }",
        Some(Code::InvalidOption),
    ),
    (
        "expanded strings",
        "message M { repeated string s = 1 [features.repeated_field_encoding = EXPANDED]; }",
        None,
    ),
    (
        "UTF-8 validation of a number",
        "message M { int32 a = 1 [features.utf8_validation = NONE]; }",
        Some(Code::InvalidOption),
    ),
    (
        "presence set on a message",
        "message M { option features.field_presence = IMPLICIT; int32 a = 1; }",
        Some(Code::InvalidOption),
    ),
    (
        "an enum's type set on a field",
        "message M { int32 a = 1 [features.enum_type = CLOSED]; }",
        Some(Code::InvalidOption),
    ),
    (
        "a JSON format set on a field",
        "message M { int32 a = 1 [features.json_format = LEGACY_BEST_EFFORT]; }",
        Some(Code::InvalidOption),
    ),
    (
        "presence set on an enum",
        "enum E { option features.field_presence = EXPLICIT; E_ZERO = 0; }",
        Some(Code::InvalidOption),
    ),
    (
        "presence set on a oneof",
        "message M { oneof o { option features.field_presence = EXPLICIT; int32 a = 1; } }",
        Some(Code::InvalidOption),
    ),
    (
        "`packed`",
        "message M { repeated int32 a = 1 [packed = true]; }",
        Some(Code::InvalidOption),
    ),
    (
        "the label `optional`",
        "message M { optional int32 a = 1; }",
        Some(Code::Syntax),
    ),
    (
        "a group",
        "message M { group G = 1 { int32 a = 2; } }",
        Some(Code::Syntax),
    ),
    (
        "an open enum that starts at 1",
        "enum E { E_A = 1; }",
        Some(Code::EnumFirstValueNotZero),
    ),
];

/// The file of a case.
fn file(body: &str) -> String {
    format!(
        "edition = \"2023\";\npackage p;\nmessage N {{ int32 x = 1; }}\n\
         enum C {{ option features.enum_type = CLOSED; C_A = 1; }}\nenum O {{ O_ZERO = 0; }}\n{body}\n"
    )
}

#[test]
fn check_accepts_the_features_protoc_accepts() {
    for (name, body, refused) in CASES {
        let text = file(body);
        match (schemac::analyze_text("case.proto", &text), refused) {
            (Ok(_), None) => {}
            (Ok(_), Some(code)) => panic!("{name}: schemac accepts what protoc refuses ({code:?})"),
            (Err(error), refused) => {
                let schemac::Error::Schema { diagnostics, .. } = &error else {
                    panic!("{name}: {error}");
                };
                let codes: Vec<Code> = diagnostics.iter().map(|d| d.code).collect();
                assert_eq!(
                    refused.map(|code| vec![code]),
                    Some(codes),
                    "{name}:\n{}",
                    error.render(false)
                );
            }
        }
    }
}

#[test]
fn protoc_gives_the_verdicts_of_the_cases() {
    let Some(protoc) = current_protoc_or_skip("the editions cases' verdicts are") else {
        return;
    };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("editions");
    std::fs::create_dir_all(&dir).unwrap();
    let children: Vec<_> = (CASES.iter().enumerate())
        .map(|(index, (name, body, refused))| {
            let path = format!("case{index}.proto");
            std::fs::write(dir.join(&path), file(body)).unwrap();
            let child = Command::new(&protoc[0])
                .args(&protoc[1..])
                .arg(format!("--proto_path={}", dir.display()))
                .arg("--descriptor_set_out=/dev/null")
                .arg(&path)
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("protoc runs");
            (name, refused.is_none(), child)
        })
        .collect();
    for (name, accepted, child) in children {
        let output = child.wait_with_output().expect("protoc runs");
        assert_eq!(
            output.status.success(),
            accepted,
            "{name}: protoc says {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
