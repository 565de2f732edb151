//! How people and records are named in the inspector: "Family, Given" in lists (with the
//! preferred first name when there is one), and a link's label falling back to the sourcedId.

use std::collections::HashMap;

use cairn_store::cache::roster::Label;

use super::types::RecordLink;

/// "Family, Given" — or the one there is, or `fallback`.
pub fn list_name(given: Option<&str>, family: Option<&str>, fallback: &str) -> String {
    let given = given.map(str::trim).filter(|s| !s.is_empty());
    let family = family.map(str::trim).filter(|s| !s.is_empty());
    match (family, given) {
        (Some(f), Some(g)) => format!("{f}, {g}"),
        (Some(one), None) | (None, Some(one)) => one.to_owned(),
        (None, None) => fallback.to_owned(),
    }
}

/// A link to `id` of `collection`, labelled from `labels` (the sourcedId and `missing` when the
/// record is not cached).
pub fn link(collection: &str, id: &str, labels: &HashMap<String, Label>) -> RecordLink {
    match labels.get(id) {
        Some(found) => RecordLink {
            collection: collection.to_owned(),
            id: id.to_owned(),
            label: found.label.clone().filter(|l| !l.trim().is_empty()).unwrap_or_else(|| id.to_owned()),
            missing: false,
            inactive: found.inactive,
        },
        None => RecordLink {
            collection: collection.to_owned(),
            id: id.to_owned(),
            label: id.to_owned(),
            missing: true,
            inactive: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fall_back() {
        assert_eq!(list_name(Some("Ana"), Some("Diaz"), "u1"), "Diaz, Ana");
        assert_eq!(list_name(Some(" "), Some("Diaz"), "u1"), "Diaz");
        assert_eq!(list_name(None, None, "u1"), "u1");
        let missing = link("users", "u9", &HashMap::new());
        assert!(missing.missing && missing.label == "u9");
    }
}
