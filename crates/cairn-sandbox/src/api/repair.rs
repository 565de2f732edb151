//! Repairs of write bodies as deployed clients send them short: a reference given as
//! `{"sourcedId"}` alone gets its `href` and `type` from the server's own base, a missing
//! `status` is `active`, a date-time where a date belongs keeps its date part. Each repair is
//! named with its JSON path; anything else a body lacks is still refused.

use cairn_spec::{Collection, Issue, Rule};
use serde_json::{Map, Value};

use crate::demo::ref_type;
use crate::state::Sandbox;

/// One repair: where (a JSON path such as `$.lineItem.class`) and what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Repair {
    /// JSON path of the repaired value, from the body's root.
    pub path: String,
    /// What was filled in or changed.
    pub what: String,
}

impl std::fmt::Display for Repair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.what)
    }
}

/// Repairs what `issues` (paths from the record's root `$`) allow in `record`, a record of
/// `collection` found at `at` in the body; `references` names each reference field's target.
pub(crate) fn repair(
    sandbox: &Sandbox,
    record: &mut Value,
    issues: &[Issue],
    at: &str,
    references: &[(&str, Collection, &str)],
) -> Vec<Repair> {
    let mut repairs = Vec::new();
    let mut references_done: Vec<String> = Vec::new();
    for issue in issues {
        let relative = issue.path.strip_prefix('$').unwrap_or(&issue.path);
        let path = format!("{at}{relative}");
        match issue.rule {
            Rule::Required if relative == ".status" => {
                if let Some(map) = record.as_object_mut() {
                    map.insert("status".into(), Value::from("active"));
                    repairs.push(Repair { path, what: "status was missing; stored as \"active\"".into() });
                }
            }
            Rule::Required if relative.ends_with(".href") || relative.ends_with(".type") => {
                let Some(parent) = relative.rsplit_once('.').map(|(p, _)| p.to_owned()) else { continue };
                if references_done.contains(&parent) {
                    continue;
                }
                let field = top_field(&parent);
                let Some((_, target, _)) = references.iter().find(|(f, ..)| *f == field) else { continue };
                let Some(reference) = at_path(record, &parent).and_then(Value::as_object_mut) else { continue };
                if let Some(filled) = complete_reference(sandbox, reference, *target) {
                    references_done.push(parent.clone());
                    repairs.push(Repair { path: format!("{at}{parent}"), what: filled });
                }
            }
            Rule::DateTimeForDate => {
                let Some(value) = at_path(record, relative) else { continue };
                let Some(given) = value.as_str().map(str::to_owned) else { continue };
                let Some(date) = date_part(&given) else { continue };
                *value = Value::from(date.clone());
                repairs.push(Repair {
                    path,
                    what: format!("{given:?} is a date-time where a date belongs; stored as its date {date:?}"),
                });
            }
            _ => {}
        }
    }
    repairs
}

/// Fills a reference's missing `href` and `type` for a record of `target`; says what it filled.
fn complete_reference(sandbox: &Sandbox, reference: &mut Map<String, Value>, target: Collection) -> Option<String> {
    let id = reference.get("sourcedId").and_then(Value::as_str)?.to_owned();
    let mut filled = Vec::new();
    if !reference.contains_key("href") {
        let href =
            format!("{}{}/{}/{id}", sandbox.base_url, sandbox.dialect.base_path(target.service()), target.name());
        reference.insert("href".into(), Value::from(href));
        filled.push("href");
    }
    let kind = ref_type(target);
    if !reference.contains_key("type") && !kind.is_empty() {
        reference.insert("type".into(), Value::from(kind));
        filled.push("type");
    }
    (!filled.is_empty())
        .then(|| format!("{} filled in from the server's base for sourcedId {id:?}", filled.join(" and ")))
}

/// The first field of a relative path (`.class` of `.class.href`, `.x` of `.x[2]`).
fn top_field(relative: &str) -> &str {
    let rest = relative.strip_prefix('.').unwrap_or(relative);
    rest.split(['.', '[']).next().unwrap_or_default()
}

/// The value at a relative JSON path (`.a.b[2].c`), if there is one.
fn at_path<'v>(value: &'v mut Value, relative: &str) -> Option<&'v mut Value> {
    let mut current = value;
    let mut rest = relative;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            current = current.as_object_mut()?.get_mut(&after[..end])?;
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']')?;
            let index: usize = after[..end].parse().ok()?;
            current = current.as_array_mut()?.get_mut(index)?;
            rest = &after[end + 1..];
        } else {
            return None;
        }
    }
    Some(current)
}

/// The date (`YYYY-MM-DD`) a date-time starts with.
fn date_part(date_time: &str) -> Option<String> {
    cairn_spec::time::parse_date_time(date_time)?;
    let date = date_time.trim().get(..10)?;
    cairn_spec::time::parse_date(date).map(|_| date.to_owned())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn paths_reach_nested_values() {
        let mut value = json!({"a": {"b": [1, {"c": "x"}]}});
        assert_eq!(at_path(&mut value, ".a.b[1].c"), Some(&mut json!("x")));
        assert_eq!(at_path(&mut value, ".a.b[5]"), None);
        let mut copy = value.clone();
        assert_eq!(at_path(&mut value, ""), Some(&mut copy));
        assert_eq!(top_field(".class.href"), "class");
        assert_eq!(top_field(".sets[0].href"), "sets");
    }

    #[test]
    fn date_parts_of_date_times_only() {
        assert_eq!(date_part("2025-09-01T10:00:00Z").as_deref(), Some("2025-09-01"));
        assert_eq!(date_part("2025-09-01T10:00:00.000+02:00").as_deref(), Some("2025-09-01"));
        assert_eq!(date_part("yesterday"), None);
    }
}
