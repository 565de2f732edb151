//! The record reads the explorer's views and exports make, as functions: a framework's
//! document, items and associations in cached order, every record of a collection (whole or
//! streamed), the metadata keys of a collection, association ends for the crosswalk, and
//! document titles. Each statement is prepared once per connection (`prepare_cached`).

use cairn_spec::Collection;
use rusqlite::{Connection, params};

use super::tables::spec;
use crate::error::StoreError;

/// A record's identifier and its JSON as cached.
pub type RecordRow = (String, String);

/// A connection holding a cached CFDocument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentHolder {
    /// The connection's id.
    pub connection_id: i64,
    /// The connection's name.
    pub connection: String,
    /// The document's JSON.
    pub json: String,
}

/// Every connection (only `connection` when given) that cached the CFDocument `document`, by
/// connection name.
pub fn document_holders(
    conn: &Connection,
    document: &str,
    connection: Option<i64>,
) -> Result<Vec<DocumentHolder>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT d.connection_id, c.name, d.json FROM cf_documents d JOIN connections c ON c.id = d.connection_id
         WHERE d.id = ?1 AND (?2 IS NULL OR d.connection_id = ?2) ORDER BY c.name",
    )?;
    let rows = statement.query_map(params![document, connection], |r| {
        Ok(DocumentHolder { connection_id: r.get(0)?, connection: r.get(1)?, json: r.get(2)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The items cached under the CFDocument `document` (none marked to be deleted), in cached order.
pub fn document_items(conn: &Connection, connection_id: i64, document: &str) -> Result<Vec<RecordRow>, StoreError> {
    rows(
        conn,
        "SELECT id, json FROM cf_items WHERE connection_id = ?1 AND document_id = ?2 AND to_be_deleted = 0
         ORDER BY rowid",
        connection_id,
        document,
    )
}

/// The associations of the CFDocument `document` (none marked to be deleted), in cached order:
/// those cached under it, and those under no document whose origin or destination is the
/// document or one of its items.
pub fn document_associations(
    conn: &Connection,
    connection_id: i64,
    document: &str,
) -> Result<Vec<RecordRow>, StoreError> {
    rows(
        conn,
        "SELECT id, json FROM cf_associations WHERE connection_id = ?1 AND to_be_deleted = 0 AND (document_id = ?2
         OR (document_id IS NULL AND (origin_id = ?2 OR destination_id = ?2
             OR origin_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2)
             OR destination_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2))))
         ORDER BY rowid",
        connection_id,
        document,
    )
}

/// The `isChildOf` associations of other documents whose origin (the child) is an item of
/// the CFDocument `document`, in cached order.
pub fn child_links_from_other_documents(
    conn: &Connection,
    connection_id: i64,
    document: &str,
) -> Result<Vec<RecordRow>, StoreError> {
    rows(
        conn,
        "SELECT id, json FROM cf_associations WHERE connection_id = ?1 AND type = 'isChildOf'
         AND document_id IS NOT NULL AND document_id <> ?2
         AND origin_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2)
         ORDER BY rowid",
        connection_id,
        document,
    )
}

