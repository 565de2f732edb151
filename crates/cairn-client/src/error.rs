//! The client's error type.

/// What went wrong talking to a server.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The base URL cannot be used.
    #[error("invalid base URL {url:?}: {reason}")]
    InvalidUrl {
        /// The URL given.
        url: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Plain HTTP to a host that is not this machine.
    #[error("refusing plain HTTP to {url:?}: use https (plain http is allowed to loopback addresses only)")]
    InsecureUrl {
        /// The URL given.
        url: String,
    },
    /// An operation was given the wrong number of path parameters.
    #[error("{operation} takes {expected} path parameters, got {given}")]
    PathParameters {
        /// The operation.
        operation: &'static str,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        given: usize,
    },
}
