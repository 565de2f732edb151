//! The relations the nested operations follow, read from a record's JSON: for each
//! collection, which (relation, target) pairs a record has (`class` → its class's sourcedId).

use cairn_spec::Collection;
use serde_json::Value;

/// The (relation, target) pairs of a record of `collection`.
pub fn relations(collection: Collection, record: &Value) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut reference = |rel: &'static str, field: &str| {
        for target in refs(record.get(field)) {
            out.push((rel, target));
        }
    };
    match collection {
        Collection::Orgs | Collection::AcademicSessions => {
            reference("parent", "parent");
            if let Some(kind) = text(record, "type") {
                out.push(("type", kind));
            }
        }
        Collection::Courses => {
            reference("org", "org");
            reference("schoolYear", "schoolYear");
            reference("resource", "resources");
        }
        Collection::Classes => {
            reference("course", "course");
            reference("school", "school");
            reference("term", "terms");
            reference("resource", "resources");
        }
        Collection::Users => {
            reference("resource", "resources");
            reference("agent", "agents");
            for role in record.get("roles").and_then(Value::as_array).into_iter().flatten() {
                let name = text(role, "role").unwrap_or_default();
                for org in refs(role.get("org")) {
                    out.push(("roleAt", format!("{name}@{org}")));
                }
                out.push(("role", name));
            }
        }
        Collection::Enrollments => {
            reference("user", "user");
            reference("class", "class");
            reference("school", "school");
            if let Some(role) = text(record, "role") {
                out.push(("role", role));
            }
        }
        Collection::ScoreScales => {
            reference("class", "class");
            reference("course", "course");
        }
        Collection::LineItems => {
            reference("class", "class");
            reference("school", "school");
            reference("category", "category");
            reference("gradingPeriod", "gradingPeriod");
            reference("academicSession", "academicSession");
        }
        Collection::Results => {
            reference("lineItem", "lineItem");
            reference("student", "student");
            reference("class", "class");
        }
        Collection::AssessmentLineItems => {
            reference("class", "class");
            reference("parent", "parentAssessmentLineItem");
        }
        Collection::AssessmentResults => {
            reference("assessmentLineItem", "assessmentLineItem");
            reference("student", "student");
        }
        Collection::CfItems => reference("document", "CFDocumentURI"),
        Collection::CfAssociations => {
            reference("document", "CFDocumentURI");
            reference("origin", "originNodeURI");
            reference("destination", "destinationNodeURI");
            reference("grouping", "CFAssociationGroupingURI");
        }
        Collection::Demographics
        | Collection::Categories
        | Collection::Resources
        | Collection::CfDocuments
        | Collection::CfAssociationGroupings
        | Collection::CfConcepts
        | Collection::CfItemTypes
        | Collection::CfLicenses
        | Collection::CfSubjects
        | Collection::CfRubrics => {}
    }
    out
}

fn text(record: &Value, field: &str) -> Option<String> {
    record.get(field).and_then(Value::as_str).map(str::to_owned)
}

/// The identifiers a reference field holds: a GUIDRef (`sourcedId`), a link (`identifier`),
/// a plain string, or an array of those.
fn refs(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::Array(items)) => items.iter().filter_map(one_ref).collect(),
        Some(v) => one_ref(v).into_iter().collect(),
        None => Vec::new(),
    }
}

fn one_ref(value: &Value) -> Option<String> {
    match value {
        Value::Object(map) => {
            map.get("sourcedId").or_else(|| map.get("identifier")).and_then(Value::as_str).map(str::to_owned)
        }
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn users_relate_to_roles_orgs_agents_and_resources() {
        let user = json!({
            "roles": [{"roleType": "primary", "role": "student", "org": {"sourcedId": "s1"}}],
            "agents": [{"sourcedId": "g1"}], "resources": [{"sourcedId": "r1"}]
        });
        let mut found = relations(Collection::Users, &user);
        found.sort();
        assert_eq!(
            found,
            [
                ("agent", "g1".into()),
                ("resource", "r1".into()),
                ("role", "student".into()),
                ("roleAt", "student@s1".into())
            ]
        );
        let association = json!({"originNodeURI": {"identifier": "i1"}, "destinationNodeURI": {"identifier": "d1"}, "CFDocumentURI": "d1"});
        assert_eq!(relations(Collection::CfAssociations, &association).len(), 3);
    }
}
