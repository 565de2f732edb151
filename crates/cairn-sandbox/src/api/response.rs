//! What the API answers, independent of the HTTP library: status, headers, JSON body; and
//! the errors, rendered as the status object in the server's dialect.

use cairn_spec::{CodeMinor, Dialect, Service, StatusInfo};

use super::vocabulary::code_minor_word;
use serde_json::Value;

/// The system name in codeMinor fields.
pub const SYSTEM: &str = "cairn-sandbox";

/// An answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Response {
    /// HTTP status.
    pub status: u16,
    /// Extra headers (`X-Total-Count`, `Link`, `Retry-After`, ...).
    pub headers: Vec<(&'static str, String)>,
    /// The JSON body as written out, if any.
    pub body: Option<Vec<u8>>,
}

impl Response {
    /// 200 with a JSON body.
    pub fn ok(body: Value) -> Response {
        Response::json(200, &body)
    }

    /// A status with a JSON body written out already (collection pages are written straight
    /// from the stored records, never copied into a new value first).
    pub fn written(status: u16, json: Vec<u8>) -> Response {
        Response { status, headers: Vec::new(), body: Some(json) }
    }

    /// A status with a JSON body.
    pub fn json(status: u16, body: &Value) -> Response {
        Response::written(status, body.to_string().into_bytes())
    }

    /// A status without a body (201 after PUT, 204 after DELETE).
    pub fn empty(status: u16) -> Response {
        Response { status, headers: Vec::new(), body: None }
    }

    /// Adds a header.
    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Response {
        self.headers.push((name, value.into()));
        self
    }
}

/// A failed request: HTTP status, codeMinor and a description for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status.
    pub http: u16,
    /// codeMinor.
    pub code: CodeMinor,
    /// What was wrong and where.
    pub description: String,
}

impl ApiError {
    /// An error with the code's usual HTTP status.
    pub fn new(code: CodeMinor, description: impl Into<String>) -> ApiError {
        ApiError { http: code.http_status(), code, description: description.into() }
    }

    /// 404 `unknownobject`.
    pub fn unknown(what: &str, id: &str) -> ApiError {
        ApiError::new(CodeMinor::UnknownObject, format!("no {what} with identifier {id:?}"))
    }

    /// 422 `invaliddata`.
    pub fn invalid(description: impl Into<String>) -> ApiError {
        ApiError::new(CodeMinor::InvalidData, description)
    }

    /// 400 `invaliddata` (a malformed request rather than a malformed record).
    pub fn bad_request(description: impl Into<String>) -> ApiError {
        ApiError { http: 400, code: CodeMinor::InvalidData, description: description.into() }
    }

    /// The status object answer of `service` in `dialect`: its names, and the codeMinor word
    /// of the service's vocabulary in that dialect.
    pub fn into_response(self, dialect: &Dialect, service: Service) -> Response {
        let mut status = StatusInfo::new(self.code, SYSTEM, self.description);
        status.code_minor = code_minor_word(self.code, self.http, dialect, service)
            .map(|word| vec![(SYSTEM.to_owned(), word.to_owned())])
            .unwrap_or_default();
        Response::json(self.http, &status.to_json(dialect.status_names(service)))
    }
}

impl From<cairn_query::QueryError> for ApiError {
    fn from(error: cairn_query::QueryError) -> ApiError {
        let code = CodeMinor::parse_any(error.code_minor()).unwrap_or(CodeMinor::InvalidData);
        ApiError { http: error.http_status(), code, description: error.to_string() }
    }
}
