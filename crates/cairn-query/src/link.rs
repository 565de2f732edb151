//! The `Link` header (RFC 8288): building `next`/`prev`/`first`/`last` page links, and reading
//! them back.
//!
//! # Which pages the links point at
//!
//! Pages are counted from the request's own offset, in steps of its limit, so that following
//! `next` from any offset visits every remaining record exactly once:
//!
//! * `first`: `offset=0` with the request's limit;
//! * `next`: `offset + limit`, with the request's limit; absent when that is past the end;
//! * `prev`: the records just before the page: `offset - limit` (at least 0) with the limit
//!   cut to `offset` when fewer records precede, so `prev` never overlaps the current page;
//!   absent on a page starting at 0;
//! * `last`: the final page of the same sequence, `offset + k·limit` for the largest `k` that
//!   starts before the end, with its limit the number of records left there. With 503
//!   records and `limit=10`, `last` is `limit=3&offset=500` from any offset that is a multiple
//!   of 10; from `offset=495` the request's page already reaches the end, so `last` is
//!   `limit=8&offset=495`.
//!
//! When the offset is past the end (no records on the page) there is no `next`, and `prev` and
//! `last` both point at the final page counted from 0 (`limit=3&offset=500` above). An empty
//! collection gets no header.

use crate::paging::Paging;
use crate::url::{decode_component, sanitize};

/// One link of a `Link` header: a target and one relation type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Link {
    /// The target URI as written between `<` and `>`.
    pub url: String,
    /// The relation type, lowercased (`next`, `prev`, `first`, `last`, ...).
    pub rel: String,
}

/// The page links for a request, in the order `next`, `prev`, `first`, `last`.
///
/// `base` is the request's path and query (`/users?filter=...`) or full URL; any `limit` and
/// `offset` parameters in it are dropped, the other parameters are kept in order (encoded
/// where needed, see [`crate::query_string`]), and each link appends `limit=..&offset=..`.
/// Returns nothing for an empty collection.
pub fn page_links(base: &str, paging: &Paging, total: usize) -> Vec<Link> {
    if total == 0 {
        return Vec::new();
    }
    let base = Base::new(base);
    let limit = paging.limit();
    let offset = paging.offset();
    let last_from_zero = {
        let start = (total - 1) / limit * limit;
        (total - start, start)
    };
    let (next, prev, last) = if offset < total {
        let next = offset.checked_add(limit).filter(|&n| n < total).map(|n| (limit, n));
        let prev = (offset > 0).then(|| {
            let start = offset.saturating_sub(limit);
            (offset - start, start)
        });
        let start = offset + (total - 1 - offset) / limit * limit;
        (next, prev, (total - start, start))
    } else {
        (None, Some(last_from_zero), last_from_zero)
    };
    let relations = [("next", next), ("prev", prev), ("first", Some((limit, 0))), ("last", Some(last))];
    relations
        .into_iter()
        .filter_map(|(rel, page)| {
            page.map(|(limit, offset)| Link { url: base.page(limit, offset), rel: rel.to_owned() })
        })
        .collect()
}

/// The `Link` header value for a request (see [`page_links`]): `<url>; rel="next", ...`.
/// `None` for an empty collection.
pub fn link_header(base: &str, paging: &Paging, total: usize) -> Option<String> {
    let links = page_links(base, paging, total);
    let rendered: Vec<String> = links.iter().map(|l| format!("<{}>; rel=\"{}\"", l.url, l.rel)).collect();
    (!rendered.is_empty()).then(|| rendered.join(", "))
}

/// The request URL cut into what the page links share.
struct Base {
    /// Everything before `?`, sanitized.
    path: String,
    /// The query parameters other than `limit` and `offset`, sanitized.
    params: Vec<String>,
}

impl Base {
    fn new(url: &str) -> Base {
        let url = url.split('#').next().unwrap_or_default();
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        let params = query
            .split('&')
            .filter(|param| !param.is_empty())
            .filter(|param| {
                let key = decode_component(param.split('=').next().unwrap_or_default());
                key != "limit" && key != "offset"
            })
            .map(sanitize)
            .collect();
        Base { path: sanitize(path), params }
    }

    fn page(&self, limit: usize, offset: usize) -> String {
        let mut url = format!("{}?", self.path);
        for param in &self.params {
            url.push_str(param);
            url.push('&');
        }
        url.push_str(&format!("limit={limit}&offset={offset}"));
        url
    }
}

/// Reads a `Link` header value: one [`Link`] per relation type, in order.
///
/// Tolerant: any spacing, several relation types in one `rel` (`rel="next last"` gives two
/// links), quoted or bare `rel` values, commas and semicolons inside `<...>`, other parameters
/// and unparsable pieces (skipped). Links without `rel` are left out.
pub fn parse_link_header(header: &str) -> Vec<Link> {
    let mut links = Vec::new();
    let mut rest = header;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        if rest.is_empty() {
            break;
        }
        let Some(after_open) = rest.strip_prefix('<') else {
            rest = skip_to_comma(rest);
            continue;
        };
        let Some((url, after)) = after_open.split_once('>') else {
            break;
        };
        rest = after;
        let mut rel = None;
        while let Some(param) = rest.trim_start().strip_prefix(';') {
            let (name, value, after) = link_param(param);
            rest = after;
            if rel.is_none() && name.eq_ignore_ascii_case("rel") {
                rel = value;
            }
        }
        rest = skip_to_comma(rest);
        for relation in rel.iter().flat_map(|r| r.split_whitespace()) {
            links.push(Link { url: url.trim().to_owned(), rel: relation.to_ascii_lowercase() });
        }
    }
    links
}

/// The target of the first link whose relation is `next`.
pub fn next_link(header: &str) -> Option<String> {
    parse_link_header(header).into_iter().find(|l| l.rel == "next").map(|l| l.url)
}

/// Reads `name[=value]` after a `;`; returns the name, the value (unquoted) and the rest.
fn link_param(text: &str) -> (&str, Option<String>, &str) {
    let text = text.trim_start();
    let end = text.find(['=', ';', ',']).unwrap_or(text.len());
    let (name, rest) = text.split_at_checked(end).unwrap_or((text, ""));
    let Some(value) = rest.strip_prefix('=') else {
        return (name.trim(), None, rest);
    };
    let value = value.trim_start();
    if let Some(quoted) = value.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = quoted.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => return (name.trim(), Some(out), quoted.get(i + 1..).unwrap_or_default()),
                '\\' => out.extend(chars.next().map(|(_, escaped)| escaped)),
                _ => out.push(c),
            }
        }
        (name.trim(), Some(out), "")
    } else {
        let end = value.find([';', ',']).unwrap_or(value.len());
        let (token, rest) = value.split_at_checked(end).unwrap_or((value, ""));
        (name.trim(), Some(token.trim().to_owned()), rest)
    }
}

/// The text from the next comma outside a quoted string (or the end).
fn skip_to_comma(text: &str) -> &str {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => return text.get(i..).unwrap_or_default(),
            _ => {}
        }
    }
    ""
}
