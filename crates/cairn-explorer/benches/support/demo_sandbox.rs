//! The sandbox the sync benchmarks read: bound on loopback over TLS in `dir`, with client
//! `bench:bench` and the demo at `scale` written in batches (never the whole demo in memory).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use cairn_sandbox::auth::{SystemClock, SystemEntropy};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{Bound, bind};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::Dialect;

/// The bound listener, the loaded sandbox, its base URL and its CA certificate (PEM).
pub fn demo_sandbox(dir: &Path, scale: Scale) -> (Bound, Sandbox, String, Vec<u8>) {
    let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir).unwrap();
    let base = bound.base_url.clone();
    let ca = std::fs::read(bound.ca_cert.clone().unwrap()).unwrap();
    let sandbox = Sandbox::new(SandboxConfig {
        dialect: Dialect::spec(),
        base_url: base.clone(),
        scope_base: DEFAULT_SCOPE_BASE.into(),
        clients: vec!["bench:bench".parse().unwrap()],
        token_lifetime: Duration::from_secs(3600),
        db: None,
        clock: Arc::new(SystemClock),
        entropy: Arc::new(SystemEntropy),
    })
    .unwrap();
    let mut batch = Vec::new();
    generate(&DemoOptions::new(scale, base.clone()), &mut |c, v| {
        batch.push((c, v));
        if batch.len() >= 50_000 {
            sandbox.write(std::mem::take(&mut batch)).unwrap();
        }
    });
    sandbox.write(batch).unwrap();
    (bound, sandbox, base, ca)
}
