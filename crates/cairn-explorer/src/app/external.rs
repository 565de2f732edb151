//! External association ends resolved on demand: an end outside the cache whose URI lies on a
//! saved connection's server is fetched from it (getCFItem, then its framework's package, so
//! that it shows like any item: in its tree, with its own associations), cached, and opened.

use cairn_client::Client;
use cairn_spec::Service;
use cairn_spec::operations::operation;
use serde_json::Value;

use super::error::{AppError, ErrorCode};
use super::types::FrameworkKey;
use super::{App, FetchedEnd};
use cairn_sync::SyncOptions;

/// The saved connection (by name) whose server the URI `uri` lies on: the longest base URL
/// that `uri` extends at a path boundary. Imports and connections never saved serve nothing.
pub fn serving_connection(rows: &[cairn_store::cache::ConnectionRow], uri: &str) -> Option<String> {
    rows.iter()
        .filter(|row| row.settings != cairn_store::cache::NO_SETTINGS && row.base_url.starts_with("http"))
        .filter(|row| {
            let base = row.base_url.trim_end_matches('/');
            uri.strip_prefix(base).is_some_and(|rest| rest.starts_with('/'))
        })
        .max_by_key(|row| row.base_url.len())
        .map(|row| row.name.clone())
}

/// The identifier a CASE URI ends with (`…/CFItems/{identifier}`).
fn identifier_of(uri: &str) -> Option<&str> {
    let path = uri.split(['?', '#']).next()?;
    path.trim_end_matches('/').rsplit('/').next().filter(|id| !id.is_empty())
}

impl App {
    /// Fetches the item at `uri` from the saved connection `connection` (getCFItem), caches
    /// its framework (the package of its CFDocument) under that connection, and answers where
    /// to open it.
    pub async fn fetch_end(&self, connection: String, uri: String) -> Result<FetchedEnd, AppError> {
        let rows = self.cache.read(|conn| Ok::<_, AppError>(cairn_store::cache::connections(conn)?)).await?;
        if serving_connection(&rows, &uri).as_deref() != Some(connection.as_str()) {
            return Err(AppError::new(ErrorCode::Invalid, format!("{uri} does not lie on the server of {connection}")));
        }
        let identifier = identifier_of(&uri)
            .ok_or_else(|| AppError::new(ErrorCode::Invalid, format!("{uri} does not end with an identifier")))?
            .to_owned();
        let client = Client::new(self.client_config(&connection).await?)?;
        let get = operation("getCFItem").ok_or_else(|| AppError::internal("getCFItem is not an operation"))?;
        let reply = client.call(get, &[&identifier], None, None).await?;
        // CASE answers the CFItem itself; some servers wrap it.
        let body = reply.body.as_ref().unwrap_or(&Value::Null);
        let item = body.get("CFItem").unwrap_or(body);
        let document = item
            .pointer("/CFDocumentURI/identifier")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                AppError::new(ErrorCode::Server, format!("the CFItem at {uri} names no CFDocumentURI identifier"))
            })?
            .to_owned();
        let options = SyncOptions {
            services: vec![Service::Competency],
            frameworks: Some(vec![document.clone()]),
            incremental: false,
            page_size: self.settings().await?.page_size,
            clock: self.clock.clone(),
            ..SyncOptions::default()
        };
        // Its own task: fetching an end never cancels the connection's running sync.
        let running = self.tasks.begin(&format!("fetch:{uri}"));
        log::info!("fetching {uri} from {connection:?}: the framework {document}");
        let report = cairn_sync::sync(&client, &self.cache, &connection, &options, &|_| {}, running.cancel()).await;
        drop(running);
        let report = report?;
        self.changed(&connection);
        if let Some(failed) = report.collections.iter().find(|c| c.failure.is_some()) {
            let why = failed.message.clone().unwrap_or_else(|| failed.collection.clone());
            return Err(AppError::new(ErrorCode::Server, format!("the framework {document} was not cached: {why}")));
        }
        Ok(FetchedEnd { key: FrameworkKey { connection, identifier: document }, identifier })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_store::cache::ConnectionRow;

    fn row(name: &str, base_url: &str, saved: bool) -> ConnectionRow {
        let settings = if saved { "{\"client_id\":\"x\"}" } else { cairn_store::cache::NO_SETTINGS };
        ConnectionRow { id: 1, name: name.into(), base_url: base_url.into(), settings: settings.into() }
    }

    #[test]
    fn a_uri_is_served_by_the_saved_connection_whose_base_it_extends() {
        let rows = [
            row("district", "https://case.example.org", true),
            row("deeper", "https://case.example.org/state", true),
            row("never saved", "https://other.example.org", false),
            row("file", "file:///tmp/x.json", true),
        ];
        let uri = "https://case.example.org/ims/case/v1p1/CFItems/abc";
        assert_eq!(serving_connection(&rows, uri).as_deref(), Some("district"));
        let uri = "https://case.example.org/state/ims/case/v1p1/CFItems/abc";
        assert_eq!(serving_connection(&rows, uri).as_deref(), Some("deeper"));
        assert_eq!(serving_connection(&rows, "https://case.example.organic/x"), None);
        assert_eq!(serving_connection(&rows, "https://other.example.org/CFItems/x"), None);
        assert_eq!(identifier_of("https://h/CFItems/abc?x=1"), Some("abc"));
        assert_eq!(identifier_of("https://h/CFItems/abc/"), Some("abc"));
    }
}
