//! The one error the app's commands answer with: `{code, message, detail}`, where `detail`
//! carries a server's HTTP status and status object as the server sent them.

use cairn_client::ClientError;
use cairn_spec::StatusInfo;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::connections::ConnectionError;
use crate::sync::SyncError;
use crate::views::ViewError;

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

/// What more there is to know about an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ErrorDetail {
    /// The HTTP status a server answered.
    pub http_status: Option<u16>,
    /// The server's status object.
    pub status: Option<StatusObject>,
    /// More words (the underlying cause).
    pub text: Option<String>,
}

/// An error as the UI receives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    /// A stable name: `not_found`, `offline`, `server`, `store`, `cancelled`, `invalid`,
    /// `internal`.
    pub code: String,
    /// What happened, in plain words.
    pub message: String,
    /// What more there is to know.
    pub detail: Option<Box<ErrorDetail>>,
}

impl AppError {
    /// An error with a code and a message and nothing more.
    pub fn new(code: &str, message: impl Into<String>) -> AppError {
        AppError { code: code.to_owned(), message: message.into(), detail: None }
    }

    /// Something asked for is not there.
    pub fn not_found(message: impl Into<String>) -> AppError {
        AppError::new("not_found", message)
    }

    /// The cache failed.
    pub fn store(message: impl Into<String>) -> AppError {
        AppError::new("store", message)
    }

    /// The work was cancelled; nothing of it was kept.
    pub fn cancelled(message: impl Into<String>) -> AppError {
        AppError::new("cancelled", message)
    }

    /// A bug or a stopped worker.
    pub fn internal(message: impl Into<String>) -> AppError {
        AppError::new("internal", message)
    }

    /// With more words about the cause.
    pub fn with_text(mut self, text: impl Into<String>) -> AppError {
        let detail =
            self.detail.get_or_insert_with(|| Box::new(ErrorDetail { http_status: None, status: None, text: None }));
        detail.text = Some(text.into());
        self
    }
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

impl From<ClientError> for AppError {
    fn from(error: ClientError) -> AppError {
        let code = match &error {
            ClientError::Cancelled => "cancelled",
            ClientError::Transport { .. } => "offline",
            ClientError::InvalidUrl { .. } | ClientError::InsecureUrl { .. } | ClientError::Config { .. } => "invalid",
            _ => "server",
        };
        let detail =
            ErrorDetail { http_status: error.status(), status: error.info().map(StatusObject::from), text: None };
        let has_detail = detail.http_status.is_some() || detail.status.is_some();
        AppError { code: code.to_owned(), message: error.to_string(), detail: has_detail.then(|| Box::new(detail)) }
    }
}

impl From<ViewError> for AppError {
    fn from(error: ViewError) -> AppError {
        let code = match &error {
            ViewError::Store(_) | ViewError::Sql(_) | ViewError::BadRecord { .. } => "store",
            ViewError::NoConnection(_) | ViewError::NotFound { .. } => "not_found",
            ViewError::Ambiguous { .. } => "invalid",
        };
        AppError::new(code, error.to_string())
    }
}

impl From<crate::views::SnapshotError> for AppError {
    fn from(error: crate::views::SnapshotError) -> AppError {
        use crate::views::SnapshotError;
        match error {
            SnapshotError::View(view) => AppError::from(view),
            SnapshotError::NotFound { .. } | SnapshotError::NoSuchFile(_) => AppError::not_found(error.to_string()),
            SnapshotError::Unreadable { .. } => AppError::new("invalid", error.to_string()),
        }
    }
}

impl From<cairn_store::StoreError> for AppError {
    fn from(error: cairn_store::StoreError) -> AppError {
        match error {
            cairn_store::StoreError::Worker(_) => AppError::internal(error.to_string()),
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

impl From<ConnectionError> for AppError {
    fn from(error: ConnectionError) -> AppError {
        match error {
            ConnectionError::Client(client) => client.into(),
            ConnectionError::NotFound { .. } => AppError::not_found(error.to_string()),
            ConnectionError::Cache(store) => store.into(),
            other => AppError::new("invalid", other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_spec::CodeMinor;

    #[test]
    fn a_server_refusal_keeps_its_status_object() {
        let info = StatusInfo::new(CodeMinor::parse_any("unknownobject").unwrap(), "svc", "no such class");
        let error =
            ClientError::Status { operation: "getClass", status: 404, info: Some(Box::new(info)), retry_after: None };
        let app = AppError::from(error);
        assert_eq!(app.code, "server");
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
}
