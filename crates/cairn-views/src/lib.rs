//! View queries behind the explorer: what the framework explorer, the graph view and the
//! command line show, read from the cache and shaped for display (JSON-serialisable).

pub mod crosswalk;
pub mod diff;
mod error;
mod outline;
mod package;
pub mod roster;
mod snapshot;
mod tree;

pub use error::ViewError;
pub use outline::load_package_outline;
pub use package::{load_package, load_package_json, resolve_connection, unlinked};
pub use snapshot::{Snapshot, SnapshotError, SnapshotSource, resolve_snapshot};
pub use tree::{TreeOptions, TreeView, framework_tree};
