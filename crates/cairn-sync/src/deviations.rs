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
        let issues = tolerated(collection, text);
        if issues.is_empty() {
            return;
        }
        // Only a record with deviations is parsed again, for its identifier.
        let value = serde_json::from_str::<Value>(text).unwrap_or_default();
        let id = value.get(collection.id_field()).and_then(Value::as_str).unwrap_or("?");
        self.add(&format!("{}/{id}", collection.name()), issues);
    }
}

/// The deviations reading `text` as a record of `collection` tolerates (none when it is not a
/// record at all). Read straight from the text: a `Value` in between was two thirds of the
/// count's time.
fn tolerated(collection: Collection, text: &str) -> Vec<Issue> {
    fn read<T: Wire>(text: &str) -> Vec<Issue> {
        cairn_spec::read_str::<T>(text, "").map(|read| read.warnings).unwrap_or_default()
    }
    match collection {
        Collection::Orgs => read::<roster::Org>(text),
        Collection::AcademicSessions => read::<roster::AcademicSession>(text),
        Collection::Courses => read::<roster::Course>(text),
        Collection::Classes => read::<roster::Class>(text),
        Collection::Users => read::<roster::User>(text),
        Collection::Enrollments => read::<roster::Enrollment>(text),
        Collection::Demographics => read::<roster::Demographics>(text),
        Collection::Categories => read::<gradebook::Category>(text),
        Collection::ScoreScales => read::<gradebook::ScoreScale>(text),
        Collection::LineItems => read::<gradebook::LineItem>(text),
        Collection::Results => read::<gradebook::GradebookResult>(text),
        Collection::AssessmentLineItems => read::<gradebook::AssessmentLineItem>(text),
        Collection::AssessmentResults => read::<gradebook::AssessmentResult>(text),
        Collection::Resources => read::<resources::Resource>(text),
        Collection::CfDocuments => read::<case::CfDocument>(text),
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
