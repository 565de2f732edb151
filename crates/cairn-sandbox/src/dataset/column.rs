//! One field of a table as a column: every record's projection on the field (see
//! [`cairn_query::project`]), dictionary-encoded, so a filter clause is tested once per distinct
//! value and a sort compares precomputed integer ranks instead of collation keys.

use std::collections::HashMap;
use std::sync::OnceLock;

use cairn_query::{PreparedFilter, Sort};
use cairn_spec::shape::Shape;
use serde_json::Value;

/// The distinct projections of one field path and, per position, which one the record there
/// has (deleted positions have the projection `null`). Built from a table's records and thrown
/// away with them on the next write.
#[derive(Debug)]
pub struct Column {
    distinct: Vec<Value>,
    codes: Vec<usize>,
    ranks: OnceLock<Vec<Option<usize>>>,
}

impl Column {
    /// The column of `path` over `records` (by position; `None` for a deleted one).
    pub fn build<'r>(records: impl IntoIterator<Item = Option<&'r Value>>, path: &str) -> Column {
        let steps: Vec<&str> = path.split('.').collect();
        let mut distinct = Vec::new();
        // A path through objects only projects to its last value wrapped in those objects, so
        // records are told apart by that value, borrowed; a path through an array needs the
        // whole projection.
        let mut by_leaf: HashMap<Option<&Value>, usize> = HashMap::new();
        let mut by_projection: HashMap<Value, usize> = HashMap::new();
        let codes = records
            .into_iter()
            .map(|record| match record.map_or(Reach::Nothing, |r| reach(r, &steps)) {
                Reach::Nothing => *by_leaf.entry(None).or_insert_with(|| {
                    distinct.push(Value::Null);
                    distinct.len() - 1
                }),
                Reach::Leaf(leaf) => *by_leaf.entry(Some(leaf)).or_insert_with(|| {
                    distinct.push(record.map_or(Value::Null, |r| cairn_query::project(r, path)));
                    distinct.len() - 1
                }),
                Reach::ThroughArray => {
                    let projection = record.map_or(Value::Null, |r| cairn_query::project(r, path));
                    *by_projection.entry(projection).or_insert_with_key(|projection| {
                        distinct.push(projection.clone());
                        distinct.len() - 1
                    })
                }
            })
            .collect();
        Column { distinct, codes, ranks: OnceLock::new() }
    }

    /// The distinct projections, each once.
    pub fn distinct(&self) -> &[Value] {
        &self.distinct
    }

    /// Which distinct projection the record at `position` has (an index into
    /// [`distinct`](Self::distinct)); `None` past the end.
    pub fn code(&self, position: usize) -> Option<usize> {
        self.codes.get(position).copied()
    }

    /// For each distinct projection, whether clause `index` of `filter` holds for it.
    pub fn verdicts(&self, filter: &PreparedFilter<'_>, index: usize) -> Vec<bool> {
        self.distinct.iter().map(|value| filter.matches_clause(index, value)).collect()
    }

    /// The rank of each distinct projection in ascending order of the field (see
    /// [`Sort::ranks`]), computed on first use. A column belongs to one table, hence to one
    /// collection and shape, and ranks ignore the sort's direction, so every caller gets the
    /// same answer.
    pub fn ranks(&self, sort: &Sort, shape: &Shape) -> &[Option<usize>] {
        self.ranks.get_or_init(|| sort.ranks(&self.distinct, shape))
    }

    /// The rank (see [`ranks`](Self::ranks)) of the record at `position`; `None` when it has
    /// no value for the field.
    pub fn rank(&self, position: usize, sort: &Sort, shape: &Shape) -> Option<usize> {
        self.ranks(sort, shape).get(self.code(position)?).copied().flatten()
    }
}

/// Where a path leads in a record.
enum Reach<'r> {
    /// Nowhere: a step is missing or meets a scalar (the projection is `null`).
    Nothing,
    /// Through objects only, to this value.
    Leaf(&'r Value),
    /// Through an array (the projection keeps each element's part).
    ThroughArray,
}

fn reach<'r>(record: &'r Value, steps: &[&str]) -> Reach<'r> {
    let mut value = record;
    for step in steps {
        value = match value {
            Value::Object(map) => match map.get(*step) {
                Some(child) => child,
                None => return Reach::Nothing,
            },
            Value::Array(_) => return Reach::ThroughArray,
            _ => return Reach::Nothing,
        };
    }
    Reach::Leaf(value)
}

#[cfg(test)]
mod tests {
    use cairn_query::{Filter, Order};
    use cairn_spec::Collection;
    use serde_json::json;

    use super::*;

    #[test]
    fn distinct_projections_are_stored_once() {
        let records =
            [json!({"familyName": "Lang"}), json!({"familyName": "Ng"}), json!({"familyName": "Lang", "x": 1})];
        let column = Column::build(records.iter().map(Some).chain([None]), "familyName");
        assert_eq!(column.distinct(), [json!({"familyName": "Lang"}), json!({"familyName": "Ng"}), Value::Null]);
        let codes: Vec<_> = (0..5).map(|p| column.code(p)).collect();
        assert_eq!(codes, [Some(0), Some(1), Some(0), Some(2), None]);
    }

    #[test]
    fn every_distinct_entry_is_the_projection_of_its_records() {
        let records = [
            json!({"roles": [{"role": "student", "org": {"sourcedId": "s1"}}]}),
            json!({"roles": [{"role": "student", "org": {"sourcedId": "s2"}}]}),
            json!({"roles": [{"role": "teacher"}, {"role": "aide"}]}),
            json!({"roles": {"role": "aide", "org": null}}),
            json!({"roles": {"role": null}}),
            json!({"roles": "student"}),
            json!({}),
        ];
        for path in ["roles.role", "roles.org.sourcedId", "roles", "roles.org"] {
            let column = Column::build(records.iter().map(Some), path);
            for (position, record) in records.iter().enumerate() {
                let code = column.code(position).unwrap();
                assert_eq!(column.distinct()[code], cairn_query::project(record, path), "{path} of {record}");
            }
        }
        let column = Column::build(records.iter().map(Some), "roles.role");
        assert_eq!(column.distinct().len(), 5, "two students alike, the teacher and aide, aide, null, nothing");
    }

    #[test]
    fn verdicts_and_ranks_agree_with_the_query_language() {
        let shape = Collection::Users.shape();
        let names = ["Lang", "émile", "Emile", "lang", "Ölander"];
        let records: Vec<Value> = names.iter().map(|n| json!({"familyName": n})).chain([json!({})]).collect();
        let column = Column::build(records.iter().map(Some), "familyName");
        let filter = Filter::parse("familyName~'LAN'").unwrap();
        let prepared = filter.prepare(shape);
        let verdicts = column.verdicts(&prepared, 0);
        for (position, record) in records.iter().enumerate() {
            let code = column.code(position).unwrap();
            assert_eq!(verdicts[code], prepared.matches(record), "{record}");
        }
        let sort = Sort { field: "familyName".into(), order: Order::Desc };
        let ranks: Vec<_> = (0..records.len()).map(|p| column.rank(p, &sort, shape)).collect();
        assert_eq!(ranks, [Some(2), Some(1), Some(0), Some(2), Some(3), None]);
    }
}
