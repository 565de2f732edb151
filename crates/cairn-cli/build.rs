//! The print renderer the command line inlines into `cairn export --format html`
//! (`src/print_bundle.rs`) is the UI's `ui/dist-print/`; when it is missing, this builds it with
//! `npm --prefix ui run build:print` (scripts/setup.sh builds it with the rest of the UI).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    // Read when the script runs, not baked in when it is compiled: cargo reuses a compiled build
    // script from a shared target folder for a checkout elsewhere (a CI clone since deleted).
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let ui = PathBuf::from(manifest).join("../../ui");
    let bundle = ui.join("dist-print");
    for file in ["print.js", "print.css"] {
        println!("cargo:rerun-if-changed={}", bundle.join(file).display());
    }
    if bundle.join("print.js").is_file() && bundle.join("print.css").is_file() {
        return;
    }
    let built = Command::new("npm").arg("--prefix").arg(&ui).args(["run", "--silent", "build:print"]).status();
    if !matches!(built, Ok(status) if status.success()) {
        println!(
            "cargo::error=the print renderer ui/dist-print/ is missing and `npm --prefix ui run build:print` failed \
             ({built:?}); run scripts/setup.sh (or `npm --prefix ui ci` then that command)"
        );
    }
}
