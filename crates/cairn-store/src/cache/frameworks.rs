//! What the app's framework explorer reads across connections: every cached CFDocument with its
//! item count, full-text search over the items of every connection, and where items are cached.

use rusqlite::{Connection, params};

use crate::error::StoreError;

use super::search::fts_query;

/// A cached framework document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentRow {
    /// The connection's name.
    pub connection: String,
    /// The connection's base URL (`file:` for imports).
    pub base_url: String,
    /// The CFDocument identifier.
    pub id: String,
    /// The document's JSON.
    pub json: String,
    /// Items cached under the document.
    pub items: u32,
}

/// Every cached CFDocument of every connection (records marked to be deleted left out), by
/// connection name.
pub fn documents(conn: &Connection) -> Result<Vec<DocumentRow>, StoreError> {
    let mut statement = conn.prepare(
        "SELECT c.name, c.base_url, d.id, d.json,
                (SELECT COUNT(*) FROM cf_items i
                  WHERE i.connection_id = d.connection_id AND i.document_id = d.id AND i.to_be_deleted = 0)
           FROM cf_documents d JOIN connections c ON c.id = d.connection_id
          WHERE d.to_be_deleted = 0
          ORDER BY c.name, d.rowid",
    )?;
    let rows = statement.query_map([], |r| {
        Ok(DocumentRow {
            connection: r.get(0)?,
            base_url: r.get(1)?,
            id: r.get(2)?,
            json: r.get(3)?,
            items: r.get::<_, i64>(4)?.clamp(0, i64::from(u32::MAX)) as u32,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// An item found by [`search_items`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemHit {
    /// The connection's name.
    pub connection: String,
    /// The item's CFDocument identifier, when the cache knows it.
    pub document: Option<String>,
    /// The item's identifier.
    pub id: String,
    /// The item's JSON.
    pub json: String,
}

/// Items of every connection matching `words` (each word a prefix, diacritics ignored), best
/// first, at most `limit`.
pub fn search_items(conn: &Connection, words: &str, limit: u32) -> Result<Vec<ItemHit>, StoreError> {
    Ok(search_items_until(conn, words, limit, &mut |_| false)?.unwrap_or_default())
}

/// [`search_items`], calling `stop` with the count of hits read after each one: `None` (and
/// the rest left unread) as soon as it answers `true`.
pub fn search_items_until(
    conn: &Connection,
    words: &str,
    limit: u32,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Result<Option<Vec<ItemHit>>, StoreError> {
    let Some(query) = fts_query(words) else { return Ok(Some(Vec::new())) };
    let mut statement = conn.prepare_cached(
        "SELECT c.name, t.document_id, t.id, t.json
           FROM cf_items_fts f JOIN cf_items t ON t.rowid = f.rowid JOIN connections c ON c.id = t.connection_id
          WHERE cf_items_fts MATCH ?1 AND t.to_be_deleted = 0
          ORDER BY f.rank LIMIT ?2",
    )?;
    let mut rows = statement.query(params![query, limit])?;
    let mut hits = Vec::new();
    while let Some(r) = rows.next()? {
        hits.push(ItemHit { connection: r.get(0)?, document: r.get(1)?, id: r.get(2)?, json: r.get(3)? });
        if stop(hits.len() as u64) {
            return Ok(None);
        }
    }
    Ok(Some(hits))
}

/// Where the item `id` is cached: `(connection name, CFDocument identifier)` for each copy.
pub fn locate_item(conn: &Connection, id: &str) -> Result<Vec<(String, String)>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT c.name, t.document_id FROM cf_items t JOIN connections c ON c.id = t.connection_id
          WHERE t.id = ?1 AND t.document_id IS NOT NULL AND t.to_be_deleted = 0 ORDER BY c.name",
    )?;
    let rows = statement.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
