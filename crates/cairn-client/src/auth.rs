//! OAuth 2.0 client credentials (RFC 6749 §4.4): HTTP Basic with the requested scopes; the
//! token cached until shortly before it expires (one request at a time fetches it), dropped
//! when the server refuses it; the granted scopes kept with it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use base64::Engine;
use reqwest::header::{self, HeaderValue};
use serde_json::Value;

use crate::error::ClientError;
use crate::retry::{RetryPolicy, parse_retry_after, status_is_retryable};
use crate::secret::Secret;
use crate::stats::Counters;
use crate::transport::{Failure, read_body, send_failure};

/// A token's lifetime when the server does not say (the specification's recommendation).
const DEFAULT_LIFETIME: Duration = Duration::from_secs(3600);

/// The longest lifetime believed (a day): a larger `expires_in`, however written, is clamped;
/// a token is fetched again when the server refuses it anyway.
const MAX_LIFETIME: Duration = Duration::from_secs(86_400);

/// The largest token response read (they are a few hundred bytes).
const MAX_TOKEN_BODY: u64 = 1024 * 1024;

/// The operation name errors of the token endpoint carry.
const TOKEN: &str = "token";

/// An access token and what it allows.
#[derive(Debug)]
pub(crate) struct Token {
    /// The bearer token.
    pub(crate) value: Secret,
    /// The granted scopes as the server named them (full names).
    pub(crate) scopes: Vec<String>,
    /// When to fetch a new one instead.
    refresh_at: Instant,
    /// Which fetch made it.
    serial: u64,
}

impl Token {
    /// The `Authorization: Bearer ...` header value, marked sensitive.
    pub(crate) fn header(&self) -> Result<HeaderValue, ClientError> {
        let mut value = HeaderValue::from_str(&format!("Bearer {}", self.value.expose()))
            .map_err(|_| ClientError::TokenResponse { reason: "the access token is not a valid header value" })?;
        value.set_sensitive(true);
        Ok(value)
    }
}

/// Where and how to get tokens.
pub(crate) struct TokenSource {
    /// The token endpoint.
    pub(crate) url: String,
    /// client_id.
    pub(crate) client_id: String,
    /// client_secret.
    pub(crate) secret: Secret,
    /// The `scope` parameter: full scope names, space-separated.
    pub(crate) scope: String,
}

/// The cached token and how to get a new one.
pub(crate) struct TokenCache {
    http: reqwest::Client,
    source: TokenSource,
    retry: RetryPolicy,
    counters: Arc<Counters>,
    current: tokio::sync::Mutex<Option<Arc<Token>>>,
    fetches: AtomicU64,
}

impl TokenCache {
    pub(crate) fn new(
        http: reqwest::Client,
        source: TokenSource,
        retry: RetryPolicy,
        counters: Arc<Counters>,
    ) -> TokenCache {
        TokenCache { http, source, retry, counters, current: tokio::sync::Mutex::new(None), fetches: AtomicU64::new(0) }
    }

    /// The cached token, or a new one when there is none or it is about to expire.
    pub(crate) async fn token(&self) -> Result<Arc<Token>, ClientError> {
        let mut current = self.current.lock().await;
        if let Some(token) = current.as_ref()
            && Instant::now() < token.refresh_at
        {
            return Ok(token.clone());
        }
        *current = None;
        let token = Arc::new(self.fetch().await?);
        *current = Some(token.clone());
        Ok(token)
    }

    /// Forgets `used` after the server refused it (unless another request already replaced it).
    pub(crate) async fn invalidate(&self, used: &Token) {
        let mut current = self.current.lock().await;
        if current.as_ref().is_some_and(|t| t.serial == used.serial) {
            *current = None;
        }
    }

    async fn fetch(&self) -> Result<Token, ClientError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            match self.fetch_once().await {
                Ok(token) => return Ok(token),
                Err(Failure::Retry { error, retry_after }) => match self.retry.delay(attempt, retry_after) {
                    Some(wait) => {
                        self.counters.retry();
                        tokio::time::sleep(wait).await;
                    }
                    None => return Err(error),
                },
                Err(Failure::Fatal(error) | Failure::Unauthorized(error)) => return Err(error),
            }
        }
    }

    async fn fetch_once(&self) -> Result<Token, Failure> {
        self.counters.token_request();
        let started = Instant::now();
        let response = self
            .http
            .post(&self.source.url)
            .header(header::AUTHORIZATION, self.basic().map_err(Failure::Fatal)?)
            .header(header::ACCEPT, "application/json")
            .form(&[("grant_type", "client_credentials"), ("scope", self.source.scope.as_str())])
            .send()
            .await
            .map_err(|e| send_failure(TOKEN, e, true))?;
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get(header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| parse_retry_after(v, SystemTime::now()));
        let bytes = read_body(response, MAX_TOKEN_BODY, TOKEN, true).await?;
        let json: Option<Value> = serde_json::from_slice(&bytes).ok();
        if status != 200 {
            let field = |name: &str| json.as_ref().and_then(|j| j.get(name)).and_then(Value::as_str).map(str::to_owned);
            let error = ClientError::Token { status, error: field("error"), description: field("error_description") };
            return Err(if status_is_retryable(status, cairn_spec::operations::Method::Get) {
                Failure::Retry { error, retry_after }
            } else {
                Failure::Fatal(error)
            });
        }
        let serial = self.fetches.fetch_add(1, Ordering::Relaxed);
        read_token(json, &self.source.scope, started, serial).map_err(Failure::Fatal)
    }

    /// `Authorization: Basic base64(id:secret)`, each part form-encoded (RFC 6749 §2.3.1).
    fn basic(&self) -> Result<HeaderValue, ClientError> {
        let pair = format!(
            "{}:{}",
            cairn_query::encode_component(&self.source.client_id),
            cairn_query::encode_component(self.source.secret.expose())
        );
        let encoded = base64::engine::general_purpose::STANDARD.encode(pair);
        let mut value = HeaderValue::from_str(&format!("Basic {encoded}"))
            .map_err(|_| ClientError::Config { reason: "the client credentials cannot be sent".into() })?;
        value.set_sensitive(true);
        Ok(value)
    }
}

