//! The Settings area's commands: the settings read and saved, the build's About, and the cache
//! emptied — each a thin async adapter over [`cairn_explorer::app::App`].

use cairn_explorer::app::{About, AppError, AppSettings};
use tauri::State;

use crate::commands::AppState;

/// The app's settings.
#[tauri::command]
pub async fn settings_load(app: State<'_, AppState>) -> Result<AppSettings, AppError> {
    app.app()?.settings().await
}

/// Saves the app's settings.
#[tauri::command]
pub async fn settings_save(app: State<'_, AppState>, settings: AppSettings) -> Result<(), AppError> {
    app.app()?.settings_save(settings).await
}

/// The About of this build: its release, its commit and the data folder.
#[tauri::command]
pub fn about(app: State<'_, AppState>) -> Result<About, AppError> {
    Ok(app.app()?.about(cairn_build_info::VERSION, cairn_build_info::COMMIT))
}

/// Empties the cache (saved connections and settings stay); refused (`unsent`) while there are
/// unsent gradebook changes, unless `discard_unsent`.
#[tauri::command]
pub async fn reset_cache(app: State<'_, AppState>, discard_unsent: Option<bool>) -> Result<(), AppError> {
    app.app()?.reset_cache(discard_unsent.unwrap_or(false)).await
}
