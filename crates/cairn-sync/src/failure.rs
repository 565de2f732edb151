//! Why work failed, typed to the edge: the error code the window knows (`server`, `offline`,
//! `store`, `cancelled`, `invalid`, `internal`), the HTTP status and the server's status object
//! exactly as sent, and for a request that never completed which way it failed (timeout,
//! refused, TLS, cut off). A collection's report and the app's errors carry the same values.

use cairn_client::ClientError;
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

/// Why a collection (or a package, or a command) did not complete.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Failure {
    /// The error code: `server` (it answered an error or something unreadable), `offline`
    /// (the request did not complete), `store` (the cache failed), `cancelled`, `invalid` (the
    /// settings cannot work), `internal`.
    pub code: String,
    /// The HTTP status a server answered.
    pub http_status: Option<u16>,
    /// The server's status object, as sent.
    pub status: Option<StatusObject>,
    /// For `offline`: `timeout`, `refused`, `unreachable`, `tls`, `cut_off` or `other`.
    pub transport: Option<String>,
}

impl Failure {
    /// A failure with a code and nothing more.
    pub fn new(code: &str) -> Failure {
        Failure { code: code.to_owned(), http_status: None, status: None, transport: None }
    }

    /// The cache failed (never the server's or the file's fault).
    pub fn store() -> Failure {
        Failure::new("store")
    }
}

impl From<&ClientError> for Failure {
    fn from(error: &ClientError) -> Failure {
        Failure {
            code: client_code(error).to_owned(),
            http_status: error.status(),
            status: error.info().map(StatusObject::from),
            transport: error.transport_kind().map(|k| k.as_str().to_owned()),
        }
    }
}

/// The error code of a client error.
pub fn client_code(error: &ClientError) -> &'static str {
    match error {
        ClientError::Cancelled => "cancelled",
        ClientError::Transport { .. } => "offline",
        ClientError::InvalidUrl { .. }
        | ClientError::InsecureUrl { .. }
        | ClientError::Config { .. }
        | ClientError::PathParameters { .. }
        | ClientError::UnknownOperation { .. }
        | ClientError::NotACollection { .. } => "invalid",
        ClientError::Sink(source) if source.is::<cairn_store::StoreError>() => "store",
        _ => "server",
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
        assert_eq!((failure.code.as_str(), failure.http_status), ("server", Some(403)));
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
        assert_eq!((failure.code.as_str(), failure.transport.as_deref()), ("offline", Some("timeout")));
        let json = serde_json::to_value(&failure).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"code": "offline", "httpStatus": null, "status": null, "transport": "timeout"})
        );
    }

    #[test]
    fn a_cache_failure_while_storing_pages_is_the_stores() {
        let store = cairn_store::StoreError::Worker("stopped".into());
        assert_eq!(client_code(&ClientError::Sink(Box::new(store))), "store");
    }
}
