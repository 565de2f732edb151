//! The data checks: records to be deleted, disabled users, enrollments outside their class's
//! terms, classes without a teacher, and references to records the cache does not hold. Each
//! check is one query answering its count and its first rows at once.

use rusqlite::{Connection, params};

use crate::error::StoreError;

/// A data check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataCheck {
    /// Roster records whose status is `tobedeleted` (or `inactive`).
    ToBeDeleted,
    /// Users whose `enabledUser` is false.
    DisabledUsers,
    /// Active enrollments that begin before their class's first term starts, or after its
    /// last term ends, or end after it ends (end dates exclusive).
    OutsideTerms,
    /// Active classes with no active teacher enrollment.
    NoTeacher,
    /// Classes naming a course that is not cached.
    UnknownCourse,
    /// Classes naming a school that is not cached.
    UnknownSchool,
    /// Classes naming a term that is not cached.
    UnknownTerm,
    /// Enrollments naming a user that is not cached.
    UnknownUser,
    /// Enrollments naming a class that is not cached.
    UnknownClass,
    /// Courses, users and orgs naming an org that is not cached.
    UnknownOrg,
    /// Users naming an agent that is not cached.
    UnknownAgent,
    /// Academic sessions naming a parent that is not cached.
    UnknownSession,
    /// Demographics whose sourcedId is no cached user's.
    OrphanDemographics,
}

impl DataCheck {
    /// Every check, in the order the view lists them.
    pub const ALL: [DataCheck; 13] = [
        DataCheck::ToBeDeleted,
        DataCheck::DisabledUsers,
        DataCheck::OutsideTerms,
        DataCheck::NoTeacher,
        DataCheck::UnknownCourse,
        DataCheck::UnknownSchool,
        DataCheck::UnknownTerm,
        DataCheck::UnknownUser,
        DataCheck::UnknownClass,
        DataCheck::UnknownOrg,
        DataCheck::UnknownAgent,
        DataCheck::UnknownSession,
        DataCheck::OrphanDemographics,
    ];

