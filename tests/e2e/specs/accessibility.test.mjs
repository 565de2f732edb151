// Accessibility in the real window: axe-core's WCAG 2.1 A and AA rules run on every view a user
// reaches — first launch, the Frameworks area's views, the Rosters area's, the gradebook's with
// its forms, outbox and confirmations, connections with a sync's progress and outcome and a failed
// test, settings, files in and out, the shortcut sheet, empty and error states — each in the
// light, the dark and the high-contrast theme, in one app session on the built-in sandbox. Every
// finding of the walk is collected and the test fails listing them all. The high-contrast theme is
// also chosen in the settings as a user would, and pictured (high-contrast.png).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { freshDataDir, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { auditThemes } from '../lib/axe.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { expand, openFramework, search, select, treeRows, waitForTree } from '../lib/explorer.mjs';
import { cell, typeInto, waitFor, waitText } from '../lib/gradebook.mjs';
import { graphButton, graphViewState } from '../lib/graphView.mjs';
import { answerNative } from '../lib/native.mjs';
import { choose, drawnGraph, showView } from '../lib/relations.mjs';

const DIRTY = path.join(root, 'tests', 'fixtures', 'oneroster', 'cairn-v1p2-dirty');
const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** Waits until `selector`'s text satisfies `ok`. */
async function untilText(browser, selector, ok, what, timeout = 30_000) {
  await browser.waitUntil(async () => ok(await browser.execute((s) => document.querySelector(s)?.textContent ?? '', selector)), {
    timeout, interval: 100, timeoutMsg: `${what} never showed`,
  });
}

/** Types `value` into the field `selector`. */
async function fill(browser, selector, value) {
  const field = await browser.$(selector);
  await field.waitForExist({ timeout: 20_000 });
  await field.clearValue();
  await field.setValue(value);
}

/** Chooses `value` in the settings' theme and saves, waiting for the document to take `shown`. */
async function chooseTheme(browser, value, shown) {
  await area(browser, 'Settings');
  await waitFor(browser, 'form[aria-label="App settings"]');
  await (await browser.$('#setting-theme')).selectByAttribute('value', value);
  await clickText(browser, 'form[aria-label="App settings"] button', 'Save settings');
  await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.dataset.theme ?? null)) === shown, {
    timeout: 10_000, timeoutMsg: `the theme setting ${value} did not take`,
  });
}

/** Clicks the area `name` in the rail. */
async function area(browser, name) {
  await click(browser, `nav[aria-label="Areas"] button[aria-label="${name}"]`);
}

