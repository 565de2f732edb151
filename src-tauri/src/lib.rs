//! Cairn's desktop app: the Tauri shell. The only crate that knows Tauri — it builds the window,
//! registers the plugins (single instance, log, opener, dialog, window state), manages the [`App`] state and adapts its
//! functions to commands ([`commands`]). What the commands do lives in `cairn_explorer::app`.

pub mod association_commands;
pub mod closing;
pub mod commands;
pub mod connection_commands;
pub mod file_commands;
pub mod file_dialogs;
pub mod gradebook_commands;
pub mod main_window;
pub mod print_bundle;
pub mod print_commands;
pub mod print_dialog;
pub mod print_view;
#[cfg(target_os = "linux")]
pub mod rendering;
pub mod roster_commands;
pub mod settings_commands;
#[cfg(target_os = "linux")]
pub mod web_memory;
pub mod web_process;

pub use commands::AppState;
mod data_dir;

use std::sync::Arc;

use anyhow::Context;
use cairn_explorer::app::{App, AppError, AppEvent, AppOptions, CacheChanged, ErrorCode};
use cairn_sandbox::auth::SystemEntropy;
use cairn_sync::SystemClock;
use tauri::{Emitter, Manager};

pub use data_dir::{DATA_DIR_ENV, data_dir_argument};

/// Registers the app's commands on a builder, with the session's file grants they take (the app
/// and its tests share this).
pub fn with_commands<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.manage(cairn_explorer::app::FileGrants::default()).invoke_handler(tauri::generate_handler![
        commands::app_start,
        commands::sandbox_set_data_aside,
        commands::list_frameworks,
        commands::open_framework,
        commands::tree_children,
        commands::tree_descendants,
        commands::framework_map,
        commands::tree_paths,
        commands::item_detail,
        commands::fetch_end,
        commands::search,
        commands::session_load,
        commands::session_save,
        commands::cancel,
        file_commands::import_files,
        file_commands::import_row,
        print_commands::print_preview,
        print_commands::save_pdf,
        print_commands::print_dialog,
        file_commands::check_files,
        file_commands::export_framework_csv,
        file_commands::export_framework_xlsx,
        file_commands::export_framework_package,
        file_commands::export_rosters,
        file_commands::write_file,
        file_commands::write_workbook,
        file_dialogs::choose_open,
        file_dialogs::choose_save,
        file_dialogs::confirm_typed_path,
        file_dialogs::reveal_file,
        commands::relation_graph,
        commands::progressions,
        commands::rubrics,
        commands::item_rubrics,
        commands::crosswalk,
        commands::version_diff,
        commands::grouping_tree,
        association_commands::association_types,
        roster_commands::roster_sources,
        roster_commands::roster_level,
        roster_commands::roster_calendar,
        roster_commands::roster_classes,
        roster_commands::roster_class,
        roster_commands::roster_user,
        roster_commands::roster_search_users,
        roster_commands::roster_demographics,
        roster_commands::roster_checks,
        roster_commands::roster_record,
        roster_commands::roster_export_class,
        connection_commands::connections_list,
        connection_commands::connection_save,
        connection_commands::connection_duplicate,
        connection_commands::connection_remove,
        connection_commands::connection_test,
        connection_commands::connection_test_form,
        connection_commands::sync_connection,
        connection_commands::sync_status,
        settings_commands::settings_load,
        settings_commands::settings_save,
        settings_commands::reset_cache,
        settings_commands::about,
        gradebook_commands::gradebook_class,
        gradebook_commands::gradebook_access,
        gradebook_commands::gradebook_save_cell,
        gradebook_commands::gradebook_put,
        gradebook_commands::gradebook_post,
        gradebook_commands::gradebook_post_results,
        gradebook_commands::gradebook_delete,
        gradebook_commands::gradebook_send,
        gradebook_commands::gradebook_outbox,
        gradebook_commands::gradebook_unsent,
        gradebook_commands::gradebook_retry,
        gradebook_commands::gradebook_discard,
        gradebook_commands::gradebook_new_id,
        closing::close_window,
    ])
}

