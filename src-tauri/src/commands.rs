//! The commands the web UI calls: each one a thin async adapter over [`cairn_explorer::app::App`],
//! answering `{code, message, detail}` on failure. Progress goes through a [`Channel`].

use std::sync::Arc;

use cairn_explorer::app::{
    App, AppError, Children, CrosswalkReport, FetchedEnd, FrameworkGroup, FrameworkKey, FrameworkMap, FrameworkOutline,
    GroupingTree, ItemDetail, NeighbourhoodGraph, Progress, Progression, Rubric, SearchHit, Session, SnapshotRef,
    StartReport, VersionDiff,
};
use tauri::State;
use tauri::ipc::Channel;

/// The app as Tauri manages it: the explorer's [`App`], or why it could not open (its data
/// folder or cache) — which every command then answers, so the window shows it instead of the
/// app failing to start.
pub struct AppState(Result<Arc<App>, AppError>);

impl AppState {
    /// The state of an app that opened, or did not.
    pub fn new(app: Result<Arc<App>, AppError>) -> AppState {
        AppState(app)
    }

    /// The app, or why there is none.
    pub fn app(&self) -> Result<&App, AppError> {
        self.0.as_deref().map_err(Clone::clone)
    }
}

/// Sends each progress report down the window's `channel`: a closed window stops listening, and
/// the work goes on regardless.
pub(crate) fn to_channel(channel: &Channel<Progress>) -> impl Fn(Progress) + Sync + '_ {
    move |progress| drop(channel.send(progress))
}

/// Starts the app: the first launch populates from the built-in sandbox, with progress.
#[tauri::command]
pub async fn app_start(app: State<'_, AppState>, on_progress: Channel<Progress>) -> Result<StartReport, AppError> {
    // Once per page load: the log shows each start of the window's page (a reload after its web
    // process ended among them).
    log::info!("the window's page started");
    app.app()?.start(&to_channel(&on_progress)).await
}

/// Sets the built-in sandbox's unreadable database aside (renamed beside it, nothing deleted)
/// so that the next start makes fresh demo data; answers the path it now has.
#[tauri::command]
pub async fn sandbox_set_data_aside(app: State<'_, AppState>) -> Result<String, AppError> {
    Ok(app.app()?.set_sandbox_data_aside().await?.display().to_string())
}

/// Every cached framework, grouped by connection.
#[tauri::command]
pub async fn list_frameworks(app: State<'_, AppState>) -> Result<Vec<FrameworkGroup>, AppError> {
    app.app()?.list_frameworks().await
}

/// Opens a framework and answers its first level.
#[tauri::command]
pub async fn open_framework(app: State<'_, AppState>, key: FrameworkKey) -> Result<FrameworkOutline, AppError> {
    app.app()?.open_framework(key).await
}

/// The children of each of `parents`.
#[tauri::command]
pub async fn tree_children(
    app: State<'_, AppState>,
    key: FrameworkKey,
    parents: Vec<String>,
) -> Result<Vec<Children>, AppError> {
    app.app()?.tree_children(key, parents).await
}

/// The open framework's whole tree with each item's type and education levels, for the map.
#[tauri::command]
pub async fn framework_map(app: State<'_, AppState>, key: FrameworkKey) -> Result<FrameworkMap, AppError> {
    app.app()?.framework_map(key).await
}

/// The children of every node below `node`.
#[tauri::command]
pub async fn tree_descendants(
    app: State<'_, AppState>,
    key: FrameworkKey,
    node: String,
) -> Result<Vec<Children>, AppError> {
    app.app()?.tree_descendants(key, node).await
}

/// Every path from a root row down to `identifier`.
#[tauri::command]
pub async fn tree_paths(
    app: State<'_, AppState>,
    key: FrameworkKey,
    identifier: String,
) -> Result<Vec<Vec<String>>, AppError> {
    app.app()?.tree_paths(key, identifier).await
}

/// The item at `uri` fetched from the saved `connection` with its framework, cached; where to
/// open it.
#[tauri::command]
pub async fn fetch_end(app: State<'_, AppState>, connection: String, uri: String) -> Result<FetchedEnd, AppError> {
    app.app()?.fetch_end(connection, uri).await
}

/// What the item panel shows.
#[tauri::command]
pub async fn item_detail(
    app: State<'_, AppState>,
    key: FrameworkKey,
    identifier: String,
) -> Result<ItemDetail, AppError> {
    app.app()?.item_detail(key, identifier).await
}

/// Full-text search over every cached framework, with progress; a new search (or
/// `cancel("search")`) cancels the one still running.
#[tauri::command]
pub async fn search(
    app: State<'_, AppState>,
    query: String,
    limit: u32,
    on_progress: Channel<Progress>,
) -> Result<Vec<SearchHit>, AppError> {
    app.app()?.search(query, limit, &to_channel(&on_progress)).await
}

/// The saved session (read on the blocking pool).
#[tauri::command]
pub async fn session_load(app: State<'_, AppState>) -> Result<Option<Session>, AppError> {
    app.app()?.session_load().await
}

/// Saves the session.
#[tauri::command]
pub async fn session_save(app: State<'_, AppState>, session: Session) -> Result<(), AppError> {
    app.app()?.session_save(session).await
}

/// Cancels a running task (`sync`, `search`, `import`).
#[tauri::command]
pub async fn cancel(app: State<'_, AppState>, task: String) -> Result<bool, AppError> {
    Ok(app.app()?.cancel(&task))
}

/// The relationship graph around `identifier`: `depth` associations either way, at most `limit` nodes.
#[tauri::command]
pub async fn relation_graph(
    app: State<'_, AppState>,
    key: FrameworkKey,
    identifier: String,
    depth: u32,
    limit: u32,
) -> Result<NeighbourhoodGraph, AppError> {
    app.app()?.relation_graph(key, identifier, depth, limit).await
}

/// The `precedes` chains through `identifier`.
#[tauri::command]
pub async fn progressions(
    app: State<'_, AppState>,
    key: FrameworkKey,
    identifier: String,
) -> Result<Vec<Progression>, AppError> {
    app.app()?.progressions(key, identifier).await
}

/// Every rubric of a framework.
#[tauri::command]
pub async fn rubrics(app: State<'_, AppState>, key: FrameworkKey) -> Result<Vec<Rubric>, AppError> {
    app.app()?.rubrics(key).await
}

/// The rubrics with a criterion naming `identifier`.
#[tauri::command]
pub async fn item_rubrics(
    app: State<'_, AppState>,
    key: FrameworkKey,
    identifier: String,
) -> Result<Vec<Rubric>, AppError> {
    app.app()?.item_rubrics(key, identifier).await
}

/// The crosswalk of two cached frameworks.
#[tauri::command]
pub async fn crosswalk(
    app: State<'_, AppState>,
    from: FrameworkKey,
    to: FrameworkKey,
) -> Result<CrosswalkReport, AppError> {
    app.app()?.crosswalk(from, to).await
}

/// What changed from the snapshot `old` to `new`.
#[tauri::command]
pub async fn version_diff(
    app: State<'_, AppState>,
    old: SnapshotRef,
    new: SnapshotRef,
) -> Result<VersionDiff, AppError> {
    app.app()?.version_diff(old, new).await
}

/// The tree of a framework built from the `isChildOf` links of chosen association groupings.
#[tauri::command]
pub async fn grouping_tree(
    app: State<'_, AppState>,
    key: FrameworkKey,
    groupings: Vec<String>,
) -> Result<GroupingTree, AppError> {
    app.app()?.grouping_tree(key, groupings).await
}
