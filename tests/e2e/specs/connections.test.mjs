// Connections and sync in the real window, against a second sandbox this test starts with
// `cairn serve` (the district-scale demo) and a private GNOME Keyring on a D-Bus bus of its own:
// a wrong secret shows the server's invalid_client; the right one the granted scopes; a sync's
// counts equal the server's X-Total-Count; a full sync cancelled half way leaves the previous
// data; with the server stopped the window says "Offline" and the cached data stays browsable.
// The secret is in the test's keyring and in no file of the data folder.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { cairn, cliBinary, freshDataDir, launch, shotsDir, startDriver } from '../lib/app.mjs';
import { cacheFile } from '../lib/data.mjs';
import { startSecretService } from '../lib/keyring.mjs';
import { click } from '../lib/dom.mjs';
import { waitText as waitTextContent } from '../lib/gradebook.mjs';
import { chooseFileNative } from '../lib/native.mjs';
import { sandboxApi } from '../lib/sandboxApi.mjs';

const SECRET = 'conn-e2e-Secret-7Hq2xP';
const CONNECTION = 'District';

let secrets;
let driver;
let server;
let ready;
before(async () => {
  // The bus first: the driver, and so the app, inherit its address.
  secrets = await startSecretService();
  Object.assign(process.env, { DBUS_SESSION_BUS_ADDRESS: secrets.env.DBUS_SESSION_BUS_ADDRESS });
  driver = await startDriver();
  server = spawn(
    cliBinary,
    ['serve', '--demo', '--scale', 'district', '--listen', '127.0.0.1:0', '--client', `app:${SECRET}`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  ready = await new Promise((resolve, reject) => {
    readline.createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code}`)));
  });
});
after(async () => {
  server?.kill();
  await driver?.stop();
  secrets?.stop();
});

/** X-Total-Count of a rostering collection, with a token of client `app`. */
async function total(collection) {
  const api = await sandboxApi(ready, 'app', SECRET, 'roster.readonly');
  const res = await api.get(`/api/roster/rostering/v1p2/${collection}?limit=1`);
  assert.equal(res.status, 200, res.text);
  return Number(res.headers['x-total-count']);
}

async function type(browser, selector, value) {
  const element = await browser.$(selector);
  await element.waitForExist({ timeout: 20_000 });
  await element.clearValue();
  await element.setValue(value);
}

/** What the two live regions say now (each keeps its last message). */
async function announced(browser) {
  return browser.execute(() => Object.fromEntries(['polite', 'assertive']
    .map((p) => [p, document.querySelector(`[data-announcer="${p}"]`)?.textContent ?? ''])));
}

/** `waitText` on the text with its runs of white space made one space, as a reader sees it. */
async function waitText(browser, selector, predicate, message, timeout = 30_000) {
  const tidy = (text) => text.replace(/\s+/g, ' ').trim();
  return tidy(await waitTextContent(browser, selector, (t) => predicate(tidy(t)), message, timeout));
}

/** The records count the Collections table shows for `collection`. */
async function shownRecords(browser, collection) {
  const text = await waitText(browser, `table[aria-label="Collections as last synced"] tr[data-collection="${collection}"] td.num`,
    (t) => /\d/.test(t), `${collection}'s records`);
  return Number(text.replace(/\D/g, ''));
}

function stats(dataDir) {
  return JSON.parse(cairn('stats', '--db', cacheFile(dataDir), '--connection', CONNECTION, '--json'));
}

/** The files under `dir` holding `needle`. */
function filesHolding(dir, needle) {
  const found = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (readFileSync(file).includes(needle)) found.push(file);
    }
  };
  walk(dir);
  return found;
}

const SYNC_STATE = 'section[aria-label="Sync"] .sync-state';

/**
 * A screenshot of the X display. WebDriver's own stops answering once the window has a session
 * bus (here, the keyring's) for a while, so this one reads the Xvfb screen directly.
 */
function screenshot(_browser, name) {
  mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  // xwd (x11-apps) and netpbm: scripts/setup.sh installs them.
  execFileSync('sh', ['-c', `xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng > '${file}'`], { stdio: 'ignore', timeout: 30_000 });
  return file;
}

test('add, test, correct, sync, cancel half way, go offline: the secret only in the keyring', async () => {
  const dataDir = freshDataDir('connections');
  const browser = await launch(driver, dataDir);
  try {
    // The first launch syncs the built-in sandbox first.
    await (await browser.$('nav[aria-label="Areas"]')).waitForExist({ timeout: 300_000 });
    await click(browser, 'nav[aria-label="Areas"] button[aria-label="Connections"]');
    await click(browser, 'aside[aria-label="Connection list"] .sidebar-head button');

    // A wrong secret: saved, and the test shows the server's invalid_client.
    await type(browser, '#connection-name', CONNECTION);
    await type(browser, '#connection-baseUrl', ready.base_url);
    await type(browser, '#connection-clientId', 'app');
    await type(browser, '#connection-clientSecret', 'not-the-secret');
    // The CA certificate is chosen in the system's file chooser (a typed path is never read).
    await click(browser, '#connection-caCert + button');
    await chooseFileNative('Choose a CA certificate', ready.ca_cert);
    await browser.waitUntil(async () => (await browser.$('#connection-caCert').getValue()) === ready.ca_cert, {
      timeout: 20_000,
      timeoutMsg: 'the chosen certificate never showed in the form',
    });
    await screenshot(browser, 'connection-form');
    await click(browser, 'form[aria-label="Add a connection"] button[type="submit"]');
    await click(browser, 'button=Test');
    const refused = await waitText(browser, 'section[aria-label="Test result"]', (t) => t.includes('invalid_client'), 'the test result');
    assert.match(refused, /No token/);

    // Corrected: the granted scopes, and every service answering.
    await click(browser, 'button=Edit');
    const secretField = await browser.$('#connection-clientSecret');
    assert.equal(await secretField.getValue(), '', 'the window never gets the secret back');
    await type(browser, '#connection-clientSecret', SECRET);
    await click(browser, `form[aria-label="Edit ${CONNECTION}"] button[type="submit"]`);
    await click(browser, 'button=Test');
    const scopes = await waitText(browser, '[aria-label="Granted scopes"]', (t) => t.includes('roster-core.readonly'), 'the granted scopes');
    assert.match(scopes, /case\.readonly/);
    const services = await waitText(browser, 'table.service-checks', (t) => (t.match(/Answers/g) ?? []).length === 4, 'four services answering');
    assert.match(services, /Rostering/);
    await screenshot(browser, 'connection-test');

    // Active, then synced: the counts are the server's X-Total-Count.
    await click(browser, 'button=Make active');
    await waitText(browser, '[aria-label="Status bar"] .status-connection', (t) => t.includes(CONNECTION), 'the active connection');
    await click(browser, 'button=Sync now');
    await waitText(browser, 'ul[aria-label="Sync progress"]', (t) => t.length > 0, 'progress bars');
    await screenshot(browser, 'connection-sync-progress');
    await waitText(browser, SYNC_STATE, (t) => t.startsWith('Last sync'), 'the sync to end', 600_000);
    // The sync's end announced through a live region (assertive only if a collection failed).
    const said = await announced(browser);
    assert.ok(said.polite === `${CONNECTION} synced` || said.assertive.startsWith(`${CONNECTION} synced, `), JSON.stringify(said));
    for (const collection of ['orgs', 'users', 'classes', 'enrollments']) {
      assert.equal(await shownRecords(browser, collection), await total(collection), collection);
    }
    await screenshot(browser, 'connection-synced');
    const before = stats(dataDir);
    assert.equal(before.users, await total('users'));

    // A full sync cancelled half way through a collection: the previous data stands. The
    // window is watched from inside (one script per look), and Cancel pressed the moment a bar
    // stands between empty and full.
    await click(browser, 'button=Full sync');
    let cut = null;
    await browser.waitUntil(async () => {
      cut = await browser.execute(() => {
        for (const bar of document.querySelectorAll('ul[aria-label="Sync progress"] [role="progressbar"]')) {
          const now = Number(bar.getAttribute('aria-valuenow'));
          const max = Number(bar.getAttribute('aria-valuemax'));
          // The district's users or enrollments, caught between their first page and their last.
          if (['users', 'enrollments'].includes(bar.getAttribute('aria-label')) && now > 0 && now < max) {
            const cancel = [...document.querySelectorAll('section[aria-label="Sync"] button')].find((b) => b.textContent === 'Cancel sync');
            if (!cancel) return null;
            cancel.click();
            return { stage: bar.getAttribute('aria-label'), now, max };
          }
        }
        return null;
      });
      return cut !== null;
    }, { timeout: 600_000, interval: 20, timeoutMsg: 'no collection ever showed half way' });
    console.log(`cancelled in ${cut.stage} at ${cut.now} of ${cut.max}`);
    await waitText(browser, SYNC_STATE, (t) => /cancelled/.test(t), 'the cancelled sync', 120_000);
    assert.deepEqual(stats(dataDir), before, `a sync cancelled in ${cut.stage} (${cut.now} of ${cut.max}) leaves the previous data`);
    // The collection cut is cancelled — unless its read had ended and its swap begun before the
    // Cancel reached the sync (the window's bar trails the read; a faster build sees it): the
    // sync's report, listed under the buttons, says which, and the row must agree.
    const cutOutcome = await browser.execute((stage) => [...document.querySelectorAll('ul[aria-label="Last sync outcome"] li')]
      .find((li) => li.querySelector('strong')?.textContent === stage)?.dataset.outcome ?? 'complete', cut.stage);
    const row = `table[aria-label="Collections as last synced"] tr[data-collection="${cut.stage}"]`;
    if (cutOutcome === 'complete') {
      console.log(`${cut.stage} was swapped in before the cancel reached it`);
      assert.equal(await shownRecords(browser, cut.stage), await total(cut.stage));
    } else {
      assert.equal(cutOutcome, 'cancelled', `the ${cut.stage} outcome`);
      const cutRow = await waitText(browser, row, (t) => /cancelled/i.test(t), `the ${cut.stage} row`);
      assert.ok(!/never complete/.test(cutRow), cutRow);
    }

    // The secret: in the keyring (the CLI finds it there), in no file of the data folder.
    const listed = JSON.parse(cairn('connection', 'list', '--db', cacheFile(dataDir), '--json'));
    assert.equal(listed.find((c) => c.name === CONNECTION).secret_stored, true);

    // The server gone: Ctrl+R says offline; the cached rosters stay browsable.
    server.kill();
    await new Promise((resolve) => server.once('exit', resolve));
    await browser.keys(['Control', 'r']);
    await browser.keys(['Control']);
    await waitText(browser, '[aria-label="Status bar"]', (t) => t.includes('Offline'), 'offline in the status bar', 120_000);
    // Said at once through the assertive live region.
    await waitText(browser, '[data-announcer="assertive"]',
      (t) => t === `${CONNECTION} could not be reached: working from the cache` || t.startsWith(`Sync of ${CONNECTION} failed`), 'the failed sync, announced');
    await waitText(browser, SYNC_STATE, (t) => t.startsWith('Offline'), 'offline on the connection page');
    const usersRow = await waitText(browser, 'table[aria-label="Collections as last synced"] tr[data-collection="users"]', (t) => t.length > 0, 'users row');
    assert.ok(!/never complete/.test(usersRow), `when users last synced is shown: ${usersRow}`);
    await screenshot(browser, 'connection-offline');
    await click(browser, 'nav[aria-label="Areas"] button[aria-label="Rosters"]');
    const select = await browser.$('select[aria-label="Connection"]');
    await select.waitForExist({ timeout: 20_000 });
    await select.selectByVisibleText(CONNECTION);
    await waitText(browser, '[aria-label="Below"]', (t) => t.length > 0, 'the district navigation, offline');

    // F1: the shortcut sheet.
    await browser.keys(['F1']);
    await waitText(browser, '[role="dialog"][aria-label="Keyboard shortcuts"]', (t) => t.includes('Ctrl+R'), 'the shortcut sheet');
    await browser.keys(['Escape']);
  } finally {
    // A failure above is the one to report, not the session's end.
    await browser.deleteSession().catch(() => {});
  }
  assert.deepEqual(filesHolding(dataDir, SECRET), [], 'no file of the data folder holds the secret');
});
