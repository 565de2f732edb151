//! Service discovery: each service's official OpenAPI 3 document, localized to the sandbox.
//!
//! The provider serves the document of a service at
//! `{base_url}{base path}/discovery/{file_name(service)}`. [`document`] starts from the official
//! 1EdTech reference and localizes it: one server (the sandbox's base URL and the dialect's base
//! path), exactly the catalogue's operations ([`cairn_spec::operations::OPERATIONS`]), the
//! dialect's status-object names with the codeMinor values the sandbox sends, OAuth 2.0 client
//! credentials against the sandbox's token endpoint with its scopes, and a note in `info`.

mod codes;
mod localize;
mod paths;
mod reference;
mod rename;
mod security;

use cairn_spec::{Dialect, Service};
use serde_json::Value;

pub use reference::reference;

/// The file name the document of `service` is published under (below `{base path}/discovery/`).
pub fn file_name(service: Service) -> &'static str {
    match service {
        Service::Resources => "rosterv1p2resourcesservice_openapi3_v1p0.json",
        Service::Gradebook => "rosterv1p2gradebookservice_openapi3_v1p0.json",
        Service::Rostering => "rosterv1p2rosteringservice_openapi3_v1p0.json",
        Service::Competency => "competencyv1p1_openapi3_v1p0.json",
    }
}

/// The name of the official reference file of `service`, which deployed servers publish their
/// document under; the sandbox serves it there too (below `{base path}/discovery/`).
pub fn reference_file_name(service: Service) -> &'static str {
    match service {
        Service::Resources => "onerosterv1p2resourcesservice_openapi3_v1p0.json",
        Service::Gradebook => "onerosterv1p2gradebookservice_openapi3_v1p0.json",
        Service::Rostering => "onerosterv1p2rostersservice_openapi3_v1p0.json",
        Service::Competency => "case-v1p1-openapi3.json",
    }
}

/// Where and how the sandbox serves: what a localized document says about the server.
#[derive(Debug, Clone, Copy)]
pub struct Localization<'a> {
    /// The scheme, host and port the sandbox listens on (`https://127.0.0.1:8443`), no path.
    pub base_url: &'a str,
    /// The base paths and status-object names.
    pub dialect: &'a Dialect,
    /// The URL every scope suffix is appended to (`https://purl.imsglobal.org/spec/or/v1p2/scope`).
    pub scope_base: &'a str,
}

impl Localization<'_> {
    /// The base URL without a trailing `/`.
    fn base_url(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }

    /// The scope `{scope_base}/{suffix}`.
    fn scope(&self, suffix: &str) -> String {
        format!("{}/{suffix}", self.scope_base.trim_end_matches('/'))
    }
}

/// The localized OpenAPI 3 document of `service`. Build it once per server start: it clones and
/// rewrites the (parsed once) reference, which takes a few milliseconds.
pub fn document(service: Service, loc: &Localization) -> Value {
    let mut doc = reference(service).clone();
    paths::keep_catalogue(&mut doc, service);
    rename::status_names(&mut doc, loc.dialect.status_names(service));
    codes::add_sent_codes(&mut doc, loc.dialect, service);
    security::localize(&mut doc, service, loc);
    localize::servers(&mut doc, service, loc);
    localize::info(&mut doc, loc);
    doc
}
