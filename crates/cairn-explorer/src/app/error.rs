//! The one error the app's commands answer with: `{code, message, detail}`, where `detail`
//! carries a server's HTTP status and status object as the server sent them.

use cairn_client::ClientError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use cairn_files::ingest::IngestError;
use cairn_sync::SyncError;
use cairn_sync::connections::{ConnectionError, KeyringError};
use cairn_sync::failure::Failure;
pub use cairn_sync::failure::{ErrorCode, StatusObject, Transport};
use cairn_views::ViewError;

/// What more there is to know about an error.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ErrorDetail {
    /// The HTTP status a server answered.
    pub http_status: Option<u16>,
    /// The server's status object.
    pub status: Option<StatusObject>,
    /// For a request that did not complete: which way it failed.
    pub transport: Option<Transport>,
    /// More words (the underlying cause).
    pub text: Option<String>,
}

/// An error as the UI receives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    /// What kind of error it is; the window's words for it depend on it alone.
    pub code: ErrorCode,
    /// What happened, in plain words.
    pub message: String,
    /// What more there is to know.
    pub detail: Option<Box<ErrorDetail>>,
}

impl AppError {
    /// An error with a code and a message and nothing more.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> AppError {
        AppError { code, message: message.into(), detail: None }
    }

    /// Something asked for is not there.
    pub fn not_found(message: impl Into<String>) -> AppError {
        AppError::new(ErrorCode::NotFound, message)
    }

    /// The cache failed.
    pub fn store(message: impl Into<String>) -> AppError {
        AppError::new(ErrorCode::Store, message)
    }

    /// The work was cancelled; nothing of it was kept.
    pub fn cancelled(message: impl Into<String>) -> AppError {
        AppError::new(ErrorCode::Cancelled, message)
    }

    /// A bug or a stopped worker.
    pub fn internal(message: impl Into<String>) -> AppError {
        AppError::new(ErrorCode::Internal, message)
    }

    /// With more words about the cause.
    pub fn with_text(mut self, text: impl Into<String>) -> AppError {
        let detail = self.detail.get_or_insert_with(|| Box::new(ErrorDetail::default()));
        detail.text = Some(text.into());
        self
    }

    /// An error with the code, HTTP status, status object and transport of `failure`.
    pub fn from_failure(failure: &Failure, message: impl Into<String>) -> AppError {
        let detail = ErrorDetail {
            http_status: failure.http_status,
            status: failure.status.clone(),
            transport: failure.transport,
            text: None,
        };
        AppError { code: failure.code, message: message.into(), detail: detail.is_some().then(|| Box::new(detail)) }
    }
}

impl ErrorDetail {
    /// Whether a server or the connection said anything more.
    fn is_some(&self) -> bool {
        self.http_status.is_some() || self.status.is_some() || self.transport.is_some() || self.text.is_some()
    }
}

impl From<ClientError> for AppError {
    fn from(error: ClientError) -> AppError {
        AppError::from_failure(&Failure::from(&error), error.to_string())
    }
}

impl From<IngestError> for AppError {
    fn from(error: IngestError) -> AppError {
        let code = match &error {
            // The cache failing is the cache's failure, never a bad file.
            IngestError::Store(cairn_store::StoreError::Worker(_)) => ErrorCode::Internal,
            IngestError::Store(_) => ErrorCode::Store,
            IngestError::Cancelled => ErrorCode::Cancelled,
            IngestError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => ErrorCode::NotFound,
            IngestError::Io { .. } => ErrorCode::Invalid,
            IngestError::Unreadable { .. } | IngestError::Older { .. } => ErrorCode::Invalid,
        };
        AppError::new(code, error.to_string())
    }
}

impl From<ViewError> for AppError {
    fn from(error: ViewError) -> AppError {
        let code = match &error {
            ViewError::Store(_) | ViewError::Sql(_) | ViewError::BadRecord { .. } => ErrorCode::Store,
            ViewError::NoConnection(_) | ViewError::NotFound { .. } => ErrorCode::NotFound,
            ViewError::Ambiguous { .. } => ErrorCode::Invalid,
        };
        AppError::new(code, error.to_string())
    }
}

