//! Saved connections: a name, a base URL and the settings as JSON (never a secret: the caller
//! keeps those in the OS keyring), and removing a connection with everything cached for it —
//! never its unsent gradebook changes unless the caller says they may go.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::StoreError;

use super::tables::TABLES;

/// The settings column of a connection that was never saved (one a sync or an import made).
pub const NO_SETTINGS: &str = "{}";

/// One row of the `connections` table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionRow {
    /// The row id records refer to.
    pub id: i64,
    /// The unique name.
    pub name: String,
    /// The provider's base URL (`file:` for imports).
    pub base_url: String,
    /// The settings as JSON; [`NO_SETTINGS`] when never saved.
    pub settings: String,
}

/// Every connection, by name.
pub fn connections(conn: &Connection) -> Result<Vec<ConnectionRow>, StoreError> {
    let mut statement = conn.prepare("SELECT id, name, base_url, settings FROM connections ORDER BY name, id")?;
    let rows = statement.query_map([], row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The connection called `name`: the one lookup of a connection by name (every other one —
/// its id, whether it exists, removing it — goes through this).
pub fn connection(conn: &Connection, name: &str) -> Result<Option<ConnectionRow>, StoreError> {
    let mut statement = conn.prepare_cached("SELECT id, name, base_url, settings FROM connections WHERE name = ?1")?;
    Ok(statement.query_row([name], row).optional()?)
}

/// Creates the connection called `name`, or replaces its base URL and settings; returns its id.
/// Records already cached under the name stay.
pub fn save_connection(conn: &Connection, name: &str, base_url: &str, settings: &str) -> Result<i64, StoreError> {
    Ok(conn.query_row(
        "INSERT INTO connections (name, base_url, settings) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO UPDATE SET base_url = excluded.base_url, settings = excluded.settings
         RETURNING id",
        params![name, base_url, settings],
        |r| r.get(0),
    )?)
}

/// Gives the connection `id` a new name, base URL and settings (its records stay under it).
pub fn update_connection(
    conn: &Connection,
    id: i64,
    name: &str,
    base_url: &str,
    settings: &str,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE connections SET name = ?2, base_url = ?3, settings = ?4 WHERE id = ?1")?
        .execute(params![id, name, base_url, settings])?;
    Ok(())
}

/// How many records, of every collection, are cached for the connection `id`.
pub fn record_count(conn: &Connection, id: i64) -> Result<u64, StoreError> {
    let mut total = 0u64;
    for spec in TABLES {
        let n: i64 = conn
            .prepare_cached(&format!("SELECT COUNT(*) FROM {} WHERE connection_id = ?1", spec.table))?
            .query_row([id], |r| r.get(0))?;
        total += n.max(0) as u64;
    }
    Ok(total)
}

/// The name of the connection with the id `id`.
pub fn connection_name(conn: &Connection, id: i64) -> Result<Option<String>, StoreError> {
    let mut statement = conn.prepare_cached("SELECT name FROM connections WHERE id = ?1")?;
    Ok(statement.query_row([id], |r| r.get(0)).optional()?)
}

/// What removing a connection does with its gradebook changes that have not reached the
/// server (pending, sending or failed outbox rows, which go with the connection).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnsentChanges {
    /// Refuse to remove a connection that has any: [`StoreError::UnsentChanges`] says how many
    /// and where.
    Refuse,
    /// The user confirmed they may be lost.
    Discard,
}

/// [`StoreError::UnsentChanges`] when any connection (or only the one called `name`) has
/// gradebook changes the server has not received.
pub fn refuse_unsent(conn: &Connection, name: Option<&str>) -> Result<(), StoreError> {
    let connections: Vec<(String, u64)> = super::outbox::unsent_counts(conn)?
        .into_iter()
        .filter(|(n, count)| *count > 0 && name.is_none_or(|name| n == name))
        .collect();
    match connections.is_empty() {
        true => Ok(()),
        false => Err(StoreError::UnsentChanges { connections }),
    }
}

/// Deletes the connection called `name` with its records, links, search entries, journal and
/// outbox; returns whether it existed. With [`UnsentChanges::Refuse`] a connection holding
/// unsent gradebook changes stays as it was. Run it in a transaction to make it all or nothing.
pub fn remove_connection(conn: &Connection, name: &str, unsent: UnsentChanges) -> Result<bool, StoreError> {
    let Some(ConnectionRow { id, .. }) = connection(conn, name)? else {
        return Ok(false);
    };
    if unsent == UnsentChanges::Refuse {
        refuse_unsent(conn, Some(name))?;
    }
    // The full-text tables are contentless: no foreign key reaches them.
    for spec in TABLES.iter().filter(|spec| !spec.search.is_empty()) {
        let t = spec.table;
        conn.prepare_cached(&format!(
            "DELETE FROM {t}_fts WHERE rowid IN (SELECT rowid FROM {t} WHERE connection_id = ?1)"
        ))?
        .execute([id])?;
    }
    // Records, link tables, the journal and the outbox go by ON DELETE CASCADE.
    conn.prepare_cached("DELETE FROM connections WHERE id = ?1")?.execute([id])?;
    Ok(true)
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ConnectionRow> {
    Ok(ConnectionRow { id: r.get(0)?, name: r.get(1)?, base_url: r.get(2)?, settings: r.get(3)? })
}
