//! The rows a connection's roster graph is built from besides its orgs ([`super::orgs`]), read
//! from the cache's relation columns (no record JSON decoded in Rust): each class with its
//! course, school and terms, and each enrollment's user, class, school, role, primary flag and
//! dates — every list in the order it was cached.

use std::collections::HashMap;

use rusqlite::Connection;

use crate::error::StoreError;

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
