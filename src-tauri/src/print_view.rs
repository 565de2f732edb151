//! The hidden web view that prints: a window never shown, whose WebKit view loads a print
//! document's self-contained HTML (the window's own renderer, see ARCHITECTURE.md, *Printing*)
//! and prints it with WebKit's print operation to a PDF file through GTK's print-to-file
//! backend (no print server, no dialog; Print… sends that PDF on, see [`crate::print_dialog`]).
//! Its label is in no capability: the document can call no command.

use std::cell::RefCell;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use cairn_explorer::app::{AppError, ErrorCode, PrintJob};

use crate::main_window::WebviewFolder;
use gtk::glib::SignalHandlerId;
use gtk::prelude::ObjectExt;
use tauri::{Manager, Runtime, WebviewUrl, WebviewWindow, WebviewWindowBuilder};
use tokio::sync::oneshot;
use webkit2gtk::{LoadEvent, PrintOperation, PrintOperationExt, WebViewExt};

/// How long the document may take to load and lay out before printing gives up.
const LOAD_LIMIT: Duration = Duration::from_secs(300);
/// How often a wait looks at the cancel.
const POLL: Duration = Duration::from_millis(150);

/// GTK's print-to-file printer.
const FILE_PRINTER: &str = "Print to File";

static NEXT: AtomicU64 = AtomicU64::new(0);

/// A hidden window that prints the documents it is given to load, one after another; closed
/// when dropped.
pub struct PrintView<R: Runtime> {
    window: WebviewWindow<R>,
}

