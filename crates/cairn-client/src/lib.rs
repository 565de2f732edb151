//! The client of the four services. So far: where requests go ([`Endpoint`]): the base URL
//! (HTTPS, or plain HTTP to loopback only), the dialect's base paths, operation paths and
//! query strings.

mod endpoint;
mod error;

pub use endpoint::Endpoint;
pub use error::ClientError;
