//! The `fields` parameter: returning only some fields of each record.
//!
//! The specification's rules: exactly the listed fields (and only those) are returned; if a
//! listed field does not exist the whole record is returned; a blank field name (`a,,b`, `a,`,
//! or an empty parameter) is an error (`invalid_selection_field`).
//!
//! Dotted names select nested fields and keep the nesting: `roles.role` on
//! `{"roles": [{"role": "student", "org": {..}}]}` gives `{"roles": [{"role": "student"}]}`.
//! A selected field the record lacks is left out; an object on the way to a nested field is
//! kept even when the nested field is missing (`metadata.x` on `{"metadata": {}}` gives
//! `{"metadata": {}}`).

use std::fmt;

use cairn_spec::shape::Shape;
use serde_json::{Map, Value};

use crate::error::QueryError;

/// A parsed `fields` parameter: one or more non-blank field names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Selection {
    names: Vec<String>,
}

impl Selection {
    /// Parses the value of the `fields` parameter (already percent-decoded): names separated
    /// by commas, whitespace around names ignored.
    pub fn parse(text: &str) -> Result<Selection, QueryError> {
        let mut names = Vec::new();
        for (i, name) in text.split(',').enumerate() {
            let name = name.trim();
            if name.is_empty() {
                let reason = format!("field name {} of {text:?} is blank", i + 1);
                return Err(QueryError::InvalidSelectionField { reason });
            }
            names.push(name.to_owned());
        }
        Ok(Selection { names })
    }

    /// A selection of `names` for a client to send; each must be non-blank and comma-free.
    pub fn new<I, S>(names: I) -> Result<Selection, QueryError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let names: Vec<String> = names.into_iter().map(|n| n.as_ref().trim().to_owned()).collect();
        if names.is_empty() {
            let reason = "no field names".to_owned();
            return Err(QueryError::InvalidSelectionField { reason });
        }
        if let Some(bad) = names.iter().find(|n| n.is_empty() || n.contains(',')) {
            let reason = format!("field name {bad:?} is blank or holds a comma");
            return Err(QueryError::InvalidSelectionField { reason });
        }
        Ok(Selection { names })
    }

    /// The field names, in the order given.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The first name that does not exist in `shape`, if any.
    pub fn unknown(&self, shape: &Shape) -> Option<&str> {
        self.names.iter().map(String::as_str).find(|n| shape.resolve(n).is_none())
    }

    /// The record cut down to the selected fields, or the whole record if any selected name
    /// is unknown to `shape` (or the record is not an object).
    pub fn apply(&self, record: &Value, shape: &Shape) -> Value {
        if self.unknown(shape).is_some() {
            return record.clone();
        }
        let mut tree = Node::default();
        for name in &self.names {
            tree.insert(name);
        }
        match record {
            Value::Object(_) => tree.project(record).unwrap_or_else(|| record.clone()),
            _ => record.clone(),
        }
    }
}

impl fmt::Display for Selection {
    /// The `fields` parameter value: the names joined with commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.names.join(","))
    }
}

/// The selected paths as a tree: a node is either taken whole or cut down to its children.
#[derive(Debug, Default)]
struct Node {
    whole: bool,
    children: Vec<(String, Node)>,
}

impl Node {
    fn insert(&mut self, path: &str) {
        let mut node = self;
        for step in path.split('.') {
            if node.whole {
                return;
            }
            let index = match node.children.iter().position(|(name, _)| name == step) {
                Some(index) => index,
                None => {
                    node.children.push((step.to_owned(), Node::default()));
                    node.children.len() - 1
                }
            };
            let Some((_, child)) = node.children.get_mut(index) else {
                return;
            };
            node = child;
        }
        node.whole = true;
        node.children.clear();
    }

    fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|(n, _)| n == name).map(|(_, node)| node)
    }

    fn project(&self, value: &Value) -> Option<Value> {
        if self.whole {
            return Some(value.clone());
        }
        match value {
            Value::Object(map) => {
                let mut out = Map::new();
                for (key, inner) in map {
                    if let Some(projected) = self.child(key).and_then(|c| c.project(inner)) {
                        out.insert(key.clone(), projected);
                    }
                }
                Some(Value::Object(out))
            }
            Value::Array(items) => Some(Value::Array(items.iter().filter_map(|item| self.project(item)).collect())),
            _ => None,
        }
    }
}
