//! The text forms of [`Timestamp`] and [`Duration`], which their `Display`,
//! `FromStr` and JSON share: RFC 3339 (`"1972-01-01T10:00:20.021Z"`) and
//! seconds with an `s` (`"1.5s"`), as ProtoJSON writes and reads them.
//!
//! Written here by hand: the civil calendar arithmetic is a few lines
//! (Howard Hinnant's `days_from_civil` and `civil_from_days`), and a date
//! crate would bring more than it gives.

use core::fmt;

use super::{Duration, ParseError, RangeError, Timestamp};

/// Nanoseconds in a second.
pub(crate) const NANOS_PER_SECOND: i32 = 1_000_000_000;

/// Seconds in a day.
const SECONDS_PER_DAY: i64 = 86_400;

/// Writes `timestamp` as RFC 3339 in UTC, with 0, 3, 6 or 9 fractional
/// digits, or says why it has no such form.
pub(crate) fn write_timestamp(timestamp: &Timestamp, out: &mut impl fmt::Write) -> WriteResult {
    timestamp.check()?;
    let days = timestamp.seconds.div_euclid(SECONDS_PER_DAY);
    let second_of_day = timestamp.seconds.rem_euclid(SECONDS_PER_DAY);
    let (year, month, day) = civil_from_days(days);
    write!(
        out,
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        second_of_day / 3600,
        second_of_day / 60 % 60,
        second_of_day % 60
    )?;
    write_fraction(timestamp.nanos.unsigned_abs(), out)?;
    out.write_char('Z')?;
    Ok(())
}

/// Writes `duration` as seconds with an `s`, with 0, 3, 6 or 9 fractional
/// digits, or says why it has no such form.
pub(crate) fn write_duration(duration: &Duration, out: &mut impl fmt::Write) -> WriteResult {
    duration.check()?;
    if duration.seconds < 0 || duration.nanos < 0 {
        out.write_char('-')?;
    }
    write!(out, "{}", duration.seconds.unsigned_abs())?;
    write_fraction(duration.nanos.unsigned_abs(), out)?;
    out.write_char('s')?;
    Ok(())
}

/// What writing a text form can fail with: the value has none, or the
/// output failed.
#[cfg_attr(not(feature = "json"), allow(dead_code))]
pub(crate) enum WriteError {
    Range(RangeError),
    Fmt(fmt::Error),
}

pub(crate) type WriteResult = Result<(), WriteError>;

impl From<RangeError> for WriteError {
    fn from(error: RangeError) -> Self {
        WriteError::Range(error)
    }
}

impl From<fmt::Error> for WriteError {
    fn from(error: fmt::Error) -> Self {
        WriteError::Fmt(error)
    }
}

/// Writes the fraction of `nanos`, under a second, in as few of 0, 3, 6 or
/// 9 digits as hold it exactly: `.5` is `.500`.
fn write_fraction(nanos: u32, out: &mut impl fmt::Write) -> fmt::Result {
    match nanos {
        0 => Ok(()),
        _ if nanos.is_multiple_of(1_000_000) => write!(out, ".{:03}", nanos / 1_000_000),
        _ if nanos.is_multiple_of(1_000) => write!(out, ".{:06}", nanos / 1_000),
        _ => write!(out, ".{nanos:09}"),
    }
}

