//! Loading a CASE package into the sandbox: its records served at the sandbox's own addresses,
//! and, when another framework already has its CFDocument identifier, under derived identifiers
//! so that both are served.

use cairn_spec::Collection;
use serde_json::Value;

use crate::demo::{ImportOptions, ImportReport, ServedAt, import_package_with};
use crate::state::{Sandbox, SandboxError};

/// How many derivations are tried before giving up on a free document identifier.
const ATTEMPTS: usize = 16;

impl Sandbox {
    /// Imports a CASE package and stores it. A package whose CFDocument identifier the sandbox
    /// already serves with another title is another framework: it gets derived identifiers
    /// (the report says so) instead of replacing the first; the same title is a new version
    /// and replaces it.
    pub fn import_package(&self, bytes: &[u8]) -> Result<ImportReport, SandboxError> {
        let served_at = Some(ServedAt { base_url: self.base_url.clone(), dialect: self.dialect.clone() });
        let mut options = ImportOptions { served_at, derive_from: None };
        let (mut records, mut report) = import(bytes, &options)?;
        let title = document_title(&records).unwrap_or_default();
        let mut taken = Vec::new();
        for attempt in 1..=ATTEMPTS {
            match self.document_title(&report.document_id) {
                Some(other) if other != title => taken.push((report.document_id.clone(), other)),
                _ => break,
            }
            if attempt == ATTEMPTS {
                return Err(SandboxError::NoFreeIdentifier { document: taken.remove(0).0 });
            }
            let from = if attempt == 1 { title.clone() } else { format!("{title} #{attempt}") };
            options.derive_from = Some(from);
            (records, report) = import(bytes, &options)?;
        }
        if let Some((first, other)) = taken.first() {
            report.warnings.insert(
                0,
                format!(
                    "the CFDocument identifier {first} is already served by another framework ({other:?}); this one \
                     ({title:?}) is served as {} with derived identifiers",
                    report.document_id
                ),
            );
        }
        self.write(records)?;
        Ok(report)
    }

    /// The title of the served CFDocument `id`.
    fn document_title(&self, id: &str) -> Option<String> {
        let data = self.read();
        let stored = data.table(Collection::CfDocuments).get(id)?;
        Some(stored.value().get("title").and_then(Value::as_str).unwrap_or_default().to_owned())
    }
}

fn import(bytes: &[u8], options: &ImportOptions) -> Result<(Vec<(Collection, Value)>, ImportReport), SandboxError> {
    let mut records = Vec::new();
    let report = import_package_with(bytes, options, &mut |collection, record| records.push((collection, record)))?;
    Ok((records, report))
}

fn document_title(records: &[(Collection, Value)]) -> Option<String> {
    let (_, doc) = records.iter().find(|(c, _)| *c == Collection::CfDocuments)?;
    doc.get("title").and_then(Value::as_str).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use cairn_spec::Dialect;
    use serde_json::json;

    use super::*;
    use crate::SandboxConfig;
    use crate::auth::{SystemClock, SystemEntropy};

    fn sandbox() -> Sandbox {
        Sandbox::new(SandboxConfig {
            dialect: Dialect::spec(),
            base_url: "https://127.0.0.1:8443".into(),
            scope_base: crate::DEFAULT_SCOPE_BASE.into(),
            clients: Vec::new(),
            token_lifetime: Duration::from_secs(60),
            db: None,
            clock: Arc::new(SystemClock),
            entropy: Arc::new(SystemEntropy),
        })
        .expect("an in-memory sandbox")
    }

    fn package(title: &str, changed: &str) -> Vec<u8> {
        json!({"CFDocument": {"identifier": "77777777-7777-4777-8777-777777777777", "title": title, "creator": "Me",
            "uri": "https://elsewhere/doc", "lastChangeDateTime": changed},
            "CFItems": [{"identifier": "77777777-7777-4777-8777-777777777778", "fullStatement": "Count to ten.",
            "uri": "https://elsewhere/item", "lastChangeDateTime": changed}]})
        .to_string()
        .into_bytes()
    }

    fn titles(sandbox: &Sandbox) -> Vec<String> {
        let data = sandbox.read();
        let mut titles: Vec<String> = data
            .table(Collection::CfDocuments)
            .iter()
            .filter_map(|d| d.value()["title"].as_str().map(str::to_owned))
            .collect();
        titles.sort();
        titles
    }

    #[test]
    fn a_new_version_replaces_another_framework_is_served_beside() {
        let sandbox = sandbox();
        let first = sandbox.import_package(&package("Counting", "2020-01-01T00:00:00Z")).expect("imports");
        assert_eq!(first.document_id, "77777777-7777-4777-8777-777777777777");
        let again = sandbox.import_package(&package("Counting", "2021-01-01T00:00:00Z")).expect("imports");
        assert_eq!(again.document_id, first.document_id, "a new version keeps the identifier");
        assert_eq!(titles(&sandbox), ["Counting"]);

        let other = sandbox.import_package(&package("Reading", "2021-01-01T00:00:00Z")).expect("imports");
        assert_ne!(other.document_id, first.document_id);
        assert!(
            other.warnings[0].contains("already served by another framework (\"Counting\")"),
            "{:?}",
            other.warnings
        );
        assert_eq!(titles(&sandbox), ["Counting", "Reading"]);
        assert_eq!(sandbox.read().table(Collection::CfItems).iter().count(), 2, "the items are apart too");
        let data = sandbox.read();
        let doc = data.table(Collection::CfDocuments).get(&other.document_id).expect("served");
        assert_eq!(doc.value()["extensions"]["cairn:originalIdentifier"], "77777777-7777-4777-8777-777777777777");
        assert_eq!(
            doc.value()["uri"],
            format!("https://127.0.0.1:8443/api/competency/v1p1/CFDocuments/{}", other.document_id)
        );
        assert_eq!(doc.value()["extensions"]["cairn:originalURI"], "https://elsewhere/doc");
        drop(data);

        // Importing the second again lands on its derived identifiers again.
        let twice = sandbox.import_package(&package("Reading", "2022-01-01T00:00:00Z")).expect("imports");
        assert_eq!(twice.document_id, other.document_id);
        assert_eq!(titles(&sandbox), ["Counting", "Reading"]);
        // A third framework with that identifier gets identifiers of its own.
        let third = sandbox.import_package(&package("Writing", "2022-01-01T00:00:00Z")).expect("imports");
        assert!(third.document_id != first.document_id && third.document_id != other.document_id);
        assert_eq!(titles(&sandbox), ["Counting", "Reading", "Writing"]);
    }
}
