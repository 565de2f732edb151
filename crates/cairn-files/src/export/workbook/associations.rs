//! The associations sheet: one row per association of the exported items — every association
//! of the package for a whole framework, those with an end among the rows for a subtree — with
//! its type, each end's code and statement (a document's title, an outside node's title), its
//! grouping's title, sequence number and notes, and the identifiers. Rows follow the items:
//! by the origin's row, then the destination's; ends that are no row come after, in package
//! order.

use std::collections::HashMap;

use cairn_graph::{NodeIndex, NodeKind};
use cairn_spec::case::{CfPckgAssociation, LinkGenUri};
use cairn_spec::wire::Linked;
use rust_xlsxwriter::Worksheet;

use super::items::ExportOrXlsx;
use super::sheet::{Styles, fit_columns, header, number, text};
use crate::export::ExportError;
use crate::export::plan::Plan;

/// The columns of the associations sheet.
pub const ASSOCIATION_COLUMNS: [&str; 11] = [
    "type",
    "origin code",
    "origin statement",
    "destination code",
    "destination statement",
    "grouping",
    "sequenceNumber",
    "notes",
    "origin identifier",
    "destination identifier",
    "association identifier",
];

/// One end as the sheet shows it.
#[derive(Default)]
struct End<'p> {
    code: &'p str,
    statement: &'p str,
    identifier: &'p str,
}

/// Writes the associations sheet of `plan` (`whole`: the whole framework, every association).
pub(super) fn write_associations(
    sheet: &mut Worksheet,
    plan: &Plan<'_>,
    whole: bool,
    styles: &Styles,
) -> Result<usize, ExportOrXlsx> {
    header(sheet, &ASSOCIATION_COLUMNS, styles)?;
    let associations = plan.package.associations.as_ref().map(|a| a.iter().as_slice()).unwrap_or_default();
    let ends: HashMap<usize, (NodeIndex, NodeIndex)> =
        plan.graph.graph().raw_edges().iter().map(|e| (e.weight.association_index, (e.source(), e.target()))).collect();
    let row_of = |node: NodeIndex| plan.position.get(&node).copied();
    let mut chosen: Vec<(usize, Option<usize>, Option<usize>)> = associations
        .iter()
        .enumerate()
        .map(|(index, _)| {
            let (origin, destination) = ends.get(&index).map_or((None, None), |(o, d)| (row_of(*o), row_of(*d)));
            (index, origin, destination)
        })
        .filter(|(_, origin, destination)| whole || origin.is_some() || destination.is_some())
        .collect();
    chosen.sort_by_key(|(index, origin, destination)| {
        (origin.unwrap_or(usize::MAX), destination.unwrap_or(usize::MAX), *index)
    });
    let mut row = 0u32;
    for (index, _, _) in &chosen {
        let Some(outline) = associations.get(*index) else { continue };
        // The outline holds the ends and order; notes and the grouping's link come from the record.
        let record = match outline.identifier.as_deref() {
            Some(id) => plan.records.association(id).map_err(ExportOrXlsx::Export)?,
            None => None,
        };
        let association = record.as_ref().unwrap_or(outline);
        let grouping = grouping(plan, association).map_err(ExportOrXlsx::Export)?;
        row += 1;
        let (origin, destination) = match ends.get(index) {
            Some((o, d)) => (end(plan, *o), end(plan, *d)),
            None => {
                (link_end(association.origin_node_uri.as_ref()), link_end(association.destination_node_uri.as_ref()))
            }
        };
        let kind = association.association_type.as_ref().map(|t| t.as_str()).unwrap_or_default();
        let cells = [kind, origin.code, origin.statement, destination.code, destination.statement, &grouping];
        for (col, value) in (0u16..).zip(cells) {
            text(sheet, row, col, value, styles)?;
        }
        if let Some(n) = association.sequence_number.as_ref().map(|n| n.get()) {
            number(sheet, row, 6, n as f64, styles)?;
        }
        text(sheet, row, 7, association.notes.as_deref().unwrap_or_default(), styles)?;
        text(sheet, row, 8, origin.identifier, styles)?;
        text(sheet, row, 9, destination.identifier, styles)?;
        text(sheet, row, 10, association.identifier.as_deref().unwrap_or_default(), styles)?;
    }
    fit_columns(sheet, styles)?;
    Ok(chosen.len())
}

/// A node of the graph as an end: an item's code and statement, the document's title, an
/// outside node's title.
fn end<'p>(plan: &Plan<'p>, node: NodeIndex) -> End<'p> {
    let n = plan.graph.node(node);
    match n.kind {
        NodeKind::Item => match n.item_index.and_then(|i| plan.items().get(i)) {
            Some(item) => End {
                code: item.human_coding_scheme.as_deref().or(item.list_enumeration.as_deref()).unwrap_or_default(),
                statement: item.full_statement.as_deref().unwrap_or_default(),
                identifier: n.identifier,
            },
            None => End { identifier: n.identifier, ..End::default() },
        },
        NodeKind::Document | NodeKind::External => {
            End { code: "", statement: n.title.unwrap_or_default(), identifier: n.identifier }
        }
    }
}

/// An end the graph could not place: what its link says.
fn link_end(link: Option<&Linked<LinkGenUri>>) -> End<'_> {
    match link {
        Some(Linked::Object(l)) => End {
            code: "",
            statement: l.title.as_deref().unwrap_or_default(),
            identifier: l.identifier.as_deref().or(l.uri.as_deref()).unwrap_or_default(),
        },
        Some(Linked::Plain(uri)) => End { identifier: uri, ..End::default() },
        None => End::default(),
    }
}

/// The association's grouping: the title its link gives, else the cached grouping's, else its
/// identifier.
fn grouping(plan: &Plan<'_>, association: &CfPckgAssociation) -> Result<String, ExportError> {
    let Some(link) = association.grouping_uri.as_ref() else { return Ok(String::new()) };
    Ok(match link {
        Linked::Object(l) => match (l.title.as_deref().filter(|t| !t.is_empty()), l.identifier.as_deref()) {
            (Some(title), _) => title.to_owned(),
            (None, Some(id)) => plan.records.grouping_title(id)?.unwrap_or_else(|| id.to_owned()),
            (None, None) => String::new(),
        },
        Linked::Plain(uri) => uri.to_string(),
    })
}
