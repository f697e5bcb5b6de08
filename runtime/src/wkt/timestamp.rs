//! `google.protobuf.Timestamp`: a point in time, `{ 1: seconds, 2: nanos }`.

use core::fmt;
use core::str::FromStr;
#[cfg(feature = "std")]
use std::time::{SystemTime, UNIX_EPOCH};

use super::text::{self, NANOS_PER_SECOND, WriteError};
use super::{ParseError, RangeError, copied_view, message_codec};
use crate::__private::codec;
use crate::__private::field;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::{Message, Name};
use crate::wire::WireType;

/// A point in time, independent of any time zone: seconds and nanoseconds
/// since 1970-01-01T00:00:00Z, counting every day as 86,400 seconds.
///
/// A valid timestamp has `nanos` in 0 to 999,999,999 and lies between
/// [`Timestamp::MIN`] (0001-01-01T00:00:00Z) and [`Timestamp::MAX`]
/// (9999-12-31T23:59:59.999999999Z); JSON and `Display` need one. Binary
/// decoding takes any value, as Google's does.
///
/// ```
/// use schemac_runtime::Timestamp;
/// let t: Timestamp = "1972-01-01T10:00:20.021+01:00".parse()?;
/// assert_eq!(t, Timestamp { seconds: 63_104_420, nanos: 21_000_000 });
/// assert_eq!(t.to_string(), "1972-01-01T09:00:20.021Z");
/// # Ok::<(), schemac_runtime::wkt::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    /// Seconds since 1970-01-01T00:00:00Z; negative before it.
    pub seconds: i64,
    /// Nanoseconds after `seconds`, 0 to 999,999,999 (later, even before
    /// 1970).
    pub nanos: i32,
}

impl Timestamp {
    /// The earliest valid timestamp: 0001-01-01T00:00:00Z.
    pub const MIN: Timestamp = Timestamp {
        seconds: -62_135_596_800,
        nanos: 0,
    };

    /// The latest valid timestamp: 9999-12-31T23:59:59.999999999Z.
    pub const MAX: Timestamp = Timestamp {
        seconds: 253_402_300_799,
        nanos: NANOS_PER_SECOND - 1,
    };

    /// Whether the timestamp is in range, with `nanos` in 0 to 999,999,999.
    pub fn is_valid(&self) -> bool {
        self.check().is_ok()
    }

    /// The same point in time with `nanos` carried into `seconds`, so that
    /// they are in 0 to 999,999,999; saturated at the extremes of `i64`.
    pub fn normalized(self) -> Timestamp {
        let carry = i64::from(self.nanos.div_euclid(NANOS_PER_SECOND));
        let nanos = self.nanos.rem_euclid(NANOS_PER_SECOND);
        match self.seconds.checked_add(carry) {
            Some(seconds) => Timestamp { seconds, nanos },
            None if carry > 0 => Timestamp {
                seconds: i64::MAX,
                nanos: NANOS_PER_SECOND - 1,
            },
            None => Timestamp {
                seconds: i64::MIN,
                nanos: 0,
            },
        }
    }

    /// `Ok` for a valid timestamp, else why it is not.
    pub(crate) fn check(&self) -> Result<(), RangeError> {
        if !(0..NANOS_PER_SECOND).contains(&self.nanos) {
            return Err(RangeError::new("timestamp nanos must be 0 to 999,999,999"));
        }
        if self.seconds < Self::MIN.seconds || self.seconds > Self::MAX.seconds {
            return Err(RangeError::new(
                "timestamp outside 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z",
            ));
        }
        Ok(())
    }
}

/// RFC 3339 in UTC, with 0, 3, 6 or 9 fractional digits, as ProtoJSON
/// writes it: `1972-01-01T10:00:20.021Z`. An invalid timestamp, which has
/// no such form, is written as its `Debug` form.
impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match text::write_timestamp(self, f) {
            Ok(()) => Ok(()),
            Err(WriteError::Range(_)) => fmt::Debug::fmt(self, f),
            Err(WriteError::Fmt(error)) => Err(error),
        }
    }
}

/// RFC 3339, as ProtoJSON reads it: any offset (`Z`, `+08:00`, `-05:30`),
/// 0 to 9 fractional digits, an uppercase `T` and `Z`, and a result in the
/// valid range.
impl FromStr for Timestamp {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        text::parse_timestamp(text)
    }
}

/// Any `SystemTime`, exactly.
#[cfg(feature = "std")]
impl From<SystemTime> for Timestamp {
    fn from(time: SystemTime) -> Self {
        match time.duration_since(UNIX_EPOCH) {
            Ok(after) => Timestamp {
                // No platform's `SystemTime` reaches past `i64` seconds.
                seconds: i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
                nanos: after.subsec_nanos() as i32,
            },
            Err(before) => {
                let before = before.duration();
                let seconds = -i128::from(before.as_secs());
                let (seconds, nanos) = match before.subsec_nanos() as i32 {
                    0 => (seconds, 0),
                    nanos => (seconds - 1, NANOS_PER_SECOND - nanos),
                };
                Timestamp {
                    seconds: i64::try_from(seconds).unwrap_or(i64::MIN),
                    nanos,
                }
            }
        }
    }
}

