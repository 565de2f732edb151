// Launching the built Cairn window for an end-to-end test: tauri-driver (in front of
// WebKitWebDriver) on a free port, a WebdriverIO session on the app binary with its own data
// folder, screenshots into the run's output folder, and the `cairn` CLI for preparing a cache.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remote } from 'webdriverio';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
const target = process.env.CARGO_TARGET_DIR ?? path.join(root, 'target');

/** The app binary under test (built with the UI embedded). */
export const appBinary = process.env.CAIRN_APP_BIN ?? path.join(target, 'debug', 'cairn-app');
/** The command line, for preparing caches. */
export const cliBinary = process.env.CAIRN_CLI_BIN ?? path.join(target, 'debug', 'cairn');
/** Where screenshots go. */
export const shotsDir = process.env.CAIRN_E2E_SHOTS ?? path.join(target, 'e2e-screenshots');

const dataDirs = [];
// Data folders go when the test file's process ends, unless CAIRN_E2E_KEEP asks to look at them.
process.on('exit', () => {
  if (process.env.CAIRN_E2E_KEEP) return;
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty data folder, removed when the test file's process ends. */
export function freshDataDir(name) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `cairn-e2e-${name}-`));
  dataDirs.push(dir);
  return dir;
}

/** Runs the `cairn` command line and answers its stdout. */
export function cairn(...args) {
  return execFileSync(cliBinary, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, child, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`tauri-driver exited with ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`tauri-driver did not listen on ${port} within ${timeoutMs} ms`);
}

/**
 * Starts tauri-driver; call `stop()` on the answer when done. `env` is added to the driver's
 * environment, and so to the app's (the driver starts it).
 */
export async function startDriver(env = {}) {
  const port = await freePort();
  const nativePort = await freePort();
  const driver = process.env.TAURI_DRIVER ?? 'tauri-driver';
  const child = spawn(
    driver,
    ['--port', String(port), '--native-port', String(nativePort), '--native-driver', '/usr/bin/WebKitWebDriver'],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } },
  );
  await waitForPort(port, child);
  return {
    port,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill();
    }),
  };
}

/**
 * Opens the app on `dataDir` (or, when null, the platform's data folder) through `driver` and
 * answers the WebdriverIO browser. The session keeps its connection alive (WebdriverIO does),
 * which tauri-driver needs to be reliable.
 */
export async function launch(driver, dataDir) {
  // No `args` at all rather than an empty list: tauri-driver drops the connection on that.
  const application = dataDir === null ? { application: appBinary } : { application: appBinary, args: ['--data-dir', dataDir] };
  const browser = await remote({
    hostname: '127.0.0.1',
    port: driver.port,
    logLevel: 'error',
    connectionRetryCount: 1,
    connectionRetryTimeout: 60_000,
    capabilities: {
      'tauri:options': application,
    },
  });
  await browser.setTimeout({ implicit: 0 });
  return browser;
}

/** Saves a screenshot named `name` into the run's output folder. */
export async function screenshot(browser, name) {
  mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  await browser.saveScreenshot(file);
  return file;
}

/** An element by ARIA role and accessible name. */
export function byRole(browser, role, name) {
  return browser.$(`[role="${role}"][aria-label="${name}"]`);
}
