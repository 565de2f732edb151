//! The gradebook's commands: each a thin async adapter over the gradebook functions of
//! [`cairn_explorer::app::App`], answering `{code, message, detail}` on failure.

use cairn_explorer::app::{
    AppError, CellEdit, CellSave, ClassGradebook, OutboxItem, ResultsPost, SendReport, UnsentCount, WriteAccess,
};
use serde_json::Value;
use tauri::State;

use crate::commands::AppState;

/// A class's gradebook, unsent writes laid over what the server holds.
#[tauri::command]
pub async fn gradebook_class(
    app: State<'_, AppState>,
    connection: String,
    class_id: String,
) -> Result<ClassGradebook, AppError> {
    app.app()?.gradebook_class(connection, class_id).await
}

/// Whether writes may be made to a connection, and why not.
#[tauri::command]
pub async fn gradebook_access(app: State<'_, AppState>, connection: String) -> Result<WriteAccess, AppError> {
    app.app()?.gradebook_access(connection).await
}

/// A cell's edit, checked and stored for sending.
#[tauri::command]
pub async fn gradebook_save_cell(
    app: State<'_, AppState>,
    connection: String,
    edit: CellEdit,
) -> Result<CellSave, AppError> {
    app.app()?.gradebook_save_cell(connection, edit).await
}

/// New results of one line item's cells, checked and stored as one bulk POST.
#[tauri::command]
pub async fn gradebook_post_results(
    app: State<'_, AppState>,
    connection: String,
    edits: Vec<CellEdit>,
    label: String,
) -> Result<ResultsPost, AppError> {
    app.app()?.gradebook_post_results(connection, edits, label).await
}

/// A PUT of one record stored for sending.
#[tauri::command]
pub async fn gradebook_put(
    app: State<'_, AppState>,
    connection: String,
    collection: String,
    record: Value,
    label: String,
) -> Result<i64, AppError> {
    app.app()?.gradebook_put(connection, collection, record, label).await
}

/// A bulk POST stored for sending.
#[tauri::command]
pub async fn gradebook_post(
    app: State<'_, AppState>,
    connection: String,
    operation: String,
    parent: String,
    records: Vec<Value>,
    label: String,
) -> Result<i64, AppError> {
    app.app()?.gradebook_post(connection, operation, parent, records, label).await
}

/// A DELETE stored for sending.
#[tauri::command]
pub async fn gradebook_delete(
    app: State<'_, AppState>,
    connection: String,
    collection: String,
    id: String,
    label: String,
) -> Result<i64, AppError> {
    app.app()?.gradebook_delete(connection, collection, id, label).await
}

/// Sends a connection's pending writes.
#[tauri::command]
pub async fn gradebook_send(app: State<'_, AppState>, connection: String) -> Result<SendReport, AppError> {
    app.app()?.gradebook_send(connection).await
}

/// The writes made from this computer (the audit), or only the unsent ones.
#[tauri::command]
pub async fn gradebook_outbox(
    app: State<'_, AppState>,
    connection: Option<String>,
    unsent_only: bool,
) -> Result<Vec<OutboxItem>, AppError> {
    app.app()?.gradebook_outbox(connection, unsent_only).await
}

/// Unsent writes per connection.
#[tauri::command]
pub async fn gradebook_unsent(app: State<'_, AppState>) -> Result<Vec<UnsentCount>, AppError> {
    app.app()?.gradebook_unsent().await
}

/// Puts a failed write back in line (with a new body when given).
#[tauri::command]
pub async fn gradebook_retry(app: State<'_, AppState>, id: i64, body: Option<Value>) -> Result<bool, AppError> {
    app.app()?.gradebook_retry(id, body).await
}

/// Gives up an unsent write.
#[tauri::command]
pub async fn gradebook_discard(app: State<'_, AppState>, id: i64) -> Result<bool, AppError> {
    app.app()?.gradebook_discard(id).await
}

/// A new identifier (UUID).
#[tauri::command]
pub async fn gradebook_new_id(app: State<'_, AppState>) -> Result<String, AppError> {
    Ok(app.app()?.new_uuid())
}
