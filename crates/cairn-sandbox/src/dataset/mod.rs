//! The sandbox's data in memory: every collection's records in default order, an index by
//! identifier and by relation, loaded from and written through to the record store.

mod column;
mod relations;
mod stored;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use cairn_spec::Collection;
use serde_json::Value;

pub use column::Column;
pub use relations::relations;
pub use stored::Stored;

/// How many query answers a table remembers.
const CACHED_QUERIES: usize = 64;

/// One collection: records in default order (deleted slots are `None`) with indexes, and the
/// answers of recent whole-collection queries (positions in order) and per-field columns,
/// forgotten on every write.
#[derive(Debug, Default)]
pub struct Table {
    slots: Vec<Option<Arc<Stored>>>,
    by_id: HashMap<String, usize>,
    by_relation: HashMap<&'static str, HashMap<String, Vec<usize>>>,
    live: usize,
    answers: Mutex<VecDeque<(String, Arc<Vec<usize>>)>>,
    columns: Mutex<HashMap<String, Arc<Column>>>,
}

impl Table {
    /// The record with `id`.
    pub fn get(&self, id: &str) -> Option<&Arc<Stored>> {
        self.by_id.get(id).and_then(|&slot| self.slots.get(slot)?.as_ref())
    }

    /// Whether a record with `id` exists.
    pub fn contains(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// Every record in default order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Stored>> {
        self.slots.iter().flatten()
    }

    /// Every record in default order, with its position.
    pub fn positions(&self) -> impl Iterator<Item = (usize, &Arc<Stored>)> {
        self.slots.iter().enumerate().filter_map(|(p, r)| Some((p, r.as_ref()?)))
    }

    /// The remembered answer to the query `key`, or `compute`'s (then remembered). Paging
    /// through one filtered, sorted collection computes it once.
    pub fn answer(&self, key: &str, compute: impl FnOnce() -> Vec<usize>) -> Arc<Vec<usize>> {
        if let Some((_, hit)) =
            self.answers.lock().unwrap_or_else(PoisonError::into_inner).iter().find(|(k, _)| k == key)
        {
            return hit.clone();
        }
        let answer = Arc::new(compute());
        let mut answers = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        if answers.len() >= CACHED_QUERIES {
            answers.pop_front();
        }
        answers.push_back((key.to_owned(), answer.clone()));
        answer
    }

    /// The column of field `path` (every record's projection on it, dictionary-encoded, by
    /// position): built on first use and kept until the next write. Filters test each distinct
    /// value once and sorts compare ranks, instead of reading whole records.
    pub fn column(&self, path: &str) -> Arc<Column> {
        if let Some(found) = self.columns.lock().unwrap_or_else(PoisonError::into_inner).get(path) {
            return found.clone();
        }
        let built = Arc::new(Column::build(self.slots.iter().map(|s| s.as_deref().map(Stored::value)), path));
        self.columns.lock().unwrap_or_else(PoisonError::into_inner).insert(path.to_owned(), built.clone());
        built
    }

    fn forget_answers(&mut self) {
        self.answers.get_mut().unwrap_or_else(PoisonError::into_inner).clear();
        self.columns.get_mut().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// How many records.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Records whose relation `rel` points at `target`, in default order.
    pub fn related(&self, rel: &str, target: &str) -> Vec<&Arc<Stored>> {
        self.related_positions(rel, target).into_iter().filter_map(|p| self.at(p)).collect()
    }

    /// Positions (in default order, ascending, each once) of the records whose relation `rel`
    /// points at `target`.
    pub fn related_positions(&self, rel: &str, target: &str) -> Vec<usize> {
        let Some(slots) = self.by_relation.get(rel).and_then(|m| m.get(target)) else { return Vec::new() };
        let mut slots = slots.clone();
        slots.sort_unstable();
        slots.dedup();
        slots
    }

    /// The position of the record with `id` in default order, and the record.
    pub fn locate(&self, id: &str) -> Option<(usize, &Arc<Stored>)> {
        let slot = *self.by_id.get(id)?;
        Some((slot, self.slots.get(slot)?.as_ref()?))
    }

    /// The record at a position.
    pub fn at(&self, position: usize) -> Option<&Arc<Stored>> {
        self.slots.get(position)?.as_ref()
    }

    /// Inserts or replaces (keeping the place in the default order).
    fn put(&mut self, collection: Collection, id: String, record: Stored) {
        self.forget_answers();
        let slot = match self.by_id.get(&id) {
            Some(&slot) => {
                if let Some(Some(old)) = self.slots.get(slot).cloned() {
                    self.unindex(collection, slot, &old);
                } else {
                    self.live += 1;
                }
                slot
            }
            None => {
                self.slots.push(None);
                self.live += 1;
                self.by_id.insert(id, self.slots.len() - 1);
                self.slots.len() - 1
            }
        };
        for (rel, target) in relations(collection, &record) {
            self.by_relation.entry(rel).or_default().entry(target).or_default().push(slot);
        }
        self.slots[slot] = Some(Arc::new(record));
    }

    fn remove(&mut self, collection: Collection, id: &str) -> bool {
        self.forget_answers();
        let Some(&slot) = self.by_id.get(id) else { return false };
        let Some(old) = self.slots.get_mut(slot).and_then(Option::take) else { return false };
        self.unindex(collection, slot, &old);
        self.by_id.remove(id);
        self.live -= 1;
        true
    }

    fn unindex(&mut self, collection: Collection, slot: usize, old: &Value) {
        for (rel, target) in relations(collection, old) {
            if let Some(slots) = self.by_relation.get_mut(rel).and_then(|m| m.get_mut(&target)) {
                slots.retain(|s| *s != slot);
            }
        }
    }
}

/// Every collection.
#[derive(Debug, Default)]
pub struct Dataset {
    tables: HashMap<Collection, Table>,
    empty: Table,
}

impl Dataset {
    /// The table of `collection` (empty if nothing was ever stored).
    pub fn table(&self, collection: Collection) -> &Table {
        self.tables.get(&collection).unwrap_or(&self.empty)
    }

