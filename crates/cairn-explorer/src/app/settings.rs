//! The app's own settings — pages, timeouts, retries, the built-in sandbox's scale, the theme,
//! the window's zoom, the active connection — kept as one JSON value in the cache's `app_settings` table, and
//! applied to every client the app builds.

use std::time::Duration;

use cairn_client::ClientConfig;
use cairn_sandbox::demo::Scale;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::error::{AppError, ErrorCode};

/// The key the settings are saved under.
const KEY: &str = "app";

/// The window's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// The system's light or dark, and its high contrast when it asks for more contrast
    /// (`prefers-contrast: more`) or forces its colours (`forced-colors: active`).
    System,
    /// Light, whatever the system says.
    Light,
    /// Dark, whatever the system says.
    Dark,
    /// High contrast (text at 7:1 or better, solid strong borders and focus rings), whatever the
    /// system says.
    #[serde(rename = "high-contrast")]
    HighContrast,
}

/// How much demo data the built-in sandbox serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SandboxScale {
    /// A school's worth: quick to sync.
    Small,
    /// A district's.
    District,
    /// A state's (and its 20,000-item framework).
    State,
}

impl SandboxScale {
    /// The sandbox's own word for it.
    pub(crate) fn scale(self) -> Scale {
        match self {
            SandboxScale::Small => Scale::Small,
            SandboxScale::District => Scale::District,
            SandboxScale::State => Scale::State,
        }
    }
}

/// The app's settings page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct AppSettings {
    /// Records asked for per page when syncing (1–10,000).
    pub page_size: u32,
    /// Pages fetched at once when a collection's total is known (1–32).
    pub concurrent_pages: u32,
    /// The limit of one HTTP request, in seconds (1–3,600).
    pub timeout_seconds: u32,
    /// Attempts per request, the first included (1 never retries; at most 20).
    pub retry_attempts: u32,
    /// The longest wait between two attempts, in seconds (at most 600).
    pub retry_max_delay_seconds: u32,
    /// The built-in sandbox's demo data (loaded anew when it changes, at the sandbox's next
    /// start).
    pub sandbox_scale: SandboxScale,
    /// The window's colours.
    pub theme: Theme,
    /// The window's zoom in percent (50–300; Ctrl+= / Ctrl+- / Ctrl+0 step it).
    pub zoom: u32,
    /// The connection the status bar shows and Ctrl+R syncs.
    pub active_connection: Option<String>,
    /// Whether `/` (outside a text field) focuses the search box. The only one-key shortcut not
    /// bound to a focused control, so it can be turned off (WCAG 2.1.4): speech input users
    /// and typists who stray out of a field would otherwise trigger it by accident.
    pub slash_focuses_search: bool,
}

impl Default for AppSettings {
    fn default() -> Self {
        AppSettings {
            page_size: cairn_sync::DEFAULT_PAGE_SIZE,
            concurrent_pages: cairn_client::DEFAULT_CONCURRENCY as u32,
            timeout_seconds: 30,
            retry_attempts: 6,
            retry_max_delay_seconds: 20,
            sandbox_scale: SandboxScale::Small,
            theme: Theme::System,
            zoom: 100,
            active_connection: None,
            slash_focuses_search: true,
        }
    }
}

impl AppSettings {
    /// The settings saved in the cache, or the defaults (unreadable saved settings count as
    /// none: the page shows the defaults and saving replaces them).
    pub(crate) fn load(conn: &rusqlite::Connection) -> Result<AppSettings, AppError> {
        let saved = cairn_store::cache::app_setting(conn, KEY)?;
        Ok(saved.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default())
    }

    /// Saves them, once checked.
    pub(crate) fn save(&self, conn: &rusqlite::Connection) -> Result<(), AppError> {
        self.check()?;
        let json = serde_json::to_string(self).map_err(|e| AppError::internal(e.to_string()))?;
        cairn_store::cache::save_app_setting(conn, KEY, &json)?;
        Ok(())
    }

    /// Every value within its bounds, or an error naming the first that is not.
    pub fn check(&self) -> Result<(), AppError> {
        let within = |name: &str, value: u32, low: u32, high: u32| match (low..=high).contains(&value) {
            true => Ok(()),
            false => Err(AppError::new(
                ErrorCode::Invalid,
                format!("{name} must be between {low} and {high} (it is {value})"),
            )),
        };
        within("the page size", self.page_size, 1, 10_000)?;
        within("the concurrent pages", self.concurrent_pages, 1, 32)?;
        within("the timeout", self.timeout_seconds, 1, 3_600)?;
        within("the attempts per request", self.retry_attempts, 1, 20)?;
        within("the longest wait between attempts", self.retry_max_delay_seconds, 0, 600)?;
        within("the zoom", self.zoom, 50, 300)
    }

    /// `config` with these pages, timeouts and retries.
    pub(crate) fn apply(&self, config: &mut ClientConfig) {
        config.concurrency = self.concurrent_pages.max(1) as usize;
        config.timeout = Duration::from_secs(u64::from(self.timeout_seconds.max(1)));
        config.retry.max_attempts = self.retry_attempts.max(1);
        config.retry.max_delay = Duration::from_secs(u64::from(self.retry_max_delay_seconds));
        config.retry.base_delay = config.retry.base_delay.min(config.retry.max_delay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_bounds_values_are_named() {
        let bad = AppSettings { page_size: 0, ..AppSettings::default() };
        assert!(bad.check().unwrap_err().message.contains("page size"));
        let bad = AppSettings { zoom: 400, ..AppSettings::default() };
        assert!(bad.check().unwrap_err().message.contains("zoom must be between 50 and 300"));
        assert!(AppSettings::default().check().is_ok());
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        let read: AppSettings = serde_json::from_str(r#"{"pageSize": 250}"#).unwrap_or_default();
        assert_eq!((read.page_size, read.theme, read.zoom), (250, Theme::System, 100));
        assert!(read.slash_focuses_search, "settings saved before the switch keep `/` on");
        let read: AppSettings = serde_json::from_str(r#"{"slashFocusesSearch": false}"#).unwrap();
        assert!(!read.slash_focuses_search);
    }

    #[test]
    fn a_theme_or_scale_outside_the_choices_is_not_read() {
        // The window can only send a choice; saved settings with another word read as the defaults.
        assert!(serde_json::from_str::<AppSettings>(r#"{"theme": "pink"}"#).is_err());
        assert!(serde_json::from_str::<AppSettings>(r#"{"sandboxScale": "country"}"#).is_err());
        let read: AppSettings = serde_json::from_str(r#"{"theme": "dark", "sandboxScale": "state"}"#).unwrap();
        assert_eq!((read.theme, read.sandbox_scale.scale()), (Theme::Dark, Scale::State));
        let read: AppSettings = serde_json::from_str(r#"{"theme": "high-contrast"}"#).unwrap();
        assert_eq!(read.theme, Theme::HighContrast);
        assert_eq!(serde_json::to_value(Theme::HighContrast).unwrap(), "high-contrast");
    }
}
