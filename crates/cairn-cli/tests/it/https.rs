//! A blocking HTTPS client for the tests: reqwest's async client on a runtime of its own.
//!
//! Not reqwest's `blocking` feature: a dev-dependency's features join the binaries' own in a test
//! build, so `cargo test --release` would build the binaries (and everything over reqwest) apart
//! from the packages' `cargo build --release`, where `scripts/test.sh` shares one build.

use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;

/// A client that trusts one certificate authority (the sandbox's own).
pub struct Http {
    client: reqwest::Client,
    runtime: tokio::runtime::Runtime,
}

impl Http {
    pub fn trusting(ca_cert: impl AsRef<std::path::Path>) -> Self {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let pem = std::fs::read(ca_cert).unwrap();
        let client =
            reqwest::Client::builder().tls_certs_only([reqwest::Certificate::from_pem(&pem).unwrap()]).build().unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        Self { client, runtime }
    }

    pub fn get(&self, url: impl reqwest::IntoUrl) -> Request<'_> {
        self.request(self.client.get(url))
    }

    pub fn post(&self, url: impl reqwest::IntoUrl) -> Request<'_> {
        self.request(self.client.post(url))
    }

    pub fn put(&self, url: impl reqwest::IntoUrl) -> Request<'_> {
        self.request(self.client.put(url))
    }

    fn request(&self, builder: reqwest::RequestBuilder) -> Request<'_> {
        Request { runtime: &self.runtime, builder }
    }
}

/// A request being built; `send` waits for the whole answer.
pub struct Request<'a> {
    runtime: &'a tokio::runtime::Runtime,
    builder: reqwest::RequestBuilder,
}

impl Request<'_> {
    pub fn bearer_auth(self, token: impl std::fmt::Display) -> Self {
        self.map(|b| b.bearer_auth(token))
    }

    pub fn basic_auth(self, user: &str, password: Option<&str>) -> Self {
        self.map(|b| b.basic_auth(user, password))
    }

    pub fn header(self, name: &str, value: &str) -> Self {
        self.map(|b| b.header(name, value))
    }

    pub fn body(self, body: impl Into<reqwest::Body>) -> Self {
        self.map(|b| b.body(body))
    }

    pub fn json(self, body: &Value) -> Self {
        self.map(|b| b.json(body))
    }

    pub fn send(self) -> reqwest::Result<Response> {
        self.runtime.block_on(async {
            let answer = self.builder.send().await?;
            let (status, headers) = (answer.status(), answer.headers().clone());
            let body = answer.bytes().await?.to_vec();
            Ok(Response { status, headers, body })
        })
    }

    fn map(self, f: impl FnOnce(reqwest::RequestBuilder) -> reqwest::RequestBuilder) -> Self {
        Self { runtime: self.runtime, builder: f(self.builder) }
    }
}

/// A whole answer.
pub struct Response {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Response {
    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn headers(&self) -> &HeaderMap {
        &self.headers
    }

    pub fn json(&self) -> serde_json::Result<Value> {
        serde_json::from_slice(&self.body)
    }
}
