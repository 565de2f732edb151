// Driving the gradebook in the real window: opening a class's gradebook from Rosters, its
// cells by student and line item, typing into the grid, sending; and a `cairn serve` over the
// built-in sandbox's own database, asked over plain HTTPS what the server holds.

import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { appBinary, cliBinary } from './app.mjs';
import { click, clickText } from './dom.mjs';
import { sandboxApi } from './sandboxApi.mjs';

export { click, clickText };

/** Waits until `selector` exists (and answers it). */
export async function waitFor(browser, selector, timeout = 30_000) {
  const element = await browser.$(selector);
  await element.waitForExist({ timeout, timeoutMsg: `no ${selector}` });
  return element;
}

/** Waits until the text of `selector` satisfies `predicate`. */
export async function waitText(browser, selector, predicate, message, timeout = 30_000) {
  let last = null;
  try {
    await browser.waitUntil(async () => {
      // One script a look: an element found by one call can be replaced before the next reads it.
      last = await browser.execute((selector) => document.querySelector(selector)?.textContent ?? null, selector);
      return last !== null && predicate(last);
    }, { timeout });
  } catch (error) {
    // The text last read, not the one before the wait (a message given to waitUntil is made then).
    throw new Error(`${message}: ${last === null ? `no ${selector} in the page` : JSON.stringify(last)}`, { cause: error });
  }
  return last;
}

/** From the Rosters area, opens the gradebook of the first class in the classes table. */
export async function openFirstGradebook(browser) {
  await click(browser, 'nav[aria-label="Areas"] button[aria-label="Rosters"]');
  await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
  await waitFor(browser, 'article[aria-label^="Class "]');
  await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
  return waitFor(browser, '[role="grid"][aria-label^="Results of"]');
}

/** The CSS selector of a cell. */
export const cell = (student, lineItem) => `.gb-cell[data-student="${student}"][data-line-item="${lineItem}"]`;

/** Clicks a cell (selecting it, the grid focused) and types `text` then Enter. */
export async function typeInto(browser, student, lineItem, text) {
  await click(browser, cell(student, lineItem));
  await browser.keys([...text, 'Enter']);
}

/** The process id of the app running on `dataDir`. */
export function appPid(dataDir) {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  const mine = lines.filter((l) => l.includes(path.basename(appBinary)) && l.includes(dataDir) && !l.includes('tauri-driver'));
  if (mine.length !== 1) throw new Error(`expected one app on ${dataDir}, found: ${mine.join(' | ')}`);
  return Number(mine[0].trim().split(/\s+/)[0]);
}

/**
 * Serves the built-in sandbox's database of `dataDir` with `cairn serve` (a second server over
 * the same file), for asking over HTTPS what the server holds. `stop()` ends it.
 */
export async function serveBuiltinData(dataDir, secret) {
  const server = spawn(
    cliBinary,
    ['serve', '--db', path.join(dataDir, 'sandbox', 'sandbox.sqlite'), '--listen', '127.0.0.1:0', '--client', `e2e:${secret}`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await new Promise((resolve, reject) => {
    readline.createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code}`)));
  });
  const api = await sandboxApi(ready, 'e2e', secret, 'gradebook.readonly');
  return {
    /** GET on the gradebook service: status and JSON. */
    async gradebook(pathname) {
      const res = await api.get(`/api/roster/gradebook/v1p2${pathname}`);
      return { status: res.status, json: res.text ? JSON.parse(res.text) : null };
    },
    stop: () => new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      server.kill();
    }),
  };
}
