//! Importing a real CASE package so that the sandbox can serve it: every identifier that does
//! not match the UUID pattern becomes the UUID v5 of the original in [`IMPORT_NAMESPACE`],
//! with every reference rewritten alike and the original kept in `extensions`; links become
//! link objects; records come out in their served forms, made to conform where the fix is
//! unambiguous (the `import_fix` module).

use std::collections::{BTreeMap, HashMap, HashSet};

use cairn_spec::case::{
    CfAssociation, CfAssociationGrouping, CfConcept, CfDocument, CfItem, CfItemType, CfLicense, CfRubric, CfSubject,
    PackageFile,
};
use cairn_spec::registry::{self, ClassEntry};
use cairn_spec::scalar::is_uuid;
use cairn_spec::shape::Shape;
use cairn_spec::{Collection, ReadError, Record, Wire};
use serde_json::{Map, Value, json};

use super::ids::{IMPORT_NAMESPACE, v5};
use super::import_fix::{Tally, conform, extensions_are_array, with_extensions};
use super::import_uri::{ServedAt, serve_at};

/// Where the original of a rewritten identifier is kept inside `extensions`.
pub const ORIGINAL_IDENTIFIER: &str = "cairn:originalIdentifier";

/// Where links to groupings the package does not define are kept inside `extensions`.
pub const DANGLING: &str = "cairn:danglingLinks";

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    /// The served identifier of the package's document.
    pub document_id: String,
    /// What was changed or is still amiss, summarised (one line per kind of change).
    pub warnings: Vec<String>,
    /// How many distinct identifiers were rewritten.
    pub rewritten_ids: usize,
}

/// How a package is imported.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportOptions {
    /// Where the sandbox serves: every record's `uri` points there (the original kept in
    /// extensions). `None` keeps the package's own.
    pub served_at: Option<ServedAt>,
    /// Derive every identifier the package defines, UUID or not, as the UUID v5 of this text, a
    /// line break and the original: for a framework whose document identifier another one
    /// already has. Originals are kept in extensions as for non-UUID identifiers.
    pub derive_from: Option<String>,
}

/// Why a package could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The bytes are not a JSON object.
    #[error("not a CASE package: {0}")]
    Read(#[from] ReadError),
    /// The package has no `CFDocument` object.
    #[error("the package has no CFDocument object")]
    NoDocument,
    /// The document has no identifier.
    #[error("the package's CFDocument has no identifier")]
    NoIdentifier,
}

/// A node of the package links can point at.
#[derive(Debug, Clone)]
struct Node {
    title: String,
    uri: Option<String>,
}

/// The kind of identifier that names something the package does not define.
const OUTSIDE: &str = "outside link target";

/// Rewrites identifiers and counts them by kind.
#[derive(Debug, Default)]
struct Rewriter {
    seen: HashSet<String>,
    kinds: BTreeMap<&'static str, (usize, String)>,
    /// Derive every identifier the package defines from this (see [`ImportOptions`]).
    derive_from: Option<String>,
    derived: usize,
}

impl Rewriter {
    fn fix(&mut self, kind: &'static str, id: &str) -> String {
        if let Some(from) = &self.derive_from
            && kind != OUTSIDE
        {
            if self.seen.insert(id.to_owned()) {
                self.derived += 1;
            }
            return v5(&IMPORT_NAMESPACE, &format!("{from}\n{id}"));
        }
        if is_uuid(id) {
            return id.to_owned();
        }
        if self.seen.insert(id.to_owned()) {
            let entry = self.kinds.entry(kind).or_insert_with(|| (0, id.to_owned()));
            entry.0 += 1;
        }
        v5(&IMPORT_NAMESPACE, id)
    }
}

struct Importer {
    ids: Rewriter,
    tally: Tally,
    nodes: HashMap<String, Node>,
    by_uri: HashMap<String, String>,
}

fn text<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    map.get(key).and_then(Value::as_str).filter(|s| !s.trim().is_empty())
}

