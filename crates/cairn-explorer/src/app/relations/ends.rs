//! A graph node as the relationship views show it: what it is, its code, and one label.

use cairn_graph::End;

use super::types::ProgressionStep;
use crate::app::types::NodeKind;

/// The node `end` as a step of a progression (and as any node the relationship views list).
pub fn step(end: &End) -> ProgressionStep {
    let identifier = end.identifier().to_owned();
    match end {
        End::Document { title, .. } => ProgressionStep {
            label: title.clone().unwrap_or_else(|| identifier.clone()),
            identifier,
            kind: NodeKind::Document,
            code: None,
            elsewhere: None,
        },
        End::Item { human_coding_scheme, full_statement, .. } => ProgressionStep {
            label: item_label(human_coding_scheme.as_deref(), full_statement.as_deref(), &identifier),
            identifier,
            kind: NodeKind::Item,
            code: human_coding_scheme.clone(),
            elsewhere: None,
        },
        End::External { uri, title, .. } => ProgressionStep {
            label: title.clone().or_else(|| uri.clone()).unwrap_or_else(|| identifier.clone()),
            identifier,
            kind: NodeKind::External,
            code: None,
            elsewhere: None,
        },
        End::Unknown { .. } => ProgressionStep {
            label: identifier.clone(),
            identifier,
            kind: NodeKind::Unknown,
            code: None,
            elsewhere: None,
        },
    }
}

/// Code and statement, whichever are present, else the identifier.
pub fn item_label(code: Option<&str>, statement: Option<&str>, identifier: &str) -> String {
    let statement = statement.map(str::trim).filter(|s| !s.is_empty());
    match (code.map(str::trim).filter(|c| !c.is_empty()), statement) {
        (Some(code), Some(statement)) => format!("{code} {statement}"),
        (Some(code), None) => code.to_owned(),
        (None, Some(statement)) => statement.to_owned(),
        (None, None) => identifier.to_owned(),
    }
}

/// The URI an end carries (the document's, or the link's for external ends).
pub fn uri(end: &End) -> Option<String> {
    match end {
        End::External { uri, .. } => uri.clone(),
        _ => None,
    }
}
