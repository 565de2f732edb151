//! Printing a framework or one of its subtrees: the print document's model for the window's
//! preview (its first items), and the whole document saved as a PDF. The PDF is laid out and
//! printed by a web view (the shell's: WebKit prints the same HTML file `cairn export --format
//! html` writes, with the window's own renderer), handed the file to load as a [`PrintJob`];
//! this module numbers the pages it printed and moves the file into place only when whole.
//! Task `export`, with progress in stages; cancel it by name.

use std::future::Future;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::error::{AppError, ErrorCode};
use super::exports_to_file::{ExportDone, write_whole};
use super::relay::{sender, with_progress};
use super::{App, FrameworkKey};
use cairn_files::export::Source;
use cairn_files::export::print::{PrintBundle, PrintColumns, PrintDocument, number_pages, print_document, print_html};
use cairn_files::progress::{Cancel, OnProgress, Progress, task};
use cairn_views::resolve_connection;

/// Items the preview shows at most (the PDF has them all).
pub const PREVIEW_ITEMS: usize = 300;

/// The stages a PDF goes through, as its progress reports name them.
pub mod print_stage {
    /// Building the document's model from the cache.
    pub const BUILDING: &str = "Building the document";
    /// The web view laying the document out.
    pub const LAYING_OUT: &str = "Laying out";
    /// The web view printing it to a file.
    pub const WRITING: &str = "Writing the PDF";
    /// The running header and page numbers added.
    pub const NUMBERING: &str = "Numbering the pages";

    /// The report that `stage` began (task `export`, no count).
    pub fn began(stage: &str) -> cairn_files::progress::Progress {
        cairn_files::progress::Progress::new(cairn_files::progress::task::EXPORT, stage, 0, None)
    }
}

/// The preview of a print document: its first [`PREVIEW_ITEMS`] items, and how many it has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PrintPreview {
    /// The document, cut to its first items.
    pub document: PrintDocument,
    /// Its items in all.
    #[ts(type = "number")]
    pub total: u64,
}

/// What the web view is asked to print: the document's self-contained HTML, the file to print
/// it into (beside the destination, numbered and moved into place afterwards), and the task's
/// cancel, to stop between its stages.
pub struct PrintJob {
    /// The HTML file's text.
    pub html: String,
    /// Where the web view writes the PDF.
    pub pdf: PathBuf,
    /// The task's cancel.
    pub cancel: Cancel,
}

impl App {
    /// The print document of the framework `key` (or of the subtree under the item `subtree`)
    /// with `columns`.
    pub async fn print_document(
        &self,
        key: FrameworkKey,
        subtree: Option<String>,
        columns: PrintColumns,
        progress: OnProgress<'_>,
    ) -> Result<PrintDocument, AppError> {
        self.framework_export(key, progress, move |conn, source, key, report, cancel| {
            Ok(print_document(conn, source, &key.identifier, subtree.as_deref(), columns, report, cancel)?)
        })
        .await
    }

    /// The preview of the print document: its first [`PREVIEW_ITEMS`] items.
    pub async fn print_preview(
        &self,
        key: FrameworkKey,
        subtree: Option<String>,
        columns: PrintColumns,
    ) -> Result<PrintPreview, AppError> {
        let mut document = self.print_document(key, subtree, columns, &|_| ()).await?;
        let total = document.items.len() as u64;
        document.items.truncate(PREVIEW_ITEMS);
        Ok(PrintPreview { document, total })
    }

    /// The print document's HTML file (around the print renderer `bundle`), and its running
    /// header: what the system's print dialog is handed.
    pub async fn print_html(
        &self,
        key: FrameworkKey,
        subtree: Option<String>,
        columns: PrintColumns,
        bundle: PrintBundle<'static>,
        progress: OnProgress<'_>,
    ) -> Result<String, AppError> {
        let document = self.print_document(key, subtree, columns, progress).await?;
        html_of(&document, &bundle)
    }

