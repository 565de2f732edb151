//! Percent-encoding of query strings, and cleaning up URLs that go into headers.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};

/// Everything but RFC 3986 unreserved characters is encoded in a query component.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// Percent-encodes one query-string key or value (spaces become `%20`).
pub fn encode_component(text: &str) -> String {
    utf8_percent_encode(text, COMPONENT).to_string()
}

/// Builds a query string `k=v&k=v` (without the leading `?`), encoding keys and values.
///
/// ```
/// use cairn_query::query_string;
/// let q = query_string([("filter", "givenName='Ann Lee'"), ("limit", "10")]);
/// assert_eq!(q, "filter=givenName%3D%27Ann%20Lee%27&limit=10");
/// ```
pub fn query_string<I, K, V>(params: I) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    params
        .into_iter()
        .map(|(k, v)| format!("{}={}", encode_component(k.as_ref()), encode_component(v.as_ref())))
        .collect::<Vec<_>>()
        .join("&")
}

/// Decodes a percent-encoded query component (`+` is read as a space, invalid UTF-8 replaced).
pub fn decode_component(text: &str) -> String {
    let spaced = text.replace('+', " ");
    percent_decode_str(&spaced).decode_utf8_lossy().into_owned()
}

/// Makes `text` a valid URI reference without changing what it means: characters a URI may
/// not hold (spaces, quotes `"`, `<`, `>`, non-ASCII, controls...) are percent-encoded, valid
/// `%XX` escapes are kept, and a `%` not followed by two hex digits becomes `%25`.
pub(crate) fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let len = c.len_utf8();
        if c == '%' {
            let escape = rest.get(1..3).is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
            out.push_str(if escape { "%" } else { "%25" });
        } else if is_uri_char(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
        rest = rest.get(len..).unwrap_or_default();
    }
    out
}

/// Characters RFC 3986 allows unencoded in a path or query.
fn is_uri_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=:@/?".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_keeps_escapes_and_fixes_the_rest() {
        assert_eq!(sanitize("/a b?x=%27%zz é"), "/a%20b?x=%27%25zz%20%C3%A9");
        assert_eq!(sanitize("https://h/p?q=1&r=a+b"), "https://h/p?q=1&r=a+b");
        assert_eq!(sanitize("<\">"), "%3C%22%3E");
    }

    #[test]
    fn decode() {
        assert_eq!(decode_component("a+b%2Bc%ff"), "a b+c\u{fffd}");
    }
}
