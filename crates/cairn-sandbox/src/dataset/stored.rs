//! A stored record: its parsed value, which queries and writes read, and its JSON text, written
//! once when it is stored, which answers copy instead of printing the value again.

use std::ops::Deref;

use serde_json::Value;

/// A record as the dataset keeps it. Dereferences to its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    value: Value,
    text: Box<str>,
}

impl Stored {
    /// Stores `value`, writing its text.
    pub fn new(value: Value) -> Stored {
        let text = value.to_string().into_boxed_str();
        Stored { value, text }
    }

    /// The record.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The record's JSON text, exactly as `serde_json` prints the value.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl Deref for Stored {
    type Target = Value;

    fn deref(&self) -> &Value {
        &self.value
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_text_is_the_value_printed() {
        let value = json!({"sourcedId": "u1", "givenName": "Zoë", "roles": [{"role": "student"}], "n": 1.5});
        let stored = Stored::new(value.clone());
        assert_eq!(stored.text(), value.to_string());
        assert_eq!(serde_json::from_str::<Value>(stored.text()).unwrap(), value);
        assert_eq!(stored["givenName"], "Zoë", "reads through to the value");
    }
}
