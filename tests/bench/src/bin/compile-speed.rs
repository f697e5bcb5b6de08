//! Times rustc (through `cargo build`) on the code schemac and prost
//! generate for the synthetic schema of 1,000 messages, and writes
//! `target/bench-compile.json` for the benchmark report.
//!
//! `SCHEMAC_BENCH=quick` times one build of each side; otherwise three.

use std::process::ExitCode;

use schemac_bench::compile_speed::{self, SYNTHETIC_MESSAGES, SchemaOnDisk};
use schemac_bench::target_dir;

fn main() -> ExitCode {
    let runs = match std::env::var("SCHEMAC_BENCH").as_deref() {
        Ok("quick") => 1,
        _ => 3,
    };
    let work_dir = target_dir().join("bench-compile");
    let result = SchemaOnDisk::write(
        &work_dir.join("schema"),
        "synth-1000",
        &compile_speed::synthetic_schema(SYNTHETIC_MESSAGES),
    )
    .and_then(|schema| compile_speed::time_rustc(&schema, &work_dir, runs));
    let times = match result {
        Ok(times) => times,
        Err(error) => {
            eprintln!("compile-speed: {error}");
            return ExitCode::FAILURE;
        }
    };
    for side in &times.sides {
        println!(
            "{}: {} lines, median build {:.2} s over {:?}",
            side.generator, side.lines, side.median_seconds, side.seconds
        );
    }
    let path = target_dir().join("bench-compile.json");
    let json = serde_json::to_string_pretty(&times).expect("times serialize");
    if let Err(error) = std::fs::write(&path, json) {
        eprintln!("compile-speed: cannot write {}: {error}", path.display());
        return ExitCode::FAILURE;
    }
    println!("wrote {}", path.display());
    ExitCode::SUCCESS
}
