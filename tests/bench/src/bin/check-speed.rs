//! Times schemac's check of a message of 100,000 fields and of a file of
//! 100,000 types, in `.schema` and in `.proto`, and writes
//! `target/bench-check.json` for the benchmark report
//! ([`schemac_bench::check_speed`]).
//!
//! `SCHEMAC_BENCH=quick` times three checks of each schema; otherwise
//! seven.

use std::process::ExitCode;

use schemac_bench::check_speed::{self, LARGE};
use schemac_bench::target_dir;

fn main() -> ExitCode {
    let runs = match std::env::var("SCHEMAC_BENCH").as_deref() {
        Ok("quick") => 3,
        _ => 7,
    };
    let times = match check_speed::time_check(&target_dir().join("bench-check"), LARGE, runs) {
        Ok(times) => times,
        Err(error) => {
            eprintln!("check-speed: {error}");
            return ExitCode::FAILURE;
        }
    };
    for row in &times.schemas {
        println!(
            "{} ({}, {} bytes): median check {:.3} s over {:?}",
            row.schema, row.what, row.bytes, row.median_seconds, row.seconds
        );
    }
    let path = target_dir().join("bench-check.json");
    let json = serde_json::to_string_pretty(&times).expect("times serialize");
    if let Err(error) = std::fs::write(&path, json) {
        eprintln!("check-speed: cannot write {}: {error}", path.display());
        return ExitCode::FAILURE;
    }
    println!("wrote {}", path.display());
    ExitCode::SUCCESS
}
