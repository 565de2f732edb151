//! Printing a framework, one of its subtrees, a search's results or a crosswalk
//! ([`PrintSource`]): the print document's model for the window's
//! preview (its first items), and the whole document saved as a PDF. The PDF is laid out and
//! printed by a web view (the shell's: WebKit prints the same HTML file `cairn export --format
//! html` writes, with the window's own renderer), handed the file to load as a [`PrintJob`];
//! this module numbers the pages it printed and moves the file into place only when whole.
//! Task `export`, with progress in stages; cancel it by name.

use std::future::Future;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::App;
use super::error::{AppError, ErrorCode};
use super::exports_to_file::{ExportDone, write_whole};
use super::print_sources::{PrintSource, crosswalk_document, print_title, search_document};
use super::relay::{sender, with_progress};
use cairn_files::export::Source;
use cairn_files::export::print::{
    PrintBundle, PrintColumns, PrintDocument, PrintMedia, PrintPart, keep_pages, number_pages, print_document,
    print_part_html,
};
use cairn_files::progress::{Cancel, OnProgress, Progress, task};
use cairn_views::resolve_connection;

/// Items the preview shows at most (the PDF has them all).
pub const PREVIEW_ITEMS: usize = 300;

/// Items a part of a PDF has at most: a longer document prints a part at a time. WebKit's
/// printing of a page slows with the document's length, so the 20,000-item framework printed
/// whole took 58 s and 990 MB; in parts of 2,500 items, 35 s and 357 MB; with nothing laid out
/// for the screen, parts of 2,500 took 28 s and parts of 1,250 24 s (2026-11-30, a quiet
/// machine, docs/performance.md). Each part loads the renderer and its fonts again (about
/// 1 MB) and embeds the fonts again, which smaller parts pay more often: parts of 625 gained
/// nothing over 1,250.
pub const PART_ITEMS: usize = 1_250;

/// The stages a PDF goes through, as its progress reports name them.
pub mod print_stage {
    /// The system's print dialog open, for the user to choose a printer.
    pub const CHOOSING: &str = "Choosing a printer";
    /// Building the document's model from the cache.
    pub const BUILDING: &str = "Building the document";
    /// The web view laying the document out.
    pub const LAYING_OUT: &str = "Laying out";
    /// The web view printing it to files, a part at a time (the items printed as the count).
    pub const WRITING: &str = "Writing the PDF";
    /// The running header and page numbers added.
    pub const NUMBERING: &str = "Numbering the pages";
    /// The numbered PDF handed to the printer chosen in the system's print dialog.
    pub const SENDING: &str = "Sending to the printer";

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

/// What the web view is asked to print, once a part: the part's self-contained HTML, the file to
/// print it into (in a temporary folder; the parts are joined, numbered and moved into place
/// afterwards), and the task's cancel, to stop while waiting.
pub struct PrintJob {
    /// The HTML file's text.
    pub html: String,
    /// Where the web view writes the PDF.
    pub pdf: PathBuf,
    /// The task's cancel.
    pub cancel: Cancel,
}

impl App {
    /// The print document of `source` with `columns`.
    pub async fn print_document(
        &self,
        source: PrintSource,
        columns: PrintColumns,
        progress: OnProgress<'_>,
    ) -> Result<PrintDocument, AppError> {
        let running = self.tasks.begin(task::EXPORT.as_str());
        self.build_print(source, columns, progress, running.cancel().clone()).await
    }

    /// The preview of the print document: its first [`PREVIEW_ITEMS`] items. The whole
    /// document is kept for the print that usually follows (see [`App::save_print_pdf`]).
    pub async fn print_preview(&self, source: PrintSource, columns: PrintColumns) -> Result<PrintPreview, AppError> {
        let running = self.tasks.begin(task::EXPORT.as_str());
        let document = self.kept_or_built(source, columns, &|_| (), running.cancel().clone()).await?;
        let total = document.items.iter().filter(|item| !item.heading).count() as u64;
        Ok(PrintPreview { document: document.slice(0..PREVIEW_ITEMS.min(document.items.len())), total })
    }

    /// The title `source`'s document carries (a print job's name), without building it.
    pub async fn print_title(&self, source: &PrintSource) -> Result<String, AppError> {
        let source = source.clone();
        self.cache.read(move |conn| print_title(conn, &source)).await
    }

