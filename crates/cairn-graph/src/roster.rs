//! Roster graphs: the org hierarchy (district → schools → ...) as a forest, with cycles,
//! orphans and disagreeing references reported, and class membership as a bipartite graph of
//! classes and users joined by enrollments; counts per org for the roster inspector.
//!
//! Input is plain records (built from cache rows or typed records), so this module needs no
//! database. Lists come sorted: orgs by name then identifier, classes by title then
//! identifier, enrollments by role then user (or by class), then begin date. Counts leave out
//! inactive records (status `tobedeleted` or `inactive`); lists keep them, flagged.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};

use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::{Direction, Graph, Undirected};
use serde::Serialize;

/// An org as the hierarchy needs it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OrgRecord {
    /// sourcedId.
    pub id: String,
    /// Name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `district`, `school`, ... as stored.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The parent's sourcedId, as the org states it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// The children's sourcedIds, as the org states them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<String>,
    /// Status `tobedeleted` or `inactive`.
    pub inactive: bool,
}

/// A class as the membership graph needs it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassRecord {
    /// sourcedId.
    pub id: String,
    /// Title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The course's sourcedId.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub course: Option<String>,
    /// The school's sourcedId.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub school: Option<String>,
    /// The terms' sourcedIds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<String>,
    /// Status `tobedeleted` or `inactive`.
    pub inactive: bool,
}

/// An enrollment: one user in one class, with a role.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentRecord {
    /// sourcedId.
    pub id: String,
    /// The user's sourcedId.
    pub user: String,
    /// The class's sourcedId.
    pub class: String,
    /// The school's sourcedId.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub school: Option<String>,
    /// `student`, `teacher`, ... as stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The primary flag (teachers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primary: Option<bool>,
    /// First day, as stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub begin_date: Option<String>,
    /// Last day, as stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date: Option<String>,
    /// Status `tobedeleted` or `inactive`.
    pub inactive: bool,
}

/// An org whose parent is not among the orgs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Orphan {
    /// The org.
    pub org: String,
    /// The parent it names.
    pub missing_parent: String,
}

/// A children reference that disagrees with what the child says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParentConflict {
    /// The child.
    pub org: String,
    /// The parent the child names (followed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// The org that lists it among its children (not followed).
    pub listed_by: String,
}

/// The org hierarchy: an edge from each parent to each child.
#[derive(Debug, Default)]
pub struct OrgHierarchy {
    graph: DiGraph<OrgRecord, ()>,
    by_id: HashMap<String, NodeIndex>,
    /// Orgs at the top: no parent, or a parent that is not there (sorted).
    pub roots: Vec<String>,
    /// Orgs whose parent is not among the orgs (sorted).
    pub orphans: Vec<Orphan>,
    /// Groups of orgs that are each other's ancestors (each sorted; an org that is its own
    /// parent is a group of one).
    pub cycles: Vec<Vec<String>>,
    /// Children references that disagree with the child's own parent.
    pub conflicts: Vec<ParentConflict>,
    /// Children references to orgs that are not there: (parent, child).
    pub unknown_children: Vec<(String, String)>,
    /// Orgs given more than once (the first is kept).
    pub duplicates: Vec<String>,
}

