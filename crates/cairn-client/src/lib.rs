//! The async client of the four education data services — competency frameworks (CASE 1.1)
//! and OneRoster 1.2 rostering, gradebook and resources — over reqwest with rustls (ring).
//!
//! - [`Client::new`] checks the [`ClientConfig`]: HTTPS only (plain HTTP to loopback), an
//!   optional CA certificate to trust, the dialect's base paths.
//! - OAuth 2.0 client credentials: HTTP Basic with the requested scopes; the token is cached
//!   until shortly before it expires, refreshed once and the request retried on a 401;
//!   [`Client::granted_scopes`] tells what the connection may do.
//! - [`Client::call`] sends any operation with retries (429 and 503 with backoff, jitter and
//!   `Retry-After`; 5xx, connection failures and cut-off bodies only for reads and PUTs; a POST
//!   is never repeated after the server may have acted on it).
//! - [`Client::collect_pages`] reads a whole collection page by page into a sink, with
//!   [`ReadProgress`] and [`Cancel`]; [`Client::collect_raw_pages`] does the same keeping every
//!   record's JSON text as sent ([`RawPage`]) into a channel.
//! - [`Client::discovery`] reads a service's discovery document; [`asks_for_token`] tells
//!   whether it asks for credentials to call an operation.
//! - One typed method per operation ([`Client::get_all_users`], [`Client::put_result`], ...).
//! - Errors are typed ([`ClientError`]) with the HTTP status and the status object; secrets
//!   ([`Secret`]) never appear in `Debug`, `Display` or error messages.

mod auth;
mod client;
mod conditional;
mod config;
mod discovery;
mod endpoint;
mod error;
mod operations;
mod paging;
mod progress;
mod raw;
mod reply;
mod retry;
mod secret;
mod stats;
mod transport;
mod typed;
mod window;

pub use client::Client;
pub use conditional::{Conditional, ReadPackage, Validators};
pub use config::{ClientConfig, DEFAULT_CONCURRENCY, DEFAULT_MAX_BODY_BYTES, DEFAULT_SCOPE_BASE};
pub use discovery::{asks_for_token, discovery_file};
pub use endpoint::{Endpoint, check_url};
pub use error::{ClientError, TransportKind};
pub use paging::Sink;
pub use progress::{Cancel, ReadProgress, no_progress};
pub use raw::RawPage;
pub use reply::Reply;
pub use retry::{RetryPolicy, parse_retry_after};
pub use secret::Secret;
pub use stats::Stats;
