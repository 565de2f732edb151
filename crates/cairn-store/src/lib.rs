//! SQLite storage shared by the app's cache and the sandbox provider: opening connections
//! (WAL, foreign keys, the Unicode collation on every connection), versioned migrations, and
//! the provider's record table.

pub mod cache;
mod connection;
mod error;
mod migrate;
mod records;

pub use connection::{BUSY_TIMEOUT, COLLATION, configure, open, open_in_memory};
pub use error::StoreError;
pub use migrate::{Migration, migrate};
pub use records::{PROVIDER_MIGRATIONS, RecordStore};
