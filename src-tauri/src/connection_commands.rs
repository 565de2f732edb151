//! The Connections area's commands: each a thin async adapter over
//! [`cairn_explorer::app::App`]. The client secret arrives in a form, once, and is never
//! answered back; a sync's progress goes through a [`Channel`]. A CA certificate arrives as the
//! grant of the file the user chose, and is read in Rust when the connection is saved.

use cairn_explorer::app::{
    App, AppError, ConnectionForm, ConnectionList, ConnectionTest, ErrorCode, FileGrants, GrantAccess, Progress,
    SyncStatus, SyncSummary,
};
use tauri::State;
use tauri::ipc::Channel;

use crate::commands::{AppState, to_channel};

/// Every connection (never a secret), and why the keyring cannot be used when it cannot.
#[tauri::command]
pub async fn connections_list(app: State<'_, AppState>) -> Result<ConnectionList, AppError> {
    app.app()?.connections().await
}

/// Saves a connection from the form: new when `original` is null, else a change of `original`.
#[tauri::command]
pub async fn connection_save(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    form: ConnectionForm,
    original: Option<String>,
) -> Result<(), AppError> {
    let app = app.app()?;
    let form = certificate_chosen(app, &files, form, original.as_deref()).await?;
    app.connection_save(form, original).await
}

/// `form` with its CA certificate as the user chose it: the grant of a file chosen in the open
/// dialog becomes that file's path; the certificate `original` was saved with stays; anything
/// else (a path the page made up) is refused before any file is touched.
async fn certificate_chosen(
    app: &App,
    files: &FileGrants,
    mut form: ConnectionForm,
    original: Option<&str>,
) -> Result<ConnectionForm, AppError> {
    let Some(certificate) = form.ca_cert.clone().filter(|c| !c.trim().is_empty()) else { return Ok(form) };
    if let Ok(path) = files.path(&certificate, GrantAccess::Read) {
        form.ca_cert = Some(path.display().to_string());
        return Ok(form);
    }
    let stored = match original {
        Some(name) => app.connections().await?.connections.into_iter().find(|c| c.name == name).and_then(|c| c.ca_cert),
        None => None,
    };
    match stored.as_deref() == Some(certificate.as_str()) {
        true => Ok(form),
        false => {
            Err(AppError::new(ErrorCode::Invalid, "choose the CA certificate with Choose… (a typed path is not read)"))
        }
    }
}

/// Copies a connection, its secret copied inside the keyring.
#[tauri::command]
pub async fn connection_duplicate(app: State<'_, AppState>, name: String, copy: String) -> Result<(), AppError> {
    app.app()?.connection_duplicate(name, copy).await
}

/// Removes a connection, everything cached for it and its secret; refused (`unsent`) while it
/// has unsent gradebook changes, unless `discard_unsent`.
#[tauri::command]
pub async fn connection_remove(
    app: State<'_, AppState>,
    name: String,
    discard_unsent: Option<bool>,
) -> Result<(), AppError> {
    app.app()?.connection_remove(name, discard_unsent.unwrap_or(false)).await
}

/// A token's granted scopes and each service's answer.
#[tauri::command]
pub async fn connection_test(app: State<'_, AppState>, name: String) -> Result<ConnectionTest, AppError> {
    app.app()?.connection_test(name).await
}

/// The form as typed, tested before it is saved (its secret, or `original`'s stored one).
#[tauri::command]
pub async fn connection_test_form(
    app: State<'_, AppState>,
    files: State<'_, FileGrants>,
    form: ConnectionForm,
    original: Option<String>,
) -> Result<ConnectionTest, AppError> {
    let app = app.app()?;
    let form = certificate_chosen(app, &files, form, original.as_deref()).await?;
    app.connection_test_form(form, original).await
}

/// Syncs a connection in full or incrementally, with progress; cancel it as task `sync:<name>`.
#[tauri::command]
pub async fn sync_connection(
    app: State<'_, AppState>,
    name: String,
    full: bool,
    on_progress: Channel<Progress>,
) -> Result<SyncSummary, AppError> {
    let report = app.app()?.sync_connection(name.clone(), full, &to_channel(&on_progress)).await?;
    Ok(SyncSummary::of(&name, &report))
}

/// Each collection's last sync and last complete sync.
#[tauri::command]
pub async fn sync_status(app: State<'_, AppState>, name: String) -> Result<SyncStatus, AppError> {
    app.app()?.sync_status(name).await
}
