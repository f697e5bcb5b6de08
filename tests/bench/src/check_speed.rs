//! How long schemac takes to check schemas of 100,000 declarations: a
//! message of 100,000 fields and a file of 100,000 types, in `.schema`
//! and in proto3 `.proto`. Every rule of check, resolve and the syntax
//! stage is linear or `n log n` in such a schema (compiler/tests/
//! large_schemas.rs holds them to it); this measures what that comes to.
//!
//! The `check-speed` binary writes the schemas under
//! `target/bench-check/`, times [`schemac::analyze`] on each (what
//! `schemac check` does: read, parse, resolve, check and lint, without
//! printing) and writes `target/bench-check.json`, which the report
//! includes.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};

/// How many fields, or types, the large schemas have.
pub const LARGE: usize = 100_000;

/// A schema of the check benchmark.
#[derive(Clone, Debug)]
pub struct LargeSchema {
    /// Its file name, whose extension picks the language.
    pub file: String,
    /// What it holds.
    pub what: String,
    /// Its text.
    pub text: String,
}

/// The schemas of the check benchmark, with `count` fields or types: a
/// message `Wide` of fields `f0: i32 = 1` …, and a file of messages `M0`
/// … and enums `E0` …, half each, each message holding the enum of its
/// number and the next message; each in `.schema` and in proto3.
pub fn large_schemas(count: usize) -> Vec<LargeSchema> {
    let languages = [
        ("schema", "package large;\n"),
        ("proto", "syntax = \"proto3\";\npackage large;\n"),
    ];
    let mut schemas = Vec::new();
    for (extension, header) in languages {
        let proto = extension == "proto";
        let field = |name: &str, ty: &str, number: usize| match proto {
            true => format!("{} {name} = {number};", proto_type(ty)),
            false => format!("{name}: {ty} = {number};"),
        };
        let mut wide = format!("{header}message Wide {{\n");
        for index in 0..count {
            let _ = writeln!(
                wide,
                "  {}",
                field(&format!("f{index}"), "i32", number(index))
            );
        }
        wide.push_str("}\n");
        schemas.push(LargeSchema {
            file: format!("fields-{}.{extension}", thousands(count)),
            what: format!("one message of {count} fields"),
            text: wide,
        });
        let half = count / 2;
        let mut types = header.to_owned();
        for index in 0..half {
            let next = (index + 1) % half.max(1);
            let kind = field("kind", &format!("E{index}"), 1);
            let next = field("next", &format!("M{next}"), 2);
            let _ = writeln!(types, "message M{index} {{ {kind} {next} }}");
        }
        for index in 0..half {
            let _ = writeln!(
                types,
                "enum E{index} {{ E{index}_NONE = 0; E{index}_ONE = 1; }}"
            );
        }
        schemas.push(LargeSchema {
            file: format!("types-{}.{extension}", thousands(count)),
            what: format!("{half} messages and {half} enums, each message holding two"),
            text: types,
        });
    }
    schemas
}

/// The field number of the `index`th field: 1, 2, …, leaving out the
/// numbers protobuf keeps for itself.
fn number(index: usize) -> usize {
    let number = index + 1;
    if number < 19_000 {
        number
    } else {
        number + 1_000
    }
}

/// `i32` as protobuf spells it; type names as they are.
fn proto_type(ty: &str) -> &str {
    match ty {
        "i32" => "int32",
        other => other,
    }
}

/// `100k` for 100,000, `1000` for 1,000.
fn thousands(count: usize) -> String {
    match count.is_multiple_of(1_000) && count >= 10_000 {
        true => format!("{}k", count / 1_000),
        false => count.to_string(),
    }
}

/// The check times of every large schema.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CheckTimes {
    /// `optimized` or `dev`: how the timing program was built.
    pub profile: String,
    /// How many timed checks each schema had.
    pub runs: usize,
    /// One entry per schema.
    pub schemas: Vec<CheckRow>,
}

/// The check times of one schema.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CheckRow {
    /// Its file name.
    pub schema: String,
    /// What it holds.
    pub what: String,
    /// Its size in bytes.
    pub bytes: usize,
    /// Every timed check, in seconds.
    pub seconds: Vec<f64>,
    /// Their median.
    pub median_seconds: f64,
}

/// Writes the large schemas of `count` declarations into `dir`, checks
/// each once untimed, then `runs` times, timed.
pub fn time_check(dir: &Path, count: usize, runs: usize) -> io::Result<CheckTimes> {
    fs::create_dir_all(dir)?;
    let mut rows = Vec::new();
    for schema in large_schemas(count) {
        let path = dir.join(&schema.file);
        fs::write(&path, &schema.text)?;
        check(&path)?;
        let mut seconds = Vec::with_capacity(runs);
        for _ in 0..runs {
            let start = Instant::now();
            check(&path)?;
            seconds.push(start.elapsed().as_secs_f64());
        }
        rows.push(CheckRow {
            schema: schema.file,
            what: schema.what,
            bytes: schema.text.len(),
            median_seconds: crate::median(&seconds).unwrap_or(0.0),
            seconds,
        });
    }
    let profile = if cfg!(debug_assertions) {
        "dev"
    } else {
        "optimized"
    };
    Ok(CheckTimes {
        profile: profile.to_owned(),
        runs,
        schemas: rows,
    })
}

/// What `schemac check` does with `path`, short of printing: the analysis
/// must succeed.
fn check(path: &Path) -> io::Result<()> {
    let roots = [PathBuf::from(path)];
    let analysis = schemac::analyze(&roots, &[], &mut |path| fs::read_to_string(path))
        .map_err(|error| io::Error::other(error.to_string()))?;
    drop(analysis);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_large_schemas_check_and_hold_what_they_say() {
        let dir = crate::target_dir().join("bench-check-test");
        let times = time_check(&dir, 1_000, 1).unwrap();
        let names: Vec<&str> = times
            .schemas
            .iter()
            .map(|row| row.schema.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "fields-1000.schema",
                "types-1000.schema",
                "fields-1000.proto",
                "types-1000.proto"
            ]
        );
        for schema in large_schemas(1_000) {
            let analysis = schemac::analyze_text(&schema.file, &schema.text).unwrap();
            let fields: usize = analysis
                .schema
                .messages
                .iter()
                .map(|m| m.fields.len())
                .sum();
            let types = analysis.schema.messages.len() + analysis.schema.enums.len();
            match schema.file.starts_with("fields") {
                true => assert_eq!((fields, types), (1_000, 1), "{}", schema.file),
                false => assert_eq!((fields, types), (1_000, 1_000), "{}", schema.file),
            }
        }
    }
}
