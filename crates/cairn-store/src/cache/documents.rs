//! The cached framework documents of a connection as a sync sees them: which are cached (with
//! title and `lastChangeDateTime`), which the server stopped listing and since when, and
//! removing a document with its items and associations (only when the user prunes).

use std::collections::HashSet;

use cairn_spec::Collection;
use rusqlite::{Connection, params};

use crate::error::StoreError;

use super::writer::{CollectionWriter, WriteMode};

/// One cached CFDocument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedDocument {
    /// Its identifier.
    pub id: String,
    /// Its title, if it has one.
    pub title: Option<String>,
    /// Its `lastChangeDateTime` as written.
    pub last_change: Option<String>,
    /// When a sync first found the server no longer listing it (`None` while it is listed).
    pub unlisted_since: Option<String>,
}

/// Every cached document of the connection, by identifier.
pub fn cached_documents(conn: &Connection, connection_id: i64) -> Result<Vec<CachedDocument>, StoreError> {
    let mut statement = conn.prepare(
        "SELECT id, title, last_change, unlisted_since FROM cf_documents WHERE connection_id = ?1 ORDER BY id",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(CachedDocument { id: r.get(0)?, title: r.get(1)?, last_change: r.get(2)?, unlisted_since: r.get(3)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The cached document `id` of the connection, if there is one.
pub fn cached_document(conn: &Connection, connection_id: i64, id: &str) -> Result<Option<CachedDocument>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT id, title, last_change, unlisted_since FROM cf_documents WHERE connection_id = ?1 AND id = ?2",
    )?;
    let mut rows = statement.query_map(params![connection_id, id], |r| {
        Ok(CachedDocument { id: r.get(0)?, title: r.get(1)?, last_change: r.get(2)?, unlisted_since: r.get(3)? })
    })?;
    Ok(rows.next().transpose()?)
}

/// Records which cached documents the server lists: those in `listed` lose their mark, the
/// others are marked as no longer listed since `now` (a mark already there keeps its time).
/// Returns the identifiers newly marked.
pub fn mark_listed(
    conn: &Connection,
    connection_id: i64,
    listed: &HashSet<String>,
    now: &str,
) -> Result<Vec<String>, StoreError> {
    let mut newly = Vec::new();
    let mut clear =
        conn.prepare_cached("UPDATE cf_documents SET unlisted_since = NULL WHERE connection_id = ?1 AND id = ?2")?;
    let mut mark = conn.prepare_cached(
        "UPDATE cf_documents SET unlisted_since = ?3 WHERE connection_id = ?1 AND id = ?2 AND unlisted_since IS NULL",
    )?;
    for document in cached_documents(conn, connection_id)? {
        if listed.contains(&document.id) {
            if document.unlisted_since.is_some() {
                clear.execute(params![connection_id, document.id])?;
            }
        } else if mark.execute(params![connection_id, document.id, now])? > 0 {
            newly.push(document.id);
        }
    }
    Ok(newly)
}

/// Removes the documents `ids` with their items and associations, inside the caller's
/// transaction; how many documents were removed.
pub fn remove_documents(tx: &rusqlite::Transaction<'_>, connection_id: i64, ids: &[String]) -> Result<u64, StoreError> {
    if ids.is_empty() {
        return Ok(0);
    }
    for collection in [Collection::CfItems, Collection::CfAssociations] {
        let mut writer = CollectionWriter::new(tx, connection_id, collection, WriteMode::Merge)?;
        for id in ids {
            writer.remove_where("document_id", id)?;
        }
    }
    let mut documents = CollectionWriter::new(tx, connection_id, Collection::CfDocuments, WriteMode::Merge)?;
    let mut removed = 0;
    for id in ids {
        removed += u64::from(documents.remove(id)?);
    }
    Ok(removed)
}
