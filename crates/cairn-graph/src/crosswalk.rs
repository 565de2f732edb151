//! Crosswalks: the associations that link the items of one framework (FROM) to those of another
//! (TO), of every type, grouped by type, and how much of each framework they cover.
//!
//! Associations are read from every package given (FROM, TO and any others holding links
//! between them); one that appears in several packages (same identifier) counts once. An
//! association's end is an item of a framework when its identifier is the item's identifier, or
//! failing that when its URI is the item's URI (links whose identifiers differ from the target's
//! but whose URIs match). A pair needs one end in FROM and the other in TO, in either direction.
//!
//! Items are listed in tree order: the order a depth-first walk of the framework's tree (see
//! [`Tree`]) first meets them, from the document and then from the orphans; items it never
//! meets come last, by humanCodingScheme in natural order, then identifier. Pairs are grouped by
//! type and ordered by their FROM item, then their TO item, then association identifier.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};

use cairn_spec::case::{AssociationType, CfPackage, CfPckgItem, LinkGenUri};
use cairn_spec::scalar::Term;
use cairn_spec::wire::Linked;
use serde::Serialize;

use crate::codes::code_then_id;
use crate::framework::FrameworkGraph;
use crate::tree::Tree;

/// The defined association types in the specification's order: how groups are ordered (other
/// types follow, by name).
const TYPE_ORDER: [&str; 10] = [
    "isChildOf",
    "isPeerOf",
    "isPartOf",
    "exactMatchOf",
    "precedes",
    "isRelatedTo",
    "replacedBy",
    "exemplar",
    "hasSkillLevel",
    "isTranslationOf",
];

/// Which way an association runs, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Direction {
    /// Origin in FROM, destination in TO.
    FromTo,
    /// Origin in TO, destination in FROM.
    ToFrom,
}

/// How an association's ends were recognised as items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MatchedBy {
    /// Both ends by identifier.
    Identifier,
    /// At least one end by URI only.
    Uri,
}

/// An item at one end of a pair, or left without a counterpart.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemRef {
    /// The item's identifier.
    pub identifier: String,
    /// Its human coding scheme, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human_coding_scheme: Option<String>,
    /// Its statement, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub full_statement: Option<String>,
}

/// Two items linked by one association.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pair {
    /// The item of FROM.
    pub from: ItemRef,
    /// The item of TO.
    pub to: ItemRef,
    /// The association type as stored (`exactMatchOf`, `ext:...`).
    pub association_type: String,
    /// The association's identifier, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub association_identifier: Option<String>,
    /// Which way the association runs.
    pub direction: Direction,
    /// Whether an end was recognised by URI only.
    pub matched_by: MatchedBy,
    /// The CFDocument identifier of the package the association was read from.
    pub found_in: String,
}

/// The pairs of one association type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeGroup {
    /// The type (the defined spelling when it reads as a defined type, else as stored).
    pub association_type: String,
    /// Its pairs, by FROM item in tree order, then TO item, then association identifier.
    pub pairs: Vec<Pair>,
}

/// How many items of a framework have a counterpart through one association type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeCoverage {
    /// The association type (as in [`TypeGroup`]).
    pub association_type: String,
    /// Items with at least one counterpart through this type.
    pub covered: usize,
    /// `covered / items` (0 for a framework without items).
    pub share: f64,
}

/// How much of one framework the crosswalk covers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Coverage {
    /// The CFDocument identifier.
    pub document: String,
    /// The document's title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Items (with an identifier) of the framework.
    pub items: usize,
    /// Items with at least one counterpart in the other framework.
    pub covered: usize,
    /// `covered / items` (0 for a framework without items).
    pub share: f64,
    /// Coverage per association type, in group order.
    pub by_type: Vec<TypeCoverage>,
    /// Items without a counterpart, in tree order.
    pub uncovered: Vec<ItemRef>,
}

/// A crosswalk of two frameworks.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Crosswalk {
    /// Coverage of FROM.
    pub from: Coverage,
    /// Coverage of TO.
    pub to: Coverage,
    /// Pairs in all.
    pub pairs: usize,
    /// Pairs by association type: defined types in the specification's order, then others.
    pub groups: Vec<TypeGroup>,
    /// Associations read (after removing those seen in an earlier package).
    pub associations_scanned: usize,
    /// Associations skipped because an earlier package held the same one.
    pub duplicates: usize,
}

/// The items of one framework, by identifier and by URI.
struct Side<'p> {
    document: String,
    title: Option<String>,
    items: Vec<&'p CfPckgItem>,
    by_id: HashMap<&'p str, usize>,
    by_uri: HashMap<&'p str, usize>,
    /// Each item's first position in a walk of the framework tree (None: never reached).
    tree_position: Vec<Option<usize>>,
}

