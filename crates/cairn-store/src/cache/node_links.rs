//! Every association of the cache — of any connection or import, filed under any framework —
//! whose origin or destination is one node, each with the framework that publishes it: what
//! the item panel, the graph and the progressions add to the open framework's own links.
//!
//! An end matches by the node's identifier; a link that names its end by URI alone (a link
//! object with a `uri` and no `identifier`) matches by the node's URI. A link given as a plain
//! string (a deviation) names neither column and is not found here.
//!
//! Both are index lookups ([`NODE_LINK_INDEXES`], migration 8): the end columns lead, so the
//! cache's size does not matter, only how many associations name the node.

use rusqlite::{Connection, params};

use super::outline::OutlineEnd;
use crate::error::StoreError;

/// Migration 8: the ends indexed across connections. The identifier indexes replace the plain
/// `(connection_id, origin_id)` and `(connection_id, destination_id)` ones, whose lookups within
/// a connection they still answer; the URI indexes hold only the links without an identifier.
/// Items get an index by identifier alone: locating an association's other end in whichever
/// framework caches it (`locate_item`) scanned every item of the cache, 50 ms a link in a cache
/// of 100,000 items.
pub(crate) const NODE_LINK_INDEXES: &str = "
    CREATE INDEX cf_items_by_id ON cf_items (id);
    DROP INDEX cf_associations_origin_id;
    CREATE INDEX cf_associations_by_origin ON cf_associations (origin_id, connection_id);
    DROP INDEX cf_associations_destination_id;
    CREATE INDEX cf_associations_by_destination ON cf_associations (destination_id, connection_id);
    CREATE INDEX cf_associations_by_origin_uri ON cf_associations (origin_uri) WHERE origin_id IS NULL;
    CREATE INDEX cf_associations_by_destination_uri ON cf_associations (destination_uri)
        WHERE destination_id IS NULL;
";

/// The other end of a [`NodeLink`] as the publishing connection caches it, when it is an item
/// there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CachedEnd {
    /// The CFDocument the item is cached under.
    pub document: Option<String>,
    /// `humanCodingScheme`.
    pub human_coding_scheme: Option<String>,
    /// `fullStatement`.
    pub full_statement: Option<String>,
    /// `abbreviatedStatement`.
    pub abbreviated_statement: Option<String>,
}

/// An association naming the node, with who publishes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeLink {
    /// The name of the connection (or import) that caches it.
    pub connection: String,
    /// The CFDocument it is filed under (`CFDocumentURI`).
    pub document: Option<String>,
    /// That document's title, when the connection caches the document.
    pub document_title: Option<String>,
    /// Its identifier.
    pub id: String,
    /// `associationType`.
    pub association_type: Option<String>,
    /// `originNodeURI`.
    pub origin: OutlineEnd,
    /// `destinationNodeURI`.
    pub destination: OutlineEnd,
    /// `sequenceNumber`, as text.
    pub sequence_number: Option<String>,
    /// `CFAssociationGroupingURI.identifier`.
    pub grouping: Option<String>,
    /// Whether the node is the origin (else the destination).
    pub outgoing: bool,
    /// The other end as the same connection caches it, when it is an item there.
    pub other_item: Option<CachedEnd>,
}

impl NodeLink {
    /// The end that is not the node.
    pub fn other(&self) -> &OutlineEnd {
        if self.outgoing { &self.destination } else { &self.origin }
    }
}