fn rows(conn: &Connection, sql: &str, connection_id: i64, document: &str) -> Result<Vec<RecordRow>, StoreError> {
    let mut statement = conn.prepare_cached(sql)?;
    let rows = statement.query_map(params![connection_id, document], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every record of `collection` for a connection, in cached order.
pub fn records(conn: &Connection, connection_id: i64, collection: Collection) -> Result<Vec<RecordRow>, StoreError> {
    let mut out = Vec::new();
    each_record(conn, connection_id, collection, |id, json| {
        out.push((id, json));
        Ok::<_, StoreError>(())
    })?;
    Ok(out)
}

/// Hands every record of `collection` for a connection to `each`, in cached order, one at a
/// time (a collection is never held whole); stops at the first error `each` answers.
pub fn each_record<E: From<StoreError>>(
    conn: &Connection,
    connection_id: i64,
    collection: Collection,
    mut each: impl FnMut(String, String) -> Result<(), E>,
) -> Result<(), E> {
    let sql = format!("SELECT id, json FROM {} WHERE connection_id = ?1 ORDER BY rowid", spec(collection).table);
    let mut statement = conn.prepare_cached(&sql).map_err(StoreError::from)?;
    let mut rows = statement.query([connection_id]).map_err(StoreError::from)?;
    while let Some(row) = rows.next().map_err(StoreError::from)? {
        let (id, json) = (row.get(0).map_err(StoreError::from)?, row.get(1).map_err(StoreError::from)?);
        each(id, json)?;
    }
    Ok(())
}

/// The keys of the `metadata` objects of the records of `collection` for a connection, in order
/// of first appearance.
pub fn metadata_keys(conn: &Connection, connection_id: i64, collection: Collection) -> Result<Vec<String>, StoreError> {
    let table = spec(collection).table;
    let mut statement = conn.prepare_cached(&format!(
        "SELECT j.key FROM {table} AS t, json_each(t.json, '$.metadata') AS j
         WHERE t.connection_id = ?1 AND typeof(j.key) = 'text' ORDER BY t.rowid, j.id"
    ))?;
    let mut rows = statement.query([connection_id])?;
    let mut keys: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while let Some(row) = rows.next()? {
        let key: String = row.get(0)?;
        if seen.insert(key.clone()) {
            keys.push(key);
        }
    }
    Ok(keys)
}

/// An association's ends, read from its relation columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssociationEnds {
    /// Its row (for [`association_at`]).
    pub rowid: i64,
    /// Its identifier.
    pub id: String,
    /// The origin's identifier.
    pub origin: String,
    /// The destination's identifier.
    pub destination: String,
}

/// The ends of every association of a connection with both ends named (none marked to be
/// deleted), filed under any CFDocument but those of `besides` (or under none), in cached order
/// within each document; no JSON is read. Each document's associations are found through the
/// index on `document_id`, so a framework's own thousands of associations are never scanned.
pub fn association_ends(
    conn: &Connection,
    connection_id: i64,
    besides: &[&str],
) -> Result<Vec<AssociationEnds>, StoreError> {
    let mut documents = conn.prepare_cached(
        "SELECT DISTINCT document_id FROM cf_associations WHERE connection_id = ?1 ORDER BY document_id",
    )?;
    let documents: Vec<Option<String>> =
        documents.query_map([connection_id], |r| r.get(0))?.collect::<Result<_, _>>()?;
    let mut statement = conn.prepare_cached(
        "SELECT rowid, id, origin_id, destination_id FROM cf_associations
         WHERE connection_id = ?1 AND document_id IS ?2 AND to_be_deleted = 0
           AND origin_id IS NOT NULL AND destination_id IS NOT NULL
         ORDER BY rowid",
    )?;
    let mut ends = Vec::new();
    for document in documents.iter().filter(|d| !d.as_deref().is_some_and(|d| besides.contains(&d))) {
        let rows = statement.query_map(rusqlite::params![connection_id, document], |r| {
            Ok(AssociationEnds { rowid: r.get(0)?, id: r.get(1)?, origin: r.get(2)?, destination: r.get(3)? })
        })?;
        for row in rows {
            ends.push(row?);
        }
    }
    Ok(ends)
}

/// The association at `rowid`: its identifier, CFDocument and JSON.
pub fn association_at(conn: &Connection, rowid: i64) -> Result<(String, Option<String>, String), StoreError> {
    let mut statement = conn.prepare_cached("SELECT id, document_id, json FROM cf_associations WHERE rowid = ?1")?;
    Ok(statement.query_row([rowid], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?)
}

/// The identifier and title of every CFDocument of a connection, by title then identifier.
pub fn document_titles(conn: &Connection, connection_id: i64) -> Result<Vec<(String, Option<String>)>, StoreError> {
    let mut statement =
        conn.prepare_cached("SELECT id, title FROM cf_documents WHERE connection_id = ?1 ORDER BY title, id")?;
    let rows = statement.query_map([connection_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
