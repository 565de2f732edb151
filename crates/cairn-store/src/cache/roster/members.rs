//! A class's enrollments with their users, its line items, and distinct teachers and students
//! counted per group of classes (a school's terms, a term's courses) in one query.

use std::collections::HashMap;

use rusqlite::{Connection, params};

use crate::error::StoreError;

use super::sessions::text;
use super::truthy;

/// One enrollment of a class, with what the cache knows of its user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    /// The enrollment's sourcedId.
    pub enrollment_id: String,
    /// The user's sourcedId.
    pub user_id: String,
    /// role.
    pub role: Option<String>,
    /// primary.
    pub primary: Option<bool>,
    /// beginDate (inclusive).
    pub begin_date: Option<String>,
    /// endDate (exclusive).
    pub end_date: Option<String>,
    /// The enrollment's status is `tobedeleted`.
    pub inactive: bool,
    /// Whether the user is cached.
    pub user_cached: bool,
    /// givenName.
    pub given: Option<String>,
    /// familyName.
    pub family: Option<String>,
    /// preferredFirstName.
    pub preferred: Option<String>,
    /// username.
    pub username: Option<String>,
    /// identifier.
    pub identifier: Option<String>,
    /// email.
    pub email: Option<String>,
    /// enabledUser.
    pub enabled: Option<bool>,
    /// The user's status is `tobedeleted`.
    pub user_inactive: bool,
}

/// Every enrollment of class `class_id`, in cache order.
pub fn class_members(conn: &Connection, connection_id: i64, class_id: &str) -> Result<Vec<MemberRow>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT e.id, e.user_id, e.role, e.is_primary, e.begin_date, e.end_date, e.to_be_deleted,
                u.id IS NOT NULL, u.given_name, u.family_name,
                json_extract(u.json, '$.preferredFirstName'), u.username, json_extract(u.json, '$.identifier'),
                json_extract(u.json, '$.email'), json_extract(u.json, '$.enabledUser'), coalesce(u.to_be_deleted, 0)
         FROM enrollments e
         LEFT JOIN users u ON u.connection_id = e.connection_id AND u.id = e.user_id
         WHERE e.connection_id = ?1 AND e.class_id = ?2 ORDER BY e.rowid",
    )?;
    let rows = statement.query_map(params![connection_id, class_id], |r| {
        let value = |i: usize| r.get::<_, Option<rusqlite::types::Value>>(i).map(|v| v.and_then(text));
        Ok(MemberRow {
            enrollment_id: r.get(0)?,
            user_id: r.get::<_, Option<String>>(1)?.unwrap_or_default(),
            role: r.get(2)?,
            primary: truthy(r.get(3)?),
            begin_date: r.get(4)?,
            end_date: r.get(5)?,
            inactive: r.get(6)?,
            user_cached: r.get(7)?,
            given: r.get(8)?,
            family: r.get(9)?,
            preferred: value(10)?,
            username: r.get(11)?,
            identifier: value(12)?,
            email: value(13)?,
            enabled: truthy(value(14)?),
            user_inactive: r.get(15)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A line item of a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineItemRow {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: Option<String>,
    /// assignDate.
    pub assign_date: Option<String>,
    /// dueDate.
    pub due_date: Option<String>,
    /// The category's title (or sourcedId when not cached).
    pub category: Option<String>,
    /// The grading period's title (or sourcedId when not cached).
    pub grading_period: Option<String>,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// The line items of class `class_id`, by due date then title.
pub fn class_line_items(conn: &Connection, connection_id: i64, class_id: &str) -> Result<Vec<LineItemRow>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT l.id, l.title, json_extract(l.json, '$.assignDate'), l.due_date,
                coalesce(c.title, l.category_id), coalesce(s.title, l.grading_period_id), l.to_be_deleted
         FROM line_items l
         LEFT JOIN categories c ON c.connection_id = l.connection_id AND c.id = l.category_id
         LEFT JOIN academic_sessions s ON s.connection_id = l.connection_id AND s.id = l.grading_period_id
         WHERE l.connection_id = ?1 AND l.class_id = ?2 ORDER BY l.due_date, l.title, l.id",
    )?;
    let rows = statement.query_map(params![connection_id, class_id], |r| {
        Ok(LineItemRow {
            id: r.get(0)?,
            title: r.get(1)?,
            assign_date: r.get::<_, Option<rusqlite::types::Value>>(2)?.and_then(text),
            due_date: r.get(3)?,
            category: r.get(4)?,
            grading_period: r.get(5)?,
            inactive: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Distinct users of active teacher and student enrollments per group, given each class's
/// groups as `(class, group)` pairs (a class may be in several): group → (teachers, students).
pub fn group_counts(
    conn: &Connection,
    connection_id: i64,
    pairs: &[(String, String)],
) -> Result<HashMap<String, (u32, u32)>, StoreError> {
    if pairs.is_empty() {
        return Ok(HashMap::new());
    }
    let list = serde_json::to_string(pairs).unwrap_or_else(|_| "[]".to_owned());
    // CROSS JOIN keeps the pairs the outer loop: the planner knows nothing of json_each's size
    // and would otherwise read the pairs again for every enrollment (minutes at district scale).
    let mut statement = conn.prepare_cached(
        "WITH scope(class_id, grp) AS MATERIALIZED (
             SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2))
         SELECT s.grp, e.role, COUNT(DISTINCT e.user_id) FROM scope s
         CROSS JOIN enrollments e INDEXED BY enrollments_by_class_role
           ON e.connection_id = ?1 AND e.class_id = s.class_id AND e.role IN ('teacher', 'student')
          AND e.to_be_deleted = 0
         GROUP BY s.grp, e.role",
    )?;
    let rows = statement.query_map(params![connection_id, list], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, u32>(2)?))
    })?;
    let mut out: HashMap<String, (u32, u32)> = HashMap::new();
    for row in rows {
        let (group, role, n) = row?;
        let entry = out.entry(group).or_default();
        if role == "teacher" {
            entry.0 = n;
        } else {
            entry.1 = n;
        }
    }
    Ok(out)
}
