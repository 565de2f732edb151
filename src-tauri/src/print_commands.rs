//! Commands for printing a framework or a subtree: the preview's document (its first items),
//! Save as PDF into the file the user chose (the hidden print view printing to a file, then the
//! pages numbered), and Print… through the system's dialog. Thin adapters over
//! `cairn_explorer::app`'s print module and [`crate::print_view`].

use cairn_explorer::app::{
    AppError, ExportDone, FileGrants, FrameworkKey, GrantAccess, PrintColumns, PrintPreview, Progress, print_stage,
};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::AppState;
use crate::commands::to_channel;
use crate::print_bundle::BUNDLE;
use crate::print_view::PrintView;

/// The preview of the framework's (or the subtree's) print document with `columns`.
#[tauri::command]
pub async fn print_preview(
    app: State<'_, AppState>,
    key: FrameworkKey,
    subtree: Option<String>,
    columns: PrintColumns,
) -> Result<PrintPreview, AppError> {
    app.app()?.print_preview(key, subtree, columns).await
}

/// The framework (or the subtree) printed as a PDF into the chosen file, with progress in
/// stages; cancel it as task `export`.
#[allow(clippy::too_many_arguments)] // The app's state, the print's inputs, the file, and the window's progress.
#[tauri::command]
pub async fn save_pdf<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    key: FrameworkKey,
    subtree: Option<String>,
    columns: PrintColumns,
    grant: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    let path = files.path(&grant, GrantAccess::Write)?;
    let report = to_channel(&on_progress);
    let view = PrintView::open(&handle)?;
    let view = &view;
    app.app()?
        .save_print_pdf(key, subtree, columns, BUNDLE, path, &report, |job| async move {
            let cancelled = || job.cancel.is_cancelled();
            view.load(job.html, &cancelled).await?;
            view.print_to_pdf(&job.pdf, &cancelled).await
        })
        .await
}

/// The framework (or the subtree) through the system's print dialog: whether the user printed.
#[tauri::command]
pub async fn print_dialog<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, AppState>,
    key: FrameworkKey,
    subtree: Option<String>,
    columns: PrintColumns,
    on_progress: Channel<Progress>,
) -> Result<bool, AppError> {
    let report = to_channel(&on_progress);
    let html = app.app()?.print_html(key, subtree, columns, BUNDLE, &report).await?;
    report(print_stage::began(print_stage::LAYING_OUT));
    let never = || false;
    let view = PrintView::open(&handle)?;
    view.load(html, &never).await?;
    view.print_with_dialog().await
}
