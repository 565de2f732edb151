//! Finds the commit the binaries are built from: `CAIRN_COMMIT` when set (a build from a source
//! archive, which has no `.git`), else `git rev-parse` on the checkout, else `unknown`. Cargo runs
//! this again when `HEAD` moves (a commit, a checkout), so the answer never goes stale.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=CAIRN_COMMIT");
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let commit = match std::env::var("CAIRN_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => commit.trim().to_owned(),
        _ => {
            watch_head(&here);
            git(&here, &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".to_owned())
        }
    };
    println!("cargo:rustc-env=CAIRN_COMMIT={commit}");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!("cargo:rustc-env=CAIRN_VERSION_LINE={version} (commit {commit})");
}

/// Asks cargo to run this script again when the checkout's `HEAD` or a branch moves: `HEAD`
/// (a checkout, a detached commit), the branches' folder (a commit writes its branch's file
/// there) and `packed-refs`. Only paths that exist are named — cargo runs a script again every
/// time a path it was given is missing, which would recompile the app on every build.
fn watch_head(here: &Path) {
    let dir = |flag: &str| git(here, &["rev-parse", "--path-format=absolute", flag]).map(PathBuf::from);
    let (Some(git_dir), Some(common_dir)) = (dir("--absolute-git-dir"), dir("--git-common-dir")) else {
        return;
    };
    for path in [git_dir.join("HEAD"), common_dir.join("refs").join("heads"), common_dir.join("packed-refs")] {
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}

/// What `git args` prints in `dir`, when git is there and answers.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).current_dir(dir).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
}
