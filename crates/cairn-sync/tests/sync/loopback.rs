//! A hand-made HTTP/1.1 server on loopback for the fakes: each connection answers one request
//! with what a handler returns, and every request is kept for the test to inspect.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A request as the fake received it.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    /// The path without the query.
    pub path: String,
    pub query: String,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// A query parameter (or a form field of the body), percent-decoded.
    pub fn param(&self, name: &str) -> Option<String> {
        [self.query.as_str(), self.body.as_str()]
            .into_iter()
            .flat_map(|s| s.split('&'))
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('=').map(decode))
    }
}

/// An answer.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn json(status: u16, body: &serde_json::Value) -> Response {
        Response { status, headers: Vec::new(), body: body.to_string() }
    }

    pub fn with(mut self, name: &str, value: impl ToString) -> Response {
        self.headers.push((name.to_owned(), value.to_string()));
        self
    }
}

/// The handler of a fake.
pub type Handler = Arc<dyn Fn(&Request) -> Response + Send + Sync>;

/// A running fake: its base URL and the requests it received.
pub struct Fake {
    pub base_url: String,
    pub requests: Arc<Mutex<Vec<Request>>>,
}

impl Fake {
    pub async fn start(handler: Handler) -> Fake {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let kept = requests.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (handler, kept) = (handler.clone(), kept.clone());
                tokio::spawn(async move { answer(stream, &handler, &kept).await });
            }
        });
        Fake { base_url, requests }
    }

    /// The requests so far whose path ends with `suffix`.
    pub fn received(&self, suffix: &str) -> Vec<Request> {
        self.requests.lock().unwrap().iter().filter(|r| r.path.ends_with(suffix)).cloned().collect()
    }
}

async fn answer(mut stream: TcpStream, handler: &Handler, kept: &Mutex<Vec<Request>>) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await.unwrap_or(0) == 0 {
            return;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let mut lines = head.lines();
    let mut first = lines.next().unwrap_or_default().split_whitespace();
    let method = first.next().unwrap_or_default().to_owned();
    let target = first.next().unwrap_or("/").to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let length = headers.iter().find(|(n, _)| n == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    let mut body = vec![0u8; length];
    let _ = stream.read_exact(&mut body).await;
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    let request = Request {
        method,
        path: path.to_owned(),
        query: query.to_owned(),
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    };
    let response = handler(&request);
    kept.lock().unwrap().push(request);
    let extra: String = response.headers.iter().map(|(n, v)| format!("{n}: {v}\r\n")).collect();
    let text = format!(
        "HTTP/1.1 {} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n{}",
        response.status,
        response.body.len(),
        response.body
    );
    let _ = stream.write_all(text.as_bytes()).await;
    let _ = stream.shutdown().await;
}

/// Percent-decoding of a query or form value (`+` is a space).
fn decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
