//! The criterion benchmarks: every dataset in every format (prost, buffa,
//! the serde formats, and on some datasets the field representations), encode and
//! decode, graph mode's Order-100 against plain mode, and the code
//! generators on order.schema and on a schema of 1,000 messages. A benchmarking run ends by writing the report,
//! `target/bench-report.{md,json,svg}`.
//!
//! A full run measures each dataset in a process of its own, so that no
//! dataset's time depends on the heap that the datasets before it left:
//! it launches this program again with `SCHEMAC_BENCH_DATASET` set to the
//! dataset's name. The short datasets ([`datasets::SHORT`]) take
//! nanoseconds to a few microseconds, and their ratios move with the
//! memory layout a process happens to get, so they are measured in several
//! processes instead, one after another: launches of this program with
//! `SCHEMAC_BENCH_LAUNCH` set to 1, 2, …, each of which writes its
//! estimates into a directory of its own, which the report reads.
//!
//! Every process runs on the steady heap of [`heap`]: the first runs this
//! program again with glibc's malloc settings in its environment.
//!
//! A benchmarking run also times Google's C++ protobuf on each dataset
//! ([`cpp`]): the process that has just measured a dataset with criterion
//! runs the C++ harness on the same bytes, with the same sample count and
//! times, and writes its medians beside criterion's. Where g++, protoc or
//! libprotobuf is missing, it says so and goes on without C++.
//!
//! `SCHEMAC_BENCH=quick` takes fewer, shorter samples, all in one process
//! (`make bench-quick`); criterion's own flags, given after `--`, override
//! either mode and are passed on to the launches.

use std::hint::black_box;
use std::process::{Command, ExitCode};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use criterion::{Criterion, SamplingMode};
use schemac_bench::compile_speed::{self, SYNTHETIC_MESSAGES, SchemaOnDisk};
use schemac_bench::cpp::{self, Harness};
use schemac_bench::formats::{BASELINE, Dataset};
use schemac_bench::graph::{self, GraphData};
use schemac_bench::report::{self, Measurements, RunInfo};
use schemac_bench::{Timing, datasets, heap, target_dir};

/// The variable that tells a launched process its number, for a process
/// that measures the short datasets.
const LAUNCH_VARIABLE: &str = "SCHEMAC_BENCH_LAUNCH";

/// The variable that tells a launched process the one dataset it measures.
const DATASET_VARIABLE: &str = "SCHEMAC_BENCH_DATASET";

/// The two modes.
struct Mode {
    name: &'static str,
    /// For the benchmarks of the first process and of the processes that
    /// measure one dataset.
    timing: Timing,
    /// How many processes measure the short datasets; with 1, the first
    /// process measures every dataset, with its own timing.
    launches: usize,
    /// For the short datasets in each launched process.
    launch_timing: Timing,
}

impl Mode {
    fn from_env() -> Self {
        match std::env::var("SCHEMAC_BENCH").as_deref() {
            Ok("quick") => {
                let timing = Timing {
                    samples: 10,
                    warm_up: Duration::from_millis(300),
                    measurement: Duration::from_millis(700),
                };
                Mode {
                    name: "quick",
                    timing,
                    launches: 1,
                    launch_timing: timing,
                }
            }
            _ => Mode {
                name: "full",
                timing: Timing {
                    samples: 50,
                    warm_up: Duration::from_secs(1),
                    measurement: Duration::from_secs(3),
                },
                launches: 5,
                launch_timing: Timing {
                    samples: 50,
                    warm_up: Duration::from_millis(500),
                    measurement: Duration::from_secs(1),
                },
            },
        }
    }

    fn settings(&self) -> String {
        if self.launches > 1 {
            format!(
                "{}, each dataset in a process of its own; the short datasets in {} processes, {}",
                self.timing.describe(),
                self.launches,
                self.launch_timing.describe()
            )
        } else {
            self.timing.describe()
        }
    }
}

