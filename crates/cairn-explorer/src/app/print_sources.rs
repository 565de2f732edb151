//! What prints besides a framework: a search's results (by framework, best first within each)
//! and a crosswalk as the window shows it (its pairs by association type, each FROM item with
//! its counterparts, then each side's items without one). Each is a [`PrintDocument`] for the
//! same renderer, preview and PDF as a framework's: sections are heading entries
//! (`PrintItem::heading`) at level 1, their items at level 2.

use std::collections::BTreeSet;

use cairn_files::export::print::{PrintColumns, PrintDocument, PrintField, PrintItem, PrintLinks};
use cairn_spec::Collection;
use cairn_spec::case::AssociationType;
use cairn_spec::scalar::Term;
use cairn_views::resolve_connection;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::error::AppError;
use super::relations::types::{CrosswalkReport, CrosswalkSide, ItemSummary};
use super::search::framework_titles;
use super::types::FrameworkKey;
use crate::app::relations::types::CrosswalkPair;

/// What the Print dialog prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum PrintSource {
    /// A framework, or the subtree under its item `subtree`.
    Framework {
        /// The framework.
        key: FrameworkKey,
        /// The subtree's root item, for a subtree.
        subtree: Option<String>,
    },
    /// The results of a search of every cached framework: the first `limit`, as the window
    /// lists them.
    Search {
        /// The words searched for.
        query: String,
        /// How many results.
        limit: u32,
    },
    /// The crosswalk of two frameworks, filtered as the window shows it.
    Crosswalk {
        /// FROM.
        from: FrameworkKey,
        /// TO.
        to: FrameworkKey,
        /// Only the pairs of this association type.
        #[serde(rename = "associationType")]
        #[ts(rename = "associationType")]
        association_type: Option<String>,
        /// Only the pairs (and FROM's unmatched items) under this first-level item of FROM.
        subtree: Option<String>,
    },
}

/// The most results a search prints (the search's own cap).
pub const SEARCH_PRINT_LIMIT: u32 = 500;

/// The title `source`'s document will carry (a print job's name, the print dialog's heading),
/// read without building it: a framework's title, "Search results", or the crosswalk's. A
/// framework not in the cache, or a subtree's item not either, is refused here, before the
/// system's print dialog shows.
pub fn print_title(conn: &Connection, source: &PrintSource) -> Result<String, AppError> {
    let titles = framework_titles(conn)?;
    let title = |key: &FrameworkKey| {
        titles.get(&(key.connection.clone(), key.identifier.clone())).map(|(title, _)| title.clone()).ok_or_else(|| {
            AppError::not_found(format!("no framework {} in {}'s cache", key.identifier, key.connection))
        })
    };
    Ok(match source {
        PrintSource::Framework { key, subtree } => {
            let title = title(key)?;
            if let Some(root) = subtree {
                let connection = resolve_connection(conn, &key.connection)?;
                if cairn_store::cache::record(conn, connection, Collection::CfItems, root)?.is_none() {
                    return Err(AppError::not_found(format!("no item {root} in {title}")));
                }
            }
            title
        }
        PrintSource::Search { .. } => "Search results".to_owned(),
        PrintSource::Crosswalk { from, to, .. } => format!("Crosswalk of {} to {}", title(from)?, title(to)?),
    })
}

