//! The sandbox over HTTP: HTTPS with a self-signed certificate (plain HTTP on loopback only),
//! the token endpoint, discovery documents, a request-size limit, and the four services.
//! Answers above [`COMPRESS_ABOVE`] bytes are compressed (zstd, br or gzip, by the client's
//! `Accept-Encoding`) by tower-http's layer; HTTP/2 is offered over TLS through ALPN; a
//! [`NetLink`] can slow the whole server down to a remote provider's pace.

mod chaos;
mod link;
mod rate;
mod tls;
mod token;

use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use cairn_spec::{CodeMinor, Service};
use serde_json::Value;
use tower_http::compression::predicate::SizeAbove;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::api::{self, ApiError, Response};
use crate::discovery::{self, Localization};
use crate::state::Sandbox;

pub use chaos::{Chaos, Fault};
pub use link::{Link, Metered, NetLink};
pub use rate::RateLimiter;
pub use tls::TlsError;

/// The largest request body accepted (bytes); larger ones are refused unread.
pub const DEFAULT_BODY_LIMIT: usize = 4 * 1024 * 1024;

/// Answers larger than this many bytes are compressed when the client accepts it (smaller
/// ones would gain less than the encoding costs).
pub const COMPRESS_ABOVE: u16 = 1024;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Plain HTTP asked for on a non-loopback address.
    #[error("--http is allowed on loopback addresses only (got {0}); use TLS elsewhere")]
    PlainHttpOffLoopback(SocketAddr),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// TLS setup failed.
    #[error(transparent)]
    Tls(#[from] TlsError),
}

/// A bound listener, before the sandbox is built (its base URL depends on the port).
pub struct Bound {
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    /// The URL clients use: `https://127.0.0.1:PORT`.
    pub base_url: String,
    /// The certificate clients should trust, when TLS is on.
    pub ca_cert: Option<PathBuf>,
}

/// Binds `addr` (port 0 picks a free port); with `tls`, makes a self-signed certificate and
/// writes its PEM into `cert_dir`.
pub fn bind(addr: SocketAddr, tls: bool, cert_dir: &Path) -> Result<Bound, ServeError> {
    if !tls && !addr.ip().is_loopback() {
        return Err(ServeError::PlainHttpOffLoopback(addr));
    }
    let listener = TcpListener::bind(addr).map_err(|source| ServeError::Bind { addr, source })?;
    let local = listener.local_addr().map_err(|source| ServeError::Bind { addr, source })?;
    listener.set_nonblocking(true).map_err(|source| ServeError::Bind { addr, source })?;
    let host = match local.ip() {
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    let (tls, ca_cert, scheme) = if tls {
        let (config, path) = tls::self_signed(&local.ip().to_string(), local.port(), cert_dir)?;
        (Some(config), Some(path), "https")
    } else {
        (None, None, "http")
    };
    Ok(Bound { listener, tls, base_url: format!("{scheme}://{host}:{}", local.port()), ca_cert })
}

/// How the server treats requests beyond the specification's rules.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The largest request body accepted, in bytes.
    pub body_limit: usize,
    /// Requests per second per client before 429 `server_busy`.
    pub rate_limit: Option<u32>,
    /// Seed of deterministic injected faults.
    pub chaos: Option<u64>,
    /// A slow service: every service request is answered this much later.
    pub delay: Option<Duration>,
    /// A slow link in front of everything (`--net-delay`, `--net-rate`).
    pub link: Option<NetLink>,
    /// Compress answers the client accepts compressed (`false`: a server ignoring
    /// `Accept-Encoding`).
    pub compression: bool,
    /// Offer HTTP/2 over TLS (`false`: HTTP/1.1 only).
    pub http2: bool,
    /// The largest page served: a larger `limit` (or none) is cut to it, as some providers do.
    pub max_page_size: Option<usize>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            body_limit: DEFAULT_BODY_LIMIT,
            rate_limit: None,
            chaos: None,
            delay: None,
            link: None,
            compression: true,
            http2: true,
            max_page_size: None,
        }
    }
}

struct App {
    sandbox: Sandbox,
    discovery: HashMap<String, Value>,
    body_limit: usize,
    rate: Option<RateLimiter>,
    chaos: Option<Chaos>,
    delay: Option<Duration>,
    hook: Option<FaultHook>,
    max_page_size: Option<usize>,
}

/// A running server.
pub struct Running {
    handle: axum_server::Handle,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Stops accepting and waits for the server to end.
    pub async fn shutdown(self) {
        self.handle.shutdown();
        let _ = self.task.await;
    }

