//! The roster inspector's reads: orgs, sessions, classes with their counts, a class's members,
//! a user's links, user search and the data checks, each from the cache's relation columns
//! (and, where no column holds a field, one `json_extract` per row read). Migration 4 adds the
//! index the per-class counts read alone.

mod checks;
mod classes;
mod graph;
mod labels;
mod members;
mod migration;
mod sessions;
mod users;

pub use checks::{CheckRow, CheckRows, DataCheck, data_check};
pub use classes::{ClassRow, TeacherName, class_rows};
pub use graph::{GraphClass, GraphEnrollment, graph_classes, graph_enrollments};
pub use labels::{Label, course_codes, labels};
pub use members::{LineItemRow, MemberRow, class_line_items, class_members, group_counts};
pub(crate) use migration::ROSTER_INDEXES;
pub use sessions::{OrgRow, SessionRow, class_term_counts, orgs, sessions};
pub use users::{
    AgentRow, UserEnrollmentRow, UserHit, agents_of, latest_journal, search_users, user_enrollments, user_roles,
};

/// `1`/`true` read as a boolean column.
pub(crate) fn truthy(value: Option<String>) -> Option<bool> {
    value.and_then(|v| match v.trim().to_ascii_lowercase().as_str() {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    })
}

/// A JSON array of strings (or one string) as a list; anything else as nothing.
pub(crate) fn strings(json: Option<String>) -> Vec<String> {
    let Some(text) = json else { return Vec::new() };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Array(values)) => {
            values.into_iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()
        }
        Ok(serde_json::Value::String(one)) => vec![one],
        // json_extract answers a bare string unquoted.
        Err(_) if !text.is_empty() => vec![text],
        _ => Vec::new(),
    }
}
