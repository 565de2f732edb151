//! Where a gradebook write's references point: the connection's base URL with the base path
//! its settings give each service (`connections::dialect_of`: the dialect's preset with the
//! per-service paths moved), the same layout its client sends the write to.

use cairn_spec::{Dialect, Service};
use cairn_store::cache::ConnectionRow;
use serde_json::{Value, json};

use crate::app::AppError;
use cairn_sync::connections;

/// Where references point: the connection's base URL and dialect.
#[derive(Debug, Clone)]
pub struct Hrefs {
    /// The provider's base URL.
    pub base_url: String,
    /// Its dialect, with the connection's per-service base paths.
    pub dialect: Dialect,
}

impl Hrefs {
    /// The references of the saved connection `row`, laid out as its settings say (the
    /// specification's paths for a connection a sync or an import made without settings).
    pub fn of(row: &ConnectionRow) -> Result<Hrefs, AppError> {
        Ok(Hrefs { base_url: row.base_url.clone(), dialect: connections::saved_dialect(row)? })
    }

    /// A GUIDRef to a record.
    pub fn reference(&self, service: Service, path: &str, id: &str, kind: &str) -> Value {
        let base = self.base_url.trim_end_matches('/');
        json!({"href": format!("{base}{}/{path}/{id}", self.dialect.base_path(service)), "sourcedId": id, "type": kind})
    }
}

/// Where a reference of a `type` points: its service and path.
fn target(kind: &str) -> Option<(Service, &'static str)> {
    Some(match kind {
        "class" => (Service::Rostering, "classes"),
        "org" => (Service::Rostering, "orgs"),
        "academicSession" => (Service::Rostering, "academicSessions"),
        "user" => (Service::Rostering, "users"),
        "course" => (Service::Rostering, "courses"),
        "category" => (Service::Gradebook, "categories"),
        "lineItem" => (Service::Gradebook, "lineItems"),
        "scoreScale" => (Service::Gradebook, "scoreScales"),
        "assessmentLineItem" => (Service::Gradebook, "assessmentLineItems"),
        _ => return None,
    })
}

/// Gives every reference of a record made in a form (`{"sourcedId", "type"}`) its `href`.
pub fn fill_hrefs(record: &mut Value, hrefs: &Hrefs) {
    let Value::Object(map) = record else { return };
    for value in map.values_mut() {
        let Value::Object(reference) = value else { continue };
        if reference.contains_key("href") {
            continue;
        }
        let (Some(id), Some(kind)) = (
            reference.get("sourcedId").and_then(Value::as_str).map(str::to_owned),
            reference.get("type").and_then(Value::as_str).map(str::to_owned),
        ) else {
            continue;
        };
        if let Some((service, path)) = target(&kind)
            && let Some(href) = hrefs.reference(service, path, &id, &kind).get("href").cloned()
        {
            reference.insert("href".into(), href);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use cairn_sync::connections::{ConnectionSettings, DialectName};

    fn row(settings: &str) -> ConnectionRow {
        ConnectionRow { id: 1, name: "sis".into(), base_url: "https://sis.example/".into(), settings: settings.into() }
    }

    #[test]
    fn references_made_in_a_form_get_their_href() {
        let mut record = json!({"sourcedId": "l", "class": {"sourcedId": "c", "type": "class"},
                                "category": {"sourcedId": "k", "type": "category"}, "x": {"sourcedId": "y", "type": "?"}});
        fill_hrefs(&mut record, &Hrefs::of(&row(cairn_store::cache::NO_SETTINGS)).unwrap());
        assert_eq!(record["class"]["href"], "https://sis.example/api/roster/rostering/v1p2/classes/c");
        assert_eq!(record["category"]["href"], "https://sis.example/api/roster/gradebook/v1p2/categories/k");
        assert!(record["x"].get("href").is_none());
    }

    #[test]
    fn references_follow_the_connections_dialect_and_base_paths() {
        let settings = ConnectionSettings {
            client_id: "id".into(),
            dialect: DialectName::OneEdTech,
            base_paths: BTreeMap::from([(Service::Gradebook, "/district/grades/v1p2".to_owned())]),
            ..ConnectionSettings::default()
        };
        let hrefs = Hrefs::of(&row(&serde_json::to_string(&settings).unwrap())).unwrap();
        let mut record =
            json!({"class": {"sourcedId": "c", "type": "class"}, "lineItem": {"sourcedId": "l", "type": "lineItem"}});
        fill_hrefs(&mut record, &hrefs);
        assert_eq!(record["class"]["href"], "https://sis.example/ims/oneroster/rostering/v1p2/classes/c");
        assert_eq!(record["lineItem"]["href"], "https://sis.example/district/grades/v1p2/lineItems/l");

        // Settings that name no dialect the app knows are an error, not a guess.
        let unknown = serde_json::to_string(&settings).unwrap().replace("\"1edtech\"", "\"x\"");
        assert!(unknown.contains("\"x\"") && Hrefs::of(&row(&unknown)).is_err());
    }
}