fn object(value: Value) -> Option<Map<String, Value>> {
    match value {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

impl Importer {
    fn index(&mut self, map: &Map<String, Value>, kind: &'static str, title_keys: &[&str]) {
        let Some(id) = text(map, "identifier") else { return };
        self.ids.fix(kind, id);
        let title = title_keys.iter().find_map(|k| text(map, k)).map_or_else(|| id.to_owned(), short);
        let uri = text(map, "uri").map(str::to_owned);
        if let Some(uri) = &uri {
            self.by_uri.entry(uri.clone()).or_insert_with(|| id.to_owned());
        }
        self.nodes.entry(id.to_owned()).or_insert(Node { title, uri });
    }

    /// Rewrites the record's own identifier, keeping the original in its extensions.
    fn own_id(&mut self, map: &mut Map<String, Value>, kind: &'static str, shape: &Shape) -> Option<String> {
        let original = text(map, "identifier")?.to_owned();
        let id = self.ids.fix(kind, &original);
        if id != original {
            map.insert("identifier".into(), json!(id));
            with_extensions(map, extensions_are_array(shape), |ext| {
                ext.insert(ORIGINAL_IDENTIFIER.into(), json!(original));
            });
        }
        Some(id)
    }

    /// A link object for whatever `value` was (object or plain string), with its identifier
    /// rewritten; `None` when it cannot be one.
    fn link(&mut self, value: Value, field: &str, generic: bool) -> Option<(Value, String)> {
        let (original, title, uri, target_type) = match value {
            Value::String(s) => {
                self.tally.add(format!("{field} given as a plain string made a link object"), || s.clone());
                let original = self.by_uri.get(&s).cloned().unwrap_or_else(|| s.clone());
                let title = self.nodes.get(&original).map_or_else(|| short(&s), |n| n.title.clone());
                (original, title, Some(s), None)
            }
            Value::Object(o) => {
                let uri = text(&o, "uri").map(str::to_owned);
                let original = text(&o, "identifier")
                    .map(str::to_owned)
                    .or_else(|| uri.as_ref().and_then(|u| self.by_uri.get(u).cloned()))
                    .or_else(|| uri.clone())?;
                let title = text(&o, "title")
                    .map(str::to_owned)
                    .or_else(|| self.nodes.get(&original).map(|n| n.title.clone()))
                    .unwrap_or_else(|| short(&original));
                let target_type = if generic { o.get("targetType").filter(|t| t.is_string()).cloned() } else { None };
                (original, title, uri, target_type)
            }
            _ => return None,
        };
        let node = self.nodes.get(&original).cloned();
        if node.is_none() {
            let what = if generic {
                "association end outside the package kept as a LinkGenURI".to_owned()
            } else {
                format!("{field} names something the package does not define")
            };
            self.tally.add(what, || original.clone());
        }
        let id = self.ids.fix(if node.is_some() { "item" } else { OUTSIDE }, &original);
        let uri = uri.or_else(|| node.and_then(|n| n.uri)).unwrap_or_else(|| {
            self.tally.add(format!("{field} without a uri given urn:uuid:"), || original.clone());
            format!("urn:uuid:{id}")
        });
        let mut link = Map::new();
        link.insert("title".into(), json!(title));
        link.insert("identifier".into(), json!(id));
        link.insert("uri".into(), json!(uri));
        if let Some(t) = target_type {
            link.insert("targetType".into(), t);
        }
        Some((Value::Object(link), original))
    }

    /// Normalizes the link fields `single` and the link-array fields `many` of `map`.
    fn links(&mut self, map: &mut Map<String, Value>, single: &[&str], many: &[&str]) {
        for field in single {
            if let Some(value) = map.remove(*field) {
                if let Some((link, _)) = self.link(value.clone(), field, false) {
                    map.insert((*field).into(), link);
                } else if !value.is_null() {
                    map.insert((*field).into(), value);
                }
            }
        }
        for field in many {
            let values = match map.remove(*field) {
                Some(Value::Array(values)) => values,
                Some(Value::Null) | None => continue,
                Some(lone) => vec![lone],
            };
            let links: Vec<Value> =
                values.into_iter().filter_map(|v| self.link(v, field, false).map(|l| l.0)).collect();
            map.insert((*field).into(), Value::Array(links));
        }
    }

    /// Rewrites identifiers kept in pre-1.0 properties (`originNodeIdentifier`...).
    fn legacy_ids(&mut self, map: &mut Map<String, Value>) {
        for key in [
            "originNodeIdentifier",
            "destinationNodeIdentifier",
            "CFAssociationGroupingIdentifier",
            "CFDocumentIdentifier",
        ] {
            if let Some(Value::String(s)) = map.get(key) {
                let fixed = self.ids.fix("item", s);
                map.insert(key.into(), json!(fixed));
            }
        }
    }
}

fn short(text: &str) -> String {
    let mut title: String = text.chars().take(60).collect();
    if title.len() < text.len() {
        title.push('…');
    }
    title
}

/// A definition list: its collection, records, kind and class.
type DefList<'a> = (Collection, &'a mut Vec<Map<String, Value>>, &'static str, &'static Shape);

fn fill(map: &mut Map<String, Value>, key: &str, value: impl FnOnce() -> Value, tally: &mut Tally) {
    if !map.contains_key(key) {
        let value = value();
        tally.add(format!("missing {key} filled in"), || value.to_string());
        map.insert(key.into(), value);
    }
}

fn records<T: Wire>(list: Option<&cairn_spec::Many<T>>) -> Vec<Map<String, Value>> {
    list.into_iter().flatten().filter_map(|r| object(r.to_json())).collect()
}

/// Imports a CASE package (bare or wrapped in `{"CFPackage": ...}`), handing every record to
/// `sink` in its served form, its own `uri`s kept. Fails only when the bytes are not a package
/// with a document.
pub fn import_package(bytes: &[u8], sink: &mut dyn FnMut(Collection, Value)) -> Result<ImportReport, ImportError> {
    import_package_with(bytes, &ImportOptions::default(), sink)
}

/// [`import_package`] with `options`: the served addresses, derived identifiers.
pub fn import_package_with(
    bytes: &[u8],
    options: &ImportOptions,
    sink: &mut dyn FnMut(Collection, Value),
) -> Result<ImportReport, ImportError> {
    let package = PackageFile::read(bytes)?.value.package;
    let mut doc = package.document.as_ref().and_then(|d| object(d.to_json())).ok_or(ImportError::NoDocument)?;
    let original_doc_id = text(&doc, "identifier").ok_or(ImportError::NoIdentifier)?.to_owned();
    let mut items = records(package.items.as_ref());
    let mut associations = records(package.associations.as_ref());
    let definitions = package.definitions.as_ref();
    let mut concepts = records(definitions.and_then(|d| d.concepts.as_ref()));
    let mut subjects = records(definitions.and_then(|d| d.subjects.as_ref()));
    let mut licenses = records(definitions.and_then(|d| d.licenses.as_ref()));
    let mut item_types = records(definitions.and_then(|d| d.item_types.as_ref()));
    let mut groupings = records(definitions.and_then(|d| d.association_groupings.as_ref()));
    let mut rubrics = records(package.rubrics.as_ref());

    let ids = Rewriter { derive_from: options.derive_from.clone(), ..Rewriter::default() };
    let mut imp = Importer { ids, tally: Tally::default(), nodes: HashMap::new(), by_uri: HashMap::new() };
    imp.index(&doc, "document", &["title"]);
    for item in &items {
        imp.index(item, "item", &["humanCodingScheme", "abbreviatedStatement", "fullStatement"]);
    }
    let kinds = ["concept", "subject", "licence", "item type", "association grouping", "rubric"];
    for (list, kind) in [&concepts, &subjects, &licenses, &item_types, &groupings, &rubrics].into_iter().zip(kinds) {
        for record in list {
            imp.index(record, kind, &["title"]);
        }
    }
    let changed = doc.get("lastChangeDateTime").cloned().unwrap_or_else(|| json!("1970-01-01T00:00:00Z"));
    let doc_title = text(&doc, "title").unwrap_or("Untitled framework").to_owned();
    let doc_id = imp.ids.fix("document", &original_doc_id);
    let doc_uri = text(&doc, "uri").map_or_else(|| format!("urn:uuid:{doc_id}"), str::to_owned);
    let doc_link = json!({"title": doc_title, "identifier": doc_id, "uri": doc_uri});

    let mut emitted: Vec<(Collection, Map<String, Value>)> = Vec::new();

    // The document, with its package link.
    let package_uri = match doc.remove("CFPackageURI") {
        Some(Value::String(s)) => {
            imp.tally.add("CFPackageURI given as a plain string made a link object", || s.clone());
            s
        }
        Some(Value::Object(o)) => {
            text(&o, "uri").map_or_else(|| doc_uri.replace("/CFDocuments/", "/CFPackages/"), str::to_owned)
        }
        _ => doc_uri.replace("/CFDocuments/", "/CFPackages/"),
    };
    if !doc.contains_key("subjectURI")
        && let Some(value) = doc.remove("subjectURL")
    {
        imp.tally.add("subjectURL renamed subjectURI", String::new);
        doc.insert("subjectURI".into(), value);
    }
    imp.own_id(&mut doc, "document", CfDocument::shape());
    imp.links(&mut doc, &["licenseURI"], &["subjectURI"]);
    doc.insert("CFPackageURI".into(), json!({"title": doc_title, "identifier": doc_id, "uri": package_uri}));
    fill(&mut doc, "uri", || json!(doc_uri), &mut imp.tally);
    fill(&mut doc, "creator", || json!("Unknown"), &mut imp.tally);
    fill(&mut doc, "title", || json!(doc_title), &mut imp.tally);
    fill(&mut doc, "lastChangeDateTime", || changed.clone(), &mut imp.tally);
    emitted.push((Collection::CfDocuments, doc));

    // Definitions.
    let defs: [DefList<'_>; 5] = [
        (Collection::CfConcepts, &mut concepts, "concept", CfConcept::shape()),
        (Collection::CfSubjects, &mut subjects, "subject", CfSubject::shape()),
        (Collection::CfLicenses, &mut licenses, "licence", CfLicense::shape()),
        (Collection::CfItemTypes, &mut item_types, "item type", CfItemType::shape()),
        (Collection::CfAssociationGroupings, &mut groupings, "association grouping", CfAssociationGrouping::shape()),
    ];
    for (collection, list, kind, shape) in defs {
        for mut record in list.drain(..) {
            let Some(id) = imp.own_id(&mut record, kind, shape) else {
                imp.tally.add(format!("{kind} without an identifier skipped"), String::new);
                continue;
            };
            let title = text(&record, "title").map(str::to_owned);
            let tally = &mut imp.tally;
            fill(&mut record, "title", || json!(title.clone().unwrap_or_else(|| id.clone())), tally);
            fill(&mut record, "uri", || json!(format!("urn:uuid:{id}")), tally);
            fill(&mut record, "lastChangeDateTime", || changed.clone(), tally);
            if record.get("description").is_none_or(Value::is_null)
                && shape.field("description").is_some_and(|f| f.required)
            {
                record.insert("description".into(), json!(title.clone().unwrap_or_default()));
                tally.add(format!("missing {kind} description filled with its title"), String::new);
            }
            if shape.field("hierarchyCode").is_some() {
                fill(&mut record, "hierarchyCode", || json!("1"), tally);
            }
            if shape.field("licenseText").is_some() {
                let text = title.clone().unwrap_or_default();
                fill(&mut record, "licenseText", || json!(text), tally);
            }
            emitted.push((collection, record));
        }
    }

    // Items.
    for mut item in items.drain(..) {
        let Some(id) = imp.own_id(&mut item, "item", CfItem::shape()) else {
            imp.tally.add("item without an identifier skipped", String::new);
            continue;
        };
        if !item.contains_key("educationLevel")
            && let Some(value) = item.remove("educationalLevel")
        {
            imp.tally.add("educationalLevel renamed educationLevel", String::new);
            item.insert("educationLevel".into(), value);
        }
        imp.links(&mut item, &["conceptKeywordsURI", "CFItemTypeURI", "licenseURI"], &["subjectURI"]);
        item.insert("CFDocumentURI".into(), doc_link.clone());
        let statement = text(&item, "humanCodingScheme").unwrap_or("(no statement)").to_owned();
        fill(&mut item, "fullStatement", || json!(statement), &mut imp.tally);
        fill(&mut item, "uri", || json!(format!("urn:uuid:{id}")), &mut imp.tally);
        fill(&mut item, "lastChangeDateTime", || changed.clone(), &mut imp.tally);
        emitted.push((Collection::CfItems, item));
    }

    // Associations.
    for mut association in associations.drain(..) {
        let Some(id) = imp.own_id(&mut association, "association", CfAssociation::shape()) else {
            imp.tally.add("association without an identifier skipped", String::new);
            continue;
        };
        imp.legacy_ids(&mut association);
        for (field, note) in [
            ("originNodeURI", "cairn:originalOriginIdentifier"),
            ("destinationNodeURI", "cairn:originalDestinationIdentifier"),
        ] {
            let Some(value) = association.remove(field) else { continue };
            match imp.link(value.clone(), field, true) {
                Some((link, original)) => {
                    if link.get("identifier").and_then(Value::as_str) != Some(original.as_str()) {
                        with_extensions(&mut association, false, |ext| {
                            ext.insert(note.into(), json!(original));
                        });
                    }
                    association.insert(field.into(), link);
                }
                None => {
                    association.insert(field.into(), value);
                }
            }
        }
        // A grouping the package does not define cannot be served: keep the link aside.
        let grouping = association.get("CFAssociationGroupingURI").map(|g| match g {
            Value::Object(o) => text(o, "identifier").map(str::to_owned),
            Value::String(s) => imp.by_uri.get(s).cloned(),
            _ => None,
        });
        if let Some(target) = grouping
            && !target.as_ref().is_some_and(|t| imp.nodes.contains_key(t))
            && let Some(link) = association.remove("CFAssociationGroupingURI")
        {
            imp.tally.add(
                format!("CFAssociationGroupingURI naming no grouping of the package moved into extensions.{DANGLING}"),
                || target.unwrap_or_default(),
            );
            with_extensions(&mut association, false, |ext| {
                ext.insert(DANGLING.into(), json!({"CFAssociationGroupingURI": link}));
            });
        }
        imp.links(&mut association, &["CFAssociationGroupingURI"], &[]);
        association.insert("CFDocumentURI".into(), doc_link.clone());
        fill(&mut association, "uri", || json!(format!("urn:uuid:{id}")), &mut imp.tally);
        fill(&mut association, "lastChangeDateTime", || changed.clone(), &mut imp.tally);
        emitted.push((Collection::CfAssociations, association));
    }

    // Rubrics, their criteria and levels.
    for mut rubric in rubrics.drain(..) {
        let Some(id) = imp.own_id(&mut rubric, "rubric", CfRubric::shape()) else {
            imp.tally.add("rubric without an identifier skipped", String::new);
            continue;
        };
        if let Some(Value::Array(criteria)) = rubric.get_mut("CFRubricCriteria") {
            let criterion_shape = cairn_spec::case::CfRubricCriterion::shape();
            let level_shape = cairn_spec::case::CfRubricCriterionLevel::shape();
            for criterion in criteria.iter_mut().filter_map(Value::as_object_mut) {
                let criterion_id = imp.own_id(criterion, "rubric criterion", criterion_shape);
                if let Some(Value::String(r)) = criterion.get("rubricId") {
                    let fixed = imp.ids.fix("rubric", r);
                    criterion.insert("rubricId".into(), json!(fixed));
                }
                imp.links(criterion, &["CFItemURI"], &[]);
                fill(criterion, "lastChangeDateTime", || changed.clone(), &mut imp.tally);
                if let Some(cid) = &criterion_id {
                    fill(criterion, "uri", || json!(format!("urn:uuid:{cid}")), &mut imp.tally);
                }
                if let Some(Value::Array(levels)) = criterion.get_mut("CFRubricCriterionLevels") {
                    for level in levels.iter_mut().filter_map(Value::as_object_mut) {
                        let level_id = imp.own_id(level, "rubric criterion level", level_shape);
                        if let Some(Value::String(c)) = level.get("rubricCriterionId") {
                            let fixed = imp.ids.fix("rubric criterion", c);
                            level.insert("rubricCriterionId".into(), json!(fixed));
                        }
                        fill(level, "lastChangeDateTime", || changed.clone(), &mut imp.tally);
                        if let Some(lid) = &level_id {
                            fill(level, "uri", || json!(format!("urn:uuid:{lid}")), &mut imp.tally);
                        }
                    }
                }
            }
        }
        fill(&mut rubric, "uri", || json!(format!("urn:uuid:{id}")), &mut imp.tally);
        fill(&mut rubric, "lastChangeDateTime", || changed.clone(), &mut imp.tally);
        emitted.push((Collection::CfRubrics, rubric));
    }

    if let Some(served) = &options.served_at {
        serve_at(&mut emitted, served, &mut imp.tally);
    }

    // Conform, check, and hand over (each identifier once per collection).
    let entries: HashMap<&'static str, ClassEntry> =
        registry::classes().into_iter().map(|e| ((e.shape)().name, e)).collect();
    let mut issues = Tally::default();
    let mut taken: HashSet<(Collection, String)> = HashSet::new();
    for (collection, mut record) in emitted {
        let shape = collection.shape();
        conform(&mut record, shape, &mut imp.tally);
        let id = text(&record, "identifier").unwrap_or_default().to_owned();
        if !taken.insert((collection, id.clone())) {
            imp.tally.add(format!("duplicate {} identifier skipped", collection.name()), || id.clone());
            continue;
        }
        let value = Value::Object(record);
        if let Some(entry) = entries.get(shape.name)
            && let Ok((_, found)) = (entry.check)(value.clone())
        {
            for issue in found {
                issues.add(format!("{} still deviates: {}", shape.name, issue.rule.code()), || format!("{id} {issue}"));
            }
        }
        sink(collection, value);
    }

    let mut warnings: Vec<String> = Vec::new();
    if let Some(from) = &options.derive_from {
        warnings.push(format!(
            "{} identifier(s) the package defines derived: each is the UUID v5 of {from:?}, a line break and the \
             original, in namespace {IMPORT_NAMESPACE}; originals kept in extensions.{ORIGINAL_IDENTIFIER}",
            imp.ids.derived
        ));
    }
    warnings.extend(imp.ids.kinds.iter().map(|(kind, (count, example))| {
        let new = v5(&IMPORT_NAMESPACE, example);
        format!("{count} {kind} identifier(s) not matching the UUID pattern rewritten (e.g. {example:?} → {new})")
    }));
    if !imp.ids.kinds.is_empty() {
        warnings.push(format!(
            "rewritten identifiers are the UUID v5 of the original in namespace {IMPORT_NAMESPACE}, every reference to \
             them rewritten alike; originals kept in extensions.{ORIGINAL_IDENTIFIER}"
        ));
    }
    warnings.extend(imp.tally.lines());
    warnings.extend(issues.lines());
    Ok(ImportReport { document_id: doc_id, warnings, rewritten_ids: imp.ids.seen.len() })
}
