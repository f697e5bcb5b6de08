//! The report: criterion's medians read back, put beside the bytes and the
//! ratios against prost from the same run, and written as
//! `target/bench-report.md`, `.json` and `.svg`.
//!
//! Only estimates that criterion wrote after the run started are used, so
//! a ratio is never taken between two runs; a benchmark that a filter left
//! out shows as `-`.
//!
//! A run may measure a benchmark in several processes ([`Measurements`]):
//! its time is then the median of the processes' medians, and its ratio the
//! median of the ratios each process measured, with their range beside it.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::check_speed::CheckTimes;
use crate::compile_speed::RustcTimes;
use crate::formats::{BASELINE, Dataset};
use crate::graph::{self, GraphReport};
use crate::median;

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
    /// The C++ peer's toolchain, or why it was skipped ([`crate::cpp`]).
    #[serde(default)]
    pub cpp: Option<String>,
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
    /// The speed targets, by group, and how this run measured against
    /// them.
    pub targets: Vec<Target>,
    /// The compilers' speed.
    pub compiler: CompilerReport,
    /// Graph mode's sizes and cost.
    pub graph: GraphReport,
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
    /// How many processes measured this row's times.
    #[serde(default)]
    pub processes: usize,
    /// The lowest and highest encode ratio among those processes.
    #[serde(default)]
    pub encode_ratio_range: Option<(f64, f64)>,
    /// The lowest and highest decode ratio among those processes.
    #[serde(default)]
    pub decode_ratio_range: Option<(f64, f64)>,
    /// For protobuf formats, whether the bytes equal prost's; `None` for
    /// formats that are not protobuf.
    pub same_bytes_as_prost: Option<bool>,
}

/// One speed target.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Target {
    /// The group it belongs to, the heading of its table
    /// ([`TargetGroup::heading`]).
    pub group: TargetGroup,
    /// The case.
    pub case: String,
    /// The target, as text.
    pub target: String,
    /// What this run measured, as text.
    pub measured: String,
    /// Whether it holds; `None` when it could not be measured.
    pub met: Option<bool>,
}

/// The groups of speed targets, each a table of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetGroup {
    /// The Order model and the decimal datasets against prost.
    AgainstProst,
    /// The field representations (`CompactString`, `Bytes`).
    Representations,
    /// The shapes (packed lists, strings, blobs, wide and deep messages),
    /// against prost and buffa.
    Shapes,
    /// Graph mode against plain mode.
    GraphMode,
    /// Against Google's C++ protobuf ([`crate::cpp`]).
    AgainstCpp,
    /// Decoding in place (`schemac-in-place`), against fresh decodes.
    InPlace,
}

impl TargetGroup {
    /// The heading of the group's table.
    pub fn heading(self) -> &'static str {
        match self {
            Self::AgainstProst => "against prost",
            Self::Representations => "field representations",
            Self::Shapes => "shapes, against prost and buffa",
            Self::GraphMode => "graph mode against plain mode",
            Self::AgainstCpp => "against Google's C++ protobuf",
            Self::InPlace => "decoding in place",
        }
    }
}

/// The compilers' speed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CompilerReport {
    /// In-process code generation, timed by criterion in this run.
    pub generate: Vec<GenerateRow>,
    /// rustc on the generated code, from the `compile-speed` step, if it ran.
    pub rustc: Option<RustcTimes>,
    /// schemac's check of schemas of 100,000 declarations, from the
    /// `check-speed` step, if it ran.
    #[serde(default)]
    pub check: Option<CheckTimes>,
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

/// Where criterion writes the estimates of the process that benchmarks
/// first: `target/criterion`.
pub fn criterion_dir(target_dir: &Path) -> PathBuf {
    target_dir.join("criterion")
}

/// Where criterion writes the estimates of launched process `launch`
/// (counted from 1): `target/criterion-launches/<launch>`.
pub fn launch_dir(target_dir: &Path, launch: usize) -> PathBuf {
    target_dir
        .join("criterion-launches")
        .join(launch.to_string())
}

/// The medians of one run, from every process that measured some of them.
#[derive(Clone, Debug, Default)]
pub struct Measurements {
    /// Per process, the median of each benchmark it measured, in
    /// nanoseconds, by benchmark id.
    processes: Vec<HashMap<String, f64>>,
}

/// A ratio against the baseline, taken in every process that measured
/// both benchmarks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// The median of the processes' ratios.
    pub median: f64,
    /// The lowest of them.
    pub low: f64,
    /// The highest of them.
    pub high: f64,
}

impl Measurements {
    /// The medians of the processes given, each a map of benchmark id to
    /// median in nanoseconds.
    pub fn from_processes(processes: Vec<HashMap<String, f64>>) -> Self {
        Self { processes }
    }

