//! The report: criterion's medians read back, put beside the bytes and the
//! ratios against prost from the same run, and written as
//! `target/bench-report.md`, `.json` and `.svg`.
//!
//! Only estimates that criterion wrote after the run started are used, so
//! a ratio is never taken between two runs; a benchmark that a filter left
//! out shows as `-`.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::compile_speed::RustcTimes;
use crate::formats::{BASELINE, Dataset};

/// The benchmark id of `op` (`encode` or `decode`) of `format` on
/// `dataset`, as criterion records it.
pub fn bench_id(dataset: &str, format: &str, op: &str) -> String {
    format!("{dataset}/{format}/{op}")
}

/// The id of the compiler benchmark of `generator` on `schema`.
pub fn compiler_bench_id(generator: &str, schema: &str) -> String {
    format!("compiler/{generator}/{schema}")
}

/// The compiler benchmarks, as (generator, schema, what it does).
pub const COMPILER_BENCHES: &[(&str, &str, &str)] = &[
    (
        "schemac",
        "order.schema",
        "schemac: read, parse, resolve, check, generate and format (what `schemac compile` does, without writing)",
    ),
    (
        "schemac",
        "synth-1000.schema",
        "schemac on the generated schema of 1,000 messages",
    ),
    (
        "protox+prost-build",
        "synth-1000.schema",
        "protox parses its exported .proto, prost-build generates and formats (prost's build.rs without protoc)",
    ),
];

/// How a run was configured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunInfo {
    /// `quick` or `full`.
    pub mode: String,
    /// Criterion's settings in words.
    pub settings: String,
    /// When the run started, in seconds since the Unix epoch.
    pub started_unix: u64,
    /// How many cores the machine has.
    pub cores: usize,
}

/// The whole report, as written to JSON.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// How the run was configured.
    pub run: RunInfo,
    /// The format every ratio is taken against.
    pub baseline: String,
    /// One entry per dataset.
    pub datasets: Vec<DatasetReport>,
    /// The targets of issue 4 and how this run measured against them.
    pub targets: Vec<Target>,
    /// The compilers' speed.
    pub compiler: CompilerReport,
}

/// One dataset's rows.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DatasetReport {
    /// Its short name.
    pub name: String,
    /// What it is.
    pub about: String,
    /// One row per format.
    pub rows: Vec<Row>,
}

/// One dataset in one format.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Row {
    /// The format.
    pub format: String,
    /// The encoded size.
    pub bytes: usize,
    /// Median encode time in nanoseconds, if measured in this run.
    pub encode_ns: Option<f64>,
    /// Median decode time in nanoseconds, if measured in this run.
    pub decode_ns: Option<f64>,
    /// prost's encode time over this format's; above 1 is faster than prost.
    pub encode_ratio: Option<f64>,
    /// prost's decode time over this format's; above 1 is faster than prost.
    pub decode_ratio: Option<f64>,
    /// For protobuf formats, whether the bytes equal prost's; `None` for
    /// formats that are not protobuf.
    pub same_bytes_as_prost: Option<bool>,
}

/// One target of issue 4.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Target {
    /// The case.
    pub case: String,
    /// The target, as text.
    pub target: String,
    /// What this run measured, as text.
    pub measured: String,
    /// Whether it holds; `None` when it could not be measured.
    pub met: Option<bool>,
}

/// The compilers' speed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CompilerReport {
    /// In-process code generation, timed by criterion in this run.
    pub generate: Vec<GenerateRow>,
    /// rustc on the generated code, from the `compile-speed` step, if it ran.
    pub rustc: Option<RustcTimes>,
}

/// One code generator on one schema.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GenerateRow {
    /// `schemac` or `protox+prost-build`.
    pub generator: String,
    /// The schema.
    pub schema: String,
    /// What was timed.
    pub what: String,
    /// The median in nanoseconds, if measured in this run.
    pub median_ns: Option<f64>,
}