impl<'p> Side<'p> {
    fn new(package: &'p CfPackage) -> Side<'p> {
        let document = package.document.as_ref();
        let mut side = Side {
            document: document.and_then(|d| d.identifier.as_deref()).unwrap_or_default().to_owned(),
            title: document.and_then(|d| d.title.as_deref()).map(str::to_owned),
            items: Vec::new(),
            by_id: HashMap::new(),
            by_uri: HashMap::new(),
            tree_position: Vec::new(),
        };
        let mut side_index: HashMap<usize, usize> = HashMap::new();
        for (package_index, item) in package.items.iter().flatten().enumerate() {
            let Some(id) = item.identifier.as_deref().filter(|id| !id.is_empty()) else { continue };
            if side.by_id.contains_key(id) {
                continue;
            }
            let index = side.items.len();
            side.by_id.insert(id, index);
            if let Some(uri) = item.uri.as_deref().filter(|u| !u.is_empty()) {
                side.by_uri.entry(uri).or_insert(index);
            }
            side_index.insert(package_index, index);
            side.items.push(item);
        }
        side.tree_position = vec![None; side.items.len()];
        for (position, package_index) in tree_walk(package).into_iter().enumerate() {
            if let Some(slot) = side_index.get(&package_index).and_then(|&i| side.tree_position.get_mut(i)) {
                slot.get_or_insert(position);
            }
        }
        side
    }

    /// The item a link points at, and whether it was found by identifier.
    fn resolve(&self, link: &Linked<LinkGenUri>) -> Option<(usize, bool)> {
        let (id, uri) = match link {
            Linked::Object(l) => (l.identifier.as_deref(), l.uri.as_deref()),
            Linked::Plain(s) => (Some(s.as_str()), Some(s.as_str())),
        };
        if let Some(&index) = id.and_then(|id| self.by_id.get(id)) {
            return Some((index, true));
        }
        uri.and_then(|uri| self.by_uri.get(uri)).map(|&index| (index, false))
    }

    fn item_ref(&self, index: usize) -> ItemRef {
        let item = self.items.get(index);
        ItemRef {
            identifier: item.and_then(|i| i.identifier.as_deref()).unwrap_or_default().to_owned(),
            human_coding_scheme: item.and_then(|i| i.human_coding_scheme.as_deref()).map(str::to_owned),
            full_statement: item.and_then(|i| i.full_statement.as_deref()).map(str::to_owned),
        }
    }

    /// Item indexes in tree order (then code order for items the walk does not reach).
    fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.items.len()).collect();
        order.sort_by(|&a, &b| self.cmp(a, b));
        order
    }

    fn cmp(&self, a: usize, b: usize) -> Ordering {
        let tree = |i: usize| self.tree_position.get(i).copied().flatten().unwrap_or(usize::MAX);
        let (ia, ib) = (self.items.get(a), self.items.get(b));
        let code = |i: Option<&&'p CfPckgItem>| i.and_then(|i| i.human_coding_scheme.as_deref());
        let id = |i: Option<&&'p CfPckgItem>| i.and_then(|i| i.identifier.as_deref()).unwrap_or_default();
        tree(a).cmp(&tree(b)).then_with(|| code_then_id(code(ia), id(ia), code(ib), id(ib)))
    }
}

/// The items of a package (positions in `CFItems`) in the order a depth-first walk of its
/// tree meets them: from the document, then from each orphan root.
fn tree_walk(package: &CfPackage) -> Vec<usize> {
    let graph = FrameworkGraph::from_package(package);
    let tree = Tree::new(&graph, package);
    let mut seen = vec![false; graph.graph().node_count()];
    let mut out = Vec::new();
    for start in tree.root().into_iter().chain(tree.orphans().iter().copied()) {
        let mut stack = vec![start];
        while let Some(node) = stack.pop() {
            match seen.get_mut(node.index()) {
                Some(visited) if !*visited => *visited = true,
                _ => continue,
            }
            out.extend(graph.node(node).item_index);
            stack.extend(tree.children(node).iter().rev().map(|c| c.node));
        }
    }
    out
}

/// The group name of an association type: its defined spelling, else as stored.
fn type_name(term: Option<&Term<AssociationType>>) -> String {
    match term {
        Some(t) => t.canonical().map_or_else(|| t.as_str().to_owned(), str::to_owned),
        None => String::new(),
    }
}

fn type_rank(name: &str) -> (usize, &str) {
    (TYPE_ORDER.iter().position(|t| *t == name).unwrap_or(TYPE_ORDER.len()), name)
}

/// A pair before it is shaped for output: item indexes into FROM and TO.
struct Found {
    from: usize,
    to: usize,
    kind: String,
    stored_kind: String,
    identifier: Option<String>,
    direction: Direction,
    matched_by: MatchedBy,
    found_in: String,
}

