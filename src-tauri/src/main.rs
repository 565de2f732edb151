//! The `cairn-app` binary: Cairn's window.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

/// mimalloc (see `cairn_malloc`).
#[global_allocator]
static ALLOCATOR: cairn_malloc::Allocator = cairn_malloc::Allocator;

fn main() -> anyhow::Result<()> {
    cairn_malloc::configure();
    #[cfg(target_os = "linux")]
    {
        cairn_app::rendering::prepare_process();
        cairn_app::web_memory::prepare_process();
    }
    cairn_app::run()
}
