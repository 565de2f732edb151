//! Opening connections: every connection gets the same pragmas and the Unicode collation,
//! so that `ORDER BY x COLLATE unicode` means the same thing everywhere.

use std::path::Path;
use std::time::Duration;

use cairn_query::Collation;
use rusqlite::{Connection, OpenFlags};

use crate::error::StoreError;

/// The name of the Unicode Collation Algorithm collation (case-insensitive, accent-sensitive)
/// registered on every connection.
pub const COLLATION: &str = "unicode";

/// Opens (creating if needed) the database at `path` in WAL mode with foreign keys on.
pub fn open(path: &Path) -> Result<Connection, StoreError> {
    open_with_page_size(path, None)
}

/// Opens (creating if needed) the database at `path` like [`open`]; a database it creates gets
/// pages of `page_size` bytes (an existing one keeps its own).
pub(crate) fn open_with_page_size(path: &Path, page_size: Option<u32>) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    if let Some(size) = page_size {
        // Only takes effect before the first write (switching to WAL writes the header).
        conn.pragma_update(None, "page_size", size)?;
    }
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    // A sync writes a whole collection in one transaction: a page cache of 32 MiB holds the
    // indexes' hot pages while the rows stream through (the default is 2 MiB). Measured on the
    // district demo over loopback, 64 MiB added ~50 MB to a first sync's peak memory and no
    // speed (80,319 records/s with 32 MiB, 74,402 with 64 in the same session).
    conn.pragma_update(None, "cache_size", -32_768)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    configure(&conn)?;
    Ok(conn)
}

/// Opens a private in-memory database (tests, scratch work).
pub fn open_in_memory() -> Result<Connection, StoreError> {
    let conn = Connection::open_in_memory()?;
    configure(&conn)?;
    Ok(conn)
}

/// How long a connection waits for another connection's write lock before giving up with
/// "database is locked". Writers hold it only for short transactions (a sync stages its pages
/// outside it), so reaching this means something is wrong.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Sets up a connection opened some other way (a pool's, a test's) like every connection
/// [`open`] gives: the busy timeout, foreign keys and the [`COLLATION`].
pub fn configure(conn: &Connection) -> Result<(), StoreError> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    let collation = Collation::get();
    conn.create_collation(COLLATION, move |a, b| collation.compare(a, b))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_by_follows_the_unicode_collation() {
        let conn = open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('f'), ('B'), ('é'), ('a'), ('e');")
            .unwrap();
        let mut stmt = conn.prepare("SELECT name FROM t ORDER BY name COLLATE unicode, name").unwrap();
        let names: Vec<String> = stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        assert_eq!(names, ["a", "B", "e", "é", "f"]);
    }

    #[test]
    fn a_page_size_applies_to_new_files_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        let page = |conn: &Connection| conn.pragma_query_value(None, "page_size", |r| r.get::<_, i64>(0)).unwrap();
        let conn = open_with_page_size(&path, Some(16_384)).unwrap();
        conn.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);").unwrap();
        assert_eq!(page(&conn), 16_384);
        drop(conn);
        assert_eq!(page(&open_with_page_size(&path, Some(4_096)).unwrap()), 16_384, "an existing file keeps its pages");
        let mode: String = open(&path).unwrap().pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
        assert_eq!(mode, "wal");
        assert_eq!(page(&open(&dir.path().join("other.sqlite")).unwrap()), 4_096, "open keeps SQLite's default");
    }

    #[test]
    fn files_use_wal_and_foreign_keys() {
        let dir = tempfile::tempdir().unwrap();
        let conn = open(&dir.path().join("cache.sqlite")).unwrap();
        let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
        let fk: i64 = conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).unwrap();
        assert_eq!((mode.as_str(), fk), ("wal", 1));
    }
}
