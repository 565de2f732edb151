//! The client's error type. No variant holds a secret or a token: messages name operations,
//! URLs, HTTP statuses and what the server's status object said.

use std::time::Duration;

use cairn_spec::{CodeMinor, StatusInfo};

/// What went wrong talking to a server.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The base URL cannot be used.
    #[error("invalid base URL {url:?}: {reason}")]
    InvalidUrl {
        /// The URL given.
        url: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Plain HTTP to a host that is not this machine.
    #[error("refusing plain HTTP to {url:?}: use https (plain http is allowed to loopback addresses only)")]
    InsecureUrl {
        /// The URL given.
        url: String,
    },
    /// An operation was given the wrong number of path parameters.
    #[error("{operation} takes {expected} path parameters, got {given}")]
    PathParameters {
        /// The operation.
        operation: &'static str,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        given: usize,
    },
    /// The configuration cannot make a client (an unreadable CA certificate, no TLS).
    #[error("cannot build the client: {reason}")]
    Config {
        /// What is wrong.
        reason: String,
    },
    /// The token endpoint refused to issue a token (RFC 6749 §5.2).
    #[error("the token endpoint answered HTTP {status}{}{}", .error.as_ref().map(|e| format!(" {e}")).unwrap_or_default(), .description.as_ref().map(|d| format!(": {d}")).unwrap_or_default())]
    Token {
        /// The HTTP status.
        status: u16,
        /// The RFC 6749 `error` code (`invalid_client`, `invalid_scope`).
        error: Option<String>,
        /// The server's `error_description`.
        description: Option<String>,
    },
    /// The token endpoint answered 200 with something that is not a token response.
    #[error("the token endpoint's answer is not a token response: {reason}")]
    TokenResponse {
        /// What is missing or malformed.
        reason: &'static str,
    },
    /// The server answered a non-success status, usually with a status object.
    #[error("{operation}: HTTP {status}{}", .info.as_ref().map(|i| format!(": {i}")).unwrap_or_default())]
    Status {
        /// The operation (or `token`).
        operation: &'static str,
        /// The HTTP status.
        status: u16,
        /// The status object (codeMajor, severity, codeMinor, description), if the body held one.
        info: Option<Box<StatusInfo>>,
        /// The server's `Retry-After`, if it sent one.
        retry_after: Option<Duration>,
    },
    /// A server used without authentication answered 401: it wants credentials.
    #[error(
        "{operation}: HTTP 401: the server wants credentials (give a token URL, client id and secret instead of no authentication)"
    )]
    CredentialsRequired {
        /// The operation.
        operation: &'static str,
    },
    /// The request did not complete: no connection, TLS refused, timed out, body cut off.
    #[error("{operation}: {}: {message}", .kind.describe())]
    Transport {
        /// The operation (or `token`).
        operation: &'static str,
        /// Which way it failed.
        kind: TransportKind,
        /// What failed (the URL included, never a header).
        message: String,
    },
    /// An answer larger than the client reads (`ClientConfig::max_body_bytes`): refused from
    /// its `Content-Length`, or cut once that much had streamed.
    #[error("{operation}: the answer is larger than {limit} bytes, the most this client reads (refused, not retried)")]
    BodyTooLarge {
        /// The operation (or `token`).
        operation: &'static str,
        /// The limit.
        limit: u64,
    },
    /// A page holding far more records than asked for (a body that never ends, a server
    /// sending a whole collection in one page): its read stops there, before the memory fills.
    #[error(
        "{operation}: a page held more than {most} records, far more than asked for: the read stops there (the server's answer may never end, or it ignores the page size; refused, not retried)"
    )]
    PageTooLong {
        /// The operation.
        operation: &'static str,
        /// The most records a page may hold.
        most: u64,
    },
    /// An answer whose body does not decode as its `Content-Encoding` says (a server naming
    /// the wrong compression, or corrupting it): final, not retried.
    #[error("{operation}: the answer's body is not what its Content-Encoding says (it does not decompress): {message}")]
    ContentEncoding {
        /// The operation (or `token`).
        operation: &'static str,
        /// The decoder's message.
        message: String,
    },
    /// A success answer whose body is not JSON.
    #[error("{operation}: the answer is not valid JSON: {message}")]
    MalformedBody {
        /// The operation.
        operation: &'static str,
        /// The parser's message.
        message: String,
    },
    /// A success answer without the wrapper its operation returns (`{"users": [...]}`): an
    /// error, never read as an empty list.
    #[error("{operation}: the answer has no {expected}")]
    MissingWrapper {
        /// The operation.
        operation: &'static str,
        /// What was expected (`"users" array`).
        expected: String,
    },
    /// Paging was asked of an operation that is not a collection read.
    #[error("{operation} does not return a collection")]
    NotACollection {
        /// The operation.
        operation: &'static str,
    },
    /// An operation name that is not in the catalogue.
    #[error("no operation {name:?} in the catalogue")]
    UnknownOperation {
        /// The name.
        name: &'static str,
    },
    /// A `Link` header's `next` page cannot be followed.
    #[error("{operation}: cannot follow the next link {url:?}: {reason}")]
    Link {
        /// The operation.
        operation: &'static str,
        /// The link as sent.
        url: String,
        /// Why.
        reason: &'static str,
    },
    /// The server's paging does not advance (the same page again).
    #[error("{operation}: {reason}")]
    Paging {
        /// The operation.
        operation: &'static str,
        /// What the server did.
        reason: &'static str,
    },
    /// The caller cancelled the operation.
    #[error("cancelled")]
    Cancelled,
    /// The caller's page sink failed (the sync layer's own error, boxed).
    #[error("storing a page failed: {0}")]
    Sink(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// How a request failed to complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransportKind {
    /// No answer in time (connecting, or waiting for the answer or its body).
    Timeout,
    /// The server's machine refused the connection: nothing listens there.
    Refused,
    /// No connection could be made otherwise: the name does not resolve, the network is
    /// unreachable.
    Unreachable,
    /// The TLS handshake failed: an untrusted or invalid certificate, no common protocol.
    Tls,
    /// The connection was cut before the whole answer arrived.
    CutOff,
    /// Something else stopped the request.
    Other,
}

