//! The gradebook outbox: every write (PUT, POST, DELETE) is stored here, in its own committed
//! transaction, before it is sent; its state then moves pending → sending → sent (or back to
//! pending with the last error when the server could not be reached or failed, or to failed
//! with the server's refusal). Rows are never deleted: a discarded write stays, so the table
//! is also the audit of every write made from this computer.

mod migration;

pub(crate) use migration::OUTBOX;

use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::error::StoreError;

/// Where a write stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WriteState {
    /// Stored, not sent yet (or sent and answered with an error worth trying again).
    Pending,
    /// Being sent: found so at start, the process stopped while it was on the wire.
    Sending,
    /// The server accepted it.
    Sent,
    /// The server refused it; it waits to be edited, retried or discarded.
    Failed,
    /// The user gave it up; kept for the audit.
    Discarded,
}

impl WriteState {
    /// The word stored.
    pub fn as_str(self) -> &'static str {
        match self {
            WriteState::Pending => "pending",
            WriteState::Sending => "sending",
            WriteState::Sent => "sent",
            WriteState::Failed => "failed",
            WriteState::Discarded => "discarded",
        }
    }

    /// The state a stored word names.
    pub fn parse(word: &str) -> Option<WriteState> {
        Some(match word {
            "pending" => WriteState::Pending,
            "sending" => WriteState::Sending,
            "sent" => WriteState::Sent,
            "failed" => WriteState::Failed,
            "discarded" => WriteState::Discarded,
            _ => return None,
        })
    }

    /// Whether the write has not reached the server yet (pending, sending or failed).
    pub fn is_unsent(self) -> bool {
        matches!(self, WriteState::Pending | WriteState::Sending | WriteState::Failed)
    }
}

/// A write to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewWrite {
    /// `PUT`, `POST` or `DELETE`.
    pub method: String,
    /// The operation's name (`putResult`).
    pub operation: String,
    /// The path parameters, as a JSON array of strings.
    pub params: String,
    /// The collection written (`results`).
    pub collection: String,
    /// The record's sourcedId (for a POST, the class or line item posted to).
    pub record_id: String,
    /// What the write is, in words (`Result: Ada Lovelace, Quiz 1`).
    pub label: String,
    /// The request body (JSON), if any.
    pub body: Option<String>,
    /// The record as cached before the write (JSON), if it was.
    pub before: Option<String>,
}

/// A stored write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEntry {
    /// Its number, in the order writes were made.
    pub id: i64,
    /// The connection it goes to.
    pub connection_id: i64,
    /// What it is.
    pub write: NewWrite,
    /// Where it stands.
    pub state: WriteState,
    /// How many times it was put on the wire.
    pub attempts: u32,
    /// Why the last attempt failed (JSON the explorer wrote), if it did.
    pub error: Option<String>,
    /// The record as the server held it after the write (JSON), once read back.
    pub after: Option<String>,
    /// A POST's answer (the identifier pairs, JSON).
    pub answer: Option<String>,
    /// When it was stored (RFC 3339).
    pub created_at: String,
    /// When its state last changed.
    pub updated_at: String,
    /// When the server accepted it.
    pub sent_at: Option<String>,
}

const COLUMNS: &str = "id, connection_id, method, operation, params, collection, record_id, label, body, before, \
                       state, attempts, error, after, answer, created_at, updated_at, sent_at";

fn entry(row: &Row<'_>) -> rusqlite::Result<OutboxEntry> {
    let state: String = row.get(10)?;
    Ok(OutboxEntry {
        id: row.get(0)?,
        connection_id: row.get(1)?,
        write: NewWrite {
            method: row.get(2)?,
            operation: row.get(3)?,
            params: row.get(4)?,
            collection: row.get(5)?,
            record_id: row.get(6)?,
            label: row.get(7)?,
            body: row.get(8)?,
            before: row.get(9)?,
        },
        state: WriteState::parse(&state).unwrap_or(WriteState::Failed),
        attempts: row.get::<_, i64>(11)?.clamp(0, i64::from(u32::MAX)) as u32,
        error: row.get(12)?,
        after: row.get(13)?,
        answer: row.get(14)?,
        created_at: row.get(15)?,
        updated_at: row.get(16)?,
        sent_at: row.get(17)?,
    })
}

