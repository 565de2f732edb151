//! Graphs behind the explorer's views, on petgraph: a framework's document, items and the
//! external nodes its associations point at, joined by typed, ordered association edges.

mod framework;

pub use framework::{Edge, FrameworkGraph, Node, NodeKind};
