// Zoom (WCAG 1.4.4 Resize text, 1.4.10 Reflow) in the real window at 1280 × 800: Ctrl+= steps the
// web view's zoom up to 200%, where every main area reflows — the document never scrolls sideways,
// each area's main controls can be scrolled to and are not covered — the zoom is kept for the next
// launch, and Ctrl+0 goes back to 100%. A screenshot of each area at 200% lands in the output folder.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { openFramework, waitForTree } from '../lib/explorer.mjs';
import { waitFor, waitText } from '../lib/gradebook.mjs';

const MATHS = 'Cairn Demo Mathematics';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** The page's width in CSS pixels: 1280 at 100%, 640 at 200%. */
const cssWidth = (browser) => browser.execute(() => window.innerWidth);

async function waitForWidth(browser, width, why) {
  await browser.waitUntil(async () => Math.abs((await cssWidth(browser)) - width) <= 2, {
    timeout: 10_000, interval: 100, timeoutMsg: `${why}: the page is ${width} CSS px wide? it is ${await cssWidth(browser)}`,
  });
}

/** Presses Ctrl with `key`, then lets Ctrl go. */
async function ctrl(browser, key) {
  await browser.keys(['Control', key]);
  await browser.keys(['Control']);
}

/**
 * What is wrong with the area shown now at this zoom: the document or the area scrolling
 * sideways, or one of `controls` (CSS selectors) missing, of no size, outside the window once
 * scrolled into view, or covered by something else.
 */
