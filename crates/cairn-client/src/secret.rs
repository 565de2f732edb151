//! [`Secret`]: a string (client secret, access token) that never shows in `Debug`, `Display`,
//! logs, error messages or panics.

use std::fmt;

/// A secret string. `Debug` and `Display` print `<redacted>`; the value is reached only
/// through [`Secret::expose`], which the client calls where it builds a request header.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret.
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The secret itself: only for putting it on the wire.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether the secret is the empty string.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Secret {
        Secret(value)
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Secret {
        Secret(value.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_printed() {
        let s = Secret::from("hunter2-zebra");
        assert_eq!(format!("{s}"), "<redacted>");
        assert_eq!(format!("{s:?} {s:#?}").matches("hunter2").count(), 0);
        assert_eq!(s.expose(), "hunter2-zebra");
        assert!(!s.is_empty() && Secret::default().is_empty());
    }
}
