//! Decodes one packed list of `u32` of a chosen shape N times and prints
//! the time of one decode: what `packed-10k` does not show, runs whose
//! varints all have one length, for which a branch per varint predicts
//! well (docs/journal/benchmarks-2026-12.md, "packed varints by blocks").
//!
//! ```sh
//! cargo run --profile bench -p schemac-bench --example packed_shapes -- SHAPE COUNT N
//! ```
//!
//! SHAPE is `one`, `two` or `four` (every varint of that many bytes) or
//! `mixed` (1 to 5 bytes, at random).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use schemac_bench::schemac_gen::bench::Packed;
use schemac_runtime::Message;

const USAGE: &str = "usage: packed_shapes (one|two|four|mixed) COUNT N";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [shape, count, iterations] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let (Ok(count), Ok(iterations)) = (count.parse::<usize>(), iterations.parse::<u32>()) else {
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
    let shape: fn(u64) -> u32 = match shape.as_str() {
        "one" => |random| (random % (1 << 7)) as u32,
        "two" => |random| (1 << 7) + (random % ((1 << 14) - (1 << 7))) as u32,
        "four" => |random| (1 << 21) + (random % ((1 << 28) - (1 << 21))) as u32,
        "mixed" => |random| (random >> (32 + random % 32)) as u32,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let ids = (0..count).map(|_| shape(next())).collect();
    let message = Packed {
        ids,
        ..Default::default()
    };
    let Ok(bytes) = message.try_encode_to_vec() else {
        eprintln!("the list does not encode");
        return ExitCode::FAILURE;
    };
    let start = Instant::now();
    for _ in 0..iterations {
        drop(black_box(Packed::decode(black_box(&bytes))));
    }
    let each = start.elapsed() / iterations.max(1);
    println!(
        "{count} varints of {} bytes: {each:?} a decode",
        bytes.len()
    );
    ExitCode::SUCCESS
}