/// The medians of every benchmark criterion wrote under `criterion_dir`
/// since `since`, by benchmark id, in nanoseconds.
pub fn read_medians(criterion_dir: &Path, since: SystemTime) -> HashMap<String, f64> {
    let mut medians = HashMap::new();
    let mut stack = vec![criterion_dir.to_owned()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            if path.file_name().is_some_and(|name| name == "new") {
                if let Some((id, median)) = read_estimate(&path, since) {
                    medians.insert(id, median);
                }
            } else {
                stack.push(path);
            }
        }
    }
    medians
}

/// The id and median of one criterion `new/` directory, if it was written
/// since `since`.
fn read_estimate(new_dir: &Path, since: SystemTime) -> Option<(String, f64)> {
    #[derive(Deserialize)]
    struct Benchmark {
        full_id: String,
    }
    #[derive(Deserialize)]
    struct Estimate {
        point_estimate: f64,
    }
    #[derive(Deserialize)]
    struct Estimates {
        median: Estimate,
    }
    let estimates_path = new_dir.join("estimates.json");
    let modified = fs::metadata(&estimates_path).ok()?.modified().ok()?;
    if modified < since {
        return None;
    }
    let benchmark: Benchmark =
        serde_json::from_slice(&fs::read(new_dir.join("benchmark.json")).ok()?).ok()?;
    let estimates: Estimates = serde_json::from_slice(&fs::read(estimates_path).ok()?).ok()?;
    Some((benchmark.full_id, estimates.median.point_estimate))
}

/// Builds the report of `datasets` from `medians`.
pub fn build(
    run: RunInfo,
    datasets: &[Dataset],
    medians: &HashMap<String, f64>,
    rustc: Option<RustcTimes>,
) -> Report {
    let datasets: Vec<DatasetReport> = datasets
        .iter()
        .map(|dataset| dataset_report(dataset, medians))
        .collect();
    let targets = crate::report::targets(&datasets);
    let generate = COMPILER_BENCHES
        .iter()
        .map(|(generator, schema, what)| GenerateRow {
            generator: (*generator).to_owned(),
            schema: (*schema).to_owned(),
            what: (*what).to_owned(),
            median_ns: medians.get(&compiler_bench_id(generator, schema)).copied(),
        })
        .collect();
    Report {
        run,
        baseline: BASELINE.to_owned(),
        datasets,
        targets,
        compiler: CompilerReport { generate, rustc },
    }
}

fn dataset_report(dataset: &Dataset, medians: &HashMap<String, f64>) -> DatasetReport {
    let time = |format: &str, op: &str| medians.get(&bench_id(dataset.name, format, op)).copied();
    let baseline_bytes = dataset.subject(BASELINE).map(|subject| subject.encode());
    let (baseline_encode, baseline_decode) = (time(BASELINE, "encode"), time(BASELINE, "decode"));
    let rows = dataset
        .subjects
        .iter()
        .map(|subject| {
            let format = subject.format();
            let bytes = subject.encode();
            let (encode_ns, decode_ns) = (time(format, "encode"), time(format, "decode"));
            Row {
                format: format.to_owned(),
                bytes: bytes.len(),
                encode_ns,
                decode_ns,
                encode_ratio: ratio(baseline_encode, encode_ns),
                decode_ratio: ratio(baseline_decode, decode_ns),
                same_bytes_as_prost: is_protobuf(format)
                    .then(|| baseline_bytes.as_ref() == Some(&bytes)),
            }
        })
        .collect();
    DatasetReport {
        name: dataset.name.to_owned(),
        about: dataset.about.to_owned(),
        rows,
    }
}

/// Whether `format` writes the protobuf wire format, so that its bytes
/// should equal prost's.
pub fn is_protobuf(format: &str) -> bool {
    format.starts_with("schemac") || format == BASELINE
}

