//! OAuth 2.0 client credentials (RFC 6749 §4.4) as the specification profiles it.

mod clients;
mod tokens;

pub use clients::{ClientSpec, ClientSpecError};
pub use tokens::{Clock, Entropy, Grant, Issued, SystemClock, SystemEntropy, TokenError, Tokens, VerifyError};
