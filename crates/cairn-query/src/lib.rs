//! The query language of the education data services, shared by the client and the sandbox
//! provider: `filter`, `sort`/`orderBy`, `fields`, `limit`/`offset`, and the `Link` and
//! `X-Total-Count` headers. No IO: records are [`serde_json::Value`] objects and field types
//! come from [`cairn_spec::shape::Shape`].
//!
//! ```
//! use cairn_query::Query;
//! let query = Query::from_params([("filter", "status='active'"), ("limit", "10")])?;
//! assert_eq!(query.to_query_string(), "filter=status%3D%27active%27&limit=10&offset=0");
//! # Ok::<(), cairn_query::QueryError>(())
//! ```
#![deny(missing_docs)]
#![warn(clippy::indexing_slicing, clippy::expect_used)]

mod collation;
mod compare;
mod error;
mod fields;
pub mod filter;
mod link;
mod paging;
mod path;
mod query;
mod sort;

mod url;

pub use cairn_spec::time::Instant;
pub use collation::Collation;
pub use error::{QueryError, Warning};
pub use fields::Selection;
pub use filter::{Clause, Connective, Filter, FilterError, FilterErrorKind, Pred, PreparedFilter, project};
pub use link::{Link, link_header, next_link, page_links, parse_link_header};
pub use paging::{DEFAULT_LIMIT, Paging, TotalCountError, parse_total_count};
pub use query::{Page, Query};
pub use sort::{Order, Sort};
pub use url::{decode_component, encode_component, query_string};
