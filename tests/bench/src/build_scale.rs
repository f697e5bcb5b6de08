//! Build time at scale: schemac and protox + tonic-prost-build on the
//! same real `.proto` files, and `cargo build` of what each generates.
//! Two sets of files ([`SLICES`]): Kubernetes' 67 (k8s.io/api and
//! apimachinery, vendored in `tests/bench/kubernetes`), and a slice of
//! googleapis of more than 500 with their 119 services, from npm's
//! `google-proto-files`, which `.ci/run` and `make bench-build` install
//! into `.tools/googleapis`. The `build-speed` binary runs the measurement
//! ([`measure`]) and writes `target/bench-build.{json,md}`.
//!
//! Each generator writes its files with an include file into a crate of
//! its own; both crates are built once so that their dependencies are, and
//! then each is rebuilt alone (a changed `lib.rs`), in turns, in the dev
//! and in the release profile, without incremental caches: the build a
//! user waits for after a schema change.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use protox::file::{ChainFileResolver, GoogleFileResolver, IncludeFileResolver};
use serde::{Deserialize, Serialize};

use crate::compile_speed::{mark_changed, timed_cargo_build, write_manifest};

/// A set of `.proto` files measured: the directories below a root.
#[derive(Clone, Copy, Debug)]
pub struct Slice {
    /// Its name, which the crates and the report use.
    pub name: &'static str,
    /// Where the files come from.
    pub source: &'static str,
    /// Where its root is.
    pub root: Root,
    /// The directories below the root whose files are compiled, with
    /// everything they import.
    pub dirs: &'static [&'static str],
}

/// Kubernetes' API types: all 67 files, 60 of k8s.io/api at 10b39a39
/// (2026-07-24) and 7 of k8s.io/apimachinery at eed236ce (2026-07-23),
/// proto2, no services.
pub const KUBERNETES: Slice = Slice {
    name: "kubernetes",
    source: "k8s.io/api 10b39a39 and k8s.io/apimachinery eed236ce (tests/bench/kubernetes)",
    root: Root::Vendored("tests/bench/kubernetes"),
    dirs: &["k8s.io"],
};

/// Four APIs of googleapis: 483 files, 511 with their imports, 119
/// services, as npm's `google-proto-files@6.0.1` has them.
pub const GOOGLEAPIS: Slice = Slice {
    name: "googleapis",
    source: "npm's google-proto-files@6.0.1",
    root: Root::Installed {
        variable: "SCHEMAC_GOOGLEAPIS",
        dir: ".tools/googleapis/node_modules/google-proto-files",
    },
    dirs: &[
        "google/cloud/aiplatform/v1",
        "google/ads/admanager/v1",
        "google/cloud/securitycenter/v2",
        "google/cloud/discoveryengine/v1",
    ],
};

/// The slices `build-speed` measures, in order.
pub const SLICES: &[Slice] = &[KUBERNETES, GOOGLEAPIS];

/// Where a slice's files are.
#[derive(Clone, Copy, Debug)]
pub enum Root {
    /// In this directory of the checkout.
    Vendored(&'static str),
    /// In the directory the environment `variable` names, or else in
    /// `dir` of the checkout, where an install put them.
    Installed {
        /// The variable.
        variable: &'static str,
        /// The directory.
        dir: &'static str,
    },
}

impl Slice {
    /// The directory its files' names are relative to, if it holds them.
    pub fn root(&self) -> Option<PathBuf> {
        let workspace = crate::workspace_root();
        let root = match self.root {
            Root::Vendored(dir) => workspace.join(dir),
            Root::Installed { variable, dir } => match std::env::var_os(variable) {
                Some(dir) => PathBuf::from(dir),
                None => workspace.join(dir),
            },
        };
        root.join(self.dirs[0]).is_dir().then_some(root)
    }

    /// The crate that `generator`'s code of this slice builds in.
    fn crate_name(&self, generator: Generator) -> String {
        let generator = match generator {
            Generator::Schemac => "schemac",
            Generator::Prost => "prost",
        };
        format!("{}-{generator}", self.name)
    }

