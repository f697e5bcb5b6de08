//! Edition 2024: check accepts exactly the files the current protoc
//! (libprotoc 35) accepts, for what 2024 adds (`export` and `local`,
//! `import option`, the naming style) and what it removes. Each case is a
//! set of files, the last one compiled; the verdicts below are protoc's,
//! and the test asks protoc again when it is installed (a note says so
//! when it is not, and under `CI=true`, where CI installs it, its absence
//! fails).

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use schemac::diagnostic::Code;
use schemac_corpus::corpus::current_protoc_or_skip;

/// A file of options that other cases import: an extension of
/// `MessageOptions` and a message and an enum besides.
const OPTIONS: (&str, &str) = (
    "opts.proto",
    "edition = \"2024\";
     package o;
     import \"google/protobuf/descriptor.proto\";
     extend google.protobuf.MessageOptions { int32 tag = 50000; Info info = 50001; }
     message Info { int32 a = 1; }
     enum Color { COLOR_UNSPECIFIED = 0; }",
);

/// Types of every visibility, in package `t`, under the file's default
/// `EXPORT_TOP_LEVEL`.
const TYPES: (&str, &str) = (
    "types.proto",
    "edition = \"2024\";
     package t;
     export message Top {
       local message Inner {}
       export enum Kind { KIND_UNSPECIFIED = 0; }
       message Nested {}
       extensions 100 to 200;
     }
     local enum Hidden { HIDDEN_UNSPECIFIED = 0; }
     message Plain { extensions 100 to 200; }
     local message Private { extensions 100 to 200; }",
);

/// The same types under `default_symbol_visibility = LOCAL_ALL`.
const LOCAL_ALL: (&str, &str) = (
    "local_all.proto",
    "edition = \"2024\";
     package l;
     option features.default_symbol_visibility = LOCAL_ALL;
     message Default {}
     export message Shared {}",
);

/// One case: its name, its files (the last is compiled), and the code
/// schemac refuses it with, `None` where protoc accepts it.
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    Option<Code>,
);

