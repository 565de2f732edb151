//! SQLite storage shared by the app's cache and the sandbox provider: opening connections
//! (WAL, foreign keys, the Unicode collation on every connection) and versioned migrations.

mod connection;
mod error;
mod migrate;

pub use connection::{COLLATION, open, open_in_memory};
pub use error::StoreError;
pub use migrate::{Migration, migrate};
