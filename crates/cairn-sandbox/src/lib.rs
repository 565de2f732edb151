//! The sandbox provider of the four services. So far: OAuth 2.0 client credentials
//! ([`auth`]): registered clients, token issuance with granted scopes, and bearer-token checks,
//! with time and randomness injected.

pub mod api;
pub mod auth;
pub mod dataset;
pub mod discovery;
pub mod http;
mod state;

pub use state::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig, SandboxError};