    /// Every median criterion wrote under `target_dir` since `since`: in
    /// [`criterion_dir`] and in each [`launch_dir`].
    pub fn read(target_dir: &Path, since: SystemTime) -> Self {
        let mut dirs = vec![criterion_dir(target_dir)];
        dirs.extend(
            (1..)
                .map(|launch| launch_dir(target_dir, launch))
                .take_while(|dir| dir.is_dir()),
        );
        let processes = dirs
            .iter()
            .map(|dir| {
                let mut medians = read_medians(dir, since);
                medians.extend(crate::cpp::read_medians(dir, since));
                medians
            })
            .filter(|medians| !medians.is_empty())
            .collect();
        Self { processes }
    }

    /// The median time of benchmark `id` over the processes that measured it.
    pub fn time(&self, id: &str) -> Option<f64> {
        let times: Vec<f64> = self
            .processes
            .iter()
            .filter_map(|medians| medians.get(id).copied())
            .collect();
        median(&times)
    }

    /// How many processes measured benchmark `id`.
    pub fn processes(&self, id: &str) -> usize {
        self.processes
            .iter()
            .filter(|medians| medians.contains_key(id))
            .count()
    }

    /// The baseline's time over `id`'s, in every process that measured both.
    pub fn ratio(&self, baseline_id: &str, id: &str) -> Option<Ratio> {
        let ratios: Vec<f64> = self
            .processes
            .iter()
            .filter_map(
                |medians| match (medians.get(baseline_id), medians.get(id)) {
                    (Some(baseline), Some(time)) if *time > 0.0 => Some(baseline / time),
                    _ => None,
                },
            )
            .collect();
        let low = ratios.iter().copied().reduce(f64::min)?;
        let high = ratios.iter().copied().reduce(f64::max)?;
        Some(Ratio {
            median: median(&ratios)?,
            low,
            high,
        })
    }
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
    measurements: &Measurements,
    rustc: Option<RustcTimes>,
) -> Report {
    let datasets: Vec<DatasetReport> = datasets
        .iter()
        .map(|dataset| dataset_report(dataset, measurements))
        .collect();
    let graph = graph::report(measurements);
    let mut targets = crate::report::targets(&datasets);
    targets.extend(graph::targets(&graph));
    let generate = COMPILER_BENCHES
        .iter()
        .map(|(generator, schema, what)| GenerateRow {
            generator: (*generator).to_owned(),
            schema: (*schema).to_owned(),
            what: (*what).to_owned(),
            median_ns: measurements.time(&compiler_bench_id(generator, schema)),
        })
        .collect();
    Report {
        run,
        baseline: BASELINE.to_owned(),
        datasets,
        targets,
        compiler: CompilerReport {
            generate,
            rustc,
            check: None,
        },
        graph,
    }
}

fn dataset_report(dataset: &Dataset, measurements: &Measurements) -> DatasetReport {
    let id = |format: &str, op: &str| bench_id(dataset.name, format, op);
    let ratio = |format: &str, op: &str| measurements.ratio(&id(BASELINE, op), &id(format, op));
    let row = |format: &str, bytes: usize, same_bytes_as_prost: Option<bool>| {
        let (encode_ratio, decode_ratio) = (ratio(format, "encode"), ratio(format, "decode"));
        Row {
            format: format.to_owned(),
            bytes,
            encode_ns: measurements.time(&id(format, "encode")),
            decode_ns: measurements.time(&id(format, "decode")),
            encode_ratio: encode_ratio.map(|r| r.median),
            decode_ratio: decode_ratio.map(|r| r.median),
            processes: measurements
                .processes(&id(format, "encode"))
                .max(measurements.processes(&id(format, "decode"))),
            encode_ratio_range: encode_ratio.map(|r| (r.low, r.high)),
            decode_ratio_range: decode_ratio.map(|r| (r.low, r.high)),
            same_bytes_as_prost,
        }
    };
    let baseline_bytes = dataset.subject(BASELINE).map(|subject| subject.encode());
    let mut rows: Vec<Row> = dataset
        .subjects
        .iter()
        .map(|subject| {
            let format = subject.format();
            let bytes = subject.encode();
            let same = is_protobuf(format).then(|| baseline_bytes.as_ref() == Some(&bytes));
            row(format, bytes.len(), same)
        })
        .collect();
    // The C++ rows, where the harness ran: it decodes prost's bytes (which
    // are schemac's), and its own encoding is not kept.
    rows.extend(
        crate::cpp::FORMATS
            .iter()
            .filter(|format| measurements.processes(&id(format, "decode")) > 0)
            .map(|format| row(format, baseline_bytes.as_ref().map_or(0, Vec::len), None)),
    );
    DatasetReport {
        name: dataset.name.to_owned(),
        about: dataset.about.to_owned(),
        rows,
    }
}

