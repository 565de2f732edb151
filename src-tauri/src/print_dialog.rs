//! Print… through the system's print dialog, on the same paper as Save as PDF: GTK's print dialog
//! (GtkPrintUnixDialog) chooses the printer and its settings, then a print job (GtkPrintJob) sends
//! it the finished, numbered PDF — so the pages carry the running header and page numbers that
//! WebKit's own print operation cannot draw. The settings chosen are kept in the data folder and
//! offered again by the next dialog, as a desktop app's print dialog remembers its printer.
//!
//! gtk-rs 0.18 binds neither the dialog nor the job (they live in GTK 3's `gtkunixprint.h`), so
//! the few functions used are declared here; they are exported by the `libgtk-3` that gtk-sys
//! already links. Every GTK object stays on the main thread: the choice travels between the
//! dialog and the job as a number into a main-thread table.

// Reviewed exception to the workspace's `unsafe_code = "deny"`: the FFI calls below, each with
// its SAFETY note.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{CStr, CString, c_char, c_uint};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use cairn_explorer::app::{AppError, ErrorCode};
use gtk::glib::ffi::{GError, gboolean, gpointer};
use gtk::glib::gobject_ffi::GObject;
use gtk::glib::translate::{FromGlibPtrFull, FromGlibPtrNone, ToGlibPtr};
use gtk::prelude::*;
use tauri::{AppHandle, Manager, Runtime};
use tokio::sync::oneshot;

use crate::main_window::MAIN;

/// The file in the data folder that keeps the last print settings (GTK's key file format).
pub const SETTINGS_FILE: &str = "print-settings.ini";

/// GTK's `GTK_PRINT_CAPABILITY_GENERATE_PDF`: the only output the app makes, so "Print to
/// File" offers PDF alone.
const CAPABILITY_GENERATE_PDF: c_uint = 1 << 5;

#[link(name = "gtk-3")]
unsafe extern "C" {
    fn gtk_print_unix_dialog_new(title: *const c_char, parent: *mut gtk::ffi::GtkWindow) -> *mut gtk::ffi::GtkWidget;
    fn gtk_print_unix_dialog_set_settings(dialog: *mut gtk::ffi::GtkWidget, settings: *mut gtk::ffi::GtkPrintSettings);
    fn gtk_print_unix_dialog_get_settings(dialog: *mut gtk::ffi::GtkWidget) -> *mut gtk::ffi::GtkPrintSettings;
    fn gtk_print_unix_dialog_set_page_setup(dialog: *mut gtk::ffi::GtkWidget, page_setup: *mut gtk::ffi::GtkPageSetup);
    fn gtk_print_unix_dialog_get_page_setup(dialog: *mut gtk::ffi::GtkWidget) -> *mut gtk::ffi::GtkPageSetup;
    fn gtk_print_unix_dialog_set_manual_capabilities(dialog: *mut gtk::ffi::GtkWidget, capabilities: c_uint);
    fn gtk_print_unix_dialog_get_selected_printer(dialog: *mut gtk::ffi::GtkWidget) -> *mut GObject;
    fn gtk_printer_get_name(printer: *mut GObject) -> *const c_char;
    fn gtk_printer_accepts_pdf(printer: *mut GObject) -> gboolean;
    fn gtk_print_job_new(
        title: *const c_char,
        printer: *mut GObject,
        settings: *mut gtk::ffi::GtkPrintSettings,
        page_setup: *mut gtk::ffi::GtkPageSetup,
    ) -> *mut GObject;
    fn gtk_print_job_set_source_file(job: *mut GObject, filename: *const c_char, error: *mut *mut GError) -> gboolean;
    fn gtk_print_job_send(
        job: *mut GObject,
        callback: unsafe extern "C" fn(*mut GObject, gpointer, *const GError),
        user_data: gpointer,
        destroy: Option<unsafe extern "C" fn(gpointer)>,
    );
}

/// What the dialog chose, kept on the main thread until the job is sent or the print given up.
struct Choice {
    printer: gtk::glib::Object,
    name: String,
    settings: gtk::PrintSettings,
    page: gtk::PageSetup,
}

thread_local! {
    /// The choices made and not yet sent, by number (main thread only).
    static CHOICES: RefCell<HashMap<u64, Choice>> = RefCell::new(HashMap::new());
}

static NEXT: AtomicU64 = AtomicU64::new(0);

/// A printer chosen in the dialog, to send a PDF to; forgotten when dropped unsent.
pub struct PrinterChoice<R: Runtime> {
    handle: AppHandle<R>,
    id: u64,
    /// The printer's name, for messages.
    pub printer: String,
    /// The pages asked for ("Pages: 2-4, 7", numbered from 1), or none for all of them. The app
    /// keeps them itself: a printer handed a finished file may print it whole ("Print to File"
    /// copies it as it is).
    pub pages: Option<Vec<RangeInclusive<u32>>>,
}

