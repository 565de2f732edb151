//! When the window's web process ends unexpectedly (WebKit's `web-process-terminated`: a crash,
//! or the memory limit exceeded). WebKitGTK then leaves the window blank and unanswering, and
//! says nothing: the app logs it as an error and reloads the page, which restores the session's
//! view (nothing typed is lost: grades are in the cache's drafts and outbox as they are typed).
//! A page that ends its process again within [`RELOAD_PAUSE`] of a reload is left blank, with
//! the error logged, rather than reloaded in a loop.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The least time between two reloads after a crash.
pub const RELOAD_PAUSE: Duration = Duration::from_secs(30);

/// Why the web process ended, as WebKit says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It crashed.
    Crashed,
    /// It went over its memory limit.
    OutOfMemory,
    /// The app asked for it (`webkit_web_view_terminate_web_process`): nothing to recover.
    Asked,
}

/// Whether to reload the page after an ending: remembers the last reload.
#[derive(Debug, Default)]
pub struct Reloads {
    last: Mutex<Option<Instant>>,
}

impl Reloads {
    /// Whether to reload the page after `ending` at `now`: not when the app asked for it, nor
    /// within [`RELOAD_PAUSE`] of the last reload.
    pub fn reload_after(&self, ending: Ending, now: Instant) -> bool {
        if ending == Ending::Asked {
            return false;
        }
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.is_some_and(|at| now.saturating_duration_since(at) < RELOAD_PAUSE) {
            return false;
        }
        *last = Some(now);
        true
    }
}

/// Watches `window`'s web view for its process ending: logs it and reloads the page (see the
/// module's documentation).
#[cfg(target_os = "linux")]
pub fn watch<R: tauri::Runtime>(window: &tauri::WebviewWindow<R>) {
    let watched = window.with_webview(|webview| {
        use webkit2gtk::{WebProcessTerminationReason, WebViewExt};
        let reloads = Reloads::default();
        webview.inner().connect_web_process_terminated(move |view, reason| {
            let ending = match reason {
                WebProcessTerminationReason::ExceededMemoryLimit => Ending::OutOfMemory,
                WebProcessTerminationReason::TerminatedByApi => Ending::Asked,
                _ => Ending::Crashed,
            };
            let reload = reloads.reload_after(ending, Instant::now());
            log::error!(
                "the window's web process ended ({ending:?}){}",
                if reload { "; the page is reloaded" } else { "; not reloaded again so soon" }
            );
            if reload {
                view.reload();
            }
        });
    });
    if let Err(e) = watched {
        log::warn!("could not watch the web view's process: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_reloads_once_then_not_again_within_the_pause() {
        let reloads = Reloads::default();
        let start = Instant::now();
        assert!(reloads.reload_after(Ending::Crashed, start));
        assert!(!reloads.reload_after(Ending::Crashed, start + Duration::from_secs(5)));
        assert!(!reloads.reload_after(Ending::OutOfMemory, start + RELOAD_PAUSE - Duration::from_millis(1)));
        assert!(reloads.reload_after(Ending::OutOfMemory, start + RELOAD_PAUSE));
    }

    #[test]
    fn an_ending_the_app_asked_for_is_not_reloaded() {
        assert!(!Reloads::default().reload_after(Ending::Asked, Instant::now()));
    }
}