/// Whether `format` writes the protobuf wire format in the order prost's
/// types do, so that its bytes should equal prost's: not the field
/// representations' `HashMap`s, whose order varies.
pub fn is_protobuf(format: &str) -> bool {
    (format.starts_with("schemac") || format.starts_with("buffa") || format == BASELINE)
        && !crate::formats::REPRESENTATIONS.contains(&format)
}

/// The targets against prost on the Order model and the decimal datasets,
/// measured.
fn targets(datasets: &[DatasetReport]) -> Vec<Target> {
    let row = |dataset: &str, format: &str| {
        datasets
            .iter()
            .find(|d| d.name == dataset)
            .and_then(|d| d.rows.iter().find(|r| r.format == format))
    };
    let at_least_in = |format: &str, case: &str, minimum: f64, dataset: &str, op: &str| {
        let row = row(dataset, format);
        let (measured, range) = match (row, op) {
            (Some(r), "encode") => (r.encode_ratio, r.encode_ratio_range),
            (Some(r), _) => (r.decode_ratio, r.decode_ratio_range),
            (None, _) => (None, None),
        };
        let processes = row.map_or(0, |r| r.processes);
        Target {
            group: TargetGroup::AgainstProst,
            case: case.to_owned(),
            target: format!("≥ {minimum:.2}"),
            measured: match (measured, range) {
                (Some(m), Some((low, high))) if processes > 1 => {
                    format!("{m:.2} (median of {processes} processes: {low:.2} to {high:.2})")
                }
                (Some(m), _) => format!("{m:.2}"),
                (None, _) => "not measured".to_owned(),
            },
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
        at_least("encode Blob, 1 MiB of bytes", 1.0, "blob-1m", "encode"),
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
            group: TargetGroup::AgainstProst,
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
        group: TargetGroup::AgainstProst,
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
        group: TargetGroup::AgainstProst,
        case: "bytes".to_owned(),
        target: "identical to prost on every shared dataset".to_owned(),
        measured: if differing.is_empty() {
            "identical on all".to_owned()
        } else {
            format!("differ on {}", differing.join(", "))
        },
        met: Some(differing.is_empty()),
    });
    targets.extend(representation_targets(datasets));
    targets.extend(shape_targets(datasets));
    targets.extend(crate::cpp::targets(datasets));
    targets.extend(in_place_targets(datasets));
    targets
}

/// The targets of `schemac-in-place`: OTLP against prost's fresh decode,
/// and every dataset against schemac's own fresh decode, the lowest
/// named, with the datasets below the target.
fn in_place_targets(datasets: &[DatasetReport]) -> Vec<Target> {
    const MINIMUM: f64 = 1.5;
    let in_place = ("schemac-in-place", "decode");
    let mut ratios: Vec<(f64, &str)> = datasets
        .iter()
        .filter_map(|dataset| {
            let ratio = time_ratio(datasets, &dataset.name, ("schemac", "decode"), in_place)?;
            Some((ratio, dataset.name.as_str()))
        })
        .collect();
    ratios.sort_by(|a, b| a.0.total_cmp(&b.0));
    let below: Vec<String> = ratios
        .iter()
        .filter(|(ratio, _)| *ratio < MINIMUM)
        .map(|(ratio, name)| format!("{name} {ratio:.2}"))
        .collect();
    let note = match (ratios.first(), below.is_empty()) {
        (Some((_, name)), true) => format!(" (lowest: {name})"),
        (Some(_), false) => format!(" (below: {})", below.join(", ")),
        (None, _) => String::new(),
    };
    vec![
        ratio_target(
            TargetGroup::InPlace,
            "decode in place of OTLP (warm), against prost's fresh decode",
            3.0,
            time_ratio(datasets, "otlp-200", ("prost", "decode"), in_place),
            String::new(),
        ),
        ratio_target(
            TargetGroup::InPlace,
            "decode in place of every dataset, against schemac's fresh decode",
            MINIMUM,
            ratios.first().map(|(ratio, _)| *ratio),
            note,
        ),
    ]
}

/// The median time of `op` of `format` on `dataset`, if measured.
fn time(datasets: &[DatasetReport], dataset: &str, format: &str, op: &str) -> Option<f64> {
    let row = datasets
        .iter()
        .find(|d| d.name == dataset)?
        .rows
        .iter()
        .find(|r| r.format == format)?;
    match op {
        "encode" => row.encode_ns,
        _ => row.decode_ns,
    }
}

