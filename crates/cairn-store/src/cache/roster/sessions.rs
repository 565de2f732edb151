//! Orgs (with the children they list) and academic sessions, whole: a district has hundreds of
//! them, not more, so the callers build their trees in memory.

use std::collections::HashMap;

use rusqlite::{Connection, params};

use crate::error::StoreError;

/// An org as the navigation needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrgRow {
    /// sourcedId.
    pub id: String,
    /// name.
    pub name: Option<String>,
    /// type.
    pub kind: Option<String>,
    /// identifier (the human-readable code).
    pub identifier: Option<String>,
    /// The parent it names.
    pub parent: Option<String>,
    /// The children it lists.
    pub children: Vec<String>,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// Every org of a connection, in cache order.
pub fn orgs(conn: &Connection, connection_id: i64) -> Result<Vec<OrgRow>, StoreError> {
    let mut children: HashMap<String, Vec<String>> = HashMap::new();
    let mut statement = conn.prepare_cached(
        "SELECT o.id, json_extract(c.value, '$.sourcedId') FROM orgs o, json_each(o.json, '$.children') c
         WHERE o.connection_id = ?1 AND json_valid(o.json) AND json_type(o.json, '$.children') = 'array'
         UNION ALL
         SELECT id, json_extract(json, '$.children.sourcedId') FROM orgs
         WHERE connection_id = ?1 AND json_valid(json) AND json_type(json, '$.children') = 'object'",
    )?;
    let rows =
        statement.query_map([connection_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?)))?;
    for row in rows {
        if let (id, Some(child)) = row? {
            children.entry(id).or_default().push(child);
        }
    }
    let mut statement = conn.prepare_cached(
        "SELECT id, name, type, CASE WHEN json_valid(json) THEN json_extract(json, '$.identifier') END,
                parent_id, to_be_deleted
         FROM orgs WHERE connection_id = ?1 ORDER BY rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(OrgRow {
            id: r.get(0)?,
            name: r.get(1)?,
            kind: r.get(2)?,
            identifier: r.get::<_, Option<rusqlite::types::Value>>(3)?.and_then(text),
            parent: r.get(4)?,
            children: Vec::new(),
            inactive: r.get(5)?,
        })
    })?;
    let mut out = Vec::new();
    for row in rows {
        let mut org = row?;
        org.children = children.remove(&org.id).unwrap_or_default();
        out.push(org);
    }
    Ok(out)
}

/// A value SQLite answered as text (numbers written out).
pub(crate) fn text(value: rusqlite::types::Value) -> Option<String> {
    match value {
        rusqlite::types::Value::Text(t) => Some(t),
        rusqlite::types::Value::Integer(i) => Some(i.to_string()),
        rusqlite::types::Value::Real(f) => Some(f.to_string()),
        _ => None,
    }
}

/// An academic session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: Option<String>,
    /// `schoolYear`, `term`, `semester`, `gradingPeriod`, ...
    pub kind: Option<String>,
    /// The parent session it names.
    pub parent: Option<String>,
    /// startDate (inclusive).
    pub start_date: Option<String>,
    /// endDate (exclusive).
    pub end_date: Option<String>,
    /// schoolYear.
    pub school_year: Option<String>,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// Every academic session of a connection, in cache order.
pub fn sessions(conn: &Connection, connection_id: i64) -> Result<Vec<SessionRow>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT id, title, type, parent_id, start_date, end_date,
                CASE WHEN json_valid(json) THEN json_extract(json, '$.schoolYear') END, to_be_deleted
         FROM academic_sessions WHERE connection_id = ?1 ORDER BY rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(SessionRow {
            id: r.get(0)?,
            title: r.get(1)?,
            kind: r.get(2)?,
            parent: r.get(3)?,
            start_date: r.get(4)?,
            end_date: r.get(5)?,
            school_year: r.get::<_, Option<rusqlite::types::Value>>(6)?.and_then(text),
            inactive: r.get(7)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How many active classes name each session among their terms.
pub fn class_term_counts(conn: &Connection, connection_id: i64) -> Result<HashMap<String, u32>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT ct.target, COUNT(*) FROM class_terms ct
         JOIN classes c ON c.connection_id = ct.connection_id AND c.id = ct.id
         WHERE ct.connection_id = ?1 AND c.to_be_deleted = 0 GROUP BY ct.target",
    )?;
    let rows = statement.query_map(params![connection_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, u32>(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
