//! The associations other cached frameworks publish about a node of the open framework — a
//! crosswalk, an alignment, another edition — found across the whole cache (every connection
//! and import) by the node's identifier, and by its URI where a link names it by URI alone.
//! Each comes with the framework that publishes it and its other end located where it opens.
//!
//! An association the open package holds itself is not repeated, nor one cached twice (the
//! same framework synced and imported): the copy of the open framework's connection wins.

use std::collections::HashSet;

use cairn_store::cache::{NodeLink, node_links};
use rusqlite::Connection;

use super::ends::item_label;
use crate::app::error::AppError;
use crate::app::open::OpenFramework;
use crate::app::types::{FrameworkKey, LinkEnd, NodeKind, Publisher};

/// An association another framework publishes about the node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignLink {
    /// The association's identifier.
    pub id: String,
    /// The association type as given.
    pub association_type: String,
    /// Whether the node is the origin (else the destination).
    pub outgoing: bool,
    /// `sequenceNumber`.
    pub sequence_number: Option<i64>,
    /// The association grouping's identifier.
    pub grouping: Option<String>,
    /// The framework whose package holds it.
    pub publisher: Publisher,
    /// The other end: its identifier (its URI when the link names it by URI alone), where it
    /// is cached; `fetch_from` is left to the caller.
    pub other: LinkEnd,
    /// What the other end is.
    pub other_kind: NodeKind,
    /// Its `humanCodingScheme`.
    pub other_code: Option<String>,
    /// Code and statement, its link's title, or its identifier.
    pub other_label: String,
}

/// Every association of the cache besides the open framework's own whose origin or destination
/// is its node `identifier`, in the order written (the open framework's connection first).
pub fn foreign_links(conn: &Connection, open: &OpenFramework, identifier: &str) -> Result<Vec<ForeignLink>, AppError> {
    let uri = open.summary(identifier).and_then(|s| s.uri);
    let mut links = node_links(conn, identifier, uri.as_deref())?;
    links.sort_by_key(|link| link.connection != open.key().connection);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for link in links {
        if open.publishes(&link.id) || !seen.insert(link.id.clone()) {
            continue;
        }
        out.push(resolve(conn, open, link)?);
    }
    Ok(out)
}

/// The framework publishing `link`, named for the open framework's reader.
fn publisher(open: &OpenFramework, link: &NodeLink) -> Publisher {
    let title =
        link.document_title.clone().or_else(|| link.document.clone()).unwrap_or_else(|| link.connection.clone());
    let label = if link.connection == open.key().connection { title } else { format!("{title} ({})", link.connection) };
    Publisher { connection: link.connection.clone(), document: link.document.clone(), label }
}

/// `link` with its other end located: in the open framework, else where its publisher caches
/// it, else in any framework of the cache; outside the cache, its link's URI and title.
fn resolve(conn: &Connection, open: &OpenFramework, link: NodeLink) -> Result<ForeignLink, AppError> {
    let publisher = publisher(open, &link);
    let end = link.other();
    let identifier = end.identifier.clone().or_else(|| end.uri.clone()).unwrap_or_default();
    let own = open.summary(&identifier).filter(|s| matches!(s.kind, NodeKind::Item | NodeKind::Document));
    let (kind, code, label, cached, uri) = if let Some(own) = own {
        (own.kind, own.code, own.label, Some(open.key().clone()), own.uri.or_else(|| end.uri.clone()))
    } else if let Some((item, document)) =
        link.other_item.as_ref().and_then(|item| Some((item, item.document.clone()?)))
    {
        let statement = item.abbreviated_statement.as_deref().filter(|s| !s.trim().is_empty());
        let label =
            item_label(item.human_coding_scheme.as_deref(), statement.or(item.full_statement.as_deref()), &identifier);
        let key = FrameworkKey { connection: link.connection.clone(), identifier: document };
        (NodeKind::Item, item.human_coding_scheme.clone(), label, Some(key), end.uri.clone())
    } else {
        let located = locate(conn, open.key(), &identifier)?;
        let kind = match (&located, &end.uri, &end.title) {
            (Some(_), _, _) => NodeKind::Item,
            (None, None, None) => NodeKind::Unknown,
            (None, _, _) => NodeKind::External,
        };
        let label = end.title.clone().or_else(|| end.uri.clone()).unwrap_or_else(|| identifier.clone());
        (kind, None, label, located, end.uri.clone())
    };
    let title = match kind {
        NodeKind::Item | NodeKind::Document if cached.is_some() => Some(label.clone()),
        _ => end.title.clone(),
    };
    Ok(ForeignLink {
        association_type: canonical(link.association_type.as_deref().unwrap_or_default()),
        outgoing: link.outgoing,
        sequence_number: link.sequence_number.as_deref().and_then(|n| n.trim().parse().ok()),
        grouping: link.grouping.clone(),
        // The language of an end is known for ends inside the open framework only (its
        // CFDocument's); another framework's end is shown without one.
        other: LinkEnd { identifier, uri, title, cached, fetch_from: None, language: None },
        other_kind: kind,
        other_code: code,
        other_label: label,
        publisher,
        id: link.id,
    })
}

/// A defined type in the specification's spelling (as the open framework's groups name it),
/// another as given.
fn canonical(given: &str) -> String {
    let defined = cairn_graph::ASSOCIATION_TYPES.iter().find(|t| t.eq_ignore_ascii_case(given.trim()));
    defined.map_or_else(|| given.to_owned(), |t| (*t).to_owned())
}

/// The framework holding the item `id`, preferring `near`'s connection.
pub fn locate(conn: &Connection, near: &FrameworkKey, id: &str) -> Result<Option<FrameworkKey>, AppError> {
    let copies = cairn_store::cache::locate_item(conn, id)?;
    let best = copies.iter().find(|(connection, _)| *connection == near.connection).or(copies.first());
    Ok(best.map(|(connection, document)| FrameworkKey { connection: connection.clone(), identifier: document.clone() }))
}
