//! What bounds decoding `simple-100k` into owned types: the time it takes
//! only to build the decoded value, without reading any wire bytes.
//!
//! schemac and prost both copy each string into an allocation of its own,
//! check that it is UTF-8, insert each map entry into its `BTreeMap`, grow
//! the list, and later drop all of it. The *floor* does exactly that, from
//! the records' parts split out of the bytes beforehand, and reads no wire
//! bytes: prost's time over it is the highest ratio against prost that a
//! decoder building the value this way could reach.
//!
//! It also decodes the same 100,000 records as 100,000 messages of their
//! own, the other way to read "Simple × 100,000".
//!
//! ```sh
//! cargo run --profile bench -p schemac-bench --bin simple-floor
//! ```
//!
//! The cases run one after another in rounds, in one process, and each
//! prints the median of its rounds.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

use schemac_bench::datasets;
use schemac_bench::prost_gen;
use schemac_bench::schemac_gen::bench::{Simple, SimpleList, SimpleListView};
use schemac_runtime::Message;

const RECORDS: usize = 100_000;
const ROUNDS: usize = 25;
const RUNS_PER_ROUND: u32 = 5;

/// A record's parts as they lie in the wire bytes: name, age and scores.
type Parts<'a> = (&'a [u8], i32, Vec<(&'a [u8], i32)>);

fn main() {
    let list = datasets::simple_list(RECORDS);
    let bytes = list.try_encode_to_vec().expect("the list encodes");
    let view = SimpleListView::decode(&bytes).expect("the list decodes");
    let parts: Vec<Parts<'_>> = view
        .items
        .iter()
        .map(|simple| {
            let scores = simple.scores.iter();
            let scores = scores.map(|(key, value)| (key.as_bytes(), *value));
            (simple.name.as_bytes(), simple.age, scores.collect())
        })
        .collect();
    let messages: Vec<Vec<u8>> = list
        .items
        .iter()
        .map(|simple| simple.try_encode_to_vec().expect("a record encodes"))
        .collect();

    // The same value as decoding gives, built without reading the wire.
    let build = || {
        let mut items = Vec::new();
        for (name, age, scores) in &parts {
            let name = String::from_utf8(black_box(*name).to_vec()).expect("UTF-8");
            let mut map = BTreeMap::new();
            for (key, value) in scores {
                let key = String::from_utf8(black_box(*key).to_vec()).expect("UTF-8");
                map.insert(key, *value);
            }
            items.push(Simple {
                name,
                age: *age,
                scores: map,
                ..Default::default()
            });
        }
        SimpleList {
            items,
            ..Default::default()
        }
    };
    assert!(build() == list, "the floor builds the decoded value");
    let floor = || drop(black_box(build()));
    let schemac = || {
        drop(black_box(
            SimpleList::decode(black_box(&bytes)).expect("decodes"),
        ));
    };
    let prost = || {
        let decoded = <prost_gen::bench::SimpleList as prost::Message>::decode(black_box(&*bytes));
        drop(black_box(decoded.expect("decodes")));
    };
    let schemac_messages = || {
        for message in &messages {
            drop(black_box(
                Simple::decode(black_box(message)).expect("decodes"),
            ));
        }
    };
    let prost_messages = || {
        for message in &messages {
            let decoded =
                <prost_gen::bench::Simple as prost::Message>::decode(black_box(&**message));
            drop(black_box(decoded.expect("decodes")));
        }
    };

    let cases: [(&str, &dyn Fn()); 5] = [
        ("floor: build and drop the value, no decoding", &floor),
        ("schemac: decode one message", &schemac),
        ("prost: decode one message", &prost),
        ("schemac: decode 100,000 messages", &schemac_messages),
        ("prost: decode 100,000 messages", &prost_messages),
    ];
    let mut rounds: [Vec<f64>; 5] = Default::default();
    for _ in 0..ROUNDS {
        for ((_, case), times) in cases.iter().zip(&mut rounds) {
            let start = Instant::now();
            for _ in 0..RUNS_PER_ROUND {
                case();
            }
            times.push(start.elapsed().as_secs_f64() * 1e3 / f64::from(RUNS_PER_ROUND));
        }
    }
    let medians = rounds.map(median);
    let [floor, schemac, prost, schemac_messages, prost_messages] = medians;

    println!("simple-100k, median of {ROUNDS} rounds of {RUNS_PER_ROUND}, decode and drop:");
    for ((name, _), time) in cases.iter().zip(medians) {
        println!("  {name:<48} {time:>8.2} ms");
    }
    println!(
        "prost / schemac, one message           {:.2}",
        prost / schemac
    );
    println!(
        "prost / floor, the highest reachable   {:.2}",
        prost / floor
    );
    println!(
        "prost / schemac, 100,000 messages      {:.2}",
        prost_messages / schemac_messages
    );
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
