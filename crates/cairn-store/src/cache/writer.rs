//! Writing one collection of one connection inside a transaction the caller owns (see
//! [`begin`]): nothing is visible until it commits, so that a failed or cancelled sync or
//! import leaves the previous data exactly as it was. A full write replaces the collection; an
//! incremental one upserts.

use std::collections::HashSet;

use cairn_spec::Collection;
use rusqlite::{Statement, Transaction, params};
use serde_json::Value;

use crate::error::StoreError;

use super::extract::{Fields, Plan};
use super::prepared::{Prepared, PreparedRecords, Read};
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
    plan: Plan,
    sql: Statements<'t>,
    written: u64,
    /// The identifiers written so far: a record that comes again (a server repeating records
    /// across pages) is neither written nor counted twice. Hashed with foldhash, seeded per
    /// process: the writer's thread paces a sync, and SipHash (std's default) took 4% of it.
    seen: HashSet<Box<str>, foldhash::fast::RandomState>,
    repeated: u64,
}

/// The statements a writer runs for every record, prepared once per writer.
struct Statements<'t> {
    /// Inserts or updates a record: `?1` connection, `?2` id, `?3` to_be_deleted, `?4` json,
    /// then the relation columns.
    upsert: Statement<'t>,
    /// The rowid of a record (when an upsert updated rather than inserted).
    rowid: Statement<'t>,
    /// Per link table: forget a record's targets, add one.
    links: Vec<(Statement<'t>, Statement<'t>)>,
    /// The full-text entry: forget one, add one.
    fts: Option<(Statement<'t>, Statement<'t>)>,
}

