// Focus visible (WCAG 2.4.7, 1.4.11 for the indicator, 2.4.3 and 2.1.2 for the order): in each
// main area of the real window, Tab from the start of the page until the focus comes back to
// where it started; at every stop the focused element is in the window, not hidden, of a size,
// and shows an outline or box-shadow contrasting 3:1 with what is behind it — in the light, the
// dark and the high-contrast theme. Every stop that fails is listed. A cycle that never closes (more than MAX_STOPS) is a keyboard trap.
// Then inside each dialog and confirmation, opened from the keyboard: Tab and Shift+Tab stay in it,
// every stop shows the same 3:1 indicator in each theme, and the focus goes back to its opener when
// it closes; the forms that open in a pane (connection, new line item, other records) get a full
// page cycle with the form open. Last, the views and panels beyond each area's first: the item
// panel with its graph, the Graph, Map, By grouping, Rubrics, Crosswalk and Versions tabs, the
// rosters' calendar and data checks, a class's page and a student's, the gradebook's outbox and
// audit — a full page cycle in each theme.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { focusStop } from '../lib/focus.mjs';
import { expand, openFramework, select, treeRows, waitForTree } from '../lib/explorer.mjs';
import { cell, waitFor } from '../lib/gradebook.mjs';
import { graphViewState } from '../lib/graphView.mjs';
import { choose, showView } from '../lib/relations.mjs';

const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';
const MAX_STOPS = 250;
const THEMES = ['light', 'dark', 'high-contrast'];

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

async function area(browser, name) {
  await click(browser, `nav[aria-label="Areas"] button[aria-label="${name}"]`);
  await waitFor(browser, `nav[aria-label="Areas"] button[aria-label="${name}"][aria-current="page"]`);
}

/** Tabs through the whole page from its start; answers the problems found, one per line. */
async function tabCycle(browser, view) {
  await browser.execute(() => {
    document.activeElement?.blur?.();
    window.scrollTo(0, 0);
  });
  const seen = new Map();
  let first = null;
  for (let stop = 0; stop < MAX_STOPS; stop += 1) {
    await browser.keys(['Tab']);
    const at = await focusStop(browser);
    if (at.key === 'body') continue;
    if (first === null) first = at.key;
    else if (at.key === first) {
      if (stop < 5) return [`${view}: the Tab cycle closed after ${stop} stops, too few to be the whole area`];
      return [...seen.values()];
    }
    if (at.problems.length > 0 && !seen.has(at.key)) {
      seen.set(at.key, `${view}: stop ${stop + 1}, ${at.name}: ${at.problems.join('; ')}`);
      if (seen.size === 1) await screenshot(browser, `focus-${view}-first-problem`);
    }
  }
  return [...seen.values(), `${view}: the focus did not come back to where it started within ${MAX_STOPS} Tab presses`];
}

/** Tabs a full cycle, then lets the focus go (a focused skip link lies over the rail). */
async function cycle(browser, view) {
  const found = await tabCycle(browser, view);
  await browser.execute(() => document.activeElement?.blur?.());
  return found;
}

test('every stop of a full Tab cycle in each area is visible and shows a 3:1 focus indicator', async () => {
  const dataDir = freshDataDir('focus');
  const browser = await launch(driver, dataDir);
  const found = [];
  try {
    await waitForTree(browser, 120_000);
    await openFramework(browser, MATHS);
    for (const theme of ['light', 'dark', 'high-contrast']) {
      await browser.execute((t) => { document.documentElement.dataset.theme = t; }, theme);
      await area(browser, 'Frameworks');
      found.push(...(await cycle(browser, `frameworks [${theme}]`)));
      await area(browser, 'Rosters');
      await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
      found.push(...(await cycle(browser, `rosters [${theme}]`)));
      if (theme === 'light') {
        await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
        await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
        await waitFor(browser, '[role="grid"][aria-label^="Results of"]');
      } else {
        await area(browser, 'Gradebook');
      }
      found.push(...(await cycle(browser, `gradebook [${theme}]`)));
      await area(browser, 'Connections');
      await waitFor(browser, '[role="listbox"][aria-label="Connections"] [role="option"]');
      found.push(...(await cycle(browser, `connections [${theme}]`)));
      await area(browser, 'Settings');
      await waitFor(browser, 'form[aria-label="App settings"]');
      found.push(...(await cycle(browser, `settings [${theme}]`)));
    }
  } finally {
    if (found.length > 0) console.error(`focus problems:\n${found.join('\n')}`);
    await browser.deleteSession();
  }
  assert.deepEqual(found, [], `focus problems:\n${found.join('\n')}`);
});