impl<R: Runtime> Drop for PrinterChoice<R> {
    fn drop(&mut self) {
        let id = self.id;
        let _ = self.handle.run_on_main_thread(move || {
            CHOICES.with(|choices| choices.borrow_mut().remove(&id));
        });
    }
}

/// Shows the system's print dialog for `title` over the main window, with the settings last
/// chosen (kept in `data_dir`): the printer chosen, or `None` when the user closed the dialog.
pub async fn choose_printer<R: Runtime>(
    handle: &AppHandle<R>,
    data_dir: &Path,
    title: &str,
) -> Result<Option<PrinterChoice<R>>, AppError> {
    let (answer, answered) = oneshot::channel();
    let window = handle.get_webview_window(MAIN);
    let (remembered, title) = (data_dir.join(SETTINGS_FILE), title.to_owned());
    handle
        .run_on_main_thread(move || {
            let parent = window.and_then(|w| w.gtk_window().ok());
            let _ = answer.send(run_dialog(parent.as_ref(), &remembered, &title));
        })
        .map_err(|e| internal(format!("cannot show the print dialog: {e}")))?;
    let chosen = answered.await.map_err(|_| internal("the print dialog closed without an answer"))??;
    Ok(chosen.map(|Answer { id, printer, pages }| PrinterChoice { handle: handle.clone(), id, printer, pages }))
}

/// Sends `pdf` to the printer of `choice` as the job `title`: done once the printing system has
/// taken it (the file may go afterwards).
pub async fn send_pdf<R: Runtime>(choice: PrinterChoice<R>, pdf: PathBuf, title: &str) -> Result<(), AppError> {
    let (done, sent) = oneshot::channel::<Result<(), AppError>>();
    let (id, title) = (choice.id, title.to_owned());
    choice
        .handle
        .run_on_main_thread(move || {
            let Some(chosen) = CHOICES.with(|choices| choices.borrow_mut().remove(&id)) else {
                let _ = done.send(Err(internal("the chosen printer was forgotten before printing")));
                return;
            };
            if let Err(error) = send_job(&chosen, &pdf, &title, done) {
                log::warn!("printing to {} failed: {}", chosen.name, error.message);
            }
        })
        .map_err(|e| internal(format!("cannot reach the printer: {e}")))?;
    sent.await.map_err(|_| internal("the print job ended without an answer"))?
}

/// What the dialog answered when the user printed: the choice's number in [`CHOICES`], the
/// printer's name and the pages asked for.
struct Answer {
    id: u64,
    printer: String,
    pages: Option<Vec<RangeInclusive<u32>>>,
}

/// The dialog, run to its answer (main thread): the choice's number, printer and pages.
fn run_dialog(
    parent: Option<&gtk::ApplicationWindow>,
    remembered: &Path,
    title: &str,
) -> Result<Option<Answer>, AppError> {
    let settings = gtk::PrintSettings::from_file(remembered).unwrap_or_else(|_| gtk::PrintSettings::new());
    settings.set(gtk::PRINT_SETTINGS_OUTPUT_FILE_FORMAT, Some("pdf"));
    let page = gtk::PageSetup::new();
    page.set_paper_size(&gtk::PaperSize::new(Some(gtk::PAPER_NAME_A4)));
    let heading = CString::new(format!("Print {title}").replace('\0', " ")).map_err(|e| internal(e.to_string()))?;
    // SAFETY: every pointer is a live GTK object of the type declared (the parent's borrowed,
    // the dialog owned here and destroyed below); the getters' results are taken as GTK gives
    // them (settings in full, the page setup and printer borrowed, then referenced).
    unsafe {
        let parent_ptr: *mut gtk::ffi::GtkWindow =
            parent.map_or(std::ptr::null_mut(), |w| w.upcast_ref::<gtk::Window>().to_glib_none().0);
        let raw = gtk_print_unix_dialog_new(heading.as_ptr(), parent_ptr);
        let dialog = gtk::Dialog::from_glib_none(raw.cast::<gtk::ffi::GtkDialog>());
        gtk_print_unix_dialog_set_settings(raw, settings.to_glib_none().0);
        gtk_print_unix_dialog_set_page_setup(raw, page.to_glib_none().0);
        gtk_print_unix_dialog_set_manual_capabilities(raw, CAPABILITY_GENERATE_PDF);
        dialog.set_modal(true);
        let response = dialog.run();
        let printer = gtk_print_unix_dialog_get_selected_printer(raw);
        let answer = if response != gtk::ResponseType::Ok || printer.is_null() {
            Ok(None)
        } else if gtk_printer_accepts_pdf(printer) == 0 {
            let name = CStr::from_ptr(gtk_printer_get_name(printer)).to_string_lossy().into_owned();
            Err(AppError::new(
                ErrorCode::Invalid,
                format!("the printer {name} takes no PDF: save as PDF and print the file from a PDF viewer"),
            ))
        } else {
            let name = CStr::from_ptr(gtk_printer_get_name(printer)).to_string_lossy().into_owned();
            let settings = gtk::PrintSettings::from_glib_full(gtk_print_unix_dialog_get_settings(raw));
            let page = gtk::PageSetup::from_glib_none(gtk_print_unix_dialog_get_page_setup(raw));
            let pages = page_ranges(&settings);
            // The job prints the pages the app kept, all of them; the next dialog starts at all.
            settings.set_print_pages(gtk::PrintPages::All);
            if let Err(e) = settings.to_file(remembered) {
                log::warn!("cannot keep the print settings in {}: {e}", remembered.display());
            }
            let printer = gtk::glib::Object::from_glib_none(printer);
            let id = NEXT.fetch_add(1, Ordering::Relaxed);
            CHOICES.with(|choices| {
                choices.borrow_mut().insert(id, Choice { printer, name: name.clone(), settings, page })
            });
            Ok(Some(Answer { id, printer: name, pages }))
        };
        dialog.destroy();
        answer
    }
}