impl<R: Runtime> PrintView<R> {
    /// A hidden window with nothing loaded yet.
    pub fn open(manager: &impl Manager<R>) -> Result<PrintView<R>, AppError> {
        let label = format!("print-{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let blank = "about:blank".parse().map_err(|e| internal(format!("about:blank: {e}")))?;
        // The main window's storage, so its web context: no second network process.
        let folder = manager.try_state::<WebviewFolder>().map(|folder| folder.inner().clone()).unwrap_or_default();
        let window = folder
            .apply(WebviewWindowBuilder::new(manager, &label, WebviewUrl::External(blank)))
            .title("Cairn print")
            .visible(false)
            .focused(false)
            .skip_taskbar(true)
            .build()
            .map_err(|e| internal(format!("cannot open the print view: {e}")))?;
        Ok(PrintView { window })
    }

    /// The view as the renderer [`App::save_print_pdf`](cairn_explorer::app::App::save_print_pdf)
    /// takes: it prints each job given, and the view closes once the renderer and its last
    /// job's future are dropped.
    pub fn renderer(self) -> impl FnMut(PrintJob) -> Pin<Box<dyn Future<Output = Result<(), AppError>> + Send>>
    where
        R: 'static,
    {
        let view = Arc::new(self);
        move |job| {
            let view = view.clone();
            Box::pin(async move { view.render(job).await })
        }
    }

    /// Prints `job`'s document (a part of a print) into its PDF: loaded, then printed; the
    /// time of each logged.
    pub async fn render(&self, job: PrintJob) -> Result<(), AppError> {
        let cancelled = || job.cancel.is_cancelled();
        let (size, started) = (job.html.len(), std::time::Instant::now());
        self.load(job.html, &cancelled).await?;
        let loaded = started.elapsed();
        self.print_to_pdf(&job.pdf, &cancelled).await?;
        log::info!(
            "print view: {} kB of HTML loaded in {loaded:.1?}, laid out and printed in {:.1?}",
            size / 1024,
            started.elapsed().saturating_sub(loaded)
        );
        Ok(())
    }

    /// Loads and lays out `html` (in place of what the view had); `cancelled` is asked while
    /// waiting.
    pub async fn load(&self, html: String, cancelled: &(dyn Fn() -> bool + Sync)) -> Result<(), AppError> {
        let (done, loaded) = oneshot::channel::<()>();
        self.window
            .with_webview(move |webview| {
                let webview = webview.inner();
                // One handler a load, gone once it answered: the view loads each part in turn.
                let done = RefCell::new(Some(done));
                let handler = Rc::new(RefCell::new(None::<SignalHandlerId>));
                let own = handler.clone();
                let id = webview.connect_load_changed(move |view, event| {
                    if event == LoadEvent::Finished
                        && let Some(done) = done.borrow_mut().take()
                    {
                        let _ = done.send(());
                        if let Some(id) = own.borrow_mut().take() {
                            view.disconnect(id);
                        }
                    }
                });
                handler.replace(Some(id));
                webview.load_html(&html, None);
            })
            .map_err(|e| internal(format!("cannot reach the print view: {e}")))?;
        let limit = tokio::time::Instant::now() + LOAD_LIMIT;
        waited(loaded, cancelled, Some(limit)).await?.map_err(|_| internal("the print view closed while loading"))
    }

    /// Prints the document into `pdf` (GTK's print-to-file backend, no dialog); `cancelled` is
    /// asked while waiting.
    pub async fn print_to_pdf(&self, pdf: &Path, cancelled: &(dyn Fn() -> bool + Sync)) -> Result<(), AppError> {
        let uri = tauri::Url::from_file_path(pdf)
            .map_err(|()| internal(format!("{} is not a file path", pdf.display())))?
            .to_string();
        let (done, printed) = oneshot::channel();
        self.window
            .with_webview(move |webview| {
                let settings = gtk::PrintSettings::new();
                settings.set_printer(FILE_PRINTER);
                settings.set(gtk::PRINT_SETTINGS_OUTPUT_FILE_FORMAT, Some("pdf"));
                settings.set(gtk::PRINT_SETTINGS_OUTPUT_URI, Some(&uri));
                let operation = operation(&webview.inner(), &settings, done);
                operation.print();
            })
            .map_err(|e| internal(format!("cannot reach the print view: {e}")))?;
        waited(printed, cancelled, None).await?.map_err(|_| internal("the print view closed while printing"))?
    }
}

impl<R: Runtime> Drop for PrintView<R> {
    fn drop(&mut self) {
        let _ = self.window.destroy();
    }
}

/// A print operation on `webview` with `settings` on A4 with the print style sheet's margins,
/// answering `done` when it finished or failed. The operation keeps itself alive until then.
fn operation(
    webview: &webkit2gtk::WebView,
    settings: &gtk::PrintSettings,
    done: oneshot::Sender<Result<(), AppError>>,
) -> PrintOperation {
    let operation = PrintOperation::new(webview);
    let page = gtk::PageSetup::new();
    page.set_paper_size(&gtk::PaperSize::new(Some(gtk::PAPER_NAME_A4)));
    page.set_orientation(gtk::PageOrientation::Portrait);
    for (set, mm) in [
        (gtk::PageSetup::set_top_margin as fn(&gtk::PageSetup, f64, gtk::Unit), 20.0),
        (gtk::PageSetup::set_bottom_margin, 18.0),
        (gtk::PageSetup::set_left_margin, 16.0),
        (gtk::PageSetup::set_right_margin, 16.0),
    ] {
        set(&page, mm, gtk::Unit::Mm);
    }
    operation.set_page_setup(&page);
    operation.set_print_settings(settings);
    let done = Rc::new(RefCell::new(Some(done)));
    let kept = Rc::new(RefCell::new(Some(operation.clone())));
    let (on_fail, kept_fail) = (done.clone(), kept.clone());
    operation.connect_failed(move |_, error| {
        if let Some(done) = on_fail.borrow_mut().take() {
            let _ = done.send(Err(AppError::new(ErrorCode::Io, format!("printing failed: {error}"))));
        }
        kept_fail.borrow_mut().take();
    });
    operation.connect_finished(move |_| {
        if let Some(done) = done.borrow_mut().take() {
            let _ = done.send(Ok(()));
        }
        kept.borrow_mut().take();
    });
    operation
}

/// What `answer` answers, looking at `cancelled` meanwhile: `Err(cancelled)` once it says so,
/// an error past `limit`.
async fn waited<T>(
    answer: oneshot::Receiver<T>,
    cancelled: &(dyn Fn() -> bool + Sync),
    limit: Option<tokio::time::Instant>,
) -> Result<Result<T, oneshot::error::RecvError>, AppError> {
    tokio::pin!(answer);
    loop {
        tokio::select! {
            value = &mut answer => return Ok(value),
            () = tokio::time::sleep(POLL) => {
                if cancelled() {
                    return Err(AppError::cancelled("the export was cancelled; nothing was written"));
                }
                if limit.is_some_and(|l| tokio::time::Instant::now() > l) {
                    return Err(internal("the print document took too long to lay out"));
                }
            }
        }
    }
}

fn internal(message: impl Into<String>) -> AppError {
    AppError::new(ErrorCode::Internal, message)
}
