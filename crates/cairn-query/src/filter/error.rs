//! Why a filter string, or a filter being built, is not well formed, and where.

use std::fmt;

/// A filter that is not well formed: what was wrong ([`FilterError::kind`]) and the byte offset
/// where it was found ([`FilterError::position`]).
///
/// For filters made with the builder the position is a byte offset into the filter's canonical
/// rendering (its [`Display`](std::fmt::Display) form) at the point the bad part would go.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind} at byte {position}")]
pub struct FilterError {
    kind: FilterErrorKind,
    position: usize,
}

impl FilterError {
    pub(crate) fn new(kind: FilterErrorKind, position: usize) -> FilterError {
        FilterError { kind, position }
    }

    /// What was wrong.
    pub fn kind(&self) -> &FilterErrorKind {
        &self.kind
    }

    /// The byte offset where the problem was found.
    pub fn position(&self) -> usize {
        self.position
    }
}

/// The ways a filter can be malformed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FilterErrorKind {
    /// The filter is empty or blank.
    Empty,
    /// A predicate with no field name before it (`='x'`).
    EmptyField,
    /// Something other than a field name where a clause should start.
    ExpectedField {
        /// What was there instead.
        found: String,
    },
    /// A field name with no predicate after it (`status`, `status 'x'`).
    MissingPredicate {
        /// The field name.
        field: String,
    },
    /// An operator that is not one of `=`, `!=`, `>`, `>=`, `<`, `<=`, `~`.
    UnknownPredicate {
        /// The operator as written.
        found: String,
    },
    /// A predicate with nothing after it (`status=`).
    MissingValue,
    /// A value not enclosed in single quotes (`status=active`).
    UnquotedValue {
        /// What was there instead of `'`.
        found: String,
    },
    /// A value whose opening quote is never closed (`status='active`).
    UnterminatedValue,
    /// Text after a value that is not ` AND ` or ` OR ` (`status='a' x='b'`).
    ExpectedConnective {
        /// What was there instead.
        found: String,
    },
    /// Text straight after a closing quote (`status='a'x`).
    TrailingText {
        /// The text.
        found: String,
    },
    /// A connective with no clause after it (`status='a' AND`).
    MissingClause {
        /// `AND` or `OR`.
        connective: &'static str,
    },
    /// `AND` and `OR` in one filter.
    MixedConnectives,
    /// A field name given to the builder that the filter syntax cannot carry.
    InvalidFieldName {
        /// The field name.
        field: String,
    },
}

/// At most this many characters of offending text are quoted in a message.
const SNIPPET: usize = 24;

/// Shortens `text` for a message.
pub(crate) fn snippet(text: &str) -> String {
    match text.char_indices().nth(SNIPPET) {
        Some((cut, _)) => format!("{}…", text.get(..cut).unwrap_or(text)),
        None => text.to_owned(),
    }
}

impl fmt::Display for FilterErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterErrorKind::Empty => write!(f, "the filter is empty"),
            FilterErrorKind::EmptyField => write!(f, "missing field name before the predicate"),
            FilterErrorKind::ExpectedField { found } => {
                write!(f, "expected a field name, found {found}")
            }
            FilterErrorKind::MissingPredicate { field } => {
                write!(f, "missing predicate after field `{field}` (use one of = != > >= < <= ~)")
            }
            FilterErrorKind::UnknownPredicate { found } => {
                write!(f, "unknown predicate `{found}` (use one of = != > >= < <= ~)")
            }
            FilterErrorKind::MissingValue => {
                write!(f, "missing value after the predicate (values are written 'like this')")
            }
            FilterErrorKind::UnquotedValue { found } => {
                write!(f, "value must be enclosed in single quotes, found `{found}`")
            }
            FilterErrorKind::UnterminatedValue => {
                write!(f, "unterminated quoted value (a quote inside a value is written '')")
            }
            FilterErrorKind::ExpectedConnective { found } => {
                write!(f, "expected AND or OR between clauses, found {found}")
            }
            FilterErrorKind::TrailingText { found } => {
                write!(f, "unexpected text `{found}` after the closing quote")
            }
            FilterErrorKind::MissingClause { connective } => {
                write!(f, "missing clause after {connective}")
            }
            FilterErrorKind::MixedConnectives => {
                write!(f, "cannot mix AND and OR in one filter")
            }
            FilterErrorKind::InvalidFieldName { field } => {
                write!(f, "field name `{field}` must be non-empty, without spaces, quotes or any of = ! < > ~")
            }
        }
    }
}