/// `slower`'s median time over `faster`'s, for `op` on `dataset`: above 1
/// when `faster` is faster.
pub fn time_ratio(
    datasets: &[DatasetReport],
    dataset: &str,
    slower: (&str, &str),
    faster: (&str, &str),
) -> Option<f64> {
    Some(
        time(datasets, dataset, slower.0, slower.1)? / time(datasets, dataset, faster.0, faster.1)?,
    )
}

fn ratio_target(
    group: TargetGroup,
    case: &str,
    minimum: f64,
    measured: Option<f64>,
    note: String,
) -> Target {
    Target {
        group,
        case: case.to_owned(),
        target: format!("≥ {minimum:.2}"),
        measured: match measured {
            Some(m) => format!("{m:.2}{note}"),
            None => "not measured".to_owned(),
        },
        met: measured.map(|m| m >= minimum),
    }
}

/// The targets of the field representations, each read
/// from a `Bytes` input.
fn representation_targets(datasets: &[DatasetReport]) -> Vec<Target> {
    let decode = |format| (format, "decode");
    let bytes_prost = time_ratio(datasets, "blob-1m", decode("prost"), decode("prost-repr"));
    let bytes_prost_repr = time_ratio(
        datasets,
        "blob-1m",
        decode("prost-repr"),
        decode("schemac-repr"),
    );
    vec![
        ratio_target(
            TargetGroup::Representations,
            "decode Simple × 100,000, CompactString and HashMap (foldhash), against prost with HashMap",
            1.8,
            time_ratio(
                datasets,
                "simple-100k",
                decode("prost-repr"),
                decode("schemac-repr"),
            ),
            String::new(),
        ),
        ratio_target(
            TargetGroup::Representations,
            "decode Order-100 realistic from `Bytes` input, CompactString, against prost",
            2.5,
            time_ratio(
                datasets,
                "order-100-realistic",
                decode("prost"),
                decode("schemac-repr"),
            ),
            String::new(),
        ),
        ratio_target(
            TargetGroup::Representations,
            "decode a 1 MiB `bytes` field from `Bytes` input (zero-copy), against prost with Vec<u8>",
            20.0,
            time_ratio(datasets, "blob-1m", decode("prost"), decode("schemac-repr")),
            match (bytes_prost, bytes_prost_repr) {
                (Some(p), Some(s)) => format!(
                    " (prost with `bytes([\".\"])` from `Bytes`: {p:.2} × prost with Vec<u8>; schemac {s:.2} × it)"
                ),
                _ => String::new(),
            },
        ),
    ]
}

/// The lowest ratio of schemac against a peer over every dataset and mode.
struct Lowest<'a> {
    ratio: f64,
    dataset: &'a str,
    format: &'static str,
    op: &'static str,
    /// The format the ratio is against: prost, or buffa's owned types or
    /// views in the same mode.
    against: &'static str,
}

impl<'a> Lowest<'a> {
    /// Keeps `found` in `slot` if it is lower.
    fn keep(slot: &mut Option<Lowest<'a>>, found: Option<Lowest<'a>>) {
        if let Some(found) = found
            && slot.as_ref().is_none_or(|low| found.ratio < low.ratio)
        {
            *slot = Some(found);
        }
    }

    /// The row of the lowest, whose target is 1.00; when the lowest is an
    /// owned mode, with what the field representations and the `LiteMap`
    /// maps give in its place against the same peer, on the datasets that
    /// have them.
    fn target(case: &str, lowest: Option<Lowest<'_>>, datasets: &[DatasetReport]) -> Target {
        let measured = lowest.as_ref().map_or_else(
            || "not measured".to_owned(),
            |low| {
                let Lowest {
                    ratio,
                    dataset,
                    format,
                    op,
                    against,
                } = *low;
                let other_types = [
                    ("schemac-repr", "field representations"),
                    ("schemac-lite", "`LiteMap` maps"),
                ];
                let representations: String = other_types
                    .into_iter()
                    .filter(|_| format == "schemac")
                    .filter_map(|(other, what)| {
                        let ratio = time_ratio(datasets, dataset, (against, op), (other, op))?;
                        Some(format!("; with `{other}`'s {what}: {ratio:.2}"))
                    })
                    .collect();
                format!("lowest {ratio:.2} ({op} {dataset} {format}{representations})")
            },
        );
        Target {
            group: TargetGroup::Shapes,
            case: case.to_owned(),
            target: "≥ 1.00".to_owned(),
            measured,
            met: lowest.map(|low| low.ratio >= 1.0),
        }
    }
}

