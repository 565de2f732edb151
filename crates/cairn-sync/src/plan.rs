//! Which collections a sync reads, in which order: the getAll operations of the chosen
//! services (rostering, gradebook, resources), then the frameworks.

use cairn_spec::operations::{Operation, operation};
use cairn_spec::{Collection, Service};

/// One step of a sync.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step {
    /// A whole collection through its getAll operation.
    Collection(Collection, &'static Operation),
    /// The framework documents, then their packages.
    Frameworks,
}

/// The collections read by getAll, with their operations, rostering first.
const COLLECTIONS: [(Collection, &str); 14] = [
    (Collection::Orgs, "getAllOrgs"),
    (Collection::AcademicSessions, "getAllAcademicSessions"),
    (Collection::Courses, "getAllCourses"),
    (Collection::Classes, "getAllClasses"),
    (Collection::Users, "getAllUsers"),
    (Collection::Enrollments, "getAllEnrollments"),
    (Collection::Demographics, "getAllDemographics"),
    (Collection::Categories, "getAllCategories"),
    (Collection::ScoreScales, "getAllScoreScales"),
    (Collection::LineItems, "getAllLineItems"),
    (Collection::Results, "getAllResults"),
    (Collection::AssessmentLineItems, "getAllAssessmentLineItems"),
    (Collection::AssessmentResults, "getAllAssessmentResults"),
    (Collection::Resources, "getAllResources"),
];

/// The collections a first sync expects to be largest, largest first: results (a student by
/// a line item), enrollments, assessment results, users and their demographics, line items.
/// Only the order in which reads start follows it (see [`start_order`]); the others keep the
/// plan's order after them.
const EXPECTED_LARGEST: [Collection; 6] = [
    Collection::Results,
    Collection::Enrollments,
    Collection::AssessmentResults,
    Collection::Users,
    Collection::Demographics,
    Collection::LineItems,
];

/// The order in which to start reading `collections` (indexes into it), by the records each
/// had at its last full sync (`known`), else as a first sync expects ([`EXPECTED_LARGEST`]),
/// then in the plan's order:
///
/// - the largest first, so that the longest read does not begin last;
/// - then those whose records cost the cache's writer most ([`costly_to_write`]: the users),
///   so that the writer has their long swap to do while the largest read still runs, instead
///   of idling until then and leaving it for the end;
/// - then the rest, largest first.
///
/// A collection is swapped into the cache once read whole, so the sync ends with the swaps
/// of the last reads: the order is a two-stage schedule (the reads, then the one writer),
/// where work the writer can start early is worth starting first. On the district demo over
/// the 40 ms / 50 Mbit/s link this order took a sync from 7.83 to 7.34 s (medians, the two
/// orders alternating in one process; docs/performance.md).
pub(crate) fn start_order(collections: &[Collection], known: &dyn Fn(Collection) -> Option<u64>) -> Vec<usize> {
    let expected = |c: Collection| EXPECTED_LARGEST.iter().position(|e| *e == c).unwrap_or(EXPECTED_LARGEST.len());
    let mut order: Vec<usize> = (0..collections.len()).collect();
    // Known sizes before guesses; larger before smaller; the guess's rank; the plan's order.
    order.sort_by_key(|&i| {
        let c = collections[i];
        let size = known(c);
        (size.is_none(), std::cmp::Reverse(size.unwrap_or(0)), expected(c), i)
    });
    if let Some((_, rest)) = order.split_first_mut() {
        // Stable: each group keeps the order by size.
        rest.sort_by_key(|&i| !costly_to_write(collections[i]));
    }
    order
}

/// Whether a collection's records cost the cache's writer several times what others' do for
/// their bytes read: those with a full-text index (and, for the users, three link tables).
/// A user took the district demo's writer 36 µs, a result 7 µs, an enrollment 12 µs.
fn costly_to_write(collection: Collection) -> bool {
    !cairn_store::cache::spec(collection).search.is_empty()
}

/// The steps of a sync of `services` (every service when empty), in a fixed order.
pub(crate) fn plan(services: &[Service]) -> Vec<Step> {
    let chosen = |s: Service| services.is_empty() || services.contains(&s);
    let mut steps: Vec<Step> = COLLECTIONS
        .iter()
        .filter(|(c, _)| chosen(c.service()))
        .filter_map(|(c, name)| operation(name).map(|op| Step::Collection(*c, op)))
        .collect();
    if chosen(Service::Competency) {
        steps.push(Step::Frameworks);
    }
    steps
}

