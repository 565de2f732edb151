//! Evaluates a filter against a JSON record.
//!
//! Each clause looks up every occurrence of its field path (see [`crate::path`]):
//!
//! * a missing field (or `null`, or an empty array) matches `!=` and nothing else;
//! * `=` matches if some occurrence equals the value; an array-valued property equals the
//!   value when its elements joined with `,` (no spaces) do, so `grades=['09','10']` matches
//!   `'09,10'` but not `'09'`; `!=` is the negation of `=`;
//! * `~` on an array-valued property splits the value on commas (parts trimmed, blank parts
//!   ignored) and matches if any part is contained in any element; on a single value it
//!   matches if the whole value is contained;
//! * `>`, `>=`, `<`, `<=` match if any value satisfies them.
//!
//! A path through an array of objects (`roles.org.sourcedId`) yields one occurrence per
//! element, so `roles.org.sourcedId='x'` matches when any role's org is `x`.

use std::cmp::Ordering;

use cairn_spec::shape::Shape;
use serde_json::Value;

use super::{Clause, Connective, Filter, Pred};
use crate::collation::Collation;
use crate::compare::Typing;
use crate::path::{Occurrence, occurrences, text};

impl Filter {
    /// Whether `record` satisfies the filter. The field types in `shape` decide how values
    /// compare; fields unknown to `shape` are compared loosely (see [`Filter::check`] to
    /// reject them first). To test many records, [`Filter::prepare`] once.
    pub fn matches(&self, record: &Value, shape: &Shape) -> bool {
        self.prepare(shape).matches(record)
    }

    /// The filter ready to test many records of one class: field types resolved and literals
    /// folded once.
    pub fn prepare(&self, shape: &Shape) -> PreparedFilter<'_> {
        PreparedFilter {
            connective: self.connective,
            clauses: self
                .clauses
                .iter()
                .map(|clause| PreparedClause {
                    clause,
                    typing: Typing::of(shape, &clause.field),
                    folded: clause.value.to_lowercase(),
                    parts: clause
                        .value
                        .split(',')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .map(str::to_lowercase)
                        .collect(),
                })
                .collect(),
        }
    }
}

/// A [`Filter`] prepared for one class (see [`Filter::prepare`]).
#[derive(Debug)]
pub struct PreparedFilter<'f> {
    connective: Connective,
    clauses: Vec<PreparedClause<'f>>,
}

#[derive(Debug)]
struct PreparedClause<'f> {
    clause: &'f Clause,
    typing: Typing,
    /// The value, lower-cased (for `~` on a single value).
    folded: String,
    /// The value's comma-separated parts, lower-cased (for `~` on an array).
    parts: Vec<String>,
}

impl PreparedFilter<'_> {
    /// Whether `record` satisfies the filter.
    pub fn matches(&self, record: &Value) -> bool {
        let mut results = self.clauses.iter().map(|clause| clause.matches(record));
        match self.connective {
            Connective::And => results.all(|matched| matched),
            Connective::Or => results.any(|matched| matched),
        }
    }

    /// The field path of each clause, in order.
    pub fn clause_fields(&self) -> impl Iterator<Item = &str> {
        self.clauses.iter().map(|c| c.clause.field.as_str())
    }

    /// How the clauses combine ([`Connective::And`] for a single clause).
    pub fn connective(&self) -> Connective {
        self.connective
    }

    /// Whether clause `index` (in [`clause_fields`](Self::clause_fields) order) holds for a
    /// record, given the record or a projection of it that keeps that clause's field where it
    /// was (see [`project`]); `false` when there is no such clause. A clause's verdict depends
    /// only on its field, so a caller may test each distinct projection of a field once and
    /// combine the verdicts by [`connective`](Self::connective).
    pub fn matches_clause(&self, index: usize, part: &Value) -> bool {
        self.clauses.get(index).is_some_and(|clause| clause.matches(part))
    }

    /// Whether a record satisfies the filter, given for each clause (in
    /// [`clause_fields`](Self::clause_fields) order) the record or any projection of it that
    /// keeps that clause's field where it was (`{"roles": [{"role": "student"}]}` for
    /// `roles.role`). Projections kept beside a large collection make scans cache-friendly.
    pub fn matches_parts(&self, parts: &[&Value]) -> bool {
        let mut results =
            self.clauses.iter().enumerate().map(|(i, clause)| parts.get(i).is_some_and(|part| clause.matches(part)));
        match self.connective {
            Connective::And => results.all(|matched| matched),
            Connective::Or => results.any(|matched| matched),
        }
    }
}

