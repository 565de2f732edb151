//! The generated framework's definitions: item types, concepts, subjects, the licence and
//! association groupings, emitted once and linked from items and associations.

use cairn_spec::Collection;
use serde_json::{Value, json};

use super::case::CaseWriter;
use super::math_text::{CONCEPT_ROOTS, CONCEPTS, SUBJECTS};
use super::out::Out;

/// Item types: (title, hierarchy code, description).
pub(crate) const ITEM_TYPES: &[(&str, &str, &str)] = &[
    ("Grade Level", "1", "All standards of one grade."),
    ("Conceptual Category", "2", "A high-school conceptual category, spanning grades 9 to 12."),
    ("Domain", "3", "A large group of related standards."),
    ("Cluster", "3.1", "A group of related standards within a domain."),
    ("Standard", "3.1.1", "What students should understand and be able to do."),
    ("Component", "3.1.1.1", "A lettered part of a standard."),
    ("Example", "3.1.1.2", "An example task illustrating a standard."),
    ("Achievement Level", "3.1.1.3", "A descriptor of one level of achievement of a standard."),
];

/// Association groupings: (key, title, description).
pub(crate) const GROUPINGS: &[(&str, &str, &str)] = &[
    ("progressions", "Learning Progressions", "How standards build from one grade to the next."),
    ("pathway", "Accelerated Pathway Equivalences", "High-school standards identical to grade 8 standards."),
    ("modeling", "Modeling Standards", "High-school standards that are part of the modeling category."),
    ("levels", "Achievement Level Descriptors", "Links from standards to their achievement levels."),
    ("translation", "Spanish Edition", "Links from items to their Spanish translations."),
    ("revision", "2024 Revision", "Standards retired by the 2024 revision and what replaced them."),
];

/// The licence's text.
pub(crate) const CC_BY_TEXT: &str = "This work is licensed under the Creative Commons Attribution 4.0 International \
License (CC BY 4.0). You are free to share (copy and redistribute the material in any medium or format) and adapt \
(remix, transform, and build upon the material) for any purpose, even commercially, under the following term: \
Attribution — you must give appropriate credit, provide a link to the license, and indicate if changes were made. \
You may do so in any reasonable manner, but not in any way that suggests the licensor endorses you or your use. \
No additional restrictions — you may not apply legal terms or technological measures that legally restrict others \
from doing anything the license permits. Full text: https://creativecommons.org/licenses/by/4.0/legalcode";

/// Links to the definitions.
#[derive(Debug, Clone)]
pub(crate) struct Defs {
    /// Item type links, as [`ITEM_TYPES`].
    pub(crate) item_types: Vec<Value>,
    /// Concept links, as [`CONCEPTS`].
    pub(crate) concepts: Vec<Value>,
    /// Subject links, as [`SUBJECTS`].
    pub(crate) subjects: Vec<Value>,
    /// The licence link.
    pub(crate) license: Value,
    /// Grouping links, as [`GROUPINGS`].
    pub(crate) groupings: Vec<Value>,
}

impl Defs {
    /// The link of the item type called `title`.
    pub(crate) fn item_type(&self, title: &str) -> Value {
        let at = ITEM_TYPES.iter().position(|(t, _, _)| *t == title).unwrap_or(0);
        self.item_types[at].clone()
    }

    /// The link of the grouping `key`.
    pub(crate) fn grouping(&self, key: &str) -> &Value {
        let at = GROUPINGS.iter().position(|(k, _, _)| *k == key).unwrap_or(0);
        &self.groupings[at]
    }
}

/// Emits the definitions and returns links to them.
pub(crate) fn emit(w: &CaseWriter<'_>, out: &mut Out<'_>) -> Defs {
    let ids = w.ids;
    let now = w.now;
    let mut item_types = Vec::new();
    for (title, code, description) in ITEM_TYPES {
        let id = ids.id("CFItemType", title);
        out.emit(
            Collection::CfItemTypes,
            json!({
                "identifier": id, "uri": ids.href(Collection::CfItemTypes, &id), "title": title,
                "description": description, "hierarchyCode": code, "typeCode": title.replace(' ', ""),
                "lastChangeDateTime": now,
            }),
        );
        item_types.push(ids.link(Collection::CfItemTypes, &id, title));
    }
    for (code, title, keywords) in CONCEPT_ROOTS {
        let id = ids.id("CFConcept", code);
        out.emit(Collection::CfConcepts, concept(ids, &id, code, title, keywords, now));
    }
    let mut concepts = Vec::new();
    for (code, title, keywords) in CONCEPTS {
        let id = ids.id("CFConcept", code);
        out.emit(Collection::CfConcepts, concept(ids, &id, code, title, keywords, now));
        concepts.push(ids.link(Collection::CfConcepts, &id, title));
    }
    let mut subjects = Vec::new();
    for (code, title) in SUBJECTS {
        let id = ids.id("CFSubject", code);
        out.emit(
            Collection::CfSubjects,
            json!({
                "identifier": id, "uri": ids.href(Collection::CfSubjects, &id), "title": title,
                "hierarchyCode": code, "description": format!("{title} (subject {code})."),
                "lastChangeDateTime": now,
            }),
        );
        subjects.push(ids.link(Collection::CfSubjects, &id, title));
    }
    let license_id = ids.id("CFLicense", "cc-by-4.0");
    let license_title = "Creative Commons Attribution 4.0 International";
    out.emit(
        Collection::CfLicenses,
        json!({
            "identifier": license_id, "uri": ids.href(Collection::CfLicenses, &license_id),
            "title": license_title,
            "description": "CC BY 4.0: share and adapt with attribution.",
            "licenseText": CC_BY_TEXT, "lastChangeDateTime": now,
        }),
    );
    let mut groupings = Vec::new();
    for (key, title, description) in GROUPINGS {
        let id = ids.id("CFAssociationGrouping", key);
        out.emit(
            Collection::CfAssociationGroupings,
            json!({
                "identifier": id, "uri": ids.href(Collection::CfAssociationGroupings, &id), "title": title,
                "description": description, "lastChangeDateTime": now,
            }),
        );
        groupings.push(ids.link(Collection::CfAssociationGroupings, &id, title));
    }
    Defs {
        item_types,
        concepts,
        subjects,
        license: ids.link(Collection::CfLicenses, &license_id, license_title),
        groupings,
    }
}

fn concept(ids: &super::ids::Ids, id: &str, code: &str, title: &str, keywords: &str, now: &str) -> Value {
    json!({
        "identifier": id, "uri": ids.href(Collection::CfConcepts, id), "title": title, "keywords": keywords,
        "hierarchyCode": code, "description": format!("Concept {code}: {title}."), "lastChangeDateTime": now,
    })
}
