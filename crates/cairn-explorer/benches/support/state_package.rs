//! The demo's largest framework at state scale (about 20,000 items) as a package file's JSON,
//! for the benchmarks that open or export it.

use std::collections::HashMap;

use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_spec::Collection;
use serde_json::{Value, json};

/// The package's JSON and its CFDocument identifier.
pub fn state_package() -> (Value, String) {
    let mut by_collection: HashMap<Collection, Vec<Value>> = HashMap::new();
    let options = DemoOptions::new(Scale::State, "https://bench.test");
    generate(&options, &mut |collection, record| {
        if collection.name().starts_with("CF") {
            by_collection.entry(collection).or_default().push(record);
        }
    });
    let document_of = |record: &Value| record["CFDocumentURI"]["identifier"].as_str().map(str::to_owned);
    let mut sizes: HashMap<String, usize> = HashMap::new();
    for item in &by_collection[&Collection::CfItems] {
        *sizes.entry(document_of(item).unwrap_or_default()).or_default() += 1;
    }
    let (document, _) = sizes.into_iter().max_by_key(|(_, n)| *n).unwrap();
    let take = |collection| -> Vec<Value> {
        by_collection
            .get(&collection)
            .map(|records| records.iter().filter(|r| document_of(r).as_deref() == Some(&document)).cloned().collect())
            .unwrap_or_default()
    };
    let root = by_collection[&Collection::CfDocuments]
        .iter()
        .find(|d| d["identifier"].as_str() == Some(&document))
        .cloned()
        .unwrap();
    let package = json!({
        "CFDocument": root,
        "CFItems": take(Collection::CfItems),
        "CFAssociations": take(Collection::CfAssociations),
    });
    (package, document)
}
