//! The roster inspector's graphs, read from the cache's relation columns (no record JSON is
//! parsed in Rust): the org hierarchy from `orgs.parent_id` and each org's `children`
//! references, classes from `classes` (course, school) and `class_terms`, and membership from
//! `enrollments` (user, class, school, role, primary, dates).

use std::collections::{BTreeMap, HashMap};

use cairn_graph::roster::{ClassRecord, EnrollmentRecord, OrgLine, OrgRecord, Orphan, ParentConflict, RosterGraph};
use rusqlite::Connection;
use serde::Serialize;

use super::error::ViewError;
use super::package::resolve_connection;

/// The records of one connection as roster graphs.
pub fn load_roster(conn: &Connection, connection_id: i64) -> Result<RosterGraph, ViewError> {
    Ok(RosterGraph::new(orgs(conn, connection_id)?, classes(conn, connection_id)?, enrollments(conn, connection_id)?))
}

fn orgs(conn: &Connection, connection_id: i64) -> Result<Vec<OrgRecord>, ViewError> {
    let mut children: HashMap<String, Vec<String>> = HashMap::new();
    let mut statement = conn.prepare(
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
    let mut statement = conn
        .prepare("SELECT id, name, type, parent_id, to_be_deleted FROM orgs WHERE connection_id = ?1 ORDER BY rowid")?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(OrgRecord {
            id: r.get(0)?,
            name: r.get(1)?,
            kind: r.get(2)?,
            parent: r.get(3)?,
            children: Vec::new(),
            inactive: r.get(4)?,
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

fn classes(conn: &Connection, connection_id: i64) -> Result<Vec<ClassRecord>, ViewError> {
    let mut terms: HashMap<String, Vec<String>> = HashMap::new();
    let mut statement = conn.prepare("SELECT id, target FROM class_terms WHERE connection_id = ?1 ORDER BY target")?;
    for row in statement.query_map([connection_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))? {
        let (id, term) = row?;
        terms.entry(id).or_default().push(term);
    }
    let mut statement = conn.prepare(
        "SELECT id, title, course_id, school_id, to_be_deleted FROM classes WHERE connection_id = ?1 ORDER BY rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(ClassRecord {
            id: r.get(0)?,
            title: r.get(1)?,
            course: r.get(2)?,
            school: r.get(3)?,
            terms: Vec::new(),
            inactive: r.get(4)?,
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

fn enrollments(conn: &Connection, connection_id: i64) -> Result<Vec<EnrollmentRecord>, ViewError> {
    let mut statement = conn.prepare(
        "SELECT id, user_id, class_id, school_id, role, is_primary, begin_date, end_date, to_be_deleted
         FROM enrollments WHERE connection_id = ?1 ORDER BY rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        let primary: Option<String> = r.get(5)?;
        Ok(EnrollmentRecord {
            id: r.get(0)?,
            user: r.get::<_, Option<String>>(1)?.unwrap_or_default(),
            class: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
            school: r.get(3)?,
            role: r.get(4)?,
            primary: primary.and_then(|p| match p.trim().to_ascii_lowercase().as_str() {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            }),
            begin_date: r.get(6)?,
            end_date: r.get(7)?,
            inactive: r.get(8)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Totals of a connection's roster.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RosterTotals {
    /// Orgs.
    pub orgs: usize,
    /// Classes.
    pub classes: usize,
    /// Enrollments.
    pub enrollments: usize,
    /// Distinct enrolled users.
    pub enrolled_users: usize,
}

/// The org outline of a connection with counts, and what does not fit the hierarchy.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RosterOverview {
    /// The connection's name.
    pub connection: String,
    /// Totals.
    pub totals: RosterTotals,
    /// Every org once, in outline order, with depth and counts.
    pub orgs: Vec<OrgLine>,
    /// Orgs whose parent is not cached.
    pub orphans: Vec<Orphan>,
    /// Orgs that are each other's ancestors.
    pub cycles: Vec<Vec<String>>,
    /// Children references that disagree with the child's own parent.
    pub conflicts: Vec<ParentConflict>,
    /// Children references to orgs that are not cached: (parent, child).
    pub unknown_children: Vec<(String, String)>,
    /// Classes that enrollments name but that are not cached.
    pub unknown_classes: Vec<String>,
}

/// The overview of the roster of the connection called `connection`.
pub fn roster_overview(conn: &Connection, connection: &str) -> Result<RosterOverview, ViewError> {
    let graph = load_roster(conn, resolve_connection(conn, connection)?)?;
    Ok(overview(connection, &graph))
}

/// The overview of a roster graph.
pub fn overview(connection: &str, graph: &RosterGraph) -> RosterOverview {
    RosterOverview {
        connection: connection.to_owned(),
        totals: RosterTotals {
            orgs: graph.orgs.len(),
            classes: graph.membership.classes().len(),
            enrollments: graph.membership.enrollments().len(),
            enrolled_users: graph.membership.user_count(),
        },
        orgs: graph.outline(),
        orphans: graph.orgs.orphans.clone(),
        cycles: graph.orgs.cycles.clone(),
        conflicts: graph.orgs.conflicts.clone(),
        unknown_children: graph.orgs.unknown_children.clone(),
        unknown_classes: graph.membership.unknown_classes.clone(),
    }
}

/// A class with its members.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassView {
    /// The class (absent when only enrollments name it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<ClassRecord>,
    /// Active members per role (lower case).
    pub counts: BTreeMap<String, usize>,
    /// Enrollments, by role then user.
    pub members: Vec<EnrollmentRecord>,
}

/// The class `class` of a roster graph with its members (of one role when `role` is given).
pub fn class_view(graph: &RosterGraph, class: &str, role: Option<&str>) -> ClassView {
    ClassView {
        class: graph.membership.class(class).cloned(),
        counts: graph.membership.member_counts(class),
        members: graph.membership.members(class, role).into_iter().cloned().collect(),
    }
}
