// Launching the built Cairn window for an end-to-end test: tauri-driver (in front of
// WebKitWebDriver) on a free port, a WebdriverIO session on the app binary with its own data
// folder, screenshots into the run's output folder, and the `cairn` CLI for preparing a cache.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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

/** Ends every process whose environment holds `entry` (Linux: read from /proc). */
function killMarked(entry) {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue; // gone, or not ours to read
    }
    if (Number(pid) !== process.pid && environ.split('\0').includes(entry)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
  }
}

/**
 * Starts tauri-driver; call `stop()` on the answer when done. `env` is added to the driver's
 * environment, and so to the app's (the driver starts it). `restart()` replaces a driver that
 * died with a fresh one on new ports.
 */
export async function startDriver(env = {}) {
  const driver = { port: 0, child: null };
  // Marks the driver's processes (WebKitWebDriver and the app it starts inherit it), so that a
  // restart can end what a dead driver left running.
  const marker = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const spawnDriver = async () => {
    const port = await freePort();
    const nativePort = await freePort();
    const program = process.env.TAURI_DRIVER ?? 'tauri-driver';
    const child = spawn(
      program,
      ['--port', String(port), '--native-port', String(nativePort), '--native-driver', '/usr/bin/WebKitWebDriver'],
      { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env, CAIRN_E2E_DRIVER: marker } },
    );
    await waitForPort(port, child);
    driver.port = port;
    driver.child = child;
  };
  // Stopping also ends whatever the driver started and left running — an app whose web view
  // died mid-test outlives its session, and holding the test's output open, it would keep the
  // test runner waiting for ever instead of reporting the failure.
  driver.stop = async () => {
    const { child } = driver;
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      });
    }
    killMarked(`CAIRN_E2E_DRIVER=${marker}`);
  };
  driver.restart = async () => {
    await driver.stop();
    await spawnDriver();
  };
  await spawnDriver();
  return driver;
}

/** The capabilities that open the app on `dataDir` (null: the platform's data folder). */
function tauriCapabilities(dataDir) {
  // No `args` at all rather than an empty list: tauri-driver drops the connection on that.
  const application = dataDir === null ? { application: appBinary } : { application: appBinary, args: ['--data-dir', dataDir] };
  return { 'tauri:options': application };
}

/** Whether a failed new-session request was dropped by the driver rather than answered. */
function droppedByDriver(error) {
  return /UND_ERR_SOCKET|ECONNRESET|ECONNREFUSED|socket hang up|other side closed/i.test(String(error?.message ?? error));
}

/**
 * Opens the app on `dataDir` (or, when null, the platform's data folder) through `driver` and
 * answers the WebdriverIO browser. The session keeps its connection alive (WebdriverIO does),
 * which tauri-driver needs to be reliable.
 *
 * In one CI run tauri-driver 2.1 itself panicked (a Rust backtrace with symbols, which the
 * packaged app's stripped binary cannot print) and dropped the new-session request unanswered.
 * That, and only that, is retried once on a fresh driver, with what the driver left ended, and
 * said on stderr; an answered failure (the app did not start, a session refused) fails the test
 * as it is.
 */
export async function launch(driver, dataDir) {
  const open = () => remote({
    hostname: '127.0.0.1',
    port: driver.port,
    logLevel: 'error',
    connectionRetryCount: 1,
    connectionRetryTimeout: 60_000,
    capabilities: tauriCapabilities(dataDir),
  });
  let browser;
  try {
    browser = await open();
  } catch (error) {
    if (!droppedByDriver(error) || !driver.restart) throw error;
    const { child } = driver;
    const state = child.exitCode !== null ? `exited with ${child.exitCode}` : child.signalCode ? `killed by ${child.signalCode}` : 'still running';
    console.error(`launch: tauri-driver dropped the new-session request (${error.message}; the driver ${state}); retrying once on a fresh driver`);
    await driver.restart();
    browser = await open();
  }
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
