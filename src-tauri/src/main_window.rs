//! The main window and where what it remembers lives. The window is built from `tauri.conf.json`
//! (which sets `create: false`) so that an explicit `--data-dir` holds everything of its profile:
//! the web view's storage (the pane sizes) and the window's size and position go into that
//! folder, beside the cache and the logs. Without one they stay in the platform's folders.
//!
//! The window-state plugin saves only when the app exits normally; a killed or crashed app
//! would forget a move. So the geometry is also saved half a second after the last move or resize.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tauri::{Manager, WebviewWindow, WebviewWindowBuilder, WindowEvent};
use tauri_plugin_window_state::{AppHandleExt, StateFlags};

/// The main window's label.
pub const MAIN: &str = "main";

/// The window-state file's name in an explicit data folder.
const GEOMETRY_FILE: &str = "window-state.json";

/// How long after the last move or resize the geometry is saved.
const SAVE_AFTER: Duration = Duration::from_millis(500);

/// The window-state plugin, keeping its file in `explicit` when a data folder was given.
pub fn geometry_plugin<R: tauri::Runtime>(explicit: Option<&Path>) -> tauri::plugin::TauriPlugin<R> {
    let builder = tauri_plugin_window_state::Builder::default();
    match explicit {
        // The plugin joins its file name to the config folder; joining an absolute path
        // answers that path, so the file lands in the data folder.
        Some(dir) => builder.with_filename(dir.join(GEOMETRY_FILE).to_string_lossy()).build(),
        None => builder.build(),
    }
}

/// Where the web views keep their storage: `webview/` in an explicit data folder, else the
/// platform's (managed by the app, so that every web view it opens shares the main window's web
/// context — and so its network process — rather than starting one of its own).
#[derive(Debug, Clone, Default)]
pub struct WebviewFolder(pub Option<PathBuf>);

impl WebviewFolder {
    /// The folder for a data folder given with `--data-dir`, if any.
    pub fn of(explicit: Option<&Path>) -> WebviewFolder {
        WebviewFolder(explicit.map(|dir| dir.join("webview")))
    }

    /// `builder` with this storage.
    pub fn apply<'a, R: tauri::Runtime, M: Manager<R>>(
        &self,
        builder: WebviewWindowBuilder<'a, R, M>,
    ) -> WebviewWindowBuilder<'a, R, M> {
        match &self.0 {
            Some(dir) => builder.data_directory(dir.clone()),
            None => builder,
        }
    }
}

/// Builds the main window from the configuration, its web view's storage in `explicit`'s
/// `webview/` folder when a data folder was given (see [`WebviewFolder`], which it manages).
pub fn create<R: tauri::Runtime>(app: &tauri::App<R>, explicit: Option<&Path>) -> tauri::Result<WebviewWindow<R>> {
    let config = app.config().app.windows.iter().find(|w| w.label == MAIN).cloned().unwrap_or_default();
    let folder = WebviewFolder::of(explicit);
    let window = folder.apply(WebviewWindowBuilder::from_config(app.handle(), &config)?).build()?;
    app.manage(folder);
    let pending = Arc::new(AtomicU64::new(0));
    let handle = app.handle().clone();
    window.on_window_event(move |event| {
        if matches!(event, WindowEvent::Moved(_) | WindowEvent::Resized(_)) {
            save_soon(handle.clone(), pending.clone());
        }
    });
    Ok(window)
}

/// Saves the windows' geometry once no move or resize has come for [`SAVE_AFTER`].
fn save_soon<R: tauri::Runtime>(handle: tauri::AppHandle<R>, pending: Arc<AtomicU64>) {
    let ticket = pending.fetch_add(1, Ordering::SeqCst) + 1;
    tauri::async_runtime::spawn(async move {
        tokio::time::sleep(SAVE_AFTER).await;
        if pending.load(Ordering::SeqCst) != ticket {
            return;
        }
        if let Err(error) = handle.save_window_state(StateFlags::all()) {
            log::warn!("the window's size and position were not saved: {error}");
        }
    });
}

/// Brings the main window forward: what a second launch does (through the single-instance
/// plugin) instead of opening the same cache twice.
pub fn bring_forward<R: tauri::Runtime>(handle: &tauri::AppHandle<R>) {
    log::info!("a second launch brought this window forward");
    if let Some(window) = handle.get_webview_window(MAIN) {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}
