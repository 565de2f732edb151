//! An empty framework list explained. A server may list only its public frameworks to a
//! reader without credentials — as an anonymous reader, or as a token it cannot verify or whose
//! scopes do not show the others — and answer an empty `200` rather than a 401 (OpenCASE does).
//! When the list comes back empty where the connection has frameworks cached, or where an
//! anonymous reader finds the competency service's discovery document asking for a token to
//! list them, the report says so instead of "0 documents".

use cairn_client::{Client, asks_for_token};
use cairn_spec::Service;

/// What a sync knows of an empty document list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EmptyList {
    /// Why the server may have listed fewer frameworks than it holds, for this reader.
    pub(crate) hint: String,
    /// The discovery document asks for a token to list the documents, and none was sent.
    pub(crate) discovery_asks: bool,
}

impl EmptyList {
    /// What `client` should be told about an empty list: `had_data` when the connection has
    /// frameworks cached (then the discovery document is not read).
    pub(crate) async fn explain(client: &Client, had_data: bool) -> EmptyList {
        let anonymous = client.is_anonymous();
        let discovery_asks = !had_data
            && anonymous
            && client.discovery(Service::Competency).await.is_some_and(|d| asks_for_token(&d, "getAllCFDocuments"));
        let hint = match anonymous {
            true => "this sync sent no credentials, and the server may list only public frameworks to a reader \
                     without credentials (sync with a client id and secret to read the others)"
                .to_owned(),
            false => {
                let scopes = client.granted_scopes().await.unwrap_or_default();
                let scopes = match scopes.is_empty() {
                    true => "none".to_owned(),
                    false => scopes.join(", "),
                };
                format!(
                    "the server may list only public frameworks to a reader without credentials (as it takes a \
                     token it cannot verify), or only those the token's scopes show (granted: {scopes})"
                )
            }
        };
        EmptyList { hint, discovery_asks }
    }
}