    /// The query: rows of (collection, id, label, detail), `?1` the connection.
    fn sql(self) -> &'static str {
        match self {
            DataCheck::ToBeDeleted => TO_BE_DELETED,
            DataCheck::DisabledUsers => {
                "SELECT 'users', id, trim(coalesce(given_name, '') || ' ' || coalesce(family_name, '')),
                        'enabledUser is false' || CASE WHEN username IS NOT NULL THEN ' (username ' || username || ')' ELSE '' END
                 FROM users WHERE connection_id = ?1 AND json_valid(json)
                   AND json_extract(json, '$.enabledUser') IN ('false', 'FALSE', 'False', 0)"
            }
            DataCheck::OutsideTerms => OUTSIDE_TERMS,
            DataCheck::NoTeacher => {
                "SELECT 'classes', c.id, c.title, 'at ' || coalesce(o.name, c.school_id, 'no school') FROM classes c
                 LEFT JOIN orgs o ON o.connection_id = c.connection_id AND o.id = c.school_id
                 WHERE c.connection_id = ?1 AND c.to_be_deleted = 0 AND NOT EXISTS (
                     SELECT 1 FROM enrollments e INDEXED BY enrollments_by_class_role
                     WHERE e.connection_id = ?1 AND e.class_id = c.id AND e.role = 'teacher' AND e.to_be_deleted = 0)"
            }
            DataCheck::UnknownCourse => {
                "SELECT 'classes', c.id, c.title, 'names course ' || c.course_id FROM classes c
                 WHERE c.connection_id = ?1 AND c.course_id IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM courses x WHERE x.connection_id = ?1 AND x.id = c.course_id)"
            }
            DataCheck::UnknownSchool => {
                "SELECT 'classes', c.id, c.title, 'names school ' || c.school_id FROM classes c
                 WHERE c.connection_id = ?1 AND c.school_id IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM orgs x WHERE x.connection_id = ?1 AND x.id = c.school_id)"
            }
            DataCheck::UnknownTerm => {
                "SELECT 'classes', c.id, c.title, 'names term ' || t.target FROM class_terms t
                 JOIN classes c ON c.connection_id = t.connection_id AND c.id = t.id
                 WHERE t.connection_id = ?1
                   AND NOT EXISTS (SELECT 1 FROM academic_sessions x WHERE x.connection_id = ?1 AND x.id = t.target)"
            }
            DataCheck::UnknownUser => {
                "SELECT 'enrollments', e.id, e.role, 'names user ' || e.user_id || ' in class ' || coalesce(e.class_id, '?')
                 FROM enrollments e INDEXED BY enrollments_by_class_role
                 WHERE e.connection_id = ?1 AND e.user_id IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM users x WHERE x.connection_id = ?1 AND x.id = e.user_id)"
            }
            DataCheck::UnknownClass => {
                "SELECT 'enrollments', e.id, e.role, 'names class ' || e.class_id || ' for user ' || coalesce(e.user_id, '?')
                 FROM enrollments e INDEXED BY enrollments_by_class_role
                 WHERE e.connection_id = ?1 AND e.class_id IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM classes x WHERE x.connection_id = ?1 AND x.id = e.class_id)"
            }
            DataCheck::UnknownOrg => UNKNOWN_ORG,
            DataCheck::UnknownAgent => {
                "SELECT 'users', u.id, trim(coalesce(u.given_name, '') || ' ' || coalesce(u.family_name, '')),
                        'names agent ' || a.target
                 FROM user_agents a JOIN users u ON u.connection_id = a.connection_id AND u.id = a.id
                 WHERE a.connection_id = ?1
                   AND NOT EXISTS (SELECT 1 FROM users x WHERE x.connection_id = ?1 AND x.id = a.target)"
            }
            DataCheck::UnknownSession => {
                "SELECT 'academicSessions', s.id, s.title, 'names parent ' || s.parent_id FROM academic_sessions s
                 WHERE s.connection_id = ?1 AND s.parent_id IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM academic_sessions x WHERE x.connection_id = ?1 AND x.id = s.parent_id)"
            }
            DataCheck::OrphanDemographics => {
                "SELECT 'demographics', d.id, NULL, 'no cached user has this sourcedId' FROM demographics d
                 WHERE d.connection_id = ?1
                   AND NOT EXISTS (SELECT 1 FROM users x WHERE x.connection_id = ?1 AND x.id = d.id)"
            }
        }
    }
}

const TO_BE_DELETED: &str = "
    SELECT 'orgs', id, name, 'org, status tobedeleted' FROM orgs WHERE connection_id = ?1 AND to_be_deleted = 1
    UNION ALL SELECT 'academicSessions', id, title, 'academic session, status tobedeleted'
        FROM academic_sessions WHERE connection_id = ?1 AND to_be_deleted = 1
    UNION ALL SELECT 'courses', id, title, 'course, status tobedeleted' FROM courses WHERE connection_id = ?1 AND to_be_deleted = 1
    UNION ALL SELECT 'classes', id, title, 'class, status tobedeleted' FROM classes WHERE connection_id = ?1 AND to_be_deleted = 1
    UNION ALL SELECT 'users', id, trim(coalesce(given_name, '') || ' ' || coalesce(family_name, '')), 'user, status tobedeleted'
        FROM users WHERE connection_id = ?1 AND to_be_deleted = 1
    UNION ALL SELECT 'enrollments', id, role, 'enrollment of ' || coalesce(user_id, '?') || ' in ' || coalesce(class_id, '?') || ', status tobedeleted'
        FROM enrollments WHERE connection_id = ?1 AND to_be_deleted = 1
    UNION ALL SELECT 'demographics', id, NULL, 'demographics, status tobedeleted'
        FROM demographics WHERE connection_id = ?1 AND to_be_deleted = 1
    UNION ALL SELECT 'resources', id, title, 'resource, status tobedeleted' FROM resources WHERE connection_id = ?1 AND to_be_deleted = 1
";