/// Reads a token response body (`access_token`, `token_type`, `expires_in`, `scope`).
fn read_token(json: Option<Value>, requested: &str, started: Instant, serial: u64) -> Result<Token, ClientError> {
    let bad = |reason| ClientError::TokenResponse { reason };
    let json = json.ok_or_else(|| bad("not a JSON object"))?;
    let access = json
        .get("access_token")
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| bad("no access_token"))?;
    if let Some(kind) = json.get("token_type")
        && !kind.as_str().is_some_and(|k| k.eq_ignore_ascii_case("bearer"))
    {
        return Err(bad("token_type is not bearer"));
    }
    let lifetime = json.get("expires_in").and_then(lifetime_of).unwrap_or(DEFAULT_LIFETIME);
    let scope = json.get("scope").and_then(Value::as_str).unwrap_or(requested);
    // Refresh a fifth of the lifetime early, a minute at most.
    let margin = (lifetime / 5).min(Duration::from_secs(60));
    Ok(Token {
        value: Secret::new(access),
        scopes: scope.split_ascii_whitespace().map(str::to_owned).collect(),
        // Never past what an Instant can hold; the lifetime is clamped already.
        refresh_at: started.checked_add(lifetime.saturating_sub(margin)).unwrap_or(started),
        serial,
    })
}

/// `expires_in` in any form servers send — a number (integer or not), a string of one — as a
/// lifetime within [`MAX_LIFETIME`]; `None` (the default lifetime) for anything else, never a
/// panic (`"18446744073709551615"`, `1e308`, `-5`).
fn lifetime_of(value: &Value) -> Option<Duration> {
    let seconds = match value {
        Value::Number(n) => n.as_f64()?,
        Value::String(s) => s.trim().parse::<f64>().ok()?,
        _ => return None,
    };
    if !seconds.is_finite() {
        return None;
    }
    let clamped = seconds.clamp(0.0, MAX_LIFETIME.as_secs_f64());
    Duration::try_from_secs_f64(clamped).ok()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn token_responses() {
        let now = Instant::now();
        let t = read_token(
            Some(json!({"access_token": "abc", "token_type": "Bearer", "expires_in": 3600, "scope": "a/x a/y"})),
            "a/z",
            now,
            0,
        )
        .unwrap();
        assert_eq!((t.value.expose(), t.scopes.clone()), ("abc", vec!["a/x".to_owned(), "a/y".to_owned()]));
        assert_eq!(t.refresh_at - now, Duration::from_secs(3540));
        let t = read_token(Some(json!({"access_token": "abc", "expires_in": "10"})), "a/z", now, 0).unwrap();
        assert_eq!((t.scopes.clone(), t.refresh_at - now), (vec!["a/z".to_owned()], Duration::from_secs(8)));
        assert!(!format!("{t:?}").contains("abc"));
        assert_eq!(t.header().unwrap().to_str().unwrap(), "Bearer abc");
        assert!(format!("{:?}", t.header().unwrap()).contains("Sensitive"));
        // Every form of expires_in, however large, is clamped and never panics.
        for (expires_in, lifetime) in [
            (json!("18446744073709551615"), MAX_LIFETIME),
            (json!(18446744073709551615u64), MAX_LIFETIME),
            (json!(1e308), MAX_LIFETIME),
            (json!("99999999999999999999999999999"), MAX_LIFETIME),
            (json!(-5), Duration::ZERO),
            (json!("NaN"), DEFAULT_LIFETIME),
            (json!("inf"), DEFAULT_LIFETIME),
            (json!(" 120.5 "), Duration::from_secs_f64(120.5)),
            (json!(null), DEFAULT_LIFETIME),
        ] {
            let t = read_token(Some(json!({"access_token": "a", "expires_in": expires_in})), "", now, 0).unwrap();
            let margin = (lifetime / 5).min(Duration::from_secs(60));
            assert_eq!(t.refresh_at - now, lifetime - margin, "{expires_in}");
        }
        for bad in
            [None, Some(json!({"token_type": "bearer"})), Some(json!({"access_token": "x", "token_type": "mac"}))]
        {
            assert!(matches!(read_token(bad, "", now, 0), Err(ClientError::TokenResponse { .. })));
        }
    }
}
