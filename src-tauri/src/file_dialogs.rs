//! Where files come from: the system's open and save dialogs shown from Rust, files dropped on the
//! window, and typed paths confirmed in a native dialog. Each answers the page a grant
//! ([`FileGrants`]); no command takes a path from the page (ARCHITECTURE.md, "The window's
//! boundary").

use std::path::{Path, PathBuf};

use cairn_explorer::app::{AppError, AppEvent, ChosenFile, ErrorCode, FileGrants, GrantAccess};
use serde::Deserialize;
use tauri::{DragDropEvent, Emitter, Manager, Runtime, State, WebviewWindow, Window, WindowEvent};
use tauri_plugin_dialog::{DialogExt, FilePath, MessageDialogButtons, MessageDialogKind};
use tokio::sync::oneshot;

/// What the page asks the open dialog for.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OpenChoice {
    /// CASE packages and zipped OneRoster bundles.
    Imports,
    /// A OneRoster CSV bundle's folder.
    Folder,
    /// A PEM CA certificate for a connection.
    Certificate,
}

/// What the page asks a typed path to be confirmed for.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TypedPurpose {
    /// Opening (importing) the files.
    Open,
    /// Saving an export there.
    Save,
}

/// The system's open dialog for `what`; the chosen files granted for reading, or `None` when the
/// user closed it.
#[tauri::command]
pub async fn choose_open<R: Runtime>(
    window: WebviewWindow<R>,
    grants: State<'_, FileGrants>,
    what: OpenChoice,
) -> Result<Option<Vec<ChosenFile>>, AppError> {
    let dialog = window.dialog().file().set_parent(&window);
    let picked = answered(|done| match what {
        OpenChoice::Imports => dialog
            .set_title("Open CASE packages and OneRoster bundles")
            .add_filter("CASE packages (.json), OneRoster bundles (.zip)", &["json", "zip"])
            .pick_files(done),
        OpenChoice::Folder => {
            dialog.set_title("Open a OneRoster CSV bundle folder").pick_folder(move |path| done(path.map(|p| vec![p])))
        }
        OpenChoice::Certificate => dialog
            .set_title("Choose a CA certificate")
            .add_filter("PEM certificates", &["pem", "crt", "cer"])
            .pick_file(move |path| done(path.map(|p| vec![p]))),
    });
    let Some(paths) = picked.await.flatten() else { return Ok(None) };
    let paths = paths.into_iter().map(local_path).collect::<Result<Vec<_>, _>>()?;
    Ok(Some(paths.iter().map(|path| grants.grant(path, GrantAccess::Read)).collect()))
}

/// The system's save dialog in the documents folder with `name` suggested and `extension`'s
/// filter; the chosen file granted for writing, or `None` when the user closed it.
#[tauri::command]
pub async fn choose_save<R: Runtime>(
    window: WebviewWindow<R>,
    grants: State<'_, FileGrants>,
    name: String,
    extension: String,
) -> Result<Option<ChosenFile>, AppError> {
    let mut dialog =
        window.dialog().file().set_parent(&window).set_title(save_title(&extension)).set_file_name(file_name(&name));
    if let Ok(documents) = window.path().document_dir() {
        dialog = dialog.set_directory(documents);
    }
    if !extension.is_empty() {
        dialog = dialog.add_filter(extension.to_uppercase(), &[extension.as_str()]);
    }
    let Some(path) = answered(|done| dialog.save_file(done)).await.flatten() else { return Ok(None) };
    Ok(Some(grants.grant(&local_path(path)?, GrantAccess::Write)))
}

