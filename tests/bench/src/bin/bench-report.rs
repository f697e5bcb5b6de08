//! Writes the report again from `target/bench-report.json`, taking in the
//! latest `target/bench-compile.json` and `target/bench-check.json`: for
//! a `compile-speed` or `check-speed` run made after the benchmarks, or to
//! redraw the chart, without benchmarking again.

use std::process::ExitCode;

use schemac_bench::report::{self, Report};
use schemac_bench::target_dir;

fn main() -> ExitCode {
    let dir = target_dir();
    let read = |name: &str| std::fs::read(dir.join(name));
    let mut report: Report = match read("bench-report.json")
        .map_err(|error| error.to_string())
        .and_then(|bytes| serde_json::from_slice(&bytes).map_err(|error| error.to_string()))
    {
        Ok(report) => report,
        Err(error) => {
            eprintln!("bench-report: no report to rewrite ({error}); run `make bench` first");
            return ExitCode::FAILURE;
        }
    };
    if let Ok(bytes) = read("bench-compile.json") {
        report.compiler.rustc = serde_json::from_slice(&bytes).ok();
    }
    if let Ok(bytes) = read("bench-check.json") {
        report.compiler.check = serde_json::from_slice(&bytes).ok();
    }
    match report::write(&report, &dir) {
        Ok(paths) => {
            for path in paths {
                println!("wrote {}", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("bench-report: {error}");
            ExitCode::FAILURE
        }
    }
}
