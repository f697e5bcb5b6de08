//! `schemac breaking --level wire` held to what bytes do and to `buf
//! breaking`'s `WIRE` rules, on every change of a field between two of
//! protobuf's scalar types and an enum (240 ordered pairs).
//!
//! What bytes do is measured with another implementation: prost writes
//! sample values of the old type and reads them back as the new type. A
//! change breaks the wire when some value does not come back as the same
//! number (or string, or bytes): schemac must report exactly those. buf's
//! verdicts are pinned below and asked for again when buf is installed
//! (`npm install --prefix .tools @bufbuild/buf`; a note says so when it is not, and under
//! `CI=true`, where CI installs it, its absence fails); where buf and
//! schemac differ, the difference must be one docs/evolution.md explains.

use std::path::{Path, PathBuf};
use std::process::Command;

use prost::bytes::Buf;
use prost::encoding::{self, DecodeContext, WireType};
use schemac::evolution::Level;

/// The types a field changes between, as a `.proto` file spells them;
/// `E` is an open enum (proto3).
const TYPES: [&str; 16] = [
    "double", "float", "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32",
    "fixed64", "sfixed32", "sfixed64", "bool", "string", "bytes", "E",
];

/// The changes buf's `WIRE` category accepts (buf 1.75); every other
/// change between two of [`TYPES`] is its `FIELD_WIRE_COMPATIBLE_TYPE`.
const BUF_WIRE_ACCEPTS: &[(&str, &str)] = &[
    ("int32", "int64"),
    ("int32", "uint32"),
    ("int32", "uint64"),
    ("int32", "bool"),
    ("int64", "int32"),
    ("int64", "uint32"),
    ("int64", "uint64"),
    ("int64", "bool"),
    ("uint32", "int32"),
    ("uint32", "int64"),
    ("uint32", "uint64"),
    ("uint32", "bool"),
    ("uint64", "int32"),
    ("uint64", "int64"),
    ("uint64", "uint32"),
    ("uint64", "bool"),
    ("sint32", "sint64"),
    ("sint64", "sint32"),
    ("fixed32", "sfixed32"),
    ("fixed64", "sfixed64"),
    ("sfixed32", "fixed32"),
    ("sfixed64", "fixed64"),
    ("bool", "int32"),
    ("bool", "int64"),
    ("bool", "uint32"),
    ("bool", "uint64"),
    ("string", "bytes"),
];

/// A value as its field means it: a number, or a string's or bytes'
/// contents.
#[derive(Clone, Debug)]
enum Meaning {
    Int(i128),
    Float(f64),
    Bytes(Vec<u8>),
}

impl PartialEq for Meaning {
    fn eq(&self, other: &Meaning) -> bool {
        use Meaning::*;
        match (self, other) {
            (Int(a), Int(b)) => a == b,
            (Float(a), Float(b)) => a.to_bits() == b.to_bits(),
            (Int(a), Float(b)) | (Float(b), Int(a)) => *a as f64 == *b && *b as i128 == *a,
            (Bytes(a), Bytes(b)) => a == b,
            _ => false,
        }
    }
}