impl From<cairn_views::SnapshotError> for AppError {
    fn from(error: cairn_views::SnapshotError) -> AppError {
        use cairn_views::SnapshotError;
        match error {
            SnapshotError::View(view) => AppError::from(view),
            SnapshotError::NotFound { .. } | SnapshotError::NoSuchFile(_) => AppError::not_found(error.to_string()),
            SnapshotError::Unreadable { .. } => AppError::new(ErrorCode::Invalid, error.to_string()),
        }
    }
}

impl From<cairn_store::StoreError> for AppError {
    fn from(error: cairn_store::StoreError) -> AppError {
        match error {
            cairn_store::StoreError::Worker(_) => AppError::internal(error.to_string()),
            // Not a failure: the window asks whether they may be discarded.
            cairn_store::StoreError::UnsentChanges { .. } => AppError::new(ErrorCode::Unsent, error.to_string()),
            _ => AppError::store(format!("the cache failed: {error}")),
        }
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(error: rusqlite::Error) -> AppError {
        AppError::store(format!("the cache failed: {error}"))
    }
}

impl From<SyncError> for AppError {
    fn from(error: SyncError) -> AppError {
        match error {
            SyncError::Connect(client) => {
                let mut app = AppError::from(client);
                app.message = format!("cannot authenticate with the server: {}", app.message);
                app
            }
            SyncError::Cache { .. } => AppError::store(error.to_string()),
        }
    }
}

/// What to do when no keyring answers: the form shows it, and nothing was saved.
pub const KEYRING_ADVICE: &str = "Cairn keeps client secrets only in the OS keyring and found none: nothing was saved. \
     On Linux install and start a Secret Service provider — GNOME Keyring (`sudo apt install gnome-keyring`, \
     then log in again) or KWallet — in your desktop session, then save the connection again.";

impl From<ConnectionError> for AppError {
    fn from(error: ConnectionError) -> AppError {
        match error {
            ConnectionError::Client(client) => client.into(),
            ConnectionError::NotFound { .. } => AppError::not_found(error.to_string()),
            ConnectionError::Cache(store) => store.into(),
            ConnectionError::Keyring(KeyringError::Unavailable { .. }) => {
                AppError::new(ErrorCode::Keyring, error.to_string()).with_text(KEYRING_ADVICE)
            }
            ConnectionError::Keyring(_) | ConnectionError::SecretLeft { .. } | ConnectionError::NoSecret { .. } => {
                AppError::new(ErrorCode::Keyring, error.to_string())
            }
            other => AppError::new(ErrorCode::Invalid, other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_spec::{CodeMinor, StatusInfo};

    #[test]
    fn a_server_refusal_keeps_its_status_object() {
        let info = StatusInfo::new(CodeMinor::parse_any("unknownobject").unwrap(), "svc", "no such class");
        let error =
            ClientError::Status { operation: "getClass", status: 404, info: Some(Box::new(info)), retry_after: None };
        let app = AppError::from(error);
        assert_eq!(app.code, ErrorCode::Server);
        let detail = app.detail.unwrap();
        assert_eq!(detail.http_status, Some(404));
        let status = detail.status.unwrap();
        assert_eq!(status.code_minor.as_deref(), Some("unknownobject"));
        assert_eq!(status.description.as_deref(), Some("no such class"));
        assert_eq!(status.code_major, "failure");
    }

    #[test]
    fn it_serialises_as_code_message_detail() {
        let json = serde_json::to_value(AppError::not_found("no framework X")).unwrap();
        assert_eq!(json, serde_json::json!({"code": "not_found", "message": "no framework X", "detail": null}));
    }

    #[test]
    fn an_imports_store_failure_stays_a_store_failure() {
        let store = cairn_store::StoreError::Sqlite(rusqlite::Error::InvalidQuery);
        assert_eq!(AppError::from(IngestError::Store(store)).code, ErrorCode::Store);
        let unreadable = IngestError::Unreadable { path: "users.csv".into(), message: "no header".into() };
        assert_eq!(AppError::from(unreadable).code, ErrorCode::Invalid);
        assert_eq!(AppError::from(IngestError::Cancelled).code, ErrorCode::Cancelled);
    }

    #[test]
    fn a_timeout_says_so_in_the_detail() {
        let kind = cairn_client::TransportKind::Timeout;
        let error = ClientError::Transport { operation: "getAllUsers", kind, message: "no answer".into() };
        let app = AppError::from(error);
        assert_eq!(app.code, ErrorCode::Offline);
        assert_eq!(app.detail.and_then(|d| d.transport), Some(Transport::Timeout));
    }
}
