//! Commands for files in and out: imports (with their warnings' rows and `cairn check` of a
//! file) and exports to the path a save dialog chose. Thin adapters over `cairn_explorer::app`.

use std::path::PathBuf;

use cairn_explorer::app::{
    AppError, BundleRow, ExportDone, FileCheck, FrameworkKey, ImportSummary, Progress, WorkbookSheet,
};
use tauri::State;
use tauri::ipc::Channel;

use crate::AppState;

/// Imports CASE package files and OneRoster CSV bundles under `connection`, with progress;
/// with `force`, an older package replaces a newer cached copy. Cancel it as task `import`.
#[tauri::command]
pub async fn import_files(
    app: State<'_, AppState>,
    connection: String,
    paths: Vec<String>,
    force: bool,
    on_progress: Channel<Progress>,
) -> Result<ImportSummary, AppError> {
    let paths = paths.into_iter().map(PathBuf::from).collect();
    app.app()?
        .import_files(connection, paths, force, &|progress| {
            let _ = on_progress.send(progress);
        })
        .await
}

/// The row of a bundle's file that an import warning names.
#[tauri::command]
pub async fn import_row(
    app: State<'_, AppState>,
    path: String,
    file: String,
    line: u64,
) -> Result<BundleRow, AppError> {
    app.app()?.import_row(PathBuf::from(path), file, line).await
}

/// `cairn check` of JSON files.
#[tauri::command]
pub async fn check_files(app: State<'_, AppState>, paths: Vec<String>) -> Result<Vec<FileCheck>, AppError> {
    app.app()?.check_files(paths.into_iter().map(PathBuf::from).collect()).await
}

/// A framework, or the subtree under `subtree`, as CSV into `path`; cancel it as task `export`.
#[tauri::command]
pub async fn export_framework_csv(
    app: State<'_, AppState>,
    key: FrameworkKey,
    subtree: Option<String>,
    path: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    app.app()?
        .export_framework_csv(key, subtree, PathBuf::from(path), &|progress| {
            let _ = on_progress.send(progress);
        })
        .await
}

/// A framework, or the subtree under `subtree`, as a workbook (`.xlsx`) into `path`; cancel it as
/// task `export`.
#[tauri::command]
pub async fn export_framework_xlsx(
    app: State<'_, AppState>,
    key: FrameworkKey,
    subtree: Option<String>,
    path: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    app.app()?
        .export_framework_xlsx(key, subtree, PathBuf::from(path), &|progress| {
            let _ = on_progress.send(progress);
        })
        .await
}

/// Tables the window shows (a crosswalk's pairs, a roster's classes) as a workbook into `path`.
#[tauri::command]
pub async fn write_workbook(
    app: State<'_, AppState>,
    path: String,
    sheets: Vec<WorkbookSheet>,
) -> Result<ExportDone, AppError> {
    app.app()?.write_workbook(PathBuf::from(path), sheets).await
}

/// A framework as a CASE package file into `path`.
#[tauri::command]
pub async fn export_framework_package(
    app: State<'_, AppState>,
    key: FrameworkKey,
    path: String,
) -> Result<ExportDone, AppError> {
    app.app()?.export_framework_package(key, PathBuf::from(path)).await
}

/// A connection's rosters as a zipped OneRoster 1.2 CSV bundle into `path`; cancel it as task `export`.
#[tauri::command]
pub async fn export_rosters(
    app: State<'_, AppState>,
    connection: String,
    path: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    app.app()?
        .export_rosters(connection, PathBuf::from(path), &|progress| {
            let _ = on_progress.send(progress);
        })
        .await
}

/// Bytes the window made (a graph's PNG or SVG, a crosswalk's CSV) into `path`.
#[tauri::command]
pub async fn write_file(app: State<'_, AppState>, path: String, bytes: Vec<u8>) -> Result<ExportDone, AppError> {
    app.app()?.write_file(PathBuf::from(path), bytes).await
}