/// The page ranges `settings` ask for, numbered from 1; `None` for every page.
fn page_ranges(settings: &gtk::PrintSettings) -> Option<Vec<RangeInclusive<u32>>> {
    if settings.print_pages() != gtk::PrintPages::Ranges {
        return None;
    }
    let ranges: Vec<_> = settings
        .page_ranges()
        .iter()
        .filter_map(|r| Some(u32::try_from(r.start()).ok()? + 1..=u32::try_from(r.end()).ok()? + 1))
        .collect();
    (!ranges.is_empty()).then_some(ranges)
}

/// A print job of `pdf` to `chosen`'s printer, sent (main thread); `done` answers when the
/// printing system took it or refused it.
fn send_job(
    chosen: &Choice,
    pdf: &Path,
    title: &str,
    done: oneshot::Sender<Result<(), AppError>>,
) -> Result<(), AppError> {
    let refuse = |done: oneshot::Sender<Result<(), AppError>>, error: AppError| {
        let _ = done.send(Err(error.clone()));
        Err(error)
    };
    let title = match CString::new(title.replace('\0', " ")) {
        Ok(title) => title,
        Err(e) => return refuse(done, internal(e.to_string())),
    };
    let file = match CString::new(pdf.as_os_str().as_encoded_bytes()) {
        Ok(file) => file,
        Err(_) => return refuse(done, internal(format!("{} is no file name", pdf.display()))),
    };
    // SAFETY: the printer, settings and page setup are live GObjects held by `chosen`; the job is
    // owned (transfer full) by the wrapper, which the callback's box keeps alive until GTK calls
    // it, once, on this thread.
    unsafe {
        let job = gtk_print_job_new(
            title.as_ptr(),
            chosen.printer.to_glib_none().0,
            chosen.settings.to_glib_none().0,
            chosen.page.to_glib_none().0,
        );
        let job = gtk::glib::Object::from_glib_full(job);
        let mut error: *mut GError = std::ptr::null_mut();
        if gtk_print_job_set_source_file(job.to_glib_none().0, file.as_ptr(), &mut error) == 0 {
            let message = gtk::glib::Error::from_glib_full(error).to_string();
            return refuse(done, AppError::new(ErrorCode::Io, format!("cannot print {}: {message}", pdf.display())));
        }
        let waiting = Box::new(Waiting { done, printer: chosen.name.clone(), _job: job.clone() });
        gtk_print_job_send(job.to_glib_none().0, job_sent, Box::into_raw(waiting).cast(), None);
    }
    Ok(())
}

/// What the job's callback answers, and the job kept alive until then.
struct Waiting {
    done: oneshot::Sender<Result<(), AppError>>,
    printer: String,
    _job: gtk::glib::Object,
}

/// GTK's answer to a sent job: the printing system took it, or the error it gave.
unsafe extern "C" fn job_sent(_job: *mut GObject, data: gpointer, error: *const GError) {
    // SAFETY: `data` is the box `send_job` leaked for this one call.
    let waiting = unsafe { Box::from_raw(data.cast::<Waiting>()) };
    let answer = match error.is_null() {
        true => Ok(()),
        false => {
            // SAFETY: a GError GTK lends for the call.
            let message = unsafe { CStr::from_ptr((*error).message) }.to_string_lossy().into_owned();
            Err(AppError::new(ErrorCode::Io, format!("the printer {} refused the job: {message}", waiting.printer)))
        }
    };
    let _ = waiting.done.send(answer);
}

fn internal(message: impl Into<String>) -> AppError {
    AppError::new(ErrorCode::Internal, message)
}
