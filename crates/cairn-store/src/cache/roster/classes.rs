//! Every class of a connection as one row of the classes table: its course, school and terms
//! by name, its periods, its teachers (primary first) and its count of distinct active students
//! — four queries, whatever the number of classes.

use std::collections::HashMap;

use rusqlite::Connection;

use crate::error::StoreError;

use super::{strings, truthy};

/// A teacher of a class, as the table names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeacherName {
    /// sourcedId.
    pub id: String,
    /// givenName.
    pub given: Option<String>,
    /// familyName.
    pub family: Option<String>,
    /// The enrollment's `primary`.
    pub primary: bool,
}

/// One class, ready for the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassRow {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: Option<String>,
    /// classCode.
    pub class_code: Option<String>,
    /// The course's sourcedId.
    pub course_id: Option<String>,
    /// The course's title, when cached.
    pub course_title: Option<String>,
    /// The school's sourcedId.
    pub school_id: Option<String>,
    /// The school's name, when cached.
    pub school_name: Option<String>,
    /// The terms: sourcedId and title (when cached).
    pub terms: Vec<(String, Option<String>)>,
    /// periods.
    pub periods: Vec<String>,
    /// Active teacher enrollments' users, primary first.
    pub teachers: Vec<TeacherName>,
    /// Distinct users of active student enrollments.
    pub students: u32,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// Every class of a connection, in cache order.
pub fn class_rows(conn: &Connection, connection_id: i64) -> Result<Vec<ClassRow>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT c.id, c.title, c.class_code, c.course_id, co.title, c.school_id, o.name, c.to_be_deleted,
                CASE WHEN json_valid(c.json) THEN json_extract(c.json, '$.periods') END
         FROM classes c
         LEFT JOIN courses co ON co.connection_id = c.connection_id AND co.id = c.course_id
         LEFT JOIN orgs o ON o.connection_id = c.connection_id AND o.id = c.school_id
         WHERE c.connection_id = ?1 ORDER BY c.rowid",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok(ClassRow {
            id: r.get(0)?,
            title: r.get(1)?,
            class_code: r.get(2)?,
            course_id: r.get(3)?,
            course_title: r.get(4)?,
            school_id: r.get(5)?,
            school_name: r.get(6)?,
            inactive: r.get(7)?,
            periods: strings(r.get::<_, Option<rusqlite::types::Value>>(8)?.and_then(super::sessions::text)),
            terms: Vec::new(),
            teachers: Vec::new(),
            students: 0,
        })
    })?;
    let mut classes: Vec<ClassRow> = rows.collect::<Result<_, _>>()?;
    let at: HashMap<String, usize> = classes.iter().enumerate().map(|(i, c)| (c.id.clone(), i)).collect();

    let mut statement = conn.prepare_cached(
        "SELECT ct.id, ct.target, s.title FROM class_terms ct
         LEFT JOIN academic_sessions s ON s.connection_id = ct.connection_id AND s.id = ct.target
         WHERE ct.connection_id = ?1",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, Option<String>>(2)?))
    })?;
    for row in rows {
        let (class, term, title) = row?;
        if let Some(&i) = at.get(&class) {
            classes[i].terms.push((term, title));
        }
    }

    let mut statement = conn.prepare_cached(
        // Class by class through the index: each seek reads only the class's active student
        // entries, already in user order, so the distinct count needs no temporary B-tree.
        "SELECT c.id, COUNT(DISTINCT e.user_id) FROM classes c
         CROSS JOIN enrollments e INDEXED BY enrollments_by_class_role
           ON e.connection_id = c.connection_id AND e.class_id = c.id AND e.role = 'student' AND e.to_be_deleted = 0
         WHERE c.connection_id = ?1 GROUP BY c.id",
    )?;
    let rows = statement.query_map([connection_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, u32>(1)?)))?;
    for row in rows {
        let (class, students) = row?;
        if let Some(&i) = at.get(&class) {
            classes[i].students = students;
        }
    }

    let mut statement = conn.prepare_cached(
        // From each class to its teachers through the index: a scan of the enrollments would read
        // every record (and its JSON) for a few thousand teachers.
        "SELECT e.class_id, e.user_id, e.is_primary, u.given_name, u.family_name
         FROM classes c
         CROSS JOIN enrollments e INDEXED BY enrollments_by_class_role
           ON e.connection_id = c.connection_id AND e.class_id = c.id AND e.role = 'teacher' AND e.to_be_deleted = 0
         LEFT JOIN users u ON u.connection_id = e.connection_id AND u.id = e.user_id
         WHERE c.connection_id = ?1",
    )?;
    let rows = statement.query_map([connection_id], |r| {
        Ok((
            r.get::<_, Option<String>>(0)?,
            TeacherName {
                id: r.get::<_, Option<String>>(1)?.unwrap_or_default(),
                primary: truthy(r.get(2)?).unwrap_or(false),
                given: r.get(3)?,
                family: r.get(4)?,
            },
        ))
    })?;
    for row in rows {
        let (class, teacher) = row?;
        if let Some(&i) = class.as_ref().and_then(|c| at.get(c)) {
            let teachers = &mut classes[i].teachers;
            match teachers.iter_mut().find(|t| t.id == teacher.id) {
                Some(known) => known.primary |= teacher.primary,
                None => teachers.push(teacher),
            }
        }
    }
    for class in &mut classes {
        class.teachers.sort_by_key(|t| std::cmp::Reverse(t.primary));
    }
    Ok(classes)
}
