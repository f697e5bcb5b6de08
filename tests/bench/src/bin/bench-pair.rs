//! Two formats timed in turns, for a ratio that a noisy machine moves
//! less than two benchmarks run minutes apart: each round times a batch
//! of one format, then a batch of the other, and the ratio printed is the
//! median of the rounds' ratios.
//!
//! ```sh
//! cargo run --profile bench -p schemac-bench --bin bench-pair packed-10k buffa schemac decode
//! cargo run --profile bench -p schemac-bench --bin bench-pair graph-order-100 plain owned-lines decode
//! ```
//!
//! A ratio above 1 says the second is faster. The dataset
//! `graph-order-100` pairs two of the report's graph modes
//! ([`graph::MODES`]) rather than two formats. It runs on the benchmarks'
//! steady heap ([`schemac_bench::heap`]).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bytes::Bytes;
use schemac_bench::formats::{FORMATS, Subject};
use schemac_bench::graph::{self, GraphData};
use schemac_bench::{datasets, heap};

/// Rounds, each a batch of each format.
const ROUNDS: usize = 41;
/// About how long one batch of one format runs.
const BATCH: Duration = Duration::from_millis(20);

fn main() -> ExitCode {
    if let Some(exit) = heap::run_on_steady_heap() {
        return exit;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dataset, first, second, op] = args.as_slice() else {
        eprintln!(
            "usage: bench-pair DATASET FORMAT FORMAT encode|decode\n  formats: {}",
            FORMATS.join(", ")
        );
        return ExitCode::from(2);
    };
    if dataset == graph::GROUP {
        return pair_graph_modes([first, second], op);
    }
    let Some(found) = datasets::by_name(dataset) else {
        eprintln!(
            "no dataset {dataset}; there are {} and {}",
            datasets::NAMES.join(", "),
            graph::GROUP
        );
        return ExitCode::from(2);
    };
    let [Some(first), Some(second)] = [first, second].map(|format| found.subject(format)) else {
        eprintln!("a format is not one of {}", FORMATS.join(", "));
        return ExitCode::from(2);
    };
    let subjects = [first, second];
    let run: fn(&dyn Subject, &Bytes) = match op.as_str() {
        "encode" if subjects.iter().all(|subject| subject.encodes()) => {
            |subject, _| drop(subject.encode())
        }
        "decode" => |subject, input| subject.decode_shared(std::hint::black_box(input)),
        _ => {
            eprintln!("the operation is encode (of two formats that encode) or decode");
            return ExitCode::from(2);
        }
    };
    let inputs = subjects
        .each_ref()
        .map(|subject| Bytes::from(subject.encode()));
    let pair = Pair::time([&|| run(subjects[0], &inputs[0]), &|| {
        run(subjects[1], &inputs[1])
    }]);
    pair.print(dataset, op, subjects.map(|subject| subject.format()));
    ExitCode::SUCCESS
}

/// Two of graph mode's Order-100 modes ([`graph::MODES`]) in turns.
fn pair_graph_modes(modes: [&String; 2], op: &str) -> ExitCode {
    if let Some(mode) = modes
        .iter()
        .find(|mode| !graph::MODES.contains(&mode.as_str()))
    {
        eprintln!("{mode} is not one of {}", graph::MODES.join(", "));
        return ExitCode::from(2);
    }
    let data = GraphData::order_100();
    let pair = match op {
        "encode" => Pair::time([&|| drop(data.encode(modes[0])), &|| {
            drop(data.encode(modes[1]))
        }]),
        "decode" => Pair::time([&|| data.decode(modes[0]), &|| data.decode(modes[1])]),
        _ => {
            eprintln!("the operation is encode or decode");
            return ExitCode::from(2);
        }
    };
    pair.print(graph::GROUP, op, modes.map(String::as_str));
    ExitCode::SUCCESS
}

/// Two operations timed in turns.
struct Pair {
    /// The median of the rounds' ratios, the first's time to the second's.
    ratio: f64,
    /// Each one's median time a call.
    times: [Duration; 2],
}

impl Pair {
    /// Times `runs` in [`ROUNDS`] rounds of a batch of each.
    fn time(runs: [&dyn Fn(); 2]) -> Self {
        // How many calls of each take about one batch's time.
        let calls: [u32; 2] = std::array::from_fn(|side| {
            let start = Instant::now();
            let mut calls = 0;
            while start.elapsed() < BATCH {
                runs[side]();
                calls += 1;
            }
            calls
        });
        // Seconds a call, as a float: a tiny message takes tens of
        // nanoseconds, which a `Duration` divided by the calls would cut to
        // whole ones.
        let time = |side: usize| {
            let start = Instant::now();
            for _ in 0..calls[side] {
                runs[side]();
            }
            start.elapsed().as_secs_f64() / f64::from(calls[side])
        };
        let rounds: Vec<[f64; 2]> = (0..ROUNDS).map(|_| [time(0), time(1)]).collect();
        let median = |mut values: Vec<f64>| {
            values.sort_by(f64::total_cmp);
            values[values.len() / 2]
        };
        Self {
            ratio: median(rounds.iter().map(|[a, b]| a / b).collect()),
            times: [0, 1].map(|side| {
                Duration::from_secs_f64(median(rounds.iter().map(|round| round[side]).collect()))
            }),
        }
    }

    /// Prints the pair, `names` the two timed.
    fn print(&self, dataset: &str, op: &str, names: [&str; 2]) {
        let [first, second] = names;
        let [first_time, second_time] = self.times;
        println!(
            "{dataset} {op}: {first} {first_time:.2?}, {second} {second_time:.2?}, ratio {:.2} (median of {ROUNDS} rounds)",
            self.ratio
        );
    }
}
