//! [`Timestamp`] and [`Duration`] to and from the time crate's
//! `OffsetDateTime` and `Duration` (feature `time`).

use time::OffsetDateTime;

use super::text::NANOS_PER_SECOND;
use super::{Duration, RangeError, Timestamp};

/// Any `OffsetDateTime`, exactly: the instant, whatever its offset.
impl From<OffsetDateTime> for Timestamp {
    fn from(time: OffsetDateTime) -> Self {
        Timestamp {
            seconds: time.unix_timestamp(),
            nanos: time.nanosecond() as i32,
        }
    }
}

/// The `OffsetDateTime` in UTC of a timestamp whose `nanos` are 0 to
/// 999,999,999, exactly; an error past the time crate's range (years
/// -9999 to 9999 without its `large-dates` feature).
impl TryFrom<Timestamp> for OffsetDateTime {
    type Error = RangeError;

    fn try_from(timestamp: Timestamp) -> Result<Self, RangeError> {
        if !(0..NANOS_PER_SECOND).contains(&timestamp.nanos) {
            return Err(RangeError::new("timestamp nanos must be 0 to 999,999,999"));
        }
        let nanos = i128::from(timestamp.seconds) * i128::from(NANOS_PER_SECOND)
            + i128::from(timestamp.nanos);
        OffsetDateTime::from_unix_timestamp_nanos(nanos).map_err(|_| {
            RangeError::new("timestamp outside what the time crate's OffsetDateTime holds")
        })
    }
}

/// A `time::Duration` within ±315,576,000,000 seconds, exactly.
impl TryFrom<time::Duration> for Duration {
    type Error = RangeError;

    fn try_from(span: time::Duration) -> Result<Self, RangeError> {
        // The time crate gives the nanos the sign of the whole, as protobuf
        // does.
        let duration = Duration {
            seconds: span.whole_seconds(),
            nanos: span.subsec_nanoseconds(),
        };
        duration.check()?;
        Ok(duration)
    }
}

/// The `time::Duration` of a valid duration, exactly.
impl TryFrom<Duration> for time::Duration {
    type Error = RangeError;

    fn try_from(duration: Duration) -> Result<Self, RangeError> {
        duration.check()?;
        time::Duration::seconds(duration.seconds)
            .checked_add(time::Duration::nanoseconds(duration.nanos.into()))
            .ok_or(RangeError::new(
                "duration outside what the time crate's Duration holds",
            ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use time::UtcOffset;

    #[test]
    fn timestamps_convert_exactly_at_the_edges() {
        for timestamp in [
            Timestamp::MIN,
            Timestamp::MAX,
            Timestamp {
                seconds: -1,
                nanos: 1,
            },
        ] {
            let time = OffsetDateTime::try_from(timestamp).unwrap();
            assert_eq!(time.offset(), UtcOffset::UTC);
            assert_eq!(Timestamp::from(time), timestamp);
        }
        let east = OffsetDateTime::from_unix_timestamp(1)
            .unwrap()
            .to_offset(UtcOffset::from_hms(8, 0, 0).unwrap());
        assert_eq!(east.hour(), 8);
        assert_eq!(
            Timestamp::from(east),
            Timestamp {
                seconds: 1,
                nanos: 0
            }
        );
        let past_9999 = Timestamp {
            seconds: Timestamp::MAX.seconds + 1,
            nanos: 0,
        };
        let error = OffsetDateTime::try_from(past_9999).unwrap_err();
        assert!(error.to_string().contains("outside"), "{error}");
        assert!(
            OffsetDateTime::try_from(Timestamp {
                seconds: 0,
                nanos: 1_000_000_000
            })
            .is_err()
        );
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
            let span = time::Duration::try_from(duration).unwrap();
            assert_eq!(Duration::try_from(span), Ok(duration));
        }
        assert_eq!(
            Duration::try_from(time::Duration::milliseconds(-1_500)),
            Ok(Duration {
                seconds: -1,
                nanos: -500_000_000
            })
        );
        assert!(Duration::try_from(time::Duration::MAX).is_err());
        assert!(Duration::try_from(time::Duration::MIN).is_err());
        let error = time::Duration::try_from(Duration {
            seconds: -1,
            nanos: 1,
        })
        .unwrap_err();
        assert!(error.to_string().contains("signs"), "{error}");
    }

    proptest! {
        #[test]
        fn valid_values_convert_both_ways(
            seconds in Timestamp::MIN.seconds..=Timestamp::MAX.seconds,
            span in -Duration::MAX_SECONDS..=Duration::MAX_SECONDS,
            nanos in 0..NANOS_PER_SECOND,
        ) {
            let timestamp = Timestamp { seconds, nanos };
            prop_assert_eq!(OffsetDateTime::try_from(timestamp).map(Timestamp::from), Ok(timestamp));
            let duration = Duration { seconds: span, nanos: if span < 0 { -nanos } else { nanos } };
            prop_assert_eq!(time::Duration::try_from(duration).and_then(Duration::try_from), Ok(duration));
        }
    }
}
