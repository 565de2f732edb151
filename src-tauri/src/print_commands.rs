//! Commands for printing a framework, a subtree, a search's results or a crosswalk (a
//! `PrintSource`): the preview's document (its first items),
//! Save as PDF into the file the user chose (the hidden print view printing to a file, then the
//! pages numbered), and Print… through the system's dialog. Thin adapters over
//! `cairn_explorer::app`'s print module and [`crate::print_view`].

use cairn_explorer::app::{
    AppError, ExportDone, FileGrants, GrantAccess, PrintColumns, PrintPreview, PrintSource, Progress, print_stage,
};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::AppState;
use crate::commands::to_channel;
use crate::print_bundle::BUNDLE;
use crate::print_view::PrintView;

/// The preview of `source`'s print document with `columns`.
#[tauri::command]
pub async fn print_preview(
    app: State<'_, AppState>,
    source: PrintSource,
    columns: PrintColumns,
) -> Result<PrintPreview, AppError> {
    app.app()?.print_preview(source, columns).await
}

/// `source` printed as a PDF into the chosen file, with progress in stages; cancel it as task
/// `export`.
#[tauri::command]
pub async fn save_pdf<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    source: PrintSource,
    columns: PrintColumns,
    grant: String,
    on_progress: Channel<Progress>,
) -> Result<ExportDone, AppError> {
    let path = files.path(&grant, GrantAccess::Write)?;
    let report = to_channel(&on_progress);
    let view = PrintView::open(&handle)?;
    let view = &view;
    app.app()?
        .save_print_pdf(source, columns, BUNDLE, path, &report, |job| async move {
            let cancelled = || job.cancel.is_cancelled();
            view.load(job.html, &cancelled).await?;
            view.print_to_pdf(&job.pdf, &cancelled).await
        })
        .await
}

/// `source` through the system's print dialog: whether the user printed.
#[tauri::command]
pub async fn print_dialog<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, AppState>,
    source: PrintSource,
    columns: PrintColumns,
    on_progress: Channel<Progress>,
) -> Result<bool, AppError> {
    let report = to_channel(&on_progress);
    let html = app.app()?.print_html(source, columns, BUNDLE, &report).await?;
    report(print_stage::began(print_stage::LAYING_OUT));
    let never = || false;
    let view = PrintView::open(&handle)?;
    view.load(html, &never).await?;
    view.print_with_dialog().await
}