/// Stores a write as pending; its number.
pub fn add(conn: &Connection, connection_id: i64, write: &NewWrite, now: &str) -> Result<i64, StoreError> {
    conn.prepare_cached(
        "INSERT INTO outbox (connection_id, method, operation, params, collection, record_id, label, body, before,
                             state, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'pending', ?10, ?10)",
    )?
    .execute(params![
        connection_id,
        write.method,
        write.operation,
        write.params,
        write.collection,
        write.record_id,
        write.label,
        write.body,
        write.before,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

/// One stored write.
pub fn get(conn: &Connection, id: i64) -> Result<Option<OutboxEntry>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM outbox WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], entry).optional()?)
}

/// A connection's writes in the given states (every state when empty), oldest first.
pub fn list(conn: &Connection, connection_id: i64, states: &[WriteState]) -> Result<Vec<OutboxEntry>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM outbox WHERE connection_id = ?1 ORDER BY id");
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map([connection_id], entry)?;
    let mut out = Vec::new();
    for row in rows {
        let row = row?;
        if states.is_empty() || states.contains(&row.state) {
            out.push(row);
        }
    }
    Ok(out)
}

/// The newest write of `operation` to `record_id` that is pending and was never put on the
/// wire (a second edit of the record replaces its body instead of making another write).
pub fn waiting(
    conn: &Connection,
    connection_id: i64,
    operation: &str,
    record_id: &str,
) -> Result<Option<i64>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT id FROM outbox WHERE connection_id = ?1 AND record_id = ?2 AND operation = ?3
               AND state = 'pending' AND attempts = 0 ORDER BY id DESC LIMIT 1",
        )?
        .query_row(params![connection_id, record_id, operation], |r| r.get(0))
        .optional()?)
}

/// How many writes have not reached the server (pending, sending or failed), per connection
/// name, every connection.
pub fn unsent_counts(conn: &Connection) -> Result<Vec<(String, u64)>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT c.name, COUNT(*) FROM outbox o JOIN connections c ON c.id = o.connection_id
         WHERE o.state IN ('pending', 'sending', 'failed') GROUP BY c.name ORDER BY c.name",
    )?;
    let rows = statement.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?.max(0) as u64)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Whether a state change applied: the write exists and was in one of the states allowed.
fn changed(count: usize) -> bool {
    count == 1
}

/// Marks a pending (or sending) write as on the wire, counting the attempt. `false` when it
/// is in no state to be sent (another sender took it, or it was sent or discarded).
pub fn mark_sending(conn: &Connection, id: i64, now: &str) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ?2
             WHERE id = ?1 AND state IN ('pending', 'sending')",
        )?
        .execute(params![id, now])?;
    Ok(changed(n))
}

/// Marks a write as accepted, with the record read back and a POST's answer.
pub fn mark_sent(
    conn: &Connection,
    id: i64,
    now: &str,
    after: Option<&str>,
    answer: Option<&str>,
) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE outbox SET state = 'sent', error = NULL, after = ?3, answer = ?4, updated_at = ?2, sent_at = ?2
             WHERE id = ?1 AND state = 'sending'",
        )?
        .execute(params![id, now, after, answer])?;
    Ok(changed(n))
}

/// Puts a write (back) to pending with why the attempt failed (the server could not be reached,
/// or failed on its side): it goes out again later.
pub fn mark_pending(conn: &Connection, id: i64, now: &str, error: &str) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE outbox SET state = 'pending', error = ?3, updated_at = ?2
             WHERE id = ?1 AND state IN ('sending', 'pending')",
        )?
        .execute(params![id, now, error])?;
    Ok(changed(n))
}

/// Marks a write refused by the server, with the refusal.
pub fn mark_failed(conn: &Connection, id: i64, now: &str, error: &str) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE outbox SET state = 'failed', error = ?3, updated_at = ?2
             WHERE id = ?1 AND state IN ('sending', 'pending')",
        )?
        .execute(params![id, now, error])?;
    Ok(changed(n))
}

