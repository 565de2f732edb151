//! Issuing and checking bearer tokens. Time and randomness are injected so that tests are
//! deterministic; tokens live in memory only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use super::clients::ClientSpec;

/// The current time.
pub trait Clock: Send + Sync {
    /// Now.
    fn now(&self) -> SystemTime;
}

/// The system clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
}

/// A source of unpredictable bytes for access tokens.
pub trait Entropy: Send + Sync {
    /// Fills `bytes`.
    fn fill(&self, bytes: &mut [u8]);
}

/// The operating system's random source.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemEntropy;

impl Entropy for SystemEntropy {
    fn fill(&self, bytes: &mut [u8]) {
        if getrandom::fill(bytes).is_err() {
            // No OS randomness at all: fall back to time-derived bytes rather than fail requests.
            let seed = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_nanos();
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = (seed >> ((i % 16) * 8)) as u8 ^ (i as u8).wrapping_mul(151);
            }
        }
    }
}

/// A successful token response's content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issued {
    /// The bearer token.
    pub access_token: String,
    /// Lifetime in seconds.
    pub expires_in: u64,
    /// The granted scopes, space-separated, as full scope names.
    pub scope: String,
}

/// What a valid token allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    /// The client it was issued to.
    pub client_id: String,
    /// Granted scope suffixes (`roster.readonly`).
    pub scopes: Vec<String>,
    /// When it stops being valid.
    pub expires_at: SystemTime,
}

/// Why no token was issued: the RFC 6749 §5.2 error codes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Unknown client or wrong secret (HTTP 401).
    #[error("client authentication failed")]
    InvalidClient,
    /// A required parameter is missing or malformed (HTTP 400).
    #[error("{0}")]
    InvalidRequest(String),
    /// grant_type is not client_credentials (HTTP 400).
    #[error("only grant_type=client_credentials is supported")]
    UnsupportedGrantType,
    /// None of the requested scopes may be granted to this client (HTTP 400).
    #[error("none of the requested scopes may be granted to this client")]
    InvalidScope,
}

impl TokenError {
    /// The RFC 6749 `error` value.
    pub fn code(&self) -> &'static str {
        match self {
            TokenError::InvalidClient => "invalid_client",
            TokenError::InvalidRequest(_) => "invalid_request",
            TokenError::UnsupportedGrantType => "unsupported_grant_type",
            TokenError::InvalidScope => "invalid_scope",
        }
    }

    /// The HTTP status to answer with.
    pub fn http_status(&self) -> u16 {
        match self {
            TokenError::InvalidClient => 401,
            _ => 400,
        }
    }
}

/// Why a bearer token is refused (all HTTP 401 `unauthorised_request`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// No `Authorization: Bearer` header.
    #[error("no bearer token: send Authorization: Bearer <token> (get one from the token endpoint)")]
    Missing,
    /// A token this server never issued.
    #[error("the bearer token is not valid")]
    Unknown,
    /// A token past its lifetime.
    #[error("the bearer token has expired; request a new one")]
    Expired,
}

/// The token endpoint's state: registered clients, the scope namespace, issued tokens.
pub struct Tokens {
    clients: Vec<ClientSpec>,
    scope_base: String,
    lifetime: Duration,
    all_scopes: Vec<String>,
    issued: Mutex<HashMap<String, Grant>>,
    clock: Arc<dyn Clock>,
    entropy: Arc<dyn Entropy>,
}

impl Tokens {
    /// A token service for `clients`; scopes are `{scope_base}/{suffix}` with suffixes from
    /// `all_scopes`; tokens last `lifetime`.
    pub fn new(
        clients: Vec<ClientSpec>,
        scope_base: &str,
        all_scopes: Vec<String>,
        lifetime: Duration,
        clock: Arc<dyn Clock>,
        entropy: Arc<dyn Entropy>,
    ) -> Tokens {
        Tokens {
            clients,
            scope_base: scope_base.trim_end_matches('/').to_owned(),
            lifetime,
            all_scopes,
            issued: Mutex::new(HashMap::new()),
            clock,
            entropy,
        }
    }

    /// The scope namespace (`https://purl.imsglobal.org/spec/or/v1p2/scope`).
    pub fn scope_base(&self) -> &str {
        &self.scope_base
    }

