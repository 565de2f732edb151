//! The `sort` and `orderBy` parameters: ordering records by one field.
//!
//! Values compare as their field's type ([`Scalar::is_numeric`](cairn_spec::shape::Scalar)
//! fields as numbers, temporal fields chronologically, everything else by the Unicode Collation
//! Algorithm ignoring case). An array-valued field sorts by its first element. Records without
//! a value sort **after** all records with one, in both directions, so an ascending and a
//! descending page both start with real data. Sorting is stable.

use std::cmp::Ordering;

use cairn_spec::shape::Shape;
use serde_json::Value;

use crate::compare::{SortKey, Typing};
use crate::error::{QueryError, Warning};
use crate::path::occurrences;

/// The direction of a sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Order {
    /// Ascending (`asc`, the default).
    #[default]
    Asc,
    /// Descending (`desc`).
    Desc,
}

impl Order {
    /// `asc` or `desc`.
    pub fn as_str(self) -> &'static str {
        match self {
            Order::Asc => "asc",
            Order::Desc => "desc",
        }
    }
}

/// A sort by one (possibly dotted) field.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sort {
    /// The field path, as received (trimmed).
    pub field: String,
    /// The direction.
    pub order: Order,
}

impl Sort {
    /// Reads the `sort` and `orderBy` parameters (already percent-decoded).
    ///
    /// `orderBy` must be `asc` or `desc` (any case, surrounding whitespace ignored) whenever it
    /// is present, even without `sort`; otherwise it is [`QueryError::InvalidOrderBy`]. Without
    /// `sort` there is no sort (`Ok(None)`). A blank `sort` names no field of any class, so it
    /// yields a sort that [`Sort::check`] warns about.
    pub fn parse(sort: Option<&str>, order_by: Option<&str>) -> Result<Option<Sort>, QueryError> {
        let order = match order_by {
            None => Order::Asc,
            Some(o) if o.trim().eq_ignore_ascii_case("asc") => Order::Asc,
            Some(o) if o.trim().eq_ignore_ascii_case("desc") => Order::Desc,
            Some(o) => return Err(QueryError::InvalidOrderBy { value: o.to_owned() }),
        };
        Ok(sort.map(|field| Sort { field: field.trim().to_owned(), order }))
    }

    /// An ascending sort by `field`.
    pub fn asc(field: impl Into<String>) -> Sort {
        Sort { field: field.into(), order: Order::Asc }
    }

    /// A descending sort by `field`.
    pub fn desc(field: impl Into<String>) -> Sort {
        Sort { field: field.into(), order: Order::Desc }
    }

    /// `Some(invalid_sort_field)` if the field does not exist in `shape`: the caller then keeps
    /// the default order and reports the warning.
    pub fn check(&self, shape: &Shape) -> Option<Warning> {
        match shape.resolve(&self.field) {
            Some(_) => None,
            None => Some(Warning::InvalidSortField { field: self.field.clone() }),
        }
    }

    /// Compares two records by this sort (missing values last in both directions).
    pub fn compare(&self, a: &Value, b: &Value, shape: &Shape) -> Ordering {
        let typing = Typing::of(shape, &self.field);
        self.compare_keys(&self.key(a, typing), &self.key(b, typing))
    }

    /// Sorts `records` in place, stably. Each record's key is computed once.
    pub fn apply(&self, records: &mut Vec<Value>, shape: &Shape) {
        self.apply_by(records, shape, |record| record);
    }

    /// Sorts anything that holds records (`Arc<Value>`, `&Value`, rows with a record inside) in
    /// place, stably, reading each one's record with `value`.
    pub fn apply_by<T>(&self, records: &mut Vec<T>, shape: &Shape, value: impl Fn(&T) -> &Value) {
        let typing = Typing::of(shape, &self.field);
        let mut keyed: Vec<(Option<SortKey>, T)> =
            records.drain(..).map(|record| (self.key(value(&record), typing), record)).collect();
        keyed.sort_by(|(a, _), (b, _)| self.compare_keys(a, b));
        records.extend(keyed.into_iter().map(|(_, record)| record));
    }

