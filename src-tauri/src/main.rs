//! The `cairn-app` binary: Cairn's window.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() -> anyhow::Result<()> {
    cairn_app::run()
}
