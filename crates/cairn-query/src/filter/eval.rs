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
    /// reject them first).
    pub fn matches(&self, record: &Value, shape: &Shape) -> bool {
        let mut results = self.clauses.iter().map(|clause| clause.matches(record, shape));
        match self.connective {
            Connective::And => results.all(|matched| matched),
            Connective::Or => results.any(|matched| matched),
        }
    }
}

impl Clause {
    /// Whether `record` satisfies this one clause.
    pub fn matches(&self, record: &Value, shape: &Shape) -> bool {
        let typing = Typing::of(shape, &self.field);
        let found: Vec<Occurrence<'_>> =
            occurrences(record, &self.field).into_iter().filter(|occurrence| !occurrence.values().is_empty()).collect();
        let value = self.value.as_str();
        match self.pred {
            Pred::Eq => found.iter().any(|o| equals(o, typing, value)),
            Pred::Ne => !found.iter().any(|o| equals(o, typing, value)),
            Pred::Contains => found.iter().any(|o| contains(o, value)),
            Pred::Gt | Pred::Ge | Pred::Lt | Pred::Le => {
                found.iter().flat_map(Occurrence::values).any(|v| accepts(self.pred, typing.compare(v, value)))
            }
        }
    }
}

fn equals(occurrence: &Occurrence<'_>, typing: Typing, literal: &str) -> bool {
    match occurrence.values() {
        [one] => typing.compare(one, literal) == Ordering::Equal,
        many => {
            let joined: Vec<_> = many.iter().map(|v| text(v)).collect();
            Collation::get().eq(&joined.join(","), literal)
        }
    }
}

fn contains(occurrence: &Occurrence<'_>, literal: &str) -> bool {
    let collation = Collation::get();
    match occurrence {
        Occurrence::Single(value) => collation.contains(&text(value), literal),
        Occurrence::Many(values) => {
            let mut parts = literal.split(',').map(str::trim).filter(|p| !p.is_empty()).peekable();
            if parts.peek().is_none() {
                return !values.is_empty();
            }
            let elements: Vec<_> = values.iter().map(|v| text(v)).collect();
            parts.any(|part| elements.iter().any(|e| collation.contains(e, part)))
        }
    }
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
