// Accessibility of the states the main walk (accessibility.test.mjs) cannot reach on the built-in
// sandbox alone, each held in the real window while axe-core's WCAG 2.1 A and AA rules run in the
// light, the dark and the high-contrast theme: the built-in sandbox failing to start (its folder
// taken by a file, then its database damaged) and its "Try again"; a sync's progress bars, held
// by a second sandbox this test starts with `cairn serve --delay-ms` (a slow link); a sync that fails (a saved connection to a
// server that is not there, its secret in a private keyring); a write the server refuses (a score
// for a line item deleted on the server meanwhile: 422) in the outbox; the record forms' delete
// confirmation; the unsent-changes question when the window is asked to close; the gradebook
// offline once that server is gone (its note, and a send that leaves the changes waiting); an
// import that fails outright (a file that is no framework); and an export that fails (its folder
// missing). Every finding is collected and the test fails listing them all.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { cliBinary, freshDataDir, launch, startDriver } from '../lib/app.mjs';
import { auditThemes } from '../lib/axe.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { cell, typeInto, waitFor, waitText } from '../lib/gradebook.mjs';
import { startSecretService } from '../lib/keyring.mjs';
import { openFramework } from '../lib/explorer.mjs';
import { answerNative, chooseFileNative, closeWindowNative } from '../lib/native.mjs';
import { sandboxApi } from '../lib/sandboxApi.mjs';

const SECRET = 'a11y-e2e-Secret-4Kd9wQ';
const SLOW = 'Slow district';
const MATHS = 'Cairn Demo Mathematics';
// Each service request answered this late: the small demo's sync then takes long enough for
// axe to run on its bars in three themes.
const DELAY_MS = 2500;

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
    ['serve', '--demo', '--delay-ms', String(DELAY_MS), '--listen', '127.0.0.1:0', '--client', `app:${SECRET}`],
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

/** Types `value` into the field `selector`. */
async function fill(browser, selector, value) {
  const field = await browser.$(selector);
  await field.waitForExist({ timeout: 20_000 });
  await field.clearValue();
  await field.setValue(value);
}

/** Clicks the area `name` in the rail. */
async function area(browser, name) {
  await click(browser, `nav[aria-label="Areas"] button[aria-label="${name}"]`);
}

/** Adds a connection from the Connections area's form and waits for it to be saved. */
async function addConnection(browser, { name, baseUrl, caCert }) {
  await area(browser, 'Connections');
  await click(browser, 'button[aria-label="Add connection"]');
  await fill(browser, '#connection-name', name);
  await fill(browser, '#connection-baseUrl', baseUrl);
  await fill(browser, '#connection-clientId', 'app');
  await fill(browser, '#connection-clientSecret', SECRET);
  if (caCert) {
    await click(browser, '#connection-caCert + button');
    await chooseFileNative('Choose a CA certificate', caCert);
    await browser.waitUntil(async () => (await browser.$('#connection-caCert').getValue()) === caCert, {
      timeout: 20_000, timeoutMsg: 'the chosen certificate never showed in the form',
    });
  }
  await click(browser, 'form[aria-label="Add a connection"] button[type="submit"]');
  await browser.waitUntil(async () => !(await browser.$('form[aria-label="Add a connection"]').isExisting()), {
    timeout: 30_000, timeoutMsg: `the connection ${name} was not saved`,
  });
  await waitText(browser, 'main[aria-label="Connection"]', (t) => t.includes(name), `the connection ${name} shown`);
}

