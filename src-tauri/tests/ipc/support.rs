//! The mock window the IPC tests drive: Tauri's mock runtime with the app's real context
//! (so the capability must grant each command) and the app's state on a data folder, and a call
//! of a command as the web view makes it, and files granted as the user's dialogs grant them.

use std::path::Path;

use cairn_explorer::app::{FileGrants, GrantAccess};
use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, MockRuntime, mock_builder};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindow, WebviewWindowBuilder};

/// The app on `data_dir` with its main window.
pub fn window(data_dir: &Path) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let app = cairn_app::with_commands(mock_builder())
        .build(tauri::generate_context!())
        .expect("the app builds with its real context");
    app.manage(cairn_app::app_state(app.handle(), data_dir.to_owned()));
    let window = WebviewWindowBuilder::new(&app, "main", Default::default()).build().expect("the main window");
    (app, window)
}

/// `cmd` called with `args` as the web view calls it: the answer, or the error it was refused with.
pub fn invoke(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Result<Value, Value> {
    tauri::test::get_ipc_response(
        window,
        InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        },
    )
    .map(|body| body.deserialize::<Value>().expect("a JSON answer"))
}

/// The grant the page gets when the user chooses `path` in a dialog (to read, or to write).
pub fn chosen(window: &WebviewWindow<MockRuntime>, path: &Path, access: GrantAccess) -> String {
    window.state::<FileGrants>().grant(path, access).grant
}

/// `tests/fixtures/case/<name>` imported as the user's chosen file; the key of its framework.
pub fn import_fixture(window: &WebviewWindow<MockRuntime>, name: &str) -> Value {
    let file = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/case")
        .join(name);
    let grant = chosen(window, &file, GrantAccess::Read);
    let args =
        serde_json::json!({ "connection": "files", "grants": [grant], "force": false, "onProgress": "__CHANNEL__:1" });
    let imported = invoke(window, "import_files", args).expect("import_files");
    assert_eq!(imported["files"][0]["outcome"], "imported", "{imported}");
    serde_json::json!({ "connection": "files", "identifier": imported["files"][0]["document"] })
}