/// The targets of the shapes, against prost and against buffa.
fn shape_targets(datasets: &[DatasetReport]) -> Vec<Target> {
    let vs_prost = |dataset: &str, format: &str, op: &str| {
        time_ratio(datasets, dataset, ("prost", op), (format, op))
    };
    let target = |case: &str, minimum: f64, dataset: &str, format: &str, op: &str| {
        ratio_target(
            TargetGroup::Shapes,
            case,
            minimum,
            vs_prost(dataset, format, op),
            String::new(),
        )
    };
    // The owned decodes that malloc bounds, with a note of what the
    // representations give against the same prost decode (strings held
    // inline and bytes shared with the input: fewer allocations than
    // prost makes).
    let decode_with_representations = |case: &str, minimum: f64, dataset: &str| {
        ratio_target(
            TargetGroup::Shapes,
            case,
            minimum,
            vs_prost(dataset, "schemac", "decode"),
            vs_prost(dataset, "schemac-repr", "decode").map_or_else(String::new, |inline| {
                format!(" (with `schemac-repr`'s field representations: {inline:.2})")
            }),
        )
    };
    // Every dataset and mode: the lowest ratio against prost, and against
    // buffa in the same mode (owned against owned, view against view).
    let mut lowest_prost: Option<Lowest> = None;
    let mut lowest_buffa: Option<Lowest> = None;
    for dataset in datasets {
        let name = dataset.name.as_str();
        for (ours, theirs, op) in [
            ("schemac", "buffa", "encode"),
            ("schemac", "buffa", "decode"),
            ("schemac-view", "buffa-view", "decode"),
        ] {
            let at = |against| {
                let ratio = time_ratio(datasets, name, (against, op), (ours, op));
                ratio.map(|ratio| Lowest {
                    ratio,
                    dataset: name,
                    format: ours,
                    op,
                    against,
                })
            };
            Lowest::keep(&mut lowest_prost, at(BASELINE));
            Lowest::keep(&mut lowest_buffa, at(theirs));
        }
    }
    vec![
        Lowest::target(
            "every dataset and mode, against prost",
            lowest_prost,
            datasets,
        ),
        Lowest::target(
            "every dataset and mode, against buffa in the same mode",
            lowest_buffa,
            datasets,
        ),
        target(
            "encode of a 1 MiB `bytes` field",
            1.0,
            "blob-1m",
            "schemac",
            "encode",
        ),
        target(
            "encode of the seed Order-1",
            1.2,
            "order-1-seed",
            "schemac",
            "encode",
        ),
        target(
            "decode of packed numeric lists",
            2.0,
            "packed-10k",
            "schemac",
            "decode",
        ),
        target(
            "view of 2,000 short strings (against prost's owned decode)",
            6.0,
            "strings-2000",
            "schemac-view",
            "decode",
        ),
        decode_with_representations("decode of a deep tree", 1.8, "tree-4k"),
        target("OTLP traces: encode", 2.5, "otlp-200", "schemac", "encode"),
        decode_with_representations("OTLP traces: decode", 1.8, "otlp-200"),
        target(
            "OTLP traces: view",
            3.5,
            "otlp-200",
            "schemac-view",
            "decode",
        ),
        target(
            "Order-100 realistic: encode",
            2.5,
            "order-100-realistic",
            "schemac",
            "encode",
        ),
        target(
            "Order-100 realistic: decode",
            2.5,
            "order-100-realistic",
            "schemac",
            "decode",
        ),
        target(
            "Order-100 realistic: view",
            4.0,
            "order-100-realistic",
            "schemac-view",
            "decode",
        ),
    ]
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
         ratio = {} time / format time, from this run (above 1 is faster than {}). \
         Where several processes measured a dataset, a time is the median of their medians \
         and a ratio the median of the ratios each process measured.\n",
        run.mode, run.settings, run.cores, report.baseline, report.baseline
    );
    if let Some(cpp) = &run.cpp {
        let _ = writeln!(md, "C++ (`cpp`, `cpp-arena`): {cpp}.\n");
    }
    md.push_str("## Formats\n\n");
    md.push_str(
        "| dataset | format | bytes | encode | decode | encode × prost | decode × prost | bytes = prost | processes |\n\
         |---|---|---:|---:|---:|---:|---:|---|---:|\n",
    );
    for dataset in &report.datasets {
        for row in &dataset.rows {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
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
                },
                row.processes
            );
        }
    }
    buffa_markdown(&mut md, report);
    crate::cpp::markdown(&mut md, report);
    let mut group = None;
    for target in &report.targets {
        if group != Some(target.group) {
            group = Some(target.group);
            let _ = writeln!(
                md,
                "\n## Targets: {}\n\n| case | target | measured | met |\n|---|---|---|---|",
                target.group.heading()
            );
        }
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
    graph::markdown(&mut md, &report.graph);
    compiler_markdown(&mut md, &report.compiler);
    md.push_str("\n## Datasets\n\n");
    for dataset in &report.datasets {
        let _ = writeln!(md, "- `{}`: {}", dataset.name, dataset.about);
    }
    md
}

