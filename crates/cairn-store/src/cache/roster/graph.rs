//! The rows a connection's roster graph is built from, read from the cache's relation columns
//! (no record JSON decoded in Rust): each org with its parent and the `children` its record
//! names, each class with its course, school and terms, and each enrollment's user, class,
//! school, role, primary flag and dates — every list in the order it was cached.

use std::collections::HashMap;

use rusqlite::Connection;

use crate::error::StoreError;

/// An org row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphOrg {
    /// Its sourcedId.
    pub id: String,
    /// Its name.
    pub name: Option<String>,
    /// Its type (`district`, `school`...).
    pub kind: Option<String>,
    /// Its parent org, by sourcedId.
    pub parent: Option<String>,
    /// The orgs the record names as its `children` (an array or a single reference).
    pub children: Vec<String>,
    /// Whether its status is `tobedeleted`.
    pub to_be_deleted: bool,
}

/// A class row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphClass {
    /// Its sourcedId.
    pub id: String,
    /// Its title.
    pub title: Option<String>,
    /// Its course, by sourcedId.
    pub course: Option<String>,
    /// Its school, by sourcedId.
    pub school: Option<String>,
    /// Its terms (academic sessions), by identifier.
    pub terms: Vec<String>,
    /// Whether its status is `tobedeleted`.
    pub to_be_deleted: bool,
}

/// An enrollment row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphEnrollment {
    /// Its sourcedId.
    pub id: String,
    /// The enrolled user, by sourcedId.
    pub user: Option<String>,
    /// The class, by sourcedId.
    pub class: Option<String>,
    /// The school, by sourcedId.
    pub school: Option<String>,
    /// The role (`student`, `teacher`...).
    pub role: Option<String>,
    /// `primary` as the record wrote it (`true`, `false`, or whatever a deviant source sent).
    pub primary: Option<String>,
    /// The first day, as written.
    pub begin_date: Option<String>,
    /// The day it ended (exclusive), as written.
    pub end_date: Option<String>,
    /// Whether its status is `tobedeleted`.
    pub to_be_deleted: bool,
}

/// Every org of `connection_id`.
pub fn graph_orgs(conn: &Connection, connection_id: i64) -> Result<Vec<GraphOrg>, StoreError> {
    let mut children: HashMap<String, Vec<String>> = HashMap::new();
    let mut statement = conn.prepare_cached(
        "SELECT o.id, json_extract(c.value, '$.sourcedId') FROM orgs o, json_each(o.json, '$.children') c
         WHERE o.connection_id = ?1 AND json_type(o.json, '$.children') = 'array'
         UNION ALL
         SELECT id, json_extract(json, '$.children.sourcedId') FROM orgs
         WHERE connection_id = ?1 AND json_type(json, '$.children') = 'object'",
    )?;
    let rows =
        statement.query_map([connection_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?)))?;
    for row in rows {
        if let (id, Some(child)) = row? {
            children.entry(id).or_default().push(child);
        }
    }
    let mut statement = conn.prepare_cached(
        "SELECT id, name, type, parent_id, to_be_deleted FROM orgs WHERE connection_id = ?1 ORDER BY rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(GraphOrg {
            id: r.get(0)?,
            name: r.get(1)?,
            kind: r.get(2)?,
            parent: r.get(3)?,
            children: Vec::new(),
            to_be_deleted: r.get(4)?,
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

/// Every class of `connection_id`, with its terms.
pub fn graph_classes(conn: &Connection, connection_id: i64) -> Result<Vec<GraphClass>, StoreError> {
    let mut terms: HashMap<String, Vec<String>> = HashMap::new();
    let mut statement =
        conn.prepare_cached("SELECT id, target FROM class_terms WHERE connection_id = ?1 ORDER BY target")?;
    for row in statement.query_map([connection_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))? {
        let (id, term) = row?;
        terms.entry(id).or_default().push(term);
    }
    let mut statement = conn.prepare_cached(
        "SELECT id, title, course_id, school_id, to_be_deleted FROM classes WHERE connection_id = ?1 ORDER BY rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(GraphClass {
            id: r.get(0)?,
            title: r.get(1)?,
            course: r.get(2)?,
            school: r.get(3)?,
            terms: Vec::new(),
            to_be_deleted: r.get(4)?,
        })
    })?;
    let mut out = Vec::new();
    for row in rows {
        let mut class = row?;
        class.terms = terms.remove(&class.id).unwrap_or_default();
        out.push(class);
    }
    Ok(out)
}

/// Every enrollment of `connection_id`.
pub fn graph_enrollments(conn: &Connection, connection_id: i64) -> Result<Vec<GraphEnrollment>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT id, user_id, class_id, school_id, role, is_primary, begin_date, end_date, to_be_deleted
         FROM enrollments WHERE connection_id = ?1 ORDER BY rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(GraphEnrollment {
            id: r.get(0)?,
            user: r.get(1)?,
            class: r.get(2)?,
            school: r.get(3)?,
            role: r.get(4)?,
            primary: r.get(5)?,
            begin_date: r.get(6)?,
            end_date: r.get(7)?,
            to_be_deleted: r.get(8)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