const OUTSIDE_TERMS: &str = "
    WITH bounds AS (
        SELECT t.id AS class_id, MIN(s.start_date) AS first, MAX(s.end_date) AS last FROM class_terms t
        JOIN academic_sessions s ON s.connection_id = t.connection_id AND s.id = t.target
        WHERE t.connection_id = ?1 AND s.start_date IS NOT NULL AND s.end_date IS NOT NULL GROUP BY t.id)
    SELECT 'enrollments', e.id, e.role,
           'from ' || coalesce(e.begin_date, '(no begin)') || ' to ' || coalesce(e.end_date, '(no end)')
           || '; the class''s terms run from ' || b.first || ' to ' || b.last || ' (end dates exclusive)'
    FROM bounds b JOIN enrollments e INDEXED BY enrollments_by_class_role
      ON e.connection_id = ?1 AND e.class_id = b.class_id
    WHERE e.to_be_deleted = 0
      AND ((e.begin_date IS NOT NULL AND (e.begin_date < b.first OR e.begin_date >= b.last))
           OR (e.end_date IS NOT NULL AND (e.end_date > b.last OR e.end_date <= b.first)))
";

const UNKNOWN_ORG: &str = "
    SELECT 'courses', c.id, c.title, 'names org ' || c.org_id FROM courses c
    WHERE c.connection_id = ?1 AND c.org_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM orgs x WHERE x.connection_id = ?1 AND x.id = c.org_id)
    UNION ALL
    SELECT 'orgs', o.id, o.name, 'names parent ' || o.parent_id FROM orgs o
    WHERE o.connection_id = ?1 AND o.parent_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM orgs x WHERE x.connection_id = ?1 AND x.id = o.parent_id)
    UNION ALL
    SELECT 'users', u.id, trim(coalesce(u.given_name, '') || ' ' || coalesce(u.family_name, '')), 'has a role at org ' || r.target
    FROM user_orgs r JOIN users u ON u.connection_id = r.connection_id AND u.id = r.id
    WHERE r.connection_id = ?1 AND NOT EXISTS (SELECT 1 FROM orgs x WHERE x.connection_id = ?1 AND x.id = r.target)
    UNION ALL
    SELECT 'users', u.id, trim(coalesce(u.given_name, '') || ' ' || coalesce(u.family_name, '')), 'names primary org ' || u.primary_org_id
    FROM users u WHERE u.connection_id = ?1 AND u.primary_org_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM orgs x WHERE x.connection_id = ?1 AND x.id = u.primary_org_id)
";

/// A record a check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRow {
    /// The collection's name (`classes`, `enrollments`, ...).
    pub collection: String,
    /// sourcedId.
    pub id: String,
    /// The record's title, name or role.
    pub label: Option<String>,
    /// What is wrong with it.
    pub detail: Option<String>,
}

/// What one check found: how many records, and the first of them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CheckRows {
    /// Every record found.
    pub count: u64,
    /// The first `limit` of them.
    pub rows: Vec<CheckRow>,
}

/// Runs `check` on a connection's records, keeping at most `limit` rows.
pub fn data_check(
    conn: &Connection,
    connection_id: i64,
    check: DataCheck,
    limit: u32,
) -> Result<CheckRows, StoreError> {
    let sql = format!("SELECT *, COUNT(*) OVER () FROM ({}) LIMIT ?2", check.sql());
    let mut statement = conn.prepare_cached(&sql)?;
    let mut out = CheckRows::default();
    let rows = statement.query_map(params![connection_id, limit.max(1)], |r| {
        Ok((
            CheckRow {
                collection: r.get(0)?,
                id: r.get::<_, Option<String>>(1)?.unwrap_or_default(),
                label: r.get(2)?,
                detail: r.get(3)?,
            },
            r.get::<_, i64>(4)?,
        ))
    })?;
    for row in rows {
        let (row, count) = row?;
        out.count = count.max(0) as u64;
        if limit > 0 {
            out.rows.push(row);
        }
    }
    Ok(out)
}
