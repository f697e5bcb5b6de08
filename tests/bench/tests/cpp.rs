//! The C++ harness does the work it is timed on: where g++, protoc and
//! libprotobuf are installed, it reads every dataset's bytes, on the heap and
//! in an arena, and writes back the bytes schemac wrote (with maps, the same
//! value). Where they are missing, the tests say so and pass.

use std::time::Duration;

use schemac_bench::Timing;
use schemac_bench::cpp::{Harness, Unavailable};
use schemac_bench::{datasets, target_dir};

/// The harness, or `None` with a message when its toolchain is missing; a
/// failed build with the toolchain present fails the test.
fn harness() -> Option<Harness> {
    match Harness::build(&target_dir()) {
        Ok(harness) => Some(harness),
        Err(Unavailable::Missing(what)) => {
            eprintln!("skipped, C++ is not installed: {what}");
            None
        }
        Err(failed @ Unavailable::Failed(_)) => panic!("{failed}"),
    }
}

/// The datasets with maps, whose entries C++ writes with their default
/// keys and values, which schemac and prost leave out.
const MAPS: &[&str] = &["simple-100k", "values-10", "values-100", "values-1000"];

#[test]
fn the_harness_reads_every_dataset_and_writes_back_schemacs_bytes() {
    let Some(harness) = harness() else { return };
    for dataset in datasets::all() {
        let bytes = dataset.subject("schemac").unwrap().encode();
        let (heap, arena) = harness
            .reencode(dataset.message, &bytes)
            .unwrap_or_else(|error| panic!("{}: {error}", dataset.name));
        for (how, written) in [("heap", heap), ("arena", arena)] {
            let name = dataset.name;
            if MAPS.contains(&name) {
                // The same entries, in the same order, some longer.
                assert!(written.len() >= bytes.len(), "{name} ({how})");
                let back = dataset.reencode(&written).unwrap();
                assert!(back == bytes, "{name} ({how}): schemac reads another value");
            } else {
                assert!(
                    written == bytes,
                    "{name} ({how}): C++ wrote {} bytes, schemac {}; first difference at byte {:?}",
                    written.len(),
                    bytes.len(),
                    written.iter().zip(&bytes).position(|(a, b)| a != b)
                );
            }
        }
    }
}

#[test]
fn the_harness_times_the_three_operations() {
    let Some(harness) = harness() else { return };
    let dataset = datasets::by_name("order-1-realistic").unwrap();
    let bytes = dataset.subject("schemac").unwrap().encode();
    let timing = Timing {
        samples: 5,
        warm_up: Duration::from_millis(20),
        measurement: Duration::from_millis(50),
    };
    let times = harness.time(dataset.message, &bytes, timing).unwrap();
    for (op, ns) in [
        ("encode", times.encode_ns),
        ("decode", times.decode_ns),
        ("arena decode", times.arena_decode_ns),
    ] {
        // Tens of nanoseconds to a few microseconds for a hundred bytes.
        assert!(ns > 1.0 && ns < 1e6, "{op}: {ns} ns");
    }
}

#[test]
fn the_harness_refuses_a_message_it_does_not_have_and_bytes_that_do_not_parse() {
    let Some(harness) = harness() else { return };
    let error = harness.reencode("bench.Nothing", &[]).unwrap_err();
    assert!(
        error.contains("no generated message bench.Nothing"),
        "{error}"
    );
    // A field 1 of wire type 7, which no message has.
    let error = harness.reencode("bench.Blob", &[0x0f]).unwrap_err();
    assert!(error.contains("does not parse as bench.Blob"), "{error}");
}