/// schemac against buffa, mode by mode: buffa's time over schemac's.
fn buffa_markdown(md: &mut String, report: &Report) {
    md.push_str(
        "\n## Against buffa\n\nbuffa time / schemac time, medians of this run (above 1 is faster than buffa); \
         views against views.\n\n| dataset | encode | decode | view |\n|---|---:|---:|---:|\n",
    );
    let datasets = &report.datasets;
    for dataset in datasets {
        let name = dataset.name.as_str();
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {} |",
            ratio_text(time_ratio(
                datasets,
                name,
                ("buffa", "encode"),
                ("schemac", "encode")
            )),
            ratio_text(time_ratio(
                datasets,
                name,
                ("buffa", "decode"),
                ("schemac", "decode")
            )),
            ratio_text(time_ratio(
                datasets,
                name,
                ("buffa-view", "decode"),
                ("schemac-view", "decode")
            )),
        );
    }
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
    check_markdown(md, compiler.check.as_ref());
}

fn check_markdown(md: &mut String, check: Option<&CheckTimes>) {
    let Some(check) = check else {
        md.push_str(
            "\nChecking schemas of 100,000 declarations: not measured (run `make bench`, or \
             `cargo run --release -p schemac-bench --bin check-speed` first).\n",
        );
        return;
    };
    let _ = writeln!(
        md,
        "\nChecking schemas of 100,000 declarations: `schemac::analyze` (what `schemac check` \
         does: read, parse, resolve, check and lint), {} build, median of {} run(s) (from the \
         `check-speed` step):\n",
        check.profile, check.runs
    );
    md.push_str("| schema | holds | bytes | check time |\n|---|---|---:|---:|\n");
    for row in &check.schemas {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.3} s |",
            row.schema, row.what, row.bytes, row.median_seconds
        );
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

