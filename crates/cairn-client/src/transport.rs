//! Sending one operation request: the bearer token (one refresh and retry after a 401), the
//! retries (429 and 503 always; 5xx, connection failures and malformed bodies only where
//! repeating is safe), and reading the answer into a [`Reply`] or a typed error.

use std::error::Error;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use cairn_spec::StatusInfo;
use cairn_spec::operations::{Method, Operation};
use reqwest::header::{self, HeaderMap};
use serde_json::Value;

use crate::auth::{Token, TokenCache};
use crate::conditional::{Conditional, Validators};
use crate::error::{ClientError, TransportKind};
use crate::reply::{Reply, check_body};
use crate::retry::{RetryPolicy, idempotent, parse_retry_after, status_is_retryable};
use crate::stats::Counters;
use crate::window::Window;

/// Why an attempt failed, and whether to try again.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Worth another attempt (after `retry_after`, if the server said).
    Retry {
        /// The error to report if no attempt is left.
        error: ClientError,
        /// The server's `Retry-After`.
        retry_after: Option<Duration>,
    },
    /// The token was refused: fetch a new one and try once more.
    Unauthorized(ClientError),
    /// Final.
    Fatal(ClientError),
}

/// The HTTP side of a client: the connection pool, the token cache, the retry policy.
pub(crate) struct Transport {
    pub(crate) http: reqwest::Client,
    /// The tokens; `None` for an anonymous client.
    pub(crate) auth: Option<TokenCache>,
    pub(crate) retry: RetryPolicy,
    pub(crate) counters: Arc<Counters>,
    /// The largest body read.
    pub(crate) max_body: u64,
    /// How many requests are in flight at once.
    pub(crate) window: Window,
    /// The `Accept-Encoding` sent (`None`: ask for none, `identity`).
    pub(crate) accept_encoding: &'static str,
}

/// What the client asks for, best first: zstd (as small as gzip's best at a fraction of its
/// CPU), then brotli, then gzip. Answers come decompressed as they stream (reqwest's decoders).
pub(crate) const ACCEPT_COMPRESSED: &str = "zstd, br;q=0.9, gzip;q=0.8";

/// One request to send: the operation, its URL, a JSON body, validators for a conditional read.
#[derive(Clone, Copy)]
struct Request<'r> {
    operation: &'static Operation,
    url: &'r str,
    body: Option<&'r Value>,
    conditions: Option<&'r Validators>,
    /// The most records a page of the answer may hold.
    most_records: u64,
}

/// Reads a success answer's status, headers and body into what the caller wants.
type Decode<'d, B, T> = dyn Fn(u16, &HeaderMap, B) -> Result<T, Failure> + Sync + 'd;

/// A success answer's body as it is read: whole (`Vec<u8>`), or a collection page's records
/// as they stream ([`crate::RawPage`], `raw/stream.rs`).
pub(crate) trait Body: Default + Send + Sized {
    /// Reads the body of `response` as `how` says; what it read and the bytes the body held.
    fn read(response: reqwest::Response, how: &BodyRead) -> impl Future<Output = Result<(Self, u64), Failure>> + Send;
}

/// How a success answer's body is read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BodyRead {
    /// The operation answered.
    pub(crate) operation: &'static Operation,
    /// The most bytes read.
    pub(crate) limit: u64,
    /// The most records a page may hold (pages only).
    pub(crate) most_records: u64,
    /// Whether the request may be sent again (a body cut off is then retried).
    pub(crate) repeatable: bool,
}

impl Body for Vec<u8> {
    async fn read(response: reqwest::Response, how: &BodyRead) -> Result<(Vec<u8>, u64), Failure> {
        let bytes = read_body(response, how.limit, how.operation.name, how.repeatable).await?;
        let length = bytes.len() as u64;
        Ok((bytes, length))
    }
}

/// The paging headers of a success answer.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Meta {
    /// `X-Total-Count`, when sent and well-formed.
    pub(crate) total: Option<u64>,
    /// The target of the `Link` header's `next` relation, as sent.
    pub(crate) link_next: Option<String>,
}

/// One page of a collection answer with its paging headers.
#[derive(Debug)]
pub(crate) struct Fetched<P> {
    pub(crate) meta: Meta,
    pub(crate) page: P,
}

impl Transport {
    /// Sends `operation` to `url` (with `body` as JSON) until it succeeds, fails for good, or
    /// the retries are used up.
    pub(crate) async fn send(
        &self,
        operation: &'static Operation,
        url: &str,
        body: Option<&Value>,
    ) -> Result<Reply, ClientError> {
        self.send_with(operation, url, body, &|status, headers, bytes| read_reply(operation, status, headers, bytes))
            .await
    }

