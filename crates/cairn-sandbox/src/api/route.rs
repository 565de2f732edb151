//! From a request to an operation: the service by base path, the operation by method and path,
//! the bearer token and its scopes, the query parameters; then the operation's handler.

use cairn_query::{Query, Selection};
use cairn_spec::operations::{OPERATIONS, Operation, Query as QueryKind};
use cairn_spec::{CodeMinor, Service};

use super::response::{ApiError, Response};
use super::{competency, gradebook, resources, rostering, writes};
use crate::state::Sandbox;

/// The most clauses a filter may have (the specification's two-clause limit).
const MAX_CLAUSES: usize = 2;

/// A request as the HTTP layer hands it over.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// `GET`, `PUT`, ...
    pub method: &'a str,
    /// The path, still percent-encoded (`/api/roster/rostering/v1p2/users/u%201`).
    pub path: &'a str,
    /// The raw query string without `?`.
    pub query: &'a str,
    /// The `Authorization` header.
    pub authorization: Option<&'a str>,
    /// The body.
    pub body: &'a [u8],
}

/// What one operation call needs.
pub(crate) struct Call<'a> {
    pub op: &'static Operation,
    /// Path parameters, percent-decoded, in order.
    pub params: Vec<String>,
    /// The query (collections), or just `fields` (single reads).
    pub query: Query,
    /// The request path and query, for Link headers.
    pub path_and_query: String,
    pub body: &'a [u8],
}

/// Answers a service request. (The token endpoint and discovery documents are served apart.)
pub fn handle(sandbox: &Sandbox, request: Request<'_>) -> Response {
    let (service, rest) = match service_of(sandbox, request.path) {
        Some(found) => found,
        None => {
            return ApiError::unknown("service at path", request.path)
                .into_response(&sandbox.dialect, Service::Rostering);
        }
    };
    match call(sandbox, service, rest, request) {
        Ok(response) => response,
        Err(error) => error.into_response(&sandbox.dialect, service),
    }
}

fn service_of<'p>(sandbox: &Sandbox, path: &'p str) -> Option<(Service, &'p str)> {
    Service::ALL.into_iter().find_map(|service| {
        let rest = path.strip_prefix(sandbox.dialect.base_path(service))?;
        (rest.starts_with('/')).then_some((service, rest))
    })
}

fn call(sandbox: &Sandbox, service: Service, rest: &str, request: Request<'_>) -> Result<Response, ApiError> {
    let mut path_matched = false;
    let mut found = None;
    for op in OPERATIONS.iter().filter(|o| o.service == service) {
        if let Some(params) = op.match_path(rest) {
            path_matched = true;
            if op.method.as_str() == request.method {
                found = Some((op, params));
                break;
            }
        }
    }
    let (op, raw_params) = match found {
        Some(found) => found,
        None if path_matched => {
            return Err(ApiError {
                http: 405,
                code: CodeMinor::Unsupported,
                description: format!("{} is not allowed on {}", request.method, request.path),
            });
        }
        None => return Err(ApiError::unknown("operation at path", request.path)),
    };
    let grant = sandbox
        .tokens
        .verify(request.authorization)
        .map_err(|e| ApiError::new(CodeMinor::UnauthorisedRequest, e.to_string()))?;
    if !op.allowed_by(grant.scopes.iter().map(String::as_str)) {
        return Err(ApiError::new(
            CodeMinor::Forbidden,
            format!(
                "{} needs one of the scopes {}; this token holds {}",
                op.name,
                op.scopes.join(", "),
                if grant.scopes.is_empty() { "none".to_owned() } else { grant.scopes.join(", ") }
            ),
        ));
    }
    let params: Vec<String> = raw_params.iter().map(|p| decode_segment(p)).collect();
    let query = match op.query {
        QueryKind::Collection => Query::from_query_string(request.query)?,
        QueryKind::Fields => fields_only(request.query)?,
        QueryKind::None => Query::default(),
    };
    if let Some(filter) = &query.filter
        && filter.clauses().len() > MAX_CLAUSES
    {
        return Err(ApiError::new(
            CodeMinor::InvalidFilterField,
            format!(
                "the filter has {} clauses; the specification allows at most {MAX_CLAUSES} (one clause, or two \
                 joined by AND or OR)",
                filter.clauses().len()
            ),
        ));
    }
    let path_and_query =
        if request.query.is_empty() { request.path.to_owned() } else { format!("{}?{}", request.path, request.query) };
    let call = Call { op, params, query, path_and_query, body: request.body };
    match service {
        Service::Rostering => rostering::handle(sandbox, &call),
        Service::Gradebook if op.method.as_str() == "GET" => gradebook::handle(sandbox, &call),
        Service::Gradebook => writes::handle(sandbox, &call),
        Service::Resources => resources::handle(sandbox, &call),
        Service::Competency => competency::handle(sandbox, &call),
    }
}

impl Call<'_> {
    /// The `i`-th path parameter (empty if absent).
    pub fn param(&self, i: usize) -> &str {
        self.params.get(i).map(String::as_str).unwrap_or_default()
    }
}

/// Single-record reads take only `fields`; other parameters are ignored.
fn fields_only(query: &str) -> Result<Query, ApiError> {
    let fields = query
        .split('&')
        .filter_map(|p| p.split_once('='))
        .filter(|(k, _)| cairn_query::decode_component(k) == "fields")
        .map(|(_, v)| cairn_query::decode_component(v))
        .next_back();
    Ok(Query { fields: fields.as_deref().map(Selection::parse).transpose()?, ..Query::default() })
}

/// Percent-decodes a path segment (`+` stays a plus; a `%` not followed by two hex digits
/// stays as it is), through `percent-encoding` as the query language decodes.
fn decode_segment(segment: &str) -> String {
    percent_encoding::percent_decode_str(segment).decode_utf8_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_decode_without_plus_as_space() {
        assert_eq!(decode_segment("a%20b+c%2F%zz%"), "a b+c/%zz%");
        assert_eq!(decode_segment("caf%C3%A9%4"), "café%4");
        assert_eq!(decode_segment("%FF"), "\u{FFFD}", "not UTF-8: replaced, never a panic");
    }
}
