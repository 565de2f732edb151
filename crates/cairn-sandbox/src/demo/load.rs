//! Putting demo data into a running [`Sandbox`]: the generated dataset written in chunks (so
//! even the state scale never sits in one vector), then the bundled real CASE packages — what
//! `cairn serve --demo` and the app's built-in sandbox serve.

use cairn_spec::Collection;
use serde_json::Value;

use super::{DemoOptions, Scale, bundled_packages, generate};
use crate::{Sandbox, SandboxError};

/// Records written per transaction while loading demo data.
const CHUNK: usize = 20_000;

/// Why demo data could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The sandbox could not store it.
    #[error(transparent)]
    Sandbox(#[from] SandboxError),
    /// A package could not be read or served.
    #[error("{name}: {source}")]
    Package {
        /// The package's name (its file name).
        name: String,
        /// Why.
        source: SandboxError,
    },
}

/// Loads the generated data of `scale` (links under `href_base`) and every bundled package into
/// `sandbox`; each tolerated deviation of a package goes to `warn` as `name: warning`.
pub fn load_demo(
    sandbox: &Sandbox,
    scale: Scale,
    href_base: &str,
    warn: &mut dyn FnMut(String),
) -> Result<(), LoadError> {
    let options = DemoOptions { dialect: sandbox.dialect().clone(), ..DemoOptions::new(scale, href_base) };
    let mut chunk: Vec<(Collection, Value)> = Vec::with_capacity(CHUNK);
    let mut failure = None;
    generate(&options, &mut |collection, record| {
        if failure.is_some() {
            return;
        }
        chunk.push((collection, record));
        if chunk.len() >= CHUNK
            && let Err(e) = sandbox.write(std::mem::take(&mut chunk))
        {
            failure = Some(e);
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    sandbox.write(chunk)?;
    for (name, bytes) in bundled_packages() {
        load_package(sandbox, name, bytes, warn)?;
    }
    Ok(())
}

/// Loads one CASE package file's bytes into `sandbox` (identifiers made servable, links pointed
/// at the served base, a different framework under a taken identifier served beside it: see
/// [`Sandbox::import_package`]); each tolerated deviation goes to `warn` as `name: warning`.
pub fn load_package(
    sandbox: &Sandbox,
    name: &str,
    bytes: &[u8],
    warn: &mut dyn FnMut(String),
) -> Result<(), LoadError> {
    let report =
        sandbox.import_package(bytes).map_err(|source| LoadError::Package { name: name.to_owned(), source })?;
    for warning in &report.warnings {
        warn(format!("{name}: {warning}"));
    }
    Ok(())
}
