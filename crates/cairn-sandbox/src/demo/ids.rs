//! Identifiers and addresses: UUID v5 names in the demo namespace, GUIDRef `href`s and CASE
//! `uri`s under the served dialect's base paths.

use cairn_spec::{Collection, Dialect};
use serde_json::{Value, json};
use uuid::Uuid;

/// The namespace of generated identifiers (UUID v5 of `https://cairn.invalid/demo` in the URL
/// namespace).
pub(crate) const DEMO_NAMESPACE: Uuid = Uuid::from_u128(0x9c2e7575_eead_5d54_9f0c_743e858bb891);

/// The namespace of rewritten imported identifiers (UUID v5 of `https://cairn.invalid/import`).
pub const IMPORT_NAMESPACE: Uuid = Uuid::from_u128(0x519fea32_79a6_5912_b3b2_1f4966c113ab);

/// The lower-case hyphenated UUID v5 of `name` in `namespace`.
pub(crate) fn v5(namespace: &Uuid, name: &str) -> String {
    Uuid::new_v5(namespace, name.as_bytes()).hyphenated().to_string()
}

/// The `type` of a GUIDRef to a record of `collection`.
pub(crate) fn ref_type(collection: Collection) -> &'static str {
    match collection {
        Collection::Orgs => "org",
        Collection::AcademicSessions => "academicSession",
        Collection::Courses => "course",
        Collection::Classes => "class",
        Collection::Users => "user",
        Collection::Categories => "category",
        Collection::ScoreScales => "scoreScale",
        Collection::LineItems => "lineItem",
        Collection::AssessmentLineItems => "assessmentLineItem",
        Collection::Resources => "resource",
        _ => "",
    }
}

/// Makes identifiers and addresses for one generation.
#[derive(Debug, Clone)]
pub(crate) struct Ids {
    seed: u64,
    base: String,
    dialect: Dialect,
}

impl Ids {
    /// For `seed`, with addresses under `href_base` (a trailing slash is ignored) and the base
    /// paths of `dialect`.
    pub(crate) fn new(seed: u64, href_base: &str, dialect: &Dialect) -> Ids {
        Ids { seed, base: href_base.trim_end_matches('/').to_owned(), dialect: dialect.clone() }
    }

    /// The identifier of the `kind` record called `key`: the same for the same seed.
    pub(crate) fn id(&self, kind: &str, key: impl std::fmt::Display) -> String {
        v5(&DEMO_NAMESPACE, &format!("{}/{kind}/{key}", self.seed))
    }

    /// Where the record `id` of `collection` is read.
    pub(crate) fn href(&self, collection: Collection, id: &str) -> String {
        format!("{}{}/{}/{id}", self.base, self.dialect.base_path(collection.service()), collection.name())
    }

    /// The CASE package address of the document `id`.
    pub(crate) fn package_uri(&self, id: &str) -> String {
        format!("{}{}/CFPackages/{id}", self.base, self.dialect.competency)
    }

    /// A typed GUIDRef to the record `id` of `collection`.
    pub(crate) fn guid_ref(&self, collection: Collection, id: &str) -> Value {
        json!({"href": self.href(collection, id), "sourcedId": id, "type": ref_type(collection)})
    }

    /// A `LinkURI` to the CASE record `id` of `collection`.
    pub(crate) fn link(&self, collection: Collection, id: &str, title: &str) -> Value {
        json!({"title": title, "identifier": id, "uri": self.href(collection, id)})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespaces_are_the_documented_names() {
        assert_eq!(v5(&Uuid::NAMESPACE_URL, "https://cairn.invalid/demo"), DEMO_NAMESPACE.to_string());
        assert_eq!(v5(&Uuid::NAMESPACE_URL, "https://cairn.invalid/import"), IMPORT_NAMESPACE.to_string());
    }

    #[test]
    fn hrefs_use_the_dialects_base_paths() {
        let ids = Ids::new(1, "https://127.0.0.1:8443/", &Dialect::spec());
        assert_eq!(ids.href(Collection::Classes, "x"), "https://127.0.0.1:8443/api/roster/rostering/v1p2/classes/x");
        assert_eq!(ids.href(Collection::CfItems, "y"), "https://127.0.0.1:8443/api/competency/v1p1/CFItems/y");
        assert!(cairn_spec::scalar::is_uuid(&ids.id("user", 3)));
        let ids = Ids::new(1, "https://127.0.0.1:8443", &Dialect::one_edtech());
        assert_eq!(ids.href(Collection::CfItems, "y"), "https://127.0.0.1:8443/ims/case/v1p1/CFItems/y");
        assert_eq!(ids.package_uri("d"), "https://127.0.0.1:8443/ims/case/v1p1/CFPackages/d");
    }
}
