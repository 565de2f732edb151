//! What the Settings area's About says: the release, the commit it was built from, and where
//! this window keeps its data (so that a user can tell support which build and which folder).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::App;

/// The app's About.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct About {
    /// The release (the workspace's version, which the packages carry too).
    pub version: String,
    /// The commit the app was built from, or `unknown`.
    pub commit: String,
    /// The data folder this window reads and writes.
    pub data_folder: String,
}

impl App {
    /// The About of a binary of release `version` built from `commit` (the shell knows both).
    pub fn about(&self, version: &str, commit: &str) -> About {
        About {
            version: version.to_owned(),
            commit: commit.to_owned(),
            data_folder: self.data_dir().display().to_string(),
        }
    }
}
