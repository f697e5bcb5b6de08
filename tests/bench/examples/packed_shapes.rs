//! Decodes one packed list of `u32` of a chosen shape N times and prints
//! the time of one decode: what `packed-10k` does not show, runs whose
//! varints all have one length, for which a branch per varint predicts
//! well (docs/journal/benchmarks-2026-12.md, "packed varints by blocks"),
//! and lists too long for a branch predictor to learn by heart.
//!
//! ```sh
//! cargo run --profile bench -p schemac-bench --example packed_shapes -- SHAPE COUNT N [FORMAT [LISTS]]
//! ```
//!
//! SHAPE is `one`, `two` or `four` (every varint of that many bytes) or
//! `mixed` (1 to 5 bytes, at random). FORMAT is `schemac` (the default),
//! `prost` or `buffa`, which decode the same bytes. LISTS (1 by default)
//! is how many different lists of the shape are decoded in turn: a branch
//! predictor learns the lengths of one list of 10,000 varints decoded again
//! and again by heart, which data a server reads does not let it do.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use buffa::Message as _;
use schemac_bench::schemac_gen::bench::Packed;
use schemac_bench::{buffa_gen, prost_gen};
use schemac_runtime::Message;

const USAGE: &str =
    "usage: packed_shapes (one|two|four|mixed) COUNT N [(schemac|prost|buffa) [LISTS]]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(Run {
        shape,
        count,
        iterations,
        decode,
        lists,
    }) = parse(&args)
    else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut state = 0x1234_5678_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut encodings = Vec::with_capacity(lists);
    for _ in 0..lists {
        let message = Packed {
            ids: (0..count).map(|_| shape(next())).collect(),
            ..Default::default()
        };
        let Ok(bytes) = message.try_encode_to_vec() else {
            eprintln!("the list does not encode");
            return ExitCode::FAILURE;
        };
        encodings.push(bytes);
    }
    let start = Instant::now();
    for bytes in encodings.iter().cycle().take(iterations as usize) {
        decode(bytes);
    }
    let each = start.elapsed() / iterations.max(1);
    let bytes: usize = encodings.iter().map(Vec::len).sum();
    println!(
        "{count} varints of {} bytes a list, {lists} in turn: {each:?} a decode",
        bytes / lists
    );
    ExitCode::SUCCESS
}

/// What the arguments ask for.
struct Run {
    /// A varint of the shape from a random number.
    shape: fn(u64) -> u32,
    /// The varints of a list.
    count: usize,
    /// The decodes timed.
    iterations: u32,
    /// One decode, with the format asked for.
    decode: fn(&[u8]),
    /// The lists decoded in turn.
    lists: usize,
}

/// The run the arguments ask for, if they are right.
fn parse(args: &[String]) -> Option<Run> {
    let (shape, count, iterations, rest) = match args {
        [shape, count, iterations, rest @ ..] if rest.len() <= 2 => {
            (shape, count, iterations, rest)
        }
        _ => return None,
    };
    let shape: fn(u64) -> u32 = match shape.as_str() {
        "one" => |random| (random % (1 << 7)) as u32,
        "two" => |random| (1 << 7) + (random % ((1 << 14) - (1 << 7))) as u32,
        "four" => |random| (1 << 21) + (random % ((1 << 28) - (1 << 21))) as u32,
        "mixed" => |random| (random >> (32 + random % 32)) as u32,
        _ => return None,
    };
    let decode: fn(&[u8]) = match rest.first().map_or("schemac", String::as_str) {
        "schemac" => |bytes| drop(black_box(Packed::decode(black_box(bytes)))),
        "prost" => |bytes| {
            let decoded = <prost_gen::bench::Packed as prost::Message>::decode(black_box(bytes));
            drop(black_box(decoded))
        },
        "buffa" => |bytes| {
            let decoded = buffa_gen::bench::Packed::decode_from_slice(black_box(bytes));
            drop(black_box(decoded))
        },
        _ => return None,
    };
    let lists = match rest.get(1) {
        Some(lists) => lists.parse().ok().filter(|&lists| lists > 0)?,
        None => 1,
    };
    Some(Run {
        shape,
        count: count.parse().ok()?,
        iterations: iterations.parse().ok()?,
        decode,
        lists,
    })
}