impl<'t> Statements<'t> {
    fn new(tx: &'t Transaction<'t>, spec: &TableSpec) -> Result<Statements<'t>, StoreError> {
        let t = spec.table;
        let names: Vec<&str> = spec.columns.iter().map(|c| c.name).collect();
        let placeholders: String = (0..names.len()).map(|i| format!(", ?{}", i + 5)).collect();
        let updates: String = names.iter().map(|n| format!(", {n} = excluded.{n}")).collect();
        let cols: String = names.iter().map(|n| format!(", {n}")).collect();
        // No RETURNING: it makes SQLite collect every row in a temporary table, which costs
        // more than the insert; the rowid comes from last_insert_rowid instead.
        let upsert = tx.prepare(&format!(
            "INSERT INTO {t} (connection_id, id, to_be_deleted, json{cols}) VALUES (?1, ?2, ?3, ?4{placeholders})
             ON CONFLICT (connection_id, id) DO UPDATE SET to_be_deleted = excluded.to_be_deleted, json = excluded.json{updates}"
        ))?;
        let rowid = tx.prepare(&format!("SELECT rowid FROM {t} WHERE connection_id = ?1 AND id = ?2"))?;
        let links = spec
            .links
            .iter()
            .map(|l| {
                Ok((
                    tx.prepare(&format!("DELETE FROM {} WHERE connection_id = ?1 AND id = ?2", l.table))?,
                    tx.prepare(&format!(
                        "INSERT OR IGNORE INTO {} (connection_id, id, target) VALUES (?1, ?2, ?3)",
                        l.table
                    ))?,
                ))
            })
            .collect::<Result<_, StoreError>>()?;
        let fts = match spec.search.is_empty() {
            true => None,
            false => Some((
                tx.prepare(&format!("DELETE FROM {t}_fts WHERE rowid = ?1"))?,
                tx.prepare(&format!("INSERT INTO {t}_fts (rowid, text) VALUES (?1, ?2)"))?,
            )),
        };
        Ok(Statements { upsert, rowid, links, fts })
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
        let sql = Statements::new(tx, spec)?;
        Ok(CollectionWriter {
            tx,
            connection_id,
            spec,
            plan: Plan::new(spec),
            sql,
            written: 0,
            seen: HashSet::default(),
            repeated: 0,
        })
    }

    /// Writes one record; `false` when it has no identifier (nothing written) or came before in
    /// this write (written again, counted once). The JSON
    /// column holds the record as `serde_json` prints it.
    pub fn put(&mut self, record: &Value) -> Result<bool, StoreError> {
        let Some(fields) = self.plan.read_value(record) else { return Ok(false) };
        if fields.string(self.plan.id).is_none() {
            return Ok(false);
        }
        let json = record.to_string();
        self.write(&json, &fields)
    }

    /// Writes one record given as JSON text, kept in the JSON column exactly as given (unknown
    /// properties and extensions included); only the values the table's columns, links and
    /// full-text index need are read from it. `false` (and nothing written) when it is not an
    /// object with an identifier; an error when it is not JSON.
    pub fn put_json(&mut self, json: &str) -> Result<bool, StoreError> {
        let fields = self.plan.read_text(json).map_err(not_json)?;
        match fields {
            Some(fields) => self.write(json, &fields),
            None => Ok(false),
        }
    }

    /// Writes records read ahead with [`PreparedRecords::new`] (on any thread), as
    /// [`CollectionWriter::put_json`] would write each; returns how many were written. Stops
    /// with an error at the first that is not JSON. Records read for another collection are
    /// read again for this one.
    pub fn put_prepared(&mut self, records: PreparedRecords) -> Result<u64, StoreError> {
        let same = records.collection() == self.spec.collection;
        let (text, records) = records.into_parts();
        let mut written = 0;
        for Prepared { span, read } in records {
            let json = text.get(span).unwrap_or_default();
            let put = match read {
                Read::Fields(fields) if same => self.write(json, &fields.attach(&text))?,
                Read::Fields(_) => self.put_json(json)?,
                Read::NotAnObject => false,
                Read::Invalid(e) => return Err(not_json(e)),
            };
            written += u64::from(put);
        }
        Ok(written)
    }

    /// Writes a record's row, links and full-text entry; whether its identifier is new to this write.
    fn write(&mut self, json: &str, fields: &Fields<'_>) -> Result<bool, StoreError> {
        let Some(id) = fields.string(self.plan.id) else { return Ok(false) };
        // A record that comes again is written again (the last copy wins, as an upsert does)
        // but counted once.
        let new = self.seen.insert(id.into());
        self.repeated += u64::from(!new);
        let to_be_deleted = fields.string(self.plan.status).is_some_and(|s| s == "tobedeleted" || s == "inactive");
        let upsert = &mut self.sql.upsert;
        upsert.raw_bind_parameter(1, self.connection_id)?;
        upsert.raw_bind_parameter(2, id)?;
        upsert.raw_bind_parameter(3, to_be_deleted)?;
        upsert.raw_bind_parameter(4, json)?;
        for (i, slot) in self.plan.columns.iter().enumerate() {
            upsert.raw_bind_parameter(i + 5, fields.first(*slot))?;
        }
        let before = self.tx.last_insert_rowid();
        upsert.raw_execute()?;
        self.written += u64::from(new);
        if self.sql.links.is_empty() && self.sql.fts.is_none() {
            return Ok(new);
        }
        // An insert sets last_insert_rowid and an update (the ON CONFLICT branch) leaves it: a new
        // value is the new row's, which has no links or full-text entry yet. Otherwise (an update,
        // or a new rowid equal to the old value by chance) look the rowid up and forget the old
        // links and entry.
        let after = self.tx.last_insert_rowid();
        let inserted = after != before;
        let rowid = match inserted {
            true => after,
            false => self.sql.rowid.query_row(params![self.connection_id, id], |r| r.get(0))?,
        };
        for ((delete, insert), slot) in self.sql.links.iter_mut().zip(&self.plan.links) {
            if !inserted {
                delete.execute(params![self.connection_id, id])?;
            }
            for target in fields.all(*slot) {
                insert.execute(params![self.connection_id, id, target])?;
            }
        }
        if let Some((delete, insert)) = &mut self.sql.fts {
            if !inserted {
                delete.execute([rowid])?;
            }
            let mut text = String::new();
            for (n, value) in self.plan.search.iter().flat_map(|slot| fields.all(*slot)).enumerate() {
                if n > 0 {
                    text.push(' ');
                }
                text.push_str(value);
            }
            insert.execute(params![rowid, text])?;
        }
        Ok(new)
    }

    /// Removes one record (incremental syncs of deletions, bulk imports' records no longer
    /// listed); the statements are prepared once per connection and reused.
    pub fn remove(&mut self, id: &str) -> Result<bool, StoreError> {
        let t = self.spec.table;
        if !self.spec.search.is_empty() {
            self.tx
                .prepare_cached(&format!(
                    "DELETE FROM {t}_fts WHERE rowid IN (SELECT rowid FROM {t} WHERE connection_id = ?1 AND id = ?2)"
                ))?
                .execute(params![self.connection_id, id])?;
        }
        let mut delete = self.tx.prepare_cached(&format!("DELETE FROM {t} WHERE connection_id = ?1 AND id = ?2"))?;
        Ok(delete.execute(params![self.connection_id, id])? > 0)
    }

    /// How many records came again after one with the same identifier (written again, the
    /// last copy winning, but not counted).
    pub fn repeated(&self) -> u64 {
        self.repeated
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
            self.tx
                .prepare_cached(&format!(
                    "DELETE FROM {t}_fts WHERE rowid IN (SELECT rowid FROM {t} WHERE connection_id = ?1 AND {column} = ?2)"
                ))?
                .execute(params![self.connection_id, value])?;
        }
        let mut delete =
            self.tx.prepare_cached(&format!("DELETE FROM {t} WHERE connection_id = ?1 AND {column} = ?2"))?;
        Ok(delete.execute(params![self.connection_id, value])?)
    }
}

/// Text given as a record that is not JSON: it cannot go into the JSON column.
fn not_json(error: serde_json::Error) -> StoreError {
    StoreError::Sqlite(rusqlite::Error::ToSqlConversionFailure(Box::new(error)))
}
