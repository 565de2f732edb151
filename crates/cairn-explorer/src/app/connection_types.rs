//! What the Connections area sends and receives. The client secret travels one way only: in
//! a [`ConnectionForm`], once, to be written to the OS keyring; nothing sent back holds it.

use cairn_sync::connections::DialectName;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::error::AppError;
use super::types::SourceKind;
use cairn_sync::{SyncMode, SyncOutcome};

/// The base paths of services a server serves elsewhere than its dialect says; `None` keeps
/// the dialect's.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct ServicePaths {
    /// The competency (CASE) service.
    pub competency: Option<String>,
    /// Rostering.
    pub rostering: Option<String>,
    /// Gradebook.
    pub gradebook: Option<String>,
    /// Resources.
    pub resources: Option<String>,
}

/// The connection form as saved (add or edit).
#[derive(Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionForm {
    /// The unique name.
    pub name: String,
    /// `https://host[:port][/prefix]`.
    pub base_url: String,
    /// The token endpoint; empty for `{baseUrl}/token`.
    pub token_url: Option<String>,
    /// OAuth 2.0 client id.
    pub client_id: String,
    /// The client secret, sent once to go to the keyring; empty when editing keeps the stored one.
    pub client_secret: String,
    /// Scopes to ask for (suffixes or full URLs); empty for the read-only scopes of a sync.
    pub scopes: Vec<String>,
    /// The layout the server follows.
    pub dialect: DialectName,
    /// Per-service base paths over the dialect's.
    pub base_paths: ServicePaths,
    /// A PEM certificate file to trust besides the system's roots.
    pub ca_cert: Option<String>,
    /// No authentication (public frameworks).
    pub anonymous: bool,
}

impl std::fmt::Debug for ConnectionForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConnectionForm")
            .field("name", &self.name)
            .field("base_url", &self.base_url)
            .field("client_id", &self.client_id)
            .field("client_secret", &"<redacted>")
            .finish_non_exhaustive()
    }
}

/// A connection as the Connections area lists it (never its secret).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionView {
    /// The unique name.
    pub name: String,
    /// The provider's base URL (`file:` for imports).
    pub base_url: String,
    /// Where its data comes from.
    pub kind: SourceKind,
    /// Whether it has saved settings (one a sync or an import made has none).
    pub saved: bool,
    /// The token endpoint, when not `{baseUrl}/token`.
    pub token_url: Option<String>,
    /// The client id.
    pub client_id: String,
    /// The scopes asked for (empty: the read-only scopes of a sync).
    pub scopes: Vec<String>,
    /// The layout the server follows.
    pub dialect: DialectName,
    /// Per-service base paths over the dialect's.
    pub base_paths: ServicePaths,
    /// The CA certificate file.
    pub ca_cert: Option<String>,
    /// No authentication.
    pub anonymous: bool,
    /// Whether the keyring holds its secret; `None` when it could not be asked.
    pub secret_stored: Option<bool>,
}

/// Every connection, and why the keyring cannot be used when it cannot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionList {
    /// By name.
    pub connections: Vec<ConnectionView>,
    /// Why no keyring answers, with what to install; `None` when one does.
    pub keyring_problem: Option<AppError>,
}

/// One of the four services, as the window names it (`cairn_spec::Service`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ServiceName {
    /// Competency frameworks (CASE).
    Competency,
    /// Rostering.
    Rostering,
    /// Gradebook and assessment results.
    Gradebook,
    /// Learning resources.
    Resources,
}

impl From<cairn_spec::Service> for ServiceName {
    fn from(service: cairn_spec::Service) -> ServiceName {
        match service {
            cairn_spec::Service::Competency => ServiceName::Competency,
            cairn_spec::Service::Rostering => ServiceName::Rostering,
            cairn_spec::Service::Gradebook => ServiceName::Gradebook,
            cairn_spec::Service::Resources => ServiceName::Resources,
        }
    }
}

/// How one service answered a connection's test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ServiceCheck {
    /// The service.
    pub service: ServiceName,
    /// The operation asked for one record.
    pub operation: String,
    /// The URL asked.
    pub url: String,
    /// Whether it answered with records.
    pub ok: bool,
    /// The collection's size as the server said it (`X-Total-Count`).
    #[ts(type = "number | null")]
    pub total: Option<u64>,
    /// Why not: the HTTP status and the server's status object, or the TLS or network error.
    pub error: Option<AppError>,
}

/// What "Test" found: a token and its scopes, and whether each service answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionTest {
    /// The connection tested.
    pub connection: String,
    /// Why no token was issued (the server's `invalid_client`, a TLS error, ...).
    pub token_error: Option<AppError>,
    /// The scopes the token was granted (suffixes), sorted.
    pub granted_scopes: Vec<String>,
    /// Each service's answer (none when there was no token).
    pub services: Vec<ServiceCheck>,
}

/// Where one collection of a connection stands, from the sync journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CollectionState {
    /// The collection (`users`, `CFPackages/<id>`).
    pub collection: String,
    /// How its last sync ended: `complete`, `failed`, `cancelled` or `forbidden` (the journal
    /// keeps no other).
    pub outcome: SyncOutcome,
    /// Whether it read the whole collection or only its changes.
    pub mode: SyncMode,
    /// When its last sync started and ended.
    pub started_at: String,
    /// When it ended.
    pub finished_at: String,
    /// Records written (or fetched before it stopped).
    #[ts(type = "number")]
    pub records: u64,
    /// Why it failed, in words.
    pub message: Option<String>,
    /// When it last synced completely: the cached data is from then.
    pub last_complete: Option<String>,
}

/// A connection's collections as last synced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SyncStatus {
    /// The connection.
    pub connection: String,
    /// Every collection the journal knows, in the order of their last sync.
    pub collections: Vec<CollectionState>,
}
