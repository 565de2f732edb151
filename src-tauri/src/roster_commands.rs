//! The roster inspector's commands: each a thin async adapter over the roster functions of
//! [`cairn_explorer::app::App`], answering `{code, message, detail}` on failure.

use cairn_explorer::app::{
    AcademicCalendar, AppError, ClassPage, ClassQuery, ClassTable, DataChecks, DemographicsRecord, RecordPage,
    RosterLevel, RosterScope, RosterSource, UserHit, UserPage,
};
use tauri::State;

use crate::commands::AppState;

/// Every connection with roster data.
#[tauri::command]
pub async fn roster_sources(app: State<'_, AppState>) -> Result<Vec<RosterSource>, AppError> {
    app.app()?.roster_sources().await
}

/// One level of the navigation, with counts.
#[tauri::command]
pub async fn roster_level(
    app: State<'_, AppState>,
    connection: String,
    scope: RosterScope,
) -> Result<RosterLevel, AppError> {
    app.app()?.roster_level(connection, scope).await
}

/// The academic calendar.
#[tauri::command]
pub async fn roster_calendar(app: State<'_, AppState>, connection: String) -> Result<AcademicCalendar, AppError> {
    app.app()?.roster_calendar(connection).await
}

/// The classes table of a scope, filtered and sorted.
#[tauri::command]
pub async fn roster_classes(
    app: State<'_, AppState>,
    connection: String,
    query: ClassQuery,
) -> Result<ClassTable, AppError> {
    app.app()?.roster_classes(connection, query).await
}

/// The class page.
#[tauri::command]
pub async fn roster_class(app: State<'_, AppState>, connection: String, id: String) -> Result<ClassPage, AppError> {
    app.app()?.roster_class(connection, id).await
}

/// The user page.
#[tauri::command]
pub async fn roster_user(app: State<'_, AppState>, connection: String, id: String) -> Result<UserPage, AppError> {
    app.app()?.roster_user(connection, id).await
}

/// Users matching what was typed.
#[tauri::command]
pub async fn roster_search_users(
    app: State<'_, AppState>,
    connection: String,
    query: String,
    limit: u32,
) -> Result<Vec<UserHit>, AppError> {
    app.app()?.roster_search_users(connection, query, limit).await
}

/// A user's demographics, revealed on request where the connection may show them.
#[tauri::command]
pub async fn roster_demographics(
    app: State<'_, AppState>,
    connection: String,
    user: String,
) -> Result<DemographicsRecord, AppError> {
    app.app()?.roster_demographics(connection, user).await
}

/// The data checks.
#[tauri::command]
pub async fn roster_checks(app: State<'_, AppState>, connection: String) -> Result<DataChecks, AppError> {
    app.app()?.roster_checks(connection).await
}

/// Any roster record's page.
#[tauri::command]
pub async fn roster_record(
    app: State<'_, AppState>,
    connection: String,
    collection: String,
    id: String,
) -> Result<RecordPage, AppError> {
    app.app()?.roster_record(connection, collection, id).await
}

/// A class's roster as CSV in the data folder's `exports/`; answers the file's path.
#[tauri::command]
pub async fn roster_export_class(
    app: State<'_, AppState>,
    connection: String,
    class: String,
    demographics: bool,
) -> Result<String, AppError> {
    app.app()?.roster_export_class(connection, class, demographics).await
}
