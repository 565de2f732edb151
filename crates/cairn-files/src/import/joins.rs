//! Rows of join files (roles, user profiles, resource links, score scale links, learning
//! objectives), indexed by the record they belong to before that record's file is read; what
//! was never used is warned about at the end.

use std::collections::{HashMap, HashSet};

use cairn_spec::Collection;
use serde_json::Value;

use super::cells::{Cells, array};
use super::files::{FILES, Join, Kind};
use super::state::State;

/// One row of a join file, ready to be folded into its record.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    /// The row's line.
    pub line: u64,
    /// What it becomes (a Role, a UserProfile, a GUIDRef, ...).
    pub value: Value,
    /// References to check when it is folded in: (column as spelled, target, id).
    pub refs: Vec<(String, Collection, String)>,
    /// Whether the value is not strictly valid (and a warning says why).
    pub warned: bool,
}

/// The rows of one join file by owner.
#[derive(Debug, Default)]
struct JoinFile {
    file: String,
    owner_column: String,
    owners: HashMap<String, Vec<Entry>>,
    used: HashSet<String>,
}

/// Every join file read.
#[derive(Debug, Default)]
pub(crate) struct Joins {
    files: HashMap<Join, JoinFile>,
    /// profileId by user profile sourcedId.
    pub profile_ids: HashMap<String, String>,
}

/// What a join folds into.
pub(crate) fn owner(join: Join) -> (Collection, &'static str) {
    match join {
        Join::Roles => (Collection::Users, "role"),
        Join::Profiles => (Collection::Users, "user profile"),
        Join::ClassResources => (Collection::Classes, "resource link"),
        Join::CourseResources => (Collection::Courses, "resource link"),
        Join::UserResources => (Collection::Users, "resource link"),
        Join::LineItemScoreScales => (Collection::LineItems, "score scale link"),
        Join::ResultScoreScales => (Collection::Results, "score scale link"),
        Join::LineItemObjectives => (Collection::LineItems, "learning objective"),
        Join::ResultObjectives => (Collection::Results, "learning objective"),
    }
}

impl Joins {
    /// Notes that `join` is read from `file`, whose owner column is spelled `owner_column`.
    pub(crate) fn begin(&mut self, join: Join, file: &str, owner_column: &str) {
        let entry = self.files.entry(join).or_default();
        entry.file = file.to_owned();
        entry.owner_column = owner_column.to_owned();
    }

    /// Adds a row for the record `owner`.
    pub(crate) fn add(&mut self, join: Join, owner: &str, entry: Entry) {
        self.files.entry(join).or_default().owners.entry(owner.to_owned()).or_default().push(entry);
    }

    /// Whether `join` was read.
    pub(crate) fn has(&self, join: Join) -> bool {
        self.files.contains_key(&join)
    }
}

/// What was folded into one record.
#[derive(Debug, Default)]
pub(crate) struct Joined {
    /// The values, in file order.
    pub values: Vec<Value>,
    /// Whether any of the values is not strictly valid (and a warning says why).
    pub warned: bool,
}

impl State<'_> {
    /// The rows of `join` for the record `owner`, their references checked (once).
    pub(crate) fn joined(&mut self, join: Join, owner: &str) -> Joined {
        let Some(file) = self.joins.files.get_mut(&join) else { return Joined::default() };
        let Some(entries) = file.owners.get(owner) else { return Joined::default() };
        let entries = entries.clone();
        let first = file.used.insert(owner.to_owned());
        let name = file.file.clone();
        let mut joined = Joined::default();
        for entry in entries {
            joined.warned |= entry.warned;
            for (column, target, id) in entry.refs.iter().filter(|_| first) {
                if let Some(reason) = self.check(&name, entry.line, column, *target, id) {
                    self.warnings.add(&name, entry.line, Some(column), reason);
                }
            }
            joined.values.push(entry.value);
        }
        joined
    }

    /// The resources linked to the record `id` through `join`, after `refs` (named in the
    /// record's own row); `resources` is explained when a linking row was warned about.
    pub(crate) fn linked_resources(
        &mut self,
        cells: &mut Cells<'_>,
        join: Join,
        id: &str,
        mut refs: Vec<Value>,
    ) -> Option<Value> {
        let joined = self.joined(join, id);
        if joined.warned {
            cells.explain("resources");
        }
        refs.extend(joined.values);
        array(refs)
    }

    /// Warns about every join row whose record never came.
    pub(crate) fn unused_joins(&mut self) {
        for spec in FILES {
            let Kind::Join(join) = spec.kind else { continue };
            let Some(file) = self.joins.files.remove(&join) else { continue };
            let (collection, what) = owner(join);
            let owner_file = self.ids.file_of(collection).map(str::to_owned);
            let mut unused: Vec<(&String, &Entry)> = file
                .owners
                .iter()
                .filter(|(owner, _)| !file.used.contains(*owner))
                .flat_map(|(owner, entries)| entries.iter().map(move |e| (owner, e)))
                .collect();
            unused.sort_by_key(|(_, e)| e.line);
            for (id, entry) in unused {
                let reason = match &owner_file {
                    Some(f) => format!("no {} {id:?} in {f}; {what} left out", collection.single().unwrap_or_default()),
                    None => format!("{}.csv is not in the bundle; {what} left out", collection.name()),
                };
                self.warnings.add(&file.file, entry.line, Some(&file.owner_column), reason);
            }
        }
    }
}
