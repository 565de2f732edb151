//! ISO 8601 dates and date-times as the services use them, without a calendar library:
//! points in time for chronological comparison, and the form a value had (with or without a
//! timezone, or a bare date) for validation.
//!
//! Accepted forms (`T` may be lowercase or a space, `Z` may be lowercase):
//! `YYYY-MM-DD` (midnight UTC), `YYYY-MM-DDThh:mm`, `YYYY-MM-DDThh:mm:ss`,
//! `YYYY-MM-DDThh:mm:ss.fffffffff`, each optionally followed by `Z`, `±hh:mm`, `±hhmm` or `±hh`.
//! A date-time without a zone is read as UTC. Fractions beyond nanoseconds are truncated.
//! A leap second (`:60`) is read as the first second of the next minute.

/// A point in time: nanoseconds since 1970-01-01T00:00:00Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(i128);

impl Instant {
    /// Nanoseconds since the Unix epoch (negative before it).
    pub fn nanos(self) -> i128 {
        self.0
    }

    /// Parses an ISO 8601 date or date-time; `None` if `text` is not one.
    pub fn parse(text: &str) -> Option<Instant> {
        parse_date_time(text).map(|(instant, _)| instant)
    }
}

/// What a date-time string turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateTimeForm {
    /// A date-time with a timezone (`Z`, `±hh:mm`).
    Zoned,
    /// A date-time without timezone (read as UTC).
    Unzoned,
    /// A bare date `YYYY-MM-DD` (read as midnight UTC).
    DateOnly,
}

/// Parses `YYYY-MM-DD` strictly; returns (year, month, day).
pub fn parse_date(text: &str) -> Option<(i32, u32, u32)> {
    let mut s = Scanner { rest: text.as_bytes() };
    let (year, month, day) = date(&mut s)?;
    s.rest.is_empty().then_some((year as i32, month as u32, day as u32))
}

fn date(s: &mut Scanner<'_>) -> Option<(i64, i64, i64)> {
    let year = s.digits(4)?;
    s.byte(b'-')?;
    let month = s.digits(2)?;
    s.byte(b'-')?;
    let day = s.digits(2)?;
    ((1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month)).then_some((year, month, day))
}

/// Parses an ISO 8601 date or date-time and says which form it had.
pub fn parse_date_time(text: &str) -> Option<(Instant, DateTimeForm)> {
    let mut s = Scanner { rest: text.trim().as_bytes() };
    let (year, month, day) = date(&mut s)?;
    let days = days_from_civil(year, month, day);
    if s.rest.is_empty() {
        return Some((Instant(i128::from(days) * NANOS_PER_DAY), DateTimeForm::DateOnly));
    }
    match s.next()? {
        b'T' | b't' | b' ' => {}
        _ => return None,
    }
    let (seconds, nanos) = time_of_day(&mut s)?;
    let form = if s.rest.is_empty() { DateTimeForm::Unzoned } else { DateTimeForm::Zoned };
    let offset = zone(&mut s)?;
    if !s.rest.is_empty() {
        return None;
    }
    let total_seconds = i128::from(days) * 86_400 + i128::from(seconds) - i128::from(offset);
    Some((Instant(total_seconds * 1_000_000_000 + i128::from(nanos)), form))
}

const NANOS_PER_DAY: i128 = 86_400 * 1_000_000_000;

/// Reads `hh:mm[:ss[.f+]]`; returns seconds into the day and the nanosecond fraction.
fn time_of_day(s: &mut Scanner<'_>) -> Option<(i64, u32)> {
    let hour = s.digits(2)?;
    s.byte(b':')?;
    let minute = s.digits(2)?;
    let mut second = 0;
    let mut nanos = 0u32;
    if s.peek() == Some(b':') {
        s.next();
        second = s.digits(2)?;
        if matches!(s.peek(), Some(b'.' | b',')) {
            s.next();
            nanos = s.fraction()?;
        }
    }
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    Some((hour * 3600 + minute * 60 + second, nanos))
}

/// Reads an optional zone designator; returns its offset from UTC in seconds.
fn zone(s: &mut Scanner<'_>) -> Option<i64> {
    let sign = match s.peek() {
        None => return Some(0),
        Some(b'Z' | b'z') => {
            s.next();
            return Some(0);
        }
        Some(b'+') => 1,
        Some(b'-') => -1,
        Some(_) => return None,
    };
    s.next();
    let hours = s.digits(2)?;
    let minutes = match s.peek() {
        None => 0,
        Some(b':') => {
            s.next();
            s.digits(2)?
        }
        Some(_) => s.digits(2)?,
    };
    if hours > 23 || minutes > 59 {
        return None;
    }
    Some(sign * (hours * 3600 + minutes * 60))
}

