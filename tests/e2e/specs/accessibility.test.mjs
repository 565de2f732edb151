// Accessibility in the real window: axe-core's WCAG 2.1 A and AA rules run on every view a user
// reaches — first launch, the Frameworks area's views, the Rosters area's, the gradebook's with
// its forms and confirmations, connections, settings, files in, the shortcut sheet, empty and
// error states — each in the light and the dark theme, in one app session on the built-in
// sandbox. Every finding of the walk is collected and the test fails listing them all.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { freshDataDir, launch, root, startDriver } from '../lib/app.mjs';
import { axeViolations, describeViolations } from '../lib/axe.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { expand, openFramework, search, select, treeRows, waitForTree } from '../lib/explorer.mjs';
import { cell, typeInto, waitFor, waitText } from '../lib/gradebook.mjs';
import { answerNative } from '../lib/native.mjs';
import { choose, drawnGraph, showView } from '../lib/relations.mjs';

const DIRTY = path.join(root, 'tests', 'fixtures', 'oneroster', 'cairn-v1p2-dirty');
const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';
const THEMES = ['light', 'dark'];

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/**
 * Runs axe on what the window shows now in each theme (set as the theme setting sets it, on the
 * document's `data-theme`), then puts the setting's theme back; answers the findings as text.
 */
async function audit(browser, view) {
  const found = [];
  const setting = await browser.execute(() => document.documentElement.dataset.theme ?? null);
  for (const theme of THEMES) {
    await browser.execute((t) => { document.documentElement.dataset.theme = t; }, theme);
    const violations = await axeViolations(browser);
    if (violations.length > 0) found.push(describeViolations(`${view} [${theme}]`, violations));
  }
  await browser.execute((t) => {
    if (t) document.documentElement.dataset.theme = t; else delete document.documentElement.dataset.theme;
  }, setting);
  return found;
}

/** Clicks the area `name` in the rail. */
async function area(browser, name) {
  await click(browser, `nav[aria-label="Areas"] button[aria-label="${name}"]`);
}

