//! Status-object names: renames the references' `imsx_` schemas and properties to a dialect's.

use cairn_spec::StatusNames;
use serde_json::{Map, Value};

/// The references' prefix.
const IMSX: &str = "imsx_";

/// Renames every `imsx_` schema, property, `required` entry and `$ref` to `names`; the codeMinor
/// container (`imsx_CodeMinor`, `imsx_codeMinor`) becomes `{prefix}{code_minor}`. The `imsx_`
/// dialect keeps the references' names as they are.
pub(super) fn status_names(doc: &mut Value, names: StatusNames) {
    if names.prefix != IMSX {
        rename_value(doc, names);
    }
}

/// The new name of `name`, if it is an `imsx_` name.
fn renamed(name: &str, names: StatusNames) -> Option<String> {
    let rest = name.strip_prefix(IMSX)?;
    Some(match rest.eq_ignore_ascii_case("codeMinor") {
        true => format!("{}{}", names.prefix, names.code_minor),
        false => format!("{}{rest}", names.prefix),
    })
}

/// A `$ref` with every `imsx_` segment renamed.
fn renamed_ref(reference: &str, names: StatusNames) -> String {
    reference.split('/').map(|s| renamed(s, names).unwrap_or_else(|| s.to_owned())).collect::<Vec<_>>().join("/")
}

fn rename_value(value: &mut Value, names: StatusNames) {
    match value {
        Value::Object(map) => {
            let old = std::mem::take(map);
            *map = old
                .into_iter()
                .map(|(key, mut v)| {
                    match (key.as_str(), &mut v) {
                        ("$ref", Value::String(r)) => *r = renamed_ref(r, names),
                        _ => rename_value(&mut v, names),
                    }
                    (renamed(&key, names).unwrap_or(key), v)
                })
                .collect::<Map<_, _>>();
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rename_value(v, names)),
        // Names as values: `required` entries, discriminators. Prose never starts with `imsx_`.
        Value::String(s) if !s.contains(char::is_whitespace) => {
            if let Some(new) = renamed(s, names) {
                *s = new;
            }
        }
        _ => {}
    }
}
