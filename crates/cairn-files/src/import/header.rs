//! A file's header row: which column is which, matched without regard to case, spaces and
//! underscores; unknown columns (kept in `metadata`) with the closest known name suggested.

use std::collections::HashMap;

use super::files::{Column, FileSpec, Kind};
use super::warnings::Warnings;

/// What a column of the file holds.
#[derive(Debug, Clone)]
pub(crate) enum Slot {
    /// A column of the binding.
    Known,
    /// A column kept in `metadata` under this name (`metadata.x` columns and unknown ones).
    Metadata(String),
    /// A column without a name at the end of the header: ignored.
    Unnamed,
}

/// The header of one file.
#[derive(Debug)]
pub(crate) struct Header {
    slots: Vec<Slot>,
    given: Vec<String>,
    known: HashMap<&'static str, usize>,
    /// The number of columns up to the last one with a name.
    pub width: usize,
    /// Properties whose required column the header lacks (warned about once).
    pub missing: Vec<&'static str>,
    /// Whether the header has a column only 1.2 has.
    pub has_1_2_columns: bool,
}

/// `name` in lower case without spaces, underscores and hyphens.
fn normalize(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, ' ' | '_' | '-')).flat_map(char::to_lowercase).collect()
}

impl Header {
    /// Reads the header cells of `file` (a file of kind `spec`), warning about unknown,
    /// duplicate, unnamed and missing columns.
    pub(crate) fn new(spec: &'static FileSpec, file: &str, cells: Vec<String>, warnings: &mut Warnings) -> Header {
        let given: Vec<String> = cells
            .into_iter()
            .enumerate()
            .map(|(i, c)| if i == 0 { c.trim_start_matches('\u{feff}').trim().to_owned() } else { c.trim().to_owned() })
            .collect();
        let width = given.iter().rposition(|g| !g.is_empty()).map_or(0, |i| i + 1);
        let kept = match spec.kind {
            Kind::Records(_) => "its values are kept in metadata",
            Kind::Join(_) => "its values are left out (what this file's rows become has no metadata)",
        };
        let mut known = HashMap::new();
        let mut slots = Vec::with_capacity(given.len());
        for (i, name) in given.iter().enumerate() {
            let slot = if name.is_empty() {
                if i < width {
                    let key = format!("column{}", i + 1);
                    warnings.add(file, 1, None, format!("column {} has no name (called {key:?} here); {kept}", i + 1));
                    Slot::Metadata(key)
                } else {
                    Slot::Unnamed
                }
            } else if let Some(key) = name.strip_prefix("metadata.").or_else(|| name.strip_prefix("Metadata.")) {
                Slot::Metadata(key.to_owned())
            } else {
                match lookup(spec, name) {
                    Some(column) if known.contains_key(column.name) => {
                        warnings.add(file, 1, Some(name), format!("a second {} column; {kept}", column.name));
                        Slot::Metadata(name.clone())
                    }
                    Some(column) => {
                        known.insert(column.name, i);
                        Slot::Known
                    }
                    None => {
                        let hint = closest(spec, name).map(|c| format!(" (did you mean {c}?)")).unwrap_or_default();
                        warnings.add(
                            file,
                            1,
                            Some(name),
                            format!("not a column of {}{hint}; {kept}", spec.file_name()),
                        );
                        Slot::Metadata(name.clone())
                    }
                }
            };
            slots.push(slot);
        }
        let mut missing = Vec::new();
        for column in spec.columns.iter().filter(|c| c.required && !known.contains_key(c.name)) {
            let join = matches!(spec.kind, Kind::Join(_));
            if column.name == "sourcedId" || (join && matches!(column.name, "status" | "dateLastModified")) {
                continue;
            }
            let field = column.field.unwrap_or(column.name);
            let what = match column.name {
                "status" => "every record is read as \"active\"".to_owned(),
                _ => format!("{field} is left out of every record"),
            };
            warnings.add(file, 1, None, format!("no {} column; {what}", column.name));
            missing.push(field);
        }
        let has_1_2_columns = spec.only_1_2.iter().any(|c| known.contains_key(c));
        Header { slots, given, known, width, missing, has_1_2_columns }
    }

    /// The position of the binding's column `name`, when the file has it.
    pub(crate) fn index(&self, name: &str) -> Option<usize> {
        self.known.get(name).copied()
    }

    /// Whether the file has the binding's column `name`.
    pub(crate) fn has(&self, name: &str) -> bool {
        self.known.contains_key(name)
    }

    /// The header of the binding's column `name` as the file spells it (or `name`).
    pub(crate) fn given<'a>(&'a self, name: &'a str) -> &'a str {
        self.index(name).and_then(|i| self.given.get(i)).map_or(name, String::as_str)
    }

    /// The header of the column at `index` as the file spells it, when it has a name.
    pub(crate) fn name_at(&self, index: usize) -> Option<&str> {
        self.given.get(index).map(String::as_str).filter(|g| !g.is_empty())
    }

    /// Every column, in file order.
    pub(crate) fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The column (as the file spells it) that fills the property `field` of `spec`'s
    /// records: the column declared for it, else `<field>SourcedId(s)`, else the property.
    pub(crate) fn column_of(&self, spec: &FileSpec, field: &str) -> String {
        let declared = spec.columns.iter().find(|c| c.field == Some(field)).map(|c| c.name);
        let guesses = [format!("{field}SourcedId"), format!("{field}SourcedIds")];
        let found = declared
            .filter(|c| self.has(c))
            .or_else(|| guesses.iter().map(String::as_str).find(|g| self.has(g)))
            .or(declared);
        match found {
            Some(column) => self.given(column).to_owned(),
            None => field.to_owned(),
        }
    }
}

/// The column of `spec` that `name` means, ignoring case, spaces and underscores.
fn lookup(spec: &'static FileSpec, name: &str) -> Option<&'static Column> {
    let n = normalize(name);
    spec.columns.iter().find(|c| normalize(c.name) == n).or_else(|| {
        spec.aliases.iter().find(|(alias, _)| normalize(alias) == n).and_then(|(_, column)| spec.column(column))
    })
}

/// The known column closest to `name`, when it is close enough to be a misspelling.
fn closest(spec: &FileSpec, name: &str) -> Option<&'static str> {
    let n = normalize(name);
    let (distance, column) = spec.columns.iter().map(|c| (edit_distance(&n, &normalize(c.name)), c.name)).min()?;
    (distance <= (n.chars().count() / 3).max(2)).then_some(column)
}

/// Levenshtein distance between two strings, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            current[j + 1] = (previous[j] + usize::from(ca != *cb)).min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_and_names() {
        assert_eq!(edit_distance("prefferedgivenname", "preferredgivenname"), 2);
        assert_eq!(normalize("Given_Name "), "givenname");
        let users = super::super::files::find("users").expect("users");
        assert_eq!(closest(users, "prefferedGivenName"), Some("preferredGivenName"));
        assert_eq!(closest(users, "favouriteColour"), None);
        assert_eq!(lookup(users, "preferred_first_name").map(|c| c.name), Some("preferredGivenName"));
    }
}