const CASES: &[Case] = &[
    (
        "every kind of visibility, used in its own file",
        &[(
            "main.proto",
            "edition = \"2024\";
             package m;
             export message A { local message B {} export enum E { E_UNSPECIFIED = 0; } message C {} }
             local enum L { L_UNSPECIFIED = 0; }
             message Uses { A.B b = 1; A.E e = 2; L l = 3; A.C c = 4; }",
        )],
        None,
    ),
    (
        "exported types from another file",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2024\";
                 package m;
                 import \"types.proto\";
                 message Uses { t.Top top = 1; t.Top.Kind kind = 2; t.Plain plain = 3; }",
            ),
        ],
        None,
    ),
    (
        "a local message from another file",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"types.proto\";
                 message Uses { t.Top.Inner inner = 1; }",
            ),
        ],
        Some(Code::LocalType),
    ),
    (
        "a local enum from another file",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"types.proto\";
                 message Uses { t.Hidden hidden = 1; }",
            ),
        ],
        Some(Code::LocalType),
    ),
    (
        "a nested message local by EXPORT_TOP_LEVEL",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"types.proto\";
                 message Uses { t.Top.Nested nested = 1; }",
            ),
        ],
        Some(Code::LocalType),
    ),
    (
        "a local message as a method's request",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"types.proto\";
                 service S { rpc Get(t.Private) returns (t.Top); }",
            ),
        ],
        Some(Code::LocalType),
    ),
    (
        "a local message extended from another file",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"types.proto\";
                 extend t.Private { int32 x = 100; }",
            ),
        ],
        Some(Code::LocalType),
    ),
    (
        "an exported message extended from another file",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"types.proto\";
                 extend t.Plain { int32 x = 100; }",
            ),
        ],
        None,
    ),
    (
        "a type local by LOCAL_ALL",
        &[
            LOCAL_ALL,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"local_all.proto\";
                 message Uses { l.Default d = 1; }",
            ),
        ],
        Some(Code::LocalType),
    ),
    (
        "a type exported under LOCAL_ALL",
        &[
            LOCAL_ALL,
            (
                "main.proto",
                "edition = \"2024\"; package m; import \"local_all.proto\";
                 message Uses { l.Shared s = 1; }",
            ),
        ],
        None,
    ),
    (
        "an edition 2023 file uses a local type of a 2024 file",
        &[
            TYPES,
            (
                "main.proto",
                "edition = \"2023\"; package m; import \"types.proto\";
                 message Uses { t.Top.Nested nested = 1; }",
            ),
        ],
        Some(Code::LocalType),
    ),
    (
        "STRICT: nested types exported, and an enum namespaced as protoc allows",
        &[(
            "main.proto",
            "edition = \"2024\";
             option features.default_symbol_visibility = STRICT;
             local message Ns { export enum Kind { KIND_UNSPECIFIED = 0; } reserved 1 to max; }
             message Plain { message Nested {} enum E { E_UNSPECIFIED = 0; } }
             export message Top {}",
        )],
        None,
    ),
    (
        "STRICT: a nested message exported",
        &[(
            "main.proto",
            "edition = \"2024\";
             option features.default_symbol_visibility = STRICT;
             message A { export message B {} }",
        )],
        Some(Code::LocalType),
    ),
    (
        "STRICT: an enum exported from an exported message",
        &[(
            "main.proto",
            "edition = \"2024\";
             option features.default_symbol_visibility = STRICT;
             export message Ns { export enum Kind { KIND_UNSPECIFIED = 0; } reserved 1 to max; }",
        )],
        Some(Code::LocalType),
    ),
    (
        "STRICT: an enum exported from a message that reserves less",
        &[(
            "main.proto",
            "edition = \"2024\";
             option features.default_symbol_visibility = STRICT;
             local message Ns { export enum Kind { KIND_UNSPECIFIED = 0; } reserved 1 to 10; }",
        )],
        Some(Code::LocalType),
    ),
    (
        "export on a service",
        &[("main.proto", "edition = \"2024\"; export service S {}")],
        Some(Code::Syntax),
    ),
    (
        "export in edition 2023",
        &[("main.proto", "edition = \"2023\"; export message A {}")],
        Some(Code::Syntax),
    ),
    (
        "local in proto3",
        &[("main.proto", "syntax = \"proto3\"; local enum E { E_A = 0; }")],
        Some(Code::Syntax),
    ),
    (
        "an option import, used in options",
        &[
            OPTIONS,
            (
                "main.proto",
                "edition = \"2024\"; import option \"opts.proto\";
                 message A { option (o.tag) = 3; option (o.info) = { a: 1 }; }",
            ),
        ],
        None,
    ),
    (
        "a message of an option import as a field's type",
        &[
            OPTIONS,
            (
                "main.proto",
                "edition = \"2024\"; import option \"opts.proto\";
                 message A { o.Info i = 1; }",
            ),
        ],
        Some(Code::TypeNotImported),
    ),
    (
        "an enum of an option import as a field's type",
        &[
            OPTIONS,
            (
                "main.proto",
                "edition = \"2024\"; import option \"opts.proto\";
                 message A { o.Color c = 1; }",
            ),
        ],
        Some(Code::TypeNotImported),
    ),
    (
        "an option import in edition 2023",
        &[
            OPTIONS,
            (
                "main.proto",
                "edition = \"2023\"; import option \"opts.proto\";
                 message A { option (o.tag) = 3; }",
            ),
        ],
        Some(Code::Syntax),
    ),
    (
        "a plain import after an option import",
        &[
            OPTIONS,
            (
                "main.proto",
                "edition = \"2024\"; import option \"opts.proto\";
                 import \"google/protobuf/any.proto\";
                 message A { google.protobuf.Any any = 1; }",
            ),
        ],
        Some(Code::Syntax),
    ),
    (
        "a file imported both ways",
        &[
            OPTIONS,
            (
                "main.proto",
                "edition = \"2024\"; import \"opts.proto\"; import option \"opts.proto\";
                 message A { o.Info i = 1; }",
            ),
        ],
        Some(Code::Syntax),
    ),
    (
        "a weak import",
        &[
            OPTIONS,
            (
                "main.proto",
                "edition = \"2024\"; import weak \"opts.proto\"; message A {}",
            ),
        ],
        Some(Code::Syntax),
    ),
    (
        "names in protobuf's style",
        &[(
            "main.proto",
            "edition = \"2024\";
             package a.b2.c_d;
             message HTTPRequest { int32 a1_b = 1; oneof choice { int32 x = 2; } map<string, int32> counts = 3; }
             enum Kind { KIND_UNSPECIFIED = 0; KIND_A2 = 1; }
             service Api { rpc GetThing(HTTPRequest) returns (HTTPRequest); }",
        )],
        None,
    ),
    (
        "a message's name in snake case",
        &[("main.proto", "edition = \"2024\"; message foo_bar {}")],
        Some(Code::NamingStyle),
    ),
    (
        "a field's name in TitleCase",
        &[("main.proto", "edition = \"2024\"; message A { int32 Count = 1; }")],
        Some(Code::NamingStyle),
    ),
    (
        "a field's name with an underscore before a digit",
        &[("main.proto", "edition = \"2024\"; message A { int32 x_1 = 1; }")],
        Some(Code::NamingStyle),
    ),
    (
        "an enum value in TitleCase",
        &[("main.proto", "edition = \"2024\"; enum E { Zero = 0; }")],
        Some(Code::NamingStyle),
    ),
    (
        "a oneof in TitleCase",
        &[(
            "main.proto",
            "edition = \"2024\"; message A { oneof Choice { int32 x = 1; } }",
        )],
        Some(Code::NamingStyle),
    ),
    (
        "a method in snake case",
        &[(
            "main.proto",
            "edition = \"2024\"; message A {} service S { rpc get_a(A) returns (A); }",
        )],
        Some(Code::NamingStyle),
    ),
    (
        "a package with a capital",
        &[("main.proto", "edition = \"2024\"; package Foo.bar;")],
        Some(Code::NamingStyle),
    ),
    (
        "STYLE_LEGACY on the file",
        &[(
            "main.proto",
            "edition = \"2024\"; option features.enforce_naming_style = STYLE_LEGACY;
             package Foo; message foo_bar { int32 Bad = 1; } enum color { red = 0; }",
        )],
        None,
    ),
    (
        "STYLE_LEGACY on a message holds for what it holds",
        &[(
            "main.proto",
            "edition = \"2024\";
             message Foo { option features.enforce_naming_style = STYLE_LEGACY; message bar { int32 Bad = 1; } int32 Bad2 = 1; }",
        )],
        None,
    ),
    (
        "STYLE_LEGACY on one field",
        &[(
            "main.proto",
            "edition = \"2024\"; message A { int32 Bad = 1 [features.enforce_naming_style = STYLE_LEGACY]; }",
        )],
        None,
    ),
    (
        "STYLE2026's accessor rule",
        &[(
            "main.proto",
            "edition = \"2024\"; option features.enforce_naming_style = STYLE2026;
             message A { int32 count = 1; int32 has_count = 2; }",
        )],
        Some(Code::NamingStyle),
    ),
    (
        "enforce_naming_style in edition 2023",
        &[(
            "main.proto",
            "edition = \"2023\"; option features.enforce_naming_style = STYLE2024;",
        )],
        Some(Code::InvalidOption),
    ),
    (
        "default_symbol_visibility on a message",
        &[(
            "main.proto",
            "edition = \"2024\"; message A { option features.default_symbol_visibility = LOCAL_ALL; }",
        )],
        Some(Code::InvalidOption),
    ),
    (
        "a Java feature set on a file that its targets leave out",
        &[(
            "main.proto",
            "edition = \"2024\"; import \"google/protobuf/java_features.proto\";
             option features.(pb.java).nest_in_file_class = YES;",
        )],
        Some(Code::InvalidOption),
    ),
    (
        "a Java feature of 2024 on a message",
        &[(
            "main.proto",
            "edition = \"2024\"; import \"google/protobuf/java_features.proto\";
             message A { option features.(pb.java).nest_in_file_class = YES; }",
        )],
        None,
    ),
    (
        "ctype in edition 2024",
        &[(
            "main.proto",
            "edition = \"2024\"; message A { string s = 1 [ctype = CORD]; }",
        )],
        Some(Code::InvalidOption),
    ),
    (
        "the C++ string type feature in 2024",
        &[(
            "main.proto",
            "edition = \"2024\"; import \"google/protobuf/cpp_features.proto\";
             message A { string s = 1 [features.(pb.cpp).string_type = CORD]; }",
        )],
        None,
    ),
    (
        "java_multiple_files in edition 2024",
        &[(
            "main.proto",
            "edition = \"2024\"; option java_multiple_files = true;",
        )],
        Some(Code::InvalidOption),
    ),
    (
        "java_multiple_files and ctype in edition 2023",
        &[(
            "main.proto",
            "edition = \"2023\"; option java_multiple_files = true;
             message A { string s = 1 [ctype = CORD]; }",
        )],
        None,
    ),
    (
        "a C++ feature of 2024 in edition 2023",
        &[(
            "main.proto",
            "edition = \"2023\"; import \"google/protobuf/cpp_features.proto\";
             option features.(pb.cpp).enum_name_uses_string_view = false;",
        )],
        Some(Code::InvalidOption),
    ),
    (
        "legacy_closed_enum in 2024, deprecated (protoc warns)",
        &[(
            "main.proto",
            "edition = \"2024\"; import \"google/protobuf/cpp_features.proto\";
             option features.(pb.cpp).legacy_closed_enum = true;",
        )],
        None,
    ),
    (
        "edition 2023's features in 2024",
        &[(
            "main.proto",
            "edition = \"2024\";
             option features.field_presence = IMPLICIT;
             message A { repeated int32 r = 1 [features.repeated_field_encoding = EXPANDED]; A d = 2 [features.message_encoding = DELIMITED]; }
             enum E { option features.enum_type = CLOSED; E_A = 0; }",
        )],
        None,
    ),
];

