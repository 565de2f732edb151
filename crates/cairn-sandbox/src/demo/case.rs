//! Building blocks of generated CASE records: documents, items and associations in their
//! served forms (`CFDocument` with `CFPackageURI`, `CFItem` and `CFAssociation` with
//! `CFDocumentURI`).

use cairn_spec::Collection;
use serde_json::{Map, Value, json};

use super::ids::Ids;
use super::out::Out;

/// A generated framework document.
#[derive(Debug, Clone)]
pub(crate) struct Doc {
    /// Identifier.
    pub(crate) id: String,
    /// Title.
    pub(crate) title: String,
}

/// A node an association can point at: identifier, link title and collection.
#[derive(Debug, Clone)]
pub(crate) struct End {
    /// Identifier.
    pub(crate) id: String,
    /// What the link shows.
    pub(crate) title: String,
    /// `CFItems` or `CFDocuments`.
    pub(crate) collection: Collection,
}

/// Writes CASE records for one generation.
pub(crate) struct CaseWriter<'a> {
    /// Identifiers and addresses.
    pub(crate) ids: &'a Ids,
    /// `lastChangeDateTime` of every record.
    pub(crate) now: &'a str,
    associations: usize,
}

impl<'a> CaseWriter<'a> {
    /// A writer.
    pub(crate) fn new(ids: &'a Ids, now: &'a str) -> CaseWriter<'a> {
        CaseWriter { ids, now, associations: 0 }
    }

    /// The document link of records in `doc`.
    pub(crate) fn doc_link(&self, doc: &Doc) -> Value {
        self.ids.link(Collection::CfDocuments, &doc.id, &doc.title)
    }

    /// A `LinkGenURI` to `end`.
    fn gen_link(&self, end: &End) -> Value {
        json!({
            "title": end.title,
            "identifier": end.id,
            "uri": self.ids.href(end.collection, &end.id),
            "targetType": "CASE",
        })
    }

    /// Emits an association of `doc`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn associate(
        &mut self,
        out: &mut Out<'_>,
        doc: &Doc,
        kind: &str,
        origin: &End,
        destination: &End,
        sequence: Option<usize>,
        grouping: Option<&Value>,
        notes: Option<&str>,
    ) {
        self.associations += 1;
        let id = self.ids.id("CFAssociation", format!("{}/{}", doc.id, self.associations));
        let mut v = Map::new();
        v.insert("identifier".into(), json!(id));
        v.insert("associationType".into(), json!(kind));
        if let Some(n) = sequence {
            v.insert("sequenceNumber".into(), json!(n));
        }
        v.insert("uri".into(), json!(self.ids.href(Collection::CfAssociations, &id)));
        v.insert("originNodeURI".into(), self.gen_link(origin));
        v.insert("destinationNodeURI".into(), self.gen_link(destination));
        if let Some(grouping) = grouping {
            v.insert("CFAssociationGroupingURI".into(), grouping.clone());
        }
        v.insert("lastChangeDateTime".into(), json!(self.now));
        if let Some(notes) = notes {
            v.insert("notes".into(), json!(notes));
        }
        v.insert("CFDocumentURI".into(), self.doc_link(doc));
        out.emit(Collection::CfAssociations, Value::Object(v));
    }
}

/// A short title for links to an item: its code, or the start of its statement.
pub(crate) fn link_title(code: Option<&str>, statement: &str) -> String {
    if let Some(code) = code {
        return code.to_owned();
    }
    let mut title: String = statement.chars().take(60).collect();
    if title.len() < statement.len() {
        title.push('…');
    }
    title
}
