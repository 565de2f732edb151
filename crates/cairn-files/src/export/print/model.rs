//! The print document's model: what the print renderer (`ui/src/print/`) lays out, in the
//! plan's order ([`crate::export`]'s plan, shared with the CSV table and the workbook). Text
//! stays as the framework gave it (Markdown and LaTeX): the renderer renders and sanitises it.

use cairn_graph::{NodeIndex, NodeKind};
use petgraph::Direction;
use petgraph::visit::EdgeRef;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::export::plan::{Plan, load_framework};
use crate::export::records::Records;
use crate::export::{ExportError, REPORT_EVERY, Source};
use crate::progress::{Cancel, OnProgress, Progress, check, task};

/// A framework (or a subtree) ready to print.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PrintDocument {
    /// The document's title.
    pub title: String,
    /// What part is printed: `None` for the whole framework, else the subtree's root (code and
    /// statement).
    pub scope: Option<String>,
    /// The title page's fields, in order, those the document has.
    pub fields: Vec<PrintField>,
    /// Which optional columns are shown.
    pub columns: PrintColumns,
    /// The items in the plan's order.
    pub items: Vec<PrintItem>,
}

/// One field of the title page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PrintField {
    /// Its label.
    pub label: String,
    /// Its value.
    pub value: String,
}

/// The optional columns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PrintColumns {
    /// Each item's `CFItemType`.
    pub item_type: bool,
    /// Each item's education levels.
    pub education_level: bool,
    /// Each item's associations (other than `isChildOf`) by type, with their other end's code.
    pub associations: bool,
}

impl PrintDocument {
    /// The document with only its items in `range` (the title page's fields kept).
    pub fn slice(&self, range: std::ops::Range<usize>) -> PrintDocument {
        PrintDocument {
            title: self.title.clone(),
            scope: self.scope.clone(),
            fields: self.fields.clone(),
            columns: self.columns,
            items: self.items.get(range).unwrap_or_default().to_vec(),
        }
    }
}

impl PrintColumns {
    /// Every optional column.
    pub const ALL: PrintColumns = PrintColumns { item_type: true, education_level: true, associations: true };
}

/// One item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PrintItem {
    /// Its level: 1 under the document (or the subtree's root at its own); `None` for items with
    /// no path to the document (printed last).
    pub level: Option<u32>,
    /// Its code: `humanCodingScheme`, else `listEnumeration` (may be empty).
    pub code: String,
    /// `fullStatement` (Markdown and LaTeX, as given).
    pub statement: String,
    /// `notes`, when it has any.
    pub notes: Option<String>,
    /// `CFItemType`, when asked for and given.
    pub item_type: Option<String>,
    /// `educationLevel`, when asked for.
    pub education_level: Vec<String>,
    /// Its associations by type and direction, when asked for.
    pub associations: Vec<PrintLinks>,
    /// Whether it is a section's heading, not an item: a search result's framework, a
    /// crosswalk's association type (its statement the heading, its notes what it means). A
    /// framework's print has none.
    #[serde(default)]
    pub heading: bool,
}

/// An item's associations of one type and direction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PrintLinks {
    /// The association type as given.
    #[serde(rename = "type")]
    pub association_type: String,
    /// Whether the item is the destination (the others point at it).
    pub incoming: bool,
    /// The other ends: an item's code (else its statement's start), a document's or outside
    /// node's title, else its identifier.
    pub ends: Vec<String>,
}

