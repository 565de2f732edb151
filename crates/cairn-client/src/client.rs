//! [`Client`]: the generic layer every typed method and the sync layer go through — one
//! operation call ([`Client::call`]) and a whole collection read ([`Client::collect_pages`]).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use cairn_query::{Paging, Query};
use cairn_spec::operations::{Operation, Query as QueryKind};
use reqwest::Url;
use serde_json::Value;

use crate::auth::{TokenCache, TokenSource};
use crate::conditional::{Conditional, Validators};
use crate::config::{ClientConfig, scope_suffix};
use crate::endpoint::{Endpoint, check_url};
use crate::error::ClientError;
use crate::paging::{Callback, Deliver, Fetch, Page, PageFuture, Pager, Sink, race};
use crate::progress::{Cancel, ReadProgress};
use crate::raw::{RawPage, most_records};
use crate::reply::{Reply, take_records};
use crate::stats::{Counters, Stats};
use crate::transport::{ACCEPT_COMPRESSED, Body, Fetched, Meta, Transport};
use crate::window::Window;

/// A connection to one provider: cheap to clone (clones share the token, the connection pool
/// and the counters), safe to use from many tasks at once.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    endpoint: Endpoint,
    origin: Url,
    transport: Transport,
    concurrency: usize,
    client_id: String,
    scope_base: String,
}

impl Client {
    /// Checks the configuration (HTTPS, or HTTP to loopback; a readable CA certificate) and
    /// builds the client. Nothing is sent until the first call.
    pub fn new(config: ClientConfig) -> Result<Client, ClientError> {
        let endpoint = Endpoint::new(&config.base_url, config.dialect.clone())?;
        let token_url = config.token_url.clone().unwrap_or_else(|| endpoint.default_token_url());
        check_url(&token_url)?;
        let origin = Url::parse(endpoint.base_url())
            .map_err(|_| ClientError::InvalidUrl { url: config.base_url.clone(), reason: "not a URL" })?;
        // ring is the only provider in the build; another may already be installed (fine).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout.min(Duration::from_secs(15)))
            .redirect(reqwest::redirect::Policy::none())
            // Connections stay open between requests (and HTTP/2's one connection carries
            // every request at once, when the server offers it through ALPN).
            .pool_idle_timeout(Duration::from_secs(90))
            .tcp_keepalive(Duration::from_secs(30))
            .user_agent(concat!("cairn/", env!("CARGO_PKG_VERSION")));
        if let Some(pem) = &config.ca_cert_pem {
            let certs = reqwest::Certificate::from_pem_bundle(pem)
                .map_err(|e| ClientError::Config { reason: format!("the CA certificate is not PEM: {e}") })?;
            if certs.is_empty() {
                return Err(ClientError::Config { reason: "the CA certificate file holds no certificate".into() });
            }
            builder = builder.tls_certs_merge(certs);
        }
        let http = builder.build().map_err(|e| ClientError::Config { reason: e.to_string() })?;
        let counters = Arc::new(Counters::default());
        let source = TokenSource {
            url: token_url,
            client_id: config.client_id.clone(),
            secret: config.client_secret.clone(),
            scope: config.requested_scope(),
        };
        let auth = (!config.anonymous).then(|| TokenCache::new(http.clone(), source, config.retry, counters.clone()));
        let transport = Transport {
            http,
            auth,
            retry: config.retry,
            counters,
            max_body: config.max_body_bytes,
            window: Window::new(config.concurrency),
            accept_encoding: if config.compression { ACCEPT_COMPRESSED } else { "identity" },
        };
        Ok(Client {
            inner: Arc::new(Inner {
                endpoint,
                origin,
                transport,
                concurrency: config.concurrency.max(1),
                client_id: config.client_id,
                scope_base: config.scope_base,
            }),
        })
    }

    /// The base URL and dialect requests go to.
    pub fn endpoint(&self) -> &Endpoint {
        &self.inner.endpoint
    }

