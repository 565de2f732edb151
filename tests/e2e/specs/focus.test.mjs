// Focus visible (WCAG 2.4.7, 1.4.11 for the indicator, 2.4.3 and 2.1.2 for the order): in each
// main area of the real window, Tab from the start of the page until the focus comes back to
// where it started; at every stop the focused element is in the window, not hidden, of a size,
// and shows an outline or box-shadow contrasting 3:1 with what is behind it — in the light, the
// dark and the high-contrast theme. Every stop that fails is listed. A cycle that never closes (more than MAX_STOPS) is a keyboard trap.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { focusStop } from '../lib/focus.mjs';
import { openFramework, waitForTree } from '../lib/explorer.mjs';
import { waitFor } from '../lib/gradebook.mjs';

const MATHS = 'Cairn Demo Mathematics';
const MAX_STOPS = 250;

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