test('axe finds no WCAG 2.1 A or AA violation in any view, in either theme', async () => {
  const dataDir = freshDataDir('a11y');
  const browser = await launch(driver, dataDir);
  const findings = [];
  const check = async (view) => { findings.push(...(await audit(browser, view))); };
  try {
    // First launch: the built-in sandbox's progress.
    await browser.waitUntil(async () => (await browser.$('main[aria-label="Starting Cairn"] [role="progressbar"]').isExisting())
      || (await browser.$$('[role="treeitem"]')).length > 0, { timeout: 60_000, interval: 50 });
    if (await browser.$('main[aria-label="Starting Cairn"] [role="progressbar"]').isExisting()) await check('first launch');

    // Frameworks: the tree, an item with its panel, graph and progressions.
    await waitForTree(browser, 120_000);
    await openFramework(browser, MATHS);
    await check('framework tree');
    const top = (await treeRows(browser)).find((r) => r.level === 1 && r.expanded === 'false');
    await expand(browser, top.code);
    const domain = (await treeRows(browser)).find((r) => r.level === 2);
    await select(browser, domain.code);
    await drawnGraph(browser);
    await check('item panel and graph');
    await clickText(browser, '[role="tablist"][aria-label="Relations views"] [role="tab"]', 'Progressions');
    await check('progressions');
    await clickText(browser, '[role="tablist"][aria-label="Relations views"] [role="tab"]', 'Graph');

    // The search box's results.
    await search(browser, 'fractions');
    await check('search results');
    await browser.keys(['Escape']);

    // The main pane's other views.
    await showView(browser, 'By grouping');
    await check('by grouping');
    await showView(browser, 'Rubrics');
    await check('rubrics');
    await showView(browser, 'Crosswalk');
    await choose(browser, 'Left framework', MATHS).catch(() => undefined);
    await choose(browser, 'Right framework', SPANISH).catch(() => undefined);
    await browser.pause(1500);
    await check('crosswalk');
    await showView(browser, 'Versions');
    await check('versions');
    await showView(browser, 'Tree');

    // Files in: a bundle with warnings.
    await clickText(browser, '[aria-label="Framework list"] button', 'Open files…');
    const dialog = '[role="dialog"][aria-label="Open files"]';
    await waitFor(browser, dialog);
    await check('import dialog');
    const input = await browser.$(`${dialog} input[aria-label="Path to open"]`);
    await input.setValue(DIRTY);
    await browser.keys('Enter');
    await answerNative('Open this file?', true);
    await waitFor(browser, `${dialog} ul[aria-label="Files to open"] li`);
    await clickText(browser, `${dialog} button`, 'Import 1 file');
    await waitFor(browser, `${dialog} [aria-label="cairn-v1p2-dirty"] .badge`, 60_000);
    await check('import results with warnings');
    await browser.keys(['Escape']);

    // Rosters: navigation, classes, calendar, checks, a class, a user, people search.
    await area(browser, 'Rosters');
    await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await check('rosters: navigation and classes');
    await clickText(browser, '[role="tablist"][aria-label="Roster views"] [role="tab"]', 'Calendar');
    await check('rosters: calendar');
    await clickText(browser, '[role="tablist"][aria-label="Roster views"] [role="tab"]', 'Data checks');
    await waitFor(browser, 'section[aria-label="Data checks"] details');
    await click(browser, 'section[aria-label="Data checks"] details summary');
    await check('rosters: data checks');
    await clickText(browser, '[role="tablist"][aria-label="Roster views"] [role="tab"]', 'Classes');
    await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await waitFor(browser, 'article[aria-label^="Class "] section[aria-label="Students"] button.link');
    await check('rosters: class page');
    await click(browser, 'article[aria-label^="Class "] section[aria-label="Students"] button.link');
    await waitFor(browser, 'article[aria-label^="User "]');
    await check('rosters: user page');
    const people = await browser.$('input[aria-label="Search people"]');
    await people.setValue('a');
    await waitFor(browser, '[role="listbox"][aria-label="People found"] [role="option"]');
    await check('rosters: people search');
    await people.clearValue();

    // The gradebook: grid, cell panel, a refusal, the extra-credit question, forms, outbox.
    await area(browser, 'Rosters');
    await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
    await waitFor(browser, '[role="grid"][aria-label^="Results of"]');
    const cells = await browser.execute(() => [...document.querySelectorAll('.gb-cell[data-student]')].map((c) => ({
      student: c.getAttribute('data-student'), lineItem: c.getAttribute('data-line-item'),
    })));
    const column = cells.filter((c) => c.lineItem === cells[0].lineItem);
    await check('gradebook: grid');
    await typeInto(browser, column[0].student, column[0].lineItem, '-1');
    await waitFor(browser, `${cell(column[0].student, column[0].lineItem)}[aria-invalid="true"]`);
    await check('gradebook: a refused score and the cell panel');
    const max = Number(String(await (await browser.$(`[role="columnheader"][data-line-item="${column[0].lineItem}"] .gb-colmeta`)).getProperty('textContent')).replace('/', ''));
    await typeInto(browser, column[1].student, column[1].lineItem, String(max + 5));
    await waitFor(browser, '[role="alertdialog"][aria-label="Extra credit?"]');
    await check('gradebook: extra credit question');
    await clickText(browser, '[role="alertdialog"][aria-label="Extra credit?"] button', 'No');
    await typeInto(browser, column[2].student, column[2].lineItem, '1');
    await waitFor(browser, `${cell(column[2].student, column[2].lineItem)}[data-state="pending"]`);
    await click(browser, cell(column[2].student, column[2].lineItem));
    await clickText(browser, '[aria-label="Selected result"] button', 'Delete line item…');
    await waitFor(browser, '[role="alertdialog"][aria-label="Delete the line item?"]');
    await check('gradebook: delete confirmation');
    await clickText(browser, '[role="alertdialog"][aria-label="Delete the line item?"] button', 'Keep it');
    await clickText(browser, '[role="tab"]', 'New line item');
    await waitFor(browser, 'form[aria-label="New line item"]');
    await check('gradebook: new line item');
    await clickText(browser, '[role="tab"]', 'Other records');
    await check('gradebook: new record');
    await clickText(browser, '.gb-toolbar button', 'Send changes');
    await waitText(browser, '.gb-toolbar', (t) => t.includes('All changes sent'), 'sent');
    await clickText(browser, '[role="tab"]', 'Outbox and audit');
    await check('gradebook: outbox and audit');

    // Connections: the list, the built-in one tested and synced, the form.
    await area(browser, 'Connections');
    await waitFor(browser, '[role="listbox"][aria-label="Connections"] [role="option"]');
    await check('connections: list');
    await clickText(browser, 'main[aria-label="Connection"] button', 'Test');
    await browser.waitUntil(async () => !(await browser.$('main[aria-label="Connection"] p[role="status"]').isExisting()), { timeout: 30_000 });
    await check('connections: test results');
    await click(browser, 'button[aria-label="Add connection"]');
    await check('connections: form');

    // Settings, and the shortcut sheet.
    await area(browser, 'Settings');
    await waitFor(browser, 'form[aria-label="App settings"]');
    await check('settings');
    await browser.keys(['F1']);
    await waitFor(browser, '[role="dialog"][aria-label="Keyboard shortcuts"]');
    await check('shortcut sheet');
    await browser.keys(['Escape']);
  } finally {
    if (findings.length > 0) console.error(`axe found:\n${findings.join('\n')}`);
    await browser.deleteSession();
  }
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
});
