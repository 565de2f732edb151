//! Migration 4: an index of enrollments by class with role, status, user and dates, so that a
//! class's counts and the enrollment checks read the index and not the records; and, per
//! roster table, a small partial index of the records to be deleted.

/// The SQL of migration 4.
pub(crate) const ROSTER_INDEXES: &str = "
    CREATE INDEX enrollments_by_class_role
        ON enrollments (connection_id, class_id, role, to_be_deleted, user_id, begin_date, end_date);
    CREATE INDEX orgs_to_be_deleted ON orgs (connection_id) WHERE to_be_deleted = 1;
    CREATE INDEX academic_sessions_to_be_deleted ON academic_sessions (connection_id) WHERE to_be_deleted = 1;
    CREATE INDEX courses_to_be_deleted ON courses (connection_id) WHERE to_be_deleted = 1;
    CREATE INDEX classes_to_be_deleted ON classes (connection_id) WHERE to_be_deleted = 1;
    CREATE INDEX users_to_be_deleted ON users (connection_id) WHERE to_be_deleted = 1;
    CREATE INDEX enrollments_to_be_deleted ON enrollments (connection_id) WHERE to_be_deleted = 1;
    CREATE INDEX demographics_to_be_deleted ON demographics (connection_id) WHERE to_be_deleted = 1;
    CREATE INDEX resources_to_be_deleted ON resources (connection_id) WHERE to_be_deleted = 1;
";