/// Sample values of type `ty`, written by prost as field 1, each with
/// what it means: the extremes of every integer range the type holds,
/// and a string and bytes that are not UTF-8.
fn samples(ty: &str) -> Vec<(Vec<u8>, Meaning)> {
    const INTS: [i128; 11] = [
        0,
        1,
        -1,
        i32::MIN as i128,
        i32::MAX as i128,
        1 << 31,
        u32::MAX as i128,
        1 << 32,
        i64::MIN as i128,
        i64::MAX as i128,
        u64::MAX as i128,
    ];
    fn ints<T: TryFrom<i128> + Copy>(
        encode: impl Fn(u32, &T, &mut Vec<u8>),
    ) -> Vec<(Vec<u8>, Meaning)> {
        (INTS.iter())
            .filter_map(|&n| T::try_from(n).ok().map(|value| (value, n)))
            .map(|(value, n)| {
                let mut bytes = Vec::new();
                encode(1, &value, &mut bytes);
                (bytes, Meaning::Int(n))
            })
            .collect()
    }
    fn floats<T: Copy + Into<f64>>(
        values: &[T],
        encode: impl Fn(u32, &T, &mut Vec<u8>),
    ) -> Vec<(Vec<u8>, Meaning)> {
        (values.iter())
            .map(|value| {
                let mut bytes = Vec::new();
                encode(1, value, &mut bytes);
                (bytes, Meaning::Float((*value).into()))
            })
            .collect()
    }
    match ty {
        "double" => floats(&[0.0, 1.0, -2.5, 1e300], encoding::double::encode),
        "float" => floats(&[0.0f32, 1.0, -2.5, 3e38], encoding::float::encode),
        // An open enum holds any int32 on the wire, named or not.
        "int32" | "E" => ints::<i32>(encoding::int32::encode),
        "int64" => ints::<i64>(encoding::int64::encode),
        "uint32" => ints::<u32>(encoding::uint32::encode),
        "uint64" => ints::<u64>(encoding::uint64::encode),
        "sint32" => ints::<i32>(encoding::sint32::encode),
        "sint64" => ints::<i64>(encoding::sint64::encode),
        "fixed32" => ints::<u32>(encoding::fixed32::encode),
        "fixed64" => ints::<u64>(encoding::fixed64::encode),
        "sfixed32" => ints::<i32>(encoding::sfixed32::encode),
        "sfixed64" => ints::<i64>(encoding::sfixed64::encode),
        "bool" => [false, true]
            .iter()
            .map(|value| {
                let mut bytes = Vec::new();
                encoding::bool::encode(1, value, &mut bytes);
                (bytes, Meaning::Int(i128::from(*value)))
            })
            .collect(),
        "string" | "bytes" => {
            let mut values = vec![b"h\xc3\xa9llo".to_vec()];
            if ty == "bytes" {
                values.push(vec![0xff, 0x00]);
            }
            (values.into_iter())
                .map(|value| {
                    let mut bytes = Vec::new();
                    encoding::bytes::encode(1, &value, &mut bytes);
                    (bytes, Meaning::Bytes(value))
                })
                .collect()
        }
        _ => unreachable!("{ty}"),
    }
}

/// What prost reads from `bytes` as a field of type `ty`; `None` where it
/// refuses them (another wire type, a string that is not UTF-8).
fn read(ty: &str, bytes: &[u8]) -> Option<Meaning> {
    fn merge<'a, T: Default>(
        bytes: &'a [u8],
        merge: impl Fn(WireType, &mut T, &mut &'a [u8], DecodeContext) -> Result<(), prost::DecodeError>,
    ) -> Option<T> {
        let mut buf = bytes;
        let (_, wire_type) = encoding::decode_key(&mut buf).ok()?;
        let mut value = T::default();
        merge(wire_type, &mut value, &mut buf, DecodeContext::default()).ok()?;
        (!buf.has_remaining()).then_some(value)
    }
    let int = |n: i128| Some(Meaning::Int(n));
    match ty {
        "double" => merge(bytes, encoding::double::merge).map(Meaning::Float),
        "float" => merge(bytes, encoding::float::merge).map(|v: f32| Meaning::Float(v.into())),
        "int32" | "E" => int(merge(bytes, encoding::int32::merge)?.into()),
        "int64" => int(merge(bytes, encoding::int64::merge)?.into()),
        "uint32" => int(merge(bytes, encoding::uint32::merge)?.into()),
        "uint64" => int(merge(bytes, encoding::uint64::merge)?.into()),
        "sint32" => int(merge(bytes, encoding::sint32::merge)?.into()),
        "sint64" => int(merge(bytes, encoding::sint64::merge)?.into()),
        "fixed32" => int(merge(bytes, encoding::fixed32::merge)?.into()),
        "fixed64" => int(merge(bytes, encoding::fixed64::merge)?.into()),
        "sfixed32" => int(merge(bytes, encoding::sfixed32::merge)?.into()),
        "sfixed64" => int(merge(bytes, encoding::sfixed64::merge)?.into()),
        "bool" => int(merge(bytes, encoding::bool::merge)?.into()),
        "string" => merge(bytes, encoding::string::merge).map(|s: String| Meaning::Bytes(s.into())),
        "bytes" => merge(bytes, encoding::bytes::merge).map(Meaning::Bytes),
        _ => unreachable!("{ty}"),
    }
}

/// Whether some value of type `old` reads back as something else, or
/// not at all, as type `new`.
fn changes_values(old: &str, new: &str) -> bool {
    samples(old)
        .into_iter()
        .any(|(bytes, meaning)| read(new, &bytes) != Some(meaning))
}

fn proto(body: &str) -> String {
    format!("syntax = \"proto3\";\npackage t;\nenum E {{ E_ZERO = 0; }}\nmessage M {{\n{body}}}\n")
}

