//! How far one collection read has got (`ReadProgress`, records handed over and the total the
//! server announced — the explorer turns it into its `Progress`), and cancellation.

/// Cancels a long operation: clone it, hand it to the call, and call `cancel()` from anywhere.
/// (`tokio_util`'s `CancellationToken`; child tokens cancel with their parent.)
pub use tokio_util::sync::CancellationToken as Cancel;

/// How far a collection read has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReadProgress {
    /// Records handed to the sink so far.
    pub records: u64,
    /// Records the read will hand over in all, when the server says (`X-Total-Count` less the
    /// starting offset).
    pub total: Option<u64>,
}

/// A progress callback that ignores every report.
pub fn no_progress(_: ReadProgress) {}
