//! codeMinor values: adds the ones the sandbox sends to every codeMinorFieldValue enumeration.

use cairn_spec::CodeMinor;
use serde_json::Value;

/// Values the sandbox sends that some references' enumerations lack.
const SENT: [CodeMinor; 4] =
    [CodeMinor::InvalidUuid, CodeMinor::InvalidSortField, CodeMinor::UnauthorisedRequest, CodeMinor::InvalidData];

/// Adds the missing [`SENT`] values to every `*codeMinorFieldValue` property's `enum`.
pub(super) fn add_sent_codes(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key.ends_with("codeMinorFieldValue")
                    && let Some(values) = v.get_mut("enum").and_then(Value::as_array_mut)
                {
                    for code in SENT {
                        if !values.iter().any(|x| x == code.as_str()) {
                            values.push(Value::from(code.as_str()));
                        }
                    }
                }
                add_sent_codes(v);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(add_sent_codes),
        _ => {}
    }
}
