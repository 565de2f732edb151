//! Where the app keeps its data: the platform's data folder, or the folder given with
//! `--data-dir DIR` (or `CAIRN_DATA_DIR`), which tests use for a fresh start each time.

use std::ffi::OsString;
use std::path::PathBuf;

/// The environment variable that overrides the data folder.
pub const DATA_DIR_ENV: &str = "CAIRN_DATA_DIR";

/// The data folder given on the command line (`--data-dir DIR` or `--data-dir=DIR`), else by
/// [`DATA_DIR_ENV`]; `None` for the platform's.
pub fn data_dir_argument(args: impl IntoIterator<Item = OsString>) -> Option<PathBuf> {
    let mut args = args.into_iter().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--data-dir" {
            return args.next().map(PathBuf::from);
        }
        if let Some(dir) = arg.to_str().and_then(|a| a.strip_prefix("--data-dir=")) {
            return Some(PathBuf::from(dir));
        }
    }
    std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()).map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_flag_names_the_folder_in_either_form() {
        assert_eq!(data_dir_argument(args(&["cairn-app", "--data-dir", "/tmp/a"])), Some(PathBuf::from("/tmp/a")));
        assert_eq!(data_dir_argument(args(&["cairn-app", "--data-dir=/tmp/b"])), Some(PathBuf::from("/tmp/b")));
    }
}