/** A full page cycle (see `cycle`) in each theme. */
async function cycleThemes(browser, view) {
  const found = [];
  for (const theme of THEMES) {
    await browser.execute((t) => { document.documentElement.dataset.theme = t; }, theme);
    found.push(...(await cycle(browser, `${view} [${theme}]`)));
  }
  await browser.execute(() => { document.documentElement.dataset.theme = 'light'; });
  return found;
}

/**
 * Focuses the control `selector` whose text is `text` and presses Enter on it, as a keyboard user
 * opens what it opens; answers the opener's focus stop.
 */
async function openByKeyboard(browser, selector, text) {
  const found = await browser.execute((s, t) => {
    const el = [...document.querySelectorAll(s)].find((e) => e.textContent.trim() === t && !e.disabled);
    if (!el) return false;
    el.focus();
    return true;
  }, selector, text);
  assert.ok(found, `no ${selector} "${text}" to open`);
  const opener = await focusStop(browser);
  await browser.keys(['Enter']);
  return opener;
}

/**
 * In the open dialog `dialog`: Tab forward round its stops, then Shift+Tab back, in each theme,
 * each stop inside the dialog and visibly focused; then `close` (Escape unless given) and the focus
 * back on `opener`. Answers the problems found.
 */
async function dialogCycle(browser, view, dialog, opener, close = async () => browser.keys(['Escape'])) {
  await waitFor(browser, dialog);
  const found = new Map();
  const note = (key, line) => { if (!found.has(key)) found.set(key, line); };
  await browser.waitUntil(async () => browser.execute((d) => document.querySelector(d)?.contains(document.activeElement) ?? false, dialog), {
    timeout: 10_000, timeoutMsg: `${view}: the dialog did not take the focus`,
  });
  for (const theme of THEMES) {
    await browser.execute((t) => { document.documentElement.dataset.theme = t; }, theme);
    for (const key of ['Tab', ['Shift', 'Tab']]) {
      const first = (await focusStop(browser)).key;
      let closed = false;
      for (let stop = 0; stop < 60 && !closed; stop += 1) {
        await browser.keys(Array.isArray(key) ? key : [key]);
        if (Array.isArray(key)) await browser.keys(['Shift']); // let Shift go
        const at = await focusStop(browser);
        const inside = await browser.execute((d) => document.querySelector(d)?.contains(document.activeElement) ?? false, dialog);
        const way = Array.isArray(key) ? 'Shift+Tab' : 'Tab';
        if (!inside) {
          note(`out-${way}`, `${view} [${theme}]: ${way} left the dialog for ${at.name}`);
          break;
        }
        if (at.problems.length > 0) note(`${theme} ${at.key}`, `${view} [${theme}]: ${at.name}: ${at.problems.join('; ')}`);
        closed = at.key === first;
      }
      if (!closed) note(`open-${theme}`, `${view} [${theme}]: the focus never came back round to where it started`);
    }
  }
  await browser.execute(() => { document.documentElement.dataset.theme = 'light'; });
  await close();
  await browser.waitUntil(async () => !(await browser.$(dialog).isExisting()), { timeout: 10_000, timeoutMsg: `${view}: the dialog did not close` });
  // Back on its opener, or on its re-rendered twin (same place, same name).
  await browser.pause(200);
  const back = await focusStop(browser);
  if (back.key !== opener.key && back.name !== opener.name) found.set('return', `${view}: the focus went to ${back.name}, not back to ${opener.name}`);
  return [...found.values()];
}

