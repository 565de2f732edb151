//! What the client reads from a server's answer besides the records: the `Link` header, the
//! `X-Total-Count` header, `Retry-After`, and status objects (the body of an error, or the
//! `X-Status` header) in either dialect. The input is split at U+001F into a header value and
//! a body.
#![no_main]

use cairn_client::parse_retry_after;
use cairn_query::{next_link, parse_link_header, parse_total_count};
use cairn_spec::StatusInfo;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (header, body) = text.split_once('\u{1f}').unwrap_or((&text, ""));
    let _ = parse_link_header(header);
    let _ = next_link(header);
    let _ = parse_total_count(header);
    let _ = parse_retry_after(header, std::time::SystemTime::UNIX_EPOCH);
    for json in [body, header] {
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(json)
            && let Some(info) = StatusInfo::from_json(&value)
        {
            let _ = (info.code(), info.major());
        }
    }
});
