//! The class gradebook's reads: a class's line items (by class column), their results (by line
//! item column), and the class's score scales, each as the cached JSON, in a few queries.

use rusqlite::{Connection, params};

use crate::error::StoreError;

/// A class's gradebook records as cached (JSON text), records marked for deletion left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassGradebookRows {
    /// Its line items.
    pub line_items: Vec<String>,
    /// The results of those line items.
    pub results: Vec<String>,
    /// Score scales naming the class.
    pub score_scales: Vec<String>,
}

fn texts(conn: &Connection, sql: &str, connection_id: i64, class_id: &str) -> Result<Vec<String>, StoreError> {
    let mut statement = conn.prepare_cached(sql)?;
    let rows = statement.query_map(params![connection_id, class_id], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// What the gradebook of `class_id` shows.
pub fn class_gradebook(
    conn: &Connection,
    connection_id: i64,
    class_id: &str,
) -> Result<ClassGradebookRows, StoreError> {
    Ok(ClassGradebookRows {
        line_items: texts(
            conn,
            "SELECT json FROM line_items WHERE connection_id = ?1 AND class_id = ?2 AND to_be_deleted = 0",
            connection_id,
            class_id,
        )?,
        results: texts(
            conn,
            "SELECT r.json FROM line_items l JOIN results r
                ON r.connection_id = l.connection_id AND r.line_item_id = l.id
             WHERE l.connection_id = ?1 AND l.class_id = ?2 AND l.to_be_deleted = 0 AND r.to_be_deleted = 0",
            connection_id,
            class_id,
        )?,
        score_scales: texts(
            conn,
            "SELECT json FROM score_scales WHERE connection_id = ?1 AND class_id = ?2 AND to_be_deleted = 0",
            connection_id,
            class_id,
        )?,
    })
}
