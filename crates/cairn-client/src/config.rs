//! [`ClientConfig`]: where the server is, who the client is, which scopes it asks for, and how
//! it pages, retries and times out.

use std::fmt;
use std::time::Duration;

use cairn_spec::{Dialect, Service};

use crate::retry::RetryPolicy;
use crate::secret::Secret;

/// The OneRoster 1.2 scope namespace: scopes are `{scope_base}/{suffix}`.
pub const DEFAULT_SCOPE_BASE: &str = "https://purl.imsglobal.org/spec/or/v1p2/scope";

/// The most requests in flight at once by default: the adaptive window starts at 4 and grows
/// toward this while throughput grows (see the README's network benchmark).
pub const DEFAULT_CONCURRENCY: usize = 16;

/// The largest response body read by default (256 MiB: generous for the largest framework
/// packages); a larger one is refused, from its `Content-Length` or while it streams.
pub const DEFAULT_MAX_BODY_BYTES: u64 = 256 * 1024 * 1024;

/// Everything a [`Client`](crate::Client) needs.
#[derive(Clone)]
pub struct ClientConfig {
    /// `https://host[:port][/prefix]` (plain `http` only to loopback).
    pub base_url: String,
    /// The token endpoint; `None` for `{base_url}/token`.
    pub token_url: Option<String>,
    /// OAuth 2.0 client id.
    pub client_id: String,
    /// OAuth 2.0 client secret.
    pub client_secret: Secret,
    /// Scopes to ask for: suffixes (`roster.readonly`, put under `scope_base`) or full URLs.
    /// Empty asks for every scope of the four services (the server grants what it allows).
    pub scopes: Vec<String>,
    /// The scope namespace suffixes are put under and granted scopes are read back from; empty
    /// sends `scopes` exactly as given (servers that name scopes their own way: `case.read`).
    pub scope_base: String,
    /// No authentication at all: no token is fetched and requests carry no `Authorization`
    /// (servers that serve public frameworks anonymously); a 401 then says the server wants
    /// credentials. The client id and secret are not used.
    pub anonymous: bool,
    /// Base paths and status-object prefix.
    pub dialect: Dialect,
    /// A PEM certificate to trust besides the system's roots (a sandbox's self-signed one).
    pub ca_cert_pem: Option<Vec<u8>>,
    /// The most requests in flight at once (at least 1): the adaptive window's ceiling, shared
    /// by every read of the client.
    pub concurrency: usize,
    /// Ask for compressed answers (zstd, br, gzip); `false` asks for none.
    pub compression: bool,
    /// Retries of failed requests.
    pub retry: RetryPolicy,
    /// The limit of one HTTP request, from sending to the end of the body.
    pub timeout: Duration,
    /// The largest response body read: a larger one (by `Content-Length`, or once that much
    /// has streamed) ends the request with [`crate::ClientError::BodyTooLarge`].
    pub max_body_bytes: u64,
}

impl ClientConfig {
    /// A configuration with the defaults: every scope, the OneRoster scope namespace, the
    /// `spec` dialect, system roots only, compressed answers, up to 16 requests at once, the
    /// default retries, 30 s requests.
    pub fn new(base_url: impl Into<String>, client_id: impl Into<String>, client_secret: impl Into<Secret>) -> Self {
        ClientConfig {
            base_url: base_url.into(),
            token_url: None,
            client_id: client_id.into(),
            client_secret: client_secret.into(),
            scopes: Vec::new(),
            scope_base: DEFAULT_SCOPE_BASE.to_owned(),
            anonymous: false,
            dialect: Dialect::spec(),
            ca_cert_pem: None,
            concurrency: DEFAULT_CONCURRENCY,
            compression: true,
            retry: RetryPolicy::default(),
            timeout: Duration::from_secs(30),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
        }
    }

