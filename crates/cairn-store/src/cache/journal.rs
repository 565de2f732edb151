//! The sync journal: what ran, when, in which mode, how it ended, how many records, and why it
//! failed.

use rusqlite::{Connection, params};

use crate::error::StoreError;

/// How a sync of one collection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Written and swapped in.
    Complete,
    /// Failed; the previous data stands.
    Failed,
    /// Cancelled; the previous data stands.
    Cancelled,
    /// Refused by the server (403); the previous data stands.
    Forbidden,
}

impl Outcome {
    /// The word the journal stores.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Complete => "complete",
            Outcome::Failed => "failed",
            Outcome::Cancelled => "cancelled",
            Outcome::Forbidden => "forbidden",
        }
    }
}

/// One line of the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalEntry {
    /// The collection's name (`users`).
    pub collection: String,
    /// `full` or `incremental`.
    pub mode: String,
    /// When it started (RFC 3339).
    pub started_at: String,
    /// When it ended.
    pub finished_at: String,
    /// How it ended.
    pub outcome: String,
    /// Records written.
    pub records: u64,
    /// Why it failed, if it did.
    pub message: Option<String>,
}

/// Adds a line to the journal.
pub fn append(conn: &Connection, connection_id: i64, entry: &JournalEntry) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO sync_journal (connection_id, collection, mode, started_at, finished_at, outcome, records, message)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            connection_id,
            entry.collection,
            entry.mode,
            entry.started_at,
            entry.finished_at,
            entry.outcome,
            entry.records as i64,
            entry.message
        ],
    )?;
    Ok(())
}

/// The start of the last complete sync of a collection (for incremental syncs).
pub fn last_complete(conn: &Connection, connection_id: i64, collection: &str) -> Result<Option<String>, StoreError> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .query_row(
            "SELECT started_at FROM sync_journal WHERE connection_id = ?1 AND collection = ?2 AND outcome = ?3 ORDER BY id DESC LIMIT 1",
            params![connection_id, collection, Outcome::Complete.as_str()],
            |r| r.get(0),
        )
        .optional()?)
}

/// The records each collection had at its last complete full sync, by name: how large it is
/// on the server, as far as the cache knows (an incremental sync counts only what changed).
pub fn full_sync_sizes(conn: &Connection, connection_id: i64) -> Result<Vec<(String, u64)>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT j.collection, j.records FROM sync_journal j
          WHERE j.connection_id = ?1
            AND j.id = (SELECT MAX(k.id) FROM sync_journal k
                         WHERE k.connection_id = ?1 AND k.collection = j.collection
                           AND k.mode = 'full' AND k.outcome = ?2)",
    )?;
    let rows = statement.query_map(params![connection_id, Outcome::Complete.as_str()], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?.max(0) as u64))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Where a collection stands for a connection: its last sync and its last complete one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionStatus {
    /// The last journal line of the collection.
    pub last: JournalEntry,
    /// When its last complete sync ended (the data cached is from then), if one did.
    pub last_complete: Option<String>,
}

/// Every collection the journal knows for a connection, by name, with its last line and when
/// it last synced completely.
pub fn collection_statuses(conn: &Connection, connection_id: i64) -> Result<Vec<CollectionStatus>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT j.collection, j.mode, j.started_at, COALESCE(j.finished_at, ''), j.outcome, j.records, j.message,
                (SELECT k.finished_at FROM sync_journal k
                  WHERE k.connection_id = j.connection_id AND k.collection = j.collection AND k.outcome = 'complete'
                  ORDER BY k.id DESC LIMIT 1)
           FROM sync_journal j
          WHERE j.connection_id = ?1
            AND j.id = (SELECT MAX(m.id) FROM sync_journal m WHERE m.connection_id = ?1 AND m.collection = j.collection)
          ORDER BY j.id",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(CollectionStatus {
            last: JournalEntry {
                collection: r.get(0)?,
                mode: r.get(1)?,
                started_at: r.get(2)?,
                finished_at: r.get(3)?,
                outcome: r.get(4)?,
                records: r.get::<_, i64>(5)?.max(0) as u64,
                message: r.get(6)?,
            },
            last_complete: r.get(7)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

impl JournalEntry {
    /// An entry with an outcome.
    pub fn new(
        collection: &str,
        mode: &str,
        started_at: String,
        finished_at: String,
        outcome: Outcome,
        records: u64,
        message: Option<String>,
    ) -> Self {
        JournalEntry {
            collection: collection.to_owned(),
            mode: mode.to_owned(),
            started_at,
            finished_at,
            outcome: outcome.as_str().to_owned(),
            records,
            message,
        }
    }
}
