//! `Date` and `DateTime` leaves: kept as given, parsed on demand, deviations classified.

use serde_json::Value;

use crate::issue::{Checker, Rule};
use crate::shape::{Kind, Scalar};
use crate::time::{DateTimeForm, Instant, parse_date, parse_date_time};
use crate::wire::Wire;

/// A `DateTime`: ISO 8601 W3C profile with a timezone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct DateTime(pub String);

/// A `Date`: `YYYY-MM-DD`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Date(pub String);

impl DateTime {
    /// The instant, reading a missing timezone as UTC; `None` when unparseable.
    pub fn instant(&self) -> Option<Instant> {
        parse_date_time(&self.0).map(|(t, _)| t)
    }

    /// The string as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Date {
    /// (year, month, day) when the value is a valid date, or the date part of a date-time.
    pub fn ymd(&self) -> Option<(i32, u32, u32)> {
        parse_date(self.0.get(..10).unwrap_or(&self.0))
    }

    /// The string as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for DateTime {
    fn from(s: &str) -> Self {
        DateTime(s.to_owned())
    }
}

impl From<&str> for Date {
    fn from(s: &str) -> Self {
        Date(s.to_owned())
    }
}

impl Wire for DateTime {
    const KIND: Kind = Kind::Scalar(Scalar::DateTime);

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::String(s) => Ok(DateTime(s)),
            other => Err(other),
        }
    }

    fn to_json(&self) -> Value {
        Value::String(self.0.clone())
    }

    fn check(&self, c: &mut Checker) {
        match parse_date_time(&self.0) {
            Some((_, DateTimeForm::Zoned)) => {}
            Some((_, DateTimeForm::Unzoned)) => {
                c.report(Rule::DateTimeWithoutTimezone, format!("{:?} has no timezone; read as UTC", self.0))
            }
            Some((_, DateTimeForm::DateOnly)) => c.report(
                Rule::DateForDateTime,
                format!("{:?} is a date where a date-time belongs; read as midnight UTC", self.0),
            ),
            None => c.report(
                Rule::DateTimeFormat,
                format!("{:?} is not an ISO 8601 date-time (YYYY-MM-DDThh:mm:ss[.sss]Z)", self.0),
            ),
        }
    }
}

impl Wire for Date {
    const KIND: Kind = Kind::Scalar(Scalar::Date);

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::String(s) => Ok(Date(s)),
            other => Err(other),
        }
    }

    fn to_json(&self) -> Value {
        Value::String(self.0.clone())
    }

    fn check(&self, c: &mut Checker) {
        if parse_date(&self.0).is_some() {
            return;
        }
        if parse_date_time(&self.0).is_some() {
            c.report(
                Rule::DateTimeForDate,
                format!("{:?} is a date-time where a date belongs; its date part is used", self.0),
            );
        } else {
            c.report(Rule::DateFormat, format!("{:?} is not a date (YYYY-MM-DD)", self.0));
        }
    }
}
