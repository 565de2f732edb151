//! Integration tests of the query language, as data-driven tables per concern.
#![allow(clippy::unwrap_used, clippy::panic, missing_docs)]

mod fields;
mod filter_eval;
mod filter_syntax;
mod link;
mod paging;
mod props;
mod query;
mod shapes;
mod sort;
