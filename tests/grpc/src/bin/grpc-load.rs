//! The load test of docs/services.md: schemac's tonic code against
//! tonic-build + prost's, the unary `Place` on 127.0.0.1, in alternating
//! rounds, and a table of requests per second and p50/p99 latency.
//!
//! ```text
//! cargo run --release -p schemac-grpc-example --bin grpc-load -- [--clients 16] [--seconds 5] [--rounds 3]
//! ```

use std::process::ExitCode;
use std::time::Duration;

use schemac_grpc_example::load::{self, Load, Side};

/// The command line: the load and the number of rounds.
struct Options {
    load: Load,
    rounds: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        load: Load::default(),
        rounds: 3,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--clients" => options.load.clients = positive(&value()?)?,
            "--rounds" => options.rounds = positive(&value()?)?,
            "--seconds" => {
                let text = value()?;
                let seconds: f64 = text
                    .parse()
                    .map_err(|_| format!("--seconds: {text:?} is not a number"))?;
                if !(0.01..=600.0).contains(&seconds) {
                    return Err(format!("--seconds: {seconds} is not within 0.01 to 600"));
                }
                options.load.duration = Duration::from_secs_f64(seconds);
            }
            _ => {
                return Err(format!(
                    "unknown argument {flag:?}; usage: grpc-load [--clients N] [--seconds S] [--rounds N]"
                ));
            }
        }
    }
    Ok(options)
}

/// A count from 1 to 1,000.
fn positive(text: &str) -> Result<usize, String> {
    match text.parse() {
        Ok(n) if (1..=1000).contains(&n) => Ok(n),
        _ => Err(format!("{text:?} is not a count from 1 to 1000")),
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("grpc-load: {message}");
            return ExitCode::from(2);
        }
    };
    println!(
        "grpc-load: unary Place on 127.0.0.1, {} clients, {:?} a run, {} rounds of schemac then prost",
        options.load.clients, options.load.duration, options.rounds
    );
    // A warm-up of each side, not counted.
    let warm_up = Load {
        duration: Duration::from_secs(1).min(options.load.duration),
        ..options.load.clone()
    };
    let mut runs = Vec::new();
    for (round, load) in std::iter::once(&warm_up)
        .chain(std::iter::repeat_n(&options.load, options.rounds))
        .enumerate()
    {
        for side in [Side::Schemac, Side::Prost] {
            match load::run(side, load).await {
                Ok(figures) if round > 0 => runs.push(figures),
                Ok(_) => {}
                Err(error) => {
                    eprintln!("grpc-load: {} failed: {error}", side.name());
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    print!("{}", load::table(&runs));
    ExitCode::SUCCESS
}
