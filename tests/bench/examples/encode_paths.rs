//! Encodes one `Blob` with a large payload N times by each of the ways a
//! message is encoded, and prints the time of one: `encode_to_vec`,
//! `encode` appended to a vector that holds bytes already,
//! `encode_length_delimited_to_vec`, as framing does, and `encode_to_buf`
//! into a `BytesMut`, as tonic's codec does (`runtime/src/grpc.rs`). The
//! bench's datasets time only the first. It does so for the `Blob` whose
//! payload is a `Vec<u8>`, and for the one whose payload is a shared
//! `bytes::Bytes` (`schemac-repr` in the bench).
//!
//! ```sh
//! cargo run --profile bench -p schemac-bench --example encode_paths -- SIZE N
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use bytes::BytesMut;
use schemac_bench::{datasets, schemac_repr};
use schemac_runtime::Message;

const USAGE: &str = "usage: encode_paths SIZE N";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, iterations] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let (Ok(size), Ok(iterations @ 1..)) = (size.parse::<usize>(), iterations.parse::<u32>())
    else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let blob = datasets::blob(size);
    let bytes = blob.try_encode_to_vec().expect("encodes");
    let shared = schemac_repr::bench::Blob::decode(&bytes).expect("decodes");
    time_every_way("Vec<u8>", &blob, iterations);
    time_every_way("Bytes", &shared, iterations);
    ExitCode::SUCCESS
}

/// Prints the time of one encode of `message` by each way.
fn time_every_way<M: Message>(payload: &str, message: &M, iterations: u32) {
    let length = message.encoded_len();
    let time = |way: &str, mut encode: Box<dyn FnMut() + '_>| {
        let start = Instant::now();
        for _ in 0..iterations {
            encode();
        }
        let each = start.elapsed() / iterations;
        println!("{payload:8} {way:14} {:9.2} µs", each.as_secs_f64() * 1e6);
    };
    time(
        "encode_to_vec",
        Box::new(|| {
            black_box(black_box(message).try_encode_to_vec().expect("encodes"));
        }),
    );
    time(
        "encode, append",
        Box::new(|| {
            let mut out = Vec::with_capacity(length + 5);
            out.extend_from_slice(b"head");
            black_box(message).encode(&mut out).expect("encodes");
            black_box(out);
        }),
    );
    time(
        "delimited",
        Box::new(|| {
            black_box(
                black_box(message)
                    .try_encode_length_delimited_to_vec()
                    .expect("encodes"),
            );
        }),
    );
    time(
        "encode_to_buf",
        Box::new(|| {
            let mut buf = BytesMut::with_capacity(length + 5);
            black_box(message).encode_to_buf(&mut buf).expect("encodes");
            black_box(buf);
        }),
    );
}
