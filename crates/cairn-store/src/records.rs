//! The provider's record table: every record of every collection as its full JSON, keyed by
//! (collection, id), in a stable default order. Used by the sandbox to persist its data.

use std::borrow::Cow;

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::StoreError;
use crate::migrate::{Migration, migrate};

/// The provider database's schema, in order. Never edit a released step; append.
pub const PROVIDER_MIGRATIONS: &[Migration] = &[Migration {
    name: "records",
    sql: Cow::Borrowed(
        "CREATE TABLE records (
              collection TEXT NOT NULL,
              id TEXT NOT NULL,
              seq INTEGER NOT NULL,
              json TEXT NOT NULL,
              PRIMARY KEY (collection, id)
          ) WITHOUT ROWID;
          CREATE INDEX records_order ON records (collection, seq);",
    ),
}];

/// A provider database: open with [`crate::open`], then [`RecordStore::new`].
#[derive(Debug)]
pub struct RecordStore {
    conn: Connection,
}

impl RecordStore {
    /// Takes a connection and brings its schema up to date.
    pub fn new(mut conn: Connection) -> Result<RecordStore, StoreError> {
        migrate(&mut conn, PROVIDER_MIGRATIONS)?;
        Ok(RecordStore { conn })
    }

    /// Whether the database holds no record at all.
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.conn.query_row("SELECT 1 FROM records LIMIT 1", [], |_| Ok(())).optional()?.is_none())
    }

    /// Every record, collection by collection in default order: `(collection, id, json)`.
    pub fn for_each(&self, mut f: impl FnMut(&str, &str, &str)) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare("SELECT collection, id, json FROM records ORDER BY collection, seq")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let text = |i: usize| -> Result<&str, rusqlite::Error> { Ok(row.get_ref(i)?.as_str()?) };
            f(text(0)?, text(1)?, text(2)?);
        }
        Ok(())
    }

    /// Writes many records in one transaction (new ones go last in their collection's order).
    pub fn put_many<'a>(
        &mut self,
        records: impl IntoIterator<Item = (&'a str, &'a str, &'a str)>,
    ) -> Result<usize, StoreError> {
        let tx = self.conn.transaction()?;
        let mut count = 0;
        {
            let mut next = tx.prepare_cached("SELECT COALESCE(MAX(seq), 0) + 1 FROM records WHERE collection = ?1")?;
            let mut put = tx.prepare_cached(
                "INSERT INTO records (collection, id, seq, json) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (collection, id) DO UPDATE SET json = excluded.json",
            )?;
            let mut seqs: std::collections::HashMap<String, i64> = std::collections::HashMap::new();
            for (collection, id, json) in records {
                let seq = match seqs.get_mut(collection) {
                    Some(seq) => seq,
                    None => {
                        let first: i64 = next.query_row([collection], |r| r.get(0))?;
                        seqs.entry(collection.to_owned()).or_insert(first)
                    }
                };
                put.execute(params![collection, id, *seq, json])?;
                *seq += 1;
                count += 1;
            }
        }
        tx.commit()?;
        Ok(count)
    }

    /// Writes one record (replacing keeps its place in the default order).
    pub fn put(&mut self, collection: &str, id: &str, json: &str) -> Result<(), StoreError> {
        self.put_many([(collection, id, json)]).map(drop)
    }

    /// Removes a record; whether it existed.
    pub fn delete(&mut self, collection: &str, id: &str) -> Result<bool, StoreError> {
        Ok(self.conn.execute("DELETE FROM records WHERE collection = ?1 AND id = ?2", [collection, id])? > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open;

    #[test]
    fn records_keep_their_order_and_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sandbox.sqlite");
        {
            let mut store = RecordStore::new(open(&path).unwrap()).unwrap();
            assert!(store.is_empty().unwrap());
            store.put_many([("users", "b", "{\"n\":1}"), ("users", "a", "{\"n\":2}"), ("orgs", "o", "{}")]).unwrap();
            store.put("users", "b", "{\"n\":3}").unwrap();
            store.put("users", "c", "{\"n\":4}").unwrap();
            assert!(store.delete("users", "a").unwrap());
            assert!(!store.delete("users", "a").unwrap());
        }
        let store = RecordStore::new(open(&path).unwrap()).unwrap();
        let mut seen = Vec::new();
        store.for_each(|c, id, json| seen.push(format!("{c}/{id}={json}"))).unwrap();
        assert_eq!(seen, ["orgs/o={}", "users/b={\"n\":3}", "users/c={\"n\":4}"]);
    }
}
