//! The navigation district → school → term → course → class: one level at a time, each entry
//! with its active classes and distinct teachers and students (of active enrollments), counted
//! in one query per level.

use std::collections::{BTreeMap, HashMap, HashSet};

use cairn_graph::natural_cmp;
use cairn_spec::Collection;
use cairn_store::cache::roster::{ClassRow, group_counts, labels};
use rusqlite::Connection;

use super::dates::within;
use super::error::RosterError;
use super::memo::Loaded;
use super::source::Source;
use super::types::{NavCrumb, NavEntry, NavKind, RosterLevel, RosterScope, ScopeCounts};

/// The key the scope's own counts are grouped under.
const HERE: &str = "\u{0}here";

/// The classes of `scope` (all of them, active or not).
pub fn scope_classes<'a>(loaded: &'a Loaded, scope: &RosterScope) -> Vec<&'a ClassRow> {
    let schools: Option<HashSet<&str>> = scope
        .org
        .as_deref()
        .map(|org| loaded.orgs.subtree(org).into_iter().map(|o| o.id.as_str()).chain([org]).collect());
    loaded
        .classes
        .iter()
        .filter(|c| schools.as_ref().is_none_or(|s| c.school_id.as_deref().is_some_and(|id| s.contains(id))))
        .filter(|c| scope.term.as_deref().is_none_or(|t| c.terms.iter().any(|(id, _)| id == t)))
        .filter(|c| scope.course.as_deref().is_none_or(|course| c.course_id.as_deref() == Some(course)))
        .collect()
}

/// One level of the navigation.
pub fn level(
    conn: &Connection,
    source: &Source,
    loaded: &Loaded,
    scope: &RosterScope,
    today: &str,
) -> Result<RosterLevel, RosterError> {
    if let Some(org) = scope.org.as_deref()
        && loaded.orgs.org(org).is_none()
    {
        return Err(RosterError::NotFound {
            collection: "orgs".into(),
            id: org.into(),
            connection: source.name.clone(),
        });
    }
    let in_scope = scope_classes(loaded, scope);
    // (entry, the classes below it)
    let mut entries: Vec<(NavEntry, Vec<&ClassRow>)> = Vec::new();
    match (&scope.org, &scope.term, &scope.course) {
        (None, _, _) => {
            for root in &loaded.orgs.roots {
                entries.push(org_entry(loaded, root, scope));
            }
        }
        (Some(org), None, _) => {
            for child in loaded.orgs.children(org) {
                entries.push(org_entry(loaded, &child.id, scope));
            }
            let here: Vec<&ClassRow> =
                in_scope.iter().copied().filter(|c| c.school_id.as_deref() == Some(org)).collect();
            entries.extend(term_entries(loaded, &here, scope, today));
        }
        (Some(_), Some(_), None) => entries.extend(course_entries(conn, source, &in_scope, scope)?),
        (Some(_), Some(_), Some(_)) => {
            let mut classes = in_scope.clone();
            classes.sort_by(|a, b| natural_cmp(title(a), title(b)).then_with(|| a.id.cmp(&b.id)));
            for class in classes {
                let entry = NavEntry {
                    kind: NavKind::Class,
                    id: class.id.clone(),
                    label: title(class).to_owned(),
                    detail: class.class_code.clone(),
                    counts: ScopeCounts::default(),
                    inactive: class.inactive,
                    current: false,
                    missing: false,
                    scope: None,
                };
                entries.push((entry, vec![class]));
            }
        }
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (i, (_, classes)) in entries.iter().enumerate() {
        pairs.extend(classes.iter().filter(|c| !c.inactive).map(|c| (c.id.clone(), i.to_string())));
    }
    pairs.extend(in_scope.iter().filter(|c| !c.inactive).map(|c| (c.id.clone(), HERE.to_owned())));
    let people = group_counts(conn, source.id, &pairs)?;
    let counts = |key: &str, classes: &[&ClassRow]| {
        let (teachers, students) = people.get(key).copied().unwrap_or_default();
        let classes = classes.iter().filter(|c| !c.inactive).map(|c| &c.id).collect::<HashSet<_>>().len() as u32;
        ScopeCounts { classes, teachers, students }
    };
    let here = counts(HERE, &in_scope);
    let children = entries
        .into_iter()
        .enumerate()
        .map(|(i, (mut entry, classes))| {
            entry.counts = counts(&i.to_string(), &classes);
            entry
        })
        .collect();
    Ok(RosterLevel {
        connection: source.name.clone(),
        scope: scope.clone(),
        crumbs: crumbs(conn, source, loaded, scope)?,
        here,
        children,
        today: today.to_owned(),
    })
}

fn title(class: &ClassRow) -> &str {
    class.title.as_deref().unwrap_or(&class.id)
}

/// An org and the classes of its subtree.
fn org_entry<'a>(loaded: &'a Loaded, id: &str, scope: &RosterScope) -> (NavEntry, Vec<&'a ClassRow>) {
    let org = loaded.orgs.org(id);
    let row = loaded.org_rows.get(id);
    let detail = [org.and_then(|o| o.kind.clone()), row.and_then(|r| r.identifier.clone())]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
    let entry = NavEntry {
        kind: NavKind::Org,
        id: id.to_owned(),
        label: org.and_then(|o| o.name.clone()).unwrap_or_else(|| id.to_owned()),
        detail: (!detail.is_empty()).then_some(detail),
        counts: ScopeCounts::default(),
        inactive: org.is_some_and(|o| o.inactive),
        current: false,
        missing: org.is_none(),
        scope: Some(RosterScope { org: Some(id.to_owned()), ..scope.clone() }),
    };
    let sub = RosterScope { org: Some(id.to_owned()), term: None, course: None };
    (entry, scope_classes(loaded, &sub))
}