    /// The `.proto` files of its directories below `root`, by their names
    /// below it, sorted.
    pub fn files(&self, root: &Path) -> io::Result<Vec<String>> {
        let mut files = Vec::new();
        let mut pending: Vec<PathBuf> = self.dirs.iter().map(|dir| root.join(dir)).collect();
        while let Some(dir) = pending.pop() {
            for entry in fs::read_dir(&dir)? {
                let path = entry?.path();
                if path.is_dir() {
                    pending.push(path);
                } else if path
                    .extension()
                    .is_some_and(|extension| extension == "proto")
                {
                    let name = path.strip_prefix(root).map_err(io::Error::other)?;
                    files.push(name.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        files.sort();
        Ok(files)
    }
}

/// The two code generators measured.
pub const GENERATORS: &[Generator] = &[Generator::Schemac, Generator::Prost];

/// A code generator measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// `schemac::Builder` with tonic services.
    Schemac,
    /// protox, then `tonic_prost_build` (prost-build with tonic's services).
    Prost,
}

impl Generator {
    /// Its name in the report.
    pub fn name(self) -> &'static str {
        match self {
            Self::Schemac => "schemac",
            Self::Prost => "protox + prost-build",
        }
    }

    /// The dependencies of the crate its code builds in.
    fn dependencies(self) -> String {
        match self {
            Self::Schemac => format!(
                "schemac-runtime = {{ path = {:?}, features = [\"tonic\"] }}\ntonic = \"0.14\"\n",
                crate::workspace_root()
                    .join("runtime")
                    .display()
                    .to_string()
            ),
            Self::Prost => "prost = \"0.14\"\nprost-types = \"0.14\"\ntonic = \"0.14\"\n\
                            tonic-prost = \"0.14\"\n"
                .to_owned(),
        }
    }

    /// Generates the Rust of `files` (names below `root`) into `out_dir`,
    /// with the include file `mod.rs`.
    fn generate(self, root: &Path, files: &[String], out_dir: &Path) -> io::Result<()> {
        fs::create_dir_all(out_dir)?;
        match self {
            Self::Schemac => {
                let paths: Vec<PathBuf> = files.iter().map(|file| root.join(file)).collect();
                schemac::Builder::new()
                    .include(root)
                    .services(schemac::Services::Tonic)
                    .out_dir(out_dir)
                    .include_file("mod.rs")
                    .emit_rerun_if_changed(false)
                    .compile(&paths)
                    .map_err(|error| io::Error::other(error.to_string()))?;
            }
            Self::Prost => {
                // protox's own well-known types first: googleapis' copy of
                // descriptor.proto declares extensions, which protox 0.10
                // cannot read.
                let mut resolver = ChainFileResolver::new();
                resolver.add(GoogleFileResolver::new());
                resolver.add(IncludeFileResolver::new(root.to_owned()));
                let error = |error: protox::Error| io::Error::other(format!("{error:?}"));
                let descriptors = protox::Compiler::with_file_resolver(resolver)
                    .include_source_info(true)
                    .include_imports(true)
                    .open_files(files)
                    .map_err(error)?
                    .file_descriptor_set();
                tonic_prost_build::configure()
                    .out_dir(out_dir)
                    .include_file("mod.rs")
                    .compile_fds(descriptors)?;
            }
        }
        Ok(())
    }
}

/// What one generator made of a slice, and how long everything took.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Side {
    /// [`Generator::name`].
    pub generator: String,
    /// Seconds to generate the Rust (in this process).
    pub generate_seconds: f64,
    /// Rust files written, the include file aside.
    pub rust_files: usize,
    /// Lines of generated Rust.
    pub lines: usize,
    /// Bytes of generated Rust.
    pub bytes: usize,
    /// Every timed `cargo build` of the crate alone, dev profile.
    pub debug_seconds: Vec<f64>,
    /// Every timed `cargo build --release` of it.
    pub release_seconds: Vec<f64>,
    /// The size of the crate's rlib, dev profile.
    pub debug_rlib_bytes: u64,
    /// The size of its rlib, release profile.
    pub release_rlib_bytes: u64,
}

impl Side {
    /// The median of [`Side::debug_seconds`].
    pub fn debug_median(&self) -> f64 {
        crate::median(&self.debug_seconds).unwrap_or(0.0)
    }