    /// The print document of `source` with `columns`: the one the last build kept when the
    /// cache has not changed since (the preview's, for the print that follows it), else built
    /// now and kept.
    async fn kept_or_built(
        &self,
        source: PrintSource,
        columns: PrintColumns,
        progress: OnProgress<'_>,
        cancel: Cancel,
    ) -> Result<Arc<PrintDocument>, AppError> {
        if let Some(document) = self.print_memo.get(&source, columns) {
            return Ok(document);
        }
        let generation = self.print_memo.generation();
        let document = Arc::new(self.build_print(source.clone(), columns, progress, cancel).await?);
        self.print_memo.keep(source, columns, generation, document.clone());
        Ok(document)
    }

    /// The print document of `source`, built while the task `cancel` belongs to runs: a
    /// framework from the cache in the plan's order (reporting its items done, stage
    /// [`print_stage::BUILDING`]), a search's results, or a crosswalk computed as the window's.
    async fn build_print(
        &self,
        source: PrintSource,
        columns: PrintColumns,
        progress: OnProgress<'_>,
        cancel: Cancel,
    ) -> Result<PrintDocument, AppError> {
        match source {
            PrintSource::Framework { key, subtree } => {
                let cache = self.cache.clone();
                with_progress(progress, move |reports| {
                    let report = sender(&reports);
                    let relabel = |p: Progress| report(Progress { stage: print_stage::BUILDING.to_owned(), ..p });
                    cache.read_blocking(|conn| {
                        let source =
                            Source { id: resolve_connection(conn, &key.connection)?, name: key.connection.clone() };
                        Ok(print_document(
                            conn,
                            &source,
                            &key.identifier,
                            subtree.as_deref(),
                            columns,
                            &relabel,
                            &cancel,
                        )?)
                    })
                })
                .await
            }
            PrintSource::Search { query, limit } => {
                progress(print_stage::began(print_stage::BUILDING));
                self.cache.read(move |conn| search_document(conn, &query, limit, columns)).await
            }
            PrintSource::Crosswalk { from, to, association_type, subtree } => {
                progress(print_stage::began(print_stage::BUILDING));
                let report = self.crosswalk(from, to).await?;
                Ok(crosswalk_document(&report, association_type.as_deref(), subtree.as_deref()))
            }
        }
    }

