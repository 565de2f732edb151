//! The roster inspector's graphs, read from the cache's relation columns (no record JSON is
//! parsed in Rust): the org hierarchy from `orgs.parent_id` and each org's `children`
//! references, classes from `classes` (course, school) and `class_terms`, and membership from
//! `enrollments` (user, class, school, role, primary, dates).

use std::collections::BTreeMap;

use cairn_graph::roster::{ClassRecord, EnrollmentRecord, OrgLine, OrgRecord, Orphan, ParentConflict, RosterGraph};
use cairn_store::cache;
use rusqlite::Connection;
use serde::Serialize;

use super::error::ViewError;
use super::package::resolve_connection;

/// The records of one connection as roster graphs.
pub fn load_roster(conn: &Connection, connection_id: i64) -> Result<RosterGraph, ViewError> {
    Ok(RosterGraph::new(orgs(conn, connection_id)?, classes(conn, connection_id)?, enrollments(conn, connection_id)?))
}

fn orgs(conn: &Connection, connection_id: i64) -> Result<Vec<OrgRecord>, ViewError> {
    let rows = cache::roster::orgs(conn, connection_id)?;
    Ok(rows
        .into_iter()
        .map(|row| OrgRecord {
            id: row.id,
            name: row.name,
            kind: row.kind,
            parent: row.parent,
            children: row.children,
            inactive: row.inactive,
        })
        .collect())
}

fn classes(conn: &Connection, connection_id: i64) -> Result<Vec<ClassRecord>, ViewError> {
    let rows = cache::roster::graph_classes(conn, connection_id)?;
    Ok(rows
        .into_iter()
        .map(|row| ClassRecord {
            id: row.id,
            title: row.title,
            course: row.course,
            school: row.school,
            terms: row.terms,
            inactive: row.to_be_deleted,
        })
        .collect())
}

fn enrollments(conn: &Connection, connection_id: i64) -> Result<Vec<EnrollmentRecord>, ViewError> {
    let rows = cache::roster::graph_enrollments(conn, connection_id)?;
    Ok(rows
        .into_iter()
        .map(|row| EnrollmentRecord {
            id: row.id,
            user: row.user.unwrap_or_default(),
            class: row.class.unwrap_or_default(),
            school: row.school,
            role: row.role,
            primary: row.primary.and_then(|p| match p.trim().to_ascii_lowercase().as_str() {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            }),
            begin_date: row.begin_date,
            end_date: row.end_date,
            inactive: row.to_be_deleted,
        })
        .collect())
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
