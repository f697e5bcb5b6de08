//! Two formats timed in turns, for a ratio that a noisy machine moves
//! less than two benchmarks run minutes apart: each round times a batch
//! of one format, then a batch of the other, and the ratio printed is the
//! median of the rounds' ratios.
//!
//! ```sh
//! cargo run --profile bench -p schemac-bench --bin bench-pair packed-10k buffa schemac decode
//! ```
//!
//! A ratio above 1 says the second format is faster. It runs on the
//! benchmarks' steady heap ([`schemac_bench::heap`]).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bytes::Bytes;
use schemac_bench::formats::{FORMATS, Subject};
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
    let Some(found) = datasets::by_name(dataset) else {
        eprintln!(
            "no dataset {dataset}; there are {}",
            datasets::NAMES.join(", ")
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
    // How many calls of each format take about one batch's time.
    let calls: [u32; 2] = std::array::from_fn(|side| {
        let start = Instant::now();
        let mut calls = 0;
        while start.elapsed() < BATCH {
            run(subjects[side], &inputs[side]);
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
            run(subjects[side], &inputs[side]);
        }
        start.elapsed().as_secs_f64() / f64::from(calls[side])
    };
    let rounds: Vec<[f64; 2]> = (0..ROUNDS).map(|_| [time(0), time(1)]).collect();
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let ratio = median(rounds.iter().map(|[a, b]| a / b).collect());
    let [first_time, second_time] = [0, 1].map(|side| {
        Duration::from_secs_f64(median(rounds.iter().map(|round| round[side]).collect()))
    });
    println!(
        "{dataset} {op}: {} {first_time:.2?}, {} {second_time:.2?}, ratio {ratio:.2} (median of {ROUNDS} rounds)",
        subjects[0].format(),
        subjects[1].format(),
    );
    ExitCode::SUCCESS
}
