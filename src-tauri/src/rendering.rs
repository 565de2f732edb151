//! How the web view draws on Linux. WebKitGTK composites its layers with OpenGL; on a machine
//! without a GPU (no DRM render node: a virtual machine, a remote desktop, Xvfb) that OpenGL is
//! Mesa's software rasteriser, and compositing through it makes every frame several times
//! slower than WebKit's plain software path (measured under Xvfb: a scrolling frame's median
//! 48 ms against 13 ms) and holds about 150 MB more in the web process. So without a render node
//! the window's web view is set to draw without hardware acceleration; a machine with a GPU
//! keeps WebKit's default, and so does a user who set `WEBKIT_DISABLE_COMPOSITING_MODE` either way.
//!
//! On such a machine GTK's own OpenGL is the same software rasteriser, which nothing in the window
//! draws with; GTK still loads it (Mesa and LLVM: about 100 ms of a launch's 1.2 s) when it opens
//! the display. So the process tells GTK to leave OpenGL alone (`GDK_GL=disable`) before GTK starts,
//! unless the user set `GDK_GL` themselves.

use std::ffi::OsString;
use std::path::Path;

/// WebKitGTK's own switch for its compositing mode: when set, the user has chosen.
pub const COMPOSITING_VARIABLE: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";

/// GTK's switch for its OpenGL support.
pub const GDK_GL_VARIABLE: &str = "GDK_GL";

/// Whether GTK should leave OpenGL alone: when the web view draws without hardware acceleration
/// ([`software_only`]) and the user has not set [`GDK_GL_VARIABLE`].
pub fn gtk_without_gl(user_gl: Option<OsString>, user_compositing: Option<OsString>, dri: &Path) -> bool {
    user_gl.is_none() && software_only(user_compositing, dri)
}

/// Sets `GDK_GL=disable` for this process when [`gtk_without_gl`] says so. Call it first thing in
/// `main`, while the process has one thread.
#[allow(unsafe_code)]
pub fn prepare_process() {
    let dri = Path::new("/dev/dri");
    if gtk_without_gl(std::env::var_os(GDK_GL_VARIABLE), std::env::var_os(COMPOSITING_VARIABLE), dri) {
        // SAFETY: called from `main` before anything else runs, so no other thread can be reading
        // the environment (the one hazard `set_var` has on Linux).
        unsafe { std::env::set_var(GDK_GL_VARIABLE, "disable") };
    }
}

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

    #[test]
    fn gtk_leaves_opengl_alone_only_when_drawing_in_software_and_never_over_the_users_choice() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no-dri");
        assert!(gtk_without_gl(None, None, &missing));
        assert!(!gtk_without_gl(Some("always".into()), None, &missing));
        assert!(!gtk_without_gl(None, Some("0".into()), &missing));
        std::fs::write(dir.path().join("renderD128"), "").unwrap();
        assert!(!gtk_without_gl(None, None, dir.path()));
    }
}