    /// Waits until the server ends (it runs until shut down or the process ends).
    pub async fn wait(self) -> std::io::Result<()> {
        self.task.await.unwrap_or_else(|e| Err(std::io::Error::other(e)))
    }
}

/// Picks a fault for one service request from its method and path (tests that need a given
/// request to fail: a 500 for one record, a 429 for the n-th write). Called before the token
/// is checked, so a hook may also move the sandbox's clock.
pub type FaultHook = Arc<dyn Fn(&str, &str) -> Option<Fault> + Send + Sync>;

/// Serves `sandbox` on the bound listener.
pub fn serve(bound: Bound, sandbox: Sandbox, options: ServeOptions) -> Running {
    serve_with_faults(bound, sandbox, options, None)
}

/// [`serve`], with the faults `hook` picks (before any `--chaos` fault).
pub fn serve_with_faults(bound: Bound, sandbox: Sandbox, options: ServeOptions, hook: Option<FaultHook>) -> Running {
    let mut discovery = HashMap::new();
    for service in Service::ALL {
        let localization =
            Localization { base_url: &sandbox.base_url, dialect: &sandbox.dialect, scope_base: sandbox.scope_base() };
        let document = discovery::document(service, &localization);
        for name in [discovery::file_name(service), discovery::reference_file_name(service)] {
            let path = format!("{}/discovery/{name}", sandbox.dialect.base_path(service));
            discovery.insert(path, document.clone());
        }
    }
    let app = Arc::new(App {
        sandbox,
        discovery,
        body_limit: options.body_limit,
        rate: options.rate_limit.map(RateLimiter::new),
        chaos: options.chaos.map(Chaos::new),
        delay: options.delay,
        hook,
        max_page_size: options.max_page_size,
    });
    let mut router = Router::new().fallback(dispatch).with_state(app);
    if options.compression {
        // The fastest level: zstd 1 keeps a 512 KB window where level 3 keeps 2 MB, on both
        // sides of every answer in flight, for pages only ~15% larger; and a third of the CPU.
        let compression =
            CompressionLayer::new().quality(CompressionLevel::Fastest).compress_when(SizeAbove::new(COMPRESS_ABOVE));
        router = router.layer(compression);
    }
    // Whether an answer is compressed depends on `Accept-Encoding`, also for the small ones.
    let vary = HeaderValue::from_static("accept-encoding");
    router = router.layer(SetResponseHeaderLayer::if_not_present(header::VARY, vary));
    if let Some(settings) = options.link {
        router = router.layer(axum::middleware::from_fn_with_state(settings, link::shape));
    }
    let handle = axum_server::Handle::new();
    let service = router.into_make_service();
    let task = match bound.tls {
        Some(config) => {
            let mut config = (*config).clone();
            config.alpn_protocols = match options.http2 {
                true => vec![b"h2".to_vec(), b"http/1.1".to_vec()],
                false => vec![b"http/1.1".to_vec()],
            };
            let config = Arc::new(config);
            let config = axum_server::tls_rustls::RustlsConfig::from_config(config);
            let server = axum_server::from_tcp_rustls(bound.listener, config).handle(handle.clone());
            tokio::spawn(server.serve(service))
        }
        None => {
            let server = axum_server::from_tcp(bound.listener).handle(handle.clone());
            tokio::spawn(server.serve(service))
        }
    };
    Running { handle, task }
}

