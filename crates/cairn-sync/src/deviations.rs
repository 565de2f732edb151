//! The deviations from the specification a sync tolerated while reading a collection or a
//! package (a timestamp without a timezone, a number as a string, ...): counted, the first few
//! kept with their paths and rules as `cairn check` words them.

use cairn_spec::{Collection, Issue, Wire, case, gradebook, resources, roster};
use serde::Serialize;
use serde_json::Value;

/// How many deviations a report keeps with their paths.
pub const FIRST_DEVIATIONS: usize = 5;

/// The deviations tolerated while reading one collection or package.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Deviations {
    /// How many in all.
    pub count: u64,
    /// The first few: the path (`<collection>/<identifier>` then the path in the record), the
    /// rule and what was accepted.
    pub first: Vec<Issue>,
}

impl Deviations {
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Adds the deviations of one record, its paths put under `place`.
    pub(crate) fn add(&mut self, place: &str, issues: Vec<Issue>) {
        self.count += issues.len() as u64;
        for issue in issues.into_iter().take(FIRST_DEVIATIONS.saturating_sub(self.first.len())) {
            let path = format!("{place}{}", issue.path.strip_prefix('$').unwrap_or(&issue.path));
            self.first.push(Issue { path, ..issue });
        }
    }

    /// Adds the deviations of one record of `collection` given as JSON text.
    pub(crate) fn add_record(&mut self, collection: Collection, text: &str) {
        let Ok(value) = serde_json::from_str::<Value>(text) else { return };
        let id = value.get(collection.id_field()).and_then(Value::as_str).unwrap_or("?").to_owned();
        let issues = tolerated(collection, value);
        if !issues.is_empty() {
            self.add(&format!("{}/{id}", collection.name()), issues);
        }
    }
}

/// The deviations reading `value` as a record of `collection` tolerates.
fn tolerated(collection: Collection, value: Value) -> Vec<Issue> {
    fn read<T: Wire>(value: Value) -> Vec<Issue> {
        cairn_spec::read::<T>(value, "").map(|read| read.warnings).unwrap_or_default()
    }
    match collection {
        Collection::Orgs => read::<roster::Org>(value),
        Collection::AcademicSessions => read::<roster::AcademicSession>(value),
        Collection::Courses => read::<roster::Course>(value),
        Collection::Classes => read::<roster::Class>(value),
        Collection::Users => read::<roster::User>(value),
        Collection::Enrollments => read::<roster::Enrollment>(value),
        Collection::Demographics => read::<roster::Demographics>(value),
        Collection::Categories => read::<gradebook::Category>(value),
        Collection::ScoreScales => read::<gradebook::ScoreScale>(value),
        Collection::LineItems => read::<gradebook::LineItem>(value),
        Collection::Results => read::<gradebook::GradebookResult>(value),
        Collection::AssessmentLineItems => read::<gradebook::AssessmentLineItem>(value),
        Collection::AssessmentResults => read::<gradebook::AssessmentResult>(value),
        Collection::Resources => read::<resources::Resource>(value),
        Collection::CfDocuments => read::<case::CfDocument>(value),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deviations_are_counted_and_the_first_few_kept_with_their_paths() {
        let mut deviations = Deviations::default();
        for n in 0..7 {
            let record = format!(
                r#"{{"sourcedId": "o{n}", "status": "active", "dateLastModified": "2025-01-01T00:00:00",
                "name": "Org", "type": "school"}}"#
            );
            deviations.add_record(Collection::Orgs, &record);
        }
        assert_eq!(deviations.count, 7);
        assert_eq!(deviations.first.len(), FIRST_DEVIATIONS);
        assert!(deviations.first[0].path.starts_with("orgs/o0"), "{:?}", deviations.first[0]);
        assert!(deviations.first[0].path.contains("dateLastModified"), "{:?}", deviations.first[0]);
        let mut clean = Deviations::default();
        clean.add_record(
            Collection::Orgs,
            r#"{"sourcedId": "o", "status": "active", "dateLastModified": "2025-01-01T00:00:00Z", "name": "Org", "type": "school"}"#,
        );
        assert!(clean.is_empty(), "{clean:?}");
    }
}
