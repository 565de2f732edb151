//! The item panel: the record as cached, every path to the root, and the associations, with
//! each other end located in the cache when some framework there holds it.

use cairn_spec::Collection;
use rusqlite::Connection;
use serde_json::Value;

use super::error::AppError;
use super::frameworks::source_kind;
use super::open::OpenFramework;
use super::types::{FrameworkKey, ItemDetail, NodeKind, SourceKind};

/// What the panel shows of `identifier` in the open framework `open`.
pub fn item_detail(conn: &Connection, open: &OpenFramework, identifier: &str) -> Result<ItemDetail, AppError> {
    let key = open.key().clone();
    let (kind, title) = open.describe(identifier)?;
    let record = match kind {
        NodeKind::Document => cached_record(conn, &key, Collection::CfDocuments, identifier)?,
        NodeKind::Item => cached_record(conn, &key, Collection::CfItems, identifier)?,
        NodeKind::External | NodeKind::Unknown => Value::Null,
    };
    let mut associations = open.associations(identifier)?;
    let connections = cairn_store::cache::connections(conn)?;
    for link in associations.iter_mut().flat_map(|group| group.links.iter_mut()) {
        if link.other.cached.is_none() {
            link.other.cached = locate(conn, &key, &link.other.identifier)?;
        }
        if link.other.cached.is_none() {
            link.other.fetch_from =
                link.other.uri.as_deref().and_then(|uri| super::external::serving_connection(&connections, uri));
        }
    }
    Ok(ItemDetail {
        breadcrumbs: open.breadcrumbs(identifier)?,
        key,
        identifier: identifier.to_owned(),
        kind,
        title,
        record,
        associations,
    })
}

/// The JSON the cache holds for a record of `key`'s connection: as served, or for an imported
/// file as the file had it (without the document links the import added).
fn cached_record(conn: &Connection, key: &FrameworkKey, collection: Collection, id: &str) -> Result<Value, AppError> {
    let Some(connection) = cairn_store::cache::connection(conn, &key.connection)? else {
        return Err(AppError::not_found(format!("no connection {:?} in the cache", key.connection)));
    };
    let json = cairn_store::cache::record(conn, connection.id, collection, id)?;
    let record = json.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or(Value::Null);
    Ok(match source_kind(&connection.name, &connection.base_url) {
        SourceKind::Import => cairn_views::unlinked(record),
        SourceKind::BuiltIn | SourceKind::Connection => record,
    })
}

/// The framework holding the item `id`, preferring `near`'s connection.
fn locate(conn: &Connection, near: &FrameworkKey, id: &str) -> Result<Option<FrameworkKey>, AppError> {
    let copies = cairn_store::cache::locate_item(conn, id)?;
    let best = copies.iter().find(|(connection, _)| *connection == near.connection).or(copies.first());
    Ok(best.map(|(connection, document)| FrameworkKey { connection: connection.clone(), identifier: document.clone() }))
}
