//! The data model of the four education data services — competency frameworks (CASE 1.1),
//! rostering, gradebook and resources (OneRoster 1.2) — with tolerant, lossless reading,
//! strict validation, the status object and dialects. No IO.
//!
//! Every class of the specification and of the official references is a struct declared with
//! one macro ([`record`]), which also derives its [`Shape`](shape::Shape): the static field
//! list that the query language, validation and the tests against the references share.
//!
//! - Reading ([`read`], [`read_slice`], [`read_str`], [`PackageFile::read`](case::PackageFile::read)) never
//!   loses anything: unknown properties and values that do not fit stay in `rest` and are
//!   written back as given; deviations that real servers commit come back as warnings.
//! - Validation ([`validate`]) reports every finding with its JSON path, [`Rule`] and [`Level`]:
//!   violations, tolerated deviations, and field notes ([`field`]).

pub mod case;
pub mod collection;
pub mod dialect;
pub mod direct;
pub mod field;
pub mod gradebook;
pub mod issue;
pub mod operations;
pub mod refs;
pub mod registry;
pub mod resources;
pub mod roster;
pub mod scalar;
pub mod shape;
pub mod status;
pub mod time;
pub mod wire;

mod base;
mod record;

pub use base::BaseStatus;
pub use collection::Collection;
pub use dialect::{Dialect, Service};
pub use direct::read_str;
pub use issue::{Issue, Level, Rule};
pub use status::{CodeMajor, CodeMinor, Severity, StatusInfo, StatusNames};
pub use wire::{Many, Read, ReadError, Record, Wire, read, read_slice, validate};
