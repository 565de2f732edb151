//! What each association type means, for the graph's legend, the item panel's association lists
//! and the crosswalk's filters: the specification's sentence for the ten defined types
//! (declared once, in `cairn_spec::case::ASSOCIATION_MEANINGS`), and for the other types a
//! framework uses (`ext:` terms, or misspelt ones) the definition the framework gives, if any.
//!
//! A definition names an `ext:` type when a cached `CFAssociationGrouping`, `CFConcept`,
//! `CFItemType` or `CFSubject` of the framework's connection has as title, hierarchy code or
//! last URI segment the term, with or without its `ext:` prefix (letter case ignored); failing
//! that, the grouping that every association of the type in the framework carries, when they
//! all carry the same one and it is cached.

use std::collections::BTreeMap;

use cairn_spec::Collection;
use cairn_spec::case::{ASSOCIATION_MEANINGS, AssociationType};
use cairn_spec::scalar::Term;
use cairn_store::cache;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::app::{App, AppError, FrameworkKey};
use cairn_views::resolve_connection;

/// An association type with what it means.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AssociationTypeInfo {
    /// The type as given (`isChildOf`, `ext:buildsOn`).
    pub association_type: String,
    /// The defined type it reads as (letter case ignored); `None` for `ext:` and unknown types.
    pub defined_as: Option<String>,
    /// The specification's meaning of the defined type, in one sentence.
    pub meaning: Option<String>,
    /// Where the framework defines a type the specification does not.
    pub definition: Option<TypeDefinition>,
}

/// A framework's own definition of an association type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TypeDefinition {
    /// The class of the definition (`CFAssociationGrouping`, `CFConcept`...).
    pub class: String,
    /// Its title.
    pub title: Option<String>,
    /// Its URI.
    pub uri: Option<String>,
    /// Its description.
    pub description: Option<String>,
}

/// The definitions searched for an `ext:` type, by collection and class.
const DEFINING: [(Collection, &str); 4] = [
    (Collection::CfAssociationGroupings, "CFAssociationGrouping"),
    (Collection::CfConcepts, "CFConcept"),
    (Collection::CfItemTypes, "CFItemType"),
    (Collection::CfSubjects, "CFSubject"),
];

impl App {
    /// The ten defined association types with their meanings, in the specification's order;
    /// with `key`, then the other types the framework uses, each with its definition if any.
    pub async fn association_types(&self, key: Option<FrameworkKey>) -> Result<Vec<AssociationTypeInfo>, AppError> {
        let mut types: Vec<AssociationTypeInfo> = ASSOCIATION_MEANINGS.iter().map(|(t, _)| info(t)).collect();
        let Some(key) = key else { return Ok(types) };
        let open = self.framework(key.clone()).await?;
        // Each type the framework uses that is not spelt as defined, with the groupings of its
        // associations.
        let used: BTreeMap<String, Vec<Option<String>>> = open.with_graph(|graph, _, _| {
            let mut used: BTreeMap<String, Vec<Option<String>>> = BTreeMap::new();
            for edge in graph.graph().raw_edges() {
                let kind = edge.weight.kind;
                if AssociationType::meaning(kind).is_none() {
                    used.entry(kind.to_owned()).or_default().push(edge.weight.grouping.map(str::to_owned));
                }
            }
            used
        });
        if used.is_empty() {
            return Ok(types);
        }
        let definitions = self
            .cache
            .read(move |conn| {
                let id = resolve_connection(conn, &key.connection)?;
                let mut found = Vec::new();
                for (collection, class) in DEFINING {
                    for (_, json) in cache::records(conn, id, collection)? {
                        if let Ok(value) = serde_json::from_str::<Value>(&json) {
                            found.push((class, value));
                        }
                    }
                }
                Ok::<_, AppError>(found)
            })
            .await?;
        for (kind, groupings) in used {
            let mut type_info = info(&kind);
            if type_info.defined_as.is_none() {
                type_info.definition = named(&kind, &definitions).or_else(|| shared_grouping(&groupings, &definitions));
            }
            types.push(type_info);
        }
        Ok(types)
    }
}