impl OrgHierarchy {
    /// Builds the hierarchy. An org's own `parent` decides; a parent's `children` list adds
    /// the children that name no parent themselves, and is reported where it disagrees.
    pub fn new(orgs: impl IntoIterator<Item = OrgRecord>) -> OrgHierarchy {
        let mut h = OrgHierarchy::default();
        for org in orgs {
            if h.by_id.contains_key(&org.id) {
                h.duplicates.push(org.id);
                continue;
            }
            let id = org.id.clone();
            let index = h.graph.add_node(org);
            h.by_id.insert(id, index);
        }
        let mut nodes: Vec<NodeIndex> = h.graph.node_indices().collect();
        nodes.sort_by(|a, b| org_cmp(&h.graph[*a], &h.graph[*b]));
        for &node in &nodes {
            let org = &h.graph[node];
            let Some(parent) = org.parent.as_deref().filter(|p| !p.is_empty()) else { continue };
            match h.by_id.get(parent) {
                Some(&p) => {
                    h.graph.add_edge(p, node, ());
                }
                None => h.orphans.push(Orphan { org: org.id.clone(), missing_parent: parent.to_owned() }),
            }
        }
        for &node in &nodes {
            let children = h.graph[node].children.clone();
            for child in children {
                let Some(&c) = h.by_id.get(&child) else {
                    h.unknown_children.push((h.graph[node].id.clone(), child));
                    continue;
                };
                let stated = h.graph[c].parent.clone().filter(|p| !p.is_empty());
                let listed_by = h.graph[node].id.clone();
                match stated {
                    Some(p) if p == listed_by => {}
                    Some(p) => h.conflicts.push(ParentConflict { org: child, parent: Some(p), listed_by }),
                    None if h.graph.contains_edge(node, c) => {}
                    None => match h.graph.neighbors_directed(c, Direction::Incoming).next() {
                        None => {
                            h.graph.add_edge(node, c, ());
                        }
                        Some(other) => {
                            let parent = Some(h.graph[other].id.clone());
                            h.conflicts.push(ParentConflict { org: child, parent, listed_by });
                        }
                    },
                }
            }
        }
        h.roots = nodes
            .iter()
            .filter(|&&n| h.graph.edges_directed(n, Direction::Incoming).next().is_none())
            .map(|&n| h.graph[n].id.clone())
            .collect();
        for component in kosaraju_scc(&h.graph) {
            let looped = component.len() > 1 || component.iter().any(|&n| h.graph.contains_edge(n, n));
            if looped {
                let mut ids: Vec<String> = component.iter().map(|&n| h.graph[n].id.clone()).collect();
                ids.sort();
                h.cycles.push(ids);
            }
        }
        h.cycles.sort();
        h
    }

    /// How many orgs there are.
    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    /// Whether there are no orgs.
    pub fn is_empty(&self) -> bool {
        self.graph.node_count() == 0
    }

    /// The org `id`.
    pub fn org(&self, id: &str) -> Option<&OrgRecord> {
        self.by_id.get(id).map(|&n| &self.graph[n])
    }

    /// The org's parent in the hierarchy.
    pub fn parent(&self, id: &str) -> Option<&OrgRecord> {
        let &node = self.by_id.get(id)?;
        self.graph.neighbors_directed(node, Direction::Incoming).next().map(|p| &self.graph[p])
    }

    /// The org's children, sorted.
    pub fn children(&self, id: &str) -> Vec<&OrgRecord> {
        let Some(&node) = self.by_id.get(id) else { return Vec::new() };
        let mut children: Vec<&OrgRecord> =
            self.graph.neighbors_directed(node, Direction::Outgoing).map(|c| &self.graph[c]).collect();
        children.sort_by(|a, b| org_cmp(a, b));
        children.dedup_by(|a, b| a.id == b.id);
        children
    }

    /// The org's ancestors, nearest first (stopping where a cycle closes).
    pub fn ancestors(&self, id: &str) -> Vec<&OrgRecord> {
        let mut out = Vec::new();
        let Some(&start) = self.by_id.get(id) else { return out };
        let mut seen = HashSet::from([start]);
        let mut node = start;
        while let Some(parent) = self.graph.neighbors_directed(node, Direction::Incoming).next() {
            if !seen.insert(parent) {
                break;
            }
            out.push(&self.graph[parent]);
            node = parent;
        }
        out
    }

    /// The org and every org below it, depth first in sorted order (each once).
    pub fn subtree(&self, id: &str) -> Vec<&OrgRecord> {
        let mut out = Vec::new();
        let Some(&start) = self.by_id.get(id) else { return out };
        let mut seen = HashSet::new();
        let mut stack = vec![start];
        while let Some(node) = stack.pop() {
            if !seen.insert(node) {
                continue;
            }
            out.push(&self.graph[node]);
            let mut children: Vec<NodeIndex> = self.graph.neighbors_directed(node, Direction::Outgoing).collect();
            children.sort_by(|a, b| org_cmp(&self.graph[*b], &self.graph[*a]));
            stack.extend(children);
        }
        out
    }

