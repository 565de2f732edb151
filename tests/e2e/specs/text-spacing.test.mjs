// Text spacing (WCAG 1.4.12) in the real window: the criterion's own spacing — line height 1.5
// times the font size, paragraphs 2 times apart, letters 0.12 and words 0.16 times the font size
// — set over the app's style sheet (as a reader's style sheet or bookmarklet sets it), then in each
// main area (an item open in the tree, the classes table, a class's page, the gradebook's grid,
// connections, settings) no text is cut: no element that hides its overflow holds text taller
// than itself (unless it is shortened on purpose with its whole text in a tooltip), and the
// document does not scroll sideways. A screenshot of each area lands in the
// output folder.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { openFramework, select, treeRows, waitForTree } from '../lib/explorer.mjs';
import { waitFor } from '../lib/gradebook.mjs';

const MATHS = 'Cairn Demo Mathematics';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** WCAG 1.4.12's spacing, over every other rule. */
const SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * The text cut in the page now: each visible element that clips its overflow (hidden or clip)
 * and has its own text taller than its box, and the document scrolling sideways.
 */
function cutText(browser) {
  return browser.execute(() => {
    const found = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`the document is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      if (!['hidden', 'clip'].includes(style.overflowY) && !['hidden', 'clip'].includes(style.overflow)) continue;
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
      if (!ownText || el.closest('[hidden], .sr-only, [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || box.bottom < 0 || box.top > window.innerHeight) continue;
      // Cut short on purpose (clamped to its lines, or an ellipsis) with the whole text a tooltip
      // away, as the gradebook's column titles are: WCAG 1.4.12 allows it (the content is there).
      const clamp = style.getPropertyValue('-webkit-line-clamp');
      const shortened = (clamp !== '' && clamp !== 'none') || style.textOverflow === 'ellipsis';
      if (shortened && el.closest('[title]')?.getAttribute('title').includes(el.textContent.trim())) continue;
      if (el.scrollHeight > el.clientHeight + 1) {
        const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}`;
        found.push(`${name} "${el.textContent.trim().slice(0, 40)}": text ${el.scrollHeight} px tall in ${el.clientHeight} px`);
      }
    }
    return [...new Set(found)];
  });
}

test('with WCAG 1.4.12\'s text spacing, no area cuts its text', async () => {
  const browser = await launch(driver, freshDataDir('text-spacing'));
  const found = [];
  const check = async (name) => {
    await browser.pause(500);
    await screenshot(browser, `text-spacing-${name}`);
    for (const problem of await cutText(browser)) found.push(`${name}: ${problem}`);
  };
  try {
    await waitForTree(browser, 120_000);
    await browser.execute((css) => {
      const style = document.createElement('style');
      style.id = 'text-spacing';
      style.textContent = css;
      document.head.append(style);
    }, SPACING);
    await openFramework(browser, MATHS);
    const top = (await treeRows(browser)).find((r) => r.level === 1);
    await select(browser, top.code);
    await waitFor(browser, '[aria-label="Item details"] button');
    await check('frameworks');

    await click(browser, 'nav[aria-label="Areas"] button[aria-label="Rosters"]');
    await waitFor(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await check('rosters');
    await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await waitFor(browser, 'article[aria-label^="Class "] section[aria-label="Students"] button.link');
    await check('rosters-class');
    await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
    await waitFor(browser, '[role="grid"][aria-label^="Results of"] .gb-cell[data-student]');
    await check('gradebook');

    await click(browser, 'nav[aria-label="Areas"] button[aria-label="Connections"]');
    await waitFor(browser, '[role="listbox"][aria-label="Connections"] [role="option"]');
    await check('connections');
    await click(browser, 'nav[aria-label="Areas"] button[aria-label="Settings"]');
    await waitFor(browser, 'form[aria-label="App settings"]');
    await check('settings');
  } finally {
    if (found.length > 0) console.error(`text cut with WCAG 1.4.12's spacing:\n${found.join('\n')}`);
    await browser.deleteSession();
  }
  assert.deepEqual(found, [], `text cut with WCAG 1.4.12's spacing:\n${found.join('\n')}`);
});
