//! Extension declarations (`extensions 100 to 199 [declaration = {...}]`):
//! check accepts exactly the files the current protoc (libprotoc 35)
//! accepts, and refuses the others with E0329. The verdicts below are
//! protoc's; the test asks protoc again when it is installed (a note says
//! so when it is not, and under `CI=true`, where CI installs it, its
//! absence fails).

use std::process::Command;

use schemac::diagnostic::Code;
use schemac_corpus::corpus::current_protoc_or_skip;

/// Each case: a name, the body of a proto2 file of package `p`, and
/// whether protoc accepts it.
const CASES: &[(&str, &str, bool)] = &[
    (
        "a declared extension",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "string" }]; }
        extend M { optional string ext = 100; }"#,
        true,
    ),
    (
        "a declared message extension",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: ".p.N" }]; }
        message N {}
        extend M { optional N ext = 100; }"#,
        true,
    ),
    (
        "a declared enum extension",
        r#"enum E { A = 0; }
        message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: ".p.E" }]; }
        extend M { optional E ext = 100; }"#,
        true,
    ),
    (
        "a declared group",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.grp" type: ".p.Grp" }]; }
        extend M { optional group Grp = 100 { optional int32 a = 1; } }"#,
        true,
    ),
    (
        "a declared well-known type",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: ".google.protobuf.Timestamp" }]; }
        extend M { optional google.protobuf.Timestamp ext = 100; }"#,
        true,
    ),
    (
        "a declared repeated extension",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "int32" repeated: true }]; }
        extend M { repeated int32 ext = 100; }"#,
        true,
    ),
    (
        "an extension declared in a message's scope",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.Outer.ext" type: "string" }]; }
        message Outer { extend M { optional string ext = 100; } }"#,
        true,
    ),
    (
        "reserved declarations",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 reserved: true },
          declaration = { number: 101 full_name: ".p.x" type: "bool" reserved: true }]; }"#,
        true,
    ),
    (
        "an unverified range without declarations",
        r#"message M { extensions 100 to 199 [verification = UNVERIFIED]; }
        extend M { optional string ext = 100; }"#,
        true,
    ),
    (
        "an extension in another range",
        r#"message M { extensions 100 [declaration = { number: 100 full_name: ".p.ext" type: "string" }]; extensions 200 to 300; }
        extend M { optional string other = 200; }"#,
        true,
    ),
    (
        "a range asking for declarations, with no extension",
        r#"message M { extensions 100 to 199 [verification = DECLARATION]; }"#,
        true,
    ),
    (
        "declarations asked for and made",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "string" }, verification = DECLARATION]; }"#,
        true,
    ),
    (
        "a custom option, which extends descriptor.proto",
        r#"extend google.protobuf.FileOptions { optional string anything = 50000; }"#,
        true,
    ),
    (
        "another name",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.other" type: "string" }]; }
        extend M { optional string ext = 100; }"#,
        false,
    ),
    (
        "another type",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "bytes" }]; }
        extend M { optional string ext = 100; }"#,
        false,
    ),
    (
        "another message type",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: ".google.protobuf.Duration" }]; }
        extend M { optional google.protobuf.Timestamp ext = 100; }"#,
        false,
    ),
    (
        "declared repeated, written optional",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "string" repeated: true }]; }
        extend M { optional string ext = 100; }"#,
        false,
    ),
    (
        "declared optional, written repeated",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "string" }]; }
        extend M { repeated string ext = 100; }"#,
        false,
    ),
    (
        "a reserved number",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 reserved: true }]; }
        extend M { optional string ext = 100; }"#,
        false,
    ),
    (
        "an undeclared number in a range that declares",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "string" }]; }
        extend M { optional string other = 101; }"#,
        false,
    ),
    (
        "an undeclared number in a range asking for declarations",
        r#"message M { extensions 100 to 199 [verification = DECLARATION]; }
        extend M { optional string other = 101; }"#,
        false,
    ),
    (
        "an unverified range that declares",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.ext" type: "string" }, verification = UNVERIFIED]; }"#,
        false,
    ),
    (
        "a declaration outside its range",
        r#"message M { extensions 100 to 199 [declaration = { number: 200 full_name: ".p.ext" type: "string" }]; }"#,
        false,
    ),
    (
        "a declaration without a number",
        r#"message M { extensions 100 to 199 [declaration = { full_name: ".p.ext" type: "string" }]; }"#,
        false,
    ),
    (
        "a number declared twice",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.a" type: "string" },
          declaration = { number: 100 full_name: ".p.b" type: "string" }]; }"#,
        false,
    ),
    (
        "a name without a type",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.a" }]; }"#,
        false,
    ),
    (
        "a reserved name without a type",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.a" reserved: true }]; }"#,
        false,
    ),
    (
        "neither name nor type, unreserved",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 }]; }"#,
        false,
    ),
    (
        "a name declared in two ranges",
        r#"message M { extensions 100 [declaration = { number: 100 full_name: ".p.a" type: "string" }];
          extensions 200 [declaration = { number: 200 full_name: ".p.a" type: "string" }]; }"#,
        false,
    ),
    (
        "a name without its leading dot",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: "p.a" type: "string" }]; }"#,
        false,
    ),
    (
        "a name of an empty word",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p..a" type: "string" }]; }"#,
        false,
    ),
    (
        "a message type without its leading dot",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.a" type: "p.N" }]; }
        message N {}"#,
        false,
    ),
    (
        "a type that is no name",
        r#"message M { extensions 100 to 199 [declaration = { number: 100 full_name: ".p.a" type: ".p-N" }]; }"#,
        false,
    ),
];

/// The file of a case.
fn file(body: &str) -> String {
    format!(
        "syntax = \"proto2\";\npackage p;\nimport \"google/protobuf/descriptor.proto\";\n\
         import \"google/protobuf/timestamp.proto\";\nimport \"google/protobuf/duration.proto\";\n{body}\n"
    )
}

#[test]
fn check_accepts_the_declarations_protoc_accepts() {
    for (name, body, accepted) in CASES {
        let text = file(body);
        match schemac::analyze_text("case.proto", &text) {
            Ok(_) => assert!(
                accepted,
                "{name}: check accepts what protoc refuses:\n{text}"
            ),
            Err(error) => {
                let schemac::Error::Schema { diagnostics, .. } = &error else {
                    panic!("{name}: {}", error.render(false));
                };
                assert!(
                    !accepted,
                    "{name}: check refuses what protoc accepts:\n{}",
                    error.render(false)
                );
                assert!(
                    diagnostics
                        .iter()
                        .all(|diagnostic| diagnostic.code == Code::ExtensionDeclaration),
                    "{name}: {}",
                    error.render(false)
                );
            }
        }
    }
}

#[test]
fn protoc_gives_the_verdicts_of_the_cases() {
    let Some(protoc) = current_protoc_or_skip("the declarations' verdicts are") else {
        return;
    };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("declarations");
    std::fs::create_dir_all(&dir).unwrap();
    let children: Vec<_> = (CASES.iter().enumerate())
        .map(|(index, (name, body, accepted))| {
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
            (name, accepted, child)
        })
        .collect();
    for (name, accepted, child) in children {
        let output = child.wait_with_output().expect("protoc runs");
        assert_eq!(
            output.status.success(),
            *accepted,
            "{name}: protoc says {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
