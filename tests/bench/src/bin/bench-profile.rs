//! A driver for profilers: runs one dataset's encode or decode in one
//! format many times, and nothing else.
//!
//! ```sh
//! cargo build --profile bench -p schemac-bench --bin bench-profile
//! valgrind --tool=callgrind target/release/bench-profile order-100-realistic schemac decode 2000
//! ```

use std::process::ExitCode;

use bytes::Bytes;

use schemac_bench::datasets;
use schemac_bench::formats::FORMATS;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dataset, format, op, rest @ ..] = args.as_slice() else {
        eprintln!(
            "usage: bench-profile DATASET FORMAT encode|decode [ITERATIONS]\n  formats: {}",
            FORMATS.join(", ")
        );
        return ExitCode::from(2);
    };
    let iterations: usize = rest.first().and_then(|n| n.parse().ok()).unwrap_or(1_000);
    let Some(found) = datasets::by_name(dataset) else {
        eprintln!(
            "no dataset {dataset}; there are {}",
            datasets::NAMES.join(", ")
        );
        return ExitCode::from(2);
    };
    let Some(subject) = found.subject(format) else {
        eprintln!("no format {format}; there are {}", FORMATS.join(", "));
        return ExitCode::from(2);
    };
    if op == "encode" && !subject.encodes() {
        eprintln!("{format} only decodes");
        return ExitCode::from(2);
    }
    // Decoded from `Bytes`, as the benchmarks decode: the formats that
    // share their input's bytes share them here too.
    let bytes = Bytes::from(subject.encode());
    match op.as_str() {
        "encode" => (0..iterations).for_each(|_| drop(std::hint::black_box(subject.encode()))),
        "decode" => {
            (0..iterations).for_each(|_| subject.decode_shared(std::hint::black_box(&bytes)))
        }
        _ => {
            eprintln!("the operation is encode or decode, not {op}");
            return ExitCode::from(2);
        }
    }
    println!(
        "{iterations} × {op} of {dataset} in {format}: {} bytes",
        bytes.len()
    );
    ExitCode::SUCCESS
}