    /// The median of [`Side::release_seconds`].
    pub fn release_median(&self) -> f64 {
        crate::median(&self.release_seconds).unwrap_or(0.0)
    }
}

/// The measurement of one slice.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BuildTimes {
    /// [`Slice::name`].
    pub slice: String,
    /// [`Slice::source`].
    pub source: String,
    /// [`Slice::dirs`].
    pub dirs: Vec<String>,
    /// The files named to the generators.
    pub files: usize,
    /// How many timed builds of each profile each side had.
    pub runs: usize,
    /// One per generator, in [`GENERATORS`]' order.
    pub sides: Vec<Side>,
}

/// Generates `slice` (whose files are below `root`) with both generators
/// into crates under `work_dir`, builds each once, then times `runs`
/// rebuilds of each crate alone per profile, the sides in turns.
/// `progress` hears each step.
pub fn measure(
    slice: &Slice,
    root: &Path,
    work_dir: &Path,
    runs: usize,
    progress: &mut dyn FnMut(&str),
) -> io::Result<BuildTimes> {
    let files = slice.files(root)?;
    let target_dir = work_dir.join("target");
    let mut sides = Vec::new();
    for &generator in GENERATORS {
        let name = slice.crate_name(generator);
        let dir = work_dir.join(&name);
        let out_dir = dir.join("src/generated");
        if out_dir.exists() {
            fs::remove_dir_all(&out_dir)?;
        }
        progress(&format!("{name}: generating {} files", files.len()));
        let start = Instant::now();
        generator.generate(root, &files, &out_dir)?;
        let generate_seconds = start.elapsed().as_secs_f64();
        let (rust_files, code) = rust_in(&out_dir)?;
        write_crate(&dir, &name, generator)?;
        for profile in PROFILES {
            progress(&format!("{name}: first {profile} build"));
            cargo_build(&dir, &target_dir, profile)?;
        }
        sides.push(Side {
            generator: generator.name().to_owned(),
            generate_seconds,
            rust_files,
            lines: code.lines().count(),
            bytes: code.len(),
            debug_seconds: Vec::new(),
            release_seconds: Vec::new(),
            debug_rlib_bytes: 0,
            release_rlib_bytes: 0,
        });
    }
    for profile in PROFILES {
        for run in 0..runs {
            for (&generator, side) in GENERATORS.iter().zip(&mut sides) {
                let name = slice.crate_name(generator);
                let dir = work_dir.join(&name);
                mark_changed(&dir, run)?;
                progress(&format!("{name}: timed {profile} build {}", run + 1));
                let seconds = cargo_build(&dir, &target_dir, profile)?.as_secs_f64();
                match profile {
                    Profile::Dev => side.debug_seconds.push(seconds),
                    Profile::Release => side.release_seconds.push(seconds),
                }
            }
        }
    }
    for (&generator, side) in GENERATORS.iter().zip(&mut sides) {
        let name = slice.crate_name(generator);
        side.debug_rlib_bytes = rlib_size(&target_dir, Profile::Dev, &name)?;
        side.release_rlib_bytes = rlib_size(&target_dir, Profile::Release, &name)?;
    }
    Ok(BuildTimes {
        slice: slice.name.to_owned(),
        source: slice.source.to_owned(),
        dirs: slice.dirs.iter().map(|dir| (*dir).to_owned()).collect(),
        files: files.len(),
        runs,
        sides,
    })
}

/// The report's table, in Markdown, with ratios against prost's side.
pub fn markdown(times: &BuildTimes) -> String {
    let mut text = format!(
        "**{}**: {} files of {} ({}), {} timed build(s) of each profile, medians:\n\n",
        times.slice,
        times.files,
        times.source,
        times.dirs.join(", "),
        times.runs
    );
    text.push_str(
        "| generator | generate | Rust files | lines | `cargo build` | `cargo build --release` | rlib (debug) | rlib (release) |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for side in &times.sides {
        let _ = writeln!(
            text,
            "| {} | {:.2} s | {} | {} | {:.1} s | {:.1} s | {:.1} MB | {:.1} MB |",
            side.generator,
            side.generate_seconds,
            side.rust_files,
            side.lines,
            side.debug_median(),
            side.release_median(),
            megabytes(side.debug_rlib_bytes),
            megabytes(side.release_rlib_bytes),
        );
    }
    if let [ours, theirs] = times.sides.as_slice() {
        let ratio = |ours: f64, theirs: f64| if theirs > 0.0 { ours / theirs } else { 0.0 };
        let _ = writeln!(
            text,
            "| schemac ÷ prost | {:.2} | | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            ratio(ours.generate_seconds, theirs.generate_seconds),
            ratio(ours.lines as f64, theirs.lines as f64),
            ratio(ours.debug_median(), theirs.debug_median()),
            ratio(ours.release_median(), theirs.release_median()),
            ratio(ours.debug_rlib_bytes as f64, theirs.debug_rlib_bytes as f64),
            ratio(
                ours.release_rlib_bytes as f64,
                theirs.release_rlib_bytes as f64
            ),
        );
        let total = |side: &Side, build: f64| side.generate_seconds + build;
        let _ = writeln!(
            text,
            "\nGenerate + build, schemac ÷ prost: {:.2} (debug), {:.2} (release).",
            ratio(
                total(ours, ours.debug_median()),
                total(theirs, theirs.debug_median())
            ),
            ratio(
                total(ours, ours.release_median()),
                total(theirs, theirs.release_median())
            ),
        );
    }
    text
}

fn megabytes(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

/// The two cargo profiles timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Profile {
    Dev,
    Release,
}

const PROFILES: [Profile; 2] = [Profile::Dev, Profile::Release];

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Dev => "dev",
            Self::Release => "release",
        })
    }
}