    /// `source` as a PDF into `path`: the document built (or the one its preview built, kept),
    /// `render` (the web view) printing it in parts — the title page and contents, then
    /// [`PART_ITEMS`] items at a time, each an
    /// HTML file (around `bundle`) printed into a file of a temporary folder — then the parts
    /// joined and every page given the running header and its number, and the whole moved onto
    /// `path`. WebKit's pagination slows down with the document's length, so the parts keep it
    /// fast and its memory bounded; they also give the progress its count (items printed) and
    /// the cancel its chance between parts. A part begins on a new page. `render` is dropped once
    /// the parts are printed (so its web view can close before the numbering). Nothing is left
    /// behind on a cancel or a failure: the parts' folder goes with the task.
    pub async fn save_print_pdf<F, Fut>(
        &self,
        source: PrintSource,
        columns: PrintColumns,
        bundle: PrintBundle<'static>,
        path: PathBuf,
        progress: OnProgress<'_>,
        mut render: F,
    ) -> Result<ExportDone, AppError>
    where
        F: FnMut(PrintJob) -> Fut,
        Fut: Future<Output = Result<(), AppError>>,
    {
        let running = self.tasks.begin(task::EXPORT.as_str());
        let cancel = running.cancel().clone();
        let started = std::time::Instant::now();
        let document = self.kept_or_built(source, columns, progress, cancel.clone()).await?;
        if path.parent().is_none_or(|p| p.as_os_str().is_empty()) {
            return Err(AppError::new(ErrorCode::Invalid, format!("{}: choose a file in a folder", path.display())));
        }
        let folder = tempfile::Builder::new()
            .prefix("cairn-print-")
            .tempdir()
            .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot make a temporary folder to print in: {e}")))?;
        let built = started.elapsed();
        let (entries, rows) =
            (document.items.len() as u64, document.items.iter().filter(|item| !item.heading).count() as u64);
        let bundle = bundle.prepare();
        let mut parts = Vec::new();
        for (n, part) in parts_of(&document).into_iter().enumerate() {
            let first = part.first;
            stop_if(&cancel)?;
            let done = u64::from(first);
            progress(Progress::new(task::EXPORT, print_stage::WRITING, done, Some(entries)));
            let html = match (part.front, part.items) {
                // The title page and contents alone: the items the contents list, not all.
                (_, false) => {
                    let (part, contents) = PrintPart::contents(&document);
                    print_part_html(&contents, part, &bundle, PrintMedia::PrintOnly)
                }
                (true, true) => print_part_html(&document, part, &bundle, PrintMedia::PrintOnly),
                (false, true) => {
                    let first = first as usize;
                    let end = (first + PART_ITEMS).min(document.items.len());
                    print_part_html(&document.slice(first..end), part, &bundle, PrintMedia::PrintOnly)
                }
            }
            .map_err(|e| AppError::new(ErrorCode::Internal, format!("cannot write the print document: {e}")))?;
            let pdf = folder.path().join(format!("part-{n:05}.pdf"));
            render(PrintJob { html, pdf: pdf.clone(), cancel: cancel.clone() }).await?;
            parts.push(pdf);
        }
        // The web view goes before the numbering, which holds every part at once: the two
        // never add up in memory.
        drop(render);
        stop_if(&cancel)?;
        let rendered = started.elapsed();
        progress(print_stage::began(print_stage::NUMBERING));
        let header = match &document.scope {
            Some(scope) => format!("{} — {scope}", document.title),
            None => document.title.clone(),
        };
        let count = parts.len();
        drop(document);
        cairn_store::cache::blocking(move || {
            let raw = parts
                .iter()
                .map(|part| {
                    std::fs::read(part).map_err(|e| {
                        AppError::new(ErrorCode::Io, format!("the web view printed no PDF to {}: {e}", part.display()))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let (pdf, pages) = number_pages(&raw, &header)?;
            drop(raw);
            stop_if(&cancel)?;
            let bytes = write_whole(&path, |out| {
                out.write_all(&pdf)
                    .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot write {}: {e}", path.display())))
            })?;
            drop(folder);
            let (total, numbering) = (started.elapsed(), started.elapsed().saturating_sub(rendered));
            log::info!(
                "printed {rows} items in {count} parts on {pages} pages into {} in {total:.1?}: building {built:.1?}, \
                 laying out and printing {:.1?}, joining, numbering and writing {numbering:.1?}",
                path.display(),
                rendered.saturating_sub(built),
            );
            Ok(ExportDone { path: path.display().to_string(), rows, bytes })
        })
        .await
    }
}

/// Keeps only the pages of the PDF at `path` within `ranges` (numbered from 1, as a print
/// dialog's page ranges), in place: how many pages it kept. Their running header and numbers
/// stay those of the whole document.
pub async fn keep_print_pages(path: PathBuf, ranges: Vec<RangeInclusive<u32>>) -> Result<u32, AppError> {
    cairn_store::cache::blocking(move || {
        let pdf = std::fs::read(&path)
            .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot read {}: {e}", path.display())))?;
        let (kept, count) = keep_pages(&pdf, &ranges)?;
        std::fs::write(&path, kept)
            .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot write {}: {e}", path.display())))?;
        Ok(count)
    })
    .await
}

/// The parts `document` prints in: all of it as one when it has at most [`PART_ITEMS`] items,
/// else the title page and contents, then its items [`PART_ITEMS`] at a time.
fn parts_of(document: &PrintDocument) -> Vec<PrintPart> {
    if document.items.len() <= PART_ITEMS {
        return vec![PrintPart::whole(document)];
    }
    let items = (0..document.items.len()).step_by(PART_ITEMS).map(|first| PrintPart::items(document, first));
    std::iter::once(PrintPart::front(document)).chain(items).collect()
}

/// `Err(cancelled)` once `cancel` fired.
fn stop_if(cancel: &Cancel) -> Result<(), AppError> {
    match cancel.is_cancelled() {
        true => Err(AppError::cancelled("the export was cancelled; nothing was written")),
        false => Ok(()),
    }
}
