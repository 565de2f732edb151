//! Why a roster command failed, typed, and how it reaches the window as `{code, message,
//! detail}`.

use crate::app::{AppError, ErrorCode};

/// Why a roster command failed.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    /// No connection of that name.
    #[error("no connection {0:?} in the cache")]
    NoConnection(String),
    /// The record asked for is not cached.
    #[error("no {collection} record {id:?} in the cache of {connection}")]
    NotFound {
        /// The collection's name.
        collection: String,
        /// The sourcedId asked for.
        id: String,
        /// The connection's name.
        connection: String,
    },
    /// A collection the roster inspector does not show.
    #[error("{0:?} is not a roster collection")]
    UnknownCollection(String),
    /// Demographics asked for where the token lacked the scope.
    #[error("{0}")]
    NoDemographicsScope(String),
    /// Reading the cache failed.
    #[error("reading the cache: {0}")]
    Store(#[from] cairn_store::StoreError),
    /// Reading the cache failed (a query).
    #[error("reading the cache: {0}")]
    Sql(#[from] rusqlite::Error),
    /// Writing an export failed.
    #[error("{0}")]
    Export(String),
}

impl From<RosterError> for AppError {
    fn from(error: RosterError) -> AppError {
        let code = match &error {
            RosterError::NoConnection(_) | RosterError::NotFound { .. } => ErrorCode::NotFound,
            RosterError::UnknownCollection(_) => ErrorCode::Invalid,
            RosterError::NoDemographicsScope(_) => ErrorCode::Forbidden,
            RosterError::Store(_) | RosterError::Sql(_) => ErrorCode::Store,
            RosterError::Export(_) => ErrorCode::Io,
        };
        AppError::new(code, error.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_has_its_code() {
        let missing = RosterError::NotFound { collection: "classes".into(), id: "c1".into(), connection: "x".into() };
        assert_eq!(AppError::from(missing).code, ErrorCode::NotFound);
        assert_eq!(AppError::from(RosterError::NoDemographicsScope("no scope".into())).code, ErrorCode::Forbidden);
        assert_eq!(AppError::from(RosterError::UnknownCollection("CFItems".into())).code, ErrorCode::Invalid);
    }
}
