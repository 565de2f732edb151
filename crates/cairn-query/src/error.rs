//! The errors and warnings a query can produce, with the status codes the specification assigns.

use crate::filter::FilterError;

/// A query parameter the server must reject with HTTP 400.
///
/// Every variant maps onto the status object's `codeMinor` through [`QueryError::code_minor`];
/// `codeMajor` is always `failure` and severity `error`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// The `filter` parameter is not well formed.
    #[error("invalid filter: {message} at byte {position}")]
    InvalidFilter {
        /// What was wrong.
        message: String,
        /// The byte offset in the filter string where the problem was found.
        position: usize,
    },
    /// The `filter` parameter names a field the class does not have.
    #[error("invalid filter field: the class has no field {field:?}")]
    InvalidFilterField {
        /// The dotted field path as written in the filter.
        field: String,
    },
    /// The `fields` parameter contains a blank field name.
    #[error("invalid selection field: {reason}")]
    InvalidSelectionField {
        /// What was wrong, e.g. `field name 2 of "a,,b" is blank`.
        reason: String,
    },
    /// The `limit` parameter is not a positive integer.
    #[error("limit must be a positive integer, got {value:?}")]
    InvalidLimit {
        /// The value as received.
        value: String,
    },
    /// The `offset` parameter is not a non-negative integer.
    #[error("offset must be a non-negative integer, got {value:?}")]
    InvalidOffset {
        /// The value as received.
        value: String,
    },
    /// The `orderBy` parameter is neither `asc` nor `desc`.
    #[error("orderBy must be \"asc\" or \"desc\", got {value:?}")]
    InvalidOrderBy {
        /// The value as received.
        value: String,
    },
}

impl QueryError {
    /// The status object's `codeMinor` for this error.
    ///
    /// Filter syntax errors share `invalid_filter_field` with unknown filter fields: the
    /// specification has no separate code for a malformed filter.
    pub fn code_minor(&self) -> &'static str {
        match self {
            QueryError::InvalidFilter { .. } | QueryError::InvalidFilterField { .. } => "invalid_filter_field",
            QueryError::InvalidSelectionField { .. } => "invalid_selection_field",
            QueryError::InvalidLimit { .. } | QueryError::InvalidOffset { .. } | QueryError::InvalidOrderBy { .. } => {
                "invaliddata"
            }
        }
    }

    /// The status object's `codeMajor`: always `failure`.
    pub fn code_major(&self) -> &'static str {
        "failure"
    }

    /// The status object's `severity`: always `error`.
    pub fn severity(&self) -> &'static str {
        "error"
    }

    /// The HTTP status of the response: always 400 (Bad Request).
    pub fn http_status(&self) -> u16 {
        400
    }
}

impl From<FilterError> for QueryError {
    fn from(error: FilterError) -> Self {
        QueryError::InvalidFilter { message: error.kind().to_string(), position: error.position() }
    }
}

/// A problem that does not fail the request: the data is returned with HTTP 200 and the status
/// carries `codeMajor` `success`, severity `warning` and the [`Warning::code_minor`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Warning {
    /// The `sort` parameter names a field the class does not have; the data is in default order.
    #[error("cannot sort by {field:?}: the class has no such field; data is in default order")]
    InvalidSortField {
        /// The field as received.
        field: String,
    },
}

impl Warning {
    /// The status object's `codeMinor` for this warning.
    pub fn code_minor(&self) -> &'static str {
        match self {
            Warning::InvalidSortField { .. } => "invalid_sort_field",
        }
    }

    /// The status object's `codeMajor`: always `success`.
    pub fn code_major(&self) -> &'static str {
        "success"
    }

    /// The status object's `severity`: always `warning`.
    pub fn severity(&self) -> &'static str {
        "warning"
    }

    /// The HTTP status of the response: always 200.
    pub fn http_status(&self) -> u16 {
        200
    }
}
