//! The `limit` and `offset` parameters, and the `X-Total-Count` header.

use std::ops::Range;

use crate::error::QueryError;

/// The page size used when the request has no `limit`.
pub const DEFAULT_LIMIT: usize = 100;

/// Which slice of a collection a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paging {
    limit: usize,
    offset: usize,
}

impl Default for Paging {
    fn default() -> Paging {
        Paging { limit: DEFAULT_LIMIT, offset: 0 }
    }
}

impl Paging {
    /// A page of `limit` records from `offset`; `None` if `limit` is 0.
    pub fn new(limit: usize, offset: usize) -> Option<Paging> {
        (limit > 0).then_some(Paging { limit, offset })
    }

    /// The page size (always at least 1).
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The index of the first record of the page.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Reads the `limit` and `offset` parameters (already percent-decoded).
    ///
    /// `limit` must be a positive integer (default [`DEFAULT_LIMIT`]) and `offset` a
    /// non-negative integer (default 0): ASCII digits, surrounding whitespace ignored, no
    /// sign. Values too large for `usize` are read as `usize::MAX` (everything, or past the
    /// end), since they are well-formed integers.
    pub fn parse(limit: Option<&str>, offset: Option<&str>) -> Result<Paging, QueryError> {
        let limit = match limit {
            None => DEFAULT_LIMIT,
            Some(text) => match parse_count(text) {
                Some(n) if n > 0 => n,
                _ => return Err(QueryError::InvalidLimit { value: text.to_owned() }),
            },
        };
        let offset = match offset {
            None => 0,
            Some(text) => parse_count(text).ok_or_else(|| QueryError::InvalidOffset { value: text.to_owned() })?,
        };
        Ok(Paging { limit, offset })
    }

    /// The indices of the page's records in a collection of `total` records (empty when the
    /// offset is past the end).
    pub fn window(&self, total: usize) -> Range<usize> {
        let start = self.offset.min(total);
        let end = start.saturating_add(self.limit).min(total);
        start..end
    }
}

/// A non-negative decimal integer, saturating at `usize::MAX`.
fn parse_count(text: &str) -> Option<usize> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.bytes().fold(0usize, |n, b| n.saturating_mul(10).saturating_add(usize::from(b - b'0'))))
}

/// An `X-Total-Count` header value that is not a non-negative integer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("X-Total-Count must be a non-negative integer, got {value:?}")]
pub struct TotalCountError {
    /// The header value as received.
    pub value: String,
}

/// Reads an `X-Total-Count` header value (surrounding whitespace ignored).
pub fn parse_total_count(text: &str) -> Result<u64, TotalCountError> {
    let digits = text.trim();
    let error = || TotalCountError { value: text.to_owned() };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error());
    }
    digits.parse().map_err(|_| error())
}
