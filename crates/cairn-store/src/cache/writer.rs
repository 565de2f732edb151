//! Writing one collection of one connection inside a transaction the caller owns (see
//! [`begin`]): nothing is visible until it commits, so that a failed or cancelled sync or
//! import leaves the previous data exactly as it was. A full write replaces the collection; an
//! incremental one upserts.

use cairn_spec::Collection;
use rusqlite::{Transaction, params};
use serde_json::Value;

use crate::error::StoreError;

use super::tables::{TableSpec, spec};

/// Whether the write replaces the collection or merges into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteMode {
    /// The collection becomes exactly what is written.
    Replace,
    /// Written records are inserted or updated; others stay.
    Merge,
}

/// Opens a write transaction on a cache connection. Writers work inside it; commit it to make
/// their writes visible, drop it to forget them.
pub fn begin(conn: &mut rusqlite::Connection) -> Result<Transaction<'_>, StoreError> {
    Ok(conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?)
}

/// A write of one collection inside a transaction.
pub struct CollectionWriter<'t> {
    tx: &'t Transaction<'t>,
    connection_id: i64,
    spec: &'static TableSpec,
    sql: Statements,
    written: u64,
}

/// The SQL a writer runs for every record, made once per writer.
struct Statements {
    upsert: String,
    links: Vec<(String, String)>,
    fts: Option<(String, String)>,
}

impl Statements {
    fn new(spec: &TableSpec) -> Statements {
        let t = spec.table;
        let names: Vec<&str> = spec.columns.iter().map(|c| c.name).collect();
        let placeholders: String = (0..names.len()).map(|i| format!(", ?{}", i + 5)).collect();
        let updates: String = names.iter().map(|n| format!(", {n} = excluded.{n}")).collect();
        let cols: String = names.iter().map(|n| format!(", {n}")).collect();
        Statements {
            upsert: format!(
                "INSERT INTO {t} (connection_id, id, to_be_deleted, json{cols}) VALUES (?1, ?2, ?3, ?4{placeholders})
                 ON CONFLICT (connection_id, id) DO UPDATE SET to_be_deleted = excluded.to_be_deleted, json = excluded.json{updates}
                 RETURNING rowid"
            ),
            links: spec
                .links
                .iter()
                .map(|l| {
                    (
                        format!("DELETE FROM {} WHERE connection_id = ?1 AND id = ?2", l.table),
                        format!("INSERT OR IGNORE INTO {} (connection_id, id, target) VALUES (?1, ?2, ?3)", l.table),
                    )
                })
                .collect(),
            fts: (!spec.search.is_empty()).then(|| {
                (format!("DELETE FROM {t}_fts WHERE rowid = ?1"), format!("INSERT INTO {t}_fts (rowid, text) VALUES (?1, ?2)"))
            }),
        }
    }
}

impl<'t> CollectionWriter<'t> {
    /// Starts writing `collection` (for [`WriteMode::Replace`], clearing it first).
    pub fn new(
        tx: &'t Transaction<'t>,
        connection_id: i64,
        collection: Collection,
        mode: WriteMode,
    ) -> Result<CollectionWriter<'t>, StoreError> {
        let spec = spec(collection);
        if mode == WriteMode::Replace {
            let t = spec.table;
            if !spec.search.is_empty() {
                tx.execute(
                    &format!("DELETE FROM {t}_fts WHERE rowid IN (SELECT rowid FROM {t} WHERE connection_id = ?1)"),
                    [connection_id],
                )?;
            }
            tx.execute(&format!("DELETE FROM {t} WHERE connection_id = ?1"), [connection_id])?;
        }
        Ok(CollectionWriter { tx, connection_id, spec, sql: Statements::new(spec), written: 0 })
    }

    /// Writes one record; `false` (and nothing written) when it has no identifier.
    pub fn put(&mut self, record: &Value) -> Result<bool, StoreError> {
        let id_field = self.spec.collection.id_field();
        let Some(id) = record.get(id_field).and_then(Value::as_str) else { return Ok(false) };
        let values: Vec<Option<String>> = self.spec.columns.iter().map(|c| first_text(record, c.path)).collect();
        let to_be_deleted =
            record.get("status").and_then(Value::as_str).is_some_and(|s| s == "tobedeleted" || s == "inactive");
        let json = record.to_string();
        let mut params: Vec<&dyn rusqlite::ToSql> = vec![&self.connection_id, &id, &to_be_deleted, &json];
        for v in &values {
            params.push(v);
        }
        let rowid: i64 = self.tx.prepare_cached(&self.sql.upsert)?.query_row(params.as_slice(), |r| r.get(0))?;
        for (link, (delete, insert)) in self.spec.links.iter().zip(&self.sql.links) {
            self.tx.prepare_cached(delete)?.execute(params![self.connection_id, id])?;
            let mut insert = self.tx.prepare_cached(insert)?;
            for target in all_text(record, link.path) {
                insert.execute(params![self.connection_id, id, target])?;
            }
        }
        if let Some((delete, insert)) = &self.sql.fts {
            let text: Vec<String> = self.spec.search.iter().flat_map(|p| all_text(record, p)).collect();
            self.tx.prepare_cached(delete)?.execute([rowid])?;
            self.tx.prepare_cached(insert)?.execute(params![rowid, text.join(" ")])?;
        }
        self.written += 1;
        Ok(true)
    }

    /// Removes one record (incremental syncs of deletions).
    pub fn remove(&mut self, id: &str) -> Result<bool, StoreError> {
        let t = self.spec.table;
        if !self.spec.search.is_empty() {
            self.tx.execute(
                &format!(
                    "DELETE FROM {t}_fts WHERE rowid IN (SELECT rowid FROM {t} WHERE connection_id = ?1 AND id = ?2)"
                ),
                params![self.connection_id, id],
            )?;
        }
        Ok(self.tx.execute(
            &format!("DELETE FROM {t} WHERE connection_id = ?1 AND id = ?2"),
            params![self.connection_id, id],
        )? > 0)
    }

    /// How many records were written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Removes every record whose relation column `column` is `value` (a document's items
    /// before a new version of the package is written).
    pub fn remove_where(&mut self, column: &str, value: &str) -> Result<usize, StoreError> {
        let Some(column) = self.spec.columns.iter().find(|c| c.name == column).map(|c| c.name) else { return Ok(0) };
        let t = self.spec.table;
        if !self.spec.search.is_empty() {
            self.tx.execute(
                &format!("DELETE FROM {t}_fts WHERE rowid IN (SELECT rowid FROM {t} WHERE connection_id = ?1 AND {column} = ?2)"),
                params![self.connection_id, value],
            )?;
        }
        Ok(self.tx.execute(
            &format!("DELETE FROM {t} WHERE connection_id = ?1 AND {column} = ?2"),
            params![self.connection_id, value],
        )?)
    }
}

/// Every value at a dotted path, through arrays, as text (numbers and booleans included).
pub(crate) fn all_text(record: &Value, path: &str) -> Vec<String> {
    let mut current = vec![record];
    for step in path.split('.') {
        current = current
            .into_iter()
            .flat_map(|v| match v {
                Value::Array(items) => items.iter().filter_map(|i| i.get(step)).collect::<Vec<_>>(),
                other => other.get(step).into_iter().collect(),
            })
            .collect();
    }
    current
        .into_iter()
        .flat_map(|v| match v {
            Value::Array(items) => items.iter().collect::<Vec<_>>(),
            other => vec![other],
        })
        .filter_map(|v| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        })
        .collect()
}

fn first_text(record: &Value, path: &str) -> Option<String> {
    all_text(record, path).into_iter().next()
}
