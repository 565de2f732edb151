// Files in and out in the real window: a OneRoster bundle with bad rows opened through the Open
// files dialog lists every warning `cairn import --json` reports, by file and line, and a click
// shows the row; a subtree exported to a typed path is, row for row, the subtree the tree shows
// fully expanded. Each typed path is confirmed in the app's native dialog, as a user would.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cairn, freshDataDir, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { importPackages } from '../lib/data.mjs';
import { openFramework, treeRows } from '../lib/explorer.mjs';
import { answerNative } from '../lib/native.mjs';
import { parseCsv } from '../lib/csv.mjs';

const DIRTY = path.join(root, 'tests', 'fixtures', 'oneroster', 'cairn-v1p2-dirty');
const PACKAGE = path.join(root, 'tests', 'fixtures', 'case', 'ccss-math-asn-draft-2017.json');
const TITLE = 'Common Core State Standards for Mathematics';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** The element matching `selector` once it is there. */
async function shown(browser, selector, timeout = 20_000) {
  const element = await browser.$(selector);
  await element.waitForExist({ timeout, timeoutMsg: `${selector} never showed` });
  return element;
}

/** Clicks the button inside `scope` whose text is `text`. */
async function clickButton(browser, scope, text) {
  const found = await browser.execute((scope, text) => {
    const button = [...document.querySelectorAll(`${scope} button`)].find((b) => b.textContent.trim() === text);
    if (!button) return false;
    button.click();
    return true;
  }, scope, text);
  assert.ok(found, `no button "${text}" in ${scope}`);
}

