//! Closing the window with gradebook changes not yet sent asks first: the close is held and
//! the window told (`close-requested`, with the count); it closes once the user says so
//! (`close_window`), with or without sending. The handler runs on the window's thread, so it
//! reads the app's count of unsent changes kept in memory, never the database.

use std::sync::atomic::{AtomicBool, Ordering};

use tauri::{Emitter, Manager, State, Window, WindowEvent};

use crate::commands::AppState;

/// The event that asks the window whether to close with unsent changes.
pub const CLOSE_REQUESTED: &str = "close-requested";

/// Whether the user has said the window may close.
#[derive(Default)]
pub struct CloseGate(AtomicBool);

/// Holds a close while gradebook changes are unsent and the user has not said to close.
pub fn on_window_event<R: tauri::Runtime>(window: &Window<R>, event: &WindowEvent) {
    let WindowEvent::CloseRequested { api, .. } = event else { return };
    if window.try_state::<CloseGate>().is_some_and(|gate| gate.0.load(Ordering::SeqCst)) {
        return;
    }
    let unsent = window
        .try_state::<AppState>()
        .and_then(|state| state.app().ok().map(|app| app.gradebook_unsent_total()))
        .unwrap_or(0);
    if unsent > 0 {
        api.prevent_close();
        let _ = window.emit(CLOSE_REQUESTED, serde_json::json!({ "unsent": unsent }));
    }
}

/// Closes the window, unsent changes or not (they stay in the outbox for the next start).
#[tauri::command]
pub fn close_window<R: tauri::Runtime>(
    window: Window<R>,
    gate: State<'_, CloseGate>,
) -> Result<(), cairn_explorer::app::AppError> {
    gate.0.store(true, Ordering::SeqCst);
    window.close().map_err(|e| cairn_explorer::app::AppError::internal(format!("the window did not close: {e}")))
}