    /// Inserts or replaces a record; its identifier is read from the collection's id field.
    /// Returns `false` (and stores nothing) when the record has no identifier.
    pub fn put(&mut self, collection: Collection, record: Value) -> bool {
        self.put_stored(collection, Stored::new(record))
    }

    /// [`Dataset::put`] for a record whose text is written already.
    pub fn put_stored(&mut self, collection: Collection, record: Stored) -> bool {
        let Some(id) = record.get(collection.id_field()).and_then(Value::as_str).map(str::to_owned) else {
            return false;
        };
        self.tables.entry(collection).or_default().put(collection, id, record);
        true
    }

    /// Removes a record; whether it existed.
    pub fn remove(&mut self, collection: Collection, id: &str) -> bool {
        self.tables.get_mut(&collection).is_some_and(|t| t.remove(collection, id))
    }

    /// Record counts per collection (collections never stored are left out).
    pub fn counts(&self) -> Vec<(Collection, usize)> {
        let mut counts: Vec<_> = self.tables.iter().map(|(c, t)| (*c, t.len())).collect();
        counts.sort();
        counts
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn replace_keeps_order_and_reindexes() {
        let mut data = Dataset::default();
        let enrollment =
            |id: &str, class: &str| json!({"sourcedId": id, "class": {"sourcedId": class}, "role": "student"});
        assert!(data.put(Collection::Enrollments, enrollment("e1", "c1")));
        assert!(data.put(Collection::Enrollments, enrollment("e2", "c1")));
        assert!(data.put(Collection::Enrollments, enrollment("e1", "c2")));
        let table = data.table(Collection::Enrollments);
        let ids: Vec<_> = table.iter().map(|r| r["sourcedId"].as_str().unwrap().to_owned()).collect();
        assert_eq!(ids, ["e1", "e2"]);
        assert_eq!(table.related("class", "c1").len(), 1);
        assert_eq!(table.related("class", "c2")[0]["sourcedId"], "e1");
        assert!(data.remove(Collection::Enrollments, "e2"));
        assert!(!data.remove(Collection::Enrollments, "e2"));
        assert!(data.table(Collection::Enrollments).related("class", "c1").is_empty());
        assert_eq!(data.counts(), [(Collection::Enrollments, 1)]);
        assert!(!data.put(Collection::Users, json!({"name": "no id"})));
    }

    #[test]
    fn columns_and_answers_are_forgotten_on_every_write() {
        let mut data = Dataset::default();
        let user = |id: &str, family: &str| json!({"sourcedId": id, "familyName": family});
        data.put(Collection::Users, user("u1", "Lang"));
        data.put(Collection::Users, user("u2", "Ng"));
        let names = |data: &Dataset| {
            let column = data.table(Collection::Users).column("familyName");
            (0..3).map(|p| column.code(p).map(|c| column.distinct()[c]["familyName"].clone())).collect::<Vec<_>>()
        };
        let answer =
            |data: &Dataset| data.table(Collection::Users).answer("q", || vec![data.table(Collection::Users).len()]);
        assert_eq!(names(&data), [Some(json!("Lang")), Some(json!("Ng")), None]);
        assert_eq!(*answer(&data), [2]);
        data.put(Collection::Users, user("u1", "Ólafsson"));
        assert_eq!(names(&data), [Some(json!("Ólafsson")), Some(json!("Ng")), None], "replaced");
        data.put(Collection::Users, user("u3", "Abe"));
        assert_eq!(names(&data), [Some(json!("Ólafsson")), Some(json!("Ng")), Some(json!("Abe"))], "added");
        assert_eq!(*answer(&data), [3]);
        assert!(data.remove(Collection::Users, "u2"));
        assert_eq!(names(&data)[1], Some(Value::Null), "removed");
        assert_eq!(*answer(&data), [2]);
    }
}
