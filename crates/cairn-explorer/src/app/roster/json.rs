//! Reading fields out of a cached record's JSON leniently (a value of the wrong type is
//! skipped, never an error): text, lists, GUIDRefs, and every scalar as a dotted path.

use serde_json::Value;

use super::types::FieldLine;

/// The record's JSON, or an empty object when it is not JSON at all.
pub fn parse(raw: &str) -> Value {
    serde_json::from_str(raw).unwrap_or(Value::Null)
}

/// A scalar field as text.
pub fn text(record: &Value, field: &str) -> Option<String> {
    scalar(record.get(field)?).filter(|s| !s.is_empty())
}

fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A list of strings (one string counts as a list of one).
pub fn strings(record: &Value, field: &str) -> Vec<String> {
    match record.get(field) {
        Some(Value::Array(values)) => values.iter().filter_map(scalar).collect(),
        Some(other) => scalar(other).into_iter().collect(),
        None => Vec::new(),
    }
}

/// The sourcedIds a GUIDRef field names (one object, an array, or plain strings).
pub fn refs(record: &Value, field: &str) -> Vec<String> {
    let one = |v: &Value| match v {
        Value::Object(o) => o.get("sourcedId").and_then(scalar),
        other => scalar(other),
    };
    match record.get(field) {
        Some(Value::Array(values)) => values.iter().filter_map(one).collect(),
        Some(other) => one(other).into_iter().collect(),
        None => Vec::new(),
    }
}

/// A `TrueFalse` field: `"true"`/`"false"` (any case) or a boolean.
pub fn flag(record: &Value, field: &str) -> Option<bool> {
    match record.get(field)? {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// Every scalar of `record` by dotted path (`userIds[0].type`), in the record's order, at most
/// `limit` of them.
pub fn flatten(record: &Value, limit: usize) -> Vec<FieldLine> {
    let mut out = Vec::new();
    let mut stack: Vec<(String, &Value)> = vec![(String::new(), record)];
    while let Some((path, value)) = stack.pop() {
        if out.len() >= limit {
            break;
        }
        match value {
            Value::Object(map) => {
                for (key, child) in map.iter().rev() {
                    let next = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                    stack.push((next, child));
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate().rev() {
                    stack.push((format!("{path}[{i}]"), child));
                }
            }
            Value::Null => out.push(FieldLine { name: path, value: "null".to_owned() }),
            other => out.push(FieldLine { name: path, value: scalar(other).unwrap_or_default() }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_are_read_leniently() {
        let record = json!({"a": "x", "n": 3, "list": ["p", 2], "one": "q", "ref": {"sourcedId": "s1"},
                            "refs": [{"sourcedId": "s2"}, "s3", {"x": 1}], "t": "TRUE", "nested": {"k": [true, null]}});
        assert_eq!(text(&record, "n").as_deref(), Some("3"));
        assert_eq!(strings(&record, "list"), ["p", "2"]);
        assert_eq!(strings(&record, "one"), ["q"]);
        assert_eq!(refs(&record, "ref"), ["s1"]);
        assert_eq!(refs(&record, "refs"), ["s2", "s3"]);
        assert_eq!(flag(&record, "t"), Some(true));
        let flat = flatten(&record, 100);
        assert!(flat.iter().any(|f| f.name == "nested.k[1]" && f.value == "null"));
        assert_eq!(flatten(&parse("not json"), 10)[0].value, "null");
    }
}
