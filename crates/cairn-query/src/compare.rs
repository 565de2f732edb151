//! Typed comparison of record values: as numbers, as points in time, or by collation.
//!
//! The field's declared type in the [`Shape`] decides how its values compare. When a value or
//! literal does not parse as the declared type the comparison falls back to collation of the
//! string forms, so a malformed record never makes a query fail.

use std::cmp::Ordering;

use cairn_spec::shape::{Kind, Resolved, Shape};
use serde_json::Value;

use crate::collation::Collation;
use crate::path::text;
use cairn_spec::time::Instant;

/// How the values of one field path compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Typing {
    /// `Float` / `Integer`: numerically when both sides are numbers.
    Numeric,
    /// `Date` / `DateTime`: chronologically when both sides are ISO 8601.
    Temporal,
    /// Everything else: by collation.
    Text,
    /// Open containers and unknown paths: numerically when the JSON value is a number.
    Loose,
}

impl Typing {
    /// The typing of `path` in `shape`.
    pub(crate) fn of(shape: &Shape, path: &str) -> Typing {
        match shape.resolve(path) {
            Some(Resolved::Field { kind: Kind::Scalar(scalar), .. }) if scalar.is_numeric() => Typing::Numeric,
            Some(Resolved::Field { kind: Kind::Scalar(scalar), .. }) if scalar.is_temporal() => Typing::Temporal,
            Some(Resolved::Field { .. }) => Typing::Text,
            Some(Resolved::Open) | None => Typing::Loose,
        }
    }

    /// Whether a record value equals a filter literal (as [`Typing::compare`], faster for text).
    pub(crate) fn equals(self, value: &Value, literal: &str) -> bool {
        match (self, value) {
            (Typing::Text, Value::String(text)) => Collation::get().eq(text, literal),
            _ => self.compare(value, literal) == Ordering::Equal,
        }
    }

    /// Compares a record value with a filter literal.
    pub(crate) fn compare(self, value: &Value, literal: &str) -> Ordering {
        let numbers = match self {
            Typing::Numeric => number_of(value).zip(parse_number(literal)),
            Typing::Loose => value.as_f64().zip(parse_number(literal)),
            Typing::Temporal | Typing::Text => None,
        };
        if let Some((a, b)) = numbers {
            return a.total_cmp(&b);
        }
        let text = text(value);
        if self == Typing::Temporal
            && let (Some(a), Some(b)) = (Instant::parse(&text), Instant::parse(literal))
        {
            return a.cmp(&b);
        }
        Collation::get().compare(&text, literal)
    }

    /// The key a value sorts by.
    pub(crate) fn sort_key(self, value: &Value) -> SortKey {
        let number = match self {
            Typing::Numeric => number_of(value),
            Typing::Loose => value.as_f64(),
            Typing::Temporal | Typing::Text => None,
        };
        if let Some(n) = number {
            return SortKey::Number(n);
        }
        let text = text(value);
        if self == Typing::Temporal
            && let Some(instant) = Instant::parse(&text)
        {
            return SortKey::Instant(instant);
        }
        SortKey::Text(Collation::get().sort_key(&text))
    }
}

/// A sortable value. Variants order before one another as declared (numbers, then points in
/// time, then text), so values of one field that do not all parse still sort totally.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SortKey {
    /// A finite number.
    Number(f64),
    /// A point in time.
    Instant(Instant),
    /// A collation key.
    Text(Vec<u8>),
}

impl SortKey {
    /// A total order over keys.
    pub(crate) fn cmp(&self, other: &SortKey) -> Ordering {
        match (self, other) {
            (SortKey::Number(a), SortKey::Number(b)) => a.total_cmp(b),
            (SortKey::Instant(a), SortKey::Instant(b)) => a.cmp(b),
            (SortKey::Text(a), SortKey::Text(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }

    fn rank(&self) -> u8 {
        match self {
            SortKey::Number(_) => 0,
            SortKey::Instant(_) => 1,
            SortKey::Text(_) => 2,
        }
    }
}

/// A JSON number, or a string holding one.
fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64().filter(|f| f.is_finite()),
        Value::String(s) => parse_number(s),
        _ => None,
    }
}

/// A finite decimal number (`12`, `-3.5`, `1e3`); rejects `inf`, `NaN` and the empty string.
pub(crate) fn parse_number(text: &str) -> Option<f64> {
    let text = text.trim();
    let plain = text.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
    if !plain || !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<f64>().ok().filter(|f| f.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers() {
        assert_eq!(parse_number(" 10 "), Some(10.0));
        assert_eq!(parse_number("1e3"), Some(1000.0));
        for bad in ["", "inf", "NaN", "1e999", "e", "-", "0x10", "1,5"] {
            assert_eq!(parse_number(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn typed_comparisons() {
        assert_eq!(Typing::Numeric.compare(&json!(10), "9"), Ordering::Greater);
        assert_eq!(Typing::Numeric.compare(&json!("10"), "9"), Ordering::Greater);
        assert_eq!(Typing::Text.compare(&json!("10"), "9"), Ordering::Less);
        assert_eq!(Typing::Loose.compare(&json!(10), "9"), Ordering::Greater);
        assert_eq!(Typing::Loose.compare(&json!("10"), "9"), Ordering::Less);
        assert_eq!(
            Typing::Temporal.compare(&json!("2024-01-01T00:30:00+01:00"), "2023-12-31T23:45:00Z"),
            Ordering::Less
        );
    }
}
