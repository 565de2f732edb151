//! Commands for files in and out: imports (with their warnings' rows and `cairn check` of a
//! file) and exports. Each takes the grant of a file the user chose (`file_dialogs`), never a
//! path. Thin adapters over `cairn_explorer::app`.

use cairn_explorer::app::{
    AppError, BundleRow, ExportDone, FileCheck, FileGrants, FrameworkKey, GrantAccess, ImportSummary, Progress,
    WorkbookSheet,
};
use tauri::State;
use tauri::ipc::Channel;

use crate::AppState;
use crate::commands::to_channel;

/// Imports the CASE package files and OneRoster CSV bundles of `grants` under `connection`, with
/// progress; with `force`, an older package replaces a newer cached copy. Cancel it as task
/// `import`.
#[tauri::command]
pub async fn import_files(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    connection: String,
    grants: Vec<String>,
    force: bool,
    on_progress: Channel<Progress>,
) -> Result<ImportSummary, AppError> {
    let paths = files.paths(&grants, GrantAccess::Read)?;
    app.app()?.import_files(connection, paths, force, &to_channel(&on_progress)).await
}

/// The row of a chosen bundle's file that an import warning names.
#[tauri::command]
pub async fn import_row(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    grant: String,
    file: String,
    line: u64,
) -> Result<BundleRow, AppError> {
    app.app()?.import_row(files.path(&grant, GrantAccess::Read)?, file, line).await
}

/// `cairn check` of chosen JSON files.
#[tauri::command]
pub async fn check_files(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    grants: Vec<String>,
) -> Result<Vec<FileCheck>, AppError> {
    app.app()?.check_files(files.paths(&grants, GrantAccess::Read)?).await
}

/// A framework, or the subtree under `subtree`, as CSV into the chosen file; cancel it as task
/// `export`.
#[tauri::command]
pub async fn export_framework_csv(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    key: FrameworkKey,
    subtree: Option<String>,
    grant: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    let path = files.path(&grant, GrantAccess::Write)?;
    app.app()?.export_framework_csv(key, subtree, path, &to_channel(&on_progress)).await
}

/// A framework, or the subtree under `subtree`, as a workbook (`.xlsx`) into the chosen file;
/// cancel it as task `export`.
#[tauri::command]
pub async fn export_framework_xlsx(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    key: FrameworkKey,
    subtree: Option<String>,
    grant: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    let path = files.path(&grant, GrantAccess::Write)?;
    app.app()?.export_framework_xlsx(key, subtree, path, &to_channel(&on_progress)).await
}

/// Tables the window shows (a crosswalk's pairs, a roster's classes) as a workbook into the
/// chosen file.
#[tauri::command]
pub async fn write_workbook(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    grant: String,
    sheets: Vec<WorkbookSheet>,
) -> Result<ExportDone, AppError> {
    app.app()?.write_workbook(files.path(&grant, GrantAccess::Write)?, sheets).await
}

/// A framework as a CASE package file into the chosen file.
#[tauri::command]
pub async fn export_framework_package(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    key: FrameworkKey,
    grant: String,
) -> Result<ExportDone, AppError> {
    app.app()?.export_framework_package(key, files.path(&grant, GrantAccess::Write)?).await
}

/// A connection's rosters as a zipped OneRoster 1.2 CSV bundle into the chosen file; cancel it
/// as task `export`.
#[tauri::command]
pub async fn export_rosters(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    connection: String,
    grant: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    let path = files.path(&grant, GrantAccess::Write)?;
    app.app()?.export_rosters(connection, path, &to_channel(&on_progress)).await
}

/// Bytes the window made (a graph's PNG or SVG, a crosswalk's CSV) into the chosen file.
#[tauri::command]
pub async fn write_file(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    grant: String,
    bytes: Vec<u8>,
) -> Result<ExportDone, AppError> {
    app.app()?.write_file(files.path(&grant, GrantAccess::Write)?, bytes).await
}
