//! Full-text search over framework items and users (FTS5, diacritics ignored).

use cairn_spec::Collection;
use rusqlite::{Connection, params};

use crate::error::StoreError;

use super::tables::spec;

/// One hit: the record's id and its JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchHit {
    /// The record's id.
    pub id: String,
    /// The record's JSON.
    pub json: String,
}

/// Records of `collection` (CFItems or users) of a connection matching `words`, best first.
/// Each word matches as a prefix; quotes and operators in `words` are taken literally.
pub fn search(
    conn: &Connection,
    connection_id: i64,
    collection: Collection,
    words: &str,
    limit: u32,
) -> Result<Vec<SearchHit>, StoreError> {
    let spec = spec(collection);
    if spec.search.is_empty() {
        return Ok(Vec::new());
    }
    let Some(query) = fts_query(words) else { return Ok(Vec::new()) };
    let t = spec.table;
    let sql = format!(
        "SELECT t.id, t.json FROM {t}_fts f JOIN {t} t ON t.rowid = f.rowid
         WHERE {t}_fts MATCH ?1 AND t.connection_id = ?2 ORDER BY f.rank LIMIT ?3"
    );
    let mut stmt = conn.prepare(&sql)?;
    let hits = stmt
        .query_map(params![query, connection_id, limit], |r| Ok(SearchHit { id: r.get(0)?, json: r.get(1)? }))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(hits)
}

/// The FTS5 query matching each word of `words` as a prefix, quotes and operators taken
/// literally; `None` when there is no word.
pub(crate) fn fts_query(words: &str) -> Option<String> {
    let query: Vec<String> = words.split_whitespace().map(|w| format!("\"{}\"*", w.replace('"', "\"\""))).collect();
    (!query.is_empty()).then(|| query.join(" "))
}