/// The [`App`] for `data_dir`, telling `handle`'s windows when the cache changes — or, when it
/// cannot open, the error every command answers.
pub fn app_state<R: tauri::Runtime>(handle: &tauri::AppHandle<R>, data_dir: std::path::PathBuf) -> AppState {
    let emitter = handle.clone();
    let app = App::new(AppOptions {
        data_dir,
        entropy: Arc::new(SystemEntropy),
        clock: Arc::new(SystemClock),
        on_cache_change: Box::new(move |connection| {
            let event = AppEvent::CacheChanged(CacheChanged { connection: connection.to_owned() });
            let _ = emitter.emit(event.name(), event.payload());
        }),
    });
    if let Err(error) = &app {
        log::error!("the app cannot open its data: {}", error.message);
    }
    AppState::new(app.map(Arc::new))
}

/// Where the log file goes: the platform's log folder, or `logs/` in an explicit data folder (so
/// that a test's or a second profile's logs stay with its data).
fn log_folder(explicit: Option<&std::path::Path>) -> tauri_plugin_log::TargetKind {
    match explicit {
        Some(dir) => tauri_plugin_log::TargetKind::Folder { path: dir.join("logs"), file_name: None },
        None => tauri_plugin_log::TargetKind::LogDir { file_name: None },
    }
}

/// Runs the app until its window closes.
pub fn run() -> anyhow::Result<()> {
    let explicit = data_dir_argument(std::env::args_os());
    let mut builder = tauri::Builder::default();
    if explicit.is_none() {
        // One window per data folder: a second launch on the default folder brings the running
        // window forward instead of opening the same cache twice. An explicit `--data-dir` (tests,
        // a second profile) runs on its own.
        builder = builder.plugin(tauri_plugin_single_instance::init(|handle, _args, _cwd| {
            main_window::bring_forward(handle);
        }));
    }
    with_commands(builder)
        .plugin(
            tauri_plugin_log::Builder::new()
                .level(log::LevelFilter::Info)
                .targets([
                    tauri_plugin_log::Target::new(tauri_plugin_log::TargetKind::Stderr),
                    tauri_plugin_log::Target::new(log_folder(explicit.as_deref())),
                ])
                .build(),
        )
        .plugin(tauri_plugin_opener::init())
        .plugin(tauri_plugin_dialog::init())
        .plugin(main_window::geometry_plugin(explicit.as_deref()))
        .manage(closing::CloseGate::default())
        .on_window_event(|window, event| {
            closing::on_window_event(window, event);
            file_dialogs::on_window_event(window, event);
        })
        .setup(move |tauri_app| {
            let state = match explicit.clone().map(Ok).unwrap_or_else(|| tauri_app.path().app_data_dir()) {
                Ok(data_dir) => {
                    log::info!("data folder {}", data_dir.display());
                    app_state(tauri_app.handle(), data_dir)
                }
                Err(e) => {
                    let error =
                        AppError::new(ErrorCode::Invalid, format!("the platform has no data folder for Cairn: {e}"));
                    AppState::new(Err(error.with_text("start Cairn with --data-dir DIR")))
                }
            };
            tauri_app.manage(state);
            let window = main_window::create(tauri_app, explicit.as_deref()).context("opening the window")?;
            #[cfg(target_os = "linux")]
            rendering::choose(&window);
            #[cfg(target_os = "linux")]
            web_process::watch(&window);
            #[cfg(not(target_os = "linux"))]
            let _ = window;
            Ok(())
        })
        .build(tauri::generate_context!())
        .context("building the app")?
        .run(|handle, event| {
            if let tauri::RunEvent::Exit = event
                && let Some(state) = handle.try_state::<AppState>()
                && let Ok(app) = state.app()
            {
                tauri::async_runtime::block_on(app.shutdown());
            }
        });
    Ok(())
}
