//! [`StagedCollection`]: a collection's records as they arrive (from the network, from a
//! file), kept as their JSON text in a private temporary database outside the cache — SQLite
//! spills it to a temporary file, so a collection is never held in memory whole — until it is
//! complete and can be swapped into the cache in one short write transaction. Nothing is locked
//! in the cache while a collection is staged.

use std::sync::mpsc::sync_channel;

use cairn_spec::Collection;
use rusqlite::Connection;

use super::prepared::PreparedRecords;
use super::writer::CollectionWriter;
use crate::error::StoreError;

/// Records read back and prepared for the writer at a time.
const BATCH: usize = 1_000;

/// The page cache of a staging database, in KiB.
const STAGING_CACHE_KIB: i64 = 256;

/// Batches prepared ahead of the writer at most.
const BATCHES_AHEAD: usize = 4;

/// A collection's records, staged in order.
pub struct StagedCollection {
    conn: Connection,
    collection: Collection,
    records: u64,
}

impl std::fmt::Debug for StagedCollection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StagedCollection")
            .field("collection", &self.collection)
            .field("records", &self.records)
            .finish_non_exhaustive()
    }
}

impl StagedCollection {
    /// An empty staging area for `collection` (a private temporary database, deleted when
    /// dropped).
    pub fn new(collection: Collection) -> Result<StagedCollection, StoreError> {
        // An empty file name: a private, temporary on-disk database that SQLite deletes when
        // the connection closes.
        let conn = Connection::open("")?;
        conn.pragma_update(None, "journal_mode", "OFF")?;
        conn.pragma_update(None, "synchronous", "OFF")?;
        // Written once in order and read once in order: a small page cache is enough, and a
        // sync keeps a staging area per collection waiting for the writer (SQLite's default
        // of 2 MiB each added up to tens of megabytes).
        conn.pragma_update(None, "cache_size", -STAGING_CACHE_KIB)?;
        conn.execute_batch("CREATE TABLE staged (json TEXT NOT NULL)")?;
        Ok(StagedCollection { conn, collection, records: 0 })
    }

    /// The collection staged.
    pub fn collection(&self) -> Collection {
        self.collection
    }

    /// Records staged so far.
    pub fn len(&self) -> u64 {
        self.records
    }

    /// Whether nothing was staged.
    pub fn is_empty(&self) -> bool {
        self.records == 0
    }

    /// Stages records given as their JSON text (a page), after those staged before.
    pub fn stage<'a>(&mut self, records: impl IntoIterator<Item = &'a str>) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        let mut staged = 0;
        {
            let mut insert = tx.prepare_cached("INSERT INTO staged (json) VALUES (?1)")?;
            for record in records {
                insert.execute([record])?;
                staged += 1;
            }
        }
        tx.commit()?;
        self.records += staged;
        Ok(())
    }

    /// Writes every staged record with `writer`, in the order staged, as
    /// [`CollectionWriter::put_prepared`] would; returns how many were written. The records
    /// are read back and prepared on a second thread while the writer writes, so the caller's
    /// transaction lasts about as long as SQLite takes to write them.
    pub fn write_to(self, writer: &mut CollectionWriter<'_>) -> Result<u64, StoreError> {
        let StagedCollection { conn, collection, .. } = self;
        std::thread::scope(|scope| {
            let (sender, batches) = sync_channel::<PreparedRecords>(BATCHES_AHEAD);
            let reader = scope.spawn(move || -> Result<(), StoreError> {
                let mut statement = conn.prepare("SELECT json FROM staged ORDER BY rowid")?;
                let mut rows = statement.query([])?;
                let mut batch: Vec<String> = Vec::with_capacity(BATCH);
                let send = |batch: &mut Vec<String>| {
                    let prepared = PreparedRecords::new(collection, batch.iter().map(String::as_str));
                    batch.clear();
                    // The writer stopped (its error says why): stop reading.
                    sender.send(prepared).is_ok()
                };
                while let Some(row) = rows.next()? {
                    batch.push(row.get(0)?);
                    if batch.len() == BATCH && !send(&mut batch) {
                        return Ok(());
                    }
                }
                if !batch.is_empty() {
                    send(&mut batch);
                }
                Ok(())
            });
            let mut written = 0;
            for prepared in batches {
                written += writer.put_prepared(prepared)?;
            }
            reader.join().map_err(|_| StoreError::Worker("the staging reader panicked".into()))??;
            Ok(written)
        })
    }
}
