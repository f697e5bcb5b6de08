//! `google.protobuf.Duration`: a signed span of time,
//! `{ 1: seconds, 2: nanos }`.

use core::fmt;
use core::str::FromStr;

use super::text::{self, NANOS_PER_SECOND, WriteError};
use super::timestamp::seconds_and_nanos;
use super::{ParseError, RangeError, copied_view, message_codec};
use crate::__private::codec;
use crate::__private::field;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::{Message, Name};
use crate::wire::WireType;

/// A signed span of time: seconds and nanoseconds, which have the same
/// sign when both are non-zero.
///
/// A valid duration has `seconds` within ±315,576,000,000 (about 10,000
/// years) and `nanos` within ±999,999,999 of the same sign; JSON and
/// `Display` need one. Binary decoding takes any value, as Google's does.
///
/// ```
/// use schemac_runtime::Duration;
/// let d: Duration = "-1.5s".parse()?;
/// assert_eq!(d, Duration { seconds: -1, nanos: -500_000_000 });
/// assert_eq!(d.to_string(), "-1.500s");
/// # Ok::<(), schemac_runtime::wkt::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration {
    /// Whole seconds.
    pub seconds: i64,
    /// Nanoseconds beyond `seconds`, -999,999,999 to 999,999,999, of the
    /// sign of `seconds` unless it is 0.
    pub nanos: i32,
}

impl Duration {
    /// The most seconds a valid duration has: 10,000 years of 365.25 days.
    pub const MAX_SECONDS: i64 = 315_576_000_000;

    /// The shortest valid duration: -315,576,000,000.999999999 seconds.
    pub const MIN: Duration = Duration {
        seconds: -Self::MAX_SECONDS,
        nanos: -(NANOS_PER_SECOND - 1),
    };

    /// The longest valid duration: 315,576,000,000.999999999 seconds.
    pub const MAX: Duration = Duration {
        seconds: Self::MAX_SECONDS,
        nanos: NANOS_PER_SECOND - 1,
    };

    /// Whether the duration is in range, with `nanos` in range and of the
    /// sign of `seconds`.
    pub fn is_valid(&self) -> bool {
        self.check().is_ok()
    }

    /// The same span with `nanos` carried into `seconds`, so that they are
    /// within ±999,999,999 and of one sign; saturated at the extremes of
    /// `i64`.
    pub fn normalized(self) -> Duration {
        let saturated = |positive: bool| {
            if positive {
                Duration {
                    seconds: i64::MAX,
                    nanos: NANOS_PER_SECOND - 1,
                }
            } else {
                Duration {
                    seconds: i64::MIN,
                    nanos: -(NANOS_PER_SECOND - 1),
                }
            }
        };
        let carry = i64::from(self.nanos / NANOS_PER_SECOND);
        let Some(mut seconds) = self.seconds.checked_add(carry) else {
            return saturated(carry > 0);
        };
        let mut nanos = self.nanos % NANOS_PER_SECOND;
        if seconds > 0 && nanos < 0 {
            seconds -= 1;
            nanos += NANOS_PER_SECOND;
        } else if seconds < 0 && nanos > 0 {
            seconds += 1;
            nanos -= NANOS_PER_SECOND;
        }
        Duration { seconds, nanos }
    }

    /// `Ok` for a valid duration, else why it is not.
    pub(crate) fn check(&self) -> Result<(), RangeError> {
        if self.seconds.unsigned_abs() > Self::MAX_SECONDS as u64 {
            return Err(RangeError::new("duration outside ±315576000000s"));
        }
        if self.nanos.unsigned_abs() >= NANOS_PER_SECOND as u32 {
            return Err(RangeError::new(
                "duration nanos must be within ±999,999,999",
            ));
        }
        if (self.seconds < 0 && self.nanos > 0) || (self.seconds > 0 && self.nanos < 0) {
            return Err(RangeError::new(
                "duration seconds and nanos have different signs",
            ));
        }
        Ok(())
    }
}

