//! The heap every benchmark runs on: glibc's malloc with its trim and mmap
//! thresholds fixed high, and its `memcpy` without `rep movsb`.
//!
//! By default glibc gives the top of the heap back to the system when more
//! than 128 KiB of it is free, and maps a block of 128 KiB or more on its
//! own, unmapping it when it is freed; the next allocation that needs the
//! memory again takes a page fault per 4 KiB. A loop that decodes a
//! message of a few hundred kilobytes and drops it can pay that on every
//! call, or never, depending on where earlier allocations left the heap:
//! buffa's owned decode of `packed-10k`, whose lists grow by doubling past
//! 128 KiB, took 230 µs a call in a loop of its own, with 51 page faults a
//! call, and 65 µs in criterion's loop. With the thresholds high, no
//! format's time depends on what ran before it, as in a long-running
//! program whose heap is warm (docs/benchmarks.md, "Running"; measured in
//! docs/journal/benchmarks-2026-12.md, "a steady heap").
//!
//! The same settings keep glibc's `memcpy` from copying large blocks with
//! `rep movsb`, which on this machine's AMD EPYC runs fifteen times slower
//! for some placements of the source against the destination: a decode of
//! `blob-64k`, one copy of 64 KiB, took 1.4 µs or 20 µs by where the heap
//! put its vector, so that of two formats timed in turns the second was
//! always the slow one, whichever it was. Every format copies through the
//! same `memcpy`; without `rep movsb` it copies at the same speed wherever
//! the blocks lie.

use std::process::{Command, ExitCode};

/// The variable glibc reads its malloc settings from at start-up.
const TUNABLES: &str = "GLIBC_TUNABLES";

/// The settings: nothing under 1 GiB trimmed, nothing under 32 MiB
/// mapped on its own (glibc ignores an mmap threshold above 32 MiB), and
/// no copy made by `rep movsb` (see the module's docs).
const STEADY: &str = concat!(
    "glibc.malloc.trim_threshold=1073741824",
    ":glibc.malloc.mmap_threshold=33554432",
    ":glibc.cpu.x86_rep_movsb_threshold=4294967295",
);

/// Runs this program again, with the same arguments, on the steady heap,
/// unless it already runs on it (or on settings of the caller's own), and
/// returns the exit code to leave with; `None` when this process is the
/// one to go on.
pub fn run_on_steady_heap() -> Option<ExitCode> {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) || std::env::var_os(TUNABLES).is_some() {
        return None;
    }
    let program = std::env::current_exe().ok()?;
    let status = Command::new(program)
        .args(std::env::args_os().skip(1))
        .env(TUNABLES, STEADY)
        .status();
    Some(match status {
        // The run's own exit code: 2 for a usage error it reported.
        Ok(status) => match status.code().and_then(|code| u8::try_from(code).ok()) {
            Some(code) => ExitCode::from(code),
            None => {
                eprintln!("the benchmark on the steady heap ended with {status}");
                ExitCode::FAILURE
            }
        },
        Err(error) => {
            eprintln!("the benchmark could not run again on the steady heap: {error}");
            ExitCode::FAILURE
        }
    })
}