/// The print document of the framework `doc` of connection `source` (or of the subtree under
/// the item `subtree`), with the `columns` asked for; the title page says when a sync last
/// fetched it (its journal line `CFPackages/{doc}`; nothing for an imported file). Reports the items done (task `export`, the document as the stage) and stops between items
/// once `cancel` fires.
pub fn print_document(
    conn: &Connection,
    source: &Source,
    doc: &str,
    subtree: Option<&str>,
    columns: PrintColumns,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<PrintDocument, ExportError> {
    let package = load_framework(conn, source, doc)?;
    let plan = Plan::new(&package, Records::new(conn, source.id), doc, subtree)?;
    let fetched = cairn_store::cache::last_complete(conn, source.id, &format!("CFPackages/{doc}"))?;
    let document = package.document.as_ref().map(cairn_spec::Wire::to_json).unwrap_or(Value::Null);
    let title = string(&document, "title").unwrap_or_default();
    let total = u64::try_from(plan.rows.len()).ok();
    let report = |done: u64| progress(Progress::new(task::EXPORT, doc, done, total));
    let base = plan.rows.first().and_then(|r| r.depth).map_or(0, |d| d.saturating_sub(1));
    let mut items = Vec::with_capacity(plan.rows.len());
    for (done, row) in (1u64..).zip(&plan.rows) {
        check(cancel).map_err(|_| ExportError::Cancelled)?;
        if done % REPORT_EVERY == 0 {
            report(done);
        }
        let Some(json) = plan.record(row)? else { continue };
        let level = row.depth.map(|d| u32::try_from(d.saturating_sub(base)).unwrap_or(u32::MAX));
        items.push(PrintItem {
            level,
            code: code_of(&plan, row.node),
            statement: string(&json, "fullStatement").unwrap_or_default(),
            notes: string(&json, "notes").filter(|n| !n.trim().is_empty()),
            item_type: string(&json, "CFItemType").filter(|_| columns.item_type),
            education_level: match columns.education_level {
                true => strings(json.get("educationLevel")),
                false => Vec::new(),
            },
            associations: match columns.associations {
                true => links(&plan, row.node),
                false => Vec::new(),
            },
            heading: false,
        });
    }
    report(total.unwrap_or_default());
    let scope = subtree.and_then(|_| items.first()).map(|root| {
        let statement: String = root.statement.chars().take(80).collect();
        [root.code.as_str(), statement.as_str()].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
    });
    Ok(PrintDocument { title, scope, fields: title_page(&document, fetched.as_deref()), columns, items })
}

/// A string property of `json`.
fn string(json: &Value, key: &str) -> Option<String> {
    json.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// A string or an array of strings, as a list.
fn strings(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(values)) => values.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
        _ => Vec::new(),
    }
}

/// The title page's fields of the document `json`.
fn title_page(json: &Value, fetched: Option<&str>) -> Vec<PrintField> {
    let link = |key: &str| {
        json.get(key).and_then(|l| {
            let title = l.get("title").and_then(Value::as_str).filter(|t| !t.is_empty());
            let uri = l.get("uri").and_then(Value::as_str);
            match (title, uri) {
                (Some(t), Some(u)) => Some(format!("{t} ({u})")),
                (t, u) => t.or(u).map(str::to_owned),
            }
        })
    };
    let fields = [
        ("Publisher", string(json, "publisher")),
        ("Creator", string(json, "creator")),
        ("Version", string(json, "version")),
        ("Adoption status", string(json, "adoptionStatus")),
        ("Status start", string(json, "statusStartDate")),
        ("Status end", string(json, "statusEndDate")),
        ("Last changed", string(json, "lastChangeDateTime")),
        ("Licence", link("licenseURI")),
        ("Official source", string(json, "officialSourceURL")),
        ("Source URI", string(json, "uri")),
        ("Identifier", string(json, "identifier")),
        ("Fetched", fetched.map(str::to_owned)),
    ];
    fields
        .into_iter()
        .filter_map(|(label, value)| {
            value.filter(|v| !v.trim().is_empty()).map(|value| PrintField { label: label.to_owned(), value })
        })
        .collect()
}

/// How an end is named: an item by its code (else the start of its statement), a document or
/// outside node by its title, else by its identifier.
fn code_of(plan: &Plan<'_>, node: NodeIndex) -> String {
    let n = plan.graph.node(node);
    let named = match n.kind {
        NodeKind::Item => n.item_index.and_then(|i| plan.items().get(i)).and_then(|item| {
            [item.human_coding_scheme.as_deref(), item.list_enumeration.as_deref()]
                .into_iter()
                .flatten()
                .find(|c| !c.trim().is_empty())
                .map(str::to_owned)
        }),
        NodeKind::Document | NodeKind::External => n.title.filter(|t| !t.is_empty()).map(str::to_owned),
    };
    named.unwrap_or_else(|| match n.kind {
        NodeKind::Item => String::new(),
        _ => n.identifier.to_owned(),
    })
}

/// The associations of `node` other than `isChildOf`, by type and direction (outgoing first),
/// each with its other ends in the association order.
fn links(plan: &Plan<'_>, node: NodeIndex) -> Vec<PrintLinks> {
    let graph = plan.graph.graph();
    let mut groups: Vec<PrintLinks> = Vec::new();
    for (direction, incoming) in [(Direction::Outgoing, false), (Direction::Incoming, true)] {
        let mut edges: Vec<_> = graph.edges_directed(node, direction).collect();
        edges.sort_by_key(|e| e.weight().association_index);
        for edge in edges {
            if edge.weight().is("isChildOf") {
                continue;
            }
            let kind = edge.weight().kind.to_owned();
            let other = if incoming { edge.source() } else { edge.target() };
            let mut end = code_of(plan, other);
            if end.is_empty() {
                end = plan.graph.node(other).identifier.to_owned();
            }
            match groups.iter_mut().find(|g| g.association_type == kind && g.incoming == incoming) {
                Some(group) => group.ends.push(end),
                None => groups.push(PrintLinks { association_type: kind, incoming, ends: vec![end] }),
            }
        }
    }
    groups
}