/// The number of `.rs` files in `dir` but the include file, and their text.
fn rust_in(dir: &Path) -> io::Result<(usize, String)> {
    let mut count = 0;
    let mut code = String::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|extension| extension == "rs") {
            code.push_str(&fs::read_to_string(&path)?);
            if path.file_name().is_some_and(|name| name != "mod.rs") {
                count += 1;
            }
        }
    }
    Ok((count, code))
}

/// A library crate `name` in `dir` ([`write_manifest`]) whose root
/// includes `src/generated/mod.rs`.
fn write_crate(dir: &Path, name: &str, generator: Generator) -> io::Result<()> {
    write_manifest(dir, name, &generator.dependencies())?;
    fs::write(
        dir.join("src/lib.rs"),
        "//! Generated code, built to time rustc.\n\
         #![allow(missing_docs, warnings, clippy::all)]\n\n\
         include!(\"generated/mod.rs\");\n",
    )
}

/// The size of the rlib of crate `name` built in `profile`.
fn rlib_size(target_dir: &Path, profile: Profile, name: &str) -> io::Result<u64> {
    let dir = match profile {
        Profile::Dev => "debug",
        Profile::Release => "release",
    };
    let name = format!("lib{}.rlib", name.replace('-', "_"));
    Ok(fs::metadata(target_dir.join(dir).join(name))?.len())
}