/// Compiles the last of `files` with schemac; the codes of its
/// diagnostics.
fn schemac_codes(files: &[(&str, &str)]) -> Result<(), (Vec<Code>, String)> {
    let texts: BTreeMap<PathBuf, String> = (files.iter())
        .map(|(name, text)| (PathBuf::from(name), (*text).to_owned()))
        .collect();
    let root = PathBuf::from(files.last().expect("a file").0);
    let mut read = |path: &Path| {
        (texts.get(path).cloned())
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such case file"))
    };
    match schemac::analyze(&[root], &[PathBuf::from("")], &mut read) {
        Ok(_) => Ok(()),
        Err(error) => {
            let schemac::Error::Schema { diagnostics, .. } = &error else {
                panic!("{error}");
            };
            let mut codes: Vec<Code> = diagnostics.iter().map(|d| d.code).collect();
            codes.dedup();
            Err((codes, error.render(false)))
        }
    }
}

#[test]
fn check_accepts_the_2024_files_protoc_accepts() {
    for (name, files, refused) in CASES {
        match (schemac_codes(files), refused) {
            (Ok(()), None) => {}
            (Ok(()), Some(code)) => {
                panic!("{name}: schemac accepts what protoc refuses ({code:?})")
            }
            (Err((codes, rendered)), refused) => {
                assert_eq!(
                    refused.map(|code| vec![code]),
                    Some(codes),
                    "{name}:\n{rendered}"
                );
            }
        }
    }
}

#[test]
fn protoc_gives_the_verdicts_of_the_2024_cases() {
    let Some(protoc) = current_protoc_or_skip("the edition 2024 cases' verdicts are") else {
        return;
    };
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("editions_2024");
    let children: Vec<_> = (CASES.iter().enumerate())
        .map(|(index, (name, files, refused))| {
            let dir = root.join(format!("case{index}"));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            for (file, text) in files.iter() {
                std::fs::write(dir.join(file), text).unwrap();
            }
            let child = Command::new(&protoc[0])
                .args(&protoc[1..])
                .arg(format!("--proto_path={}", dir.display()))
                .arg("--descriptor_set_out=/dev/null")
                .arg(files.last().expect("a file").0)
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