/// The codes `schemac breaking --level wire` reports for field 1 changing
/// from `old` to `new`.
fn schemac_wire_codes(old: &str, new: &str) -> Vec<String> {
    let analyze = |ty: &str| {
        schemac::analyze_text("t.proto", &proto(&format!("  {ty} f = 1;\n"))).expect("checks")
    };
    let breaking = analyze(new).breaking_since(&analyze(old), "old:");
    (breaking.at(Level::Wire))
        .map(|finding| finding.diagnostic.code.to_string())
        .collect()
}

fn pairs() -> Vec<(&'static str, &'static str)> {
    let mut pairs = Vec::new();
    for old in TYPES {
        for new in TYPES {
            if old != new {
                pairs.push((old, new));
            }
        }
    }
    pairs
}

#[test]
fn the_wire_level_reports_exactly_the_changes_that_change_values() {
    let mut wrong = Vec::new();
    for (old, new) in pairs() {
        let codes = schemac_wire_codes(old, new);
        if codes.is_empty() == changes_values(old, new) {
            wrong.push(format!("{old} -> {new}: {codes:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Where schemac and buf differ, one of two reasons holds, both in
/// docs/evolution.md: buf accepts a change between integers that reads
/// some values as other numbers (B0013), or buf refuses a change between
/// an open enum and an integer that reads every value as itself.
#[test]
fn schemac_and_buf_differ_only_where_the_docs_say() {
    let buf_accepts: Vec<(&str, &str)> = match buf_or_skip("the pinned WIRE verdicts") {
        Some(buf) => ask_buf(&buf),
        None => BUF_WIRE_ACCEPTS.to_vec(),
    };
    let mut integer_reinterpreted = 0;
    let mut enum_read_alike = 0;
    let mut unexplained = Vec::new();
    for (old, new) in pairs() {
        let schemac = !schemac_wire_codes(old, new).is_empty();
        let buf = !buf_accepts.contains(&(old, new));
        match (schemac, buf) {
            (true, false) if schemac_wire_codes(old, new) == ["B0013"] => {
                integer_reinterpreted += 1
            }
            (false, true) if (old == "E" || new == "E") && !changes_values(old, new) => {
                enum_read_alike += 1
            }
            (schemac, buf) if schemac != buf => {
                unexplained.push(format!("{old} -> {new}: schemac {schemac}, buf {buf}"))
            }
            _ => {}
        }
    }
    assert!(unexplained.is_empty(), "{}", unexplained.join("\n"));
    assert_eq!((integer_reinterpreted, enum_read_alike), (18, 4));
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// buf: `SCHEMAC_BUF`, else the checkout's `.tools/node_modules/.bin/buf`
/// (`.ci/run` installs it there). Without one, a note on stderr and
/// `None`; under `CI=true`, a failure.
fn buf_or_skip(what: &str) -> Option<PathBuf> {
    let buf = match std::env::var_os("SCHEMAC_BUF") {
        Some(buf) => PathBuf::from(buf),
        None => workspace_root().join(".tools/node_modules/.bin/buf"),
    };
    if buf.exists() {
        return Some(buf);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "no buf, and CI=true promises it: npm install --prefix .tools @bufbuild/buf"
    );
    eprintln!(
        "note: no buf (npm install --prefix .tools @bufbuild/buf); {what} left unchecked by buf"
    );
    None
}

/// The pairs buf's `WIRE` category accepts, asked of buf: one message with
/// a field per pair, old and new.
fn ask_buf(buf: &Path) -> Vec<(&'static str, &'static str)> {
    let dir = tempdir("against-buf");
    let pairs = pairs();
    for (version, pick) in [("old", 0), ("new", 1)] {
        let body: String = (pairs.iter().enumerate())
            .map(|(i, pair)| {
                let ty = if pick == 0 { pair.0 } else { pair.1 };
                format!("  {ty} f{n} = {n};\n", n = i + 1)
            })
            .collect();
        std::fs::create_dir_all(dir.join(version)).unwrap();
        std::fs::write(dir.join(version).join("t.proto"), proto(&body)).unwrap();
    }
    let refused = buf_breaking(buf, &dir, "WIRE");
    let numbers: Vec<usize> = (refused.iter())
        .map(|(_, message, _)| {
            let number = message
                .split('"')
                .nth(1)
                .expect("Field \"N\" in the message");
            number.parse().expect("a field number")
        })
        .collect();
    (pairs.into_iter().enumerate())
        .filter(|(i, _)| !numbers.contains(&(i + 1)))
        .map(|(_, pair)| pair)
        .collect()
}

/// `buf breaking` of `dir/new` against `dir/old` under the rule category
/// `category`: each finding's rule, message and file.
fn buf_breaking(buf: &Path, dir: &Path, category: &str) -> Vec<(String, String, String)> {
    let config = format!(r#"{{"version":"v2","breaking":{{"use":["{category}"]}}}}"#);
    let out = Command::new(buf)
        .current_dir(dir.join("new"))
        .args([
            "breaking",
            ".",
            "--against",
            "../old",
            "--error-format",
            "json",
        ])
        .args(["--config", &config])
        .output()
        .expect("buf runs");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success() || out.status.code() == Some(100),
        "buf failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (stdout.lines())
        .map(|line| {
            let finding: serde_json::Value = serde_json::from_str(line).expect("buf's JSON");
            let field = |key: &str| finding[key].as_str().unwrap_or_default().to_owned();
            (field("type"), field("message"), field("path"))
        })
        .collect()
}

/// A fresh directory under the target directory's tmp.
fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One change of a schema, as docs/evolution.md's table of schemac against
/// buf shows it: the codes schemac reports at any level, and the rules of
/// buf's `WIRE` and `WIRE_JSON` categories that fire.
struct Change {
    name: &'static str,
    proto2: bool,
    old: &'static str,
    new: &'static str,
    schemac: &'static [&'static str],
    buf_wire: &'static [&'static str],
    buf_wire_json: &'static [&'static str],
}

const CHANGES: &[Change] = &[
    Change {
        name: "a field deleted",
        proto2: false,
        old: "message M { string a = 1; string b = 2; }",
        new: "message M { string a = 1; }",
        schemac: &["B0001"],
        buf_wire: &["FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED"],
        buf_wire_json: &[
            "FIELD_NO_DELETE_UNLESS_NAME_RESERVED",
            "FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED",
        ],
    },
    Change {
        name: "a field deleted, its number reserved",
        proto2: false,
        old: "message M { string a = 1; string b = 2; }",
        new: "message M { string a = 1; reserved 2; }",
        schemac: &["B0105"],
        buf_wire: &[],
        buf_wire_json: &["FIELD_NO_DELETE_UNLESS_NAME_RESERVED"],
    },
    Change {
        name: "a field deleted, its number and name reserved",
        proto2: false,
        old: "message M { string a = 1; string b = 2; }",
        new: "message M { string a = 1; reserved 2; reserved \"b\"; }",
        schemac: &[],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "a reserved number taken",
        proto2: false,
        old: "message M { string a = 1; reserved 2; }",
        new: "message M { string a = 1; string b = 2; }",
        schemac: &["B0002"],
        buf_wire: &["RESERVED_MESSAGE_NO_DELETE"],
        buf_wire_json: &["RESERVED_MESSAGE_NO_DELETE"],
    },
    Change {
        name: "a field added",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message M { string a = 1; string b = 2; }",
        schemac: &[],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "`int32` → `int64`",
        proto2: false,
        old: "message M { int32 a = 1; }",
        new: "message M { int64 a = 1; }",
        schemac: &["B0102"],
        buf_wire: &[],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "`int64` → `int32`",
        proto2: false,
        old: "message M { int64 a = 1; }",
        new: "message M { int32 a = 1; }",
        schemac: &["B0013"],
        buf_wire: &[],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "`int32` → `uint32`",
        proto2: false,
        old: "message M { int32 a = 1; }",
        new: "message M { uint32 a = 1; }",
        schemac: &["B0013"],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "`int32` → `sint32`",
        proto2: false,
        old: "message M { int32 a = 1; }",
        new: "message M { sint32 a = 1; }",
        schemac: &["B0004"],
        buf_wire: &["FIELD_WIRE_COMPATIBLE_TYPE"],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "`fixed64` → `double`",
        proto2: false,
        old: "message M { fixed64 a = 1; }",
        new: "message M { double a = 1; }",
        schemac: &["B0012"],
        buf_wire: &["FIELD_WIRE_COMPATIBLE_TYPE"],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "`string` → `bytes`",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message M { bytes a = 1; }",
        schemac: &["B0102"],
        buf_wire: &[],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "`bytes` → `string`",
        proto2: false,
        old: "message M { bytes a = 1; }",
        new: "message M { string a = 1; }",
        schemac: &["B0004"],
        buf_wire: &["FIELD_WIRE_COMPATIBLE_TYPE"],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "`int32` → an open enum",
        proto2: false,
        old: "enum E { E_ZERO = 0; } message M { int32 a = 1; }",
        new: "enum E { E_ZERO = 0; } message M { E a = 1; }",
        schemac: &["B0102"],
        buf_wire: &["FIELD_WIRE_COMPATIBLE_TYPE"],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "a message field → another message",
        proto2: false,
        old: "message A { string x = 1; } message B { string y = 1; } message M { A a = 1; }",
        new: "message A { string x = 1; } message B { string y = 1; } message M { B a = 1; }",
        schemac: &["B0005"],
        buf_wire: &["FIELD_WIRE_COMPATIBLE_TYPE"],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_TYPE"],
    },
    Change {
        name: "`string` → `repeated string`",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message M { repeated string a = 1; }",
        schemac: &["B0007"],
        buf_wire: &["FIELD_WIRE_COMPATIBLE_CARDINALITY"],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY"],
    },
    Change {
        name: "`int32` → `repeated int32`",
        proto2: false,
        old: "message M { int32 a = 1; }",
        new: "message M { repeated int32 a = 1; }",
        schemac: &["B0007"],
        buf_wire: &["FIELD_WIRE_COMPATIBLE_CARDINALITY"],
        buf_wire_json: &["FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY"],
    },
    Change {
        name: "a field moved into a oneof",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message M { oneof o { string a = 1; } }",
        schemac: &["B0008"],
        buf_wire: &["FIELD_SAME_ONEOF"],
        buf_wire_json: &["FIELD_SAME_ONEOF"],
    },
    Change {
        name: "a field renamed",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message M { string b = 1; }",
        schemac: &["B0101"],
        buf_wire: &[],
        buf_wire_json: &["FIELD_SAME_JSON_NAME", "FIELD_SAME_NAME"],
    },
    Change {
        name: "a field's `json_name` changed",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message M { string a = 1 [json_name = \"b\"]; }",
        schemac: &["B0101"],
        buf_wire: &[],
        buf_wire_json: &["FIELD_SAME_JSON_NAME"],
    },
    Change {
        name: "`optional` added",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message M { optional string a = 1; }",
        schemac: &["B0201"],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "a packed list unpacked",
        proto2: false,
        old: "message M { repeated int32 a = 1; }",
        new: "message M { repeated int32 a = 1 [packed = false]; }",
        schemac: &[],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "a oneof renamed",
        proto2: false,
        old: "message M { oneof o { string a = 1; } }",
        new: "message M { oneof p { string a = 1; } }",
        schemac: &["B0204"],
        buf_wire: &["FIELD_SAME_ONEOF"],
        buf_wire_json: &["FIELD_SAME_ONEOF"],
    },
    Change {
        name: "an enum value deleted",
        proto2: false,
        old: "enum E { E_ZERO = 0; E_ONE = 1; }",
        new: "enum E { E_ZERO = 0; }",
        schemac: &["B0009"],
        buf_wire: &["ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED"],
        buf_wire_json: &[
            "ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED",
            "ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED",
        ],
    },
    Change {
        name: "an enum value renumbered",
        proto2: false,
        old: "enum E { E_ZERO = 0; E_ONE = 1; }",
        new: "enum E { E_ZERO = 0; E_ONE = 2; }",
        schemac: &["B0010"],
        buf_wire: &["ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED"],
        buf_wire_json: &[
            "ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED",
            "ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED",
        ],
    },
    Change {
        name: "an enum value renamed",
        proto2: false,
        old: "enum E { E_ZERO = 0; E_ONE = 1; }",
        new: "enum E { E_ZERO = 0; E_UNO = 1; }",
        schemac: &["B0103"],
        buf_wire: &[],
        buf_wire_json: &["ENUM_VALUE_SAME_NAME"],
    },
    Change {
        name: "a message renamed",
        proto2: false,
        old: "message M { string a = 1; }",
        new: "message N { string a = 1; }",
        schemac: &["B0104"],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "a message moved into another",
        proto2: false,
        old: "message M { string a = 1; } message P { }",
        new: "message P { message M { string a = 1; } }",
        schemac: &["B0203"],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "a message deleted",
        proto2: false,
        old: "message M { string a = 1; } message P { }",
        new: "message M { string a = 1; }",
        schemac: &["B0202"],
        buf_wire: &[],
        buf_wire_json: &[],
    },
    Change {
        name: "a field made `required` (proto2)",
        proto2: true,
        old: "message M { optional string a = 1; }",
        new: "message M { required string a = 1; }",
        schemac: &["B0011"],
        buf_wire: &[
            "FIELD_WIRE_COMPATIBLE_CARDINALITY",
            "MESSAGE_SAME_REQUIRED_FIELDS",
        ],
        buf_wire_json: &[
            "FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY",
            "MESSAGE_SAME_REQUIRED_FIELDS",
        ],
    },
    Change {
        name: "a default changed (proto2)",
        proto2: true,
        old: "message M { optional int32 a = 1 [default = 1]; }",
        new: "message M { optional int32 a = 1 [default = 2]; }",
        schemac: &["B0014"],
        buf_wire: &["FIELD_SAME_DEFAULT"],
        buf_wire_json: &["FIELD_SAME_DEFAULT"],
    },
    Change {
        name: "an rpc deleted",
        proto2: false,
        old: "message M {  } service S { rpc A(M) returns (M); rpc B(M) returns (M); }",
        new: "message M {  } service S { rpc A(M) returns (M); }",
        schemac: &[],
        buf_wire: &[],
        buf_wire_json: &[],
    },
];

fn case_file(package: &str, change: &Change, body: &str) -> String {
    let syntax = if change.proto2 { "proto2" } else { "proto3" };
    format!("syntax = \"{syntax}\";\npackage {package};\n{body}\n")
}

/// The row of docs/evolution.md's table that shows `change`.
fn docs_row(change: &Change) -> String {
    let level = |code: &str| match &code[..3] {
        "B00" => "wire",
        "B01" => "json",
        _ => "rust",
    };
    let codes: Vec<String> = (change.schemac.iter())
        .map(|code| format!("{code} {}", level(code)))
        .collect();
    let rules = |rules: &[&str]| {
        let quoted: Vec<String> = rules.iter().map(|rule| format!("`{rule}`")).collect();
        quoted.join(", ")
    };
    let cells = [
        change.name.to_owned(),
        codes.join(", "),
        rules(change.buf_wire),
        rules(change.buf_wire_json),
    ];
    let cells: Vec<String> = (cells.iter())
        .map(|cell| {
            if cell.is_empty() {
                " ".to_owned()
            } else {
                format!(" {cell} ")
            }
        })
        .collect();
    format!("|{}|", cells.join("|"))
}

#[test]
fn the_docs_table_shows_each_change_as_pinned() {
    let docs = std::fs::read_to_string(workspace_root().join("docs/evolution.md")).unwrap();
    let missing: Vec<String> = CHANGES
        .iter()
        .map(docs_row)
        .filter(|row| !docs.lines().any(|line| line == row))
        .collect();
    assert!(
        missing.is_empty(),
        "rows not in docs/evolution.md:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_docs_table_of_changes_is_what_both_tools_report() {
    let buf = buf_or_skip("the pinned rules of buf in the table of changes");
    let dir = tempdir("changes");
    for version in ["old", "new"] {
        std::fs::create_dir_all(dir.join(version)).unwrap();
    }
    let mut wrong = Vec::new();
    for (i, change) in CHANGES.iter().enumerate() {
        let package = format!("c{i}");
        let (old, new) = (
            case_file(&package, change, change.old),
            case_file(&package, change, change.new),
        );
        let name = format!("c{i}.proto");
        std::fs::write(dir.join("old").join(&name), &old).unwrap();
        std::fs::write(dir.join("new").join(&name), &new).unwrap();
        let old = schemac::analyze_text(&name, &old).expect("old checks");
        let new = schemac::analyze_text(&name, &new).expect("new checks");
        let codes: Vec<String> = (new.breaking_since(&old, "old:").at(Level::Rust))
            .map(|finding| finding.diagnostic.code.to_string())
            .collect();
        if codes != change.schemac {
            wrong.push(format!("{}: schemac {codes:?}", change.name));
        }
    }
    if let Some(buf) = buf {
        for (category, pinned) in [("WIRE", 0), ("WIRE_JSON", 1)] {
            let found = buf_breaking(&buf, &dir, category);
            for (i, change) in CHANGES.iter().enumerate() {
                let path = format!("c{i}.proto");
                let mut rules: Vec<&str> = (found.iter())
                    .filter(|(_, _, file)| *file == path)
                    .map(|(rule, _, _)| rule.as_str())
                    .collect();
                rules.sort();
                rules.dedup();
                let expected = if pinned == 0 {
                    change.buf_wire
                } else {
                    change.buf_wire_json
                };
                if rules != expected {
                    wrong.push(format!("{}: buf {category} {rules:?}", change.name));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