fn ratio(baseline: Option<f64>, other: Option<f64>) -> Option<f64> {
    match (baseline, other) {
        (Some(baseline), Some(other)) if other > 0.0 => Some(baseline / other),
        _ => None,
    }
}

/// The targets of issue 4, measured.
fn targets(datasets: &[DatasetReport]) -> Vec<Target> {
    let row = |dataset: &str, format: &str| {
        datasets
            .iter()
            .find(|d| d.name == dataset)
            .and_then(|d| d.rows.iter().find(|r| r.format == format))
    };
    let at_least_in = |format: &str, case: &str, minimum: f64, dataset: &str, op: &str| {
        let measured = row(dataset, format).and_then(|r| match op {
            "encode" => r.encode_ratio,
            _ => r.decode_ratio,
        });
        Target {
            case: case.to_owned(),
            target: format!("≥ {minimum:.2}"),
            measured: measured.map_or_else(|| "not measured".to_owned(), |m| format!("{m:.2}")),
            met: measured.map(|m| m >= minimum),
        }
    };
    let at_least = |case: &str, minimum: f64, dataset: &str, op: &str| {
        at_least_in("schemac", case, minimum, dataset, op)
    };
    let mut targets = vec![
        at_least(
            "encode Order-100, realistic",
            1.5,
            "order-100-realistic",
            "encode",
        ),
        at_least(
            "decode Order-100, realistic, owned types",
            1.3,
            "order-100-realistic",
            "decode",
        ),
        at_least_in(
            "schemac-view",
            "decode Order-100, realistic, borrowed view",
            2.5,
            "order-100-realistic",
            "decode",
        ),
        at_least(
            "encode Order-1, realistic",
            1.2,
            "order-1-realistic",
            "encode",
        ),
        at_least(
            "decode Order-1, realistic",
            1.2,
            "order-1-realistic",
            "decode",
        ),
        at_least("encode Order-1, seed", 1.2, "order-1-seed", "encode"),
        at_least("decode Order-1, seed", 1.2, "order-1-seed", "decode"),
        at_least("decode Simple × 100,000", 1.3, "simple-100k", "decode"),
    ];
    targets.push(if row("values-1000", "schemac").is_some() {
        at_least(
            "decode map<string, value>, 1000 entries",
            1.5,
            "values-1000",
            "decode",
        )
    } else {
        Target {
            case: "decode map<string, value>, 1000 entries".to_owned(),
            target: "≥ 1.50".to_owned(),
            measured: "no value dataset yet".to_owned(),
            met: None,
        }
    });
    let ours = || {
        datasets
            .iter()
            .flat_map(|d| d.rows.iter().map(move |r| (d, r)))
            .filter(|(_, r)| r.format.starts_with("schemac"))
    };
    let worst = ours()
        .flat_map(|(d, r)| {
            [("encode", r.encode_ratio), ("decode", r.decode_ratio)]
                .into_iter()
                .filter_map(move |(op, ratio)| ratio.map(|ratio| (ratio, d.name.as_str(), op)))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    targets.push(Target {
        case: "any case".to_owned(),
        target: "never below 0.95".to_owned(),
        measured: worst.map_or_else(
            || "not measured".to_owned(),
            |(ratio, dataset, op)| format!("lowest {ratio:.2} ({op} {dataset})"),
        ),
        met: worst.map(|(ratio, _, _)| ratio >= 0.95),
    });
    let differing: Vec<&str> = ours()
        .filter(|(_, r)| r.same_bytes_as_prost == Some(false))
        .map(|(d, _)| d.name.as_str())
        .collect();
    targets.push(Target {
        case: "bytes".to_owned(),
        target: "identical to prost on every shared dataset".to_owned(),
        measured: if differing.is_empty() {
            "identical on all".to_owned()
        } else {
            format!("differ on {}", differing.join(", "))
        },
        met: Some(differing.is_empty()),
    });
    targets
}

/// Writes `report` as `bench-report.md`, `.json` and `.svg` into
/// `target_dir`, returning the paths written.
pub fn write(report: &Report, target_dir: &Path) -> io::Result<Vec<PathBuf>> {
    fs::create_dir_all(target_dir)?;
    let md = target_dir.join("bench-report.md");
    let json = target_dir.join("bench-report.json");
    let svg = target_dir.join("bench-report.svg");
    fs::write(&md, markdown(report))?;
    fs::write(
        &json,
        serde_json::to_string_pretty(report).map_err(io::Error::other)?,
    )?;
    fs::write(&svg, crate::chart::svg(report).map_err(io::Error::other)?)?;
    Ok(vec![md, json, svg])
}

/// The report as Markdown.
pub fn markdown(report: &Report) -> String {
    let mut md = String::new();
    let run = &report.run;
    let _ = writeln!(md, "# schemac benchmark report\n");
    let _ = writeln!(
        md,
        "Mode `{}` ({}), on a machine with {} cores. Times are criterion's medians; \
         ratio = {} time / format time, from this run (above 1 is faster than {}).\n",
        run.mode, run.settings, run.cores, report.baseline, report.baseline
    );
    md.push_str("## Formats\n\n");
    md.push_str(
        "| dataset | format | bytes | encode | decode | encode × prost | decode × prost | bytes = prost |\n\
         |---|---|---:|---:|---:|---:|---:|---|\n",
    );
    for dataset in &report.datasets {
        for row in &dataset.rows {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                dataset.name,
                row.format,
                row.bytes,
                duration(row.encode_ns),
                duration(row.decode_ns),
                ratio_text(row.encode_ratio),
                ratio_text(row.decode_ratio),
                match row.same_bytes_as_prost {
                    Some(true) => "yes",
                    Some(false) => "**no**",
                    None => "",
                }
            );
        }
    }
    md.push_str(
        "\n## Targets of issue 4\n\n| case | target | measured | met |\n|---|---|---|---|\n",
    );
    for target in &report.targets {
        let met = match target.met {
            Some(true) => "yes",
            Some(false) => "**no**",
            None => "-",
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {met} |",
            target.case, target.target, target.measured
        );
    }
    compiler_markdown(&mut md, &report.compiler);
    md.push_str("\n## Datasets\n\n");
    for dataset in &report.datasets {
        let _ = writeln!(md, "- `{}`: {}", dataset.name, dataset.about);
    }
    md
}

fn compiler_markdown(md: &mut String, compiler: &CompilerReport) {
    md.push_str(
        "\n## Compiler speed\n\nCode generation, in-process, criterion medians of this run:\n\n",
    );
    md.push_str("| generator | schema | median | what |\n|---|---|---:|---|\n");
    for row in &compiler.generate {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            row.generator,
            row.schema,
            duration(row.median_ns),
            row.what
        );
    }
    match &compiler.rustc {
        Some(rustc) => {
            let _ = writeln!(
                md,
                "\nrustc on the generated code of `{}`: `cargo build`, {} profile, \
                 dependencies already built, median of {} run(s) (from the `compile-speed` step):\n",
                rustc.schema, rustc.profile, rustc.runs
            );
            md.push_str("| generated by | lines | bytes | build time |\n|---|---:|---:|---:|\n");
            for side in &rustc.sides {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {:.2} s |",
                    side.generator, side.lines, side.bytes, side.median_seconds
                );
            }
        }
        None => md.push_str(
            "\nrustc on the generated code: not measured (run `make bench`, or \
             `cargo run --release -p schemac-bench --bin compile-speed` first).\n",
        ),
    }
}

