//! The framework map's data: the open framework's tree depth first (its rows, parents and sizes
//! from the open framework's tables) with each item's type and education levels read from the
//! cache, for the window to lay out and colour.

use std::collections::HashMap;

use cairn_store::cache::{ItemFacts, item_facts};
use cairn_views::resolve_connection;
use rusqlite::Connection;

use super::error::AppError;
use super::open::OpenFramework;
use super::types::FrameworkMap;

/// Rows a map holds at most: a framework of 20,000 items has 20,000 unless items sit under many
/// parents, each of which repeats what lies below.
pub const MAP_ROWS: usize = 250_000;

/// The map of the open framework `open`.
pub fn framework_map(conn: &Connection, open: &OpenFramework) -> Result<FrameworkMap, AppError> {
    let key = open.key().clone();
    let connection = resolve_connection(conn, &key.connection)?;
    let facts: HashMap<String, ItemFacts> =
        item_facts(conn, connection, open.document())?.into_iter().map(|f| (f.id.clone(), f)).collect();
    let (mut rows, truncated, left_out) = open.map_rows(MAP_ROWS);
    // An item under several parents has its facts on each of its rows.
    for row in &mut rows {
        if let Some(facts) = facts.get(&row.identifier) {
            row.item_type.clone_from(&facts.item_type);
            row.education_levels.clone_from(&facts.education_levels);
        }
    }
    Ok(FrameworkMap { key, title: open.title().to_owned(), rows, left_out, truncated })
}
