//! The token endpoint, `{base_url}/token`: client credentials by HTTP Basic (or form
//! parameters), `grant_type` and `scope` from the form body (POST) or the query (GET).

use base64::Engine;
use serde_json::json;

use crate::api::Response;
use crate::auth::{TokenError, Tokens};

/// Answers a token request.
pub fn token_response(tokens: &Tokens, authorization: Option<&str>, query: &str, body: &[u8]) -> Response {
    let mut params: Vec<(String, String)> = form(query);
    params.extend(form(&String::from_utf8_lossy(body)));
    let param = |name: &str| params.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let credentials = authorization
        .and_then(basic)
        .or_else(|| Some((param("client_id")?.to_owned(), param("client_secret")?.to_owned())));
    let result = match credentials {
        Some((id, secret)) => tokens.issue(&id, &secret, param("grant_type"), param("scope")),
        None => Err(TokenError::InvalidClient),
    };
    match result {
        Ok(issued) => Response::ok(json!({
            "access_token": issued.access_token,
            "token_type": "bearer",
            "expires_in": issued.expires_in,
            "scope": issued.scope,
        }))
        .with_header("Cache-Control", "no-store")
        .with_header("Pragma", "no-cache"),
        Err(error) => {
            let body = json!({"error": error.code(), "error_description": error.to_string()});
            let mut response = Response::json(error.http_status(), &body)
                .with_header("Cache-Control", "no-store")
                .with_header("Pragma", "no-cache");
            if error == TokenError::InvalidClient {
                response = response.with_header("WWW-Authenticate", "Basic realm=\"cairn-sandbox\"");
            }
            response
        }
    }
}

/// `Basic base64(id:secret)`, each part form-decoded (RFC 6749 §2.3.1).
fn basic(header: &str) -> Option<(String, String)> {
    let (scheme, encoded) = header.trim().split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).ok()?;
    let decoded = String::from_utf8(decoded).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    Some((cairn_query::decode_component(id), cairn_query::decode_component(secret)))
}

/// `a=b&c=d`, form-decoded.
fn form(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (cairn_query::decode_component(k), cairn_query::decode_component(v))
        })
        .collect()
}