    /// Every org once, in outline order: each root's subtree, then what only cycles reach.
    pub fn outline_order(&self) -> Vec<(&OrgRecord, usize)> {
        let mut out = Vec::new();
        let mut seen: HashSet<NodeIndex> = HashSet::new();
        let mut starts: Vec<NodeIndex> = self.roots.iter().filter_map(|r| self.by_id.get(r).copied()).collect();
        let mut rest: Vec<NodeIndex> = self.graph.node_indices().collect();
        rest.sort_by(|a, b| org_cmp(&self.graph[*a], &self.graph[*b]));
        starts.extend(rest);
        for start in starts {
            let mut stack = vec![(start, 0)];
            while let Some((node, depth)) = stack.pop() {
                if !seen.insert(node) {
                    continue;
                }
                out.push((&self.graph[node], depth));
                let mut children: Vec<NodeIndex> = self.graph.neighbors_directed(node, Direction::Outgoing).collect();
                children.sort_by(|a, b| org_cmp(&self.graph[*b], &self.graph[*a]));
                stack.extend(children.into_iter().map(|c| (c, depth + 1)));
            }
        }
        out
    }

    /// The underlying petgraph graph (parent → child).
    pub fn graph(&self) -> &DiGraph<OrgRecord, ()> {
        &self.graph
    }
}

fn org_cmp(a: &OrgRecord, b: &OrgRecord) -> Ordering {
    a.name.cmp(&b.name).then_with(|| a.id.cmp(&b.id))
}

/// A node of the membership graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    /// A class (index into [`ClassMembership::classes`]; `None` for a class that enrollments
    /// name but that is not there).
    Class(String, Option<usize>),
    /// A user.
    User(String),
}

/// Class membership: classes and users, joined by one edge per enrollment.
#[derive(Debug, Default)]
pub struct ClassMembership {
    graph: Graph<Member, usize, Undirected>,
    classes: Vec<ClassRecord>,
    enrollments: Vec<EnrollmentRecord>,
    class_nodes: HashMap<String, NodeIndex>,
    user_nodes: HashMap<String, NodeIndex>,
    /// Classes that enrollments name but that are not there (sorted).
    pub unknown_classes: Vec<String>,
}

impl ClassMembership {
    /// Builds the graph from classes and enrollments.
    pub fn new(classes: Vec<ClassRecord>, enrollments: Vec<EnrollmentRecord>) -> ClassMembership {
        let mut m = ClassMembership { classes, enrollments, ..ClassMembership::default() };
        for (index, class) in m.classes.iter().enumerate() {
            if !m.class_nodes.contains_key(&class.id) {
                let node = m.graph.add_node(Member::Class(class.id.clone(), Some(index)));
                m.class_nodes.insert(class.id.clone(), node);
            }
        }
        let mut unknown = BTreeMap::new();
        for (index, enrollment) in m.enrollments.iter().enumerate() {
            let class = match m.class_nodes.get(&enrollment.class) {
                Some(&node) => node,
                None => {
                    let node = m.graph.add_node(Member::Class(enrollment.class.clone(), None));
                    m.class_nodes.insert(enrollment.class.clone(), node);
                    unknown.insert(enrollment.class.clone(), ());
                    node
                }
            };
            let user = match m.user_nodes.get(&enrollment.user) {
                Some(&node) => node,
                None => {
                    let node = m.graph.add_node(Member::User(enrollment.user.clone()));
                    m.user_nodes.insert(enrollment.user.clone(), node);
                    node
                }
            };
            m.graph.add_edge(class, user, index);
        }
        m.unknown_classes = unknown.into_keys().collect();
        m
    }

    /// Every class given, in the order given.
    pub fn classes(&self) -> &[ClassRecord] {
        &self.classes
    }