/// The terms `classes` name, by start date then title.
fn term_entries<'a>(
    loaded: &Loaded,
    classes: &[&'a ClassRow],
    scope: &RosterScope,
    today: &str,
) -> Vec<(NavEntry, Vec<&'a ClassRow>)> {
    let mut by_term: BTreeMap<&str, Vec<&'a ClassRow>> = BTreeMap::new();
    for class in classes {
        for (term, _) in &class.terms {
            by_term.entry(term.as_str()).or_default().push(class);
        }
    }
    let mut out: Vec<(NavEntry, Vec<&ClassRow>)> = by_term
        .into_iter()
        .map(|(term, classes)| {
            let session = loaded.sessions.get(term);
            let start = session.and_then(|s| s.start_date.clone());
            let end = session.and_then(|s| s.end_date.clone());
            let detail = match (&start, &end) {
                (Some(s), Some(e)) => Some(format!("{s} to {e} (end exclusive)")),
                _ => session.and_then(|s| s.kind.clone()),
            };
            let entry = NavEntry {
                kind: NavKind::Term,
                id: term.to_owned(),
                label: session.and_then(|s| s.title.clone()).unwrap_or_else(|| term.to_owned()),
                detail,
                counts: ScopeCounts::default(),
                inactive: session.is_some_and(|s| s.inactive),
                current: session.is_some_and(|s| within(today, s.start_date.as_deref(), s.end_date.as_deref())),
                missing: session.is_none(),
                scope: Some(RosterScope { term: Some(term.to_owned()), course: None, ..scope.clone() }),
            };
            (entry, classes)
        })
        .collect();
    out.sort_by(|(a, _), (b, _)| {
        let start = |e: &NavEntry| loaded.sessions.get(&e.id).and_then(|s| s.start_date.clone());
        start(a).cmp(&start(b)).then_with(|| natural_cmp(&a.label, &b.label))
    });
    out
}

/// The courses of `classes`, by title.
fn course_entries<'a>(
    conn: &Connection,
    source: &Source,
    classes: &[&'a ClassRow],
    scope: &RosterScope,
) -> Result<Vec<(NavEntry, Vec<&'a ClassRow>)>, RosterError> {
    let mut by_course: HashMap<&str, Vec<&'a ClassRow>> = HashMap::new();
    for class in classes {
        by_course.entry(class.course_id.as_deref().unwrap_or("")).or_default().push(class);
    }
    let ids: Vec<String> = by_course.keys().filter(|k| !k.is_empty()).map(|k| (*k).to_owned()).collect();
    let titles = labels(conn, source.id, Collection::Courses, &ids)?;
    let codes = course_codes(conn, source.id, &ids)?;
    let mut out: Vec<(NavEntry, Vec<&ClassRow>)> = by_course
        .into_iter()
        .map(|(course, classes)| {
            let found = titles.get(course);
            let entry = NavEntry {
                kind: NavKind::Course,
                id: course.to_owned(),
                label: found
                    .and_then(|l| l.label.clone())
                    .unwrap_or_else(|| if course.is_empty() { "(no course)".to_owned() } else { course.to_owned() }),
                detail: codes.get(course).cloned(),
                counts: ScopeCounts::default(),
                inactive: found.is_some_and(|l| l.inactive),
                current: false,
                missing: found.is_none(),
                scope: Some(RosterScope { course: Some(course.to_owned()), ..scope.clone() }),
            };
            (entry, classes)
        })
        .collect();
    out.sort_by(|(a, _), (b, _)| natural_cmp(&a.label, &b.label).then_with(|| a.id.cmp(&b.id)));
    Ok(out)
}

fn course_codes(conn: &Connection, connection_id: i64, ids: &[String]) -> Result<HashMap<String, String>, RosterError> {
    Ok(cairn_store::cache::roster::course_codes(conn, connection_id, ids)?)
}

/// From the top to `scope`.
fn crumbs(
    conn: &Connection,
    source: &Source,
    loaded: &Loaded,
    scope: &RosterScope,
) -> Result<Vec<NavCrumb>, RosterError> {
    let mut out = vec![NavCrumb { label: "All orgs".to_owned(), scope: RosterScope::default() }];
    let Some(org) = scope.org.as_deref() else { return Ok(out) };
    let mut chain: Vec<&str> = loaded.orgs.ancestors(org).into_iter().map(|o| o.id.as_str()).collect();
    chain.reverse();
    chain.push(org);
    for id in chain {
        let label = loaded.orgs.org(id).and_then(|o| o.name.clone()).unwrap_or_else(|| id.to_owned());
        out.push(NavCrumb { label, scope: RosterScope { org: Some(id.to_owned()), term: None, course: None } });
    }
    if let Some(term) = scope.term.as_deref() {
        let label = loaded.sessions.get(term).and_then(|s| s.title.clone()).unwrap_or_else(|| term.to_owned());
        out.push(NavCrumb { label, scope: RosterScope { course: None, ..scope.clone() } });
    }
    if let Some(course) = scope.course.as_deref() {
        let titles = labels(conn, source.id, Collection::Courses, &[course.to_owned()])?;
        let label = titles.get(course).and_then(|l| l.label.clone()).unwrap_or_else(|| course.to_owned());
        out.push(NavCrumb { label, scope: scope.clone() });
    }
    Ok(out)
}
