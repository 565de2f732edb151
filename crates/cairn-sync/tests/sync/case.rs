//! A hand-made CASE server on loopback that behaves as servers in the field do and the sandbox
//! does not: document lists of summaries, scopes of its own, public frameworks without a
//! token, empty lists for a token it cannot verify, only public frameworks listed to a reader
//! without one (as a 200, OpenCASE's way), a discovery document, `ETag`s and 304s, records with
//! deviations.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cairn_client::{Client, ClientConfig, RetryPolicy};
use serde_json::{Value, json};

use crate::harness::SECRET;
use crate::loopback::{Fake, Request, Response};

const BASE: &str = "/api/competency/v1p1";

/// One framework the server holds.
#[derive(Debug, Clone)]
pub struct Doc {
    pub id: String,
    pub title: String,
    /// Changes the package's content and its validators.
    pub version: u32,
    /// Whether the list's summary carries `lastChangeDateTime`.
    pub listed_change: bool,
    /// Served without a token (when the server is public).
    pub public: bool,
}

impl Doc {
    pub fn new(n: u32, title: &str) -> Doc {
        Doc { id: uuid(n, 0), title: title.to_owned(), version: 1, listed_change: true, public: true }
    }

    fn last_change(&self) -> String {
        format!("2025-0{}-01T00:00:00Z", self.version.clamp(1, 9))
    }

    fn summary(&self) -> Value {
        let mut summary = json!({"identifier": self.id, "uri": format!("https://case.example/uri/{}", self.id),
            "title": self.title, "creator": "Fake"});
        if self.listed_change {
            summary["lastChangeDateTime"] = json!(self.last_change());
        }
        summary
    }

    fn etag(&self) -> String {
        format!("\"{}-v{}\"", self.id, self.version)
    }

    fn package(&self, deviations: bool) -> Value {
        let mut document = self.summary();
        document["lastChangeDateTime"] = json!(self.last_change());
        document["licenseURI"] = json!({"title": "CC BY 4.0", "identifier": uuid(9, 9),
            "uri": "https://case.example/licenses/cc-by"});
        document["description"] = json!(format!("{} (version {})", self.title, self.version));
        document["CFPackageURI"] = json!({"title": self.title, "identifier": self.id,
            "uri": format!("https://case.example/packages/{}", self.id)});
        let n: u32 = u32::from_str_radix(&self.id[..8], 16).unwrap_or(0);
        let items: Vec<Value> = (1..=3)
            .map(|i| {
                let change = match deviations {
                    true => json!("2025-01-01T00:00:00"),
                    false => json!(self.last_change()),
                };
                json!({"identifier": uuid(n, i), "uri": format!("https://case.example/uri/{}", uuid(n, i)),
                    "fullStatement": format!("Statement {i} of {}", self.title), "lastChangeDateTime": change,
                    "CFDocumentURI": {"title": self.title, "identifier": self.id, "uri": "https://case.example/d"}})
            })
            .collect();
        json!({"CFDocument": document, "CFItems": items, "CFAssociations": []})
    }
}

/// A UUID made of two numbers.
pub fn uuid(a: u32, b: u32) -> String {
    format!("{a:08x}-0000-4000-8000-{b:012x}")
}

/// How the token endpoint behaves.
#[derive(Debug, Clone)]
pub enum Token {
    /// Grants this `scope` string.
    Grant(String),
    /// Grants what was asked for.
    Echo,
    /// There is none (404).
    Missing,
}

/// The server's state, changed by the tests between syncs.
pub struct CaseServer {
    pub documents: Mutex<Vec<Doc>>,
    pub token: Mutex<Token>,
    /// Answers an empty list (as for a token it cannot verify).
    pub empty_list: AtomicBool,
    /// Lists only the public frameworks to a reader without a token (a 200, as OpenCASE does)
    /// rather than answering 401.
    pub public_list: AtomicBool,
    /// The competency service's discovery document, served at its reference file's name.
    pub discovery: Mutex<Option<Value>>,
    /// Sends `ETag` and `Last-Modified`, and 304 to matching conditional requests.
    pub validators: AtomicBool,
    /// The document list carries an `ETag` and answers 304 to a matching `If-None-Match`.
    pub list_etag: AtomicBool,
    /// Packages answered 403.
    pub forbidden: Mutex<HashSet<String>>,
    /// Items with timestamps without a timezone.
    pub deviations: AtomicBool,
}

impl CaseServer {
    pub fn new(documents: Vec<Doc>) -> Arc<CaseServer> {
        Arc::new(CaseServer {
            documents: Mutex::new(documents),
            token: Mutex::new(Token::Echo),
            empty_list: AtomicBool::new(false),
            public_list: AtomicBool::new(false),
            discovery: Mutex::new(None),
            validators: AtomicBool::new(false),
            list_etag: AtomicBool::new(false),
            forbidden: Mutex::new(HashSet::new()),
            deviations: AtomicBool::new(false),
        })
    }

