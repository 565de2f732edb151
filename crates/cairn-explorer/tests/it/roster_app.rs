//! Every roster command of the app, without a window: on the sandbox's district-scale demo
//! written into a cache as a sync writes it, and on real and hand-made OneRoster CSV bundles
//! imported into one — each count checked against an independent reading of the records or
//! the files.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use crate::roster_support;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use cairn_explorer::app::{
    App, ClassColumn, ClassQuery, ClassSort, ColumnFilter, ErrorCode, NavKind, RosterScope, ScopeCounts,
};
use cairn_sandbox::demo::Scale;
use cairn_spec::Collection;
use serde_json::Value;

use crate::deterministic_app;

/// 2025-10-01, inside the demo's school year.
const TODAY: u64 = 1_759_276_800;

fn app(dir: &Path) -> App {
    deterministic_app(dir, 1, TODAY, Box::new(|_| {}))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/oneroster")
        .join(name)
}

fn import(dir: &Path, connection: &str, bundle: &str) {
    let handle = cairn_store::cache::CacheHandle::open(&dir.join("cache.sqlite")).unwrap();
    let id = handle.write_blocking(|tx| cairn_store::cache::connection_id(tx, connection, "file:")).unwrap();
    cairn_files::ingest::import_bundle(&handle, id, &fixture(bundle)).unwrap();
}

fn s(value: &Value, path: &[&str]) -> Option<String> {
    let mut v = value;
    for p in path {
        v = v.get(p)?;
    }
    v.as_str().map(str::to_owned)
}

fn active(record: &Value) -> bool {
    !matches!(record["status"].as_str(), Some("tobedeleted" | "inactive"))
}

/// The district's records, read independently of the cache.
struct Independent<'a> {
    records: &'a HashMap<Collection, Vec<Value>>,
}

