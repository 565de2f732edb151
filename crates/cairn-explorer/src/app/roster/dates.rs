//! Dates as OneRoster writes them (`YYYY-MM-DD`; an academic session's or enrollment's end date
//! is exclusive): today from the app's clock, the last day a session includes, and whether a
//! day falls within a range.

use std::time::SystemTime;

/// `time`'s day in UTC, `YYYY-MM-DD`.
pub fn day_of(time: SystemTime) -> String {
    let stamp = cairn_spec::time::timestamp(time);
    stamp.get(..10).unwrap_or(&stamp).to_owned()
}

/// The day before `end` (the last day a range ending at `end`, exclusive, includes); `None`
/// when `end` is not a date.
pub fn last_day(end: &str) -> Option<String> {
    let (y, m, d) = parse(end)?;
    let (y, m, d) = civil(days(y, m, d) - 1);
    Some(format!("{y:04}-{m:02}-{d:02}"))
}

/// Whether `day` falls in `[start, end)`; a missing bound is open.
pub fn within(day: &str, start: Option<&str>, end: Option<&str>) -> bool {
    start.is_none_or(|s| date_part(s) <= day) && end.is_none_or(|e| day < date_part(e))
}

/// The date part of a date or date-time.
fn date_part(value: &str) -> &str {
    value.get(..10).unwrap_or(value)
}

fn parse(date: &str) -> Option<(i64, i64, i64)> {
    let date = date_part(date.trim());
    let mut parts = date.split('-');
    let y = parts.next()?.parse().ok()?;
    let m: i64 = parts.next()?.parse().ok()?;
    let d: i64 = parts.next()?.parse().ok()?;
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((y, m, d))
}

/// Days since 1970-01-01 (proleptic Gregorian).
fn days(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
}

/// (year, month, day) of a day number.
fn civil(n: i64) -> (i64, i64, i64) {
    let z = n + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_dates_are_exclusive() {
        assert_eq!(last_day("2026-01-01").as_deref(), Some("2025-12-31"));
        assert_eq!(last_day("2024-03-01").as_deref(), Some("2024-02-29"));
        assert_eq!(last_day("not a date"), None);
        assert!(within("2025-12-31", Some("2025-08-01"), Some("2026-01-01")));
        assert!(!within("2026-01-01", Some("2025-08-01"), Some("2026-01-01")));
        assert!(within("2026-01-01", None, None));
        assert_eq!(day_of(std::time::UNIX_EPOCH), "1970-01-01");
    }
}
