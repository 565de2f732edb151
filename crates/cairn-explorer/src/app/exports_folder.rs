//! Files the window saves without asking where (a class roster as CSV), written into the data
//! folder's `exports/` under a cleaned name that never replaces an earlier export.

use std::path::{Path, PathBuf};

use super::error::{AppError, ErrorCode};

/// The folder exports go to, inside the data folder.
pub const EXPORTS_DIR: &str = "exports";

/// The longest file name kept.
const MAX_NAME: usize = 96;

/// Writes `bytes` as `name` into `data_dir/exports/` and answers the file's path.
pub fn save(data_dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, AppError> {
    let folder = data_dir.join(EXPORTS_DIR);
    std::fs::create_dir_all(&folder)
        .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot create {}: {e}", folder.display())))?;
    let (stem, extension) = split(&clean(name));
    for n in 1..10_000u32 {
        let file = if n == 1 { format!("{stem}{extension}") } else { format!("{stem} ({n}){extension}") };
        let path = folder.join(file);
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut out) => {
                use std::io::Write;
                out.write_all(bytes)
                    .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot write {}: {e}", path.display())))?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(AppError::new(ErrorCode::Io, format!("cannot write {}: {e}", path.display()))),
        }
    }
    Err(AppError::new(ErrorCode::Io, format!("too many exports named {stem}{extension} in {}", folder.display())))
}

/// `name` with only letters, digits, spaces, `.`, `-` and `_`, no leading dot, at most
/// [`MAX_NAME`] characters; `export` when nothing is left.
fn clean(name: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_') { c } else { '_' })
        .take(MAX_NAME)
        .collect();
    let trimmed = kept.trim().trim_start_matches('.');
    if trimmed.is_empty() { "export".to_owned() } else { trimmed.to_owned() }
}

/// The stem and the extension (with its dot) of a cleaned name.
fn split(name: &str) -> (String, String) {
    match name.rfind('.') {
        Some(dot) if dot > 0 => (name[..dot].to_owned(), name[dot..].to_owned()),
        _ => (name.to_owned(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn names_are_cleaned_and_exports_never_overwrite() {
        assert_eq!(clean("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(clean("..."), "export");
        assert_eq!(clean("Graph of S7.3.png"), "Graph of S7.3.png");
        let dir = tempfile::tempdir().unwrap();
        let first = save(dir.path(), "graph.png", b"one").unwrap();
        let second = save(dir.path(), "graph.png", b"two").unwrap();
        assert_eq!(first.file_name().unwrap(), "graph.png");
        assert_eq!(second.file_name().unwrap(), "graph (2).png");
        assert_eq!(std::fs::read(first).unwrap(), b"one");
        assert!(second.starts_with(dir.path().join(EXPORTS_DIR)));
    }
}
