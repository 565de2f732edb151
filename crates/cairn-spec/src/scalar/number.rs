//! Numeric leaves: `Float` keeps the JSON number exactly as written; `Integer` is an i64.
//! Both read a number given as a string (a common deviation) and write it back as given.

use serde_json::{Number, Value};

use crate::issue::{Checker, Rule};
use crate::shape::{Kind, Scalar};
use crate::wire::Wire;

/// A `Float`, kept as the JSON number it was (so `5` stays `5` and `5.0` stays `5.0`).
#[derive(Debug, Clone, PartialEq)]
pub struct Float {
    number: Number,
    /// The string it was given as, when it was a string.
    given_as_string: Option<String>,
}

impl Float {
    /// The value as f64.
    pub fn get(&self) -> f64 {
        self.number.as_f64().unwrap_or(f64::NAN)
    }

    /// A float from an f64; `None` for NaN and infinities, which JSON cannot hold.
    pub fn new(value: f64) -> Option<Float> {
        Number::from_f64(value).map(|number| Float { number, given_as_string: None })
    }
}

impl Default for Float {
    fn default() -> Self {
        Float { number: Number::from(0), given_as_string: None }
    }
}

impl Wire for Float {
    const KIND: Kind = Kind::Scalar(Scalar::Float);

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::Number(number) => Ok(Float { number, given_as_string: None }),
            Value::String(s) => match s.trim().parse::<f64>().ok().and_then(Number::from_f64) {
                Some(number) => Ok(Float { number, given_as_string: Some(s) }),
                None => Err(Value::String(s)),
            },
            other => Err(other),
        }
    }

    fn to_json(&self) -> Value {
        match &self.given_as_string {
            Some(s) => Value::String(s.clone()),
            None => Value::Number(self.number.clone()),
        }
    }

    fn check(&self, c: &mut Checker) {
        if let Some(s) = &self.given_as_string {
            c.report(Rule::NumberAsString, format!("the number {s:?} is given as a string"));
        }
    }
}

/// An `Integer` (int32 in the references; kept as i64 so that nothing is truncated).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Integer {
    value: i64,
    /// The string it was given as, when it was a string.
    given_as_string: Option<String>,
}

impl Integer {
    /// An integer.
    pub fn new(value: i64) -> Integer {
        Integer { value, given_as_string: None }
    }

    /// The value.
    pub fn get(&self) -> i64 {
        self.value
    }
}

impl Wire for Integer {
    const KIND: Kind = Kind::Scalar(Scalar::Integer);

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::Number(n) if n.is_i64() || n.is_u64() => n.as_i64().map(Integer::new).ok_or(Value::Number(n)),
            Value::String(s) => match s.trim().parse::<i64>() {
                Ok(value) => Ok(Integer { value, given_as_string: Some(s) }),
                Err(_) => Err(Value::String(s)),
            },
            other => Err(other),
        }
    }

    fn to_json(&self) -> Value {
        match &self.given_as_string {
            Some(s) => Value::String(s.clone()),
            None => Value::from(self.value),
        }
    }

    fn check(&self, c: &mut Checker) {
        if let Some(s) = &self.given_as_string {
            c.report(Rule::NumberAsString, format!("the number {s:?} is given as a string"));
        }
    }
}
