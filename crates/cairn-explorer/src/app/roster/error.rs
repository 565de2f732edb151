//! Why a roster command failed, typed, and how it reaches the window as `{code, message,
//! detail}`.

use crate::app::AppError;

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
            RosterError::NoConnection(_) | RosterError::NotFound { .. } => "not_found",
            RosterError::UnknownCollection(_) => "invalid",
            RosterError::NoDemographicsScope(_) => "forbidden",
            RosterError::Store(_) | RosterError::Sql(_) => "store",
            RosterError::Export(_) => "io",
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
        assert_eq!(AppError::from(missing).code, "not_found");
        assert_eq!(AppError::from(RosterError::NoDemographicsScope("no scope".into())).code, "forbidden");
        assert_eq!(AppError::from(RosterError::UnknownCollection("CFItems".into())).code, "invalid");
    }
}
