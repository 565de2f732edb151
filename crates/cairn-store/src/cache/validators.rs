//! The `ETag` and `Last-Modified` a server sent for a resource (a framework package, a
//! collection read in one page), sent back as `If-None-Match` / `If-Modified-Since` by the
//! next sync.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::StoreError;

/// A resource's validators as the server sent them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Validators {
    /// `ETag`.
    pub etag: Option<String>,
    /// `Last-Modified`.
    pub last_modified: Option<String>,
}

impl Validators {
    /// Whether neither was sent.
    pub fn is_empty(&self) -> bool {
        self.etag.is_none() && self.last_modified.is_none()
    }
}

/// The validators kept for `resource`.
pub fn validators(conn: &Connection, connection_id: i64, resource: &str) -> Result<Option<Validators>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT etag, last_modified FROM http_validators WHERE connection_id = ?1 AND resource = ?2",
            params![connection_id, resource],
            |r| Ok(Validators { etag: r.get(0)?, last_modified: r.get(1)? }),
        )
        .optional()?)
}

/// Keeps `validators` for `resource` (forgets them when empty).
pub fn save_validators(
    conn: &Connection,
    connection_id: i64,
    resource: &str,
    validators: &Validators,
) -> Result<(), StoreError> {
    if validators.is_empty() {
        conn.execute(
            "DELETE FROM http_validators WHERE connection_id = ?1 AND resource = ?2",
            params![connection_id, resource],
        )?;
    } else {
        conn.execute(
            "INSERT INTO http_validators (connection_id, resource, etag, last_modified) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (connection_id, resource) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified",
            params![connection_id, resource, validators.etag, validators.last_modified],
        )?;
    }
    Ok(())
}
