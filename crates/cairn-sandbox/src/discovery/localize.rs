//! The document's header: the sandbox as the one server, and a note in `info`.

use cairn_spec::Service;
use serde_json::{Value, json};

use super::Localization;

/// Replaces `servers` by the sandbox's URL of `service` (no variables).
pub(super) fn servers(doc: &mut Value, service: Service, loc: &Localization) {
    let Some(root) = doc.as_object_mut() else { return };
    let url = format!("{}{}", loc.base_url(), loc.dialect.base_path(service));
    let description = format!("The Cairn sandbox ({} dialect).", loc.dialect.name);
    root.insert("servers".into(), json!([{ "url": url, "description": description }]));
}

/// Appends to `info.description` that this is the sandbox's localized copy.
pub(super) fn info(doc: &mut Value, loc: &Localization) {
    let Some(info) = doc.get_mut("info").and_then(Value::as_object_mut) else { return };
    let note = format!(
        "This is the Cairn sandbox's localized copy of the official document ({} dialect): its server, \
         security, scopes, status-object names and codeMinor values are the ones the sandbox uses.",
        loc.dialect.name
    );
    let description = match info.get("description").and_then(Value::as_str).map(str::trim_end) {
        Some(text) if !text.is_empty() => format!("{text} {note}"),
        _ => note,
    };
    info.insert("description".into(), Value::from(description));
}
