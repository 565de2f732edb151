//! The app's cache: what the explorer syncs and imports, per connection, for fast offline
//! browsing. Secrets never reach it: connections keep their URL and settings only.

mod app_settings;
mod checkpoint;
mod connections;
mod documents;
mod extract;
mod frameworks;
mod gradebook;
mod handle;
mod item_facts;
mod journal;
mod node_links;
pub mod outbox;
mod outline;
mod package;
mod prepared;
mod reads;
pub mod roster;
mod schema;
mod search;
mod staging;
mod tables;
mod unread_indexes;
mod validators;
mod writer;

use rusqlite::{Connection, OptionalExtension, params};

pub use app_settings::{app_setting, save_app_setting};
pub use connections::{
    ConnectionRow, NO_SETTINGS, UnsentChanges, connection, connection_name, connections, record_count, refuse_unsent,
    remove_connection, save_connection, update_connection,
};
pub use documents::{CachedDocument, cached_document, cached_documents, mark_listed, remove_documents};
pub use frameworks::{DocumentRow, ItemHit, documents, locate_item, search_items, search_items_until};
pub use gradebook::{ClassGradebookRows, class_gradebook};
pub use handle::{CacheHandle, blocking};
pub use item_facts::{ItemFacts, item_facts};
pub use journal::{
    CollectionStatus, JournalEntry, Outcome, append as journal_append, collection_statuses, full_sync_sizes,
    last_complete,
};
pub use node_links::{CachedEnd, NodeLink, node_links};
pub use outline::{OutlineAssociation, OutlineEnd, OutlineItem, outline_associations, outline_items};
pub use package::{ADDED_PREFIX, PACKAGE_COLLECTIONS, write_package};
pub use prepared::PreparedRecords;
pub use reads::{
    AssociationEnds, DocumentHolder, RecordRow, association_at, association_ends, child_links_from_other_documents,
    document_associations, document_holders, document_items, document_titles, each_record, metadata_keys, records,
};
pub use search::{SearchHit, search};
pub use staging::StagedCollection;
pub use tables::{Column, Link, TABLES, TableSpec, spec};
pub use validators::{Validators, save_validators, validators};
pub use writer::{CollectionWriter, WriteMode, begin};

use crate::error::StoreError;
use crate::migrate::migrate;
use cairn_spec::Collection;

/// The page size of a new cache file. Records are JSON of about a kilobyte: 16 KiB pages hold
/// a dozen of them and make bulk writes about a fifth cheaper than the default 4 KiB (fewer
/// page splits, shallower indexes), at little cost to reading one record.
pub const PAGE_SIZE: u32 = 16_384;

/// Opens (creating if needed, with [`PAGE_SIZE`] pages) the cache database at `path`, schema
/// up to date.
pub fn open(path: &std::path::Path) -> Result<Connection, StoreError> {
    let mut conn = crate::connection::open_with_page_size(path, Some(PAGE_SIZE))?;
    prepare(&mut conn)?;
    Ok(conn)
}

/// Brings a cache database's schema up to date.
pub fn prepare(conn: &mut Connection) -> Result<(), StoreError> {
    migrate(conn, &schema::migrations()).map(drop)
}

/// The id of the connection called `name`, created with `base_url` if absent. A connection of
/// that name with another base URL (trailing slashes aside) is [`StoreError::OtherSource`]:
/// one name never mixes two providers' data.
pub fn connection_id(conn: &Connection, name: &str, base_url: &str) -> Result<i64, StoreError> {
    conn.execute(
        "INSERT INTO connections (name, base_url) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
        params![name, base_url],
    )?;
    let ConnectionRow { id, base_url: saved, .. } =
        connection(conn, name)?.ok_or(StoreError::Sqlite(rusqlite::Error::QueryReturnedNoRows))?;
    if saved.trim_end_matches('/') != base_url.trim_end_matches('/') {
        return Err(StoreError::OtherSource { name: name.to_owned(), saved, given: base_url.to_owned() });
    }
    Ok(id)
}

/// The id of an existing connection (the one lookup by name, [`connection`], answering the id).
pub fn find_connection(conn: &Connection, name: &str) -> Result<Option<i64>, StoreError> {
    Ok(connection(conn, name)?.map(|row| row.id))
}

/// Record counts per collection for a connection (all connections with `None`), by set
/// wrapper name: what `cairn stats` prints.
pub fn counts(conn: &Connection, connection_id: Option<i64>) -> Result<Vec<(Collection, u64)>, StoreError> {
    let mut out = Vec::new();
    for spec in TABLES {
        let sql = format!("SELECT COUNT(*) FROM {} WHERE ?1 IS NULL OR connection_id = ?1", spec.table);
        let n: i64 = conn.query_row(&sql, [connection_id], |r| r.get(0))?;
        out.push((spec.collection, n.max(0) as u64));
    }
    Ok(out)
}

/// How many records of `collection` a connection has cached.
pub fn count(conn: &Connection, connection_id: i64, collection: Collection) -> Result<u64, StoreError> {
    let sql = format!("SELECT COUNT(*) FROM {} WHERE connection_id = ?1", spec(collection).table);
    let n: i64 = conn.prepare_cached(&sql)?.query_row([connection_id], |r| r.get(0))?;
    Ok(n.max(0) as u64)
}

/// The identifiers of every cached record of `collection` for a connection (a bulk import
/// removes those its files no longer have).
pub fn ids(conn: &Connection, connection_id: i64, collection: Collection) -> Result<Vec<String>, StoreError> {
    let sql = format!("SELECT id FROM {} WHERE connection_id = ?1", spec(collection).table);
    let mut statement = conn.prepare_cached(&sql)?;
    let ids = statement.query_map([connection_id], |r| r.get(0))?.collect::<Result<_, _>>()?;
    Ok(ids)
}

/// The JSON of one cached record.
pub fn record(
    conn: &Connection,
    connection_id: i64,
    collection: Collection,
    id: &str,
) -> Result<Option<String>, StoreError> {
    let sql = format!("SELECT json FROM {} WHERE connection_id = ?1 AND id = ?2", spec(collection).table);
    let mut statement = conn.prepare_cached(&sql)?;
    Ok(statement.query_row(params![connection_id, id], |r| r.get(0)).optional()?)
}
