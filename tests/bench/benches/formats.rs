//! The criterion benchmarks: every dataset in every format, encode and
//! decode, and the code generators on order.schema and on a schema of
//! 1,000 messages. A benchmarking run ends by writing the report,
//! `target/bench-report.{md,json,svg}`.
//!
//! `SCHEMAC_BENCH=quick` takes fewer, shorter samples (`make bench-quick`);
//! criterion's own flags, given after `--`, override either mode.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use criterion::{Criterion, SamplingMode};
use schemac_bench::compile_speed::{self, SYNTHETIC_MESSAGES, SchemaOnDisk};
use schemac_bench::formats::Dataset;
use schemac_bench::report::{self, RunInfo};
use schemac_bench::{datasets, target_dir};

/// The two modes: criterion's sample count, warm-up and measurement time.
struct Mode {
    name: &'static str,
    samples: usize,
    warm_up: Duration,
    measurement: Duration,
}

impl Mode {
    fn from_env() -> Self {
        match std::env::var("SCHEMAC_BENCH").as_deref() {
            Ok("quick") => Mode {
                name: "quick",
                samples: 10,
                warm_up: Duration::from_millis(300),
                measurement: Duration::from_millis(700),
            },
            _ => Mode {
                name: "full",
                samples: 50,
                warm_up: Duration::from_secs(1),
                measurement: Duration::from_secs(3),
            },
        }
    }

    fn settings(&self) -> String {
        format!(
            "{} samples, {:.1} s warm-up, {:.1} s measurement per benchmark",
            self.samples,
            self.warm_up.as_secs_f64(),
            self.measurement.as_secs_f64()
        )
    }
}

fn main() {
    let started = SystemTime::now();
    let mode = Mode::from_env();
    let criterion_dir = target_dir().join("criterion");
    let mut criterion = Criterion::default()
        .sample_size(mode.samples)
        .warm_up_time(mode.warm_up)
        .measurement_time(mode.measurement)
        .nresamples(20_000)
        .output_directory(&criterion_dir)
        .configure_from_args();

    let datasets = datasets::all();
    for dataset in &datasets {
        bench_dataset(&mut criterion, dataset);
    }
    bench_compilers(&mut criterion);
    criterion.final_summary();

    // `cargo test --benches` runs each benchmark once, as a test; only a
    // benchmarking run writes a report.
    let args: Vec<String> = std::env::args().collect();
    let benchmarking = args.iter().any(|arg| arg == "--bench")
        && !args.iter().any(|arg| arg == "--test" || arg == "--list");
    if benchmarking {
        write_report(&mode, started, &datasets, &criterion_dir);
    }
}

fn bench_dataset(criterion: &mut Criterion, dataset: &Dataset) {
    let mut group = criterion.benchmark_group(dataset.name);
    if dataset.name.starts_with("simple") {
        // Tens of milliseconds per iteration: the same number of
        // iterations in every sample.
        group.sampling_mode(SamplingMode::Flat);
    }
    for subject in &dataset.subjects {
        let format = subject.format();
        if subject.encodes() {
            group.bench_function(format!("{format}/encode"), |b| b.iter(|| subject.encode()));
        }
        let bytes = subject.encode();
        group.bench_function(format!("{format}/decode"), |b| {
            b.iter(|| subject.decode(black_box(&bytes)));
        });
    }
    group.finish();
}

fn bench_compilers(criterion: &mut Criterion) {
    let dir = target_dir().join("bench-compile/schema");
    let order = schemac_bench::workspace_root().join("schemas/order.schema");
    let synthetic = SchemaOnDisk::write(
        &dir,
        "synth-1000",
        &compile_speed::synthetic_schema(SYNTHETIC_MESSAGES),
    )
    .expect("write the synthetic schema");
    let mut group = criterion.benchmark_group("compiler");
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("schemac/order.schema", |b| {
        b.iter(|| compile_speed::schemac_generate(&order).expect("order.schema compiles"));
    });
    group.bench_function("schemac/synth-1000.schema", |b| {
        b.iter(|| compile_speed::schemac_generate(&synthetic.schema).expect("the schema compiles"));
    });
    group.bench_function("protox+prost-build/synth-1000.schema", |b| {
        b.iter(|| compile_speed::prost_generate(&synthetic).expect("the .proto compiles"));
    });
    group.finish();
}

fn write_report(mode: &Mode, started: SystemTime, datasets: &[Dataset], criterion_dir: &Path) {
    let medians = report::read_medians(criterion_dir, started);
    let rustc = std::fs::read(target_dir().join("bench-compile.json"))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok());
    let run = RunInfo {
        mode: mode.name.to_owned(),
        settings: mode.settings(),
        started_unix: started
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        cores: std::thread::available_parallelism().map_or(0, |n| n.get()),
    };
    let report = report::build(run, datasets, &medians, rustc);
    match report::write(&report, &target_dir()) {
        Ok(paths) => {
            for path in paths {
                println!("wrote {}", path.display());
            }
        }
        Err(error) => eprintln!("could not write the report: {error}"),
    }
}
