//! A cached framework's outline read from the relation columns alone — the items' codes and
//! statements, the associations' ends, types and order — so that opening a framework of 20,000
//! items parses no JSON. An association whose columns cannot say where it leads (an end given as
//! a plain URI string, or with no identifier) comes with its JSON, for the caller to read.
//!
//! Both reads are answered from covering indexes ([`OUTLINE_INDEXES`]): the tables hold each
//! record's JSON beside its columns, so a scan of the rows read 70 MB of pages for the 8 MB of
//! columns a 20,000-item framework's outline needs.

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

/// Migration 7: the covering indexes the outline is read from. Each starts with the columns the
/// plain `(connection_id, document_id)` indexes had, which they replace.
pub(crate) const OUTLINE_INDEXES: &str = "
    DROP INDEX cf_items_document_id;
    CREATE INDEX cf_items_outline ON cf_items (connection_id, document_id, to_be_deleted,
        id, uri, human_coding_scheme, list_enumeration, full_statement, abbreviated_statement);
    DROP INDEX cf_associations_document_id;
    CREATE INDEX cf_associations_outline ON cf_associations (connection_id, document_id, to_be_deleted,
        id, type, origin_id, origin_uri, origin_title, destination_id, destination_uri, destination_title,
        sequence_number, grouping_id);
";

/// The items cached under `document` for the connection, in the order they were written.
pub fn outline_items(conn: &Connection, connection_id: i64, document: &str) -> Result<Vec<OutlineItem>, StoreError> {
    // In index order, sorted by rowid here: an ORDER BY would sort the rows, statements and all.
    let mut statement = conn.prepare_cached(
        "SELECT rowid, id, uri, human_coding_scheme, list_enumeration, full_statement, abbreviated_statement
           FROM cf_items WHERE connection_id = ?1 AND document_id = ?2 AND to_be_deleted = 0",
    )?;
    let rows = statement.query_map(params![connection_id, document], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            OutlineItem {
                id: r.get(1)?,
                uri: r.get(2)?,
                human_coding_scheme: r.get(3)?,
                list_enumeration: r.get(4)?,
                full_statement: r.get(5)?,
                abbreviated_statement: r.get(6)?,
            },
        ))
    })?;
    Ok(in_written_order(rows.collect::<Result<_, _>>()?))
}

/// `rows` by rowid: the order they were written.
fn in_written_order<T>(mut rows: Vec<(i64, T)>) -> Vec<T> {
    rows.sort_unstable_by_key(|(rowid, _)| *rowid);
    rows.into_iter().map(|(_, row)| row).collect()
}

/// The associations of `document` for the connection: those that name it as their document,
/// and those that name no document but start or end at it or at one of its items; in the order
/// they were written.
pub fn outline_associations(
    conn: &Connection,
    connection_id: i64,
    document: &str,
) -> Result<Vec<OutlineAssociation>, StoreError> {
    const COLUMNS: &str = "rowid, id, type, origin_id, origin_uri, origin_title, destination_id, destination_uri,
        destination_title, sequence_number, grouping_id";
    // Those naming the document come from the covering index alone; those naming none (rare)
    // from the origin and destination indexes. Neither reads the JSON: the few whose end the
    // columns cannot name get it by rowid below.
    let named = format!(
        "SELECT {COLUMNS} FROM cf_associations
          WHERE connection_id = ?1 AND document_id = ?2 AND to_be_deleted = 0"
    );
    let unnamed = format!(
        "SELECT {COLUMNS} FROM cf_associations
          WHERE connection_id = ?1 AND document_id IS NULL AND to_be_deleted = 0
            AND (origin_id = ?2 OR destination_id = ?2
                 OR origin_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2)
                 OR destination_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2))"
    );
    let mut rows = Vec::new();
    for sql in [named, unnamed] {
        let mut statement = conn.prepare_cached(&sql)?;
        let selected = statement.query_map(params![connection_id, document], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                OutlineAssociation {
                    id: r.get(1)?,
                    association_type: r.get(2)?,
                    origin: OutlineEnd { identifier: r.get(3)?, uri: r.get(4)?, title: r.get(5)? },
                    destination: OutlineEnd { identifier: r.get(6)?, uri: r.get(7)?, title: r.get(8)? },
                    sequence_number: r.get(9)?,
                    grouping: r.get(10)?,
                    json: None,
                },
            ))
        })?;
        for row in selected {
            rows.push(row?);
        }
    }
    // An end the columns cannot name: the record itself says what it is.
    let mut json = conn.prepare_cached("SELECT json FROM cf_associations WHERE rowid = ?1")?;
    for (rowid, association) in &mut rows {
        if association.origin.identifier.is_none() || association.destination.identifier.is_none() {
            association.json = Some(json.query_row([*rowid], |r| r.get(0))?);
        }
    }
    Ok(in_written_order(rows))
}
