//! The sidebar's list: every cached framework, grouped by the connection or import holding it.

use rusqlite::Connection;
use serde_json::Value;

use super::BUILTIN_CONNECTION;
use super::error::AppError;
use super::types::{FrameworkGroup, FrameworkKey, FrameworkSummary, SourceKind};

/// Every cached framework, grouped by connection (the built-in sandbox first, then by name),
/// each group's frameworks by title.
pub fn list_frameworks(conn: &Connection) -> Result<Vec<FrameworkGroup>, AppError> {
    let mut groups: Vec<FrameworkGroup> = Vec::new();
    for row in cairn_store::cache::documents(conn)? {
        let document: Value = serde_json::from_str(&row.json).unwrap_or(Value::Null);
        let summary =
            summary(FrameworkKey { connection: row.connection.clone(), identifier: row.id }, &document, row.items);
        match groups.last_mut() {
            Some(group) if group.connection == row.connection => group.frameworks.push(summary),
            _ => groups.push(FrameworkGroup {
                kind: source_kind(&row.connection, &row.base_url),
                connection: row.connection,
                frameworks: vec![summary],
            }),
        }
    }
    for group in &mut groups {
        group.frameworks.sort_by_key(|f| f.title.to_lowercase());
    }
    groups.sort_by_key(|group| group.kind != SourceKind::BuiltIn);
    Ok(groups)
}

/// Where a connection's data comes from, by its name and base URL.
pub fn source_kind(name: &str, base_url: &str) -> SourceKind {
    if name == BUILTIN_CONNECTION {
        SourceKind::BuiltIn
    } else if base_url.starts_with("file:") {
        SourceKind::Import
    } else {
        SourceKind::Connection
    }
}

fn summary(key: FrameworkKey, document: &Value, items: u32) -> FrameworkSummary {
    let text = |field: &str| document.get(field).and_then(Value::as_str).map(str::to_owned);
    let subjects = match document.get("subject") {
        Some(Value::Array(values)) => values.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
        Some(Value::String(one)) => vec![one.clone()],
        _ => Vec::new(),
    };
    FrameworkSummary {
        title: text("title").unwrap_or_else(|| key.identifier.clone()),
        publisher: text("publisher").or_else(|| text("creator")),
        version: text("version"),
        adoption_status: text("adoptionStatus"),
        subjects,
        last_change_date_time: text("lastChangeDateTime"),
        item_count: items,
        key,
    }
}
