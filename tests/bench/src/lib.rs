//! Benchmarks of schemac against prost, buffa, Google's C++ protobuf, serde_json, bincode and rmp-serde,
//! on the same logical data, and of the compiler's own speed.
//!
//! - [`datasets`] builds the data, as schemac values;
//! - [`model`] converts it to prost's types and to the plain serde structs
//!   of [`mirror`];
//! - [`formats`] wraps each value in each format behind one trait, which
//!   the criterion benches and the report both use;
//! - [`cpp`] builds and runs the C++ harness, Google's protobuf timed on
//!   the same bytes;
//! - [`report`] reads criterion's medians back and writes
//!   `target/bench-report.{md,json,svg}` (the chart is [`chart`]);
//! - [`compile_speed`] generates a schema of many messages and times the
//!   compilers and rustc on it;
//! - [`build_scale`] times both generators and rustc on Kubernetes' 67
//!   files and on a slice of googleapis of more than 500;
//! - [`check_speed`] times schemac's check of schemas of 100,000 fields
//!   and of 100,000 types;
//! - [`graph`] measures graph mode against plain mode, and its sizes;
//! - [`heap`] runs a benchmark on a heap that earlier benchmarks do not
//!   shape.
//!
//! docs/benchmarks.md says how to run them and how to read the report.

pub mod build_scale;
pub mod chart;
pub mod check_speed;
pub mod compile_speed;
pub mod cpp;
pub mod datasets;
pub mod formats;
pub mod graph;
pub mod heap;
pub mod mirror;
pub mod model;
pub mod report;

/// The types schemac generates from the benchmark schemas, in build.rs.
// The include file's package modules carry no docs.
#[allow(missing_docs)]
pub mod schemac_gen {
    include!(concat!(env!("OUT_DIR"), "/schemac/mod.rs"));
}

/// The types prost generates from the `.proto` that schemac exports for
/// the same schemas, in build.rs.
#[allow(missing_docs, clippy::all)]
pub mod prost_gen {
    include!(concat!(env!("OUT_DIR"), "/prost/mod.rs"));
}

/// The types schemac generates from order.schema and bench.schema with the
/// field representations (build.rs says which).
#[allow(missing_docs)]
pub mod schemac_repr {
    include!(concat!(env!("OUT_DIR"), "/schemac_repr/mod.rs"));
}

/// The types schemac generates from the benchmark schemas to be read in
/// place (`decode_in_place(".")`).
#[allow(missing_docs)]
pub mod schemac_in_place {
    include!(concat!(env!("OUT_DIR"), "/schemac_in_place/mod.rs"));
}

/// The types schemac generates from bench.schema with `LiteMap` maps.
#[allow(missing_docs)]
pub mod schemac_lite {
    include!(concat!(env!("OUT_DIR"), "/schemac_lite/mod.rs"));
}

/// prost's types with its default `HashMap` maps and `bytes::Bytes` for
/// every `bytes` field.
#[allow(missing_docs, clippy::all)]
pub mod prost_repr {
    include!(concat!(env!("OUT_DIR"), "/prost_repr/mod.rs"));
}

/// The types buffa generates from the same exported `.proto`, with views.
#[allow(missing_docs, clippy::all)]
pub mod buffa_gen {
    include!(concat!(env!("OUT_DIR"), "/buffa/mod.rs"));
}

use std::path::PathBuf;
use std::time::Duration;

/// The workspace's target directory: `CARGO_TARGET_DIR` when set, else
/// `target/` at the workspace root.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("target"),
    }
}

/// The root of the schemac workspace.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .ancestors()
        .nth(2)
        .unwrap_or(manifest_dir)
        .to_path_buf()
}

/// The median of `values`, the mean of the middle two for an even count;
/// `None` for none.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    match sorted.len() {
        0 => None,
        len if len % 2 == 1 => Some(sorted[middle]),
        _ => Some((sorted[middle - 1] + sorted[middle]) / 2.0),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(super::median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(super::median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(super::median(&[]), None);
    }
}

/// Criterion's sample count, warm-up and measurement time for a
/// benchmark, which the C++ harness times with too ([`cpp`]).
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// How many samples.
    pub samples: usize,
    /// The warm-up's length.
    pub warm_up: Duration,
    /// All the samples' length together.
    pub measurement: Duration,
}

impl Timing {
    /// The settings, in words, for the report.
    pub fn describe(&self) -> String {
        format!(
            "{} samples, {:.1} s warm-up, {:.1} s measurement per benchmark",
            self.samples,
            self.warm_up.as_secs_f64(),
            self.measurement.as_secs_f64()
        )
    }
}