fn main() -> ExitCode {
    let started = SystemTime::now();
    let mode = Mode::from_env();
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo test --benches` runs each benchmark once, as a test, in one
    // process; only a benchmarking run launches others and writes a report.
    let benchmarking = args.iter().any(|arg| arg == "--bench")
        && !args.iter().any(|arg| arg == "--test" || arg == "--list");
    if benchmarking && let Some(exit) = heap::run_on_steady_heap() {
        return exit;
    }
    let launch: Option<usize> = std::env::var(LAUNCH_VARIABLE)
        .ok()
        .and_then(|number| number.parse().ok());
    // Built once, in the first process; the launched ones find it built.
    let harness = benchmarking.then(|| Harness::build(&target_dir()));
    let cpp_status = match &harness {
        Some(Ok(harness)) => Some(harness.toolchain.clone()),
        Some(Err(unavailable)) => {
            eprintln!("{unavailable}");
            Some(unavailable.to_string())
        }
        None => None,
    };
    let (criterion_dir, timing) = match launch {
        Some(number) => (
            report::launch_dir(&target_dir(), number),
            mode.launch_timing,
        ),
        None => (report::criterion_dir(&target_dir()), mode.timing),
    };
    let cpp = match &harness {
        Some(Ok(harness)) => Some(CppRun {
            harness,
            criterion_dir: criterion_dir.clone(),
            timing,
            started,
        }),
        _ => None,
    };
    let mut criterion = Criterion::default()
        .sample_size(timing.samples)
        .warm_up_time(timing.warm_up)
        .measurement_time(timing.measurement)
        .nresamples(20_000)
        .output_directory(&criterion_dir)
        .configure_from_args();

    let only = std::env::var(DATASET_VARIABLE).ok();
    if launch.is_some() || only.is_some() {
        let names = match &only {
            Some(name) => vec![name.as_str()],
            None => datasets::SHORT.to_vec(),
        };
        for dataset in names.into_iter().filter_map(datasets::by_name) {
            bench_dataset(&mut criterion, &dataset, cpp.as_ref());
        }
        criterion.final_summary();
        return ExitCode::SUCCESS;
    }

    let launching = benchmarking && mode.launches > 1;
    let datasets = datasets::all();
    for dataset in &datasets {
        if !launching {
            bench_dataset(&mut criterion, dataset, cpp.as_ref());
        } else if !datasets::SHORT.contains(&dataset.name) {
            let launched = launch_process(&args, DATASET_VARIABLE, dataset.name);
            if let Err(error) = launched {
                eprintln!("the process of dataset {} failed: {error}", dataset.name);
                return ExitCode::FAILURE;
            }
        }
    }
    bench_graph(&mut criterion);
    bench_compilers(&mut criterion);
    criterion.final_summary();
    if launching {
        for number in 1..=mode.launches {
            let launched = launch_process(&args, LAUNCH_VARIABLE, &number.to_string());
            if let Err(error) = launched {
                eprintln!("launch {number} of the short datasets failed: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    if benchmarking {
        write_report(&mode, started, &datasets, cpp_status);
    }
    ExitCode::SUCCESS
}

/// Runs this program again with the same arguments and `variable` set to
/// `value`, and waits for it.
fn launch_process(args: &[String], variable: &str, value: &str) -> Result<(), String> {
    let program = std::env::current_exe().map_err(|error| error.to_string())?;
    println!("\na process of its own: {variable}={value}");
    let status = Command::new(program)
        .args(args)
        .env(variable, value)
        .status()
        .map_err(|error| error.to_string())?;
    if status.success() {
        Ok(())
    } else {
        Err(status.to_string())
    }
}

/// What a process needs to time the C++ peer after criterion.
struct CppRun<'a> {
    harness: &'a Harness,
    /// This process's criterion output, beside which the C++ medians go.
    criterion_dir: std::path::PathBuf,
    timing: Timing,
    started: SystemTime,
}

impl CppRun<'_> {
    /// Times C++ on `dataset`'s bytes if criterion has just measured the
    /// dataset in this process (its filter may have left it out).
    fn bench(&self, dataset: &Dataset) {
        let measured = report::read_medians(&self.criterion_dir, self.started)
            .contains_key(&report::bench_id(dataset.name, BASELINE, "decode"));
        let Some(baseline) = dataset.subject(BASELINE).filter(|_| measured) else {
            return;
        };
        let timed = self
            .harness
            .time(dataset.message, &baseline.encode(), self.timing);
        match timed {
            Ok(times) => {
                println!(
                    "{}/cpp: encode {:.1} ns, decode {:.1} ns, arena decode {:.1} ns (median)",
                    dataset.name, times.encode_ns, times.decode_ns, times.arena_decode_ns
                );
                if let Err(error) = cpp::write_medians(&self.criterion_dir, dataset.name, &times) {
                    eprintln!(
                        "could not write the C++ medians of {}: {error}",
                        dataset.name
                    );
                }
            }
            Err(error) => eprintln!("C++ on {} failed: {error}", dataset.name),
        }
    }
}

fn bench_dataset(criterion: &mut Criterion, dataset: &Dataset, cpp: Option<&CppRun<'_>>) {
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
        // Held in a `Bytes`, which the representations' formats share and
        // the others read as a slice.
        let input = bytes::Bytes::from(subject.encode());
        group.bench_function(format!("{format}/decode"), |b| {
            b.iter(|| subject.decode_shared(black_box(&input)));
        });
    }
    group.finish();
    if let Some(cpp) = cpp {
        cpp.bench(dataset);
    }
}

/// Graph mode's Order-100 against the same data as a plain tree.
fn bench_graph(criterion: &mut Criterion) {
    let data = GraphData::order_100();
    let mut group = criterion.benchmark_group(graph::GROUP);
    for mode in graph::MODES {
        group.bench_function(format!("{mode}/encode"), |b| b.iter(|| data.encode(mode)));
        group.bench_function(format!("{mode}/decode"), |b| b.iter(|| data.decode(mode)));
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

fn write_report(mode: &Mode, started: SystemTime, datasets: &[Dataset], cpp: Option<String>) {
    let measurements = Measurements::read(&target_dir(), started);
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
        cpp,
    };
    let mut report = report::build(run, datasets, &measurements, rustc);
    report.compiler.check = std::fs::read(target_dir().join("bench-check.json"))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok());
    match report::write(&report, &target_dir()) {
        Ok(paths) => {
            for path in paths {
                println!("wrote {}", path.display());
            }
        }
        Err(error) => eprintln!("could not write the report: {error}"),
    }
}