    /// A client that sends no credentials (servers serving public frameworks anonymously).
    pub fn anonymous(base_url: impl Into<String>) -> ClientConfig {
        ClientConfig { anonymous: true, ..ClientConfig::new(base_url, "", "") }
    }

    /// The `scope` parameter of the token request: full scope names, space-separated.
    pub fn requested_scope(&self) -> String {
        let base = self.scope_base.trim_end_matches('/');
        // Without a base, names go exactly as given (`case.read`); full URLs always do.
        let full = |s: &str| match base.is_empty() || s.contains("://") {
            true => s.to_owned(),
            false => format!("{base}/{}", s.trim_start_matches('/')),
        };
        let names: Vec<String> = if self.scopes.is_empty() {
            let mut all: Vec<&str> = Service::ALL.into_iter().flat_map(cairn_spec::operations::scopes_of).collect();
            all.sort_unstable();
            all.dedup();
            all.into_iter().map(full).collect()
        } else {
            self.scopes.iter().map(|s| full(s)).collect()
        };
        names.join(" ")
    }

    /// The suffix of a granted scope (`roster.readonly`): below `scope_base` when it is there,
    /// else its last path segment.
    pub fn scope_suffix(&self, scope: &str) -> String {
        scope_suffix(&self.scope_base, scope)
    }
}

/// The suffix of `scope` below `scope_base`, else its last path segment.
pub(crate) fn scope_suffix(scope_base: &str, scope: &str) -> String {
    let base = scope_base.trim_end_matches('/');
    match scope.strip_prefix(base).and_then(|rest| rest.strip_prefix('/')) {
        Some(suffix) => suffix.to_owned(),
        None => scope.rsplit('/').next().unwrap_or(scope).to_owned(),
    }
}

impl fmt::Debug for ClientConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClientConfig")
            .field("base_url", &self.base_url)
            .field("token_url", &self.token_url)
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret)
            .field("scopes", &self.scopes)
            .field("scope_base", &self.scope_base)
            .field("anonymous", &self.anonymous)
            .field("dialect", &self.dialect.name)
            .field("ca_cert_pem", &self.ca_cert_pem.as_ref().map(|pem| format!("{} bytes", pem.len())))
            .field("concurrency", &self.concurrency)
            .field("compression", &self.compression)
            .field("retry", &self.retry)
            .field("timeout", &self.timeout)
            .field("max_body_bytes", &self.max_body_bytes)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_go_under_the_namespace_and_come_back_as_suffixes() {
        let mut config = ClientConfig::new("https://x", "id", "s3cr3t-value");
        config.scopes = vec!["roster.readonly".into(), "https://other.example/scope/case.readonly".into()];
        assert_eq!(
            config.requested_scope(),
            format!("{DEFAULT_SCOPE_BASE}/roster.readonly https://other.example/scope/case.readonly")
        );
        assert_eq!(config.scope_suffix(&format!("{DEFAULT_SCOPE_BASE}/roster-core.readonly")), "roster-core.readonly");
        assert_eq!(config.scope_suffix("https://other.example/scope/case.readonly"), "case.readonly");
        assert_eq!(config.scope_suffix("gradebook.delete"), "gradebook.delete");
        config.scopes.clear();
        let all = config.requested_scope();
        assert!(all.contains("/case.readonly") && all.contains("/gradebook.createput"), "{all}");
        assert!(!format!("{config:?}").contains("s3cr3t"));
    }

    #[test]
    fn without_a_scope_base_scopes_go_as_given() {
        let mut config = ClientConfig::new("https://x", "id", "s");
        config.scope_base = String::new();
        config.scopes = vec!["case.read".into(), "profile".into()];
        assert_eq!(config.requested_scope(), "case.read profile");
        assert_eq!(config.scope_suffix("case.read"), "case.read");
        config.scope_base = "https://auth.example/scopes/".into();
        assert_eq!(
            config.requested_scope(),
            "https://auth.example/scopes/case.read https://auth.example/scopes/profile"
        );
    }
}
