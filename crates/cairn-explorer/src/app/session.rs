//! The window's session (open framework, selection, expanded positions, history) kept in a
//! JSON file of the app's data folder, replaced atomically so a crash never leaves half a file.

use std::path::Path;

use super::error::AppError;
use super::types::Session;

/// The session file's name in the data folder.
pub const SESSION_FILE: &str = "session.json";

/// The saved session; `None` when there is none or it cannot be read (a damaged file is set
/// aside as `session.json.bad`, never a reason not to start).
pub fn load(data_dir: &Path) -> Option<Session> {
    let path = data_dir.join(SESSION_FILE);
    let bytes = std::fs::read(&path).ok()?;
    match serde_json::from_slice(&bytes) {
        Ok(session) => Some(session),
        Err(_) => {
            let _ = std::fs::rename(&path, data_dir.join(format!("{SESSION_FILE}.bad")));
            None
        }
    }
}

/// Saves `session` (written to a temporary file, then renamed over the old one).
pub fn save(data_dir: &Path, session: &Session) -> Result<(), AppError> {
    let json = serde_json::to_vec_pretty(session).map_err(|e| AppError::internal(e.to_string()))?;
    let temporary = data_dir.join(format!("{SESSION_FILE}.tmp"));
    let failed = |e: std::io::Error| AppError::store(format!("cannot save the session in {}: {e}", data_dir.display()));
    std::fs::create_dir_all(data_dir).map_err(failed)?;
    std::fs::write(&temporary, json).map_err(failed)?;
    std::fs::rename(&temporary, data_dir.join(SESSION_FILE)).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::types::{FrameworkKey, Location};

    #[test]
    fn a_saved_session_loads_back_and_a_damaged_one_is_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(load(dir.path()), None);
        let key = FrameworkKey { connection: "c".into(), identifier: "d".into() };
        let session = Session {
            framework: Some(key.clone()),
            selected: Some("i".into()),
            expanded: vec![vec!["a".into(), "b".into()]],
            history: vec![Location { key, identifier: "i".into() }],
            history_index: 0,
            ..Session::default()
        };
        save(dir.path(), &session).unwrap();
        assert_eq!(load(dir.path()), Some(session.clone()));
        // A session saved before the graph's explorations and the view were kept still loads.
        let older = r#"{"framework":null,"selected":null,"expanded":[],"history":[],"historyIndex":0}"#;
        std::fs::write(dir.path().join(SESSION_FILE), older).unwrap();
        assert_eq!(load(dir.path()), Some(Session::default()));
        std::fs::write(dir.path().join(SESSION_FILE), "{not json").unwrap();
        assert_eq!(load(dir.path()), None);
        assert!(dir.path().join("session.json.bad").exists());
    }
}
