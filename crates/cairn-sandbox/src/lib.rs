//! The sandbox provider of the four services: the embedded default a new user browses, the
//! peer every client test talks to, and a server integrators point their own clients at.
//!
//! - [`Sandbox`]: the data in memory ([`dataset`]), written through to SQLite
//!   (`cairn-store`), with tokens, dialect and injected clock and randomness;
//! - [`api`]: every operation, independent of the HTTP library;
//! - [`http`]: HTTPS (self-signed, ring), the token endpoint, discovery, limits, chaos;
//! - [`auth`]: OAuth 2.0 client credentials; [`discovery`]: localized OpenAPI documents;
//! - [`demo`]: deterministic demo data and the import of real CASE packages.

pub mod api;
pub mod auth;
pub mod dataset;
pub mod demo;
pub mod discovery;
pub mod http;
mod packages;
mod state;

pub use state::{DEFAULT_SCOPE_BASE, RepairLog, Sandbox, SandboxConfig, SandboxError};