async fn dispatch(State(app): State<Arc<App>>, request: Request) -> axum::response::Response {
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().to_owned();
    let query = parts.uri.query().unwrap_or_default().to_owned();
    let query = match app.max_page_size {
        Some(cap) if path != "/token" => cap_limit(&query, cap),
        _ => query,
    };
    let (dialect, service) = (&app.sandbox.dialect, service_of_path(&app.sandbox, &path));
    let declared = parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<usize>().ok());
    if declared.is_some_and(|n| n > app.body_limit) {
        return refuse_body(app.body_limit, dialect, service);
    }
    let body = match to_bytes(body, app.body_limit).await {
        Ok(bytes) => bytes,
        Err(_) => return refuse_body(app.body_limit, dialect, service),
    };
    let authorization = parts.headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    let method = parts.method.as_str();
    let response = if path == "/token" && matches!(method, "GET" | "POST") {
        token::token_response(&app.sandbox.tokens, authorization, &query, &body)
    } else if let Some(document) = app.discovery.get(&path) {
        if method == "GET" {
            Response::ok(document.clone())
        } else {
            ApiError {
                http: 405,
                code: CodeMinor::Unsupported,
                description: "discovery documents are read with GET".into(),
            }
            .into_response(dialect, service)
        }
    } else {
        if let Some(rate) = &app.rate
            && let Err(wait) = rate.check(authorization.unwrap_or("anonymous"), app.sandbox.clock.now())
        {
            return render(busy(wait.as_secs().max(1), "the rate limit is exceeded", dialect, service));
        }
        if let Some(delay) = app.delay {
            tokio::time::sleep(delay).await;
        }
        let fault = app.hook.as_ref().and_then(|hook| hook(method, &path)).or_else(|| app.chaos.as_ref()?.next());
        match fault {
            Some(Fault::Busy) => return render(busy(1, "injected by --chaos", dialect, service)),
            Some(Fault::Internal) => {
                return render(
                    ApiError::new(CodeMinor::InternalServerError, "injected by --chaos")
                        .into_response(dialect, service),
                );
            }
            Some(Fault::Delay(delay)) => tokio::time::sleep(delay).await,
            Some(Fault::Truncate) | None => {}
        }
        let request = api::Request { method, path: &path, query: &query, authorization, body: &body };
        let response = if method == "GET" {
            api::handle(&app.sandbox, request)
        } else {
            tokio::task::block_in_place(|| api::handle(&app.sandbox, request))
        };
        if fault == Some(Fault::Truncate) {
            return truncated(response);
        }
        response
    };
    render(response)
}

/// The query with its `limit` cut to `cap` (and `limit=cap` added when there is none: the
/// default page size may be larger).
fn cap_limit(query: &str, cap: usize) -> String {
    let mut found = false;
    let mut params: Vec<String> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|param| match param.split_once('=') {
            Some(("limit", value)) => {
                found = true;
                match value.parse::<usize>() {
                    Ok(limit) if limit > cap => format!("limit={cap}"),
                    _ => param.to_owned(),
                }
            }
            _ => param.to_owned(),
        })
        .collect();
    if !found {
        params.push(format!("limit={cap}"));
    }
    params.join("&")
}

/// A 429 `server_busy` with its `Retry-After`.
fn busy(retry_after: u64, why: &str, dialect: &cairn_spec::Dialect, service: Service) -> Response {
    ApiError::new(CodeMinor::ServerBusy, format!("too many requests ({why}); retry after {retry_after} s"))
        .into_response(dialect, service)
        .with_header("Retry-After", retry_after.to_string())
}

/// The answer with only the first half of its body.
fn truncated(response: Response) -> axum::response::Response {
    let status = StatusCode::from_u16(response.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut cut = response.body.unwrap_or_default();
    cut.truncate(cut.len() / 2);
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    (status, headers, Body::from(cut)).into_response()
}

fn service_of_path(sandbox: &Sandbox, path: &str) -> Service {
    Service::ALL.into_iter().find(|s| path.starts_with(sandbox.dialect.base_path(*s))).unwrap_or(Service::Rostering)
}

fn too_large(limit: usize) -> ApiError {
    ApiError {
        http: 413,
        code: CodeMinor::InvalidData,
        description: format!("the request body is larger than {limit} bytes"),
    }
}

/// The 413 answer; the connection closes after it (the body was not read, so the connection
/// cannot carry another request), which `Connection: close` tells the client.
fn refuse_body(limit: usize, dialect: &cairn_spec::Dialect, service: Service) -> axum::response::Response {
    render(too_large(limit).into_response(dialect, service).with_header("Connection", "close"))
}

fn render(response: Response) -> axum::response::Response {
    let status = StatusCode::from_u16(response.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut headers = HeaderMap::new();
    for (name, value) in response.headers {
        if let (Ok(name), Ok(value)) = (HeaderName::from_bytes(name.as_bytes()), HeaderValue::from_str(&value)) {
            headers.append(name, value);
        }
    }
    match response.body {
        Some(body) => {
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
            (status, headers, Body::from(body)).into_response()
        }
        None => (status, headers).into_response(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_capped_limit_is_cut_and_a_missing_one_added() {
        assert_eq!(super::cap_limit("limit=5000&offset=10", 1000), "limit=1000&offset=10");
        assert_eq!(super::cap_limit("offset=10&limit=20", 1000), "offset=10&limit=20");
        assert_eq!(super::cap_limit("filter=x", 50), "filter=x&limit=50");
        assert_eq!(super::cap_limit("", 50), "limit=50");
    }
}