/// Reads an RFC 3339 timestamp: `YYYY-MM-DDTHH:MM:SS`, an optional
/// fraction of 1 to 9 digits, then `Z` or an offset `+HH:MM` / `-HH:MM`.
/// `T` and `Z` are uppercase, as ProtoJSON requires; the result must lie
/// in 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
pub(crate) fn parse_timestamp(text: &str) -> Result<Timestamp, ParseError> {
    const WHAT: &str = "timestamp";
    let error = |reason| ParseError::new(WHAT, reason);
    let mut cursor = Cursor(text.as_bytes());
    let shape = "expected the form 1972-01-01T10:00:20.021Z";
    let year = cursor.digits(4).ok_or(error(shape))?;
    cursor.expect(b'-').ok_or(error(shape))?;
    let month = cursor.digits(2).ok_or(error(shape))?;
    cursor.expect(b'-').ok_or(error(shape))?;
    let day = cursor.digits(2).ok_or(error(shape))?;
    match cursor.next() {
        Some(b'T') => {}
        Some(b't') => return Err(error("the `T` must be uppercase")),
        _ => return Err(error(shape)),
    }
    let hour = cursor.digits(2).ok_or(error(shape))?;
    cursor.expect(b':').ok_or(error(shape))?;
    let minute = cursor.digits(2).ok_or(error(shape))?;
    cursor.expect(b':').ok_or(error(shape))?;
    let second = cursor.digits(2).ok_or(error(shape))?;
    let nanos = cursor.fraction().map_err(error)?;
    let offset = match cursor.next() {
        Some(b'Z') => 0,
        Some(b'z') => return Err(error("the `Z` must be uppercase")),
        Some(sign @ (b'+' | b'-')) => {
            let bad_offset = "the offset must be +HH:MM or -HH:MM";
            let hours = cursor.digits(2).ok_or(error(bad_offset))?;
            cursor.expect(b':').ok_or(error(bad_offset))?;
            let minutes = cursor.digits(2).ok_or(error(bad_offset))?;
            if hours > 23 || minutes > 59 {
                return Err(error(bad_offset));
            }
            let offset = i64::from(hours * 60 + minutes) * 60;
            if sign == b'+' { offset } else { -offset }
        }
        None => {
            return Err(error(
                "missing time zone: end with Z or an offset such as +08:00",
            ));
        }
        Some(_) => return Err(error(shape)),
    };
    if !cursor.0.is_empty() {
        return Err(error("unexpected text after the time zone"));
    }
    if year == 0 {
        return Err(error("the year must be 0001 to 9999"));
    }
    if !(1..=12).contains(&month) {
        return Err(error("the month must be 01 to 12"));
    }
    if day == 0 || day > days_in_month(year, month) {
        return Err(error("the day does not exist in that month"));
    }
    if hour > 23 || minute > 59 || second > 59 {
        return Err(error("the time of day must be 00:00:00 to 23:59:59"));
    }
    let days = days_from_civil(i64::from(year), month, day);
    let local = days * SECONDS_PER_DAY + i64::from(hour * 3600 + minute * 60 + second);
    let timestamp = Timestamp {
        seconds: local - offset,
        nanos,
    };
    timestamp
        .check()
        .map_err(|_| error("outside 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z"))?;
    Ok(timestamp)
}

/// Reads a duration: an optional `-`, whole seconds, an optional fraction
/// of 1 to 9 digits, and `s`, within ±315,576,000,000 seconds. The nanos
/// take the sign of the whole: `"-0.5s"` is 0 seconds, -500,000,000 nanos.
pub(crate) fn parse_duration(text: &str) -> Result<Duration, ParseError> {
    const WHAT: &str = "duration";
    let error = |reason| ParseError::new(WHAT, reason);
    let mut cursor = Cursor(text.as_bytes());
    let negative = cursor.0.first() == Some(&b'-');
    if negative {
        cursor.next();
    }
    let digits = cursor.0.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err(error("expected seconds such as 1.5s"));
    }
    let mut seconds: i64 = 0;
    for _ in 0..digits {
        let digit = i64::from(cursor.next().unwrap_or(b'0') - b'0');
        seconds = seconds
            .checked_mul(10)
            .and_then(|s| s.checked_add(digit))
            .filter(|&s| s <= Duration::MAX_SECONDS)
            .ok_or(error("outside ±315576000000s"))?;
    }
    let nanos = cursor.fraction().map_err(error)?;
    if cursor.0 != b"s" {
        return Err(error("expected seconds ending in `s`, such as 1.5s"));
    }
    Ok(if negative {
        Duration {
            seconds: -seconds,
            nanos: -nanos,
        }
    } else {
        Duration { seconds, nanos }
    })
}

/// The bytes of a text not yet read.
struct Cursor<'a>(&'a [u8]);

impl Cursor<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.next()? == byte).then_some(())
    }

    /// Exactly `count` decimal digits, as a number.
    fn digits(&mut self, count: usize) -> Option<u32> {
        let digits = self.0.get(..count)?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.0 = &self.0[count..];
        Some(digits.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
    }

    /// A `.` and 1 to 9 digits, as nanoseconds; 0 when there is no `.`.
    fn fraction(&mut self) -> Result<i32, &'static str> {
        if self.0.first() != Some(&b'.') {
            return Ok(0);
        }
        self.next();
        let digits = self.0.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return Err("expected digits after the `.`");
        }
        if digits > 9 {
            return Err("more than 9 fractional digits");
        }
        let mut nanos = 0;
        for _ in 0..9 {
            let digit = match self.0.first() {
                Some(&byte) if byte.is_ascii_digit() => {
                    self.next();
                    i32::from(byte - b'0')
                }
                _ => 0,
            };
            nanos = nanos * 10 + digit;
        }
        Ok(nanos)
    }
}