/// Runs `cargo build` in `dir` in `profile`, a fresh build of the crate
/// in the profiles' defaults; how long it took. The first build may
/// download what the workspace's own build did not need.
fn cargo_build(dir: &Path, target_dir: &Path, profile: Profile) -> io::Result<Duration> {
    timed_cargo_build(dir, target_dir, |command| {
        if profile == Profile::Release {
            command.arg("--release");
        }
        command
            .env("CARGO_INCREMENTAL", "0")
            .env_remove("CARGO_PROFILE_DEV_DEBUG");
    })
    .map_err(|error| io::Error::other(format!("{profile}: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The root of `slice`: CI fails without it (`.ci/run` installs
    /// googleapis), elsewhere the test says so and passes.
    fn root_of(slice: &Slice) -> Option<PathBuf> {
        let root = slice.root();
        if root.is_none() {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "no files of {}, and CI=true promises them",
                slice.name
            );
            eprintln!(
                "note: no files of {} (make bench-build installs them); not checked",
                slice.name
            );
        }
        root
    }

    /// A side of a made-up measurement.
    fn side(generator: &str, generate: f64, lines: usize, debug: &[f64], release: &[f64]) -> Side {
        Side {
            generator: generator.to_owned(),
            generate_seconds: generate,
            rust_files: 2,
            lines,
            bytes: lines * 40,
            debug_seconds: debug.to_vec(),
            release_seconds: release.to_vec(),
            debug_rlib_bytes: 3_000_000,
            release_rlib_bytes: 1_500_000,
        }
    }

    #[test]
    fn the_table_gives_each_side_its_medians_and_schemac_over_prost() {
        let times = BuildTimes {
            slice: "kubernetes".to_owned(),
            source: KUBERNETES.source.to_owned(),
            dirs: vec!["k8s.io".to_owned()],
            files: 67,
            runs: 3,
            sides: vec![
                side("schemac", 1.0, 300, &[9.0, 5.0, 7.0], &[20.0, 30.0, 10.0]),
                side(
                    "protox + prost-build",
                    2.0,
                    100,
                    &[12.0, 8.0, 10.0],
                    &[18.0, 22.0, 50.0],
                ),
            ],
        };
        let text = markdown(&times);
        assert!(text.starts_with("**kubernetes**: 67 files of k8s.io/api"));
        assert!(text.contains("| schemac | 1.00 s | 2 | 300 | 7.0 s | 20.0 s | 3.0 MB | 1.5 MB |"));
        assert!(text.contains("| protox + prost-build | 2.00 s | 2 | 100 | 10.0 s | 22.0 s |"));
        assert!(text.contains("| schemac ÷ prost | 0.50 | | 3.00 | 0.70 | 0.91 | 1.00 | 1.00 |"));
        // (1 + 7) / (2 + 10) and (1 + 20) / (2 + 22).
        assert!(text.contains("schemac ÷ prost: 0.67 (debug), 0.88 (release)."));
    }

    #[test]
    fn the_slices_hold_the_files_their_docs_count() {
        for (slice, count) in [(KUBERNETES, 67), (GOOGLEAPIS, 483)] {
            let Some(root) = root_of(&slice) else {
                continue;
            };
            let files = slice.files(&root).unwrap();
            assert_eq!(files.len(), count, "{}", slice.name);
            assert!(
                files
                    .iter()
                    .all(|file| slice.dirs.iter().any(|dir| file.starts_with(dir)))
            );
        }
    }

    #[test]
    fn both_generators_write_an_apis_messages_and_services() {
        let Some(root) = root_of(&GOOGLEAPIS) else {
            return;
        };
        let api = Slice {
            dirs: &["google/cloud/securitycenter/v2"],
            ..GOOGLEAPIS
        };
        let files = api.files(&root).unwrap();
        let scratch = crate::target_dir().join("bench-build-test");
        for &generator in GENERATORS {
            let out_dir = scratch.join(api.crate_name(generator));
            if out_dir.exists() {
                fs::remove_dir_all(&out_dir).unwrap();
            }
            generator.generate(&root, &files, &out_dir).unwrap();
            let (rust_files, code) = rust_in(&out_dir).unwrap();
            assert!(rust_files >= 2, "{}: {rust_files} files", generator.name());
            for item in ["pub struct Finding {", "pub mod security_center_server {"] {
                assert!(code.contains(item), "{}: no `{item}`", generator.name());
            }
            assert!(out_dir.join("mod.rs").is_file());
        }
    }
}
