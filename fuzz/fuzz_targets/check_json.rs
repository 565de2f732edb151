//! The JSON reading of every class of the four services, as `cairn check` reads a file: the
//! first byte picks a class of the registry (or none: guess a CASE package, bare or wrapped,
//! or a set wrapper), the rest is the file. Reading, the lossless round trip and strict
//! validation must never panic; reading the text straight (`read_str`) must give what reading
//! it parsed (`read_slice`) gives.
#![no_main]

use std::path::Path;

use cairn_files::check::check_bytes;
use cairn_spec::registry::classes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, file)) = data.split_first() else { return };
    let all = classes();
    let name = match usize::from(pick) % (all.len() + 1) {
        0 => None,
        n => Some((all[n - 1].shape)().name),
    };
    let _ = check_bytes(file, Path::new("fuzz.json"), name);
    // Every class reads every JSON value without panicking and writes back what it read.
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(file) {
        let entry = &all[usize::from(pick) % all.len()];
        if let Ok((written, _)) = (entry.check)(value.clone()) {
            assert_eq!(written, value, "reading is lossless");
        }
    }
    if let Ok(text) = std::str::from_utf8(file) {
        let entry = &all[usize::from(pick) % all.len()];
        assert_eq!((entry.read_text)(text, true), (entry.read_text)(text, false), "read_str reads as read_slice");
    }
});
