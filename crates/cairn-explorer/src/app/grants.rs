//! File grants: the window never names a file to act on. A file the user chose (in a system
//! dialog, by dropping it on the window, or by confirming a typed path in a native dialog) is
//! registered here by the shell and the page gets an opaque id; the commands that read or write
//! files take that id and nothing else. An id grants what the user chose it for — reading for an
//! open, writing for a save — for the rest of the session.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{AppError, ErrorCode};

/// What a grant allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrantAccess {
    /// Reading the file or folder (imports, checks, a bundle's rows).
    Read,
    /// Writing the file (exports, saves).
    Write,
}

/// A file the user chose, as the window sees it: the id the commands take and the path to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChosenFile {
    /// The grant the commands take in place of a path.
    pub grant: String,
    /// The path, to show the user (no command takes it).
    pub path: String,
    /// The file's or folder's name.
    pub name: String,
}

/// The grants of one session.
#[derive(Debug, Default)]
pub struct FileGrants {
    grants: Mutex<Granted>,
}

#[derive(Debug, Default)]
struct Granted {
    next: u64,
    by_id: HashMap<String, (PathBuf, GrantAccess)>,
}

impl FileGrants {
    /// Grants `access` to `path` (chosen by the user) and answers what the window gets.
    pub fn grant(&self, path: &Path, access: GrantAccess) -> ChosenFile {
        let mut granted = self.grants.lock().unwrap_or_else(PoisonError::into_inner);
        granted.next += 1;
        let prefix = match access {
            GrantAccess::Read => "read",
            GrantAccess::Write => "write",
        };
        let grant = format!("{prefix}-{}", granted.next);
        granted.by_id.insert(grant.clone(), (path.to_owned(), access));
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        ChosenFile { grant, path: path.display().to_string(), name }
    }

    /// The path `grant` allows `access` to; an error that names neither a path nor a file's
    /// content when the user chose no such thing.
    pub fn path(&self, grant: &str, access: GrantAccess) -> Result<PathBuf, AppError> {
        let granted = self.grants.lock().unwrap_or_else(PoisonError::into_inner);
        match granted.by_id.get(grant) {
            Some((path, given)) if *given == access => Ok(path.clone()),
            Some(_) => Err(refused(match access {
                GrantAccess::Read => "that file was chosen to be written, not read",
                GrantAccess::Write => "that file was chosen to be read, not written",
            })),
            None => Err(refused("no file was chosen for this")),
        }
    }

    /// The paths of `grants`, each allowing `access`.
    pub fn paths(&self, grants: &[String], access: GrantAccess) -> Result<Vec<PathBuf>, AppError> {
        grants.iter().map(|grant| self.path(grant, access)).collect()
    }

    /// The path of a grant of either kind (to show a saved file in its folder).
    pub fn any_path(&self, grant: &str) -> Result<PathBuf, AppError> {
        let granted = self.grants.lock().unwrap_or_else(PoisonError::into_inner);
        granted.by_id.get(grant).map(|(path, _)| path.clone()).ok_or_else(|| refused("no file was chosen for this"))
    }
}

fn refused(why: &str) -> AppError {
    AppError::new(
        ErrorCode::Invalid,
        format!("{why}: choose the file in the dialog, drop it on the window, or confirm the typed path"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grant_allows_what_it_was_chosen_for_and_nothing_else() {
        let grants = FileGrants::default();
        let read = grants.grant(Path::new("/home/me/in.json"), GrantAccess::Read);
        let write = grants.grant(Path::new("/home/me/out.csv"), GrantAccess::Write);
        assert_eq!(read.name, "in.json");
        assert_eq!(grants.path(&read.grant, GrantAccess::Read).ok(), Some(PathBuf::from("/home/me/in.json")));
        assert_eq!(grants.path(&write.grant, GrantAccess::Write).ok(), Some(PathBuf::from("/home/me/out.csv")));
        assert!(grants.path(&read.grant, GrantAccess::Write).is_err());
        assert!(grants.path(&write.grant, GrantAccess::Read).is_err());
        // A grant stays for the session: an export can be written again, a warning's row read again.
        assert!(grants.path(&write.grant, GrantAccess::Write).is_ok());
    }

    #[test]
    fn a_made_up_grant_or_a_path_is_refused_without_naming_anything() {
        let grants = FileGrants::default();
        grants.grant(Path::new("/home/me/in.json"), GrantAccess::Read);
        for made_up in ["/etc/passwd", "read-2", "", "~/.bashrc", "read-1 "] {
            let error = grants.path(made_up, GrantAccess::Read).err().map(|e| e.message).unwrap_or_default();
            assert!(error.starts_with("no file was chosen"), "{made_up:?}: {error}");
            assert!(!error.contains("/home") && !error.contains("passwd"), "{error}");
        }
    }
}