impl Independent<'_> {
    fn all(&self, c: Collection) -> &[Value] {
        self.records.get(&c).map_or(&[], Vec::as_slice)
    }

    /// Counts of the active classes `keep` selects.
    fn counts(&self, keep: impl Fn(&Value) -> bool) -> ScopeCounts {
        let classes: HashSet<String> = self
            .all(Collection::Classes)
            .iter()
            .filter(|c| active(c) && keep(c))
            .filter_map(|c| s(c, &["sourcedId"]))
            .collect();
        let people = |role: &str| {
            self.all(Collection::Enrollments)
                .iter()
                .filter(|e| active(e) && s(e, &["role"]).as_deref() == Some(role))
                .filter(|e| s(e, &["class", "sourcedId"]).is_some_and(|c| classes.contains(&c)))
                .filter_map(|e| s(e, &["user", "sourcedId"]))
                .collect::<HashSet<_>>()
                .len() as u32
        };
        ScopeCounts { classes: classes.len() as u32, teachers: people("teacher"), students: people("student") }
    }

    fn members(&self, class: &str, role: &str) -> HashSet<String> {
        self.all(Collection::Enrollments)
            .iter()
            .filter(|e| {
                s(e, &["class", "sourcedId"]).as_deref() == Some(class) && s(e, &["role"]).as_deref() == Some(role)
            })
            .filter_map(|e| s(e, &["user", "sourcedId"]))
            .collect()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_roster_command_on_the_district_demo() {
    let dir = tempfile::tempdir().unwrap();
    let records = roster_support::demo_records(Scale::District);
    roster_support::write_cache(&dir.path().join("cache.sqlite"), "Demo", &records, true);
    let app = app(dir.path());
    let ind = Independent { records: &records };
    let demo = || "Demo".to_owned();

    // Connections with roster data.
    let sources = app.roster_sources().await.unwrap();
    let source = sources.iter().find(|s| s.connection == "Demo").unwrap();
    assert_eq!(source.classes as usize, ind.all(Collection::Classes).len());
    assert_eq!(source.users as usize, ind.all(Collection::Users).len());
    assert_eq!(source.enrollments as usize, ind.all(Collection::Enrollments).len());
    assert!(source.demographics.allowed, "{}", source.demographics.note);

    // The top: the district with every class below it.
    let top = app.roster_level(demo(), RosterScope::default()).await.unwrap();
    assert_eq!(top.today, "2025-10-01");
    assert_eq!(top.here, ind.counts(|_| true));
    let district = &top.children[0];
    assert_eq!(district.kind, NavKind::Org);
    assert_eq!(district.counts, ind.counts(|_| true), "one district holds every school");

    // A school: its terms with their classes and people.
    let level = app.roster_level(demo(), district.scope.clone().unwrap()).await.unwrap();
    let school = level.children.iter().find(|c| c.kind == NavKind::Org && c.counts.classes > 0).unwrap();
    let in_school = |c: &Value| s(c, &["school", "sourcedId"]).as_deref() == Some(school.id.as_str());
    assert_eq!(school.counts, ind.counts(in_school));
    let at_school = app.roster_level(demo(), school.scope.clone().unwrap()).await.unwrap();
    assert_eq!(at_school.crumbs.len(), 3, "All orgs › district › school");
    assert_eq!(at_school.here, ind.counts(in_school));
    let terms: Vec<_> = at_school.children.iter().filter(|c| c.kind == NavKind::Term).collect();
    assert!(!terms.is_empty());
    for term in &terms {
        let in_term = |c: &Value| {
            in_school(c)
                && c["terms"]
                    .as_array()
                    .is_some_and(|ts| ts.iter().any(|t| s(t, &["sourcedId"]).as_deref() == Some(&term.id)))
        };
        assert_eq!(term.counts, ind.counts(in_term), "term {}", term.label);
    }
    assert!(terms.iter().any(|t| t.current), "a term including today is marked");

    // A term: its courses; a course: its classes.
    let term = terms[0];
    let courses = app.roster_level(demo(), term.scope.clone().unwrap()).await.unwrap();
    let course = &courses.children[0];
    assert_eq!(course.kind, NavKind::Course);
    let classes = app.roster_level(demo(), course.scope.clone().unwrap()).await.unwrap();
    assert_eq!(classes.children.len() as u32, course.counts.classes);
    assert!(classes.children.iter().all(|c| c.kind == NavKind::Class && c.scope.is_none()));

    // The classes table of the school: sorted, filtered.
    let scope = school.scope.clone().unwrap();
    let table = app.roster_classes(demo(), ClassQuery { scope: scope.clone(), ..ClassQuery::default() }).await.unwrap();
    assert_eq!(table.total as usize, ind.all(Collection::Classes).iter().filter(|c| in_school(c)).count());
    assert_eq!(table.rows.len() as u32, table.total);
    let by_students = ClassQuery {
        scope: scope.clone(),
        sort: Some(ClassSort { column: ClassColumn::Students, descending: true }),
        filters: vec![],
    };
    let sorted = app.roster_classes(demo(), by_students).await.unwrap();
    assert!(sorted.rows.windows(2).all(|w| w[0].students >= w[1].students));
    let biggest = &sorted.rows[0];
    let filtered = app
        .roster_classes(
            demo(),
            ClassQuery {
                scope: scope.clone(),
                sort: None,
                filters: vec![
                    ColumnFilter { column: ClassColumn::Students, text: format!(">={}", biggest.students) },
                    ColumnFilter { column: ClassColumn::Title, text: biggest.title.to_uppercase() },
                ],
            },
        )
        .await
        .unwrap();
    assert!(filtered.rows.iter().any(|r| r.id == biggest.id));
    assert!(filtered.rows.iter().all(|r| r.students >= biggest.students));

    // The class page.
    let page = app.roster_class(demo(), biggest.id.clone()).await.unwrap();
    let students: HashSet<String> = page.students.iter().map(|m| m.user.id.clone()).collect();
    assert_eq!(students, ind.members(&biggest.id, "student"));
    let teachers: HashSet<String> = page.teachers.iter().map(|m| m.user.id.clone()).collect();
    assert_eq!(teachers, ind.members(&biggest.id, "teacher"));
    assert_eq!(page.counts.students, biggest.students);
    assert!(page.teachers[0].primary || page.teachers.iter().all(|t| !t.primary), "primary first");
    assert!(!page.terms.is_empty() && page.course.as_ref().is_some_and(|c| !c.missing));
    let raw: Value = serde_json::from_str(&page.raw).unwrap();
    let generated = ind.all(Collection::Classes).iter().find(|c| s(c, &["sourcedId"]).as_deref() == Some(&biggest.id));
    assert_eq!(Some(&raw), generated, "the record as the server sent it");
    assert!(page.students.iter().all(|m| m.begin_date.is_some()));

    // A student's page: the class, and the guardians both ways.
    let student = page.students.iter().find(|m| !m.user.missing).unwrap();
    let user = app.roster_user(demo(), student.user.id.clone()).await.unwrap();
    assert!(user.enrollments.iter().any(|e| e.class.id == biggest.id && e.role == "student"));
    let generated =
        ind.all(Collection::Users).iter().find(|u| s(u, &["sourcedId"]).as_deref() == Some(&student.user.id)).unwrap();
    let agents: Vec<String> = generated["agents"]
        .as_array()
        .map(|a| a.iter().filter_map(|r| s(r, &["sourcedId"])).collect())
        .unwrap_or_default();
    assert_eq!(user.agents.iter().map(|a| a.user.id.clone()).collect::<Vec<_>>(), agents);
    assert_eq!(user.names.given_name, s(generated, &["givenName"]));
    assert_eq!(user.user_ids.len(), generated["userIds"].as_array().map_or(0, Vec::len));
    assert!(!user.roles.is_empty() && user.roles.iter().all(|r| r.org.as_ref().is_some_and(|o| !o.missing)));
    if let Some(guardian) = user.agents.first() {
        let guardian = app.roster_user(demo(), guardian.user.id.clone()).await.unwrap();
        assert!(guardian.agent_of.iter().any(|a| a.user.id == student.user.id), "agents both ways");
    }
    assert!(user.demographics.allowed && user.has_demographics);
    let revealed = app.roster_demographics(demo(), student.user.id.clone()).await.unwrap();
    assert!(revealed.fields.iter().any(|f| f.name == "birthDate"), "{:?}", revealed.fields);

    // Search by family name, email, username and identifier, as typed.
    let family = user.names.family_name.clone().unwrap();
    let hits = app.roster_search_users(demo(), family[..3].to_owned(), 50).await.unwrap();
    assert!(!hits.is_empty() && hits.len() <= 50);
    for query in [user.email.clone(), user.username.clone(), user.identifier.clone(), Some(user.link.id.clone())]
        .into_iter()
        .flatten()
    {
        let hits = app.roster_search_users(demo(), query.clone(), 50).await.unwrap();
        assert!(hits.iter().any(|h| h.link.id == user.link.id), "{query}");
    }

    // The calendar: today marked exactly where it falls; end dates exclusive.
    let calendar = app.roster_calendar(demo()).await.unwrap();
    let mut flat = Vec::new();
    let mut stack: Vec<_> = calendar.roots.iter().collect();
    while let Some(session) = stack.pop() {
        flat.push(session);
        stack.extend(session.children.iter());
    }
    assert_eq!(flat.len(), ind.all(Collection::AcademicSessions).len());
    for session in &flat {
        let (start, end) = (session.start_date.clone().unwrap(), session.end_date.clone().unwrap());
        assert_eq!(session.current, start.as_str() <= "2025-10-01" && "2025-10-01" < end.as_str(), "{}", session.title);
        assert!(session.last_day.clone().unwrap() < end);
    }
    assert!(calendar.roots.iter().any(|r| !r.children.is_empty()), "school years hold their terms");

    // The data checks, against the records.
    let checks = app.roster_checks(demo()).await.unwrap();
    let count = |id: &str| checks.checks.iter().find(|c| c.id == id).unwrap().count as usize;
    let to_be_deleted: usize = [
        Collection::Orgs,
        Collection::AcademicSessions,
        Collection::Courses,
        Collection::Classes,
        Collection::Users,
        Collection::Enrollments,
        Collection::Demographics,
        Collection::Resources,
    ]
    .iter()
    .map(|c| ind.all(*c).iter().filter(|r| !active(r)).count())
    .sum();
    assert_eq!(count("to_be_deleted"), to_be_deleted);
    let disabled = ind.all(Collection::Users).iter().filter(|u| u["enabledUser"].as_str() == Some("false")).count();
    assert_eq!(count("disabled_users"), disabled);
    let taught: HashSet<String> = ind
        .all(Collection::Enrollments)
        .iter()
        .filter(|e| active(e) && s(e, &["role"]).as_deref() == Some("teacher"))
        .filter_map(|e| s(e, &["class", "sourcedId"]))
        .collect();
    let no_teacher = ind
        .all(Collection::Classes)
        .iter()
        .filter(|c| active(c) && s(c, &["sourcedId"]).is_some_and(|id| !taught.contains(&id)))
        .count();
    assert_eq!(count("classes_without_teacher"), no_teacher);
    let users: HashSet<String> = ind.all(Collection::Users).iter().filter_map(|u| s(u, &["sourcedId"])).collect();
    let unknown_users = ind
        .all(Collection::Enrollments)
        .iter()
        .filter(|e| s(e, &["user", "sourcedId"]).is_some_and(|u| !users.contains(&u)))
        .count();
    assert_eq!(count("unknown_user"), unknown_users);
    assert_eq!(count("unknown_course"), 0);
    assert!(checks.checks.iter().all(|c| c.records.len() as u32 <= c.count.min(500)));

    // Any record's page: an enrollment links its user and class.
    let enrollment = &page.students[0].enrollment_id;
    let record = app.roster_record(demo(), "enrollments".into(), enrollment.clone()).await.unwrap();
    let fields: HashSet<&str> = record.links.iter().map(|l| l.field.as_str()).collect();
    assert!(fields.contains("user") && fields.contains("class"), "{fields:?}");
    assert!(record.links.iter().all(|l| !l.link.missing));
    assert!(app.roster_record(demo(), "demographics".into(), student.user.id.clone()).await.is_err());

    // The class roster as CSV: one line per enrollment, demographics only when asked.
    let path = app.roster_export_class(demo(), biggest.id.clone(), false).await.unwrap();
    assert!(Path::new(&path).starts_with(dir.path().join("exports")));
    let text = std::fs::read_to_string(&path).unwrap();
    let members = page.teachers.len() + page.students.len() + page.others.len();
    assert_eq!(text.lines().count(), members + 1);
    assert!(!text.contains("birthDate"));
    let path = app.roster_export_class(demo(), biggest.id.clone(), true).await.unwrap();
    assert!(std::fs::read_to_string(path).unwrap().lines().next().unwrap().contains("demographics.birthDate"));

    // Errors are typed.
    let missing = app.roster_class(demo(), "no-such-class".into()).await.unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert_eq!(app.roster_level("Nobody".into(), RosterScope::default()).await.unwrap_err().code, ErrorCode::NotFound);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_demographics_scope_nothing_of_them_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let records = roster_support::demo_records(Scale::Small);
    roster_support::write_cache(&dir.path().join("cache.sqlite"), "No scope", &records, false);
    let app = app(dir.path());
    let source = app.roster_sources().await.unwrap().into_iter().find(|s| s.connection == "No scope").unwrap();
    assert!(!source.demographics.allowed);
    assert!(source.demographics.note.contains("roster-demographics.readonly"), "{}", source.demographics.note);
    let user = s(&records[&Collection::Users][0], &["sourcedId"]).unwrap();
    let page = app.roster_user("No scope".into(), user.clone()).await.unwrap();
    assert!(!page.demographics.allowed);
    let refused = app.roster_demographics("No scope".into(), user).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Forbidden);
    let class = s(&records[&Collection::Classes][0], &["sourcedId"]).unwrap();
    assert_eq!(
        app.roster_export_class("No scope".into(), class.clone(), true).await.unwrap_err().code,
        ErrorCode::Forbidden
    );
    assert!(app.roster_export_class("No scope".into(), class, false).await.is_ok());
}