/// A cursor over ASCII bytes; every read checks bounds.
struct Scanner<'a> {
    rest: &'a [u8],
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.rest.first().copied()
    }

    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.rest.split_first()?;
        self.rest = rest;
        Some(first)
    }

    fn byte(&mut self, expected: u8) -> Option<()> {
        (self.next()? == expected).then_some(())
    }

    /// Exactly `count` ASCII digits as a number.
    fn digits(&mut self, count: usize) -> Option<i64> {
        let mut value = 0i64;
        for _ in 0..count {
            let digit = self.next()?;
            if !digit.is_ascii_digit() {
                return None;
            }
            value = value * 10 + i64::from(digit - b'0');
        }
        Some(value)
    }

    /// One or more digits of a decimal fraction, as nanoseconds (extra digits truncated).
    fn fraction(&mut self) -> Option<u32> {
        let mut nanos = 0u32;
        let mut scale = 100_000_000u32;
        let mut any = false;
        while let Some(digit) = self.peek().filter(u8::is_ascii_digit) {
            self.next();
            any = true;
            nanos += u32::from(digit - b'0') * scale;
            scale /= 10;
        }
        any.then_some(nanos)
    }
}

fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm): the
/// workspace's one civil-date routine, with [`civil_from_days`].
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `time` in UTC as the specification writes date-times: `YYYY-MM-DDThh:mm:ss.sssZ` (times
/// before 1970 are written as 1970).
pub fn timestamp(time: std::time::SystemTime) -> String {
    let since = time.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = i64::try_from(since.as_secs()).unwrap_or(i64::MAX / 2);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        since.subsec_millis()
    )
}

/// Civil date `(year, month, day)` from days since 1970-01-01 (Howard Hinnant's algorithm).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_civil_date_routines_are_inverse() {
        for days in (-800_000..800_000).step_by(997) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, i64::from(m), i64::from(d)), days, "{y}-{m}-{d}");
        }
        assert_eq!(civil_from_days(days_from_civil(2000, 2, 29)), (2000, 2, 29));
    }

    #[test]
    fn timestamps_round_trip_through_the_parser() {
        use std::time::{Duration, UNIX_EPOCH};
        let t = UNIX_EPOCH + Duration::from_millis(1_709_208_000_123);
        assert_eq!(timestamp(t), "2024-02-29T12:00:00.123Z");
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        let (instant, form) = parse_date_time(&timestamp(t)).unwrap();
        assert_eq!((instant.nanos(), form), (1_709_208_000_123_000_000, DateTimeForm::Zoned));
    }

    #[test]
    fn forms_and_strict_dates() {
        assert_eq!(parse_date_time("2017-05-25T18:05:33").map(|(_, f)| f), Some(DateTimeForm::Unzoned));
        assert_eq!(parse_date_time("2017-05-25T18:05:33Z").map(|(_, f)| f), Some(DateTimeForm::Zoned));
        assert_eq!(parse_date_time("2017-05-25").map(|(_, f)| f), Some(DateTimeForm::DateOnly));
        assert_eq!(parse_date("2024-02-29"), Some((2024, 2, 29)));
        assert_eq!(parse_date("2023-02-29"), None);
        assert_eq!(parse_date("2023-02-01T00:00:00Z"), None);
        assert_eq!(parse_date(" 2023-02-01"), None);
    }

    fn secs(text: &str) -> Option<i128> {
        Instant::parse(text).map(|i| i.nanos() / 1_000_000_000)
    }

    #[test]
    fn epoch_and_known_dates() {
        assert_eq!(secs("1970-01-01"), Some(0));
        assert_eq!(secs("2000-03-01"), Some(951_868_800));
        assert_eq!(secs("2024-02-29T12:00:00Z"), Some(1_709_208_000));
        assert_eq!(secs("1969-12-31T23:59:59Z"), Some(-1));
    }

    #[test]
    fn offsets() {
        assert_eq!(secs("2024-01-01T01:00:00+01:00"), secs("2024-01-01T00:00:00Z"));
        assert_eq!(secs("2024-01-01T00:00:00-0530"), secs("2024-01-01T05:30:00Z"));
        assert_eq!(secs("2024-01-01T00:00-05"), secs("2024-01-01T05:00:00Z"));
    }

    #[test]
    fn fractions_and_leap_seconds() {
        let a = Instant::parse("2024-01-01T00:00:00.5Z").map(Instant::nanos);
        let b = Instant::parse("2024-01-01T00:00:00.5000000009Z").map(Instant::nanos);
        assert_eq!(a, b);
        assert_eq!(secs("2016-12-31T23:59:60Z"), secs("2017-01-01T00:00:00Z"));
    }

    #[test]
    fn rejects() {
        for bad in [
            "",
            "2024",
            "2024-13-01",
            "2024-02-30",
            "2023-02-29",
            "2024-01-01T",
            "2024-01-01T24:00",
            "2024-01-01T00:00:00+24:00",
            "2024-01-01T00:00:00.Z",
            "2024-01-01X",
            "２０２４-01-01",
            "2024-01-01T00:00:00Zjunk",
        ] {
            assert_eq!(Instant::parse(bad), None, "{bad:?}");
        }
    }
}
