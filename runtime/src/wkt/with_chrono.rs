//! [`Timestamp`] and [`Duration`] to and from chrono's `DateTime<Utc>`
//! and `TimeDelta` (feature `chrono`).

use chrono::{DateTime, TimeDelta, Utc};

use super::text::NANOS_PER_SECOND;
use super::{Duration, RangeError, Timestamp};

/// Any `DateTime<Utc>`, exactly; a leap second, which chrono holds as
/// nanos past 999,999,999, becomes the start of the next second.
impl From<DateTime<Utc>> for Timestamp {
    fn from(time: DateTime<Utc>) -> Self {
        Timestamp {
            seconds: time.timestamp(),
            nanos: time.timestamp_subsec_nanos() as i32,
        }
        .normalized()
    }
}

/// The `DateTime<Utc>` of a timestamp whose `nanos` are 0 to 999,999,999,
/// exactly; an error past chrono's range.
impl TryFrom<Timestamp> for DateTime<Utc> {
    type Error = RangeError;

    fn try_from(timestamp: Timestamp) -> Result<Self, RangeError> {
        if !(0..NANOS_PER_SECOND).contains(&timestamp.nanos) {
            return Err(RangeError::new("timestamp nanos must be 0 to 999,999,999"));
        }
        DateTime::from_timestamp(timestamp.seconds, timestamp.nanos as u32).ok_or(RangeError::new(
            "timestamp outside what chrono's DateTime holds",
        ))
    }
}

/// A `TimeDelta` within ±315,576,000,000 seconds, exactly.
impl TryFrom<TimeDelta> for Duration {
    type Error = RangeError;

    fn try_from(delta: TimeDelta) -> Result<Self, RangeError> {
        // chrono gives the nanos the sign of the whole, as protobuf does.
        let duration = Duration {
            seconds: delta.num_seconds(),
            nanos: delta.subsec_nanos(),
        };
        duration.check()?;
        Ok(duration)
    }
}

/// The `TimeDelta` of a valid duration, exactly.
impl TryFrom<Duration> for TimeDelta {
    type Error = RangeError;

    fn try_from(duration: Duration) -> Result<Self, RangeError> {
        duration.check()?;
        TimeDelta::try_seconds(duration.seconds)
            .and_then(|seconds| seconds.checked_add(&TimeDelta::nanoseconds(duration.nanos.into())))
            .ok_or(RangeError::new(
                "duration outside what chrono's TimeDelta holds",
            ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn timestamps_convert_exactly_at_the_edges() {
        for timestamp in [
            Timestamp::MIN,
            Timestamp::MAX,
            Timestamp {
                seconds: -1,
                nanos: 1,
            },
            Timestamp {
                seconds: Timestamp::MAX.seconds * 10,
                nanos: 5,
            },
        ] {
            let time = DateTime::<Utc>::try_from(timestamp).unwrap();
            assert_eq!(Timestamp::from(time), timestamp);
        }
        assert_eq!(
            DateTime::<Utc>::try_from(Timestamp::MIN)
                .unwrap()
                .to_rfc3339(),
            "0001-01-01T00:00:00+00:00"
        );
        let leap = DateTime::from_timestamp(59, 1_500_000_000).unwrap();
        assert_eq!(
            Timestamp::from(leap),
            Timestamp {
                seconds: 60,
                nanos: 500_000_000
            }
        );
        assert!(
            DateTime::<Utc>::try_from(Timestamp {
                seconds: i64::MAX,
                nanos: 0
            })
            .is_err()
        );
        let error = DateTime::<Utc>::try_from(Timestamp {
            seconds: 0,
            nanos: -1,
        })
        .unwrap_err();
        assert!(error.to_string().contains("nanos"), "{error}");
    }

    #[test]
    fn durations_convert_exactly_within_the_range() {
        for duration in [
            Duration::MIN,
            Duration::MAX,
            Duration {
                seconds: 0,
                nanos: -1,
            },
        ] {
            let delta = TimeDelta::try_from(duration).unwrap();
            assert_eq!(Duration::try_from(delta), Ok(duration));
        }
        assert_eq!(
            Duration::try_from(TimeDelta::milliseconds(-1_500)),
            Ok(Duration {
                seconds: -1,
                nanos: -500_000_000
            })
        );
        let error = Duration::try_from(TimeDelta::MAX).unwrap_err();
        assert!(error.to_string().contains("outside"), "{error}");
        let error = TimeDelta::try_from(Duration {
            seconds: 1,
            nanos: -1,
        })
        .unwrap_err();
        assert!(error.to_string().contains("signs"), "{error}");
    }

    proptest! {
        #[test]
        fn valid_values_convert_both_ways(
            seconds in -Duration::MAX_SECONDS..=Duration::MAX_SECONDS,
            nanos in 0..NANOS_PER_SECOND,
        ) {
            let timestamp = Timestamp { seconds, nanos };
            prop_assert_eq!(DateTime::<Utc>::try_from(timestamp).map(Timestamp::from), Ok(timestamp));
            let duration = Duration { seconds, nanos: if seconds < 0 { -nanos } else { nanos } };
            prop_assert_eq!(TimeDelta::try_from(duration).and_then(Duration::try_from), Ok(duration));
        }
    }
}