/// A CSV file of a bundle as rows of (header → value).
fn read_csv(bundle: &str, file: &str) -> Vec<HashMap<String, String>> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_path(fixture(bundle).join(file)).unwrap();
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| headers.iter().zip(r.unwrap().iter()).map(|(h, v)| (h.to_owned(), v.to_owned())).collect())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_roster_command_on_a_real_bundle() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = "edfi-lms-toolkit-v1p1-grandbend";
    import(dir.path(), "Grand Bend", bundle);
    let app = app(dir.path());
    let gb = || "Grand Bend".to_owned();
    let classes = read_csv(bundle, "classes.csv");
    let enrollments = read_csv(bundle, "enrollments.csv");
    let users = read_csv(bundle, "users.csv");
    let distinct = |role: &str, class: Option<&str>| {
        enrollments
            .iter()
            .filter(|e| e["role"] == role && class.is_none_or(|c| e["classSourcedId"] == c))
            .map(|e| e["userSourcedId"].clone())
            .collect::<HashSet<_>>()
            .len() as u32
    };

    let source = app.roster_sources().await.unwrap().into_iter().find(|s| s.connection == "Grand Bend").unwrap();
    assert_eq!((source.classes as usize, source.users as usize), (classes.len(), users.len()));
    assert!(source.demographics.allowed, "the bundle carries demographics");

    let top = app.roster_level(gb(), RosterScope::default()).await.unwrap();
    let expected = ScopeCounts {
        classes: classes.len() as u32,
        teachers: distinct("teacher", None),
        students: distinct("student", None),
    };
    assert_eq!(top.here, expected);
    let district = &top.children[0];
    assert_eq!(district.label, "Grand Bend ISD");
    let level = app.roster_level(gb(), district.scope.clone().unwrap()).await.unwrap();
    let school = &level.children[0];
    assert_eq!(school.counts, expected);
    let at_school = app.roster_level(gb(), school.scope.clone().unwrap()).await.unwrap();
    let terms: Vec<&str> = at_school.children.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(terms.len(), 2, "{terms:?}");
    assert!(at_school.children.iter().all(|t| t.detail.as_deref().is_some_and(|d| d.contains("end exclusive"))));

    let table = app.roster_classes(gb(), ClassQuery::default()).await.unwrap();
    assert_eq!(table.rows.len(), classes.len());
    for class in &classes {
        let id = &class["sourcedId"];
        let row = table.rows.iter().find(|r| &r.id == id).unwrap();
        assert_eq!(row.students, distinct("student", Some(id)));
        let page = app.roster_class(gb(), id.clone()).await.unwrap();
        let rows = enrollments.iter().filter(|e| &e["classSourcedId"] == id);
        assert_eq!(page.teachers.len() + page.students.len() + page.others.len(), rows.count());
        assert_eq!(page.terms.len(), class["termSourcedIds"].split(',').count());
        assert_eq!(page.counts.teachers, distinct("teacher", Some(id)));
    }

    let student = &users.iter().find(|u| u["role"] == "student").unwrap()["sourcedId"];
    let page = app.roster_user(gb(), student.clone()).await.unwrap();
    assert_eq!(page.enrollments.len(), enrollments.iter().filter(|e| &e["userSourcedId"] == student).count());
    let hits = app.roster_search_users(gb(), "mary.arch".into(), 20).await.unwrap();
    assert!(hits.iter().any(|h| &h.link.id == student), "by email, as typed");

    let checks = app.roster_checks(gb()).await.unwrap();
    let count = |id: &str| checks.checks.iter().find(|c| c.id == id).unwrap().count;
    assert_eq!(count("to_be_deleted"), 0);
    assert_eq!(count("unknown_user"), 0);
    let calendar = app.roster_calendar(gb()).await.unwrap();
    let sessions = read_csv(bundle, "academicSessions.csv");
    let roots = sessions.iter().filter(|s| s["parentSourcedId"].is_empty()).count();
    assert_eq!(calendar.roots.len(), roots);
    let nested: usize = calendar.roots.iter().map(|r| 1 + r.children.len()).sum();
    assert_eq!(nested, sessions.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_data_checks_find_a_hand_made_bundles_known_problems() {
    let dir = tempfile::tempdir().unwrap();
    import(dir.path(), "checks", "cairn-v1p2-checks");
    let app = app(dir.path());
    let checks = app.roster_checks("checks".into()).await.unwrap();
    let found = |id: &str| -> Vec<String> {
        checks.checks.iter().find(|c| c.id == id).unwrap().records.iter().map(|r| r.link.id.clone()).collect()
    };
    let mut deleted = found("to_be_deleted");
    deleted.sort();
    assert_eq!(deleted, ["cls-old", "usr-gone"]);
    assert_eq!(found("disabled_users"), ["usr-off"]);
    assert_eq!(found("enrollments_outside_terms"), ["enr-late"]);
    assert_eq!(found("classes_without_teacher"), ["cls-art"]);
    assert_eq!(found("unknown_course"), ["cls-orphan"]);
    assert_eq!(found("unknown_user"), ["enr-ghost"]);
    for quiet in ["unknown_class", "unknown_school", "unknown_term", "unknown_org", "unknown_agent", "unknown_session"]
    {
        assert!(found(quiet).is_empty(), "{quiet}: {:?}", found(quiet));
    }
    let total: u32 = checks.checks.iter().map(|c| c.count).sum();
    assert_eq!(total, 7);

    // The class page marks what the checks found.
    let math = app.roster_class("checks".into(), "cls-math".into()).await.unwrap();
    assert_eq!(math.teachers.len(), 1);
    assert!(math.teachers[0].primary);
    let late = math.students.iter().find(|m| m.enrollment_id == "enr-late").unwrap();
    assert!(late.outside_terms && late.user.inactive);
    assert!(math.students.iter().any(|m| m.user.id == "usr-off" && m.disabled));
    let art = app.roster_class("checks".into(), "cls-art".into()).await.unwrap();
    assert!(art.students.iter().any(|m| m.user.id == "usr-ghost" && m.user.missing));

    // Names, pronouns, userIds, agents both ways, and demographics masked until revealed.
    let kid = app.roster_user("checks".into(), "usr-kid".into()).await.unwrap();
    assert_eq!(kid.names.preferred_first_name.as_deref(), Some("Leo"));
    assert_eq!(kid.names.pronouns.as_deref(), Some("he/him"));
    assert_eq!(kid.link.label, "Leo Quinn");
    let ids: Vec<(String, String)> = kid.user_ids.iter().map(|f| (f.name.clone(), f.value.clone())).collect();
    assert_eq!(ids, [("district".to_owned(), "S-200".to_owned()), ("state".to_owned(), "ST-9200".to_owned())]);
    assert_eq!(kid.agents.iter().map(|a| a.user.id.as_str()).collect::<Vec<_>>(), ["usr-mom"]);
    assert_eq!(kid.enrollments.len(), 2);
    let mom = app.roster_user("checks".into(), "usr-mom".into()).await.unwrap();
    assert_eq!(mom.agent_of.iter().map(|a| a.user.id.as_str()).collect::<Vec<_>>(), ["usr-kid"]);
    assert!(kid.has_demographics && kid.demographics.allowed);
    assert!(!kid.raw.contains("2012-05-09"), "the user page carries no demographics");
    let revealed = app.roster_demographics("checks".into(), "usr-kid".into()).await.unwrap();
    assert!(revealed.fields.iter().any(|f| f.name == "birthDate" && f.value == "2012-05-09"));
    let search = app.roster_search_users("checks".into(), "leo".into(), 10).await.unwrap();
    assert_eq!(search.iter().map(|h| h.link.id.as_str()).collect::<Vec<_>>(), ["usr-kid"], "by preferred name");
}
