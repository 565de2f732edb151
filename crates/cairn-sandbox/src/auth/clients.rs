//! Registered clients: `--client ID:SECRET[:SCOPE,...]` on the command line.

use std::fmt;
use std::str::FromStr;

/// A client the sandbox accepts, and the scope suffixes it may be granted (all when `None`).
#[derive(Clone, PartialEq, Eq)]
pub struct ClientSpec {
    /// client_id.
    pub id: String,
    /// client_secret.
    pub secret: String,
    /// Scope suffixes (`roster-core.readonly`) this client may hold; `None` for every scope.
    pub scopes: Option<Vec<String>>,
}

impl fmt::Debug for ClientSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClientSpec")
            .field("id", &self.id)
            .field("secret", &"<redacted>")
            .field("scopes", &self.scopes)
            .finish()
    }
}

/// Why a `--client` value is malformed (never echoes the secret).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClientSpecError {
    /// No `:` between id and secret.
    #[error("a client is ID:SECRET or ID:SECRET:SCOPE,SCOPE,...")]
    Shape,
    /// Empty id or secret.
    #[error("the client id and secret must not be empty")]
    Empty,
    /// A blank scope in the list.
    #[error("client {id:?}: a blank scope in the scope list")]
    BlankScope {
        /// The client.
        id: String,
    },
}

impl FromStr for ClientSpec {
    type Err = ClientSpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (id, rest) = s.split_once(':').ok_or(ClientSpecError::Shape)?;
        let (secret, scopes) = match rest.split_once(':') {
            Some((secret, scopes)) => (secret, Some(scopes)),
            None => (rest, None),
        };
        if id.is_empty() || secret.is_empty() {
            return Err(ClientSpecError::Empty);
        }
        let scopes = scopes
            .map(|list| {
                list.split(',')
                    .map(|scope| {
                        let scope = scope.trim();
                        let suffix = scope.rsplit('/').next().unwrap_or(scope);
                        if suffix.is_empty() {
                            Err(ClientSpecError::BlankScope { id: id.to_owned() })
                        } else {
                            Ok(suffix.to_owned())
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?;
        Ok(ClientSpec { id: id.to_owned(), secret: secret.to_owned(), scopes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_command_line_forms() {
        let all: ClientSpec = "cairn:s3cret".parse().unwrap();
        assert_eq!((all.id.as_str(), all.secret.as_str(), all.scopes), ("cairn", "s3cret", None));
        let some: ClientSpec =
            "teacher:pw:gradebook.readonly, https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly"
                .parse()
                .unwrap();
        assert_eq!(some.scopes.unwrap(), ["gradebook.readonly", "roster-core.readonly"]);
        assert_eq!("nocolon".parse::<ClientSpec>(), Err(ClientSpecError::Shape));
        assert_eq!(":pw".parse::<ClientSpec>(), Err(ClientSpecError::Empty));
        assert!(matches!("a:b:x,,y".parse::<ClientSpec>(), Err(ClientSpecError::BlankScope { .. })));
        assert!(!format!("{all:?}", all = "cairn:s3cret".parse::<ClientSpec>().unwrap()).contains("s3cret"));
    }
}
