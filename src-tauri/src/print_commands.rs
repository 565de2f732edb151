//! Commands for printing a framework, a subtree, a search's results or a crosswalk (a
//! `PrintSource`): the preview's document (its first items),
//! Save as PDF into the file the user chose (the hidden print view printing to a file, then the
//! pages numbered), and Print… through the system's dialog (the same PDF, sent to the printer
//! chosen there: [`crate::print_dialog`]). Thin adapters over
//! `cairn_explorer::app`'s print module and [`crate::print_view`].

use cairn_explorer::app::{
    AppError, ErrorCode, ExportDone, FileGrants, GrantAccess, PrintColumns, PrintPreview, PrintSource, Progress,
    keep_print_pages, print_stage,
};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::AppState;
use crate::commands::to_channel;
use crate::print_bundle::BUNDLE;
use crate::print_dialog;
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
    app.app()?.save_print_pdf(source, columns, BUNDLE, path, &report, PrintView::open(&handle)?.renderer()).await
}

/// `source` through the system's print dialog: the printer chosen first, then the same numbered
/// PDF as Save as PDF made in a temporary folder (with progress; cancel it as task `export`) and
/// sent to it — only the pages asked for there. Whether the user printed (`false` when they closed the dialog).
#[tauri::command]
pub async fn print_dialog<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, AppState>,
    source: PrintSource,
    columns: PrintColumns,
    on_progress: Channel<Progress>,
) -> Result<bool, AppError> {
    let app = app.app()?;
    let report = to_channel(&on_progress);
    let title = app.print_title(&source).await?;
    report(print_stage::began(print_stage::CHOOSING));
    let Some(printer) = print_dialog::choose_printer(&handle, app.data_dir(), &title).await? else {
        return Ok(false);
    };
    let folder = tempfile::Builder::new()
        .prefix("cairn-print-")
        .tempdir()
        .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot make a temporary folder to print in: {e}")))?;
    let pdf = folder.path().join("print.pdf");
    app.save_print_pdf(source, columns, BUNDLE, pdf.clone(), &report, PrintView::open(&handle)?.renderer()).await?;
    if let Some(pages) = printer.pages.clone() {
        keep_print_pages(pdf.clone(), pages).await?;
    }
    report(print_stage::began(print_stage::SENDING));
    log::info!("sending {} to the printer {}", pdf.display(), printer.printer);
    print_dialog::send_pdf(printer, pdf, &title).await?;
    Ok(true)
}