    pub async fn start(self: &Arc<Self>) -> Fake {
        let this = self.clone();
        Fake::start(Arc::new(move |request: &Request| this.respond(request))).await
    }

    fn respond(&self, request: &Request) -> Response {
        if request.path == "/token" {
            return match self.token.lock().unwrap().clone() {
                Token::Missing => Response { status: 404, headers: Vec::new(), body: "<h1>Not Found</h1>".into() },
                Token::Grant(scope) => token(&scope),
                Token::Echo => token(&request.param("scope").unwrap_or_default()),
            };
        }
        let authorised = request.header("authorization") == Some("Bearer fake-token");
        let Some(rest) = request.path.strip_prefix(BASE) else { return status(404, "unknownobject") };
        let documents = self.documents.lock().unwrap().clone();
        if rest == "/discovery/case-v1p1-openapi3.json" {
            return match self.discovery.lock().unwrap().clone() {
                Some(document) => Response::json(200, &document),
                None => status(404, "unknownobject"),
            };
        }
        if rest == "/CFDocuments" {
            let public_list = self.public_list.load(Ordering::SeqCst);
            if !authorised && !public_list && documents.iter().any(|d| !d.public) {
                return status(401, "unauthorizedrequest");
            }
            let number = |name: &str| request.param(name).and_then(|v| v.parse::<usize>().ok());
            let (offset, limit) = (number("offset").unwrap_or(0), number("limit").unwrap_or(100));
            let listed: Vec<Value> = match self.empty_list.load(Ordering::SeqCst) {
                true => Vec::new(),
                false => documents
                    .iter()
                    .filter(|d| authorised || d.public)
                    .skip(offset)
                    .take(limit)
                    .map(Doc::summary)
                    .collect(),
            };
            if self.list_etag.load(Ordering::SeqCst) {
                let versions: Vec<String> = documents.iter().map(|d| format!("{}-{}", d.id, d.version)).collect();
                let etag = format!(
                    "\"list-{}\"",
                    versions.join("+").len() + documents.iter().map(|d| d.version as usize).sum::<usize>()
                );
                if request.header("if-none-match") == Some(etag.as_str()) {
                    return Response { status: 304, headers: Vec::new(), body: String::new() }.with("ETag", etag);
                }
                return Response::json(200, &json!({ "CFDocuments": listed })).with("ETag", etag);
            }
            return Response::json(200, &json!({ "CFDocuments": listed }));
        }
        let Some(id) = rest.strip_prefix("/CFPackages/") else { return status(404, "unknownobject") };
        let Some(doc) = documents.iter().find(|d| d.id == id) else { return status(404, "unknownobject") };
        if !doc.public && !authorised {
            return status(401, "unauthorizedrequest");
        }
        if self.forbidden.lock().unwrap().contains(id) {
            return status(403, "forbidden");
        }
        if self.validators.load(Ordering::SeqCst) {
            let modified = "Wed, 01 Jan 2025 00:00:00 GMT";
            let matches = request.header("if-none-match") == Some(doc.etag().as_str())
                || (request.header("if-none-match").is_none() && request.header("if-modified-since") == Some(modified));
            let response = match matches {
                true => Response { status: 304, headers: Vec::new(), body: String::new() },
                false => Response::json(200, &doc.package(self.deviations.load(Ordering::SeqCst))),
            };
            return response.with("ETag", doc.etag()).with("Last-Modified", modified);
        }
        Response::json(200, &doc.package(self.deviations.load(Ordering::SeqCst)))
    }
}

fn token(scope: &str) -> Response {
    Response::json(
        200,
        &json!({"access_token": "fake-token", "token_type": "bearer", "expires_in": 3600, "scope": scope}),
    )
}

fn status(code: u16, code_minor: &str) -> Response {
    Response::json(
        code,
        &json!({"imsx_codeMajor": "failure", "imsx_severity": "error", "imsx_description": code_minor,
            "imsx_codeMinor": {"imsx_codeMinorField": [{"imsx_codeMinorFieldName": "TargetEndSystem",
            "imsx_codeMinorFieldValue": code_minor}]}}),
    )
}

/// A client of the fake with quick retries.
pub fn config(base_url: &str) -> ClientConfig {
    let mut config = ClientConfig::new(base_url, "fake", SECRET);
    config.retry =
        RetryPolicy { max_attempts: 2, base_delay: Duration::from_millis(5), max_delay: Duration::from_millis(50) };
    config
}

pub fn client(base_url: &str) -> Client {
    Client::new(config(base_url)).unwrap()
}
