//! The order of siblings in the framework tree: `sequenceNumber` ascending (absent after
//! present), then `listEnumeration` and `humanCodingScheme` in natural order, then
//! `fullStatement`, each absent after present; remaining ties keep package order.

use std::cmp::Ordering;

use cairn_spec::case::{CfPackage, CfPckgItem};

use crate::codes::natural_cmp;
use crate::framework::{FrameworkGraph, NodeKind};

/// What orders a node among its siblings, apart from the association's sequence number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SiblingKey<'p> {
    /// The item's `listEnumeration`.
    pub list_enumeration: Option<&'p str>,
    /// The item's `humanCodingScheme`.
    pub human_coding_scheme: Option<&'p str>,
    /// The item's `fullStatement`.
    pub full_statement: Option<&'p str>,
    /// Position in the package: items by their place in `CFItems`, then other nodes.
    pub package_order: usize,
}

impl<'p> SiblingKey<'p> {
    /// The keys of every node of `graph` (by node index), items read from `package`.
    pub fn all(graph: &FrameworkGraph, package: &'p CfPackage) -> Vec<SiblingKey<'p>> {
        let items: &[CfPckgItem] = package.items.as_ref().map(|m| m.iter().as_slice()).unwrap_or(&[]);
        let g = graph.graph();
        g.node_indices()
            .map(|n| {
                let node = &g[n];
                let item = node.item_index.and_then(|i| items.get(i));
                match (node.kind, item) {
                    (NodeKind::Item, Some(item)) => SiblingKey {
                        list_enumeration: item.list_enumeration.as_deref(),
                        human_coding_scheme: item.human_coding_scheme.as_deref(),
                        full_statement: item.full_statement.as_deref(),
                        package_order: node.item_index.unwrap_or(usize::MAX),
                    },
                    _ => SiblingKey { package_order: items.len() + n.index(), ..SiblingKey::default() },
                }
            })
            .collect()
    }
}

/// Compares two siblings with their sequence numbers under the common parent.
pub fn sibling_cmp(a: (Option<i64>, &SiblingKey<'_>), b: (Option<i64>, &SiblingKey<'_>)) -> Ordering {
    let ((sa, ka), (sb, kb)) = (a, b);
    absent_last(sa, sb, |x, y| x.cmp(&y))
        .then_with(|| absent_last(ka.list_enumeration, kb.list_enumeration, natural_cmp))
        .then_with(|| absent_last(ka.human_coding_scheme, kb.human_coding_scheme, natural_cmp))
        .then_with(|| absent_last(ka.full_statement, kb.full_statement, |x, y| x.cmp(y)))
        .then_with(|| ka.package_order.cmp(&kb.package_order))
}

/// Absent after present; present values by `cmp`.
fn absent_last<T>(a: Option<T>, b: Option<T>, cmp: impl Fn(T, T) -> Ordering) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => cmp(a, b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}
