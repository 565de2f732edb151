//! The item panel: the record as cached, every path to the root, and the associations — the
//! open framework's own and those any other cached framework publishes about the node, each
//! labelled with its publisher — with each other end located in the cache when some framework
//! there holds it.

use cairn_spec::Collection;
use rusqlite::Connection;
use serde_json::Value;

use super::error::AppError;
use super::frameworks::source_kind;
use super::open::OpenFramework;
use super::relations::foreign_links::{ForeignLink, foreign_links, locate};
use super::types::{
    AssociationDirection, AssociationGroup, AssociationLink, FrameworkKey, ItemDetail, NodeKind, SourceKind,
};

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
    merge(&mut associations, foreign_links(conn, open, identifier)?);
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

/// `foreign` added to `groups` under their type and direction, after the open framework's own
/// links; groups in the order views list types (the defined ones first), outgoing first.
fn merge(groups: &mut Vec<AssociationGroup>, foreign: Vec<ForeignLink>) {
    for link in foreign {
        let direction = if link.outgoing { AssociationDirection::Outgoing } else { AssociationDirection::Incoming };
        let entry = AssociationLink {
            association_identifier: link.id,
            other: link.other,
            sequence_number: link.sequence_number,
            grouping: link.grouping,
            published_by: Some(link.publisher),
        };
        match groups.iter_mut().find(|g| g.association_type == link.association_type && g.direction == direction) {
            Some(group) => group.links.push(entry),
            None => {
                groups.push(AssociationGroup { association_type: link.association_type, direction, links: vec![entry] })
            }
        }
    }
    let rank = |t: &str| cairn_graph::ASSOCIATION_TYPES.iter().position(|d| *d == t).unwrap_or(usize::MAX);
    groups.sort_by_cached_key(|g| {
        (rank(&g.association_type), g.association_type.clone(), g.direction == AssociationDirection::Incoming)
    });
}
