//! What Cairn's app does, without a window ([`app`]), over the crates that do the work: views of
//! the cache (`cairn-views`), files in and out (`cairn-files`), connections and sync
//! (`cairn-sync`). The window (`src-tauri`) adapts it to Tauri commands.

pub mod app;
