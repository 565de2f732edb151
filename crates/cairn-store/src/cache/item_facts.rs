//! What the framework map colours an item by, read for every item of a cached framework: its
//! `CFItemType` (a column) and its `educationLevel` (from the record's JSON: the only read here
//! that parses it, done when the map is asked for, never when a framework opens).

use rusqlite::{Connection, params};

use crate::error::StoreError;

/// An item's facts the map shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemFacts {
    /// The identifier.
    pub id: String,
    /// `CFItemType`.
    pub item_type: Option<String>,
    /// `educationLevel`: each string of the array (a lone string read as one; anything else none).
    pub education_levels: Vec<String>,
}

/// The facts of every item cached under `document` for the connection.
pub fn item_facts(conn: &Connection, connection_id: i64, document: &str) -> Result<Vec<ItemFacts>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT id, item_type,
                CASE WHEN json_valid(json) THEN json_extract(json, '$.educationLevel') END,
                CASE WHEN json_valid(json) THEN json_type(json, '$.educationLevel') END
           FROM cf_items WHERE connection_id = ?1 AND document_id = ?2 AND to_be_deleted = 0",
    )?;
    let rows = statement.query_map(params![connection_id, document], |r| {
        let levels: Option<String> = r.get(2)?;
        let kind: Option<String> = r.get(3)?;
        Ok(ItemFacts { id: r.get(0)?, item_type: r.get(1)?, education_levels: levels_of(levels, kind.as_deref()) })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The levels in `value` as SQLite's `json_extract` gave it (`kind` its `json_type`).
fn levels_of(value: Option<String>, kind: Option<&str>) -> Vec<String> {
    match (value, kind) {
        (Some(text), Some("text")) if !text.trim().is_empty() => vec![text.trim().to_owned()],
        (Some(array), Some("array")) => serde_json::from_str::<Vec<serde_json::Value>>(&array)
            .map(|values| {
                values
                    .into_iter()
                    .filter_map(|v| v.as_str().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_read_from_an_array_or_a_lone_string_and_nothing_else() {
        assert_eq!(levels_of(Some(r#"["KG", " 01 ", 3, ""]"#.into()), Some("array")), vec!["KG", "01"]);
        assert_eq!(levels_of(Some("09".into()), Some("text")), vec!["09"]);
        assert!(levels_of(Some("7".into()), Some("integer")).is_empty());
        assert!(levels_of(Some("[oops".into()), Some("array")).is_empty());
        assert!(levels_of(None, None).is_empty());
    }
}
