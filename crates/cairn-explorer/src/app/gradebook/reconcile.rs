//! Before a bulk POST is sent again (its first attempt may have reached the server: the answer
//! was lost, or the app stopped while it was on the wire), what the server holds is read: the
//! records of the POST's parent. When every posted record is there, the POST went through and
//! is not sent again; when none is, it is sent; when some are, nobody can tell, and it fails.

use cairn_client::Client;
use cairn_query::Query;
use serde_json::Value;

use super::kinds::Bulk;
use super::types::IdPair;
use crate::app::AppError;

/// Records read per page.
const PAGE: usize = 1000;

/// What the server holds of a POST made before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Held {
    /// Every posted record, with the identifiers the server gave them.
    All(Vec<IdPair>),
    /// None of them.
    None,
    /// Some (how many of how many).
    Some(usize, usize),
}

/// Reads the records under `parent` and looks for each posted record among them.
pub async fn held(client: &Client, bulk: &Bulk, parent: &str, posted: &[Value]) -> Result<Held, AppError> {
    let operation = cairn_sync::get_all(bulk.collection)
        .ok_or_else(|| AppError::internal(format!("no operation reads {}", bulk.collection.name())))?;
    let filter = format!("{}.sourcedId='{}'", bulk.field, parent.replace('\'', "''"));
    let mut found = Vec::new();
    let mut offset = 0;
    loop {
        let query = Query::from_params([
            ("filter", filter.clone()),
            ("limit", PAGE.to_string()),
            ("offset", offset.to_string()),
        ])
        .map_err(|e| AppError::internal(format!("the read of what the server holds: {e}")))?;
        let records = client.call(operation, &[], Some(&query), None).await?.into_records(operation)?;
        let n = records.len();
        found.extend(records);
        if n < PAGE {
            break;
        }
        offset += n;
    }
    let mut taken = vec![false; found.len()];
    let mut pairs = Vec::new();
    for record in posted {
        let supplied = record.get("sourcedId").and_then(Value::as_str).unwrap_or_default().to_owned();
        let hit = found.iter().enumerate().position(|(i, s)| !taken[i] && same(record, s, bulk.field));
        if let Some(i) = hit {
            taken[i] = true;
            let allocated = found[i].get("sourcedId").and_then(Value::as_str).unwrap_or_default().to_owned();
            pairs.push(IdPair { supplied, allocated });
        }
    }
    Ok(match pairs.len() {
        0 => Held::None,
        n if n == posted.len() => Held::All(pairs),
        n => Held::Some(n, posted.len()),
    })
}

/// Whether the server's record holds what was posted (its identifier, its modification time
/// and the reference the path fills aside; references compared by sourcedId).
pub fn same(posted: &Value, server: &Value, filled: &str) -> bool {
    let Some(fields) = posted.as_object() else { return false };
    fields.iter().filter(|(k, _)| !matches!(k.as_str(), "sourcedId" | "dateLastModified") && *k != filled).all(
        |(k, v)| match (v.get("sourcedId"), server.get(k)) {
            (Some(id), Some(held)) => held.get("sourcedId") == Some(id),
            (None, held) => held == Some(v),
            (Some(_), None) => false,
        },
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_record_is_the_same_when_what_was_posted_is_held() {
        let posted = json!({"sourcedId": "tmp-1", "title": "Quiz", "class": {"sourcedId": "c1"},
                            "category": {"sourcedId": "k", "type": "category"}});
        let held = json!({"sourcedId": "srv-9", "title": "Quiz", "dateLastModified": "2026-01-01T00:00:00Z",
                          "class": {"sourcedId": "c1", "href": "x", "type": "class"},
                          "category": {"sourcedId": "k", "href": "y", "type": "category"}, "status": "active"});
        assert!(same(&posted, &held, "class"));
        assert!(!same(&json!({"sourcedId": "t", "title": "Test"}), &held, "class"));
        assert!(!same(&json!({"sourcedId": "t", "gradingPeriod": {"sourcedId": "g"}}), &held, "class"));
    }
}