/// A ratio with two decimals, or `-`.
pub fn ratio_text(ratio: Option<f64>) -> String {
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
            cpp: None,
        }
    }

    /// The target row of `case` in `report`.
    fn target<'r>(report: &'r Report, case: &str) -> &'r Target {
        let found = report.targets.iter().find(|target| target.case == case);
        found.unwrap_or_else(|| panic!("no target {case}"))
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
        let measurements = Measurements::from_processes(vec![medians]);
        let report = build(run(), &datasets, &measurements, None);
        let schemac = &report.datasets[0].rows[0];
        assert_eq!(schemac.format, "schemac");
        assert_eq!(schemac.encode_ratio, Some(2.0));
        assert_eq!(schemac.decode_ratio, Some(0.75));
        assert_eq!(schemac.same_bytes_as_prost, Some(true));
        let view = &report.datasets[0].rows[1];
        assert_eq!(view.format, "schemac-view");
        assert_eq!((view.encode_ratio, view.decode_ratio), (None, Some(3.0)));
        let json = &report.datasets[0].rows[6];
        assert_eq!(json.format, "serde_json");
        assert_eq!((json.encode_ratio, json.same_bytes_as_prost), (None, None));

        assert_eq!(target(&report, "encode Order-1, realistic").met, Some(true));
        assert_eq!(
            target(&report, "decode Order-1, realistic").met,
            Some(false)
        );
        assert_eq!(target(&report, "encode Order-1, seed").met, None);
        let view_target = target(&report, "decode Order-100, realistic, borrowed view");
        assert_eq!(
            (view_target.met, view_target.measured.as_str()),
            (None, "not measured")
        );
        assert_eq!(
            target(&report, "any case").measured,
            "lowest 0.75 (decode order-1-realistic)"
        );

        let md = markdown(&report);
        let line = format!(
            "| order-1-realistic | schemac | {} | 100 ns | 400 ns | 2.00 | 0.75 | yes | 1 |",
            schemac.bytes
        );
        assert!(md.contains(&line), "{md}");
        let line = format!(
            "| order-1-realistic | serde_json | {} | - | - | - | - |  | 0 |",
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
    fn the_tree_target_notes_what_the_representations_give() {
        let datasets = [Dataset::new("tree-4k", "a tree", crate::datasets::tree(3))
            .with_representations::<crate::schemac_repr::bench::Tree, crate::prost_repr::bench::Tree>()];
        let medians = HashMap::from([
            (bench_id("tree-4k", "prost", "decode"), 300.0),
            (bench_id("tree-4k", "schemac", "decode"), 200.0),
            (bench_id("tree-4k", "schemac-repr", "decode"), 150.0),
        ]);
        let measurements = Measurements::from_processes(vec![medians]);
        let report = build(run(), &datasets, &measurements, None);
        let tree = target(&report, "decode of a deep tree");
        assert_eq!(
            (tree.measured.as_str(), tree.met),
            (
                "1.50 (with `schemac-repr`'s field representations: 2.00)",
                Some(false)
            )
        );
        let otlp = target(&report, "OTLP traces: decode");
        assert_eq!((otlp.measured.as_str(), otlp.met), ("not measured", None));
    }

    #[test]
    fn decoding_in_place_is_held_to_prost_on_otlp_and_names_the_datasets_below_its_target() {
        let datasets = [
            Dataset::new("tree-4k", "a tree", crate::datasets::tree(3)),
            Dataset::new("otlp-200", "traces", crate::datasets::otlp(2)),
        ];
        let medians = HashMap::from([
            (bench_id("tree-4k", "schemac", "decode"), 200.0),
            (bench_id("tree-4k", "schemac-in-place", "decode"), 160.0),
            (bench_id("otlp-200", "prost", "decode"), 400.0),
            (bench_id("otlp-200", "schemac", "decode"), 300.0),
            (bench_id("otlp-200", "schemac-in-place", "decode"), 100.0),
        ]);
        let measurements = Measurements::from_processes(vec![medians]);
        let report = build(run(), &datasets, &measurements, None);
        let otlp = target(
            &report,
            "decode in place of OTLP (warm), against prost's fresh decode",
        );
        assert_eq!((otlp.measured.as_str(), otlp.met), ("4.00", Some(true)));
        let every = target(
            &report,
            "decode in place of every dataset, against schemac's fresh decode",
        );
        assert_eq!(
            (every.measured.as_str(), every.met),
            ("1.25 (below: tree-4k 1.25)", Some(false))
        );
    }
    #[test]
    fn the_lowest_ratio_notes_what_the_representations_give_in_its_place() {
        let datasets = [
            Dataset::new("tree-4k", "a tree", crate::datasets::tree(3))
                .with_representations::<crate::schemac_repr::bench::Tree, crate::prost_repr::bench::Tree>(),
            Dataset::new("order-1-seed", "one line", order(1, Form::Seed)),
        ];
        let medians = HashMap::from([
            (bench_id("tree-4k", "prost", "encode"), 300.0),
            (bench_id("tree-4k", "buffa", "encode"), 100.0),
            (bench_id("tree-4k", "schemac", "encode"), 200.0),
            (bench_id("tree-4k", "schemac-repr", "encode"), 80.0),
            (bench_id("order-1-seed", "prost", "encode"), 30.0),
            (bench_id("order-1-seed", "buffa", "encode"), 40.0),
            (bench_id("order-1-seed", "schemac", "encode"), 35.0),
        ]);
        let measurements = Measurements::from_processes(vec![medians]);
        let report = build(run(), &datasets, &measurements, None);
        // Against buffa the tree is lowest, where schemac-repr is 1.25.
        let buffa = target(
            &report,
            "every dataset and mode, against buffa in the same mode",
        );
        assert_eq!(
            (buffa.measured.as_str(), buffa.met),
            (
                "lowest 0.50 (encode tree-4k schemac; with `schemac-repr`'s field representations: 1.25)",
                Some(false)
            )
        );
        // Against prost the seed Order is, which has no representations.
        let prost = target(&report, "every dataset and mode, against prost");
        assert_eq!(
            (prost.measured.as_str(), prost.met),
            ("lowest 0.86 (encode order-1-seed schemac)", Some(false))
        );
    }

    #[test]
    fn the_lowest_ratio_notes_what_lite_maps_give_in_its_place() {
        let datasets = [
            Dataset::new("values-10", "a map", crate::datasets::values(10))
                .with_lite_maps::<crate::schemac_lite::bench::Attributes>(),
        ];
        let medians = HashMap::from([
            (bench_id("values-10", "prost", "decode"), 300.0),
            (bench_id("values-10", "buffa", "decode"), 100.0),
            (bench_id("values-10", "schemac", "decode"), 200.0),
            (bench_id("values-10", "schemac-lite", "decode"), 80.0),
        ]);
        let measurements = Measurements::from_processes(vec![medians]);
        let report = build(run(), &datasets, &measurements, None);
        let buffa = target(
            &report,
            "every dataset and mode, against buffa in the same mode",
        );
        assert_eq!(
            buffa.measured,
            "lowest 0.50 (decode values-10 schemac; with `schemac-lite`'s `LiteMap` maps: 1.25)"
        );
    }

    #[test]
    fn several_processes_give_the_median_time_and_the_median_of_their_own_ratios() {
        let datasets = [Dataset::new(
            "order-1-seed",
            "one line",
            order(1, Form::Seed),
        )];
        let encode = |format| bench_id("order-1-seed", format, "encode");
        let process = |prost: f64, schemac: f64| {
            HashMap::from([(encode("prost"), prost), (encode("schemac"), schemac)])
        };
        // Ratios 2.0, 0.5 and 1.25: the median ratio is 1.25, which is not
        // the ratio of the median times (60 / 40 = 1.5).
        let measurements = Measurements::from_processes(vec![
            process(60.0, 30.0),
            process(20.0, 40.0),
            process(100.0, 80.0),
            HashMap::from([(bench_id("compiler", "schemac", "x"), 1.0)]),
        ]);
        assert_eq!(measurements.processes(&encode("schemac")), 3);
        assert_eq!(measurements.time(&encode("prost")), Some(60.0));
        assert_eq!(measurements.time(&encode("schemac")), Some(40.0));
        let report = build(run(), &datasets, &measurements, None);
        let schemac = &report.datasets[0].rows[0];
        assert_eq!(schemac.encode_ratio, Some(1.25));
        assert_eq!(schemac.encode_ratio_range, Some((0.5, 2.0)));
        assert_eq!((schemac.processes, schemac.decode_ratio), (3, None));
        let seed = target(&report, "encode Order-1, seed");
        assert_eq!(
            (seed.measured.as_str(), seed.met),
            ("1.25 (median of 3 processes: 0.50 to 2.00)", Some(true))
        );

        let two = Measurements::from_processes(vec![process(10.0, 10.0), process(30.0, 20.0)]);
        assert_eq!(two.time(&encode("prost")), Some(20.0));
        assert_eq!(
            two.ratio(&encode("prost"), &encode("schemac"))
                .map(|r| r.median),
            Some(1.25)
        );
    }

    #[test]
    fn the_check_times_of_the_check_speed_step_are_reported() {
        let measurements = Measurements::from_processes(Vec::new());
        let mut report = build(run(), &[], &measurements, None);
        assert!(markdown(&report).contains("100,000 declarations: not measured"));
        report.compiler.check = Some(CheckTimes {
            profile: "optimized".to_owned(),
            runs: 3,
            schemas: vec![crate::check_speed::CheckRow {
                schema: "fields-100k.schema".to_owned(),
                what: "one message of 100000 fields".to_owned(),
                bytes: 2_278_817,
                seconds: vec![0.5, 0.4, 0.6],
                median_seconds: 0.5,
            }],
        });
        let md = markdown(&report);
        assert!(md.contains("optimized build, median of 3 run(s)"), "{md}");
        assert!(
            md.contains(
                "| fields-100k.schema | one message of 100000 fields | 2278817 | 0.500 s |"
            ),
            "{md}"
        );
    }

    /// Writes what criterion writes for benchmark `group/function` with
    /// median `median` into `criterion_dir`.
    fn write_estimate(criterion_dir: &Path, median: f64) {
        let new_dir = criterion_dir.join("group/function/new");
        fs::create_dir_all(&new_dir).unwrap();
        fs::write(
            new_dir.join("benchmark.json"),
            r#"{"full_id": "group/function"}"#,
        )
        .unwrap();
        fs::write(
            new_dir.join("estimates.json"),
            format!(r#"{{"median": {{"point_estimate": {median}}}}}"#),
        )
        .unwrap();
    }

    #[test]
    fn each_launched_process_is_read_from_its_own_directory() {
        let target = crate::target_dir().join("bench-report-test/launches");
        let _ = fs::remove_dir_all(&target);
        write_estimate(&criterion_dir(&target), 1.0);
        write_estimate(&launch_dir(&target, 1), 2.0);
        write_estimate(&launch_dir(&target, 2), 4.0);
        let past = SystemTime::now() - std::time::Duration::from_secs(60);
        let measurements = Measurements::read(&target, past);
        assert_eq!(measurements.processes("group/function"), 3);
        assert_eq!(measurements.time("group/function"), Some(2.0));
    }

    #[test]
    fn only_estimates_written_since_the_start_are_read() {
        let dir = crate::target_dir().join("bench-report-test/criterion");
        write_estimate(&dir, 12.5);
        let past = SystemTime::now() - std::time::Duration::from_secs(60);
        assert_eq!(read_medians(&dir, past).get("group/function"), Some(&12.5));
        let future = SystemTime::now() + std::time::Duration::from_secs(60);
        assert!(read_medians(&dir, future).is_empty());
    }
}