    /// For each of `records` (whole records or projections that keep this sort's field where
    /// it was, see [`project`](crate::project)), its rank in ascending order of the field:
    /// records whose values compare equal share a rank, ranks count up from 0 without gaps, and
    /// records without a value have none. The direction of this sort is ignored.
    ///
    /// Ordering records by rank (missing last, ties kept in their given order) gives exactly
    /// [`Sort::apply`]'s order; ranking a field's distinct values once lets a caller sort
    /// many subsets of a large collection by comparing integers.
    pub fn ranks(&self, records: &[Value], shape: &Shape) -> Vec<Option<usize>> {
        let typing = Typing::of(shape, &self.field);
        let mut keyed: Vec<(SortKey, usize)> =
            records.iter().enumerate().filter_map(|(index, record)| Some((self.key(record, typing)?, index))).collect();
        keyed.sort_by(|(a, _), (b, _)| a.cmp(b));
        let mut ranks = vec![None; records.len()];
        let mut rank = 0;
        for (i, (key, index)) in keyed.iter().enumerate() {
            if i > 0 && keyed.get(i - 1).is_some_and(|(previous, _)| previous.cmp(key) != Ordering::Equal) {
                rank += 1;
            }
            if let Some(slot) = ranks.get_mut(*index) {
                *slot = Some(rank);
            }
        }
        ranks
    }

    /// The key of a record: its first value for the field, if any.
    fn key(&self, record: &Value, typing: Typing) -> Option<SortKey> {
        occurrences(record, &self.field)
            .iter()
            .find_map(|occurrence| occurrence.values().first().copied())
            .map(|value| typing.sort_key(value))
    }

    fn compare_keys(&self, a: &Option<SortKey>, b: &Option<SortKey>) -> Ordering {
        match (a, b) {
            (Some(a), Some(b)) => match self.order {
                Order::Asc => a.cmp(b),
                Order::Desc => b.cmp(a),
            },
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        }
    }
}

#[cfg(test)]
mod tests {
    use cairn_spec::Collection;
    use serde_json::json;

    use super::*;

    #[test]
    fn ranks_order_like_apply_in_both_directions() {
        let shape = Collection::Users.shape();
        let names = ["b", "Émile", "a", "B", "emile", "", "c", "A", "Zoë"];
        let mut records: Vec<Value> =
            names.iter().enumerate().map(|(i, n)| json!({"sourcedId": i.to_string(), "familyName": n})).collect();
        records.push(json!({"sourcedId": "none"}));
        records.push(json!({"sourcedId": "null", "familyName": null}));
        for sort in [Sort::asc("familyName"), Sort::desc("familyName")] {
            let ranks = sort.ranks(&records, shape);
            let mut by_rank: Vec<(Option<usize>, &Value)> = ranks.iter().copied().zip(&records).collect();
            by_rank.sort_by(|(a, _), (b, _)| match (a, b) {
                (Some(a), Some(b)) if sort.order == Order::Asc => a.cmp(b),
                (Some(a), Some(b)) => b.cmp(a),
                (a, b) => b.is_some().cmp(&a.is_some()),
            });
            let by_rank: Vec<&Value> = by_rank.into_iter().map(|(_, r)| r).collect();
            let mut applied = records.clone();
            sort.apply(&mut applied, shape);
            assert_eq!(by_rank, applied.iter().collect::<Vec<_>>(), "{sort:?}");
        }
        let ranks = Sort::asc("familyName").ranks(&records, shape);
        assert_eq!(ranks.first(), ranks.get(3), "b and B share a rank");
        assert_eq!(ranks.get(2), Some(&Some(1)), "a right after the empty name");
        assert_eq!(ranks.get(9..), Some(&[None, None][..]), "no value, no rank");
    }
}
