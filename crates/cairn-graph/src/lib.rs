//! Graphs behind the explorer's views, on petgraph: a framework's document, items and the
//! external nodes its associations point at, joined by typed, ordered association edges.

mod codes;
pub mod crosswalk;
pub mod diff;
mod end;
mod framework;
mod hash;
mod neighbourhood;
mod order;
mod outline;
mod progression;
mod relations;
pub mod roster;
mod rubric;
mod tree;

pub use codes::natural_cmp;
pub use end::End;
pub use framework::{Edge, FrameworkGraph, Node, NodeKind};
pub use neighbourhood::{NeighbourEdge, NeighbourNode, Neighbourhood, neighbourhood};
pub use order::{SiblingKey, sibling_cmp};
pub use outline::{MAX_OUTLINE_DEPTH, MAX_OUTLINE_NODES, Outline, TreeNode};
pub use progression::{MAX_PROGRESSIONS, Progression, progressions, progressions_through};
pub use relations::{ASSOCIATION_TYPES, Relation, RelationDirection, RelationGroup, relations};
pub use rubric::{CriterionView, LevelView, RubricView, criteria_of, rubrics};
pub use tree::{Child, MAX_BREADCRUMBS, Tree};

/// Node positions in the graphs (petgraph's).
pub use petgraph::graph::NodeIndex;