fn is_leap(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let month = i64::from(month);
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date `days` after 1970-01-01, as year, month and day; the inverse
/// of [`days_from_civil`].
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn timestamp(text: &str) -> Result<Timestamp, String> {
        parse_timestamp(text).map_err(|e| e.to_string())
    }

    fn duration(text: &str) -> Result<Duration, String> {
        parse_duration(text).map_err(|e| e.to_string())
    }

    #[test]
    fn the_calendar_agrees_with_known_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1, 1, 1), -719_162);
        assert_eq!(civil_from_days(-719_162), (1, 1, 1));
        assert_eq!(civil_from_days(2_932_896), (9999, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn timestamps_read_every_offset_and_fraction() {
        let t = |seconds, nanos| Ok(Timestamp { seconds, nanos });
        assert_eq!(timestamp("1970-01-01T00:00:00Z"), t(0, 0));
        assert_eq!(timestamp("1970-01-01T08:00:01+08:00"), t(1, 0));
        assert_eq!(timestamp("1969-12-31T16:00:01-08:00"), t(1, 0));
        assert_eq!(timestamp("1970-01-01T00:00:00.5Z"), t(0, 500_000_000));
        assert_eq!(timestamp("1970-01-01T00:00:00.000000001Z"), t(0, 1));
        assert_eq!(
            timestamp("0001-01-01T00:00:00Z"),
            t(Timestamp::MIN.seconds, 0)
        );
        assert_eq!(
            timestamp("9999-12-31T23:59:59.999999999Z"),
            Ok(Timestamp::MAX)
        );
        assert_eq!(timestamp("2000-02-29T00:00:00Z"), t(951_782_400, 0));
    }

    #[test]
    fn timestamps_refuse_what_rfc_3339_and_the_range_refuse() {
        for (text, reason) in [
            ("0000-01-01T00:00:00Z", "year"),
            ("10000-01-01T00:00:00Z", "form"),
            ("0001-01-01T00:00:00+00:01", "outside"),
            ("9999-12-31T23:59:59-00:01", "outside"),
            ("0001-01-01T00:00:00", "missing time zone"),
            ("0001-01-01 00:00:00Z", "form"),
            ("0001-01-01t00:00:00Z", "`T` must be uppercase"),
            ("0001-01-01T00:00:00z", "`Z` must be uppercase"),
            ("1970-01-01T00:00:00.Z", "digits after"),
            ("1970-01-01T00:00:00.0000000001Z", "more than 9"),
            ("1970-13-01T00:00:00Z", "month"),
            ("1970-02-29T00:00:00Z", "day does not exist"),
            ("1970-01-01T24:00:00Z", "time of day"),
            ("1970-01-01T23:59:60Z", "time of day"),
            ("1970-01-01T00:00:00+0800", "offset"),
            ("1970-01-01T00:00:00+24:00", "offset"),
            ("1970-01-01T00:00:00Zjunk", "after the time zone"),
            ("1970-1-01T00:00:00Z", "form"),
            ("", "form"),
            ("１970-01-01T00:00:00Z", "form"),
        ] {
            let error = timestamp(text).expect_err(text);
            assert!(error.contains(reason), "{text}: {error}");
            assert!(error.starts_with("invalid timestamp: "), "{error}");
        }
    }

    #[test]
    fn durations_read_signs_and_fractions() {
        let d = |seconds, nanos| Ok(Duration { seconds, nanos });
        assert_eq!(duration("1s"), d(1, 0));
        assert_eq!(duration("1.5s"), d(1, 500_000_000));
        assert_eq!(duration("-1.5s"), d(-1, -500_000_000));
        assert_eq!(duration("-0.5s"), d(0, -500_000_000));
        assert_eq!(duration("-0s"), d(0, 0));
        assert_eq!(duration("0.000000001s"), d(0, 1));
        assert_eq!(duration("315576000000.999999999s"), Ok(Duration::MAX));
        assert_eq!(duration("-315576000000.999999999s"), Ok(Duration::MIN));
    }

    #[test]
    fn durations_refuse_bad_text_and_the_out_of_range() {
        for (text, reason) in [
            ("1", "ending in `s`"),
            ("315576000001s", "outside"),
            ("-315576000001s", "outside"),
            ("99999999999999999999999s", "outside"),
            ("1.0000000001s", "more than 9"),
            ("1.s", "digits after"),
            (".5s", "expected seconds"),
            ("+1s", "expected seconds"),
            ("1 s", "ending in `s`"),
            ("1ss", "ending in `s`"),
            ("1S", "ending in `s`"),
            ("--1s", "expected seconds"),
            ("", "expected seconds"),
        ] {
            let error = duration(text).expect_err(text);
            assert!(error.contains(reason), "{text}: {error}");
        }
    }

    proptest! {
        #[test]
        fn days_round_trip(days in -719_162i64..=2_932_896) {
            let (year, month, day) = civil_from_days(days);
            prop_assert!((1..=12).contains(&month) && day >= 1 && day <= days_in_month(year as u32, month));
            prop_assert_eq!(days_from_civil(year, month, day), days);
        }

        #[test]
        fn parsing_arbitrary_text_never_panics(text in ".{0,40}") {
            let _ = parse_timestamp(&text);
            let _ = parse_duration(&text);
        }
    }
}
