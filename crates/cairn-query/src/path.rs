//! Walking a dotted field path through a JSON record, and the string form of scalar values.

use std::borrow::Cow;

use serde_json::Value;

/// One occurrence of the path's last property in a record.
///
/// A path through an array of objects (`roles.role`) yields one occurrence per element; an
/// array-valued last property (`grades`) yields one occurrence holding all its elements.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Occurrence<'a> {
    /// The property holds one scalar.
    Single(&'a Value),
    /// The property holds an array; these are its scalar elements (nested arrays flattened).
    Many(Vec<&'a Value>),
}

impl<'a> Occurrence<'a> {
    /// The scalar values of this occurrence.
    pub(crate) fn values(&self) -> &[&'a Value] {
        match self {
            Occurrence::Single(value) => std::slice::from_ref(value),
            Occurrence::Many(values) => values,
        }
    }
}

/// Every occurrence of `path` in `record`. Nulls, missing properties and objects at the end of
/// the path yield nothing.
pub(crate) fn occurrences<'a>(record: &'a Value, path: &str) -> Vec<Occurrence<'a>> {
    let mut current = vec![record];
    for step in path.split('.') {
        let mut next = Vec::new();
        for value in current {
            descend(value, step, &mut next);
        }
        current = next;
    }
    current
        .into_iter()
        .filter_map(|value| match value {
            Value::Array(items) => {
                let mut scalars = Vec::new();
                flatten_scalars(items, &mut scalars);
                Some(Occurrence::Many(scalars))
            }
            Value::Null | Value::Object(_) => None,
            scalar => Some(Occurrence::Single(scalar)),
        })
        .collect()
}

/// The property `step` of `value`, looking through arrays of objects.
fn descend<'a>(value: &'a Value, step: &str, out: &mut Vec<&'a Value>) {
    match value {
        Value::Object(map) => {
            if let Some(child) = map.get(step) {
                out.push(child);
            }
        }
        Value::Array(items) => {
            for item in items {
                // An array met midway is looked through; one at the end is kept whole.
                descend(item, step, out);
            }
        }
        _ => {}
    }
}

fn flatten_scalars<'a>(items: &'a [Value], out: &mut Vec<&'a Value>) {
    for item in items {
        match item {
            Value::Array(inner) => flatten_scalars(inner, out),
            Value::Null | Value::Object(_) => {}
            scalar => out.push(scalar),
        }
    }
}

/// The text a scalar compares as: strings as they are, numbers and booleans as JSON writes them.
pub(crate) fn text(value: &Value) -> Cow<'_, str> {
    match value {
        Value::String(s) => Cow::Borrowed(s),
        Value::Null => Cow::Borrowed(""),
        other => Cow::Owned(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn through_arrays_of_objects() {
        let record = json!({"roles": [{"org": {"sourcedId": "a"}}, {"org": {"sourcedId": "b"}}, {}]});
        let found = occurrences(&record, "roles.org.sourcedId");
        assert_eq!(found, vec![Occurrence::Single(&json!("a")), Occurrence::Single(&json!("b"))]);
    }

    #[test]
    fn array_leaf_is_one_occurrence() {
        let record = json!({"grades": ["09", ["10"], null, {"x": 1}], "n": null});
        let found = occurrences(&record, "grades");
        assert_eq!(found, vec![Occurrence::Many(vec![&json!("09"), &json!("10")])]);
        assert!(occurrences(&record, "n").is_empty());
        assert!(occurrences(&record, "missing.deeper").is_empty());
    }
}