/// Seconds with an `s`, with 0, 3, 6 or 9 fractional digits, as ProtoJSON
/// writes it: `1.000340012s`, `-0.500s`, `3s`. An invalid duration, which
/// has no such form, is written as its `Debug` form.
impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match text::write_duration(self, f) {
            Ok(()) => Ok(()),
            Err(WriteError::Range(_)) => fmt::Debug::fmt(self, f),
            Err(WriteError::Fmt(error)) => Err(error),
        }
    }
}

/// Seconds with an `s`, as ProtoJSON reads it: an optional `-`, 0 to 9
/// fractional digits, within ±315,576,000,000 seconds.
impl FromStr for Duration {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        text::parse_duration(text)
    }
}

/// A `core::time::Duration` of at most 315,576,000,000 seconds, exactly.
impl TryFrom<core::time::Duration> for Duration {
    type Error = RangeError;

    fn try_from(duration: core::time::Duration) -> Result<Self, RangeError> {
        if duration.as_secs() > Self::MAX_SECONDS as u64 {
            return Err(RangeError::new("duration outside ±315576000000s"));
        }
        Ok(Duration {
            seconds: duration.as_secs() as i64,
            nanos: duration.subsec_nanos() as i32,
        })
    }
}

/// The `core::time::Duration` of a valid duration that is not negative,
/// exactly.
impl TryFrom<Duration> for core::time::Duration {
    type Error = RangeError;

    fn try_from(duration: Duration) -> Result<Self, RangeError> {
        duration.check()?;
        if duration.seconds < 0 || duration.nanos < 0 {
            return Err(RangeError::new(
                "a negative duration has no core::time::Duration",
            ));
        }
        Ok(core::time::Duration::new(
            duration.seconds as u64,
            duration.nanos as u32,
        ))
    }
}

impl Name for Duration {
    const FULL_NAME: &'static str = "google.protobuf.Duration";
}

seconds_and_nanos!(Duration, "Duration");

message_codec!(
    /// `google.protobuf.Duration`: a [`Duration`](crate::wkt::Duration).
    DurationCodec,
    Duration
);

