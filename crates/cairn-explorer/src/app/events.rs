//! The events the app sends its window, each with its payload, declared once: `AppEvent` is
//! exported to TypeScript, `src-tauri` emits nothing but its variants (by `name` and
//! `payload`), and the window's listen helper is typed by it, name → payload.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::grants::ChosenFile;

/// A sync or an import changed a connection's cached data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CacheChanged {
    /// The connection whose data changed.
    pub connection: String,
}

/// The window was asked to close while gradebook changes are unsent: it asks the user first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CloseRequested {
    /// How many changes are unsent.
    pub unsent: u64,
}

/// Every event the window hears, by name (`name`), with its payload (`payload`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "name", content = "payload", rename_all = "kebab-case")]
pub enum AppEvent {
    /// `cache-changed`: refresh what shows the connection's data.
    CacheChanged(CacheChanged),
    /// `close-requested`: ask whether to close with unsent changes.
    CloseRequested(CloseRequested),
    /// `files-dropped`: files dropped on the window, granted for reading.
    FilesDropped(Vec<ChosenFile>),
}

impl AppEvent {
    /// The name of [`AppEvent::CacheChanged`].
    pub const CACHE_CHANGED: &'static str = "cache-changed";
    /// The name of [`AppEvent::CloseRequested`].
    pub const CLOSE_REQUESTED: &'static str = "close-requested";
    /// The name of [`AppEvent::FilesDropped`].
    pub const FILES_DROPPED: &'static str = "files-dropped";
    /// Every event's name.
    pub const NAMES: [&'static str; 3] = [Self::CACHE_CHANGED, Self::CLOSE_REQUESTED, Self::FILES_DROPPED];

    /// The event's name, as the window listens for it.
    pub fn name(&self) -> &'static str {
        match self {
            AppEvent::CacheChanged(_) => Self::CACHE_CHANGED,
            AppEvent::CloseRequested(_) => Self::CLOSE_REQUESTED,
            AppEvent::FilesDropped(_) => Self::FILES_DROPPED,
        }
    }

    /// The event's payload, as the window receives it.
    pub fn payload(&self) -> serde_json::Value {
        let payload = match self {
            AppEvent::CacheChanged(changed) => serde_json::to_value(changed),
            AppEvent::CloseRequested(close) => serde_json::to_value(close),
            AppEvent::FilesDropped(files) => serde_json::to_value(files),
        };
        payload.unwrap_or(serde_json::Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_events_name_and_payload_are_its_serde_tag_and_content() {
        let events = [
            AppEvent::CacheChanged(CacheChanged { connection: "District".into() }),
            AppEvent::CloseRequested(CloseRequested { unsent: 2 }),
            AppEvent::FilesDropped(Vec::new()),
        ];
        for (event, name) in events.iter().zip(AppEvent::NAMES) {
            let json = serde_json::to_value(event).unwrap_or_default();
            assert_eq!((event.name(), json["name"].as_str()), (name, Some(name)));
            assert_eq!(event.payload(), json["payload"]);
        }
        assert_eq!(events[1].payload(), serde_json::json!({"unsent": 2}));
    }
}