/// Every association of every connection (none marked to be deleted) whose origin or
/// destination is the node `identifier` — or whose end names no identifier and has the URI
/// `uri` — in the order they were written. A self-link comes once, as outgoing.
pub fn node_links(conn: &Connection, identifier: &str, uri: Option<&str>) -> Result<Vec<NodeLink>, StoreError> {
    const SELECT: &str = "SELECT a.rowid, c.name, a.document_id, d.title, a.id, a.type,
            a.origin_id, a.origin_uri, a.origin_title, a.destination_id, a.destination_uri, a.destination_title,
            a.sequence_number, a.grouping_id, a.connection_id";
    const FROM: &str = "FROM cf_associations a JOIN connections c ON c.id = a.connection_id
            LEFT JOIN cf_documents d ON d.connection_id = a.connection_id AND d.id = a.document_id";
    // One SELECT per index, so each is a lookup (an OR across four columns may scan the table).
    let sql = format!(
        "{SELECT}, 1 {FROM} WHERE a.origin_id = ?1 AND a.to_be_deleted = 0
         UNION ALL {SELECT}, 0 {FROM} WHERE a.destination_id = ?1 AND a.to_be_deleted = 0
         UNION ALL {SELECT}, 1 {FROM} WHERE a.origin_id IS NULL AND a.origin_uri = ?2 AND a.to_be_deleted = 0
         UNION ALL {SELECT}, 0 {FROM} WHERE a.destination_id IS NULL AND a.destination_uri = ?2
             AND a.to_be_deleted = 0"
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map(params![identifier, uri], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(14)?,
            NodeLink {
                connection: r.get(1)?,
                document: r.get(2)?,
                document_title: r.get(3)?,
                id: r.get(4)?,
                association_type: r.get(5)?,
                origin: OutlineEnd { identifier: r.get(6)?, uri: r.get(7)?, title: r.get(8)? },
                destination: OutlineEnd { identifier: r.get(9)?, uri: r.get(10)?, title: r.get(11)? },
                sequence_number: r.get(12)?,
                grouping: r.get(13)?,
                outgoing: r.get::<_, i64>(15)? == 1,
                other_item: None,
            },
        ))
    })?;
    let mut found: Vec<(i64, i64, NodeLink)> = rows.collect::<Result<_, _>>()?;
    found.sort_by_key(|(rowid, _, link)| (*rowid, !link.outgoing));
    found.dedup_by_key(|(rowid, _, _)| *rowid);
    let mut item = conn.prepare_cached(
        "SELECT document_id, human_coding_scheme, full_statement, abbreviated_statement
           FROM cf_items WHERE connection_id = ?1 AND id = ?2 AND to_be_deleted = 0",
    )?;
    let mut out = Vec::with_capacity(found.len());
    for (_, connection_id, mut link) in found {
        if let Some(other) = link.other().identifier.clone() {
            let mut rows = item.query(params![connection_id, other])?;
            if let Some(r) = rows.next()? {
                link.other_item = Some(CachedEnd {
                    document: r.get(0)?,
                    human_coding_scheme: r.get(1)?,
                    full_statement: r.get(2)?,
                    abbreviated_statement: r.get(3)?,
                });
            }
        }
        out.push(link);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::cache::prepare;
    use crate::open_in_memory;

    /// Two connections: `Mine` caches the framework of the item `x`; `Theirs` a crosswalk
    /// document with an item `y`, linking `x` to `y` by identifier, `z` to `x` by URI alone, and
    /// one link to be deleted.
    fn two_connections() -> Connection {
        let mut conn = open_in_memory().unwrap();
        prepare(&mut conn).unwrap();
        conn.execute_batch(
            "INSERT INTO connections (id, name, base_url) VALUES (1, 'Mine', 'https://a'), (2, 'Theirs', 'file:');
             INSERT INTO cf_documents (connection_id, id, title, json) VALUES (2, 'walk', 'The Crosswalk', '{}');
             INSERT INTO cf_items (connection_id, id, document_id, human_coding_scheme, full_statement, json)
                 VALUES (1, 'x', 'mine', 'X.1', 'Ex', '{}'), (2, 'y', 'walk', 'Y.1', 'Why', '{}');
             INSERT INTO cf_associations (connection_id, id, document_id, type, origin_id, destination_id,
                 origin_uri, destination_uri, json) VALUES
                 (2, 'a1', 'walk', 'exactMatchOf', 'x', 'y', NULL, NULL, '{}'),
                 (2, 'a2', 'walk', 'isRelatedTo', 'z', NULL, NULL, 'https://a/x', '{}'),
                 (2, 'a3', NULL, 'isRelatedTo', 'q', NULL, NULL, 'https://elsewhere/x', '{}');
             INSERT INTO cf_associations (connection_id, id, document_id, type, origin_id, destination_id,
                 to_be_deleted, json) VALUES (2, 'gone', 'walk', 'isPeerOf', 'x', 'y', 1, '{}');",
        )
        .unwrap();
        conn
    }

    #[test]
    fn finds_another_connections_links_by_identifier_and_by_uri_with_their_publisher() {
        let conn = two_connections();
        let found = node_links(&conn, "x", Some("https://a/x")).unwrap();
        let ids: Vec<(&str, bool)> = found.iter().map(|l| (l.id.as_str(), l.outgoing)).collect();
        assert_eq!(ids, [("a1", true), ("a2", false)]);
        let first = &found[0];
        assert_eq!((first.connection.as_str(), first.document_title.as_deref()), ("Theirs", Some("The Crosswalk")));
        let other = first.other_item.as_ref().unwrap();
        assert_eq!((other.document.as_deref(), other.human_coding_scheme.as_deref()), (Some("walk"), Some("Y.1")));
        assert_eq!(found[1].other().identifier.as_deref(), Some("z"));
        assert!(found[1].other_item.is_none());
        // Without a URI, the URI-only link is not found; an unknown node has none.
        assert_eq!(node_links(&conn, "x", None).unwrap().len(), 1);
        assert!(node_links(&conn, "nothing", Some("https://nowhere")).unwrap().is_empty());
    }

    #[test]
    fn every_branch_is_an_index_lookup() {
        let conn = two_connections();
        let sql: String = conn
            .query_row("SELECT sql FROM sqlite_master WHERE name = 'cf_associations_by_origin'", [], |r| r.get(0))
            .unwrap();
        assert!(sql.contains("(origin_id, connection_id)"), "{sql}");
        node_links(&conn, "x", Some("u")).unwrap();
        // The statement as prepared above, explained: no branch scans the associations.
        let mut plan = conn
            .prepare(
                "EXPLAIN QUERY PLAN SELECT a.id FROM cf_associations a WHERE a.origin_id = ?1 AND a.to_be_deleted = 0
                 UNION ALL SELECT a.id FROM cf_associations a WHERE a.destination_id = ?1 AND a.to_be_deleted = 0
                 UNION ALL SELECT a.id FROM cf_associations a WHERE a.origin_id IS NULL AND a.origin_uri = ?2
                     AND a.to_be_deleted = 0
                 UNION ALL SELECT a.id FROM cf_associations a WHERE a.destination_id IS NULL
                     AND a.destination_uri = ?2 AND a.to_be_deleted = 0",
            )
            .unwrap();
        let steps: Vec<String> =
            plan.query_map(params!["x", "u"], |r| r.get::<_, String>(3)).unwrap().map(Result::unwrap).collect();
        let scans: Vec<&String> = steps.iter().filter(|s| s.starts_with("SCAN")).collect();
        assert!(scans.is_empty(), "{steps:?}");
        assert_eq!(steps.iter().filter(|s| s.starts_with("SEARCH a USING INDEX cf_associations_by_")).count(), 4);
    }
}