/// The `SystemTime` of a timestamp whose `nanos` are 0 to 999,999,999,
/// exactly; an error past what `SystemTime` holds on this platform.
#[cfg(feature = "std")]
impl TryFrom<Timestamp> for SystemTime {
    type Error = RangeError;

    fn try_from(timestamp: Timestamp) -> Result<Self, RangeError> {
        if !(0..NANOS_PER_SECOND).contains(&timestamp.nanos) {
            return Err(RangeError::new("timestamp nanos must be 0 to 999,999,999"));
        }
        let nanos = std::time::Duration::from_nanos(timestamp.nanos as u64);
        let seconds = std::time::Duration::from_secs(timestamp.seconds.unsigned_abs());
        let whole = if timestamp.seconds >= 0 {
            UNIX_EPOCH.checked_add(seconds)
        } else {
            UNIX_EPOCH.checked_sub(seconds)
        };
        whole
            .and_then(|whole| whole.checked_add(nanos))
            .ok_or(RangeError::new(
                "timestamp outside what SystemTime holds on this platform",
            ))
    }
}

impl Name for Timestamp {
    const FULL_NAME: &'static str = "google.protobuf.Timestamp";
}

/// The fields of a `Timestamp` or `Duration`: `int64 seconds = 1;` and
/// `int32 nanos = 2;`, with implicit presence.
macro_rules! seconds_and_nanos {
    ($ty:ty, $name:literal) => {
        impl crate::InfallibleEncode for $ty {}

        impl Message for $ty {
            const NAME: &'static str = $name;

            #[inline]
            fn measure_fields(&self) -> usize {
                field::measure::<codec::Int64>(1, &self.seconds)
                    + field::measure::<codec::Int32>(2, &self.nanos)
            }

            #[inline]
            fn write_fields(&self, writer: &mut Writer) {
                field::write::<codec::Int32>(2, &self.nanos, writer);
                field::write::<codec::Int64>(1, &self.seconds, writer);
            }

            #[inline]
            fn merge_field(
                &mut self,
                number: u32,
                wire_type: WireType,
                decoder: &mut Decoder<'_>,
            ) -> Result<(), DecodeError> {
                match number {
                    1 if wire_type == WireType::Varint => {
                        field::merge::<codec::Int64>(wire_type, &mut self.seconds, decoder)
                    }
                    2 if wire_type == WireType::Varint => {
                        field::merge::<codec::Int32>(wire_type, &mut self.nanos, decoder)
                    }
                    _ => decoder.skip(wire_type),
                }
            }

            const FIELD_NAMES: &'static [(u32, &'static str)] = &[(1, "seconds"), (2, "nanos")];
        }
    };
}

pub(crate) use seconds_and_nanos;

seconds_and_nanos!(Timestamp, "Timestamp");

message_codec!(
    /// `google.protobuf.Timestamp`: a [`Timestamp`](crate::wkt::Timestamp).
    TimestampCodec,
    Timestamp
);

