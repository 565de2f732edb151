//! Conditional reads: the `ETag` and `Last-Modified` a server sent, sent back as
//! `If-None-Match` / `If-Modified-Since`; a 304 answer means the resource has not changed.

use cairn_spec::Issue;
use cairn_spec::case::CfPackage;
use cairn_spec::operations::Operation;
use reqwest::header::HeaderMap;

use crate::client::Client;
use crate::error::ClientError;
use crate::reply::Reply;
use crate::typed::{decode_read, lookup};

/// A resource's validators as the server sent them (each verbatim).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Validators {
    /// `ETag`.
    pub etag: Option<String>,
    /// `Last-Modified`.
    pub last_modified: Option<String>,
}

impl Validators {
    /// Whether the server sent neither.
    pub fn is_empty(&self) -> bool {
        self.etag.is_none() && self.last_modified.is_none()
    }

    /// The validators of an answer's headers.
    pub(crate) fn of(headers: &HeaderMap) -> Validators {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
        Validators { etag: text("etag"), last_modified: text("last-modified") }
    }
}

/// What a conditional read found.
#[derive(Debug, Clone, PartialEq)]
pub enum Conditional<T> {
    /// 304: unchanged since the validators were sent.
    NotModified,
    /// The resource (changed, or sent without a condition), with its new validators.
    Changed {
        /// What was read.
        value: T,
        /// The validators it came with (empty when the server sends none).
        validators: Validators,
    },
}

/// A package read tolerantly: the package and the deviations reading accepted.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadPackage {
    /// The package.
    pub package: CfPackage,
    /// Deviations from the specification reading accepted, each with its JSON path and rule.
    pub deviations: Vec<Issue>,
}

impl Client {
    /// Calls the read `operation` with `If-None-Match` / `If-Modified-Since` from `validators`
    /// (none when empty): [`Conditional::NotModified`] on a 304.
    pub async fn call_if_changed(
        &self,
        operation: &'static Operation,
        params: &[&str],
        validators: &Validators,
    ) -> Result<Conditional<Reply>, ClientError> {
        let url = self.endpoint().url(operation, params, None)?;
        self.transport().send_conditional(operation, &url, validators).await
    }

    /// The CASE package of the document `id`, unless it has not changed since `validators`;
    /// with the deviations reading it tolerated.
    pub async fn get_cf_package_if_changed(
        &self,
        id: &str,
        validators: &Validators,
    ) -> Result<Conditional<ReadPackage>, ClientError> {
        let op = lookup("getCFPackage")?;
        Ok(match self.call_if_changed(op, &[id], validators).await? {
            Conditional::NotModified => Conditional::NotModified,
            Conditional::Changed { value, validators } => {
                let read = decode_read::<CfPackage>(op, value.body)?;
                let package = ReadPackage { package: read.value, deviations: read.warnings };
                Conditional::Changed { value: package, validators }
            }
        })
    }
}
