//! Full-text search across every cached framework (the cache's FTS5 index), each hit's
//! statement split around the words that matched so the UI can highlight them as text.

use std::collections::HashMap;

use rusqlite::Connection;
use serde_json::Value;

use super::error::AppError;
use super::types::{FieldMatch, FrameworkKey, SearchHit, Segment};
use cairn_files::progress::{Cancel, OnProgress, Progress, task};

/// Hits read between two progress reports. A search as you type asks for 50 hits and answers
/// in milliseconds: it reports nothing, since each report is a message the window must handle
/// on every keystroke. Only a search for hundreds of hits reports, and then says when it has
/// read them all.
const REPORT_EVERY: u64 = 200;

/// Items of every cached framework matching `query` (each word a prefix), best first;
/// reports the hits read every [`REPORT_EVERY`] (task `search`, stage `items`) and stops
/// between hits once `cancel` fires.
pub fn search(
    conn: &Connection,
    query: &str,
    limit: u32,
    cancel: &Cancel,
    progress: OnProgress<'_>,
) -> Result<Vec<SearchHit>, AppError> {
    let report = |done| progress(Progress::new(task::SEARCH, "items", done, Some(u64::from(limit))));
    let stop = &mut |read: u64| {
        if read.is_multiple_of(REPORT_EVERY) {
            report(read);
        }
        cancel.is_cancelled()
    };
    let Some(hits) = cairn_store::cache::search_items_until(conn, query, limit, stop)? else {
        return Err(AppError::cancelled("the search was cancelled"));
    };
    if hits.len() as u64 >= REPORT_EVERY {
        report(hits.len() as u64);
    }
    if hits.is_empty() {
        return Ok(Vec::new());
    }
    let documents = framework_titles(conn)?;
    let words: Vec<String> = query.split_whitespace().map(fold).collect();
    Ok(hits
        .into_iter()
        .filter_map(|hit| {
            let document = hit.document?;
            let item: Value = serde_json::from_str(&hit.json).ok()?;
            let text = |field: &str| item.get(field).and_then(Value::as_str).map(str::to_owned);
            let statement = text("fullStatement").unwrap_or_default();
            let segments = segments(&statement, &words);
            let matched_in = match segments.iter().any(|s| s.hit) {
                true => None,
                false => other_field_match(&item, &words),
            };
            let (framework_title, framework_language) = documents
                .get(&(hit.connection.clone(), document.clone()))
                .cloned()
                .unwrap_or_else(|| (document.clone(), None));
            Some(SearchHit {
                key: FrameworkKey { connection: hit.connection, identifier: document },
                framework_title,
                language: text("language").or(framework_language),
                identifier: hit.id,
                human_coding_scheme: text("humanCodingScheme"),
                segments,
                matched_in,
            })
        })
        .collect())
}

/// Each cached framework's title and `language` (which its items' text is in unless they say
/// otherwise), by connection name and document identifier.
pub(super) type FrameworkTitles = HashMap<(String, String), (String, Option<String>)>;

/// The [`FrameworkTitles`] of the cache.
pub(super) fn framework_titles(conn: &Connection) -> Result<FrameworkTitles, AppError> {
    Ok(cairn_store::cache::documents(conn)?
        .into_iter()
        .map(|row| {
            let document = serde_json::from_str::<Value>(&row.json).ok();
            let text =
                |field: &str| document.as_ref().and_then(|d| d.get(field)).and_then(Value::as_str).map(str::to_owned);
            let title = text("title").unwrap_or_else(|| row.id.clone());
            ((row.connection, row.id), (title, text("language")))
        })
        .collect())
}

/// The fields besides the statement that the index searches, in the order a reader cares.
const OTHER_FIELDS: [&str; 5] =
    ["abbreviatedStatement", "alternativeLabel", "conceptKeywords", "notes", "humanCodingScheme"];

/// The first field besides the statement whose text holds one of `words`.
fn other_field_match(item: &Value, words: &[String]) -> Option<FieldMatch> {
    OTHER_FIELDS.iter().find_map(|field| {
        let text = match item.get(*field)? {
            Value::String(s) => s.clone(),
            Value::Array(values) => values.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
            _ => return None,
        };
        let segments = segments(&text, words);
        segments.iter().any(|s| s.hit).then(|| FieldMatch { field: (*field).to_owned(), segments })
    })
}

/// `text` split into runs of words that start with one of `words` (already folded) and the rest.
pub fn segments(text: &str, words: &[String]) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::new();
    let mut push = |piece: &str, hit: bool| match out.last_mut() {
        Some(last) if last.hit == hit => last.text.push_str(piece),
        _ => out.push(Segment { text: piece.to_owned(), hit }),
    };
    let is_hit = |piece: &str, in_word: bool| in_word && words.iter().any(|w| fold(piece).starts_with(w.as_str()));
    let mut start = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        let word_char = c.is_alphanumeric();
        if word_char != in_word {
            let piece = &text[start..i];
            if !piece.is_empty() {
                push(piece, is_hit(piece, in_word));
            }
            start = i;
            in_word = word_char;
        }
    }
    let tail = &text[start..];
    if !tail.is_empty() {
        push(tail, is_hit(tail, in_word));
    }
    out
}

/// Lower case without diacritics (as the index's `remove_diacritics` compares), letters and
/// digits only.
fn fold(word: &str) -> String {
    super::roster::fold(word).chars().filter(|c| c.is_alphanumeric()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(text: &str, query: &str) -> String {
        let words: Vec<String> = query.split_whitespace().map(fold).collect();
        segments(text, &words).iter().map(|s| if s.hit { format!("[{}]", s.text) } else { s.text.clone() }).collect()
    }

    #[test]
    fn words_starting_with_a_searched_word_are_marked() {
        assert_eq!(
            marked("Add fractions, and adding mixed numbers.", "add"),
            "[Add] fractions, and [adding] mixed numbers."
        );
        assert_eq!(marked("Réel et irréel", "reel"), "[Réel] et irréel");
        assert_eq!(marked("x² + y = 3", "y"), "x² + [y] = 3");
        assert_eq!(marked("", "a"), "");
    }
}