// What this test found, since fixed: in the print preview the links on the white sheet took the
// dark and high-contrast themes' focus colour (the sheet now sets its own --focus); the
// confirmations' danger buttons showed no ring when focus-trap wrapped Tab to them (inside a
// dialog every :focus shows it); closing the line item's delete confirmation gave the focus to
// "Delete result…" (useDialogFocus remembers the opener's twin).
test('inside every dialog the focus is trapped, visibly shown, and returns to its opener', async () => {
  const dataDir = freshDataDir('focus-dialogs');
  const browser = await launch(driver, dataDir);
  const found = [];
  try {
    await waitForTree(browser, 120_000);
    await openFramework(browser, MATHS);
    const toolbar = '[aria-label="Framework"] .toolbar button';
    let opener = await openByKeyboard(browser, toolbar, 'Export…');
    found.push(...(await dialogCycle(browser, 'export dialog', '[role="dialog"][aria-label^="Export "]', opener)));
    opener = await openByKeyboard(browser, toolbar, 'Print…');
    found.push(...(await dialogCycle(browser, 'print preview', '[role="dialog"][aria-label^="Print"]', opener)));
    opener = await openByKeyboard(browser, '[aria-label="Framework list"] button', 'Open files…');
    found.push(...(await dialogCycle(browser, 'open files dialog', '[role="dialog"][aria-label="Open files"]', opener)));
    const top = (await treeRows(browser)).find((r) => r.level === 1 && r.expanded === 'false');
    await expand(browser, top.code);
    await select(browser, top.code);
    opener = await focusStop(browser);
    await browser.keys(['F1']);
    found.push(...(await dialogCycle(browser, 'shortcut sheet', '[role="dialog"][aria-label="Keyboard shortcuts"]', opener)));

    // The gradebook: the delete confirmations, then its forms' full page cycles.
    await area(browser, 'Rosters');
    await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
    await waitFor(browser, '[role="grid"][aria-label^="Results of"]');
    const first = await browser.execute(() => {
      const c = document.querySelector('.gb-cell[data-student]');
      return { student: c.getAttribute('data-student'), lineItem: c.getAttribute('data-line-item') };
    });
    await click(browser, cell(first.student, first.lineItem));
    opener = await openByKeyboard(browser, '[aria-label="Selected result"] button', 'Delete line item…');
    found.push(...(await dialogCycle(browser, 'delete line item confirmation', '[role="alertdialog"][aria-label="Delete the line item?"]', opener)));
    await clickText(browser, '[role="tab"]', 'New line item');
    await waitFor(browser, 'form[aria-label="New line item"]');
    found.push(...(await cycleThemes(browser, 'new line item form')));
    await clickText(browser, '[role="tab"]', 'Other records');
    await waitFor(browser, 'section[aria-label="The class\'s records"]');
    found.push(...(await cycleThemes(browser, 'other records form')));
    opener = await openByKeyboard(browser, 'section[aria-label="The class\'s records"] button', 'Delete…');
    found.push(...(await dialogCycle(browser, 'record delete confirmation', '[role="alertdialog"][aria-label^="Delete the "]', opener)));

    // The connection form, and the reset-the-cache confirmation.
    await area(browser, 'Connections');
    await click(browser, 'button[aria-label="Add connection"]');
    await waitFor(browser, 'form[aria-label="Add a connection"]');
    found.push(...(await cycleThemes(browser, 'connection form')));
    await area(browser, 'Settings');
    await waitFor(browser, 'form[aria-label="App settings"]');
    opener = await openByKeyboard(browser, 'section[aria-label="Reset the cache"] button', 'Reset the cache…');
    found.push(...(await dialogCycle(browser, 'reset confirmation', '[role="alertdialog"][aria-label="Reset the cache?"]', opener)));
  } finally {
    if (found.length > 0) console.error(`focus problems in dialogs:\n${found.join('\n')}`);
    await browser.deleteSession();
  }
  assert.deepEqual(found, [], `focus problems in dialogs:\n${found.join('\n')}`);
});

