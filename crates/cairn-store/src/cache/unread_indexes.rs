//! Migration 9: the secondary indexes that no read of the cache uses, dropped. Each cost the
//! sync's writer an insert per record — the results' by student in random key order, a B-tree
//! seek a record — while nothing searched them. The results are read by line item (a class's
//! gradebook); the enrollments by class with role (`enrollments_by_class_role`, which also
//! answers what `(connection_id, class_id)` did) and by user; the assessment line items and
//! results are kept whole, never read by a column. A read that needs one of them again adds it
//! back in a migration of its own. `IF EXISTS`: a cache without one of them opens all the same.

/// The SQL of migration 9.
pub(crate) const UNREAD_INDEXES: &str = "
    DROP INDEX IF EXISTS results_student_id;
    DROP INDEX IF EXISTS results_class_id;
    DROP INDEX IF EXISTS assessment_results_assessment_line_item_id;
    DROP INDEX IF EXISTS assessment_results_student_id;
    DROP INDEX IF EXISTS assessment_line_items_class_id;
    DROP INDEX IF EXISTS assessment_line_items_parent_id;
    DROP INDEX IF EXISTS enrollments_class_id;
    DROP INDEX IF EXISTS enrollments_school_id;
    DROP INDEX IF EXISTS enrollments_role;
";

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // tests fail loudly

    use rusqlite::{Connection, params};

    use crate::cache::prepare;
    use crate::open_in_memory;

    /// The steps of `sql`'s query plan.
    fn plan(conn: &Connection, sql: &str) -> Vec<String> {
        let mut statement = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        statement.query_map(params![1, "x"], |r| r.get::<_, String>(3)).unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn the_dropped_indexes_are_gone_and_every_roster_read_still_searches_an_index() {
        let mut conn = open_in_memory().unwrap();
        prepare(&mut conn).unwrap();
        let indexes: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('results', 'enrollments')")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for gone in ["results_student_id", "results_class_id", "enrollments_class_id", "enrollments_role"] {
            assert!(!indexes.iter().any(|name| name == gone), "{gone} is still there: {indexes:?}");
        }
        // The reads of the tables that lost indexes (as `gradebook.rs` and `roster/` write them):
        // each finds its rows through an index, never by scanning the table.
        for sql in [
            "SELECT r.json FROM line_items l JOIN results r ON r.connection_id = l.connection_id AND r.line_item_id = l.id
             WHERE l.connection_id = ?1 AND l.class_id = ?2 AND l.to_be_deleted = 0 AND r.to_be_deleted = 0",
            "SELECT e.id FROM enrollments e LEFT JOIN users u ON u.connection_id = e.connection_id AND u.id = e.user_id
             WHERE e.connection_id = ?1 AND e.class_id = ?2 ORDER BY e.rowid",
            "SELECT e.id FROM enrollments e LEFT JOIN classes c ON c.connection_id = e.connection_id AND c.id = e.class_id
             WHERE e.connection_id = ?1 AND e.user_id = ?2",
            "SELECT e.user_id FROM enrollments e WHERE e.connection_id = ?1 AND e.class_id = ?2 AND e.role = 'teacher'
             AND e.to_be_deleted = 0",
        ] {
            let steps = plan(&conn, sql);
            assert!(steps.iter().all(|step| !step.starts_with("SCAN")), "{sql}: {steps:?}");
        }
    }
}
