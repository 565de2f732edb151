//! Leaf value types: each keeps the JSON it was given and knows the rules it must follow.

mod boolean;
mod number;
mod string;
mod temporal;
mod term;

pub use boolean::TrueFalse;
pub use number::{Float, Integer};
pub use string::{SourcedId, Text, Uri, Uuid, is_uuid};
pub use temporal::{Date, DateTime};
pub(crate) use term::vocabulary;
pub use term::{Ext, Term, Vocabulary};
