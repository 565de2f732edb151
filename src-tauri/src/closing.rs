//! Closing the window with gradebook changes not yet sent asks first: the close is held and
//! the window told (`close-requested`, with the count); it closes once the user says so
//! (`close_window`), with or without sending. The handler runs on the window's thread, so it
//! reads the app's count of unsent changes kept in memory, never the database.

use std::sync::atomic::{AtomicBool, Ordering};

use cairn_explorer::app::{AppEvent, CloseRequested};
use tauri::{Emitter, Manager, State, Window, WindowEvent};

use crate::commands::AppState;

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
        let event = AppEvent::CloseRequested(CloseRequested { unsent });
        let _ = window.emit(event.name(), event.payload());
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
