//! How much memory the web view's JavaScript keeps on Linux. WebKitGTK's JavaScriptCore sizes its
//! heap for a browser on the machine's RAM: on a desktop with gigabytes free it lets garbage
//! pile up between collections, and a long scroll through a 20,000-row tree (React making and
//! dropping its objects on every frame) grew the web process by 35–90 MB a pass, never given
//! back, with one collection of 90–140 ms landing in a later pass. JavaScriptCore's mini mode
//! (its `forceMiniVMMode` option) grows the heap in smaller steps, so it collects sooner and
//! in shorter pauses: measured under Xvfb after three passes, the web process at 224 MB instead
//! of 347–380 and the longest frame 33 ms instead of 88–106. The web process inherits this
//! process's environment, where JavaScriptCore reads its options (`JSC_` and the option's
//! name), so the process sets it before WebKit starts, unless the user set it themselves.

use std::ffi::OsString;

/// JavaScriptCore's switch for its mini mode.
pub const MINI_MODE_VARIABLE: &str = "JSC_forceMiniVMMode";

/// Whether to ask for the mini mode: unless the user has set [`MINI_MODE_VARIABLE`] either way.
pub fn mini_mode(user_value: Option<OsString>) -> bool {
    user_value.is_none()
}

/// Sets [`MINI_MODE_VARIABLE`] for this process (and so for its web processes) when
/// [`mini_mode`] says so. Call it first thing in `main`, while the process has one thread.
#[allow(unsafe_code)]
pub fn prepare_process() {
    if mini_mode(std::env::var_os(MINI_MODE_VARIABLE)) {
        // SAFETY: called from `main` before anything else runs, so no other thread can be reading
        // the environment (the one hazard `set_var` has on Linux).
        unsafe { std::env::set_var(MINI_MODE_VARIABLE, "true") };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mini_mode_is_asked_for_unless_the_user_chose() {
        assert!(mini_mode(None));
        assert!(!mini_mode(Some("false".into())));
        assert!(!mini_mode(Some("true".into())));
    }
}