/// A path the user typed, shown in a native confirmation before anything touches it: granted
/// when the user confirms, `None` when they do not. Nothing is read or checked before that, so
/// the page learns nothing of the file system from the answer.
#[tauri::command]
pub async fn confirm_typed_path<R: Runtime>(
    window: WebviewWindow<R>,
    grants: State<'_, FileGrants>,
    path: String,
    purpose: TypedPurpose,
) -> Result<Option<ChosenFile>, AppError> {
    let typed = PathBuf::from(path.trim());
    if !typed.is_absolute() {
        return Err(AppError::new(
            ErrorCode::Invalid,
            "type the whole path, from / (or choose the file in the dialog)",
        ));
    }
    let (title, message, access) = match purpose {
        TypedPurpose::Open => (
            "Open this file?",
            format!("Cairn will read\n\n{}\n\nOpen it only if you typed this path yourself.", typed.display()),
            GrantAccess::Read,
        ),
        TypedPurpose::Save => (
            "Save to this file?",
            format!(
                "Cairn will write\n\n{}\n\nreplacing any file of that name. Save only if you typed this path yourself.",
                typed.display()
            ),
            GrantAccess::Write,
        ),
    };
    let dialog = window
        .dialog()
        .message(message)
        .title(title)
        .kind(MessageDialogKind::Warning)
        .buttons(MessageDialogButtons::OkCancel)
        .parent(&window);
    let confirmed = answered(|done| dialog.show(done)).await.unwrap_or(false);
    Ok(confirmed.then(|| grants.grant(&typed, access)))
}

/// Shows a chosen file in the system's file manager.
#[tauri::command]
pub async fn reveal_file(grants: State<'_, FileGrants>, grant: String) -> Result<(), AppError> {
    let path = grants.any_path(&grant)?;
    tauri_plugin_opener::reveal_item_in_dir(&path)
        .map_err(|e| AppError::new(ErrorCode::Io, format!("cannot show {} in its folder: {e}", path.display())))
}

/// Grants the files dropped on a window for reading and hands them to its page.
pub fn on_window_event<R: Runtime>(window: &Window<R>, event: &WindowEvent) {
    let WindowEvent::DragDrop(DragDropEvent::Drop { paths, .. }) = event else { return };
    if paths.is_empty() {
        return;
    }
    let Some(grants) = window.try_state::<FileGrants>() else { return };
    let chosen: Vec<ChosenFile> = paths.iter().map(|path| grants.grant(path, GrantAccess::Read)).collect();
    let event = AppEvent::FilesDropped(chosen);
    let _ = window.emit_to(window.label(), event.name(), event.payload());
}

/// What a dialog shown by `show` answers its callback (`None` if it never does): the dialogs
/// answer on the window's thread, the command waits without blocking a thread.
async fn answered<T: Send + 'static>(show: impl FnOnce(Box<dyn FnOnce(T) + Send>)) -> Option<T> {
    let (send, answer) = oneshot::channel();
    show(Box::new(move |value| {
        let _ = send.send(value);
    }));
    answer.await.ok()
}

/// A dialog's answer as a local path (the dialogs here only ever answer paths).
fn local_path(path: FilePath) -> Result<PathBuf, AppError> {
    path.into_path().map_err(|e| AppError::new(ErrorCode::Invalid, format!("the dialog answered no local file: {e}")))
}

/// The save dialog's title: what the file is saved as ("Save as PNG"), so that a user with several
/// windows (and a test finding it by title) knows which save this is.
fn save_title(extension: &str) -> String {
    match extension.trim() {
        "" => "Save".into(),
        extension => format!("Save as {}", extension.to_uppercase()),
    }
}

/// `name` as a suggested file name: its last component, never a path.
fn file_name(name: &str) -> String {
    Path::new(name).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "export".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_dialog_is_titled_with_what_it_saves() {
        assert_eq!(save_title("png"), "Save as PNG");
        assert_eq!(save_title("xlsx"), "Save as XLSX");
        assert_eq!(save_title(""), "Save");
    }

    #[test]
    fn a_suggested_name_is_never_a_path() {
        assert_eq!(file_name("../../etc/passwd"), "passwd");
        assert_eq!(file_name("K.1 graph.png"), "K.1 graph.png");
        assert_eq!(file_name(""), "export");
    }
}
