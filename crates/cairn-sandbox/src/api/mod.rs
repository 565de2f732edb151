//! The four services' operations over the sandbox's data, independent of the HTTP library:
//! routing by the operation catalogue, authentication and scopes, query mechanics, reads,
//! writes and errors as status objects.

mod competency;
mod gradebook;
mod listing;
mod lookup;
mod repair;
mod resources;
mod response;
mod rostering;
mod route;
mod vocabulary;
mod writes;

pub use response::{ApiError, Response, SYSTEM};
pub use route::{Request, handle};
pub use vocabulary::{code_minor_word, sent_words};
