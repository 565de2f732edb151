//! String-valued leaves: free text, UUIDs, sourcedIds and URIs.

use serde_json::Value;

use crate::issue::{Checker, Rule};
use crate::shape::{Kind, Scalar};
use crate::wire::Wire;

/// Whether `s` matches the specification's UUID pattern
/// `[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}`.
pub fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    let hex = |c: &u8| c.is_ascii_digit() || (b'a'..=b'f').contains(c);
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            14 => (b'1'..=b'5').contains(c),
            19 => matches!(c, b'8' | b'9' | b'a' | b'b'),
            _ => hex(c),
        })
}

/// Whether `s` looks like an absolute URI: a scheme, a colon, and no white space. Byte by
/// byte: a sync checks every reference's `href` of every record.
fn is_absolute_uri(s: &str) -> bool {
    let bytes = s.as_bytes();
    let Some(colon) = bytes.iter().position(|&b| b == b':') else { return false };
    let (scheme, rest) = (&bytes[..colon], &bytes[colon + 1..]);
    scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme.iter().all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        && !rest.is_empty()
        && !has_white_space(s)
}

/// Whether `s` holds white space (Unicode's): ASCII byte by byte, the rest from its first
/// non-ASCII character by characters.
fn has_white_space(s: &str) -> bool {
    for (at, &b) in s.as_bytes().iter().enumerate() {
        if !b.is_ascii() {
            // Every byte before is ASCII, so `at` starts a character.
            return s[at..].chars().any(char::is_whitespace);
        }
        // Unicode's white space in ASCII: tab, line feed, vertical tab, form feed, return, space.
        if matches!(b, b'\t'..=b'\r' | b' ') {
            return true;
        }
    }
    false
}

macro_rules! string_leaf {
    ($(#[$meta:meta])* $name:ident, $scalar:expr, |$s:ident, $c:ident| $check:block) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub String);

        impl $name {
            /// The string.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                $name(s.to_owned())
            }
        }

        impl From<String> for $name {
            fn from(s: String) -> Self {
                $name(s)
            }
        }

        impl Wire for $name {
            const KIND: Kind = Kind::Scalar($scalar);

            fn from_json(value: Value) -> Result<Self, Value> {
                match value {
                    Value::String(s) => Ok($name(s)),
                    other => Err(other),
                }
            }

            fn to_json(&self) -> Value {
                Value::String(self.0.clone())
            }

            #[allow(unused_variables)]
            fn check(&self, $c: &mut Checker) {
                let $s = self.0.as_str();
                $check
            }
        }
    };
}

string_leaf!(
    /// `String` or `NormalizedString`: free text.
    Text,
    Scalar::Text,
    |s, c| {}
);

string_leaf!(
    /// A CASE identifier: must match the specification's UUID pattern (lower case, versions 1-5).
    Uuid,
    Scalar::Uuid,
    |s, c| {
        if !is_uuid(s) {
            c.report(Rule::UuidPattern, format!("{s:?} does not match the UUID pattern (lower-case hex 8-4-4-4-12, version 1-5, variant 8/9/a/b)"));
        }
    }
);

string_leaf!(
    /// A OneRoster `GUID` / `SourcedId`: any non-empty string.
    SourcedId,
    Scalar::SourcedId,
    |s, c| {
        if s.trim().is_empty() {
            c.report(Rule::Empty, "an identifier must not be empty");
        }
    }
);

string_leaf!(
    /// `AnyURI` or `URL`: an absolute URI.
    Uri,
    Scalar::Uri,
    |s, c| {
        if !is_absolute_uri(s) {
            c.report(Rule::UriFormat, format!("{s:?} is not an absolute URI"));
        }
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_pattern() {
        assert!(is_uuid("a33fc64e-5c40-11e7-82c4-3d54268aa9ee"));
        assert!(!is_uuid("A33FC64E-5C40-11E7-82C4-3D54268AA9EE"), "upper case");
        assert!(!is_uuid("d0000000-0000-0000-0000-000000000000"), "version nibble 0");
        assert!(!is_uuid("a33fc64e-5c40-61e7-82c4-3d54268aa9ee"), "version 6");
        assert!(!is_uuid("a33fc64e-5c40-11e7-c2c4-3d54268aa9ee"), "variant c");
        assert!(!is_uuid("http://purl.org/ASN/resources/D10003FB"));
    }

    #[test]
    fn absolute_uris() {
        assert!(is_absolute_uri("https://example.org/x"));
        assert!(is_absolute_uri("urn:uuid:a33fc64e-5c40-11e7-82c4-3d54268aa9ee"));
        assert!(!is_absolute_uri("/relative/path"));
        assert!(!is_absolute_uri("http://exa mple.org"));
        assert!(!is_absolute_uri("1http://x"));
        assert!(!is_absolute_uri("http://example.org/a\u{0b}b"), "a vertical tab");
        assert!(!is_absolute_uri("http://example.org/a\u{a0}b"), "a no-break space");
        assert!(is_absolute_uri("http://example.org/é"));
        assert!(!is_absolute_uri("http://example.org/é\u{2003}"), "an em space after a non-ASCII character");
        assert!(!is_absolute_uri("ht\u{e9}tp://x"), "a scheme is ASCII");
    }

    proptest::proptest! {
        /// The byte-by-byte checks answer as the plain character-by-character reading of the rule.
        #[test]
        fn absolute_uris_as_the_rule_reads(s in "[a-z0-9+.:/ \t\u{a0}\u{e9}\u{2003}-]{0,16}") {
            let plain = s.split_once(':').is_some_and(|(scheme, rest)| {
                let mut chars = scheme.chars();
                chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                    && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                    && !rest.is_empty()
                    && !s.chars().any(char::is_whitespace)
            });
            proptest::prop_assert_eq!(is_absolute_uri(&s), plain);
        }
    }
}