test('the other views and panels: a full Tab cycle in each, every stop visible with a 3:1 indicator', async () => {
  const dataDir = freshDataDir('focus-views');
  const browser = await launch(driver, dataDir);
  const found = [];
  try {
    await waitForTree(browser, 120_000);
    await openFramework(browser, MATHS);
    // The item panel, with the relationship panel's graph under the tree.
    const top = (await treeRows(browser)).find((r) => r.level === 1);
    await select(browser, top.code);
    await waitFor(browser, '[aria-label="Item details"] button');
    found.push(...(await cycleThemes(browser, 'item panel and its graph')));
    // The Graph tab, opened from the panel.
    await clickText(browser, '[aria-label="Item details"] button', 'Open in graph');
    await graphViewState(browser, (s) => s.nodes.length > 1);
    found.push(...(await cycleThemes(browser, 'graph tab')));
    // The Map tab.
    await showView(browser, 'Map');
    await browser.waitUntil(() => browser.execute(() => (document.querySelector('section[aria-label="Framework map"] canvas')?.mapSegments?.() ?? []).length > 0),
      { timeout: 30_000, timeoutMsg: 'the map never drew' });
    found.push(...(await cycleThemes(browser, 'map tab')));
    // By grouping, Rubrics, the crosswalk with both frameworks chosen, Versions.
    for (const view of ['By grouping', 'Rubrics', 'Crosswalk', 'Versions']) {
      await showView(browser, view);
      if (view === 'Crosswalk') {
        await choose(browser, 'Left framework', MATHS).catch(() => undefined);
        await choose(browser, 'Right framework', SPANISH).catch(() => undefined);
      }
      await browser.pause(1000);
      found.push(...(await cycleThemes(browser, `${view} tab`)));
    }
    await showView(browser, 'Tree');

    // The rosters' calendar and data checks.
    await area(browser, 'Rosters');
    await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    for (const view of ['Calendar', 'Data checks']) {
      await clickText(browser, '[role="tablist"][aria-label="Roster views"] [role="tab"]', view);
      await waitFor(browser, `[role="tablist"][aria-label="Roster views"] [role="tab"][aria-selected="true"]`);
      await browser.pause(500);
      found.push(...(await cycleThemes(browser, `rosters: ${view}`)));
    }
    await clickText(browser, '[role="tablist"][aria-label="Roster views"] [role="tab"]', 'Classes');

    // A class's page and a student's.
    await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await waitFor(browser, 'article[aria-label^="Class "] section[aria-label="Students"] button.link');
    found.push(...(await cycleThemes(browser, 'rosters: class page')));
    await click(browser, 'article[aria-label^="Class "] section[aria-label="Students"] button.link');
    await waitFor(browser, 'article[aria-label^="User "]');
    found.push(...(await cycleThemes(browser, 'rosters: user page')));

    // The gradebook's outbox and audit.
    await clickText(browser, '[role="tablist"][aria-label="Roster views"] [role="tab"]', 'Classes');
    await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
    await waitFor(browser, '[role="grid"][aria-label^="Results of"]');
    await clickText(browser, '[role="tab"]', 'Outbox and audit');
    await browser.pause(500);
    found.push(...(await cycleThemes(browser, 'gradebook outbox and audit')));
  } finally {
    if (found.length > 0) console.error(`focus problems in the other views:\n${found.join('\n')}`);
    await browser.deleteSession();
  }
  assert.deepEqual(found, [], `focus problems in the other views:\n${found.join('\n')}`);
});