/// The print document of the first `limit` results of searching every cached framework for
/// `query`: a section per framework (in the order of its best result), each result with its
/// code, statement, notes and the `columns` an item has alone (type, education levels; not
/// associations, which belong to a framework's graph).
pub fn search_document(
    conn: &Connection,
    query: &str,
    limit: u32,
    columns: PrintColumns,
) -> Result<PrintDocument, AppError> {
    let columns = PrintColumns { associations: false, ..columns };
    let limit = limit.clamp(1, SEARCH_PRINT_LIMIT);
    let hits = cairn_store::cache::search_items(conn, query, limit)?;
    let titles = framework_titles(conn)?;
    // The frameworks in the order of their best result, each with its results best first.
    let mut sections: Vec<((String, String), Vec<Value>)> = Vec::new();
    for hit in hits {
        let Some(document) = hit.document else { continue };
        let Ok(json) = serde_json::from_str::<Value>(&hit.json) else { continue };
        let key = (hit.connection, document);
        match sections.iter_mut().find(|(k, _)| *k == key) {
            Some((_, items)) => items.push(json),
            None => sections.push((key, vec![json])),
        }
    }
    let results: usize = sections.iter().map(|(_, items)| items.len()).sum();
    let connections: BTreeSet<&str> = sections.iter().map(|((c, _), _)| c.as_str()).collect();
    let mut items = Vec::with_capacity(results + sections.len());
    for ((connection, document), found) in &sections {
        let title = titles.get(&(connection.clone(), document.clone())).map_or(document.as_str(), |(t, _)| t);
        let from = match connections.len() {
            1 => String::new(),
            _ => format!(", from {connection}"),
        };
        items.push(heading(title, format!("{} {}{from}", found.len(), noun(found.len(), "result"))));
        items.extend(found.iter().map(|json| item_of(json, columns)));
    }
    let fields = vec![
        field("Searched for", query),
        field("Results", &format!("{results} {} in {}", noun(results, "item"), count(sections.len(), "framework"))),
        field("Searched", "every cached framework, best match first within each"),
    ];
    Ok(PrintDocument {
        title: "Search results".to_owned(),
        scope: Some(format!("“{}”", query.trim())),
        fields,
        columns,
        items,
    })
}

