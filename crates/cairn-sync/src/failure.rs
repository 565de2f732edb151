//! Why work failed, typed to the edge: the error code the window knows (`ErrorCode`, one enum
//! exported to TypeScript), the HTTP status and the server's status object exactly as sent,
//! and for a request that never completed which way it failed (timeout, refused, TLS, cut off).
//! A collection's report and the app's errors carry the same values.

use cairn_client::{ClientError, TransportKind};
use cairn_spec::StatusInfo;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A server's status object, as sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatusObject {
    /// codeMajor.
    pub code_major: String,
    /// severity.
    pub severity: String,
    /// The first codeMinor value.
    pub code_minor: Option<String>,
    /// description.
    pub description: Option<String>,
}

impl From<&StatusInfo> for StatusObject {
    fn from(info: &StatusInfo) -> StatusObject {
        StatusObject {
            code_major: info.code_major.clone(),
            severity: info.severity.clone(),
            code_minor: info.code_minor.first().map(|(_, code)| code.clone()),
            description: info.description.clone(),
        }
    }
}

/// What kind of failure an error is: the UI chooses its words by it (`ui/src/ui/errorText.ts`
/// switches over every one), so a new code fails the UI's type check until it has its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Something asked for is not in the cache (or not on the server, or no such file).
    NotFound,
    /// A request did not complete: the server could not be reached, or the connection broke.
    Offline,
    /// The server answered an error or something unreadable.
    Server,
    /// The granted scopes or the server do not allow it.
    Forbidden,
    /// The cache failed.
    Store,
    /// The work was cancelled; nothing of it was kept.
    Cancelled,
    /// What was asked cannot work (a bad setting, file or argument).
    Invalid,
    /// A file could not be written or read (a full disk, no permission).
    Io,
    /// The system keyring (Secret Service) cannot be used.
    Keyring,
    /// The built-in sandbox could not start.
    Sandbox,
    /// The built-in sandbox could not start because its data cannot be read (a damaged
    /// database): the window offers to set it aside and start on fresh demo data.
    SandboxData,
    /// A sync did not complete.
    Sync,
    /// Removing would lose unsent gradebook changes: the window asks first.
    Unsent,
    /// A bug or a stopped worker.
    Internal,
}

impl ErrorCode {
    /// The code's stable name, as the UI and the logs read it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotFound => "not_found",
            ErrorCode::Offline => "offline",
            ErrorCode::Server => "server",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::Store => "store",
            ErrorCode::Cancelled => "cancelled",
            ErrorCode::Invalid => "invalid",
            ErrorCode::Io => "io",
            ErrorCode::Keyring => "keyring",
            ErrorCode::Sandbox => "sandbox",
            ErrorCode::SandboxData => "sandbox_data",
            ErrorCode::Sync => "sync",
            ErrorCode::Unsent => "unsent",
            ErrorCode::Internal => "internal",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which way a request that never completed failed (the client's `TransportKind`, as the
/// window reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    /// No answer in time.
    Timeout,
    /// Nothing listens at the server's address.
    Refused,
    /// No connection could be made otherwise (the name does not resolve, no network).
    Unreachable,
    /// The TLS handshake failed.
    Tls,
    /// The connection was cut before the whole answer arrived.
    CutOff,
    /// Something else stopped the request.
    Other,
}

impl From<TransportKind> for Transport {
    fn from(kind: TransportKind) -> Transport {
        match kind {
            TransportKind::Timeout => Transport::Timeout,
            TransportKind::Refused => Transport::Refused,
            TransportKind::Unreachable => Transport::Unreachable,
            TransportKind::Tls => Transport::Tls,
            TransportKind::CutOff => Transport::CutOff,
            TransportKind::Other => Transport::Other,
        }
    }
}

/// Why a collection (or a package, or a command) did not complete.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Failure {
    /// The error code: `server` (it answered an error or something unreadable), `offline`
    /// (the request did not complete), `store` (the cache failed), `cancelled`, `invalid` (the
    /// settings cannot work), `internal`.
    pub code: ErrorCode,
    /// The HTTP status a server answered.
    pub http_status: Option<u16>,
    /// The server's status object, as sent.
    pub status: Option<StatusObject>,
    /// For `offline`: which way the request failed.
    pub transport: Option<Transport>,
}

impl Failure {
    /// A failure with a code and nothing more.
    pub fn new(code: ErrorCode) -> Failure {
        Failure { code, http_status: None, status: None, transport: None }
    }

    /// The cache failed (never the server's or the file's fault).
    pub fn store() -> Failure {
        Failure::new(ErrorCode::Store)
    }
}

impl From<&ClientError> for Failure {
    fn from(error: &ClientError) -> Failure {
        Failure {
            code: client_code(error),
            http_status: error.status(),
            status: error.info().map(StatusObject::from),
            transport: error.transport_kind().map(Transport::from),
        }
    }
}

/// The error code of a client error.
pub fn client_code(error: &ClientError) -> ErrorCode {
    match error {
        ClientError::Cancelled => ErrorCode::Cancelled,
        ClientError::Transport { .. } => ErrorCode::Offline,
        ClientError::InvalidUrl { .. }
        | ClientError::InsecureUrl { .. }
        | ClientError::Config { .. }
        | ClientError::PathParameters { .. }
        | ClientError::UnknownOperation { .. }
        | ClientError::NotACollection { .. } => ErrorCode::Invalid,
        ClientError::Sink(source) if source.is::<cairn_store::StoreError>() => ErrorCode::Store,
        _ => ErrorCode::Server,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_spec::CodeMinor;

    #[test]
    fn a_refusal_keeps_its_status_and_status_object() {
        let code = CodeMinor::parse_any("unauthorisedrequest").unwrap_or_else(|| unreachable!());
        let info = StatusInfo::new(code, "svc", "the token does not allow it");
        let error = ClientError::Status {
            operation: "getAllUsers",
            status: 403,
            info: Some(Box::new(info)),
            retry_after: None,
        };
        let failure = Failure::from(&error);
        assert_eq!((failure.code, failure.http_status), (ErrorCode::Server, Some(403)));
        let status = failure.status.unwrap_or_else(|| unreachable!());
        assert_eq!(status.code_minor.as_deref(), Some("unauthorised_request"));
        assert_eq!(status.description.as_deref(), Some("the token does not allow it"));
        assert_eq!(failure.transport, None);
    }

    #[test]
    fn a_transport_error_says_which_way_it_failed() {
        let error = ClientError::Transport {
            operation: "token",
            kind: cairn_client::TransportKind::Timeout,
            message: "no answer".into(),
        };
        let failure = Failure::from(&error);
        assert_eq!((failure.code, failure.transport), (ErrorCode::Offline, Some(Transport::Timeout)));
        let json = serde_json::to_value(&failure).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"code": "offline", "httpStatus": null, "status": null, "transport": "timeout"})
        );
    }

    #[test]
    fn a_cache_failure_while_storing_pages_is_the_stores() {
        let store = cairn_store::StoreError::Worker("stopped".into());
        assert_eq!(client_code(&ClientError::Sink(Box::new(store))), ErrorCode::Store);
    }
}
