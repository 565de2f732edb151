//! The sandbox provider of the four services. So far: OAuth 2.0 client credentials
//! ([`auth`]): registered clients, token issuance with granted scopes, and bearer-token checks,
//! with time and randomness injected.

pub mod auth;
