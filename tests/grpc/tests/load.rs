//! The load test's loop, run briefly on both sides so that it keeps
//! working; the figures are the `grpc-load` binary's (docs/services.md).

use std::time::Duration;

use schemac_grpc_example::load::{self, Load, Side, median, percentile};

#[tokio::test]
async fn both_sides_answer_under_a_brief_load() {
    let load = Load {
        clients: 2,
        duration: Duration::from_millis(200),
    };
    let mut runs = Vec::new();
    for side in [Side::Schemac, Side::Prost] {
        let figures = load::run(side, &load).await.unwrap();
        assert_eq!(figures.side, side);
        assert!(figures.requests > 0, "{figures:?}");
        assert!(figures.elapsed >= load.duration, "{figures:?}");
        assert!(figures.p50 <= figures.p99, "{figures:?}");
        assert!(figures.rps() > 0.0, "{figures:?}");
        runs.push(figures);
    }
    let table = load::table(&runs);
    assert!(table.contains("schemac / prost"), "{table}");
    assert_eq!(
        table
            .lines()
            .filter(|line| line.starts_with("prost "))
            .count(),
        2,
        "{table}"
    );
}

#[test]
fn percentiles_are_nearest_rank() {
    let values: Vec<Duration> = (1..=200).map(Duration::from_micros).collect();
    assert_eq!(percentile(&values, 50), Some(Duration::from_micros(100)));
    assert_eq!(percentile(&values, 99), Some(Duration::from_micros(198)));
    assert_eq!(percentile(&values, 100), Some(Duration::from_micros(200)));
    assert_eq!(percentile(&values[..1], 99), Some(Duration::from_micros(1)));
    assert_eq!(percentile(&[], 50), None);
}

#[test]
fn medians_of_odd_and_even_counts() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    assert_eq!(median(&[]), 0.0);
}
