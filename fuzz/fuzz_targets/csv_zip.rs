//! The OneRoster CSV import of a bundle given as a zip archive: the input is the archive.
//! Malformed archives (bad headers, lying sizes, unsupported methods, nested folders) and
//! whatever the CSV files in them hold must give warnings or an error, never a panic.
#![no_main]

use cairn_files::import::import_roster;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // In memory where there is a tmpfs: the import reads files, and disks are slow.
    let Ok(dir) = tempfile::tempdir_in("/dev/shm").or_else(|_| tempfile::tempdir()) else { return };
    let path = dir.path().join("bundle.zip");
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let _ = import_roster(&path, "https://cairn.invalid", &mut |_, record| {
        assert!(record.is_object());
        Ok(())
    });
});
