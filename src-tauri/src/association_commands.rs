//! The command that says what association types mean: a thin adapter over
//! [`cairn_explorer::app::App::association_types`].

use cairn_explorer::app::{AppError, AssociationTypeInfo, FrameworkKey};
use tauri::State;

use crate::AppState;

/// The ten defined association types with the specification's meaning; with `key`, then the
/// other types that framework uses, with the definition it gives them, if any.
#[tauri::command]
pub async fn association_types(
    app: State<'_, AppState>,
    key: Option<FrameworkKey>,
) -> Result<Vec<AssociationTypeInfo>, AppError> {
    app.app()?.association_types(key).await
}
