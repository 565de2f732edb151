//! The tree of an open framework built from chosen association groupings (cairn-graph's
//! grouping filter), each row saying which grouping its `isChildOf` link belongs to.

use std::collections::{BTreeSet, HashMap};

use cairn_graph::{Tree, TreeNode};

use super::ends::item_label;
use super::types::{DIFF_TREE_ROWS, GroupingRef, GroupingTree, GroupingTreeRow};
use crate::app::open::OpenFramework;

/// The tree of `open` from the `isChildOf` links of `chosen` groupings (all links when empty).
pub fn grouping_tree(open: &OpenFramework, chosen: &[String]) -> GroupingTree {
    open.with_graph(|graph, tree, package| {
        let g = graph.graph();
        // The grouping of each isChildOf link, by (child, parent).
        let mut link_grouping: HashMap<(&str, &str), Option<&str>> = HashMap::new();
        let mut used: BTreeSet<&str> = BTreeSet::new();
        for edge in g.edge_indices() {
            let weight = &g[edge];
            let Some((child, parent)) = g.edge_endpoints(edge) else { continue };
            if !weight.is("isChildOf") {
                continue;
            }
            used.extend(weight.grouping);
            link_grouping.entry((g[child].identifier, g[parent].identifier)).or_insert(weight.grouping);
        }
        let filtered;
        let tree: &Tree = if chosen.is_empty() {
            tree
        } else {
            let wanted: Vec<&str> = chosen.iter().map(String::as_str).collect();
            filtered = Tree::with_groupings(graph, package, &wanted);
            &filtered
        };
        let outline = tree.outline(graph, package, None);
        let mut rows = Vec::new();
        let mut truncated = outline.truncated;
        let document = package.document.as_ref().and_then(|d| d.identifier.as_deref()).unwrap_or_default();
        let mut stack: Vec<(u32, &str, &TreeNode<'_>)> = outline
            .children
            .iter()
            .map(|n| (1, document, n))
            .chain(outline.orphans.iter().map(|n| (1, "", n)))
            .rev()
            .collect();
        while let Some((depth, parent, node)) = stack.pop() {
            if rows.len() >= DIFF_TREE_ROWS {
                truncated = true;
                break;
            }
            let label = match (&node.title, node.external) {
                (Some(title), true) => title.to_string(),
                _ => item_label(node.human_coding_scheme.as_deref(), node.full_statement.as_deref(), &node.identifier),
            };
            let grouping = link_grouping.get(&(&*node.identifier, parent)).copied().flatten().map(str::to_owned);
            rows.push(GroupingTreeRow { depth, identifier: node.identifier.to_string(), label, grouping });
            stack.extend(node.children.iter().rev().map(|c| (depth + 1, &*node.identifier, c)));
        }
        let titles: HashMap<&str, &str> = package
            .definitions
            .iter()
            .flat_map(|d| d.association_groupings.iter().flatten())
            .filter_map(|d| Some((d.identifier.as_deref()?, d.title.as_deref()?)))
            .collect();
        GroupingTree {
            groupings: used
                .into_iter()
                .map(|id| GroupingRef { identifier: id.to_owned(), title: titles.get(id).map(|t| (*t).to_owned()) })
                .collect(),
            chosen: chosen.to_vec(),
            rows,
            truncated,
        }
    })
}