/// The part of `record` that `path` reaches, keeping its place: objects keep only the step's
/// property, arrays keep their elements' projections. `Null` when the path reaches nothing.
pub fn project(record: &Value, path: &str) -> Value {
    fn walk(value: &Value, steps: &[&str]) -> Option<Value> {
        match (steps.split_first(), value) {
            (None, v) => Some(v.clone()),
            (Some((step, rest)), Value::Object(map)) => {
                let inner = walk(map.get(*step)?, rest)?;
                let mut out = serde_json::Map::with_capacity(1);
                out.insert((*step).to_owned(), inner);
                Some(Value::Object(out))
            }
            (Some(_), Value::Array(items)) => Some(Value::Array(items.iter().filter_map(|i| walk(i, steps)).collect())),
            _ => None,
        }
    }
    let steps: Vec<&str> = path.split('.').collect();
    walk(record, &steps).unwrap_or(Value::Null)
}

impl Clause {
    /// Whether `record` satisfies this one clause.
    pub fn matches(&self, record: &Value, shape: &Shape) -> bool {
        let filter = Filter { clauses: vec![self.clone()], connective: Connective::And };
        filter.prepare(shape).matches(record)
    }
}

impl PreparedClause<'_> {
    fn matches(&self, record: &Value) -> bool {
        let found: Vec<Occurrence<'_>> = occurrences(record, &self.clause.field)
            .into_iter()
            .filter(|occurrence| !occurrence.values().is_empty())
            .collect();
        let value = self.clause.value.as_str();
        match self.clause.pred {
            Pred::Eq => found.iter().any(|o| equals(o, self.typing, value)),
            Pred::Ne => !found.iter().any(|o| equals(o, self.typing, value)),
            Pred::Contains => found.iter().any(|o| self.contains(o)),
            Pred::Gt | Pred::Ge | Pred::Lt | Pred::Le => found
                .iter()
                .flat_map(Occurrence::values)
                .any(|v| accepts(self.clause.pred, self.typing.compare(v, value))),
        }
    }

    fn contains(&self, occurrence: &Occurrence<'_>) -> bool {
        match occurrence {
            Occurrence::Single(value) => contains_folded(&text(value), &self.folded),
            Occurrence::Many(values) => {
                if self.parts.is_empty() {
                    return !values.is_empty();
                }
                let elements: Vec<_> = values.iter().map(|v| text(v)).collect();
                self.parts.iter().any(|part| elements.iter().any(|e| contains_folded(e, part)))
            }
        }
    }
}

fn equals(occurrence: &Occurrence<'_>, typing: Typing, literal: &str) -> bool {
    match occurrence.values() {
        [one] => typing.equals(one, literal),
        many => {
            let joined: Vec<_> = many.iter().map(|v| text(v)).collect();
            Collation::get().eq(&joined.join(","), literal)
        }
    }
}

/// `needle` (already lower-cased) occurs in `haystack`, ignoring case: as
/// [`Collation::contains`], without allocating when the haystack is ASCII.
fn contains_folded(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    if haystack.is_ascii() {
        let (h, n) = (haystack.as_bytes(), needle.as_bytes());
        return n.len() <= h.len() && h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n));
    }
    haystack.to_lowercase().contains(needle)
}

fn accepts(pred: Pred, ordering: Ordering) -> bool {
    match pred {
        Pred::Gt => ordering == Ordering::Greater,
        Pred::Ge => ordering != Ordering::Less,
        Pred::Lt => ordering == Ordering::Less,
        Pred::Le => ordering != Ordering::Greater,
        Pred::Eq => ordering == Ordering::Equal,
        Pred::Ne => ordering != Ordering::Equal,
        Pred::Contains => false,
    }
}

#[cfg(test)]
mod tests {
    use cairn_spec::Collection;
    use serde_json::json;

    use super::*;

    #[test]
    fn clause_verdicts_on_projections_combine_like_matches() {
        let shape = Collection::Users.shape();
        let records = [
            json!({"familyName": "Lang", "roles": [{"role": "student"}, {"role": "aide"}]}),
            json!({"familyName": "Ölander", "roles": [{"role": "teacher"}]}),
            json!({"givenName": "x"}),
        ];
        for text in [
            "roles.role='student' AND familyName~'an'",
            "roles.role='teacher' OR familyName~'LAN'",
            "familyName!='lang'",
            "familyName>'M'",
        ] {
            let filter = Filter::parse(text).unwrap();
            let prepared = filter.prepare(shape);
            for record in &records {
                let verdicts: Vec<bool> = prepared
                    .clause_fields()
                    .enumerate()
                    .map(|(i, field)| prepared.matches_clause(i, &project(record, field)))
                    .collect();
                let combined = match prepared.connective() {
                    Connective::And => verdicts.iter().all(|v| *v),
                    Connective::Or => verdicts.iter().any(|v| *v),
                };
                assert_eq!(combined, prepared.matches(record), "{text} on {record}");
            }
            assert!(!prepared.matches_clause(9, &json!({})));
        }
    }
}
