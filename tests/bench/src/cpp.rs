//! The C++ peer: Google's protobuf (`libprotobuf`), timed on each dataset's
//! bytes by a small harness of its own, `cpp/harness.cc`.
//!
//! [`Harness::build`] runs protoc on the `.proto` files schemac exports for
//! the benchmark schemas (build.rs writes them into `OUT_DIR/proto`, the
//! same files prost and buffa are generated from), compiles the generated
//! classes and the harness with `g++ -O2` against the system's libprotobuf,
//! and keeps the program under `target/bench-cpp/`, named by a hash of its
//! inputs, so that later runs reuse it. Where g++, protoc or libprotobuf's
//! headers are missing it says which ([`Unavailable::Missing`]), and the
//! benchmarks go on without C++.
//!
//! The harness reads the bytes schemac writes for a dataset (the bytes every
//! protobuf format decodes) and times three operations ([`FORMATS`]): encode
//! (`SerializeToString` into a new `std::string`), heap decode
//! (`ParseFromArray` into a message made with `New()`, then deleted) and
//! arena decode (a new `google::protobuf::Arena`, the message made in it,
//! `ParseFromArray`, then the arena dropped). As criterion does with the
//! Rust formats, it warms up, takes samples of many calls and reports the
//! median of the samples' mean times per call ([`Harness::time`]); the bench
//! runs it in the process that has just measured the same dataset with
//! criterion, with the same sample count and times, and
//! [`write_medians`] puts its medians beside criterion's, where the report
//! reads them as it reads criterion's ([`read_medians`]).

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::fmt::Write as _;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, SystemTime};

use tempfile::TempDir;

use crate::Timing;
use crate::report::{DatasetReport, Report, Target, TargetGroup, time_ratio};

/// The C++ formats of the report: `cpp` (encode, and decode on the heap)
/// and `cpp-arena` (decode into an arena).
pub const FORMATS: &[&str] = &["cpp", "cpp-arena"];

/// The harness's source.
const SOURCE: &str = include_str!("../cpp/harness.cc");

/// The compiler's flags, besides libprotobuf's.
const CXX_FLAGS: &[&str] = &["-O2", "-std=c++17", "-pthread"];

/// Where build.rs exported the benchmark schemas as `.proto` files.
const PROTO_DIR: &str = concat!(env!("OUT_DIR"), "/proto");

/// Why the harness is not there.
#[derive(Debug)]
pub enum Unavailable {
    /// A tool or library it needs is not installed; the message says which
    /// and how to install it.
    Missing(String),
    /// The tools are there but building it failed.
    Failed(String),
}

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Missing(what) => write!(f, "C++ skipped: {what}"),
            Self::Failed(why) => write!(f, "C++ skipped: the harness did not build: {why}"),
        }
    }
}

/// The C++ harness, built.
#[derive(Clone, Debug)]
pub struct Harness {
    program: PathBuf,
    /// The toolchain, in words, for the report.
    pub toolchain: String,
}

/// The median time per call of each operation, in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Times {
    /// `SerializeToString` into a new string.
    pub encode_ns: f64,
    /// `ParseFromArray` into a new heap message, deleted.
    pub decode_ns: f64,
    /// `ParseFromArray` into a message in a new arena, dropped.
    pub arena_decode_ns: f64,
}

impl Harness {
    /// The harness, built under `target_dir/bench-cpp/` unless a build of
    /// the same inputs is already there.
    pub fn build(target_dir: &Path) -> Result<Self, Unavailable> {
        let protoc = version("protoc", "--version").ok_or_else(|| {
            Unavailable::Missing(
                "protoc not found (apt-get install protobuf-compiler libprotobuf-dev)".to_owned(),
            )
        })?;
        let gxx = version("g++", "--version").ok_or_else(|| {
            Unavailable::Missing("g++ not found (apt-get install g++)".to_owned())
        })?;
        let libs = protobuf_libs();
        let protos = proto_files().map_err(|error| {
            Unavailable::Failed(format!(
                "cannot list the .proto files in {PROTO_DIR}: {error}"
            ))
        })?;
        let mut hasher = DefaultHasher::new();
        (SOURCE, CXX_FLAGS, &libs, &protoc, &gxx).hash(&mut hasher);
        for proto in &protos {
            (proto, fs::read(Path::new(PROTO_DIR).join(proto)).ok()).hash(&mut hasher);
        }
        let dir = target_dir
            .join("bench-cpp")
            .join(format!("{:016x}", hasher.finish()));
        let harness = Harness {
            program: dir.join("harness"),
            toolchain: format!("{protoc}, {gxx}, g++ {}", CXX_FLAGS.join(" ")),
        };
        // One build at a time in this process (tests run in threads).
        static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _building = BUILDING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !harness.program.is_file() {
            compile(&dir, &protos, &libs)?;
        }
        Ok(harness)
    }