/// A time in the unit that suits it.
fn duration(ns: Option<f64>) -> String {
    match ns {
        None => "-".to_owned(),
        Some(ns) if ns < 1e3 => format!("{ns:.0} ns"),
        Some(ns) if ns < 1e6 => format!("{:.2} µs", ns / 1e3),
        Some(ns) if ns < 1e9 => format!("{:.2} ms", ns / 1e6),
        Some(ns) => format!("{:.2} s", ns / 1e9),
    }
}

fn ratio_text(ratio: Option<f64>) -> String {
    ratio.map_or_else(|| "-".to_owned(), |ratio| format!("{ratio:.2}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datasets::{Form, order};

    fn run() -> RunInfo {
        RunInfo {
            mode: "test".to_owned(),
            settings: "none".to_owned(),
            started_unix: 0,
            cores: 2,
        }
    }

    #[test]
    fn ratios_are_prost_time_over_format_time_and_missing_times_show_as_dashes() {
        let datasets = [Dataset::new(
            "order-1-realistic",
            "one line",
            order(1, Form::Realistic),
        )];
        let medians = HashMap::from([
            (bench_id("order-1-realistic", "prost", "encode"), 200.0),
            (bench_id("order-1-realistic", "schemac", "encode"), 100.0),
            (bench_id("order-1-realistic", "prost", "decode"), 300.0),
            (bench_id("order-1-realistic", "schemac", "decode"), 400.0),
            (
                bench_id("order-1-realistic", "schemac-view", "decode"),
                100.0,
            ),
        ]);
        let report = build(run(), &datasets, &medians, None);
        let schemac = &report.datasets[0].rows[0];
        assert_eq!(schemac.format, "schemac");
        assert_eq!(schemac.encode_ratio, Some(2.0));
        assert_eq!(schemac.decode_ratio, Some(0.75));
        assert_eq!(schemac.same_bytes_as_prost, Some(true));
        let view = &report.datasets[0].rows[1];
        assert_eq!(view.format, "schemac-view");
        assert_eq!((view.encode_ratio, view.decode_ratio), (None, Some(3.0)));
        let json = &report.datasets[0].rows[3];
        assert_eq!((json.encode_ratio, json.same_bytes_as_prost), (None, None));

        let target = |case: &str| report.targets.iter().find(|t| t.case == case).unwrap();
        assert_eq!(target("encode Order-1, realistic").met, Some(true));
        assert_eq!(target("decode Order-1, realistic").met, Some(false));
        assert_eq!(target("encode Order-1, seed").met, None);
        let view_target = target("decode Order-100, realistic, borrowed view");
        assert_eq!(
            (view_target.met, view_target.measured.as_str()),
            (None, "not measured")
        );
        assert_eq!(
            target("any case").measured,
            "lowest 0.75 (decode order-1-realistic)"
        );

        let md = markdown(&report);
        let line = format!(
            "| order-1-realistic | schemac | {} | 100 ns | 400 ns | 2.00 | 0.75 | yes |",
            schemac.bytes
        );
        assert!(md.contains(&line), "{md}");
        let line = format!(
            "| order-1-realistic | serde_json | {} | - | - | - | - |  |",
            json.bytes
        );
        assert!(md.contains(&line), "{md}");
        let svg = crate::chart::svg(&report).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("order-1-realistic schemac"),
            "{svg}"
        );
    }

    #[test]
    fn only_estimates_written_since_the_start_are_read() {
        let dir = crate::target_dir().join("bench-report-test/criterion");
        let new_dir = dir.join("group/function/new");
        fs::create_dir_all(&new_dir).unwrap();
        fs::write(
            new_dir.join("benchmark.json"),
            r#"{"full_id": "group/function"}"#,
        )
        .unwrap();
        fs::write(
            new_dir.join("estimates.json"),
            r#"{"median": {"point_estimate": 12.5}}"#,
        )
        .unwrap();
        let past = SystemTime::now() - std::time::Duration::from_secs(60);
        assert_eq!(read_medians(&dir, past).get("group/function"), Some(&12.5));
        let future = SystemTime::now() + std::time::Duration::from_secs(60);
        assert!(read_medians(&dir, future).is_empty());
    }
}
