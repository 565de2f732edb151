//! The full records behind a plan's rows, read from the cache one at a time as each row is
//! written: an item's JSON as its package gave it, an association, a grouping's title. The
//! plan itself is built from the cache's outline columns ([`cairn_views::load_package_outline`]),
//! so a framework export holds one record at a time, never the whole package parsed (that was
//! 515 MB for a 20,000-item framework).

use std::cell::RefCell;
use std::collections::HashMap;

use cairn_spec::case::CfPckgAssociation;
use cairn_spec::{Collection, Wire};
use cairn_store::cache;
use rusqlite::Connection;
use serde_json::Value;

use super::ExportError;
use cairn_views::unlinked;

/// Reads the records of one connection of the cache.
pub(crate) struct Records<'c> {
    conn: &'c Connection,
    connection_id: i64,
    groupings: RefCell<HashMap<String, Option<String>>>,
}

impl<'c> Records<'c> {
    /// The records of connection `connection_id` in `conn`.
    pub(crate) fn new(conn: &'c Connection, connection_id: i64) -> Records<'c> {
        Records { conn, connection_id, groupings: RefCell::default() }
    }

    /// The record of `collection` with identifier `id`, as the package gave it (the document
    /// links the ingest added taken out); `None` when it is not cached.
    fn json(&self, collection: Collection, id: &str) -> Result<Option<Value>, ExportError> {
        let table = cache::spec(collection).table;
        let Some(text) = cache::record(self.conn, self.connection_id, collection, id)? else { return Ok(None) };
        let value = serde_json::from_str(&text).map_err(|e| ExportError::BadRecord {
            table,
            id: id.to_owned(),
            message: e.to_string(),
        })?;
        Ok(Some(unlinked(value)))
    }

    /// The item `id` as JSON.
    pub(crate) fn item(&self, id: &str) -> Result<Option<Value>, ExportError> {
        self.json(Collection::CfItems, id)
    }

    /// The association `id`.
    pub(crate) fn association(&self, id: &str) -> Result<Option<CfPckgAssociation>, ExportError> {
        let Some(json) = self.json(Collection::CfAssociations, id)? else { return Ok(None) };
        Ok(CfPckgAssociation::from_json(json).ok())
    }

    /// The title of the cached association grouping `id` (looked up once per grouping).
    pub(crate) fn grouping_title(&self, id: &str) -> Result<Option<String>, ExportError> {
        if let Some(title) = self.groupings.borrow().get(id) {
            return Ok(title.clone());
        }
        let json = self.json(Collection::CfAssociationGroupings, id)?;
        let title = json.as_ref().and_then(|g| g.get("title")).and_then(Value::as_str).map(str::to_owned);
        self.groupings.borrow_mut().insert(id.to_owned(), title.clone());
        Ok(title)
    }
}