/// The print document of `report` filtered to the pairs of `association_type` and to FROM's
/// subtree `subtree` (as the window's filters): a section per association type (its meaning
/// under it), each FROM item once with its counterparts in TO, then a section of each side's
/// items without one.
pub fn crosswalk_document(
    report: &CrosswalkReport,
    association_type: Option<&str>,
    subtree: Option<&str>,
) -> PrintDocument {
    let under = |item: &ItemSummary| subtree.is_none_or(|s| item.subtree.as_deref() == Some(s));
    let mut items = Vec::new();
    let mut shown = 0usize;
    for group in &report.groups {
        if association_type.is_some_and(|t| t != group.association_type) {
            continue;
        }
        let pairs: Vec<&CrosswalkPair> = group.pairs.iter().filter(|p| under(&p.from)).collect();
        if pairs.is_empty() {
            continue;
        }
        shown += pairs.len();
        let meaning = Term::<AssociationType>::new(group.association_type.as_str()).meaning().map(str::to_owned);
        let mut section = heading(&group.association_type, format!("{} {}", pairs.len(), noun(pairs.len(), "pair")));
        if let Some(meaning) = meaning {
            section.notes = Some(format!("{meaning}\n\n{}", section.notes.unwrap_or_default()));
        }
        items.push(section);
        // The pairs come by FROM item in tree order: each FROM item once, its counterparts
        // listed by direction.
        let mut at = 0;
        while at < pairs.len() {
            let from = &pairs[at].from;
            let same = pairs[at..].iter().take_while(|p| p.from.identifier == from.identifier).count();
            let mut entry = summary_item(from);
            for from_to in [true, false] {
                let ends: Vec<String> =
                    pairs[at..at + same].iter().filter(|p| p.from_to == from_to).map(|p| end_label(&p.to)).collect();
                if !ends.is_empty() {
                    entry.associations.push(PrintLinks {
                        association_type: group.association_type.clone(),
                        incoming: !from_to,
                        ends,
                    });
                }
            }
            items.push(entry);
            at += same;
        }
    }
    for (side, unmatched) in [
        (&report.from, report.from.uncovered.iter().filter(|i| under(i)).collect::<Vec<_>>()),
        (&report.to, report.to.uncovered.iter().collect()),
    ] {
        let note = match unmatched.len() {
            0 => "Every item has a counterpart.".to_owned(),
            n => format!("{n} {} without a counterpart", noun(n, "item")),
        };
        items.push(heading(&format!("Not matched in {}", side.title), note));
        items.extend(unmatched.into_iter().map(summary_item));
    }
    let scope = [
        association_type.map(|t| format!("{t} pairs")),
        subtree.map(|s| {
            let label = report.from.subtrees.iter().find(|r| r.identifier == s).map_or(s, |r| r.label.as_str());
            format!("under {label}")
        }),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>();
    let mut fields = vec![
        field("From", &side_name(&report.from)),
        field("To", &side_name(&report.to)),
        field("Pairs", &format!("{shown} of {}", count(report.pairs as usize, "pair"))),
        field("From covered", &coverage(&report.from)),
        field("To covered", &coverage(&report.to)),
    ];
    if let Some(t) = association_type {
        fields.push(field("Association type", t));
    }
    PrintDocument {
        title: format!("Crosswalk of {} to {}", report.from.title, report.to.title),
        scope: (!scope.is_empty()).then(|| scope.join(", ")),
        fields: fields.into_iter().filter(|f| !f.value.is_empty()).collect(),
        columns: PrintColumns { associations: true, item_type: false, education_level: false },
        items,
    }
}

/// A section's heading entry.
fn heading(title: &str, note: String) -> PrintItem {
    PrintItem {
        level: Some(1),
        code: String::new(),
        statement: title.to_owned(),
        notes: Some(note),
        item_type: None,
        education_level: Vec::new(),
        associations: Vec::new(),
        heading: true,
    }
}

/// An item of a section from its record.
fn item_of(json: &Value, columns: PrintColumns) -> PrintItem {
    let text = |key: &str| json.get(key).and_then(Value::as_str).map(str::to_owned);
    let code =
        [text("humanCodingScheme"), text("listEnumeration")].into_iter().flatten().find(|c| !c.trim().is_empty());
    PrintItem {
        level: Some(2),
        code: code.unwrap_or_default(),
        statement: text("fullStatement").unwrap_or_default(),
        notes: text("notes").filter(|n| !n.trim().is_empty()),
        item_type: text("CFItemType").filter(|_| columns.item_type),
        education_level: match (columns.education_level, json.get("educationLevel")) {
            (true, Some(Value::String(s))) => vec![s.clone()],
            (true, Some(Value::Array(values))) => values.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
            _ => Vec::new(),
        },
        associations: Vec::new(),
        heading: false,
    }
}

/// An item of a crosswalk's section.
fn summary_item(item: &ItemSummary) -> PrintItem {
    PrintItem {
        level: Some(2),
        code: item.code.clone().unwrap_or_default(),
        statement: item.statement.clone().unwrap_or_else(|| item.identifier.clone()),
        notes: None,
        item_type: None,
        education_level: Vec::new(),
        associations: Vec::new(),
        heading: false,
    }
}

/// The other end of a pair as its line says it: code and the start of its statement.
fn end_label(item: &ItemSummary) -> String {
    let statement = item.statement.as_deref().unwrap_or(&item.identifier);
    let mut short: String = statement.chars().take(120).collect();
    if short.len() < statement.len() {
        short.push('…');
    }
    match item.code.as_deref().filter(|c| !c.is_empty()) {
        Some(code) => format!("{code} {short}"),
        None => short,
    }
}

fn side_name(side: &CrosswalkSide) -> String {
    format!("{} ({})", side.title, side.key.connection)
}

fn coverage(side: &CrosswalkSide) -> String {
    format!("{} of {} ({:.1} %)", side.covered, count(side.items as usize, "item"), side.share * 100.0)
}

fn field(label: &str, value: &str) -> PrintField {
    PrintField { label: label.to_owned(), value: value.to_owned() }
}

fn noun(n: usize, one: &str) -> String {
    match n {
        1 => one.to_owned(),
        _ => format!("{one}s"),
    }
}

fn count(n: usize, one: &str) -> String {
    format!("{n} {}", noun(n, one))
}
