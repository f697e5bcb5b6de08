//! The no_std crate's code, run on the host.

use schemac_no_std::{round_trip, sample_report};
use schemac_runtime::Message;

#[test]
fn a_report_round_trips_through_frames_and_buffers_without_std() {
    let report = sample_report();
    for read in round_trip(&report).unwrap() {
        assert_eq!(read, report);
        assert_eq!(read.encode_to_vec(), report.encode_to_vec());
    }
}
