//! Builds the app's context: reads `tauri.conf.json` (a link to the top-level file) and declares
//! the app's own commands, so that capabilities must grant each one (nothing else is callable).

fn main() {
    let commands = &[
        "app_start",
        "sync_builtin",
        "list_frameworks",
        "open_framework",
        "tree_children",
        "tree_descendants",
        "tree_paths",
        "item_detail",
        "search",
        "session_load",
        "session_save",
        "cancel",
        "import_files",
        "relation_graph",
        "progressions",
        "rubrics",
        "item_rubrics",
        "crosswalk",
        "version_diff",
        "save_export",
        "grouping_tree",
        "roster_sources",
        "roster_level",
        "roster_calendar",
        "roster_classes",
        "roster_class",
        "roster_user",
        "roster_search_users",
        "roster_demographics",
        "roster_checks",
        "roster_record",
        "roster_export_class",
        "connections_list",
        "connection_save",
        "connection_duplicate",
        "connection_remove",
        "connection_test",
        "sync_connection",
        "sync_status",
        "settings_load",
        "settings_save",
        "reset_cache",
    ];
    tauri_build::try_build(
        tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("tauri-build: the app's context");
}