copied_view!(TimestampCodec);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wkt::test_helpers::{decode, decode_garbage, encode, garbage, hex};
    use proptest::prelude::*;

    /// From python3-protobuf 3.21: `Timestamp(...).SerializeToString()`.
    const PYTHON_BYTES: [(i64, i32, &str); 5] = [
        (0, 0, ""),
        (1, 0, "0801"),
        (-62_135_596_800, 0, "088092b8c398feffffff01"),
        (253_402_300_799, 999_999_999, "08ff82d1ffaf0710ff93ebdc03"),
        (-1, -1, "08ffffffffffffffffff0110ffffffffffffffffff01"),
    ];

    #[test]
    fn bytes_are_googles() {
        for (seconds, nanos, expected) in PYTHON_BYTES {
            let value = Timestamp { seconds, nanos };
            assert_eq!(hex(&value.try_encode_to_vec().unwrap()), expected);
            let framed = encode::<TimestampCodec>(&value);
            assert_eq!(hex(&framed[1..]), expected);
            assert_eq!(decode::<TimestampCodec>(&framed), Ok(value));
        }
    }

    #[test]
    fn decoding_merges_field_by_field_and_skips_the_unknown() {
        // nanos 5, an unknown varint field 3, seconds 1, seconds 2.
        let bytes = [0x10, 0x05, 0x18, 0x07, 0x08, 0x01, 0x08, 0x02];
        let mut value = Timestamp::decode(&bytes).unwrap();
        assert_eq!(
            value,
            Timestamp {
                seconds: 2,
                nanos: 5
            }
        );
        // Merging replaces the fields that are there and keeps the others.
        value.merge(&[0x08, 0x03]).unwrap();
        assert_eq!(
            value,
            Timestamp {
                seconds: 3,
                nanos: 5
            }
        );
        // Out of range is read, as Google reads it.
        let bytes = Timestamp {
            seconds: i64::MIN,
            nanos: -1,
        }
        .try_encode_to_vec()
        .unwrap();
        assert_eq!(
            Timestamp::decode(&bytes).unwrap(),
            Timestamp {
                seconds: i64::MIN,
                nanos: -1
            }
        );
        // seconds (1) length-delimited is an unknown field, skipped, as
        // protobuf's implementations read it; its value is still checked.
        assert_eq!(Timestamp::decode(&[0x0a, 0x00]), Ok(Timestamp::default()));
        let error = Timestamp::decode(&[0x0a, 0x01]).unwrap_err();
        assert_eq!(error.path(), "Timestamp.seconds");
        assert!(error.is_truncated(), "{error}");
    }

    #[test]
    #[cfg(feature = "std")]
    fn system_time_converts_exactly_both_ways() {
        let before = UNIX_EPOCH - std::time::Duration::new(1, 250_000_000);
        let t = Timestamp::from(before);
        assert_eq!(
            t,
            Timestamp {
                seconds: -2,
                nanos: 750_000_000
            }
        );
        assert_eq!(SystemTime::try_from(t), Ok(before));
        let after = UNIX_EPOCH + std::time::Duration::new(1_700_000_000, 1);
        assert_eq!(SystemTime::try_from(Timestamp::from(after)), Ok(after));
        for bad in [-1, NANOS_PER_SECOND] {
            let error = SystemTime::try_from(Timestamp {
                seconds: 0,
                nanos: bad,
            })
            .unwrap_err();
            assert!(error.to_string().contains("nanos"), "{error}");
        }
        // Where this platform's SystemTime reaches the extremes, exactly.
        for extreme in [
            Timestamp {
                seconds: i64::MAX,
                nanos: 999_999_999,
            },
            Timestamp {
                seconds: i64::MIN,
                nanos: 0,
            },
            Timestamp {
                seconds: i64::MIN,
                nanos: 1,
            },
        ] {
            if let Ok(time) = SystemTime::try_from(extreme) {
                assert_eq!(Timestamp::from(time), extreme);
            }
        }
        // Beyond RFC 3339's years, but a SystemTime all the same.
        let far = Timestamp {
            seconds: Timestamp::MAX.seconds * 2,
            nanos: 0,
        };
        assert_eq!(SystemTime::try_from(far).map(Timestamp::from), Ok(far));
    }

    #[test]
    fn normalizing_carries_nanos_and_saturates() {
        let t = |seconds, nanos| Timestamp { seconds, nanos };
        assert_eq!(t(1, -1).normalized(), t(0, 999_999_999));
        assert_eq!(t(0, -1_500_000_000).normalized(), t(-2, 500_000_000));
        assert_eq!(t(1, 1_500_000_000).normalized(), t(2, 500_000_000));
        assert_eq!(
            t(i64::MAX, NANOS_PER_SECOND).normalized(),
            t(i64::MAX, 999_999_999)
        );
        assert_eq!(t(i64::MIN, -1).normalized(), t(i64::MIN, 0));
    }

    #[test]
    fn display_is_rfc_3339_with_0_3_6_or_9_digits() {
        let t = |seconds, nanos| Timestamp { seconds, nanos }.to_string();
        assert_eq!(t(0, 0), "1970-01-01T00:00:00Z");
        assert_eq!(t(0, 10_000_000), "1970-01-01T00:00:00.010Z");
        assert_eq!(t(0, 10_000), "1970-01-01T00:00:00.000010Z");
        assert_eq!(t(0, 10), "1970-01-01T00:00:00.000000010Z");
        assert_eq!(t(-1, 0), "1969-12-31T23:59:59Z");
        assert_eq!(Timestamp::MIN.to_string(), "0001-01-01T00:00:00Z");
        assert_eq!(Timestamp::MAX.to_string(), "9999-12-31T23:59:59.999999999Z");
        assert_eq!(t(0, -1), "Timestamp { seconds: 0, nanos: -1 }");
        assert_eq!(
            t(Timestamp::MAX.seconds + 1, 0),
            "Timestamp { seconds: 253402300800, nanos: 0 }"
        );
    }

    fn valid() -> impl Strategy<Value = Timestamp> {
        (
            Timestamp::MIN.seconds..=Timestamp::MAX.seconds,
            0..NANOS_PER_SECOND,
        )
            .prop_map(|(seconds, nanos)| Timestamp { seconds, nanos })
    }

    proptest! {
        #[test]
        fn every_value_round_trips(seconds: i64, nanos: i32) {
            let value = Timestamp { seconds, nanos };
            prop_assert_eq!(decode::<TimestampCodec>(&encode::<TimestampCodec>(&value)), Ok(value));
        }

        #[test]
        fn valid_values_round_trip_through_text(value in valid()) {
            prop_assert_eq!(value.to_string().parse::<Timestamp>(), Ok(value));
        }

        #[test]
        fn garbage_never_panics(bytes in garbage()) {
            decode_garbage::<TimestampCodec>(&bytes);
        }
    }
}