/// Puts a failed write back in line, unchanged or with a new body.
pub fn retry(conn: &Connection, id: i64, now: &str, body: Option<&str>) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE outbox SET state = 'pending', body = COALESCE(?3, body), updated_at = ?2
             WHERE id = ?1 AND state IN ('failed', 'pending')",
        )?
        .execute(params![id, now, body])?;
    Ok(changed(n))
}

/// Gives up a write that has not been sent (pending or failed); it stays for the audit.
pub fn discard(conn: &Connection, id: i64, now: &str) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE outbox SET state = 'discarded', updated_at = ?2 WHERE id = ?1 AND state IN ('pending', 'failed')",
        )?
        .execute(params![id, now])?;
    Ok(changed(n))
}

/// Replaces the body of a write not yet on the wire (a second edit of the same cell before the
/// first went out). `false` when it is no longer pending.
pub fn replace_pending_body(conn: &Connection, id: i64, now: &str, body: &str) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE outbox SET body = ?3, updated_at = ?2 WHERE id = ?1 AND state IN ('pending', 'failed')",
        )?
        .execute(params![id, now, body])?;
    Ok(changed(n))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn cache() -> Connection {
        let mut conn = crate::open_in_memory().unwrap();
        crate::cache::prepare(&mut conn).unwrap();
        crate::cache::connection_id(&conn, "sis", "https://sis.example").unwrap();
        conn
    }

    fn put(id: &str) -> NewWrite {
        NewWrite {
            method: "PUT".into(),
            operation: "putResult".into(),
            params: format!("[\"{id}\"]"),
            collection: "results".into(),
            record_id: id.into(),
            label: format!("Result {id}"),
            body: Some("{\"result\":{}}".into()),
            before: None,
        }
    }

    #[test]
    fn a_write_moves_through_its_states_and_stays_for_the_audit() {
        let conn = cache();
        let id = add(&conn, 1, &put("r1"), "2026-01-01T00:00:00Z").unwrap();
        assert_eq!(list(&conn, 1, &[WriteState::Pending]).unwrap().len(), 1);
        assert!(mark_sending(&conn, id, "t1").unwrap());
        assert!(mark_pending(&conn, id, "t2", "{\"code\":\"offline\"}").unwrap());
        assert!(mark_sending(&conn, id, "t3").unwrap());
        assert!(mark_sent(&conn, id, "t4", Some("{}"), None).unwrap());
        assert!(!mark_sending(&conn, id, "t5").unwrap(), "a sent write is not sent again");
        assert!(!discard(&conn, id, "t5").unwrap());
        let row = get(&conn, id).unwrap().unwrap();
        assert_eq!(
            (row.state, row.attempts, row.error, row.sent_at.as_deref()),
            (WriteState::Sent, 2, None, Some("t4"))
        );
        assert_eq!(unsent_counts(&conn).unwrap(), Vec::<(String, u64)>::new());
    }

    #[test]
    fn failed_writes_are_retried_edited_or_discarded() {
        let conn = cache();
        let a = add(&conn, 1, &put("a"), "t0").unwrap();
        let b = add(&conn, 1, &put("b"), "t0").unwrap();
        for id in [a, b] {
            mark_sending(&conn, id, "t1").unwrap();
            mark_failed(&conn, id, "t1", "{\"code\":\"server\"}").unwrap();
        }
        assert_eq!(unsent_counts(&conn).unwrap(), vec![("sis".to_owned(), 2)]);
        assert!(retry(&conn, a, "t2", Some("{\"result\":{\"score\":1}}")).unwrap());
        assert!(discard(&conn, b, "t2").unwrap());
        let rows = list(&conn, 1, &[]).unwrap();
        assert_eq!(rows.iter().map(|r| r.state).collect::<Vec<_>>(), [WriteState::Pending, WriteState::Discarded]);
        assert_eq!(rows[0].write.body.as_deref(), Some("{\"result\":{\"score\":1}}"));
        assert_eq!(unsent_counts(&conn).unwrap(), vec![("sis".to_owned(), 1)]);
    }

    #[test]
    fn the_state_column_refuses_unknown_words() {
        let conn = cache();
        let id = add(&conn, 1, &put("a"), "t0").unwrap();
        assert!(conn.execute("UPDATE outbox SET state = 'lost' WHERE id = ?1", [id]).is_err());
    }
}