test('axe finds no WCAG 2.1 A or AA violation in any view, in the light, dark or high-contrast theme', async () => {
  const dataDir = freshDataDir('a11y');
  const browser = await launch(driver, dataDir);
  const findings = [];
  const check = async (view) => {
    findings.push(...(await auditThemes(browser, view)));
    console.log(`axe ran on: ${view}`);
  };
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
    // The full-size graph (the main pane's Graph tab), drawn and as a list.
    await clickText(browser, '[aria-label="Item details"] button', 'Open in graph');
    await graphViewState(browser, (s) => s.nodes.length > 1);
    await check('graph tab');
    await graphButton(browser, 'List view');
    await graphViewState(browser, (s) => s.listItems > 0);
    await check('graph tab: as a list');
    await graphButton(browser, 'List view');
    await showView(browser, 'Tree');

    // The search box's results, and a search that finds nothing.
    await search(browser, 'fractions');
    await check('search results');
    const box = await browser.$('[aria-label="Search frameworks"]');
    const emptyBox = async () => {
      await box.click();
      await browser.keys(['Control', 'a']);
      await browser.keys(['Backspace']);
    };
    await emptyBox();
    await box.setValue('qqzzx no such item');
    await untilText(browser, '.search-popup', (t) => t.includes('No item matches'), 'the empty search');
    await check('search: nothing found');
    await emptyBox();
    await browser.keys(['Escape']);

    // The Export… dialog of the open framework.
    await clickText(browser, '[aria-label="Framework"] .toolbar button', 'Export…');
    await waitFor(browser, '[role="dialog"][aria-label^="Export "]');
    await check('export dialog');
    await browser.keys(['Escape']);

    // The Spanish edition: its content marked lang="es" (WCAG 3.1.2), a valid language to axe.
    await openFramework(browser, SPANISH);
    await browser.waitUntil(() => browser.execute(() => document.querySelector('[role="treeitem"] .statement')?.getAttribute('lang') === 'es'), {
      timeout: 10_000, timeoutMsg: 'the Spanish edition\'s statements are not marked lang="es"',
    });
    assert.equal(await browser.execute(() => document.querySelector('[role="treeitem"] .code')?.hasAttribute('lang')), false);
    await check('framework tree: the Spanish edition');
    await openFramework(browser, MATHS);

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
    await clickText(browser, '[role="tab"]', 'Outbox and audit');
    await check('gradebook: outbox with a change waiting');
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
    // A sync of it: its progress while it runs (when it is not over first), then its outcome.
    await clickText(browser, 'section[aria-label="Sync"] button', 'Sync now');
    await browser.waitUntil(async () => (await browser.$('ul[aria-label="Sync progress"]').isExisting())
      || (await browser.$('ul[aria-label="Last sync outcome"]').isExisting()), { timeout: 30_000, interval: 20, timeoutMsg: 'the sync never started' });
    if (await browser.$('ul[aria-label="Sync progress"]').isExisting()) await check('connections: sync progress');
    await untilText(browser, 'section[aria-label="Sync"] .sync-state', (t) => t.startsWith('Last sync'), 'the sync\'s end', 300_000);
    await check('connections: sync outcome');
    await click(browser, 'button[aria-label="Add connection"]');
    await check('connections: form');
    // The form tested against a server that is not there: the failure shown in the form.
    await fill(browser, '#connection-name', 'Unreachable');
    await fill(browser, '#connection-baseUrl', 'https://127.0.0.1:9');
    await fill(browser, '#connection-clientId', 'app');
    await fill(browser, '#connection-clientSecret', 'not-a-secret');
    await clickText(browser, 'form[aria-label="Add a connection"] button', 'Test');
    await waitFor(browser, 'section[aria-label="Test result"]', 60_000);
    await check('connections: a failed test');
    // Saved (or refused, with no keyring to hold its secret), then synced: the error shown.
    await click(browser, 'form[aria-label="Add a connection"] button[type="submit"]');
    await browser.waitUntil(async () => (await browser.$('form[aria-label="Add a connection"] .error-view').isExisting())
      || !(await browser.$('form[aria-label="Add a connection"]').isExisting()), { timeout: 30_000, timeoutMsg: 'the save neither ended nor failed' });
    if (await browser.$('form[aria-label="Add a connection"]').isExisting()) {
      await check('connections: a refused save');
      await clickText(browser, 'form[aria-label="Add a connection"] button', 'Cancel');
    } else {
      await clickText(browser, 'section[aria-label="Sync"] button', 'Sync now');
      await browser.waitUntil(async () => (await browser.$('section[aria-label="Sync"] .error-view').isExisting())
        || (await browser.execute(() => document.querySelector('section[aria-label="Sync"] .sync-state')?.textContent.startsWith('Offline') ?? false)),
      { timeout: 120_000, interval: 200, timeoutMsg: 'the sync of an unreachable server did not fail' });
      await check('connections: a failed sync');
    }

    // Settings, and the shortcut sheet.
    await area(browser, 'Settings');
    await waitFor(browser, 'form[aria-label="App settings"]');
    await check('settings');
    await browser.keys(['F1']);
    await waitFor(browser, '[role="dialog"][aria-label="Keyboard shortcuts"]');
    await check('shortcut sheet');
    await browser.keys(['Escape']);

    // The high-contrast theme chosen in the settings: the framework explorer with an item open,
    // its graph drawn anew in the theme, pictured for the README; then back to the system's.
    await chooseTheme(browser, 'high-contrast', 'high-contrast');
    await area(browser, 'Frameworks');
    await waitForTree(browser);
    const shown = (await treeRows(browser)).filter((r) => r.level === 2);
    await select(browser, (shown[1] ?? shown[0]).code);
    await drawnGraph(browser);
    await browser.pause(300);
    await screenshot(browser, 'high-contrast');
    await chooseTheme(browser, 'system', null);

    // Emptying the cache: its confirmation, then every area with nothing cached.
    await clickText(browser, 'section[aria-label="Reset the cache"] button', 'Reset the cache…');
    await waitFor(browser, '[role="alertdialog"][aria-label="Reset the cache?"]');
    await check('settings: reset confirmation');
    await clickText(browser, '[role="alertdialog"][aria-label="Reset the cache?"] button', 'Empty the cache');
    await browser.waitUntil(async () => !(await browser.$('[role="alertdialog"][aria-label="Reset the cache?"]').isExisting()), { timeout: 30_000 });
    await area(browser, 'Frameworks');
    await browser.waitUntil(async () => (await browser.$$('[role="treeitem"]')).length === 0, { timeout: 30_000, timeoutMsg: 'the tree stayed after the reset' });
    await check('frameworks: nothing cached');
    await area(browser, 'Rosters');
    await browser.pause(500);
    await check('rosters: nothing cached');
    await area(browser, 'Gradebook');
    await browser.pause(500);
    await check('gradebook: no class');
  } finally {
    if (findings.length > 0) console.error(`axe found:\n${findings.join('\n')}`);
    await browser.deleteSession();
  }
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
});
