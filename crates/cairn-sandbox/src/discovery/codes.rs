//! codeMinor values: adds the ones the sandbox sends to every codeMinorFieldValue enumeration.

use cairn_spec::{Dialect, Service};
use serde_json::Value;

use crate::api::sent_words;

/// Adds the words `service` sends in `dialect` that the reference's enumerations lack to every
/// `*codeMinorFieldValue` property's `enum`.
pub(super) fn add_sent_codes(doc: &mut Value, dialect: &Dialect, service: Service) {
    add(doc, &sent_words(dialect, service));
}

fn add(value: &mut Value, sent: &[&str]) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key.ends_with("codeMinorFieldValue")
                    && let Some(values) = v.get_mut("enum").and_then(Value::as_array_mut)
                {
                    for word in sent {
                        if !values.iter().any(|x| x == word) {
                            values.push(Value::from(*word));
                        }
                    }
                }
                add(v, sent);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| add(v, sent)),
        _ => {}
    }
}