    /// The HTTP side, for the client's own modules.
    pub(crate) fn transport(&self) -> &Transport {
        &self.inner.transport
    }

    /// What the client has sent so far.
    pub fn stats(&self) -> Stats {
        let (window, largest, smallest) = self.inner.transport.window.sizes();
        Stats {
            window: window as u64,
            largest_window: largest as u64,
            smallest_window: smallest as u64,
            window_shrinks: self.inner.transport.window.shrinks() as u64,
            ..self.inner.transport.counters.snapshot()
        }
    }

    /// The scopes the server granted (suffixes such as `roster-core.readonly`), fetching a
    /// token if there is none yet; none for an anonymous client.
    pub async fn granted_scopes(&self) -> Result<Vec<String>, ClientError> {
        Ok(self.granted().await?.unwrap_or_default())
    }

    /// The scopes the server granted, as [`Client::granted_scopes`]; `None` for an anonymous
    /// client (no token: the server says what it serves by answering).
    pub async fn granted(&self) -> Result<Option<Vec<String>>, ClientError> {
        let Some(auth) = &self.inner.transport.auth else { return Ok(None) };
        let token = auth.token().await?;
        Ok(Some(token.scopes.iter().map(|s| scope_suffix(&self.inner.scope_base, s)).collect()))
    }

    /// Whether the client sends no credentials.
    pub fn is_anonymous(&self) -> bool {
        self.inner.transport.auth.is_none()
    }

    /// Whether the granted scopes allow `operation`.
    pub async fn allows(&self, operation: &Operation) -> Result<bool, ClientError> {
        let granted = self.granted_scopes().await?;
        Ok(operation.allowed_by(granted.iter().map(String::as_str)))
    }

    /// Calls `operation` with its path parameters, the query parameters it accepts (the whole
    /// query for collections, `fields` for single reads) and a JSON body, with retries. A
    /// success body is checked to hold the operation's wrapper.
    pub async fn call(
        &self,
        operation: &'static Operation,
        params: &[&str],
        query: Option<&Query>,
        body: Option<&Value>,
    ) -> Result<Reply, ClientError> {
        let url = self.inner.endpoint.url(operation, params, query)?;
        self.inner.transport.send(operation, &url, body).await
    }

    /// Reads a whole collection from the query's offset on, in pages of the query's limit,
    /// handing each page's records to `sink` in order (never holding the whole collection) and
    /// reporting progress after each page; returns how many records were handed over.
    ///
    /// With `X-Total-Count` the remaining pages are queued the window's ceiling at a time
    /// (the client's adaptive window, shared by every read of the client, decides how many are
    /// in flight; still handed over in order); without it `Link rel="next"` is followed (also when `concurrency` is 1); with neither, pages are read until a short one. `cancel` stops
    /// the read promptly with [`ClientError::Cancelled`], aborting requests in flight.
    pub async fn collect_pages(
        &self,
        operation: &'static Operation,
        params: &[&str],
        query: &Query,
        sink: Sink<'_>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
    ) -> Result<u64, ClientError> {
        let client = self.clone();
        let fetch: Fetch<Vec<Value>> = Arc::new(move |url: String| {
            let client = client.clone();
            Box::pin(async move {
                let reply = client.inner.transport.send(operation, &url, None).await?;
                let meta = Meta { total: reply.total, link_next: reply.link_next };
                Ok(Fetched { meta, page: take_records(operation, reply.body)? })
            }) as PageFuture<Vec<Value>>
        });
        self.read_pages(operation, params, query, fetch, &mut Callback(sink), progress, cancel).await
    }

