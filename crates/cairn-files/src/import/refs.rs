//! References between records: GUIDRef objects with their hrefs, the sourcedIds read so far
//! (for duplicates and references to nothing), and checks that wait for the end of a file.

use std::collections::HashMap;

use cairn_spec::{Collection, Dialect};
use serde_json::{Map, Value};

use super::error::ImportError;

/// Builds hrefs: `{base}{service base path}/{collection}/{sourcedId}`.
#[derive(Debug)]
pub(crate) struct Hrefs {
    base: String,
    dialect: Dialect,
}

impl Hrefs {
    /// Hrefs on `base`, an absolute http(s) URL.
    pub(crate) fn new(base: &str) -> Result<Hrefs, ImportError> {
        let trimmed = base.trim().trim_end_matches('/');
        let host = trimmed.strip_prefix("https://").or_else(|| trimmed.strip_prefix("http://"));
        match host {
            Some(rest) if !rest.is_empty() && !rest.chars().any(char::is_whitespace) => {
                Ok(Hrefs { base: trimmed.to_owned(), dialect: Dialect::spec() })
            }
            _ => Err(ImportError::HrefBase(base.to_owned())),
        }
    }

    /// Where the record `id` of `collection` is read.
    pub(crate) fn href(&self, collection: Collection, id: &str) -> String {
        format!(
            "{}{}/{}/{}",
            self.base,
            self.dialect.base_path(collection.service()),
            collection.name(),
            encode_segment(id)
        )
    }

    /// Where user profile `id` is named when its sourcedId is not a URI itself.
    pub(crate) fn profile_uri(&self, id: &str) -> String {
        format!(
            "{}{}/userProfiles/{}",
            self.base,
            self.dialect.base_path(Collection::Users.service()),
            encode_segment(id)
        )
    }

    /// A GUIDRef object `{href, sourcedId, type}` to the record `id` of `collection`.
    pub(crate) fn guid(&self, collection: Collection, id: &str) -> Value {
        let mut map = Map::new();
        map.insert("href".into(), Value::String(self.href(collection, id)));
        map.insert("sourcedId".into(), Value::String(id.to_owned()));
        map.insert("type".into(), Value::String(collection.single().unwrap_or_default().to_owned()));
        Value::Object(map)
    }
}

/// Percent-encodes what may not stand in a URI path segment.
fn encode_segment(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether `s` is an absolute URI (a scheme, a colon, something, no white space).
pub(crate) fn is_absolute_uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else { return false };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && !rest.is_empty()
        && !s.chars().any(char::is_whitespace)
}

/// The sourcedIds of one collection read so far.
#[derive(Debug, Default)]
struct Ids {
    lines: HashMap<String, u64>,
    file: String,
    /// Read in full (a bulk file, to its end): references to other ids point to nothing.
    complete: bool,
}

/// What is known about a referenced id.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// It was read.
    Yes,
    /// Its file was read in full without it: the file's name.
    No(String),
    /// Its file is being read: wait for its end.
    Later,
    /// Its file was not read in full (absent, or a delta): nothing can be said.
    Unknown,
}

/// A reference to check once the file being read is complete.
#[derive(Debug)]
pub(crate) struct Deferred {
    /// The file and line of the reference.
    pub file: String,
    /// Its line.
    pub line: u64,
    /// Its column as the file spells it.
    pub column: String,
    /// The collection referenced.
    pub target: Collection,
    /// The id referenced.
    pub id: String,
}

/// The sourcedIds of every collection read so far.
#[derive(Debug, Default)]
pub(crate) struct Registry {
    ids: HashMap<Collection, Ids>,
    reading: Option<Collection>,
    deferred: Vec<Deferred>,
}

impl Registry {
    /// Starts reading `collection` from `file`.
    pub(crate) fn begin(&mut self, collection: Collection, file: &str) {
        self.ids.entry(collection).or_default().file = file.to_owned();
        self.reading = Some(collection);
    }

    /// Ends reading the current collection; `complete` when it was a bulk file. Gives back the
    /// deferred references that point to nothing.
    pub(crate) fn end(&mut self, complete: bool) -> Vec<(Deferred, String)> {
        let Some(collection) = self.reading.take() else { return Vec::new() };
        let ids = self.ids.entry(collection).or_default();
        ids.complete = complete;
        let deferred = std::mem::take(&mut self.deferred);
        if !complete {
            return Vec::new();
        }
        let file = ids.file.clone();
        deferred.into_iter().filter(|d| !ids.lines.contains_key(&d.id)).map(|d| (d, file.clone())).collect()
    }

    /// Notes `id` of `collection` on `line`; gives the earlier line when it was there already.
    pub(crate) fn register(&mut self, collection: Collection, id: &str, line: u64) -> Option<u64> {
        let ids = self.ids.entry(collection).or_default();
        match ids.lines.get(id) {
            Some(&earlier) => {
                ids.lines.insert(id.to_owned(), line);
                Some(earlier)
            }
            None => {
                ids.lines.insert(id.to_owned(), line);
                None
            }
        }
    }

    /// What is known about `id` of `collection`.
    pub(crate) fn known(&self, collection: Collection, id: &str) -> Known {
        if self.reading == Some(collection) {
            return if self.ids.get(&collection).is_some_and(|i| i.lines.contains_key(id)) {
                Known::Yes
            } else {
                Known::Later
            };
        }
        match self.ids.get(&collection) {
            Some(ids) if ids.lines.contains_key(id) => Known::Yes,
            Some(ids) if ids.complete => Known::No(ids.file.clone()),
            _ => Known::Unknown,
        }
    }

    /// Whether `collection` was read (in full or not).
    pub(crate) fn file_of(&self, collection: Collection) -> Option<&str> {
        self.ids.get(&collection).map(|i| i.file.as_str()).filter(|f| !f.is_empty())
    }

    /// Checks `id` when the current file is complete.
    pub(crate) fn defer(&mut self, deferred: Deferred) {
        self.deferred.push(deferred);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hrefs() {
        let hrefs = Hrefs::new("https://sis.example.org/").expect("base");
        assert_eq!(
            hrefs.href(Collection::AcademicSessions, "2020 Fall/1"),
            "https://sis.example.org/api/roster/rostering/v1p2/academicSessions/2020%20Fall%2F1"
        );
        assert_eq!(
            hrefs.href(Collection::Categories, "c"),
            "https://sis.example.org/api/roster/gradebook/v1p2/categories/c"
        );
        assert!(matches!(Hrefs::new("/relative"), Err(ImportError::HrefBase(b)) if b == "/relative"));
        assert!(matches!(Hrefs::new(""), Err(ImportError::HrefBase(b)) if b.is_empty()));
    }
}