impl TransportKind {
    /// A stable name: `timeout`, `refused`, `unreachable`, `tls`, `cut_off`, `other`.
    pub fn as_str(self) -> &'static str {
        match self {
            TransportKind::Timeout => "timeout",
            TransportKind::Refused => "refused",
            TransportKind::Unreachable => "unreachable",
            TransportKind::Tls => "tls",
            TransportKind::CutOff => "cut_off",
            TransportKind::Other => "other",
        }
    }

    /// In plain words, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            TransportKind::Timeout => "timed out",
            TransportKind::Refused => "connection refused",
            TransportKind::Unreachable => "cannot reach the server",
            TransportKind::Tls => "TLS failed",
            TransportKind::CutOff => "the connection was cut off",
            TransportKind::Other => "the request failed",
        }
    }
}

impl ClientError {
    /// How the request failed to complete, for transport errors.
    pub fn transport_kind(&self) -> Option<TransportKind> {
        match self {
            ClientError::Transport { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    /// The HTTP status, for errors the server answered.
    pub fn status(&self) -> Option<u16> {
        match self {
            ClientError::Status { status, .. } | ClientError::Token { status, .. } => Some(*status),
            ClientError::CredentialsRequired { .. } => Some(401),
            _ => None,
        }
    }

    /// The server's status object, when it sent one.
    pub fn info(&self) -> Option<&StatusInfo> {
        match self {
            ClientError::Status { info, .. } => info.as_deref(),
            _ => None,
        }
    }

    /// The first codeMinor of the status object, when it is a known one.
    pub fn code_minor(&self) -> Option<CodeMinor> {
        self.info().and_then(StatusInfo::code)
    }

    /// Whether the caller cancelled.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, ClientError::Cancelled)
    }
}