/// The read-only scopes (suffixes) a sync of `services` (every service when empty) needs:
/// every `.readonly` scope any of its operations accepts, and nothing that allows a write.
pub fn read_scopes(services: &[Service]) -> Vec<&'static str> {
    let mut ops: Vec<&'static Operation> = Vec::new();
    for step in plan(services) {
        match step {
            Step::Collection(_, op) => ops.push(op),
            Step::Frameworks => ops.extend(["getAllCFDocuments", "getCFPackage"].into_iter().filter_map(operation)),
        }
    }
    let mut scopes: Vec<&'static str> =
        ops.iter().flat_map(|op| op.scopes.iter().copied()).filter(|s| s.ends_with(".readonly")).collect();
    scopes.sort_unstable();
    scopes.dedup();
    scopes
}

/// Whether Cairn knows every granted scope (suffix) as one of the specification's: only then
/// can it tell from them which collections are out of reach. A server that names scopes its
/// own way (`case.read`) is read collection by collection, its 403s reported.
pub(crate) fn recognised(granted: &[String]) -> bool {
    granted.iter().all(|g| Service::ALL.into_iter().any(|s| cairn_spec::operations::scopes_of(s).contains(&g.as_str())))
}

/// The getAll operation of `collection`, if it is read that way.
pub fn get_all(collection: Collection) -> Option<&'static Operation> {
    COLLECTIONS.iter().find(|(c, _)| *c == collection).and_then(|(_, name)| operation(name))
}

/// Reads a service name as `--only` spells it: `case` (or `competency`), `rostering`,
/// `gradebook`, `resources`.
pub fn parse_service(name: &str) -> Option<Service> {
    match name.trim().to_ascii_lowercase().as_str() {
        "case" | "competency" | "frameworks" => Some(Service::Competency),
        "rostering" | "roster" => Some(Service::Rostering),
        "gradebook" => Some(Service::Gradebook),
        "resources" => Some(Service::Resources),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_get_all_is_a_collection_read_of_its_service() {
        for (collection, name) in COLLECTIONS {
            let op = operation(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(op.service, collection.service(), "{name}");
            assert_eq!(op.query, cairn_spec::operations::Query::Collection, "{name}");
        }
        assert_eq!(plan(&[]).len(), 15);
        let gradebook = plan(&[Service::Gradebook]);
        assert_eq!(gradebook.len(), 6);
        assert!(matches!(plan(&[Service::Competency])[..], [Step::Frameworks]));
        assert_eq!(parse_service(" CASE "), Some(Service::Competency));
        assert_eq!(parse_service("grades"), None);
    }

    #[test]
    fn a_sync_asks_only_for_read_only_scopes_of_what_it_reads() {
        assert_eq!(read_scopes(&[Service::Competency]), ["case.readonly"]);
        let all = read_scopes(&[]);
        assert!(all.iter().all(|s| s.ends_with(".readonly")), "{all:?}");
        for wanted in ["roster.readonly", "roster-demographics.readonly", "gradebook.readonly", "resource.readonly"] {
            assert!(all.contains(&wanted), "{wanted} in {all:?}");
        }
        assert!(!read_scopes(&[Service::Gradebook]).contains(&"roster.readonly"));
        assert!(recognised(&["case.readonly".to_owned()]));
        assert!(!recognised(&["case.readonly".to_owned(), "case.read".to_owned()]));
    }

    #[test]
    fn reads_start_with_the_largest_collection_then_the_costliest_to_write() {
        let plan =
            [Collection::Orgs, Collection::Users, Collection::Enrollments, Collection::Classes, Collection::Results];
        // A first sync: the largest expected, then the users (costly to write), then the
        // expected order, then the plan's.
        assert_eq!(start_order(&plan, &|_| None), vec![4, 1, 2, 0, 3]);
        // Sizes the journal knows come before guesses, largest first; the users still second.
        let known = |c: Collection| match c {
            Collection::Classes => Some(900_000),
            Collection::Enrollments => Some(5_000),
            Collection::Users => Some(10),
            _ => None,
        };
        assert_eq!(start_order(&plan, &known), vec![3, 1, 2, 4, 0]);
        // The users largest: first all the same, once.
        let users_largest = |c: Collection| (c == Collection::Users).then_some(1_000_000);
        assert_eq!(start_order(&plan, &users_largest), vec![1, 4, 2, 0, 3]);
    }
}
