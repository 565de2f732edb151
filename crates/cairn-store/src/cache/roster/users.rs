//! A user's links that only other records hold (who names them as an agent, their
//! enrollments with their classes), users found as you type, and the journal's last word on a
//! collection.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::StoreError;

use super::super::search::fts_query;
use super::sessions::text;
use super::truthy;

/// A user naming another among their agents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentRow {
    /// The user's sourcedId.
    pub id: String,
    /// givenName familyName.
    pub name: Option<String>,
    /// The roles the user holds (`roles[].role`).
    pub roles: Vec<String>,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// The users that list `user_id` among their agents (the reverse of `agents`).
pub fn agents_of(conn: &Connection, connection_id: i64, user_id: &str) -> Result<Vec<AgentRow>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT u.id, trim(coalesce(u.given_name, '') || ' ' || coalesce(u.family_name, '')), u.to_be_deleted,
                (SELECT group_concat(r.target, ',') FROM user_roles r WHERE r.connection_id = u.connection_id AND r.id = u.id)
         FROM user_agents a JOIN users u ON u.connection_id = a.connection_id AND u.id = a.id
         WHERE a.connection_id = ?1 AND a.target = ?2 ORDER BY u.family_name, u.given_name, u.id",
    )?;
    let rows = statement.query_map(params![connection_id, user_id], |r| {
        Ok(AgentRow {
            id: r.get(0)?,
            name: r.get(1)?,
            inactive: r.get(2)?,
            roles: r
                .get::<_, Option<String>>(3)?
                .map(|s| s.split(',').map(str::to_owned).collect())
                .unwrap_or_default(),
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One enrollment of a user, with its class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserEnrollmentRow {
    /// The enrollment's sourcedId.
    pub enrollment_id: String,
    /// The class's sourcedId.
    pub class_id: String,
    /// Whether the class is cached.
    pub class_cached: bool,
    /// The class's title.
    pub class_title: Option<String>,
    /// The class's classCode.
    pub class_code: Option<String>,
    /// The school's name (the class's school, else the enrollment's).
    pub school: Option<String>,
    /// role.
    pub role: Option<String>,
    /// primary.
    pub primary: Option<bool>,
    /// beginDate.
    pub begin_date: Option<String>,
    /// endDate.
    pub end_date: Option<String>,
    /// The enrollment's status is `tobedeleted`.
    pub inactive: bool,
}

/// Every enrollment of `user_id`, by class title.
pub fn user_enrollments(
    conn: &Connection,
    connection_id: i64,
    user_id: &str,
) -> Result<Vec<UserEnrollmentRow>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT e.id, e.class_id, c.id IS NOT NULL, c.title, c.class_code, o.name, e.role, e.is_primary,
                e.begin_date, e.end_date, e.to_be_deleted
         FROM enrollments e
         LEFT JOIN classes c ON c.connection_id = e.connection_id AND c.id = e.class_id
         LEFT JOIN orgs o ON o.connection_id = e.connection_id AND o.id = coalesce(c.school_id, e.school_id)
         WHERE e.connection_id = ?1 AND e.user_id = ?2 ORDER BY c.title, e.class_id, e.begin_date",
    )?;
    let rows = statement.query_map(params![connection_id, user_id], |r| {
        Ok(UserEnrollmentRow {
            enrollment_id: r.get(0)?,
            class_id: r.get::<_, Option<String>>(1)?.unwrap_or_default(),
            class_cached: r.get(2)?,
            class_title: r.get(3)?,
            class_code: r.get(4)?,
            school: r.get(5)?,
            role: r.get(6)?,
            primary: truthy(r.get(7)?),
            begin_date: r.get(8)?,
            end_date: r.get(9)?,
            inactive: r.get(10)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A user found by search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserHit {
    /// sourcedId.
    pub id: String,
    /// givenName.
    pub given: Option<String>,
    /// familyName.
    pub family: Option<String>,
    /// preferredFirstName.
    pub preferred: Option<String>,
    /// username.
    pub username: Option<String>,
    /// email.
    pub email: Option<String>,
    /// identifier.
    pub identifier: Option<String>,
    /// The roles the user holds.
    pub roles: Vec<String>,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// Users whose names, preferred first name, email, username or identifier start with each
/// word of `words` (the full-text index), plus the user whose sourcedId is `words` exactly;
/// at most `limit`, unranked (a ranking would read every match of a one-letter prefix).
pub fn search_users(
    conn: &Connection,
    connection_id: i64,
    words: &str,
    limit: u32,
) -> Result<Vec<UserHit>, StoreError> {
    let mut out = Vec::new();
    let columns = "u.id, u.given_name, u.family_name, json_extract(u.json, '$.preferredFirstName'), u.username,
                   json_extract(u.json, '$.email'), json_extract(u.json, '$.identifier'), u.to_be_deleted,
                   (SELECT group_concat(r.target, ',') FROM user_roles r WHERE r.connection_id = u.connection_id AND r.id = u.id)";
    let read = |r: &rusqlite::Row<'_>| {
        let value = |i: usize| r.get::<_, Option<rusqlite::types::Value>>(i).map(|v| v.and_then(text));
        Ok(UserHit {
            id: r.get(0)?,
            given: r.get(1)?,
            family: r.get(2)?,
            preferred: value(3)?,
            username: r.get(4)?,
            email: value(5)?,
            identifier: value(6)?,
            inactive: r.get(7)?,
            roles: r
                .get::<_, Option<String>>(8)?
                .map(|s| s.split(',').map(str::to_owned).collect())
                .unwrap_or_default(),
        })
    };
    let trimmed = words.trim();
    if !trimmed.is_empty() {
        let sql = format!("SELECT {columns} FROM users u WHERE u.connection_id = ?1 AND u.id = ?2");
        if let Some(hit) = conn.prepare_cached(&sql)?.query_row(params![connection_id, trimmed], read).optional()? {
            out.push(hit);
        }
    }
    let Some(query) = fts_query(words) else { return Ok(out) };
    let sql = format!(
        "SELECT {columns} FROM users_fts f JOIN users u ON u.rowid = f.rowid
         WHERE users_fts MATCH ?1 AND u.connection_id = ?2 LIMIT ?3"
    );
    let mut statement = conn.prepare_cached(&sql)?;
    for hit in statement.query_map(params![query, connection_id, limit], read)? {
        let hit = hit?;
        if out.len() < limit as usize && !out.iter().any(|h: &UserHit| h.id == hit.id) {
            out.push(hit);
        }
    }
    Ok(out)
}

/// The last journal line of `collection` for a connection (the last complete one when
/// `complete`): its outcome and start time.
pub fn latest_journal(
    conn: &Connection,
    connection_id: i64,
    collection: &str,
    complete: bool,
) -> Result<Option<(String, String)>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT outcome, started_at FROM sync_journal
             WHERE connection_id = ?1 AND collection = ?2 AND (?3 = 0 OR outcome = 'complete')
             ORDER BY id DESC LIMIT 1",
        )?
        .query_row(params![connection_id, collection, complete], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// The roles each of the users `ids` holds (their `roles` link targets, in order).
pub fn user_roles(
    conn: &Connection,
    connection_id: i64,
    ids: &[String],
) -> Result<std::collections::HashMap<String, Vec<String>>, StoreError> {
    let list = serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_owned());
    let mut statement = conn.prepare_cached(
        "SELECT id, target FROM user_roles WHERE connection_id = ?1 AND id IN (SELECT value FROM json_each(?2))
         ORDER BY target",
    )?;
    let mut out: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
    for row in statement.query_map(params![connection_id, list], |r| Ok((r.get(0)?, r.get(1)?)))? {
        let (id, role): (String, String) = row?;
        out.entry(id).or_default().push(role);
    }
    Ok(out)
}