test('open a bundle with bad rows, see its warnings and rows; export a subtree', async () => {
  const dataDir = freshDataDir('files');
  const out = path.join(os.tmpdir(), `cairn-e2e-export-${process.pid}.csv`);
  importPackages(dataDir, 'Packages', PACKAGE);
  const expected = JSON.parse(cairn('import', '--db', path.join(dataDir, 'scratch.db'), '--connection', 'x', '--json', DIRTY))[0];
  const browser = await launch(driver, dataDir);
  try {
    // Open files: the bundle's path typed, imported under "Files".
    await openFramework(browser, TITLE);
    await clickButton(browser, '[aria-label="Framework list"]', 'Open files…');
    const dialog = '[role="dialog"][aria-label="Open files"]';
    await shown(browser, dialog);
    const input = await browser.$(`${dialog} input[aria-label="Path to open"]`);
    await input.setValue(DIRTY);
    await browser.keys('Enter');
    await answerNative('Open this file?', true);
    await shown(browser, `${dialog} ul[aria-label="Files to open"] li`);
    await clickButton(browser, dialog, 'Import 1 file');
    const result = `${dialog} [aria-label="cairn-v1p2-dirty"]`;
    await browser.waitUntil(async () => (await browser.$(`${result} .badge`).isExisting()), {
      timeout: 60_000,
      timeoutMsg: 'the import never answered',
    });
    const head = await browser.$(`${result} .imported-head`).getText();
    assert.match(head, /Imported/);
    assert.match(head, new RegExp(`${expected.warnings.length} warnings`), head);
    // Its end announced through the polite live region, without moving the focus.
    await browser.waitUntil(async () => (await browser.execute(() => document.querySelector('[data-announcer="polite"]')?.textContent ?? ''))
      === 'Import finished, 1 file: 1 imported', { timeout: 10_000, timeoutMsg: 'the import\'s end was not announced' });

    // Every warning is listed with its file and line, as the command line reports them.
    const places = await browser.execute((selector) =>
      [...document.querySelectorAll(`${selector} table.warnings tbody tr td:first-child`)].map((td) => td.textContent), result);
    assert.equal(places.length, expected.warnings.length);
    const place = (w) => [w.line > 0 ? `${w.file}:${w.line}` : w.file, w.column].filter(Boolean).join(' · ');
    assert.deepEqual([...places].sort(), expected.warnings.map(place).sort());

    // A click on a warning shows its row, the warned column marked.
    const gone = expected.warnings.find((w) => w.reason.includes('usr-gone'));
    await clickButton(browser, result, place(gone));
    const rowTable = await shown(browser, `${result} table[aria-label="Row ${gone.file}:${gone.line}"]`);
    const warned = await rowTable.$('tr.warned').getText();
    assert.match(warned, /userSourcedId/);
    assert.match(warned, /usr-gone/);
    await screenshot(browser, 'files-import-warnings');
    await clickButton(browser, dialog, 'Done');

    // Export the first top-level subtree to a typed path; compare with the tree fully expanded.
    const top = (await treeRows(browser)).find((r) => r.level === 1 && r.expanded === 'false');
    await selectByStatement(browser, top.statement);
    await browser.keys('*');
    await browser.waitUntil(async () => !(await allRows(browser)).some((r) => r.expanded === 'false'), {
      timeout: 30_000,
      timeoutMsg: 'the tree did not expand',
    });
    const rows = await allRows(browser);
    const start = rows.findIndex((r) => r.statement === top.statement && r.level === 1);
    const end = rows.findIndex((r, i) => i > start && r.level <= 1);
    const subtree = rows.slice(start, end === -1 ? rows.length : end).map((r) => r.code);
    assert.ok(subtree.length > 1 && subtree.some((code) => code !== ''), `a subtree under ${top.statement}: ${subtree}`);
    await selectByStatement(browser, top.statement);

    await clickButton(browser, '[aria-label="Framework"] .toolbar', 'Export…');
    const exporter = '[role="dialog"][aria-label^="Export "]';
    await shown(browser, exporter);
    await browser.execute((selector) => document.querySelector(`${selector} input[value="subtree"]`).click(), exporter);
    const saveAs = await browser.$(`${exporter} input[aria-label="Save as"]`);
    await saveAs.setValue(out);
    await clickButton(browser, exporter, 'Export');
    await answerNative('Save to this file?', true);
    const status = await shown(browser, `${exporter} [role="status"]`, 60_000);
    assert.match(await status.getText(), new RegExp(`Saved ${subtree.length} rows`));
    await screenshot(browser, 'files-export-subtree');
    const csv = parseCsv(readFileSync(out, 'utf8'));
    const code = csv[0].indexOf('humanCodingScheme');
    assert.deepEqual(csv.slice(1).map((r) => r[code]), subtree);
  } finally {
    await browser.deleteSession();
    rmSync(out, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Every row of the (virtualized) framework tree, in order: scrolled through from the top. */
async function allRows(browser) {
  return browser.execute(async () => {
    const tree = document.querySelector('[role="tree"][aria-label="Framework tree"]');
    const seen = new Map();
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const collect = () => {
      for (const row of tree.querySelectorAll('[role="treeitem"]')) {
        const y = Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1] ?? NaN);
        seen.set(y, {
          level: Number(row.getAttribute('aria-level')),
          code: row.querySelector('.code')?.textContent ?? '',
          statement: row.querySelector('.statement')?.textContent ?? '',
          expanded: row.getAttribute('aria-expanded'),
        });
      }
    };
    const before = tree.scrollTop;
    tree.scrollTop = 0;
    await frame();
    for (;;) {
      collect();
      if (tree.scrollTop + tree.clientHeight >= tree.scrollHeight - 1) break;
      tree.scrollTop += Math.max(1, tree.clientHeight - 56);
      await frame();
    }
    tree.scrollTop = before;
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
  });
}

/** Selects the visible row whose statement is `statement` (a row with no code). */
async function selectByStatement(browser, statement) {
  const clicked = await browser.execute((statement) => {
    const row = [...document.querySelectorAll('[role="tree"][aria-label="Framework tree"] [role="treeitem"]')]
      .find((r) => r.querySelector('.statement')?.textContent === statement);
    row?.querySelector('.statement').click();
    row?.focus();
    return Boolean(row);
  }, statement);
  assert.ok(clicked, `no visible row "${statement}"`);
  await browser.waitUntil(async () => (await treeRows(browser)).some((r) => r.selected && r.statement === statement), {
    timeout: 10_000,
    timeoutMsg: `"${statement}" was not selected`,
  });
}