    /// Sends the read `operation` to `url` and reads the answer's body with `read` (inside
    /// the retries: a body `read` finds malformed is fetched again); a page of more than
    /// `most_records` records ends the read.
    pub(crate) async fn send_page<B: Body, P>(
        &self,
        operation: &'static Operation,
        url: &str,
        most_records: u64,
        read: fn(&'static Operation, B) -> Result<P, ClientError>,
    ) -> Result<Fetched<P>, ClientError> {
        let request = Request { operation, url, body: None, conditions: None, most_records };
        self.send_request(request, &|_, headers, body| {
            let page = read(operation, body).map_err(|e| decode_failure(operation, e))?;
            Ok(Fetched { meta: meta(headers), page })
        })
        .await
    }

    /// Sends the read `operation` to `url` with `If-None-Match` / `If-Modified-Since` from
    /// `validators`; a 304 is [`Conditional::NotModified`].
    pub(crate) async fn send_conditional(
        &self,
        operation: &'static Operation,
        url: &str,
        validators: &Validators,
    ) -> Result<Conditional<Reply>, ClientError> {
        let request = Request { operation, url, body: None, conditions: Some(validators), most_records: u64::MAX };
        self.send_request(request, &|status, headers, bytes: Vec<u8>| match status {
            304 => Ok(Conditional::NotModified),
            _ => Ok(Conditional::Changed {
                validators: Validators::of(headers),
                value: read_reply(operation, status, headers, bytes)?,
            }),
        })
        .await
    }

    /// [`Transport::send_page`] with `If-None-Match` / `If-Modified-Since` from `validators`;
    /// a 304 is [`Conditional::NotModified`].
    pub(crate) async fn send_page_conditional<B: Body, P>(
        &self,
        operation: &'static Operation,
        url: &str,
        most_records: u64,
        read: fn(&'static Operation, B) -> Result<P, ClientError>,
        validators: &Validators,
    ) -> Result<Conditional<Fetched<P>>, ClientError> {
        let request = Request { operation, url, body: None, conditions: Some(validators), most_records };
        self.send_request(request, &|status, headers, body| match status {
            304 => Ok(Conditional::NotModified),
            _ => {
                let page = read(operation, body).map_err(|e| decode_failure(operation, e))?;
                Ok(Conditional::Changed {
                    value: Fetched { meta: meta(headers), page },
                    validators: Validators::of(headers),
                })
            }
        })
        .await
    }

    async fn send_with<T>(
        &self,
        operation: &'static Operation,
        url: &str,
        body: Option<&Value>,
        decode: &Decode<'_, Vec<u8>, T>,
    ) -> Result<T, ClientError> {
        self.send_request(Request { operation, url, body, conditions: None, most_records: u64::MAX }, decode).await
    }

    async fn send_request<B: Body, T>(
        &self,
        request: Request<'_>,
        decode: &Decode<'_, B, T>,
    ) -> Result<T, ClientError> {
        let mut attempt = 0;
        let mut reauthenticated = false;
        loop {
            let token = match &self.auth {
                Some(auth) => Some(auth.token().await?),
                None => None,
            };
            attempt += 1;
            let answer = match self.attempt(&request, token.as_deref()).await {
                Ok((status, headers, bytes)) => decode(status, &headers, bytes),
                Err(failure) => Err(failure),
            };
            match answer {
                Ok(answer) => return Ok(answer),
                Err(Failure::Unauthorized(error)) if reauthenticated => return Err(error),
                Err(Failure::Unauthorized(error)) => {
                    let (Some(auth), Some(token)) = (&self.auth, &token) else {
                        return Err(match error {
                            ClientError::Status { operation, .. } => ClientError::CredentialsRequired { operation },
                            other => other,
                        });
                    };
                    reauthenticated = true;
                    attempt -= 1;
                    self.counters.reauthentication();
                    auth.invalidate(token).await;
                }
                Err(Failure::Retry { error, retry_after }) => match self.retry.delay(attempt, retry_after) {
                    Some(wait) => {
                        self.counters.retry();
                        tokio::time::sleep(wait).await;
                    }
                    None => return Err(error),
                },
                Err(Failure::Fatal(error)) => return Err(error),
            }
        }
    }

    /// One request: a success answer's status, headers and body (or a 304 to a conditional
    /// request, without a body).
    async fn attempt<B: Body>(
        &self,
        request: &Request<'_>,
        token: Option<&Token>,
    ) -> Result<(u16, HeaderMap, B), Failure> {
        let Request { operation, url, body, conditions, most_records } = *request;
        let _permit = self.window.acquire().await;
        let _in_flight = self.counters.request();
        let repeatable = idempotent(operation.method);
        let method = match operation.method {
            Method::Get => reqwest::Method::GET,
            Method::Put => reqwest::Method::PUT,
            Method::Post => reqwest::Method::POST,
            Method::Delete => reqwest::Method::DELETE,
        };
        let mut request = self
            .http
            .request(method, url)
            .header(header::ACCEPT, "application/json")
            .header(header::ACCEPT_ENCODING, self.accept_encoding);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, token.header().map_err(Failure::Fatal)?);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        if let Some(validators) = conditions {
            if let Some(etag) = &validators.etag {
                request = request.header(header::IF_NONE_MATCH, etag);
            }
            if let Some(modified) = &validators.last_modified {
                request = request.header(header::IF_MODIFIED_SINCE, modified);
            }
        }
        let response = request.send().await.map_err(|e| send_failure(operation.name, e, repeatable))?;
        let status = response.status().as_u16();
        self.counters.answered(response.version());
        let headers = response.headers().clone();
        if (200..300).contains(&status) {
            let how = BodyRead { operation, limit: self.max_body, most_records, repeatable };
            let (body, bytes) = B::read(response, &how).await?;
            self.window.done(bytes);
            return Ok((status, headers, body));
        }
        let bytes = read_body(response, self.max_body, operation.name, repeatable).await?;
        if status == 304 && conditions.is_some() {
            return Ok((status, headers, B::default()));
        }
        if matches!(status, 429 | 503) {
            // Waits longer than the retries allow end the request instead: no pause for them.
            let wait = header_text(&headers, "retry-after")
                .and_then(|v| parse_retry_after(&v, SystemTime::now()))
                .filter(|wait| *wait <= self.retry.max_delay);
            self.window.busy(wait);
        }
        Err(status_failure(operation, status, &headers, &bytes))
    }
}

/// A response's body, at most `limit` bytes: refused from its `Content-Length`, or cut once
/// more than that has streamed (an endless body ends here, not in memory).
pub(crate) async fn read_body(
    mut response: reqwest::Response,
    limit: u64,
    operation: &'static str,
    repeatable: bool,
) -> Result<Vec<u8>, Failure> {
    let too_large = || Failure::Fatal(ClientError::BodyTooLarge { operation, limit });
    if response.content_length().is_some_and(|length| length > limit) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| body_failure(operation, e, repeatable))? {
        if (bytes.len() as u64).saturating_add(chunk.len() as u64) > limit {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// A success answer read whole as JSON and checked to hold the operation's wrapper.
fn read_reply(
    operation: &'static Operation,
    status: u16,
    headers: &HeaderMap,
    bytes: Vec<u8>,
) -> Result<Reply, Failure> {
    let body = match bytes.is_empty() {
        true => None,
        false => Some(serde_json::from_slice::<Value>(&bytes).map_err(|e| {
            decode_failure(operation, ClientError::MalformedBody { operation: operation.name, message: e.to_string() })
        })?),
    };
    check_body(operation, body.as_ref()).map_err(Failure::Fatal)?;
    let Meta { total, link_next } = meta(headers);
    Ok(Reply {
        status,
        total,
        link_next,
        body,
        warning: header_text(headers, "x-status")
            .and_then(|s| serde_json::from_str::<Value>(&s).ok())
            .and_then(|v| StatusInfo::from_json(&v)),
    })
}

/// A body that could not be read: a cut-off read is read again; a write that was answered is
/// not repeated; an answer without its wrapper is final.
pub(crate) fn decode_failure(operation: &'static Operation, error: ClientError) -> Failure {
    match (&error, operation.method) {
        (ClientError::MalformedBody { .. }, Method::Get) => Failure::Retry { error, retry_after: None },
        _ => Failure::Fatal(error),
    }
}

/// The paging headers.
fn meta(headers: &HeaderMap) -> Meta {
    Meta {
        total: header_text(headers, "x-total-count").and_then(|t| cairn_query::parse_total_count(&t).ok()),
        link_next: header_text(headers, "link").and_then(|l| cairn_query::next_link(&l)),
    }
}

/// A non-success answer as an error: the status object if the body holds one.
fn status_failure(operation: &'static Operation, status: u16, headers: &HeaderMap, body: &[u8]) -> Failure {
    let info = serde_json::from_slice::<Value>(body).ok().and_then(|v| StatusInfo::from_json(&v)).map(Box::new);
    let retry_after = header_text(headers, "retry-after").and_then(|v| parse_retry_after(&v, SystemTime::now()));
    let error = ClientError::Status { operation: operation.name, status, info, retry_after };
    match status {
        401 => Failure::Unauthorized(error),
        _ if status_is_retryable(status, operation.method) => Failure::Retry { error, retry_after },
        _ => Failure::Fatal(error),
    }
}

/// Every value of a header, joined with `, ` (how repeated headers combine).
fn header_text(headers: &HeaderMap, name: &str) -> Option<String> {
    let values: Vec<&str> = headers.get_all(name).iter().filter_map(|v| v.to_str().ok()).collect();
    (!values.is_empty()).then(|| values.join(", "))
}

/// A body that could not be read: one that does not decompress as its `Content-Encoding`
/// says (a decoding error that is not a connection cut off) is final (the server would send it the same way again), anything else as
/// [`send_failure`].
pub(crate) fn body_failure(operation: &'static str, error: reqwest::Error, repeatable: bool) -> Failure {
    let cut = error.is_timeout()
        || is_incomplete(&error)
        || io_kind(
            &error,
            &[
                std::io::ErrorKind::UnexpectedEof,
                std::io::ErrorKind::ConnectionReset,
                std::io::ErrorKind::ConnectionAborted,
                std::io::ErrorKind::BrokenPipe,
            ],
        );
    if error.is_decode() && !cut {
        return Failure::Fatal(ClientError::ContentEncoding { operation, message: describe(&error) });
    }
    send_failure(operation, error, repeatable)
}

/// A request that did not complete. A connection that was never made may be tried again for
/// any method (nothing reached the server); anything later only for `repeatable` requests. TLS
/// refusals are final: they would fail the same way again.
pub(crate) fn send_failure(operation: &'static str, error: reqwest::Error, repeatable: bool) -> Failure {
    let kind = classify(&error);
    let tls = kind == TransportKind::Tls;
    let never_sent = error.is_connect();
    let error = ClientError::Transport { operation, kind, message: describe(&error) };
    if !tls && (never_sent || repeatable) { Failure::Retry { error, retry_after: None } } else { Failure::Fatal(error) }
}

/// Which way a request failed: TLS first (a handshake refused while connecting), then a
/// timeout, a refused or impossible connection, a body cut off, else other.
pub(crate) fn classify(error: &reqwest::Error) -> TransportKind {
    if is_tls_error(error) {
        TransportKind::Tls
    } else if error.is_timeout() || io_kind(error, &[std::io::ErrorKind::TimedOut]) {
        TransportKind::Timeout
    } else if io_kind(error, &[std::io::ErrorKind::ConnectionRefused]) {
        TransportKind::Refused
    } else if error.is_connect() {
        TransportKind::Unreachable
    } else if error.is_body()
        || error.is_decode()
        || io_kind(
            error,
            &[
                std::io::ErrorKind::UnexpectedEof,
                std::io::ErrorKind::ConnectionReset,
                std::io::ErrorKind::ConnectionAborted,
                std::io::ErrorKind::BrokenPipe,
            ],
        )
        || is_incomplete(error)
    {
        TransportKind::CutOff
    } else {
        TransportKind::Other
    }
}

/// Whether an I/O error of one of `kinds` is among the error's sources.
fn io_kind(error: &(dyn Error + 'static), kinds: &[std::io::ErrorKind]) -> bool {
    let mut source: Option<&(dyn Error + 'static)> = Some(error);
    while let Some(cause) = source {
        if let Some(io) = cause.downcast_ref::<std::io::Error>()
            && kinds.contains(&io.kind())
        {
            return true;
        }
        source = cause.source();
    }
    false
}

/// Whether hyper says the message ended early (the connection closed before the whole
/// answer; its error is not an I/O error and not public, so its words are read).
fn is_incomplete(error: &(dyn Error + 'static)) -> bool {
    let text = describe(error);
    text.contains("IncompleteMessage") || text.contains("connection closed before message completed")
}

/// The error and its sources, each once: `error sending request for url (...): ... refused`.
fn describe(error: &(dyn Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let message = cause.to_string();
        if !text.contains(&message) {
            text.push_str(": ");
            text.push_str(&message);
        }
        source = cause.source();
    }
    text
}

/// Whether rustls refused the connection (an untrusted certificate, a failed handshake),
/// looking through the sources and into I/O errors (whose `source` skips what they wrap).
fn is_tls_error(error: &(dyn Error + 'static)) -> bool {
    if error.is::<rustls::Error>() {
        return true;
    }
    if let Some(io) = error.downcast_ref::<std::io::Error>()
        && let Some(inner) = io.get_ref()
        && is_tls_error(inner)
    {
        return true;
    }
    error.source().is_some_and(is_tls_error)
}