    /// Every enrollment given, in the order given.
    pub fn enrollments(&self) -> &[EnrollmentRecord] {
        &self.enrollments
    }

    /// The class `id`.
    pub fn class(&self, id: &str) -> Option<&ClassRecord> {
        match self.class_nodes.get(id).map(|&n| &self.graph[n]) {
            Some(Member::Class(_, Some(index))) => self.classes.get(*index),
            _ => None,
        }
    }

    /// How many distinct users are enrolled.
    pub fn user_count(&self) -> usize {
        self.user_nodes.len()
    }

    fn enrollments_at(&self, node: Option<&NodeIndex>) -> impl Iterator<Item = &EnrollmentRecord> {
        node.into_iter().flat_map(move |&n| self.graph.edges(n).filter_map(|e| self.enrollments.get(*e.weight())))
    }

    /// The enrollments of a class, of one role when `role` is given (compared without case),
    /// by role, user, then begin date.
    pub fn members(&self, class: &str, role: Option<&str>) -> Vec<&EnrollmentRecord> {
        let mut out: Vec<&EnrollmentRecord> = self
            .enrollments_at(self.class_nodes.get(class))
            .filter(|e| role.is_none_or(|r| e.role.as_deref().is_some_and(|x| x.eq_ignore_ascii_case(r))))
            .collect();
        out.sort_by(|a, b| {
            role_key(a)
                .cmp(&role_key(b))
                .then_with(|| a.user.cmp(&b.user))
                .then_with(|| a.begin_date.cmp(&b.begin_date))
                .then_with(|| a.id.cmp(&b.id))
        });
        out
    }

    /// Active members of a class per role (roles in lower case).
    pub fn member_counts(&self, class: &str) -> BTreeMap<String, usize> {
        let mut users: BTreeMap<String, HashSet<&str>> = BTreeMap::new();
        for e in self.enrollments_at(self.class_nodes.get(class)).filter(|e| !e.inactive) {
            users.entry(role_key(e)).or_default().insert(&e.user);
        }
        users.into_iter().map(|(role, set)| (role, set.len())).collect()
    }

    /// The enrollments of a user, by class, role, then begin date.
    pub fn classes_of_user(&self, user: &str) -> Vec<&EnrollmentRecord> {
        let mut out: Vec<&EnrollmentRecord> = self.enrollments_at(self.user_nodes.get(user)).collect();
        out.sort_by(|a, b| {
            a.class
                .cmp(&b.class)
                .then_with(|| role_key(a).cmp(&role_key(b)))
                .then_with(|| a.begin_date.cmp(&b.begin_date))
                .then_with(|| a.id.cmp(&b.id))
        });
        out
    }

    fn classes_where(&self, keep: impl Fn(&ClassRecord) -> bool) -> Vec<&ClassRecord> {
        let mut out: Vec<&ClassRecord> = self.classes.iter().filter(|c| keep(c)).collect();
        out.sort_by(|a, b| a.title.cmp(&b.title).then_with(|| a.id.cmp(&b.id)));
        out
    }

    /// The classes of a school.
    pub fn classes_of_school(&self, school: &str) -> Vec<&ClassRecord> {
        self.classes_where(|c| c.school.as_deref() == Some(school))
    }

    /// The classes of a course.
    pub fn classes_of_course(&self, course: &str) -> Vec<&ClassRecord> {
        self.classes_where(|c| c.course.as_deref() == Some(course))
    }

    /// The classes of a term (academic session).
    pub fn classes_of_term(&self, term: &str) -> Vec<&ClassRecord> {
        self.classes_where(|c| c.terms.iter().any(|t| t == term))
    }

    /// The underlying petgraph graph (classes and users, an edge per enrollment holding its
    /// index in [`enrollments`](Self::enrollments)).
    pub fn graph(&self) -> &Graph<Member, usize, Undirected> {
        &self.graph
    }
}

fn role_key(e: &EnrollmentRecord) -> String {
    e.role.as_deref().unwrap_or_default().to_ascii_lowercase()
}

