//! How the web view draws on Linux. WebKitGTK composites its layers with OpenGL; on a machine
//! without a GPU (no DRM render node: a virtual machine, a remote desktop, Xvfb) that OpenGL is
//! Mesa's software rasteriser, and compositing through it makes every frame several times
//! slower than WebKit's plain software path (measured under Xvfb: a scrolling frame's median
//! 48 ms against 13 ms) and holds about 150 MB more in the web process. So without a render node
//! the window's web view is set to draw without hardware acceleration; a machine with a GPU
//! keeps WebKit's default, and so does a user who set `WEBKIT_DISABLE_COMPOSITING_MODE` either way.

use std::ffi::OsString;
use std::path::Path;

/// WebKitGTK's own switch for its compositing mode: when set, the user has chosen.
pub const COMPOSITING_VARIABLE: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";

/// Whether to draw without hardware acceleration: only when the user has not set
/// [`COMPOSITING_VARIABLE`] and `dri` (the DRM device folder) holds no render node.
pub fn software_only(user_value: Option<OsString>, dri: &Path) -> bool {
    if user_value.is_some() {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(dri) else { return true };
    !entries.flatten().any(|e| e.file_name().to_string_lossy().starts_with("renderD"))
}

/// Applies the choice to `window`'s web view.
pub fn choose<R: tauri::Runtime>(window: &tauri::WebviewWindow<R>) {
    if !software_only(std::env::var_os(COMPOSITING_VARIABLE), Path::new("/dev/dri")) {
        return;
    }
    let applied = window.with_webview(|webview| {
        use webkit2gtk::{HardwareAccelerationPolicy, SettingsExt, WebViewExt};
        if let Some(settings) = webview.inner().settings() {
            settings.set_hardware_acceleration_policy(HardwareAccelerationPolicy::Never);
        }
    });
    match applied {
        Ok(()) => log::info!("no GPU render node: the web view draws without hardware acceleration"),
        Err(e) => log::warn!("could not set the web view's drawing mode: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn software_drawing_only_without_a_render_node_and_never_over_the_users_choice() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no-dri");
        assert!(software_only(None, &missing));
        std::fs::write(dir.path().join("card0"), "").unwrap();
        assert!(software_only(None, dir.path()), "a display card alone renders nothing");
        std::fs::write(dir.path().join("renderD128"), "").unwrap();
        assert!(!software_only(None, dir.path()));
        assert!(!software_only(Some("0".into()), &missing));
    }
}
