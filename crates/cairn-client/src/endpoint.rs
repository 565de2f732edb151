//! Where requests go: a checked base URL (HTTPS, or HTTP to loopback only) plus a dialect
//! gives each operation's URL.

use std::net::IpAddr;

use cairn_query::Query;
use cairn_spec::Dialect;
use cairn_spec::operations::{Operation, Query as QueryKind};

use crate::error::ClientError;

/// A server's base URL and dialect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    base: String,
    dialect: Dialect,
}

impl Endpoint {
    /// Checks `base_url` (`https://host[:port][/prefix]`; `http` only to loopback).
    pub fn new(base_url: &str, dialect: Dialect) -> Result<Endpoint, ClientError> {
        check_url(base_url)?;
        Ok(Endpoint { base: base_url.trim_end_matches('/').to_owned(), dialect })
    }

    /// The base URL, without a trailing slash.
    pub fn base_url(&self) -> &str {
        &self.base
    }

    /// The dialect.
    pub fn dialect(&self) -> &Dialect {
        &self.dialect
    }

    /// The token endpoint the specification puts at `{base_url}/token`.
    pub fn default_token_url(&self) -> String {
        format!("{}/token", self.base)
    }

    /// The URL of `operation` with its path parameters and the query parameters it accepts:
    /// the whole query for collections, only `fields` for single-record reads that take it,
    /// none otherwise.
    pub fn url(&self, operation: &Operation, params: &[&str], query: Option<&Query>) -> Result<String, ClientError> {
        let expected = operation.path_params().count();
        if expected != params.len() {
            return Err(ClientError::PathParameters { operation: operation.name, expected, given: params.len() });
        }
        let mut url = format!("{}{}{}", self.base, self.dialect.base_path(operation.service), operation.render(params));
        let qs = match (operation.query, query) {
            (QueryKind::Collection, Some(query)) => Some(query.to_query_string()),
            (QueryKind::Fields, Some(query)) => {
                query.fields.as_ref().map(|f| cairn_query::query_string([("fields", f.to_string())]))
            }
            _ => None,
        };
        if let Some(qs) = qs
            && !qs.is_empty()
        {
            url.push('?');
            url.push_str(&qs);
        }
        Ok(url)
    }
}

/// Checks a server URL: `https://host[:port][/path]`, or `http` to a loopback host only; no
/// user or password, query or fragment. Errors never repeat a user or password given.
pub fn check_url(url: &str) -> Result<(), ClientError> {
    let shown = without_userinfo(url);
    let invalid = |reason| ClientError::InvalidUrl { url: shown.clone(), reason };
    let (scheme, rest) = url.split_once("://").ok_or_else(|| invalid("no scheme (https://...)"))?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        return Err(invalid(
            "a base URL carries no user or password (the client id and secret go to the token endpoint)",
        ));
    }
    if rest.contains(['?', '#']) {
        return Err(invalid("a base URL has no query or fragment"));
    }
    let host = host_of(authority).ok_or_else(|| invalid("no host"))?;
    match scheme.to_ascii_lowercase().as_str() {
        "https" => Ok(()),
        "http" if is_loopback(host) => Ok(()),
        "http" => Err(ClientError::InsecureUrl { url: shown }),
        _ => Err(invalid("the scheme must be https (or http to loopback)")),
    }
}

/// `url` with any `user:password@` of its authority shown as `***@`.
fn without_userinfo(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..end].rfind('@') {
        Some(at) => format!("{scheme}://***{}", &rest[at..]),
        None => url.to_owned(),
    }
}

/// The host of an authority (`user@host:port`, `[::1]:8443`).
fn host_of(authority: &str) -> Option<&str> {
    let authority = authority.rsplit('@').next()?;
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next()?,
        None => authority.split(':').next()?,
    };
    (!host.is_empty()).then_some(host)
}

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use cairn_spec::operations::operation;

    use super::*;

    #[test]
    fn credentials_in_a_base_url_are_refused_and_never_repeated() {
        for url in ["https://me:Hunter2-secret@sis.example.org", "http://me:Hunter2-secret@example.org/x?y"] {
            let error = check_url(url).unwrap_err().to_string();
            assert!(!error.contains("Hunter2-secret") && !error.contains("me:"), "{error}");
            assert!(error.contains("***@"), "{error}");
        }
    }

    #[test]
    fn https_anywhere_http_only_to_loopback() {
        for ok in [
            "https://sis.example.org",
            "http://127.0.0.1:8080",
            "http://localhost/x/",
            "http://[::1]:9000",
            "http://127.4.5.6",
        ] {
            assert!(Endpoint::new(ok, Dialect::spec()).is_ok(), "{ok}");
        }
        for insecure in ["http://sis.example.org", "http://10.0.0.1", "http://127.0.0.1.example.org", "http://[::2]"] {
            assert!(
                matches!(Endpoint::new(insecure, Dialect::spec()), Err(ClientError::InsecureUrl { .. })),
                "{insecure}"
            );
        }
        for bad in ["sis.example.org", "ftp://x", "https://", "https://x?y=1"] {
            assert!(matches!(Endpoint::new(bad, Dialect::spec()), Err(ClientError::InvalidUrl { .. })), "{bad}");
        }
    }

    #[test]
    fn operation_urls_follow_the_dialect() {
        let op = operation("getStudentsForClass").unwrap();
        let query = Query::from_params([("filter", "familyName~'o''b'"), ("limit", "5")]).unwrap();
        let spec = Endpoint::new("https://sis.example.org/", Dialect::spec()).unwrap();
        assert_eq!(
            spec.url(op, &["c 1"], Some(&query)).unwrap(),
            "https://sis.example.org/api/roster/rostering/v1p2/classes/c%201/students?filter=familyName~%27o%27%27b%27&limit=5&offset=0"
        );
        let deployed = Endpoint::new("https://sis.example.org/base", Dialect::one_edtech()).unwrap();
        assert_eq!(
            deployed.url(operation("getCFPackage").unwrap(), &["a33fc64e-5c40-11e7-82c4-3d54268aa9ee"], None).unwrap(),
            "https://sis.example.org/base/ims/case/v1p1/CFPackages/a33fc64e-5c40-11e7-82c4-3d54268aa9ee"
        );
        assert_eq!(deployed.default_token_url(), "https://sis.example.org/base/token");
        assert!(matches!(spec.url(op, &[], None), Err(ClientError::PathParameters { expected: 1, given: 0, .. })));
        let fields = Query::from_params([("fields", "givenName,familyName"), ("limit", "5")]).unwrap();
        assert_eq!(
            spec.url(operation("getUser").unwrap(), &["u1"], Some(&fields)).unwrap(),
            "https://sis.example.org/api/roster/rostering/v1p2/users/u1?fields=givenName%2CfamilyName"
        );
        assert_eq!(
            spec.url(operation("getCFItem").unwrap(), &["i1"], Some(&fields)).unwrap(),
            "https://sis.example.org/api/competency/v1p1/CFItems/i1"
        );
    }
}