/// What is below an org (the org included): counts of active records.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OrgCounts {
    /// Direct children in the hierarchy.
    pub children: usize,
    /// Orgs of type `school` in the subtree (the org itself included).
    pub schools: usize,
    /// Classes whose school is in the subtree.
    pub classes: usize,
    /// Distinct users enrolled as `student` in those classes.
    pub students: usize,
    /// Distinct users enrolled as `teacher` in those classes.
    pub teachers: usize,
    /// Distinct users enrolled with another role.
    pub others: usize,
}

/// An org in the outline, with its depth and counts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OrgLine {
    /// The org.
    #[serde(flatten)]
    pub org: OrgRecord,
    /// Depth in the outline (0 for a root).
    pub depth: usize,
    /// What is below it.
    pub counts: OrgCounts,
}

/// The org hierarchy and class membership together.
#[derive(Debug, Default)]
pub struct RosterGraph {
    /// The org hierarchy.
    pub orgs: OrgHierarchy,
    /// Class membership.
    pub membership: ClassMembership,
}

impl RosterGraph {
    /// Builds both graphs.
    pub fn new(orgs: Vec<OrgRecord>, classes: Vec<ClassRecord>, enrollments: Vec<EnrollmentRecord>) -> RosterGraph {
        RosterGraph { orgs: OrgHierarchy::new(orgs), membership: ClassMembership::new(classes, enrollments) }
    }

    /// The org `id` and its ancestors: the orgs whose counts a record at `id` adds to.
    fn chain(&self, id: &str) -> Vec<&str> {
        let mut chain: Vec<&str> = self.orgs.org(id).map(|o| o.id.as_str()).into_iter().collect();
        chain.extend(self.orgs.ancestors(id).into_iter().map(|o| o.id.as_str()));
        chain
    }

    /// Counts for every org, by identifier. Enrollments count under their class's school
    /// (their own school when the class is not there).
    pub fn counts(&self) -> HashMap<String, OrgCounts> {
        let mut counts: HashMap<String, OrgCounts> = HashMap::new();
        let mut users: HashMap<&str, [HashSet<&str>; 3]> = HashMap::new();
        for org in self.orgs.graph.node_weights() {
            let entry = counts.entry(org.id.clone()).or_default();
            entry.children = self.orgs.children(&org.id).len();
            if org.inactive || !org.kind.as_deref().is_some_and(|k| k.eq_ignore_ascii_case("school")) {
                continue;
            }
            for at in self.chain(&org.id) {
                counts.entry(at.to_owned()).or_default().schools += 1;
            }
        }
        for class in self.membership.classes.iter().filter(|c| !c.inactive) {
            for at in class.school.as_deref().map(|s| self.chain(s)).unwrap_or_default() {
                counts.entry(at.to_owned()).or_default().classes += 1;
            }
        }
        for e in self.membership.enrollments.iter().filter(|e| !e.inactive) {
            let class = self.membership.class(&e.class);
            if class.is_some_and(|c| c.inactive) {
                continue;
            }
            let school = class.and_then(|c| c.school.as_deref()).or(e.school.as_deref());
            let slot = match role_key(e).as_str() {
                "student" => 0,
                "teacher" => 1,
                _ => 2,
            };
            for at in school.map(|s| self.chain(s)).unwrap_or_default() {
                if let Some(set) = users.entry(at).or_default().get_mut(slot) {
                    set.insert(&e.user);
                }
            }
        }
        for (org, [students, teachers, others]) in users {
            let entry = counts.entry(org.to_owned()).or_default();
            (entry.students, entry.teachers, entry.others) = (students.len(), teachers.len(), others.len());
        }
        counts
    }

    /// Every org once in outline order (roots' subtrees, then what only cycles reach), with
    /// depth and counts.
    pub fn outline(&self) -> Vec<OrgLine> {
        let counts = self.counts();
        self.orgs
            .outline_order()
            .into_iter()
            .map(|(org, depth)| OrgLine {
                org: org.clone(),
                depth,
                counts: counts.get(&org.id).cloned().unwrap_or_default(),
            })
            .collect()
    }
}
