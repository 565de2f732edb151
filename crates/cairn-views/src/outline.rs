//! A cached framework as the package its graph and tree are built from, read from the cache's
//! relation columns (`cairn_store::cache::outline_items` / `outline_associations`) instead of
//! each record's JSON: of each item its identifier, URI, code, statements and list
//! enumeration; of each association its ends, type, sequence number and grouping. Only the
//! document, and an association whose end the columns cannot name (a plain URI string), are
//! parsed. This is what opening a framework in the window waits for.

use cairn_spec::Wire;
use cairn_spec::case::{CfPackage, CfPckgAssociation, CfPckgItem, LinkGenUri, LinkUri};
use cairn_spec::scalar::{Integer, Term, Text, Uri, Uuid};
use cairn_spec::wire::{Linked, Many};
use cairn_store::cache::{self, OutlineAssociation, OutlineEnd, OutlineItem};
use rusqlite::Connection;

use super::error::ViewError;
use super::package::cached_document;

/// The outline of the framework `document` as cached by `connection` (any connection when
/// `None`, as long as only one holds it), with the id of the connection it came from; `None`
/// when no (chosen) connection cached the document.
pub fn load_package_outline(
    conn: &Connection,
    connection: Option<i64>,
    document: &str,
) -> Result<Option<(i64, CfPackage)>, ViewError> {
    let Some((connection_id, document_json)) = cached_document(conn, connection, document)? else {
        return Ok(None);
    };
    let document_record = Wire::from_json(document_json).map_err(|_| ViewError::BadRecord {
        table: "cf_documents",
        id: document.to_owned(),
        message: "not a CFDocument".to_owned(),
    })?;
    let items = cache::outline_items(conn, connection_id, document)?;
    let associations = cache::outline_associations(conn, connection_id, document)?;
    let associations = associations.into_iter().map(association).collect::<Result<Vec<_>, _>>()?;
    let package = CfPackage {
        document: Some(document_record),
        items: Some(Many::from(items.into_iter().map(item).collect::<Vec<_>>())),
        associations: Some(Many::from(associations)),
        ..CfPackage::default()
    };
    Ok(Some((connection_id, package)))
}

fn text(value: Option<String>) -> Option<Text> {
    value.map(Text)
}

fn item(row: OutlineItem) -> CfPckgItem {
    CfPckgItem {
        identifier: Some(Uuid(row.id)),
        uri: row.uri.map(Uri),
        human_coding_scheme: text(row.human_coding_scheme),
        list_enumeration: text(row.list_enumeration),
        full_statement: text(row.full_statement),
        abbreviated_statement: text(row.abbreviated_statement),
        ..CfPckgItem::default()
    }
}

fn end(end: OutlineEnd) -> Linked<LinkGenUri> {
    Linked::Object(LinkGenUri {
        identifier: text(end.identifier),
        uri: end.uri.map(Uri),
        title: text(end.title),
        ..LinkGenUri::default()
    })
}

fn association(row: OutlineAssociation) -> Result<CfPckgAssociation, ViewError> {
    if let Some(json) = row.json {
        // An end the columns cannot name: the record itself says what it is.
        let value = serde_json::from_str(&json).map_err(|e| ViewError::BadRecord {
            table: "cf_associations",
            id: row.id.clone(),
            message: e.to_string(),
        })?;
        return CfPckgAssociation::from_json(value).map_err(|_| ViewError::BadRecord {
            table: "cf_associations",
            id: row.id,
            message: "not a CFAssociation".to_owned(),
        });
    }
    Ok(CfPckgAssociation {
        identifier: Some(Uuid(row.id)),
        association_type: row.association_type.as_deref().map(Term::from),
        origin_node_uri: Some(end(row.origin)),
        destination_node_uri: Some(end(row.destination)),
        sequence_number: row.sequence_number.and_then(|n| n.parse().ok()).map(Integer::new),
        grouping_uri: row
            .grouping
            .map(|identifier| Linked::Object(LinkUri { identifier: Some(Uuid(identifier)), ..LinkUri::default() })),
        ..CfPckgAssociation::default()
    })
}
