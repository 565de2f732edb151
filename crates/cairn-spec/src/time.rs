//! ISO 8601 dates and date-times as the specification uses them (W3C profile), without a
//! calendar library: parsing, classification of real-world deviations, and an instant to compare.

/// What a date-time string turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateTimeForm {
    /// `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`.
    Zoned,
    /// A date-time without timezone (read as UTC).
    Unzoned,
    /// A bare date `YYYY-MM-DD` (read as midnight UTC).
    DateOnly,
}

/// A point in time: seconds since 1970-01-01T00:00:00Z and nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant {
    /// Whole seconds since the Unix epoch (negative before it).
    pub seconds: i64,
    /// Nanoseconds within the second.
    pub nanos: u32,
}

/// Parses `YYYY-MM-DD` strictly; returns (year, month, day).
pub fn parse_date(s: &str) -> Option<(i32, u32, u32)> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])? as i32;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    (1..=12).contains(&month).then_some(())?;
    (1..=days_in_month(year, month)).contains(&day).then_some((year, month, day))
}

/// Parses a date-time (or a bare date) and says which form it had.
pub fn parse_date_time(s: &str) -> Option<(Instant, DateTimeForm)> {
    if s.len() == 10 {
        let (y, m, d) = parse_date(s)?;
        return Some((instant(y, m, d, 0, 0, 0, 0, 0), DateTimeForm::DateOnly));
    }
    let (date, rest) = (s.get(..10)?, s.get(10..)?);
    let (y, mo, d) = parse_date(date)?;
    let rest = rest.strip_prefix('T').or_else(|| rest.strip_prefix('t')).or_else(|| rest.strip_prefix(' '))?;
    let b = rest.as_bytes();
    if b.len() < 5 || b[2] != b':' {
        return None;
    }
    let hour = digits(&b[0..2])?;
    let minute = digits(&b[3..5])?;
    let mut at = 5;
    let mut second = 0;
    let mut nanos = 0u32;
    if b.get(at) == Some(&b':') {
        second = digits(b.get(at + 1..at + 3)?)?;
        at += 3;
        if b.get(at) == Some(&b'.') {
            at += 1;
            let start = at;
            while b.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
            let fraction = &b[start..at];
            if fraction.is_empty() {
                return None;
            }
            for (i, digit) in fraction.iter().take(9).enumerate() {
                nanos += u32::from(digit - b'0') * 10u32.pow(8 - i as u32);
            }
        }
    }
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let (offset, form) = match &b[at..] {
        [] => (0, DateTimeForm::Unzoned),
        [b'Z' | b'z'] => (0, DateTimeForm::Zoned),
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] | [sign @ (b'+' | b'-'), h1, h2, m1, m2] => {
            let h = digits(&[*h1, *h2])?;
            let m = digits(&[*m1, *m2])?;
            if h > 23 || m > 59 {
                return None;
            }
            let minutes = i64::from(h * 60 + m);
            (if *sign == b'-' { -minutes } else { minutes }, DateTimeForm::Zoned)
        }
        _ => return None,
    };
    let t = instant(y, mo, d, hour, minute, second.min(59), nanos, 0);
    Some((Instant { seconds: t.seconds - offset * 60, nanos: t.nanos }, form))
}

fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the given civil date (Howard Hinnant's algorithm).
fn days_from_civil(y: i32, m: u32, d: u32) -> i64 {
    let y = i64::from(y) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[allow(clippy::too_many_arguments)]
fn instant(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32, nanos: u32, _: i64) -> Instant {
    let days = days_from_civil(y, mo, d);
    Instant { seconds: days * 86_400 + i64::from(h * 3600 + mi * 60 + s), nanos }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(parse_date("2024-02-29"), Some((2024, 2, 29)));
        assert_eq!(parse_date("2023-02-29"), None);
        assert_eq!(parse_date("2023-13-01"), None);
        assert_eq!(parse_date("2023-1-01"), None);
        assert_eq!(parse_date("２０２３-01-01"), None);
    }

    #[test]
    fn date_times_compare_across_offsets() {
        let (a, fa) = parse_date_time("2024-01-01T10:00:00+02:00").unwrap();
        let (b, fb) = parse_date_time("2024-01-01T08:00:00Z").unwrap();
        assert_eq!((a, fa, fb), (b, DateTimeForm::Zoned, DateTimeForm::Zoned));
        let (c, fc) = parse_date_time("2017-05-25T18:05:33").unwrap();
        assert_eq!(fc, DateTimeForm::Unzoned);
        assert_eq!(c.seconds, 1_495_735_533);
        let (d, fd) = parse_date_time("1970-01-01").unwrap();
        assert_eq!((d.seconds, fd), (0, DateTimeForm::DateOnly));
        let (e, _) = parse_date_time("2024-01-01T00:00:00.123Z").unwrap();
        assert_eq!(e.nanos, 123_000_000);
        for bad in ["2024-01-01T", "2024-01-01T25:00:00Z", "2024-01-01T10:00:00+2", "x", "", "2024-01-01T10:00:00.Z"] {
            assert_eq!(parse_date_time(bad), None, "{bad}");
        }
    }
}