test('axe finds no WCAG 2.1 A or AA violation in the failure, progress and question states', async () => {
  const dataDir = freshDataDir('a11y-states');
  // The built-in sandbox's folder taken by a file: its start fails.
  const blocker = path.join(dataDir, 'sandbox');
  writeFileSync(blocker, 'not a folder');
  const broken = path.join(dataDir, 'not-a-framework.json');
  writeFileSync(broken, '{"CFDocument": {"identifier": "x", "title": ');
  const browser = await launch(driver, dataDir);
  const findings = [];
  const check = async (view) => {
    findings.push(...(await auditThemes(browser, view)));
    console.log(`axe ran on: ${view}`);
  };
  try {
    await waitFor(browser, 'main[aria-label="Starting Cairn"] .error-view', 120_000);
    await check('first launch: the built-in sandbox failed to start');
    // A second way: its folder now there, its database damaged (not SQLite). The start fails
    // again, naming the file, which it leaves as it was for the user to move aside.
    rmSync(blocker);
    mkdirSync(blocker);
    writeFileSync(path.join(blocker, 'scale'), 'small');
    const damaged = path.join(blocker, 'sandbox.sqlite');
    writeFileSync(damaged, 'not a database '.repeat(500));
    await clickText(browser, 'main[aria-label="Starting Cairn"] button', 'Try again');
    const said = await waitText(browser, 'main[aria-label="Starting Cairn"] .error-view', (t) => t.includes(damaged),
      'the start failing on the damaged database, naming its file', 120_000);
    assert.match(said, /not a database/);
    await check('first launch: the built-in sandbox\'s database damaged');
    assert.equal(readFileSync(damaged, 'utf8'), 'not a database '.repeat(500));
    // Set aside from the window: renamed beside it, kept as it was, and the start made afresh.
    await clickText(browser, 'main[aria-label="Starting Cairn"] button', 'Set the data aside and start fresh');
    await waitFor(browser, 'nav[aria-label="Areas"]', 300_000);
    const kept = readdirSync(blocker).filter((name) => /^sandbox-damaged-.*\.sqlite$/.test(name));
    assert.equal(kept.length, 1, `one database set aside: ${readdirSync(blocker)}`);
    assert.equal(readFileSync(path.join(blocker, kept[0]), 'utf8'), 'not a database '.repeat(500));
    assert.match(readFileSync(damaged).subarray(0, 16).toString('latin1'), /^SQLite format 3/);

    // A sync held in progress by the slow server: its bars, checked while they still show.
    await addConnection(browser, { name: SLOW, baseUrl: ready.base_url, caCert: ready.ca_cert });
    await clickText(browser, 'main[aria-label="Connection"] button', 'Make active');
    await waitText(browser, '[aria-label="Status bar"] .status-connection', (t) => t.includes(SLOW), 'the active connection');
    await clickText(browser, 'section[aria-label="Sync"] button', 'Sync now');
    await waitFor(browser, 'ul[aria-label="Sync progress"] [role="progressbar"]', 60_000);
    await check('connections: sync progress');
    assert.ok(await browser.$('ul[aria-label="Sync progress"] [role="progressbar"]').isExisting(),
      `the sync ended before axe was done with its bars: raise DELAY_MS (${DELAY_MS})`);
    await waitText(browser, 'section[aria-label="Sync"] .sync-state', (t) => t.startsWith('Last sync'), 'the sync\'s end', 600_000);

    // A saved connection to a server that is not there: its sync fails.
    await addConnection(browser, { name: 'Unreachable', baseUrl: 'https://127.0.0.1:9' });
    await clickText(browser, 'section[aria-label="Sync"] button', 'Sync now');
    await browser.waitUntil(async () => (await browser.$('section[aria-label="Sync"] .error-view').isExisting())
      || (await browser.execute(() => /^(Offline|Last sync failed)/.test(document.querySelector('section[aria-label="Sync"] .sync-state')?.textContent ?? ''))),
    { timeout: 120_000, interval: 200, timeoutMsg: 'the sync of an unreachable server did not fail' });
    await check('connections: a failed sync');

    // The slow server's gradebook: a line item deleted on the server, then a score for it sent.
    await area(browser, 'Rosters');
    const select = await browser.$('select[aria-label="Connection"]');
    await select.waitForExist({ timeout: 20_000 });
    await select.selectByVisibleText(SLOW);
    await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link', 60_000);
    await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
    await waitFor(browser, '[role="grid"][aria-label^="Results of"]', 60_000);
    const cells = await browser.execute(() => [...document.querySelectorAll('.gb-cell[data-student]')].map((c) => ({
      student: c.getAttribute('data-student'), lineItem: c.getAttribute('data-line-item'),
    })));
    const gone = cells[0].lineItem;
    const column = cells.filter((c) => c.lineItem === gone);
    const api = await sandboxApi(ready, 'app', SECRET, 'gradebook.delete');
    const deleted = await api.delete(`/api/roster/gradebook/v1p2/lineItems/${gone}`);
    assert.equal(deleted.status, 204, deleted.text);
    await typeInto(browser, column[0].student, gone, '1');
    await waitFor(browser, `${cell(column[0].student, gone)}[data-state="pending"]`);
    await clickText(browser, '.gb-toolbar button', 'Send changes');
    const sent = await waitText(browser, '.gb-area p.export-message', (t) => t.includes('sent'), 'the send\'s outcome', 120_000);
    assert.match(sent, /1 refused by the server/);
    await clickText(browser, '[role="tab"]', 'Outbox and audit');
    await check('gradebook: a write the server refused, in the outbox');

    // The record forms' delete confirmation.
    await clickText(browser, '[role="tab"]', 'Other records');
    await clickText(browser, 'section[aria-label="The class\'s records"] button', 'Delete…');
    await waitFor(browser, '[role="alertdialog"][aria-label^="Delete the "]');
    await check('gradebook: a record\'s delete confirmation');
    await clickText(browser, '[role="alertdialog"][aria-label^="Delete the "] button', 'Keep it');

    // The window asked to close with changes unsent: the question.
    await clickText(browser, '[role="tab"]', 'Results');
    const other = cells.find((c) => c.lineItem !== gone);
    await typeInto(browser, other.student, other.lineItem, '1');
    await waitFor(browser, `${cell(other.student, other.lineItem)}[data-state="pending"]`);
    closeWindowNative('Cairn');
    await waitFor(browser, '[role="alertdialog"][aria-label="Unsent changes"]');
    await check('the unsent-changes question on closing');
    await clickText(browser, '[role="alertdialog"][aria-label="Unsent changes"] button', 'Keep the window open');

    // The server gone: the send finds it unreachable, and the gradebook says it is offline.
    server.kill();
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    await clickText(browser, '.gb-toolbar button', 'Send changes');
    await waitText(browser, '.gb-area p.export-message', (t) => t.includes('still pending'), 'the offline send\'s outcome', 120_000);
    await waitText(browser, '.gb-area p.note', (t) => t.startsWith('Offline:'), 'the offline note', 60_000);
    await check('gradebook: offline, changes waiting');

    // Files in, failing outright: a file that is not a framework or a roster.
    await area(browser, 'Frameworks');
    await clickText(browser, '[aria-label="Framework list"] button', 'Open files…');
    const files = '[role="dialog"][aria-label="Open files"]';
    await waitFor(browser, files);
    const input = await browser.$(`${files} input[aria-label="Path to open"]`);
    await input.setValue(broken);
    await browser.keys('Enter');
    await answerNative('Open this file?', true);
    await waitFor(browser, `${files} ul[aria-label="Files to open"] li`);
    await clickText(browser, `${files} button`, 'Import 1 file');
    await waitFor(browser, `${files} .badge[data-outcome="failed"]`, 60_000);
    await waitFor(browser, `${files} .imported-file .error-view`);
    await check('files in: an import that failed');
    await clickText(browser, `${files} button`, 'Done');

    // Files out, failing: the chosen folder does not exist.
    await openFramework(browser, MATHS);
    await clickText(browser, '[aria-label="Framework"] .toolbar button', 'Export…');
    const exporter = '[role="dialog"][aria-label^="Export "]';
    await waitFor(browser, exporter);
    const saveAs = await browser.$(`${exporter} input[aria-label="Save as"]`);
    await saveAs.setValue(path.join(dataDir, 'no-such-folder', 'out.csv'));
    await clickText(browser, `${exporter} button`, 'Export');
    await answerNative('Save to this file?', true, 5_000).catch(() => {}); // asked only when the path is taken as is
    await waitFor(browser, `${exporter} .error-view`, 60_000);
    await check('files out: an export that failed');
    await browser.keys(['Escape']);
  } finally {
    if (findings.length > 0) console.error(`axe found:\n${findings.join('\n')}`);
    await browser.deleteSession().catch(() => {});
  }
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
});