    /// Issues a token for a client-credentials request: `grant_type` and `scope` as sent
    /// (`scope` space-separated full names or bare suffixes).
    pub fn issue(
        &self,
        client_id: &str,
        secret: &str,
        grant_type: Option<&str>,
        scope: Option<&str>,
    ) -> Result<Issued, TokenError> {
        let client = self
            .clients
            .iter()
            .find(|c| {
                constant_time_eq(c.id.as_bytes(), client_id.as_bytes())
                    & constant_time_eq(c.secret.as_bytes(), secret.as_bytes())
            })
            .ok_or(TokenError::InvalidClient)?;
        match grant_type {
            None | Some("") => {
                return Err(TokenError::InvalidRequest("grant_type is required (client_credentials)".into()));
            }
            Some("client_credentials") => {}
            Some(_) => return Err(TokenError::UnsupportedGrantType),
        }
        let requested = scope.map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| {
            TokenError::InvalidRequest(format!(
                "scope is required (space-separated, for example {}/roster.readonly)",
                self.scope_base
            ))
        })?;
        let mut granted: Vec<String> = Vec::new();
        for name in requested.split_ascii_whitespace() {
            let suffix = name.strip_prefix(&self.scope_base).map(|s| s.trim_start_matches('/')).unwrap_or(name);
            let known = self.all_scopes.iter().any(|s| s == suffix);
            let allowed = client.scopes.as_ref().is_none_or(|list| list.iter().any(|s| s == suffix));
            if known && allowed && !granted.iter().any(|g| g == suffix) {
                granted.push(suffix.to_owned());
            }
        }
        if granted.is_empty() {
            return Err(TokenError::InvalidScope);
        }
        let mut bytes = [0u8; 32];
        self.entropy.fill(&mut bytes);
        let access_token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let scope = granted.iter().map(|s| format!("{}/{s}", self.scope_base)).collect::<Vec<_>>().join(" ");
        let grant =
            Grant { client_id: client.id.clone(), scopes: granted, expires_at: self.clock.now() + self.lifetime };
        let mut issued = self.issued.lock().unwrap_or_else(PoisonError::into_inner);
        let now = self.clock.now();
        issued.retain(|_, g| g.expires_at > now);
        issued.insert(access_token.clone(), grant);
        Ok(Issued { access_token, expires_in: self.lifetime.as_secs(), scope })
    }

    /// Checks a bearer token (the `Authorization` header's value, or `None`).
    pub fn verify(&self, authorization: Option<&str>) -> Result<Grant, VerifyError> {
        let token = authorization
            .and_then(|h| {
                let (scheme, token) = h.trim().split_once(' ')?;
                scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
            })
            .filter(|t| !t.is_empty())
            .ok_or(VerifyError::Missing)?;
        let issued = self.issued.lock().unwrap_or_else(PoisonError::into_inner);
        let grant = issued.get(token).ok_or(VerifyError::Unknown)?;
        if grant.expires_at <= self.clock.now() {
            return Err(VerifyError::Expired);
        }
        Ok(grant.clone())
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut diff = a.len() ^ b.len();
    for (i, x) in a.iter().enumerate() {
        diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
    }
    diff == 0
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

    use super::*;

    struct FakeClock(AtomicU64);
    impl Clock for FakeClock {
        fn now(&self) -> SystemTime {
            SystemTime::UNIX_EPOCH + Duration::from_secs(self.0.load(Ordering::SeqCst))
        }
    }

    struct Counter(AtomicU8);
    impl Entropy for Counter {
        fn fill(&self, bytes: &mut [u8]) {
            bytes.fill(self.0.fetch_add(1, Ordering::SeqCst));
        }
    }

    const BASE: &str = "https://purl.imsglobal.org/spec/or/v1p2/scope";

    fn tokens(clock: Arc<FakeClock>) -> Tokens {
        let clients = vec!["all:pw".parse().unwrap(), "core:pw2:roster-core.readonly".parse().unwrap()];
        let scopes =
            ["roster.readonly", "roster-core.readonly", "roster-demographics.readonly"].map(String::from).to_vec();
        Tokens::new(clients, BASE, scopes, Duration::from_secs(3600), clock, Arc::new(Counter(AtomicU8::new(1))))
    }

    #[test]
    fn issues_the_granted_subset_and_verifies_until_expiry() {
        let clock = Arc::new(FakeClock(AtomicU64::new(1_000)));
        let t = tokens(clock.clone());
        let issued = t
            .issue(
                "core",
                "pw2",
                Some("client_credentials"),
                Some(&format!("{BASE}/roster.readonly {BASE}/roster-core.readonly")),
            )
            .unwrap();
        assert_eq!(issued.access_token, "01".repeat(32));
        assert_eq!((issued.expires_in, issued.scope.as_str()), (3600, format!("{BASE}/roster-core.readonly").as_str()));
        let header = format!("Bearer {}", issued.access_token);
        assert_eq!(t.verify(Some(&header)).unwrap().scopes, ["roster-core.readonly"]);
        clock.0.store(1_000 + 3599, Ordering::SeqCst);
        assert!(t.verify(Some(&header)).is_ok());
        clock.0.store(1_000 + 3600, Ordering::SeqCst);
        assert_eq!(t.verify(Some(&header)), Err(VerifyError::Expired));
    }

    #[test]
    fn refuses_what_rfc_6749_refuses() {
        let t = tokens(Arc::new(FakeClock(AtomicU64::new(0))));
        let cc = Some("client_credentials");
        assert_eq!(t.issue("all", "wrong", cc, Some("roster.readonly")), Err(TokenError::InvalidClient));
        assert_eq!(t.issue("nobody", "pw", cc, Some("roster.readonly")), Err(TokenError::InvalidClient));
        assert_eq!(t.issue("all", "pw", None, Some("roster.readonly")).unwrap_err().code(), "invalid_request");
        assert_eq!(
            t.issue("all", "pw", Some("password"), Some("roster.readonly")),
            Err(TokenError::UnsupportedGrantType)
        );
        assert_eq!(t.issue("all", "pw", cc, None).unwrap_err().http_status(), 400);
        assert_eq!(t.issue("core", "pw2", cc, Some("roster.readonly")), Err(TokenError::InvalidScope));
        assert_eq!(t.issue("all", "pw", cc, Some("roster.readonly")).unwrap().scope, format!("{BASE}/roster.readonly"));
        assert_eq!(t.verify(None), Err(VerifyError::Missing));
        assert_eq!(t.verify(Some("Basic abc")), Err(VerifyError::Missing));
        assert_eq!(t.verify(Some("Bearer nope")), Err(VerifyError::Unknown));
    }
}
