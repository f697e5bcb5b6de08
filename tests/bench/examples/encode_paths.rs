//! Encodes one `Blob` with a large payload N times by each of the ways a
//! message is encoded, and prints the time of one: `encode_to_vec`,
//! `encode` appended to a vector that holds bytes already,
//! `encode_length_delimited_to_vec`, as framing does, and `encode_to_buf`
//! into a `BytesMut`, as tonic's codec does (`runtime/src/grpc.rs`). The
//! bench's datasets time only the first.
//!
//! ```sh
//! cargo run --profile bench -p schemac-bench --example encode_paths -- SIZE N
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use bytes::BytesMut;
use schemac_bench::datasets;
use schemac_runtime::Message;

const USAGE: &str = "usage: encode_paths SIZE N";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, iterations] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let (Ok(size), Ok(iterations)) = (size.parse::<usize>(), iterations.parse::<u32>()) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let blob = datasets::blob(size);
    let length = blob.encoded_len();
    let time = |name: &str, mut encode: Box<dyn FnMut()>| {
        let start = Instant::now();
        for _ in 0..iterations {
            encode();
        }
        let each = start.elapsed() / iterations;
        println!("{name:14} {:9.2} µs", each.as_secs_f64() * 1e6);
    };
    time(
        "encode_to_vec",
        Box::new(|| {
            black_box(black_box(&blob).encode_to_vec().expect("encodes"));
        }),
    );
    time(
        "encode, append",
        Box::new(|| {
            let mut out = Vec::with_capacity(length + 5);
            out.extend_from_slice(b"head");
            black_box(&blob).encode(&mut out).expect("encodes");
            black_box(out);
        }),
    );
    time(
        "delimited",
        Box::new(|| {
            black_box(
                black_box(&blob)
                    .encode_length_delimited_to_vec()
                    .expect("encodes"),
            );
        }),
    );
    time(
        "encode_to_buf",
        Box::new(|| {
            let mut buf = BytesMut::with_capacity(length + 5);
            black_box(&blob).encode_to_buf(&mut buf).expect("encodes");
            black_box(buf);
        }),
    );
    ExitCode::SUCCESS
}
