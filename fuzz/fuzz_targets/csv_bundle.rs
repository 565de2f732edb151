//! The OneRoster CSV import of a bundle folder: the input is split into files at U+001E
//! (record separator), each `name` U+001F `contents`; they are written to a fresh folder and
//! imported. Malformed CSV, broken quoting, wrong encodings, huge fields and strange manifests
//! must give warnings or an error, never a panic.
#![no_main]

use cairn_files::import::import_roster;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // In memory where there is a tmpfs: the import reads files, and disks are slow.
    let Ok(dir) = tempfile::tempdir_in("/dev/shm").or_else(|_| tempfile::tempdir()) else { return };
    let mut any = false;
    for part in data.split(|&b| b == 0x1e) {
        let Some(at) = part.iter().position(|&b| b == 0x1f) else { continue };
        let Ok(name) = std::str::from_utf8(&part[..at]) else { continue };
        // Plain names only: the bundle is a flat folder.
        if name.is_empty()
            || name.len() > 64
            || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
        {
            continue;
        }
        if std::fs::write(dir.path().join(name), &part[at + 1..]).is_ok() {
            any = true;
        }
    }
    if !any {
        return;
    }
    let _ = import_roster(dir.path(), "https://cairn.invalid", &mut |_, record| {
        assert!(record.is_object());
        Ok(())
    });
});