    /// Reads a whole collection like [`Client::collect_pages`], but keeps each page as the
    /// server sent it: every record's JSON text untouched, nothing built per record. Pages go
    /// to `pages` in order; while the channel is full the read waits (without blocking a
    /// thread), so a slow consumer holds the read back and at most the channel's capacity
    /// plus `concurrency` pages are held. A closed channel ends the read with
    /// [`ClientError::Sink`].
    pub async fn collect_raw_pages(
        &self,
        operation: &'static Operation,
        params: &[&str],
        query: &Query,
        pages: &tokio::sync::mpsc::Sender<RawPage>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
    ) -> Result<u64, ClientError> {
        let fetch = self.raw_fetch(operation, query);
        self.read_pages(operation, params, query, fetch, &mut pages.clone(), progress, cancel).await
    }

    /// [`Client::collect_pages`], with the first page asked for with `If-None-Match` /
    /// `If-Modified-Since` from `validators`, as [`Client::collect_raw_pages_if_changed`].
    #[allow(clippy::too_many_arguments)]
    pub async fn collect_pages_if_changed(
        &self,
        operation: &'static Operation,
        params: &[&str],
        query: &Query,
        sink: Sink<'_>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
        validators: &Validators,
    ) -> Result<Conditional<u64>, ClientError> {
        let client = self.clone();
        let fetch: Fetch<Vec<Value>> = Arc::new(move |url: String| {
            let client = client.clone();
            Box::pin(async move {
                let reply = client.inner.transport.send(operation, &url, None).await?;
                let meta = Meta { total: reply.total, link_next: reply.link_next };
                Ok(Fetched { meta, page: take_records(operation, reply.body)? })
            }) as PageFuture<Vec<Value>>
        });
        let mut sink = Callback(sink);
        self.read_pages_if(operation, params, query, fetch, &mut sink, progress, cancel, Some(validators)).await
    }

    /// [`Client::collect_raw_pages`], with the first page asked for with `If-None-Match` /
    /// `If-Modified-Since` from `validators`: [`Conditional::NotModified`] (nothing sent to
    /// `pages`) on a 304. Otherwise the records handed over, with the first page's validators
    /// when the whole collection came in that one page (they say nothing of later pages), else
    /// none.
    #[allow(clippy::too_many_arguments)]
    pub async fn collect_raw_pages_if_changed(
        &self,
        operation: &'static Operation,
        params: &[&str],
        query: &Query,
        pages: &tokio::sync::mpsc::Sender<RawPage>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
        validators: &Validators,
    ) -> Result<Conditional<u64>, ClientError> {
        let fetch = self.raw_fetch(operation, query);
        let mut sink = pages.clone();
        let read = self.read_pages_if(operation, params, query, fetch, &mut sink, progress, cancel, Some(validators));
        read.await
    }

    /// Fetches one page of records kept as text, read as its body streams (a page of more
    /// than [`most_records`] of the query's limit ends the read).
    fn raw_fetch(&self, operation: &'static Operation, query: &Query) -> Fetch<RawPage> {
        let client = self.clone();
        let most = most_records(query.paging.limit());
        Arc::new(move |url: String| {
            let client = client.clone();
            Box::pin(async move { client.inner.transport.send_page(operation, &url, most, keep_page).await })
                as PageFuture<RawPage>
        })
    }

    /// The paging shared by both kinds of pages.
    #[allow(clippy::too_many_arguments)]
    async fn read_pages<P: Page + ReadBody>(
        &self,
        operation: &'static Operation,
        params: &[&str],
        query: &Query,
        fetch: Fetch<P>,
        sink: &mut impl Deliver<P>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
    ) -> Result<u64, ClientError> {
        match self.read_pages_if(operation, params, query, fetch, sink, progress, cancel, None).await? {
            Conditional::Changed { value, .. } => Ok(value),
            Conditional::NotModified => Ok(0),
        }
    }