    /// The framework `key` (or the subtree under `subtree`) as a PDF into `path`: the document
    /// built, `render` (the web view) printing its HTML file (around `bundle`) into the job's
    /// file, then every page given the running header and its number. Progress in the
    /// [`print_stage`]s; the web view's own are the caller's to report.
    #[allow(clippy::too_many_arguments)] // The print's inputs, the renderer, the file, and the window's progress.
    pub async fn save_print_pdf<F, Fut>(
        &self,
        key: FrameworkKey,
        subtree: Option<String>,
        columns: PrintColumns,
        bundle: PrintBundle<'static>,
        path: PathBuf,
        progress: OnProgress<'_>,
        render: F,
    ) -> Result<ExportDone, AppError>
    where
        F: FnOnce(PrintJob) -> Fut,
        Fut: Future<Output = Result<(), AppError>>,
    {
        let running = self.tasks.begin(task::EXPORT.as_str());
        let cancel = running.cancel().clone();
        let cache = self.cache.clone();
        let building = cancel.clone();
        let started = std::time::Instant::now();
        let document = with_progress(progress, move |reports| {
            let report = sender(&reports);
            let relabel = |p: Progress| report(Progress { stage: print_stage::BUILDING.to_owned(), ..p });
            cache.read_blocking(|conn| {
                let source = Source { id: resolve_connection(conn, &key.connection)?, name: key.connection.clone() };
                Ok(print_document(conn, &source, &key.identifier, subtree.as_deref(), columns, &relabel, &building)?)
            })
        })
        .await?;
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).ok_or_else(|| {
            AppError::new(ErrorCode::Invalid, format!("{}: choose a file in a folder", path.display()))
        })?;
        let printed = tempfile::Builder::new()
            .prefix(".cairn-print-")
            .suffix(".pdf")
            .tempfile_in(folder)
            .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot write in {}: {e}", folder.display())))?
            .into_temp_path();
        let html = html_of(&document, &bundle)?;
        let built = started.elapsed();
        render(PrintJob { html, pdf: printed.to_path_buf(), cancel: cancel.clone() }).await?;
        stop_if(&cancel)?;
        let rendered = started.elapsed();
        progress(print_stage::began(print_stage::NUMBERING));
        let header = match &document.scope {
            Some(scope) => format!("{} — {scope}", document.title),
            None => document.title.clone(),
        };
        let rows = document.items.len() as u64;
        drop(document);
        cairn_store::cache::blocking(move || {
            let raw = std::fs::read(&printed).map_err(|e| {
                AppError::new(ErrorCode::Io, format!("the web view printed no PDF to {}: {e}", printed.display()))
            })?;
            let (pdf, pages) = number_pages(&raw, &header)?;
            stop_if(&cancel)?;
            let bytes = write_whole(&path, |out| {
                out.write_all(&pdf)
                    .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot write {}: {e}", path.display())))
            })?;
            let (total, numbering) = (started.elapsed(), started.elapsed().saturating_sub(rendered));
            log::info!(
                "printed {rows} items on {pages} pages into {} in {total:.1?}: building {built:.1?}, laying out and \
                 printing {:.1?}, numbering and writing {numbering:.1?}",
                path.display(),
                rendered.saturating_sub(built),
            );
            Ok(ExportDone { path: path.display().to_string(), rows, bytes })
        })
        .await
    }
}

/// The HTML file of `document` around `bundle`.
fn html_of(document: &PrintDocument, bundle: &PrintBundle<'_>) -> Result<String, AppError> {
    print_html(document, bundle)
        .map_err(|e| AppError::new(ErrorCode::Internal, format!("cannot write the print document: {e}")))
}

/// `Err(cancelled)` once `cancel` fired.
fn stop_if(cancel: &Cancel) -> Result<(), AppError> {
    match cancel.is_cancelled() {
        true => Err(AppError::cancelled("the export was cancelled; nothing was written")),
        false => Ok(()),
    }
}
