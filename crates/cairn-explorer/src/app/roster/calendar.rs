//! The academic calendar: school years → terms → grading periods (any depth, by `parent`),
//! each with its dates (the end exclusive, and the last day it includes), the sessions that
//! include today marked, and how many active classes name each.

use std::collections::{HashMap, HashSet};

use cairn_graph::natural_cmp;
use cairn_store::cache::roster::{SessionRow, class_term_counts};
use rusqlite::Connection;

use super::dates::{last_day, within};
use super::error::RosterError;
use super::memo::Loaded;
use super::source::Source;
use super::types::{AcademicCalendar, CalendarSession};

/// How deep sessions nest at most (deeper ones are listed at the top instead).
const MAX_DEPTH: usize = 32;

/// The calendar of a connection, as of `today`.
pub fn calendar(
    conn: &Connection,
    source: &Source,
    loaded: &Loaded,
    today: &str,
) -> Result<AcademicCalendar, RosterError> {
    let classes = class_term_counts(conn, source.id)?;
    let mut children: HashMap<&str, Vec<&SessionRow>> = HashMap::new();
    let mut roots: Vec<&SessionRow> = Vec::new();
    for session in loaded.sessions.values() {
        match session.parent.as_deref().filter(|p| loaded.sessions.contains_key(*p) && *p != session.id) {
            Some(parent) => children.entry(parent).or_default().push(session),
            None => roots.push(session),
        }
    }
    let mut seen = HashSet::new();
    let mut out: Vec<CalendarSession> =
        roots.into_iter().filter_map(|s| node(s, &children, &classes, today, &mut seen, 0)).collect();
    // Sessions only a cycle of parents reaches.
    let mut rest: Vec<&SessionRow> = loaded.sessions.values().filter(|s| !seen.contains(s.id.as_str())).collect();
    rest.sort_by(|a, b| a.id.cmp(&b.id));
    for session in rest {
        if let Some(found) = node(session, &children, &classes, today, &mut seen, 0) {
            out.push(found);
        }
    }
    sort(&mut out);
    Ok(AcademicCalendar { today: today.to_owned(), roots: out })
}

fn node<'a>(
    session: &'a SessionRow,
    children: &HashMap<&str, Vec<&'a SessionRow>>,
    classes: &HashMap<String, u32>,
    today: &str,
    seen: &mut HashSet<&'a str>,
    depth: usize,
) -> Option<CalendarSession> {
    if depth > MAX_DEPTH || !seen.insert(session.id.as_str()) {
        return None;
    }
    let mut below: Vec<CalendarSession> = children
        .get(session.id.as_str())
        .map(|list| list.iter().filter_map(|c| node(c, children, classes, today, seen, depth + 1)).collect())
        .unwrap_or_default();
    sort(&mut below);
    Some(CalendarSession {
        id: session.id.clone(),
        title: session.title.clone().unwrap_or_else(|| session.id.clone()),
        kind: session.kind.clone(),
        start_date: session.start_date.clone(),
        end_date: session.end_date.clone(),
        last_day: session.end_date.as_deref().and_then(last_day),
        current: within(today, session.start_date.as_deref(), session.end_date.as_deref())
            && (session.start_date.is_some() || session.end_date.is_some()),
        inactive: session.inactive,
        classes: classes.get(&session.id).copied().unwrap_or(0),
        children: below,
    })
}

fn sort(sessions: &mut [CalendarSession]) {
    sessions.sort_by(|a, b| a.start_date.cmp(&b.start_date).then_with(|| natural_cmp(&a.title, &b.title)));
}