    /// The paging shared by both kinds of pages, the first page conditional on `validators`.
    #[allow(clippy::too_many_arguments)]
    async fn read_pages_if<P: Page + ReadBody>(
        &self,
        operation: &'static Operation,
        params: &[&str],
        query: &Query,
        fetch: Fetch<P>,
        sink: &mut impl Deliver<P>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
        validators: Option<&Validators>,
    ) -> Result<Conditional<u64>, ClientError> {
        if operation.query != QueryKind::Collection || operation.response.is_none() {
            return Err(ClientError::NotACollection { operation: operation.name });
        }
        if cancel.is_cancelled() {
            return Err(ClientError::Cancelled);
        }
        let endpoint = &self.inner.endpoint;
        let page_url = |limit: usize, offset: usize| {
            let paging = Paging::new(limit, offset).unwrap_or_default();
            endpoint.url(operation, params, Some(&Query { paging, ..query.clone() }))
        };
        let resolve = |current: &str, link: &str| self.resolve(operation, current, link);
        let pager = Pager {
            operation,
            limit: query.paging.limit(),
            offset: query.paging.offset(),
            // The window's whole ceiling queued per read: the client's window, shared first
            // come first served, decides how many are in flight, so a read whose consumer lags
            // leaves its share to the others. Measured through the network bench's link (two
            // reads side by side), a sync took 6.74 s with this against 7.15 s with half the
            // ceiling per read.
            concurrency: self.inner.concurrency,
            page_url: &page_url,
            resolve: &resolve,
            fetch,
        };
        let Some(validators) = validators else {
            let records = pager.run(sink, progress, cancel).await?;
            return Ok(Conditional::Changed { value: records, validators: Validators::default() });
        };
        let first_url = pager.first_url()?;
        let transport = &self.inner.transport;
        let most = most_records(query.paging.limit());
        let first = transport.send_page_conditional(operation, &first_url, most, P::read_body, validators);
        let first = race(cancel, first).await?;
        let (first, sent) = match first {
            Conditional::NotModified => return Ok(Conditional::NotModified),
            Conditional::Changed { value, validators } => (value, validators),
        };
        let in_first = first.page.count() as u64;
        let records = pager.run_from(first_url, first, sink, progress, cancel).await?;
        // The first page's validators stand for the collection only when it was the whole of it.
        let validators = if records == in_first { sent } else { Validators::default() };
        Ok(Conditional::Changed { value: records, validators })
    }

    /// A `next` link made absolute against the page it came with; only to the same server
    /// (the bearer token goes with it).
    fn resolve(&self, operation: &'static Operation, current: &str, link: &str) -> Result<String, ClientError> {
        let refuse = |reason| ClientError::Link { operation: operation.name, url: link.to_owned(), reason };
        let url = Url::parse(current).and_then(|base| base.join(link)).map_err(|_| refuse("not a URL"))?;
        if url.origin() != self.inner.origin.origin() {
            return Err(refuse("it leads to another server"));
        }
        Ok(url.into())
    }
}

/// Reads a page's records out of an answer's body.
pub(crate) trait ReadBody: Sized {
    /// The body as the transport reads it.
    type Body: Body;
    /// The records of `operation`'s answer `body`.
    fn read_body(operation: &'static Operation, body: Self::Body) -> Result<Self, ClientError>;
}

impl ReadBody for RawPage {
    /// Read as the body streamed.
    type Body = RawPage;

    fn read_body(operation: &'static Operation, body: RawPage) -> Result<Self, ClientError> {
        keep_page(operation, body)
    }
}

impl ReadBody for Vec<Value> {
    type Body = Vec<u8>;

    fn read_body(operation: &'static Operation, body: Vec<u8>) -> Result<Self, ClientError> {
        let value = serde_json::from_slice::<Value>(&body)
            .map_err(|e| ClientError::MalformedBody { operation: operation.name, message: e.to_string() })?;
        take_records(operation, Some(value))
    }
}

/// A page read as its body streamed, as it is.
fn keep_page(_: &'static Operation, page: RawPage) -> Result<RawPage, ClientError> {
    Ok(page)
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.inner.endpoint.base_url())
            .field("dialect", &self.inner.endpoint.dialect().name)
            .field("client_id", &self.inner.client_id)
            .field("concurrency", &self.inner.concurrency)
            .finish_non_exhaustive()
    }
}
