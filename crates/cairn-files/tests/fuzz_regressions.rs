//! Inputs the fuzz targets (`fuzz/`) once crashed on, kept in `tests/fixtures/fuzz/<target>/`
//! and replayed here through the same code, in the same input format as the target's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use cairn_files::check::check_bytes;
use cairn_files::import::import_roster;

fn kept(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/fuzz")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut files: Vec<(PathBuf, Vec<u8>)> =
        entries.map(|e| e.unwrap().path()).map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect();
    files.sort();
    files
}

/// As `fuzz/fuzz_targets/check_json.rs`: the first byte picks the class.
#[test]
fn check_json_inputs() {
    let all = cairn_spec::registry::classes();
    for (path, data) in kept("check_json") {
        let Some((&pick, file)) = data.split_first() else { continue };
        let name = match usize::from(pick) % (all.len() + 1) {
            0 => None,
            n => Some((all[n - 1].shape)().name),
        };
        let _ = check_bytes(file, &path, name);
    }
}

/// As `fuzz/fuzz_targets/csv_bundle.rs`: files split at U+001E, `name` U+001F `contents`.
#[test]
fn csv_bundle_inputs() {
    for (_, data) in kept("csv_bundle") {
        let dir = tempfile::tempdir().unwrap();
        for part in data.split(|&b| b == 0x1e) {
            let Some(at) = part.iter().position(|&b| b == 0x1f) else { continue };
            let Ok(name) = std::str::from_utf8(&part[..at]) else { continue };
            if name.is_empty()
                || name.len() > 64
                || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
            {
                continue;
            }
            std::fs::write(dir.path().join(name), &part[at + 1..]).unwrap();
        }
        let _ = import_roster(dir.path(), "https://cairn.invalid", &mut |_, _| Ok(()));
    }
}

/// As `fuzz/fuzz_targets/csv_zip.rs`: the input is a zip archive.
#[test]
fn csv_zip_inputs() {
    for (_, data) in kept("csv_zip") {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bundle.zip");
        std::fs::write(&path, data).unwrap();
        let _ = import_roster(&path, "https://cairn.invalid", &mut |_, _| Ok(()));
    }
}