function problems(browser, controls) {
  return browser.execute((selectors) => {
    const found = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`the document is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
    if (document.body.scrollWidth > document.body.clientWidth + 1) found.push(`the body is ${document.body.scrollWidth} px wide in ${document.body.clientWidth}`);
    const area = [...document.querySelectorAll('.shell > .area')].find((a) => !a.hidden);
    if (area && area.scrollWidth > area.clientWidth + 1) found.push(`the area is ${area.scrollWidth} px wide in ${area.clientWidth}`);
    for (const selector of selectors) {
      const element = document.querySelector(selector);
      if (!element) { found.push(`no ${selector}`); continue; }
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) { found.push(`${selector} has no size`); continue; }
      const x = Math.min(box.left + box.width / 2, box.left + 8);
      const y = box.top + Math.min(box.height / 2, 8);
      if (box.left < -1 || box.right > window.innerWidth + 1) found.push(`${selector} is outside the window sideways (${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth})`);
      else if (y < 0 || y > window.innerHeight) found.push(`${selector} is outside the window (top ${Math.round(box.top)} of ${window.innerHeight})`);
      else {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(element === hit || element.contains(hit) || hit.contains(element))) found.push(`${selector} is covered by ${hit?.outerHTML.slice(0, 80)}`);
      }
    }
    return found;
  }, controls);
}

/** Shows the area `name` by its rail button (pressed by the keyboard: focus, then Enter). */
async function area(browser, name) {
  const button = await browser.$(`nav[aria-label="Areas"] button[aria-label="${name}"]`);
  await browser.execute((b) => b.focus(), button);
  await browser.keys(['Enter']);
  await waitFor(browser, `nav[aria-label="Areas"] button[aria-label="${name}"][aria-current="page"]`);
}

/** Presses the `selector` button reading `text` by the keyboard (focused, then Enter). */
async function press(browser, selector, text) {
  await browser.waitUntil(() => browser.execute((sel, t) => {
    const button = [...document.querySelectorAll(sel)].find((b) => b.textContent.trim() === t);
    button?.focus();
    return button !== undefined && document.activeElement === button;
  }, selector, text), { timeout: 30_000, timeoutMsg: `no ${selector} reading ${text}` });
  await browser.keys(['Enter']);
}

const RAIL = ['Frameworks', 'Rosters', 'Gradebook', 'Connections', 'Settings'].map((n) => `nav[aria-label="Areas"] button[aria-label="${n}"]`);

test('Ctrl+= zooms to 200%, where every area reflows; the zoom is kept, Ctrl+0 resets it', async () => {
  const dataDir = freshDataDir('zoom');
  let browser = await launch(driver, dataDir);
  const found = [];
  const check = async (name, controls, { dialog = false } = {}) => {
    await browser.pause(300);
    await screenshot(browser, `zoom-200-${name}`);
    for (const problem of await problems(browser, dialog ? controls : [...RAIL, ...controls])) found.push(`${name}: ${problem}`);
  };
  try {
    await waitForTree(browser, 120_000);
    await openFramework(browser, MATHS);
    await waitForWidth(browser, 1280, 'at 100%');
    for (let i = 0; i < 5; i += 1) await ctrl(browser, '=');
    await waitForWidth(browser, 640, 'after five Ctrl+=');
    await waitText(browser, '[data-announcer="polite"]', (t) => t.includes('Zoom 200%'), 'the zoom announced');

    await check('frameworks', [
      'input[type="search"]',
      '[role="tree"][aria-label="Framework tree"] [role="treeitem"]',
      'button[aria-label="Show item details"]',
      '[aria-label="Framework list"] button.fw-entry',
      '[aria-label="Item details"]',
    ]);

    await area(browser, 'Rosters');
    await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await check('rosters', [
      'input[aria-label="Search people"]',
      '[role="tablist"][aria-label="Roster views"] [role="tab"]',
      '[role="table"][aria-label="Classes"] [role="row"] button.link',
    ]);
    await browser.execute(() => document.querySelector('[role="table"][aria-label="Classes"] [role="row"] button.link').click());
    await waitFor(browser, 'article[aria-label^="Class "]');
    await check('rosters-class', ['article[aria-label^="Class "] h2']);
    await press(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
    await waitFor(browser, '[role="grid"][aria-label^="Results of"]');
    await check('gradebook', [
      '[role="grid"][aria-label^="Results of"] .gb-cell[data-student]',
      '[role="tablist"][aria-label="Gradebook views"] [role="tab"]',
    ]);

    await area(browser, 'Connections');
    await waitFor(browser, '[role="listbox"][aria-label="Connections"] [role="option"]');
    await check('connections', ['[role="listbox"][aria-label="Connections"] [role="option"]', 'button[aria-label="Add connection"]']);

    await area(browser, 'Settings');
    await waitFor(browser, 'form[aria-label="App settings"]');
    await check('settings', ['#setting-zoom', 'form[aria-label="App settings"] button[type="submit"]']);
    assert.equal(await browser.execute(() => document.querySelector('#setting-zoom').value), '200');

    await browser.keys(['F1']);
    await waitFor(browser, '[role="dialog"][aria-label="Keyboard shortcuts"]');
    await check('shortcut-sheet', ['[role="dialog"][aria-label="Keyboard shortcuts"] button'], { dialog: true });
    await waitText(browser, '[role="dialog"][aria-label="Keyboard shortcuts"]', (t) => t.includes('Ctrl+= / Ctrl+- / Ctrl+0'), 'the zoom keys listed');
    await browser.keys(['Escape']);
  } finally {
    await browser.deleteSession();
  }
  assert.deepEqual(found, [], `at 200%:\n${found.join('\n')}`);

  // The next launch opens at 200%; Ctrl+0 goes back to 100%, Ctrl+- below it.
  browser = await launch(driver, dataDir);
  try {
    await waitForTree(browser, 60_000);
    await waitForWidth(browser, 640, 'relaunched');
    await ctrl(browser, '0');
    await waitForWidth(browser, 1280, 'after Ctrl+0');
    await ctrl(browser, '-');
    await waitForWidth(browser, Math.round(1280 / 0.9), 'after Ctrl+-');
    await ctrl(browser, '0');
    await waitForWidth(browser, 1280, 'after Ctrl+0 again');
  } finally {
    await browser.deleteSession();
  }
});