/// The type `kind` with the meaning of the defined type it reads as.
fn info(kind: &str) -> AssociationTypeInfo {
    let term = Term::<AssociationType>::from(kind);
    AssociationTypeInfo {
        association_type: kind.to_owned(),
        defined_as: term.canonical().map(str::to_owned),
        meaning: term.meaning().map(str::to_owned),
        definition: None,
    }
}

fn field<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key).and_then(Value::as_str).filter(|s| !s.trim().is_empty())
}

fn definition(class: &str, value: &Value) -> TypeDefinition {
    let text = |key| field(value, key).map(str::to_owned);
    TypeDefinition { class: class.to_owned(), title: text("title"), uri: text("uri"), description: text("description") }
}

/// The definition whose title, hierarchy code or last URI segment is the term `kind`.
fn named(kind: &str, definitions: &[(&str, Value)]) -> Option<TypeDefinition> {
    let bare = kind.strip_prefix("ext:").unwrap_or(kind);
    definitions
        .iter()
        .find(|(_, value)| {
            names(value).into_iter().flatten().any(|n| n.eq_ignore_ascii_case(kind) || n.eq_ignore_ascii_case(bare))
        })
        .map(|(class, value)| definition(class, value))
}

/// What a definition is called: its title, hierarchy code and last URI segment.
fn names(value: &Value) -> [Option<&str>; 3] {
    let last = field(value, "uri").and_then(|u| u.trim_end_matches('/').rsplit(['/', '#', ':']).next());
    [field(value, "title"), field(value, "hierarchyCode"), last]
}

/// The cached grouping every association of the type carries, when it is one and the same.
fn shared_grouping(groupings: &[Option<String>], definitions: &[(&str, Value)]) -> Option<TypeDefinition> {
    let first = groupings.first()?.as_deref()?;
    if groupings.iter().any(|g| g.as_deref() != Some(first)) {
        return None;
    }
    definitions
        .iter()
        .filter(|(class, _)| *class == "CFAssociationGrouping")
        .find(|(_, value)| field(value, "identifier") == Some(first))
        .map(|(class, value)| definition(class, value))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn an_ext_type_is_named_by_a_definition_or_by_its_shared_grouping() {
        let definitions = vec![
            ("CFConcept", json!({"title": "Algebra", "uri": "urn:c:1", "identifier": "c1"})),
            (
                "CFAssociationGrouping",
                json!({"title": "Builds on", "identifier": "g1", "uri": "https://x.org/g/buildsOn", "description": "Later work builds on earlier."}),
            ),
            (
                "CFAssociationGrouping",
                json!({"title": "Pathway", "identifier": "g2", "description": "The accelerated pathway."}),
            ),
        ];
        let by_uri = named("ext:BUILDSON", &definitions).unwrap();
        assert_eq!(by_uri.description.as_deref(), Some("Later work builds on earlier."));
        assert_eq!(by_uri.class, "CFAssociationGrouping");
        assert!(named("ext:algebra", &definitions).is_some_and(|d| d.class == "CFConcept"));
        assert!(named("ext:nothing", &definitions).is_none());
        let shared = shared_grouping(&[Some("g2".into()), Some("g2".into())], &definitions).unwrap();
        assert_eq!(shared.title.as_deref(), Some("Pathway"));
        assert!(shared_grouping(&[Some("g2".into()), None], &definitions).is_none());
        assert!(shared_grouping(&[], &definitions).is_none());
    }

    #[test]
    fn a_defined_type_read_in_another_case_keeps_its_meaning() {
        let odd = info("ischildof");
        assert_eq!(odd.defined_as.as_deref(), Some("isChildOf"));
        assert!(odd.meaning.is_some());
        assert_eq!(info("ext:x").meaning, None);
    }
}
