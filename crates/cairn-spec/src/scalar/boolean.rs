//! `TrueFalseEnum`: the strings "true" and "false", with real-world variants tolerated.

use serde_json::Value;

use crate::issue::{Checker, Rule};
use crate::shape::{Kind, Scalar};
use crate::wire::Wire;

/// A boolean carried as the string `"true"` or `"false"`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrueFalse {
    value: bool,
    /// The value as given when it was not the canonical string (`TRUE`, a JSON boolean).
    original: Option<Value>,
}

impl TrueFalse {
    /// The canonical form of `value`.
    pub fn new(value: bool) -> Self {
        TrueFalse { value, original: None }
    }

    /// The boolean.
    pub fn get(&self) -> bool {
        self.value
    }
}

impl Wire for TrueFalse {
    const KIND: Kind = Kind::Scalar(Scalar::TrueFalse);

    fn from_json(value: Value) -> Result<Self, Value> {
        let parsed = match &value {
            Value::String(s) if s == "true" => return Ok(TrueFalse::new(true)),
            Value::String(s) if s == "false" => return Ok(TrueFalse::new(false)),
            Value::String(s) if s.eq_ignore_ascii_case("true") => true,
            Value::String(s) if s.eq_ignore_ascii_case("false") => false,
            Value::Bool(b) => *b,
            _ => return Err(value),
        };
        Ok(TrueFalse { value: parsed, original: Some(value) })
    }

    fn to_json(&self) -> Value {
        self.original.clone().unwrap_or_else(|| Value::String(self.value.to_string()))
    }

    fn check(&self, c: &mut Checker) {
        if let Some(original) = &self.original {
            c.report(Rule::TrueFalse, format!("{original} where the string \"{}\" belongs", self.value));
        }
    }
}
