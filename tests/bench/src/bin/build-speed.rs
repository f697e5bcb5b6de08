//! Times schemac and protox + tonic-prost-build on Kubernetes' 67 files
//! and a slice of googleapis of more than 500, and `cargo build` of what
//! each generates (`schemac_bench::build_scale`); writes
//! `target/bench-build.json` and `target/bench-build.md`.
//!
//! `SCHEMAC_BENCH=quick` times one build of each profile per side;
//! otherwise three.

use std::process::ExitCode;

use schemac_bench::build_scale::{self, SLICES};
use schemac_bench::target_dir;

fn main() -> ExitCode {
    let runs = match std::env::var("SCHEMAC_BENCH").as_deref() {
        Ok("quick") => 1,
        _ => 3,
    };
    let work_dir = target_dir().join("bench-build");
    let mut progress = |step: &str| eprintln!("build-speed: {step}");
    let mut all = Vec::new();
    let mut table = String::new();
    for slice in SLICES {
        let Some(root) = slice.root() else {
            eprintln!(
                "build-speed: the files of {} ({}) are not here: `make bench-build` installs them",
                slice.name, slice.source
            );
            return ExitCode::FAILURE;
        };
        let times = match build_scale::measure(slice, &root, &work_dir, runs, &mut progress) {
            Ok(times) => times,
            Err(error) => {
                eprintln!("build-speed: {}: {error}", slice.name);
                return ExitCode::FAILURE;
            }
        };
        let text = build_scale::markdown(&times);
        println!("{text}");
        table.push_str(&text);
        table.push('\n');
        all.push(times);
    }
    let json = serde_json::to_string_pretty(&all).expect("times serialize");
    for (name, text) in [("bench-build.json", json), ("bench-build.md", table)] {
        let path = target_dir().join(name);
        if let Err(error) = std::fs::write(&path, text) {
            eprintln!("build-speed: cannot write {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