/// The crosswalk of `from` and `to`, reading the associations of both and of `others`.
pub fn crosswalk(from: &CfPackage, to: &CfPackage, others: &[&CfPackage]) -> Crosswalk {
    let (from_side, to_side) = (Side::new(from), Side::new(to));
    let mut seen: HashSet<String> = HashSet::new();
    let (mut scanned, mut duplicates) = (0, 0);
    let mut found = Vec::new();
    for package in [from, to].into_iter().chain(others.iter().copied()) {
        let source = package.document.as_ref().and_then(|d| d.identifier.as_deref()).unwrap_or_default();
        for association in package.associations.iter().flatten() {
            // The same association when it links the same ends the same way: packages that number
            // their associations (`a1`, `a2`...) reuse identifiers for different links.
            let key = format!(
                "{}\u{0}{}\u{0}{}\u{0}{}",
                association.identifier.as_deref().unwrap_or_default(),
                association.origin_id().unwrap_or_default(),
                association.association_type.as_ref().map(Term::as_str).unwrap_or_default(),
                association.destination_id().unwrap_or_default()
            );
            if !seen.insert(key) {
                duplicates += 1;
                continue;
            }
            scanned += 1;
            let (Some(origin), Some(destination)) =
                (association.origin_node_uri.as_ref(), association.destination_node_uri.as_ref())
            else {
                continue;
            };
            let (from_origin, from_destination) = (from_side.resolve(origin), from_side.resolve(destination));
            let (to_origin, to_destination) = (to_side.resolve(origin), to_side.resolve(destination));
            // Links within one framework are not pairs, even when its items are the other's too.
            if (from_origin.is_some() && from_destination.is_some())
                || (to_origin.is_some() && to_destination.is_some())
            {
                continue;
            }
            let ends = match (from_origin.zip(to_destination), to_origin.zip(from_destination)) {
                (Some(((f, fid), (t, tid))), _) => Some((f, t, fid && tid, Direction::FromTo)),
                (None, reverse) => reverse.map(|((t, tid), (f, fid))| (f, t, fid && tid, Direction::ToFrom)),
            };
            let Some((f, t, by_id, direction)) = ends else { continue };
            found.push(Found {
                from: f,
                to: t,
                kind: type_name(association.association_type.as_ref()),
                stored_kind: association.association_type.as_ref().map(Term::as_str).unwrap_or_default().to_owned(),
                identifier: association.identifier.as_deref().map(str::to_owned),
                direction,
                matched_by: if by_id { MatchedBy::Identifier } else { MatchedBy::Uri },
                found_in: source.to_owned(),
            });
        }
    }
    let (from_rank, to_rank) = (ranks(&from_side), ranks(&to_side));
    found.sort_by(|a, b| {
        type_rank(&a.kind)
            .cmp(&type_rank(&b.kind))
            .then_with(|| from_rank[a.from].cmp(&from_rank[b.from]))
            .then_with(|| to_rank[a.to].cmp(&to_rank[b.to]))
            .then_with(|| a.identifier.cmp(&b.identifier))
            .then_with(|| a.direction.cmp(&b.direction))
    });
    let kinds: Vec<String> = {
        let mut kinds: Vec<String> = found.iter().map(|f| f.kind.clone()).collect();
        kinds.dedup();
        kinds
    };
    let coverage_from = coverage(&from_side, &kinds, found.iter().map(|f| (&f.kind, f.from)));
    let coverage_to = coverage(&to_side, &kinds, found.iter().map(|f| (&f.kind, f.to)));
    let mut groups: Vec<TypeGroup> = Vec::new();
    for f in &found {
        let pair = Pair {
            from: from_side.item_ref(f.from),
            to: to_side.item_ref(f.to),
            association_type: f.stored_kind.clone(),
            association_identifier: f.identifier.clone(),
            direction: f.direction,
            matched_by: f.matched_by,
            found_in: f.found_in.clone(),
        };
        match groups.last_mut() {
            Some(group) if group.association_type == f.kind => group.pairs.push(pair),
            _ => groups.push(TypeGroup { association_type: f.kind.clone(), pairs: vec![pair] }),
        }
    }
    Crosswalk {
        from: coverage_from,
        to: coverage_to,
        pairs: found.len(),
        groups,
        associations_scanned: scanned,
        duplicates,
    }
}

/// Each item's position in [`Side::order`].
fn ranks(side: &Side<'_>) -> Vec<usize> {
    let mut rank = vec![0; side.items.len()];
    for (position, index) in side.order().into_iter().enumerate() {
        if let Some(slot) = rank.get_mut(index) {
            *slot = position;
        }
    }
    rank
}

fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 { 0.0 } else { part as f64 / whole as f64 }
}

/// Coverage of a side given each pair's (type, item index on this side).
fn coverage<'f>(side: &Side<'_>, kinds: &[String], ends: impl Iterator<Item = (&'f String, usize)>) -> Coverage {
    let mut covered: HashSet<usize> = HashSet::new();
    let mut by_type: BTreeMap<&str, HashSet<usize>> = BTreeMap::new();
    for (kind, index) in ends {
        covered.insert(index);
        by_type.entry(kind.as_str()).or_default().insert(index);
    }
    let items = side.items.len();
    Coverage {
        document: side.document.clone(),
        title: side.title.clone(),
        items,
        covered: covered.len(),
        share: share(covered.len(), items),
        by_type: kinds
            .iter()
            .map(|kind| {
                let n = by_type.get(kind.as_str()).map_or(0, HashSet::len);
                TypeCoverage { association_type: kind.clone(), covered: n, share: share(n, items) }
            })
            .collect(),
        uncovered: side.order().into_iter().filter(|i| !covered.contains(i)).map(|i| side.item_ref(i)).collect(),
    }
}