    /// Times encode, heap decode and arena decode of `input` as the
    /// message `message` (a full name, such as `shop.Order`).
    pub fn time(&self, message: &str, input: &[u8], timing: Timing) -> Result<Times, String> {
        let scratch = scratch("time")?;
        let input_path = write(&scratch, "input", input)?;
        let output = run(Command::new(&self.program)
            .arg("time")
            .arg(message)
            .arg(&input_path)
            .arg(timing.samples.to_string())
            .arg(millis(timing.warm_up))
            .arg(millis(timing.measurement)))?;
        let text = String::from_utf8_lossy(&output.stdout);
        let times: HashMap<&str, f64> = text
            .lines()
            .filter_map(|line| {
                let (name, value) = line.split_once(' ')?;
                Some((name, value.parse().ok()?))
            })
            .collect();
        let get = |name: &str| {
            times
                .get(name)
                .copied()
                .ok_or_else(|| format!("the harness printed no `{name}` time: {text}"))
        };
        Ok(Times {
            encode_ns: get("encode")?,
            decode_ns: get("decode")?,
            arena_decode_ns: get("arena-decode")?,
        })
    }

    /// Decodes `input` as `message` on the heap and in an arena and returns
    /// each message encoded again, deterministically (map entries in key
    /// order): (heap, arena).
    pub fn reencode(&self, message: &str, input: &[u8]) -> Result<(Vec<u8>, Vec<u8>), String> {
        let scratch = scratch("check")?;
        let input_path = write(&scratch, "input", input)?;
        let (heap, arena) = (scratch.path().join("heap"), scratch.path().join("arena"));
        run(Command::new(&self.program)
            .arg("check")
            .arg(message)
            .arg(&input_path)
            .arg(&heap)
            .arg(&arena))?;
        let read = |path: &Path| fs::read(path).map_err(|error| error.to_string());
        Ok((read(&heap)?, read(&arena)?))
    }
}

impl Times {
    /// The benchmark ids of the three times, as the report reads them,
    /// with the times.
    pub fn medians(&self, dataset: &str) -> [(String, f64); 3] {
        let id = |format, op| crate::report::bench_id(dataset, format, op);
        [
            (id("cpp", "encode"), self.encode_ns),
            (id("cpp", "decode"), self.decode_ns),
            (id("cpp-arena", "decode"), self.arena_decode_ns),
        ]
    }
}

/// The file that holds the C++ medians of `dataset` measured by the process
/// whose criterion output goes to `criterion_dir`.
fn medians_path(criterion_dir: &Path, dataset: &str) -> PathBuf {
    criterion_dir.join("cpp").join(format!("{dataset}.json"))
}

/// Writes the C++ medians of `dataset` beside criterion's estimates in
/// `criterion_dir`.
pub fn write_medians(criterion_dir: &Path, dataset: &str, times: &Times) -> std::io::Result<()> {
    let path = medians_path(criterion_dir, dataset);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    let medians: HashMap<String, f64> = times.medians(dataset).into_iter().collect();
    fs::write(path, serde_json::to_vec_pretty(&medians)?)
}

/// Every C++ median written into `criterion_dir` since `since`, by
/// benchmark id.
pub fn read_medians(criterion_dir: &Path, since: SystemTime) -> HashMap<String, f64> {
    let Ok(entries) = fs::read_dir(criterion_dir.join("cpp")) else {
        return HashMap::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            let modified = entry.metadata().and_then(|m| m.modified());
            modified.is_ok_and(|modified| modified >= since)
        })
        .filter_map(|entry| fs::read(entry.path()).ok())
        .filter_map(|bytes| serde_json::from_slice::<HashMap<String, f64>>(&bytes).ok())
        .flatten()
        .collect()
}

