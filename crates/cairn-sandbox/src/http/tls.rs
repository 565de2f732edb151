//! The self-signed certificate the sandbox makes at start, and the TLS configuration (TLS 1.2
//! and 1.3, ring).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::ServerConfig;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// Why TLS could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// Certificate generation failed.
    #[error("could not make a certificate: {0}")]
    Certificate(#[from] rcgen::Error),
    /// rustls refused the configuration.
    #[error("could not configure TLS: {0}")]
    Rustls(#[from] rustls::Error),
    /// The certificate could not be written for clients to trust.
    #[error("could not write the certificate to {path}: {source}")]
    Write {
        /// Where.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// A server configuration with a fresh self-signed certificate for `localhost`, `127.0.0.1`,
/// `::1` and `host`; the certificate's PEM is written to `dir/cairn-sandbox-<port>.pem` for
/// clients to trust, and that path returned.
pub fn self_signed(host: &str, port: u16, dir: &Path) -> Result<(Arc<ServerConfig>, PathBuf), TlsError> {
    let mut names = vec!["localhost".to_owned(), "127.0.0.1".to_owned(), "::1".to_owned()];
    if !names.iter().any(|n| n == host) {
        names.push(host.to_owned());
    }
    let rcgen::CertifiedKey { cert, signing_key } = rcgen::generate_simple_self_signed(names)?;
    let path = dir.join(format!("cairn-sandbox-{port}-{}.pem", std::process::id()));
    std::fs::write(&path, cert.pem()).map_err(|source| TlsError::Write { path: path.clone(), source })?;
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(signing_key.serialize_der()));
    let config = ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(vec![CertificateDer::from(cert.der().to_vec())], key)?;
    Ok((Arc::new(config), path))
}