copied_view!(DurationCodec);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wkt::test_helpers::{decode, decode_garbage, encode, garbage, hex};
    use proptest::prelude::*;

    /// From python3-protobuf 3.21: `Duration(...).SerializeToString()`.
    const PYTHON_BYTES: [(i64, i32, &str); 5] = [
        (0, 0, ""),
        (1, 500_000_000, "08011080cab5ee01"),
        (
            -1,
            -500_000_000,
            "08ffffffffffffffffff011080b6ca91feffffffff01",
        ),
        (315_576_000_000, 999_999_999, "0880bcaece970910ff93ebdc03"),
        (
            -315_576_000_000,
            -999_999_999,
            "0880c4d1b1e8f6ffffff011081ec94a3fcffffffff01",
        ),
    ];

    #[test]
    fn bytes_are_googles() {
        for (seconds, nanos, expected) in PYTHON_BYTES {
            let value = Duration { seconds, nanos };
            assert_eq!(hex(&value.try_encode_to_vec().unwrap()), expected);
            let framed = encode::<DurationCodec>(&value);
            assert_eq!(hex(&framed[1..]), expected);
            assert_eq!(decode::<DurationCodec>(&framed), Ok(value));
        }
    }

    #[test]
    fn display_has_0_3_6_or_9_digits_and_one_sign() {
        let d = |seconds, nanos| Duration { seconds, nanos }.to_string();
        assert_eq!(d(1, 340_012), "1.000340012s");
        assert_eq!(d(1, 0), "1s");
        assert_eq!(d(1, 10_000_000), "1.010s");
        assert_eq!(d(1, 10_000), "1.000010s");
        assert_eq!(d(0, -500_000_000), "-0.500s");
        assert_eq!(d(-3, -100_000_000), "-3.100s");
        assert_eq!(Duration::MIN.to_string(), "-315576000000.999999999s");
        assert_eq!(d(1, -1), "Duration { seconds: 1, nanos: -1 }");
        assert_eq!(
            d(0, NANOS_PER_SECOND),
            "Duration { seconds: 0, nanos: 1000000000 }"
        );
        assert_eq!(
            d(Duration::MAX_SECONDS + 1, 0),
            "Duration { seconds: 315576000001, nanos: 0 }"
        );
    }

    #[test]
    fn std_durations_convert_exactly_within_the_range() {
        let std = core::time::Duration::new(5, 7);
        assert_eq!(
            Duration::try_from(std),
            Ok(Duration {
                seconds: 5,
                nanos: 7
            })
        );
        assert_eq!(
            core::time::Duration::try_from(Duration {
                seconds: 5,
                nanos: 7
            }),
            Ok(std)
        );
        let max = core::time::Duration::new(Duration::MAX_SECONDS as u64, 999_999_999);
        assert_eq!(Duration::try_from(max), Ok(Duration::MAX));
        assert_eq!(core::time::Duration::try_from(Duration::MAX), Ok(max));
        assert!(Duration::try_from(max + core::time::Duration::from_nanos(1)).is_err());
        assert!(Duration::try_from(core::time::Duration::MAX).is_err());
        let negative = core::time::Duration::try_from(Duration {
            seconds: 0,
            nanos: -1,
        });
        assert!(negative.unwrap_err().to_string().contains("negative"));
        let mixed = core::time::Duration::try_from(Duration {
            seconds: 1,
            nanos: -1,
        });
        assert!(mixed.unwrap_err().to_string().contains("signs"));
    }

    #[test]
    fn normalizing_carries_nanos_to_one_sign_and_saturates() {
        let d = |seconds, nanos| Duration { seconds, nanos };
        assert_eq!(d(1, -1).normalized(), d(0, 999_999_999));
        assert_eq!(d(-1, 1).normalized(), d(0, -999_999_999));
        assert_eq!(d(0, -1_500_000_000).normalized(), d(-1, -500_000_000));
        assert_eq!(d(2, -1_500_000_000).normalized(), d(0, 500_000_000));
        assert_eq!(
            d(i64::MAX, NANOS_PER_SECOND).normalized(),
            d(i64::MAX, 999_999_999)
        );
        assert_eq!(
            d(i64::MIN, -NANOS_PER_SECOND).normalized(),
            Duration {
                seconds: i64::MIN,
                nanos: -999_999_999
            }
        );
    }

    fn valid() -> impl Strategy<Value = Duration> {
        (
            -Duration::MAX_SECONDS..=Duration::MAX_SECONDS,
            0..NANOS_PER_SECOND,
        )
            .prop_map(|(seconds, nanos)| Duration {
                seconds,
                nanos: if seconds < 0 { -nanos } else { nanos },
            })
    }

    proptest! {
        #[test]
        fn every_value_round_trips(seconds: i64, nanos: i32) {
            let value = Duration { seconds, nanos };
            prop_assert_eq!(decode::<DurationCodec>(&encode::<DurationCodec>(&value)), Ok(value));
        }

        #[test]
        fn valid_values_round_trip_through_text(value in valid()) {
            prop_assert_eq!(value.to_string().parse::<Duration>(), Ok(value));
        }

        #[test]
        fn normalized_values_are_valid_when_in_range(seconds in -1_000_000i64..1_000_000, nanos: i32) {
            let normalized = Duration { seconds, nanos }.normalized();
            prop_assert!(normalized.is_valid(), "{:?}", normalized);
            let total = |d: Duration| i128::from(d.seconds) * 1_000_000_000 + i128::from(d.nanos);
            prop_assert_eq!(total(normalized), total(Duration { seconds, nanos }));
        }

        #[test]
        fn garbage_never_panics(bytes in garbage()) {
            decode_garbage::<DurationCodec>(&bytes);
        }
    }
}
