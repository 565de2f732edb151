//! A cached framework's outline read from the relation columns alone — the items' codes and
//! statements, the associations' ends, types and order — so that opening a framework of 20,000
//! items parses no JSON. An association whose columns cannot say where it leads (an end given as
//! a plain URI string, or with no identifier) comes with its JSON, for the caller to read.

use rusqlite::{Connection, params};

use crate::error::StoreError;

/// An item as the outline shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineItem {
    /// The identifier.
    pub id: String,
    /// `uri`.
    pub uri: Option<String>,
    /// `humanCodingScheme`.
    pub human_coding_scheme: Option<String>,
    /// `listEnumeration`.
    pub list_enumeration: Option<String>,
    /// `fullStatement`.
    pub full_statement: Option<String>,
    /// `abbreviatedStatement`.
    pub abbreviated_statement: Option<String>,
}

/// One end of an association, as its link object gave it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutlineEnd {
    /// The link's `identifier`.
    pub identifier: Option<String>,
    /// The link's `uri`.
    pub uri: Option<String>,
    /// The link's `title`.
    pub title: Option<String>,
}

/// An association as the outline's graph needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineAssociation {
    /// The identifier.
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
    /// The record's JSON, only when an end has no identifier in the columns.
    pub json: Option<String>,
}

/// The items cached under `document` for the connection, in the order they were written.
pub fn outline_items(conn: &Connection, connection_id: i64, document: &str) -> Result<Vec<OutlineItem>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT id, uri, human_coding_scheme, list_enumeration, full_statement, abbreviated_statement
           FROM cf_items WHERE connection_id = ?1 AND document_id = ?2 AND to_be_deleted = 0
          ORDER BY rowid",
    )?;
    let rows = statement.query_map(params![connection_id, document], |r| {
        Ok(OutlineItem {
            id: r.get(0)?,
            uri: r.get(1)?,
            human_coding_scheme: r.get(2)?,
            list_enumeration: r.get(3)?,
            full_statement: r.get(4)?,
            abbreviated_statement: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The associations of `document` for the connection: those that name it as their document,
/// and those that name no document but start or end at it or at one of its items; in the order
/// they were written.
pub fn outline_associations(
    conn: &Connection,
    connection_id: i64,
    document: &str,
) -> Result<Vec<OutlineAssociation>, StoreError> {
    // Two indexed selections joined, rather than one OR that SQLite answers by a full scan.
    const COLUMNS: &str = "rowid, id, type, origin_id, origin_uri, origin_title, destination_id, destination_uri,
        destination_title, sequence_number, grouping_id,
        CASE WHEN origin_id IS NULL OR destination_id IS NULL THEN json END";
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM cf_associations
          WHERE connection_id = ?1 AND document_id = ?2 AND to_be_deleted = 0
         UNION ALL
         SELECT {COLUMNS} FROM cf_associations
          WHERE connection_id = ?1 AND document_id IS NULL AND to_be_deleted = 0
            AND (origin_id = ?2 OR destination_id = ?2
                 OR origin_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2)
                 OR destination_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2))"
    ))?;
    let rows = statement.query_map(params![connection_id, document], |r| {
        let rowid: i64 = r.get(0)?;
        Ok((
            rowid,
            OutlineAssociation {
                id: r.get(1)?,
                association_type: r.get(2)?,
                origin: OutlineEnd { identifier: r.get(3)?, uri: r.get(4)?, title: r.get(5)? },
                destination: OutlineEnd { identifier: r.get(6)?, uri: r.get(7)?, title: r.get(8)? },
                sequence_number: r.get(9)?,
                grouping: r.get(10)?,
                json: r.get(11)?,
            },
        ))
    })?;
    // Each selection comes in rowid order; together, in the order they were written.
    let mut rows: Vec<(i64, OutlineAssociation)> = rows.collect::<Result<_, _>>()?;
    rows.sort_by_key(|(rowid, _)| *rowid);
    Ok(rows.into_iter().map(|(_, association)| association).collect())
}