/// The targets against C++ (issue 55): every owned decode at least as fast
/// as C++'s heap parse, every view at least twice as fast as its arena
/// parse, and the 1 MiB `bytes` field decoded at least as fast as buffa and
/// C++ decode it.
pub fn targets(datasets: &[DatasetReport]) -> Vec<Target> {
    let lowest = |theirs: &str, ours: &str| {
        datasets
            .iter()
            .filter_map(|d| {
                let ratio = time_ratio(datasets, &d.name, (theirs, "decode"), (ours, "decode"))?;
                Some((ratio, d.name.as_str()))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
    };
    let target = |case: &str, minimum: f64, lowest: Option<(f64, &str)>, what: &str| Target {
        group: TargetGroup::AgainstCpp,
        case: case.to_owned(),
        target: format!("≥ {minimum:.2}"),
        measured: lowest.map_or_else(
            || "not measured".to_owned(),
            |(ratio, name)| format!("lowest {ratio:.2} ({what} {name})"),
        ),
        met: lowest.map(|(ratio, _)| ratio >= minimum),
    };
    let blob = ["buffa", "cpp", "cpp-arena"]
        .into_iter()
        .filter_map(|theirs| {
            let ratio = time_ratio(
                datasets,
                "blob-1m",
                (theirs, "decode"),
                ("schemac", "decode"),
            );
            Some((ratio?, theirs))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    vec![
        target(
            "every owned decode, against C++'s heap parse",
            1.0,
            lowest("cpp", "schemac"),
            "decode",
        ),
        target(
            "every view decode, against C++'s arena parse",
            2.0,
            lowest("cpp-arena", "schemac-view"),
            "view",
        ),
        target(
            "decode of a 1 MiB `bytes` field, against buffa and C++ (heap and arena)",
            1.0,
            blob,
            "blob-1m against",
        ),
    ]
}

/// The section of the report against C++: C++'s time over schemac's, mode
/// by mode, or why C++ was not measured.
pub fn markdown(md: &mut String, report: &Report) {
    let datasets = &report.datasets;
    let measured = datasets
        .iter()
        .any(|d| d.rows.iter().any(|r| FORMATS.contains(&r.format.as_str())));
    md.push_str("\n## Against C++\n\n");
    if !measured {
        let why = report
            .run
            .cpp
            .as_deref()
            .unwrap_or("not measured in this run");
        let _ = writeln!(md, "C++ was not measured: {why}.");
        return;
    }
    md.push_str(
        "C++ time / schemac time, medians of this run (above 1 is faster than C++): encode; \
         owned decode against C++'s heap parse and its arena parse; views against the arena \
         parse.\n\n| dataset | encode | decode × heap | decode × arena | view × arena |\n\
         |---|---:|---:|---:|---:|\n",
    );
    for dataset in datasets {
        let name = dataset.name.as_str();
        let ratio = |theirs, ours, op| {
            crate::report::ratio_text(time_ratio(datasets, name, (theirs, op), (ours, op)))
        };
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {} | {} |",
            ratio("cpp", "schemac", "encode"),
            ratio("cpp", "schemac", "decode"),
            ratio("cpp-arena", "schemac", "decode"),
            ratio("cpp-arena", "schemac-view", "decode"),
        );
    }
}

/// The first line `program flag` prints, if it runs.
fn version(program: &str, flag: &str) -> Option<String> {
    let output = Command::new(program).arg(flag).output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    output
        .status
        .success()
        .then(|| text.lines().next().unwrap_or(program).trim().to_owned())
}

/// libprotobuf's compiler and linker flags, from pkg-config when it knows
/// them.
fn protobuf_libs() -> Vec<String> {
    let flags = Command::new("pkg-config")
        .args(["--cflags", "--libs", "protobuf"])
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).into_owned());
    match flags {
        Some(flags) => flags.split_whitespace().map(str::to_owned).collect(),
        None => vec!["-lprotobuf".to_owned()],
    }
}

/// The `.proto` files under [`PROTO_DIR`], as paths relative to it, sorted.
fn proto_files() -> std::io::Result<Vec<String>> {
    let mut files = Vec::new();
    let mut stack = vec![PathBuf::from(PROTO_DIR)];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "proto")
                && let Ok(relative) = path.strip_prefix(PROTO_DIR)
            {
                files.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    Ok(files)
}

/// Generates the C++ classes and compiles the harness into `dir`, through a
/// directory of its own that is renamed to `dir` at the end, so that two
/// processes building at once do not see each other's half-built files;
/// the second to finish keeps the first's.
fn compile(dir: &Path, protos: &[String], libs: &[String]) -> Result<(), Unavailable> {
    let building = dir.with_extension(format!("building-{}", std::process::id()));
    let _ = fs::remove_dir_all(&building);
    let failed =
        |what: &str, error: &dyn std::fmt::Display| Unavailable::Failed(format!("{what}: {error}"));
    fs::create_dir_all(&building).map_err(|e| failed("cannot create the build directory", &e))?;
    // Without libprotobuf's headers g++ stops at the first include; say
    // what is missing rather than show the compiler's error.
    let probe = building.join("probe.cc");
    fs::write(&probe, "#include <google/protobuf/message.h>\n")
        .map_err(|e| failed("cannot write", &e))?;
    let headers = Command::new("g++")
        .args(["-E", "-o", "/dev/null"])
        .arg(&probe)
        .args(libs.iter().filter(|flag| flag.starts_with("-I")))
        .output();
    if !headers.is_ok_and(|output| output.status.success()) {
        let _ = fs::remove_dir_all(&building);
        return Err(Unavailable::Missing(
            "libprotobuf's headers not found (apt-get install libprotobuf-dev)".to_owned(),
        ));
    }
    let source = building.join("harness.cc");
    fs::write(&source, SOURCE).map_err(|e| failed("cannot write", &e))?;
    run(Command::new("protoc")
        .arg(format!("--proto_path={PROTO_DIR}"))
        .arg(format!("--cpp_out={}", building.display()))
        .args(protos))
    .map_err(|e| failed("protoc", &e))?;
    let generated = protos
        .iter()
        .map(|proto| building.join(proto.trim_end_matches(".proto").to_owned() + ".pb.cc"));
    run(Command::new("g++")
        .args(CXX_FLAGS)
        .arg("-I")
        .arg(&building)
        .arg(&source)
        .args(generated)
        .arg("-o")
        .arg(building.join("harness"))
        .args(libs))
    .map_err(|e| failed("g++", &e))?;
    let renamed = fs::rename(&building, dir);
    if dir.join("harness").is_file() {
        let _ = fs::remove_dir_all(&building);
        return Ok(());
    }
    renamed.map_err(|e| failed("cannot move the build into place", &e))
}

/// Runs `command`, its output kept; an error holds its stderr.
fn run(command: &mut Command) -> Result<Output, String> {
    let output = command
        .output()
        .map_err(|error| format!("{command:?}: {error}"))?;
    if output.status.success() {
        Ok(output)
    } else {
        Err(format!(
            "{command:?} ended with {}: {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

fn millis(duration: Duration) -> String {
    format!("{:.3}", duration.as_secs_f64() * 1e3)
}

/// A directory for one call's files, removed when dropped.
fn scratch(what: &str) -> Result<TempDir, String> {
    tempfile::Builder::new()
        .prefix(&format!("schemac-bench-cpp-{what}-"))
        .tempdir()
        .map_err(|error| error.to_string())
}

/// Writes `bytes` as the file `name` of `dir`; its path.
fn write(dir: &TempDir, name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    let path = dir.path().join(name);
    fs::write(&path, bytes).map_err(|error| error.to_string())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Dataset;
    use crate::report::{Measurements, RunInfo, bench_id, build, markdown};

    #[test]
    fn medians_written_beside_criterions_are_read_back_when_new() {
        let dir = crate::target_dir().join("bench-report-test/cpp");
        let _ = fs::remove_dir_all(&dir);
        let times = Times {
            encode_ns: 10.0,
            decode_ns: 20.0,
            arena_decode_ns: 15.0,
        };
        write_medians(&dir, "blob-1m", &times).unwrap();
        let past = SystemTime::now() - Duration::from_secs(60);
        let medians = read_medians(&dir, past);
        assert_eq!(medians.len(), 3);
        assert_eq!(medians.get("blob-1m/cpp/encode"), Some(&10.0));
        assert_eq!(medians.get("blob-1m/cpp/decode"), Some(&20.0));
        assert_eq!(medians.get("blob-1m/cpp-arena/decode"), Some(&15.0));
        let future = SystemTime::now() + Duration::from_secs(60);
        assert!(read_medians(&dir, future).is_empty());
    }

    #[test]
    fn the_cpp_rows_have_ratios_against_prost_and_targets_of_their_own() {
        let datasets = [Dataset::new(
            "blob-1m",
            "a blob",
            crate::datasets::blob(1024),
        )];
        let id = |format, op| bench_id("blob-1m", format, op);
        let mut medians = HashMap::from([
            (id("prost", "encode"), 100.0),
            (id("prost", "decode"), 300.0),
            (id("schemac", "encode"), 100.0),
            (id("schemac", "decode"), 100.0),
            (id("schemac-view", "decode"), 10.0),
            (id("buffa", "decode"), 120.0),
        ]);
        let times = Times {
            encode_ns: 50.0,
            decode_ns: 150.0,
            arena_decode_ns: 80.0,
        };
        medians.extend(times.medians("blob-1m"));
        let measurements = Measurements::from_processes(vec![medians]);
        let run = RunInfo {
            mode: "test".to_owned(),
            settings: "none".to_owned(),
            started_unix: 0,
            cores: 2,
            cpp: Some("libprotoc 3.21.12".to_owned()),
        };
        let report = build(run, &datasets, &measurements, None);
        let rows = &report.datasets[0].rows;
        let schemac_bytes = rows[0].bytes;
        let cpp = rows.iter().find(|r| r.format == "cpp").unwrap();
        assert_eq!((cpp.encode_ratio, cpp.decode_ratio), (Some(2.0), Some(2.0)));
        assert_eq!((cpp.bytes, cpp.same_bytes_as_prost), (schemac_bytes, None));
        let arena = rows.iter().find(|r| r.format == "cpp-arena").unwrap();
        assert_eq!((arena.encode_ns, arena.decode_ratio), (None, Some(3.75)));

        let target = |case: &str| {
            let found = report.targets.iter().find(|t| t.case.starts_with(case));
            found.unwrap_or_else(|| panic!("no target {case}"))
        };
        let owned = target("every owned decode, against C++");
        assert_eq!(
            (owned.measured.as_str(), owned.met),
            ("lowest 1.50 (decode blob-1m)", Some(true))
        );
        let view = target("every view decode, against C++");
        assert_eq!(
            (view.measured.as_str(), view.met),
            ("lowest 8.00 (view blob-1m)", Some(true))
        );
        let blob = target("decode of a 1 MiB `bytes` field, against buffa and C++");
        assert_eq!(
            (blob.measured.as_str(), blob.met),
            ("lowest 0.80 (blob-1m against cpp-arena)", Some(false))
        );

        let md = markdown(&report);
        assert!(
            md.contains("C++ (`cpp`, `cpp-arena`): libprotoc 3.21.12."),
            "{md}"
        );
        let line =
            format!("| blob-1m | cpp | {schemac_bytes} | 50 ns | 150 ns | 2.00 | 2.00 |  | 1 |");
        assert!(md.contains(&line), "{md}");
        assert!(
            md.contains("| blob-1m | 0.50 | 1.50 | 0.80 | 8.00 |"),
            "{md}"
        );
    }

    #[test]
    fn without_cpp_the_report_says_why() {
        let run = RunInfo {
            mode: "test".to_owned(),
            settings: "none".to_owned(),
            started_unix: 0,
            cores: 2,
            cpp: Some("C++ skipped: g++ not found (apt-get install g++)".to_owned()),
        };
        let report = build(run, &[], &Measurements::from_processes(Vec::new()), None);
        let md = markdown(&report);
        assert!(
            md.contains("C++ was not measured: C++ skipped: g++ not found"),
            "{md}"
        );
    }
}
