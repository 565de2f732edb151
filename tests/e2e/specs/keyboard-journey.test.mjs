// Keyboard-only journeys of issue 34 (item 3), in the real window with no pointer event at all:
// open a framework from the list, find an item by the search, read its associations and open the
// other end of one; go from a district to a class to a student and back; open a class's
// gradebook, enter five scores with flags and a comment, send them and read the audit — every
// step by Tab, Enter, arrows, typing and Ctrl+K; and `/` turned off in the settings (WCAG 2.1.4).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { currentFramework, waitForTree } from '../lib/explorer.mjs';

const MATHS = 'Cairn Demo Mathematics';
const MAX_TABS = 150;

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** What has the focus: its tag, text, and the closest labelled region's label. */
const focused = (browser) => browser.execute(() => {
  const el = document.activeElement;
  return {
    tag: el?.tagName.toLowerCase() ?? '',
    className: typeof el?.className === 'string' ? el.className : '',
    text: (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    region: el?.closest('[aria-label]')?.getAttribute('aria-label') ?? '',
    title: el?.querySelector?.('.fw-title')?.textContent ?? '',
  };
});

/** Presses Tab until `wanted(focused)` holds; fails after MAX_TABS presses. */
async function tabTo(browser, wanted, what) {
  for (let i = 0; i < MAX_TABS; i += 1) {
    if (wanted(await focused(browser))) return;
    await browser.keys(['Tab']);
  }
  assert.fail(`Tab never reached ${what}`);
}

/** Presses Tab until the focused element matches `selector` (and reads `text`, when given). */
async function tabToMatch(browser, selector, what, text = null, most = MAX_TABS) {
  for (let i = 0; i < most; i += 1) {
    const hit = await browser.execute((sel, t) => {
      const el = document.activeElement;
      return Boolean(el?.matches(sel) && (t === null || el.textContent.replace(/\s+/g, ' ').includes(t)));
    }, selector, text);
    if (hit) return;
    await browser.keys(['Tab']);
  }
  assert.fail(`Tab never reached ${what}`);
}

const pageLabel = (browser) => browser.execute(() => document.querySelector('section[aria-label="Roster record"] article')?.getAttribute('aria-label') ?? '');

const itemTitle = (browser) => browser.execute(() => document.querySelector('[aria-label="Item details"] .item-title')?.textContent ?? '');

test('open a framework, find an item by search, read its associations and open the other end, by keyboard alone', async () => {
  const browser = await launch(driver, freshDataDir('journey'));
  try {
    await waitForTree(browser, 120_000);
    await browser.execute(() => document.activeElement?.blur?.());

    // The framework, from the list.
    await tabTo(browser, (f) => f.className.includes('fw-entry') && f.title === MATHS, `the list's ${MATHS}`);
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => (await currentFramework(browser)) === MATHS, { timeout: 20_000, timeoutMsg: `${MATHS} did not open` });

    // The search: Ctrl+K, a word, the arrows to a result of this framework, Enter.
    await browser.keys(['Control', 'k']);
    await browser.keys(['Control']);
    assert.equal((await focused(browser)).tag, 'input', 'Ctrl+K focuses the search box');
    await browser.keys('fractions'.split(''));
    const active = () => browser.execute(() => {
      const box = document.activeElement;
      const id = box?.getAttribute('aria-activedescendant');
      return id ? document.getElementById(id)?.textContent ?? '' : '';
    });
    await browser.waitUntil(async () => (await browser.$$('[role="listbox"][aria-label="Search results"] [role="option"]')).length > 0, { timeout: 15_000, timeoutMsg: 'no search result' });
    for (let i = 0; i < 30 && !((await active()).includes(MATHS) && !(await active()).includes('Spanish')); i += 1) await browser.keys(['ArrowDown']);
    const hit = await active();
    assert.ok(hit.includes(MATHS), `a result of ${MATHS} is active: ${hit}`);
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => (await itemTitle(browser)) !== '', { timeout: 15_000, timeoutMsg: 'the item did not open' });
    const found = await itemTitle(browser);
    assert.match(found.toLowerCase(), /fraction/, `the item found: ${found}`);

    // Its associations, reached by Tab: a type's name first (Enter shows its meaning), then the
    // other end of one (Enter opens it).
    await tabTo(browser, (f) => f.region === 'Associations' && f.className.includes('type-name'), 'an association type');
    const type = (await focused(browser)).text;
    await browser.keys(['Enter']);
    const meaning = await browser.execute(() => {
      const name = document.activeElement;
      const tip = document.getElementById(name.getAttribute('aria-describedby') ?? '');
      return { expanded: name.getAttribute('aria-expanded'), shown: tip !== null && !tip.hidden, text: tip?.textContent ?? '' };
    });
    assert.deepEqual([meaning.expanded, meaning.shown], ['true', true], `Enter on ${type} shows its meaning`);
    assert.ok(meaning.text.length > 10, `the meaning of ${type}: ${meaning.text}`);
    await tabTo(browser, (f) => f.region === 'Associations' && f.tag === 'button' && !f.className.includes('type-name'), 'an association\'s other end');
    const end = (await focused(browser)).text;
    await screenshot(browser, 'keyboard-journey-association');
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => {
      const now = await itemTitle(browser);
      return now !== '' && now !== found;
    }, { timeout: 15_000, timeoutMsg: `the other end (${end}) did not open` });
    const opened = await itemTitle(browser);
    assert.equal(opened, end, 'the item panel shows the other end');
    // The tree follows, the opened item's row selected.
    const selected = await browser.execute(() => {
      const row = document.querySelector('[role="tree"][aria-label="Framework tree"] [role="treeitem"][aria-selected="true"]');
      return { text: row?.textContent.replace(/\s+/g, ' ') ?? '' };
    });
    assert.ok(selected.text.includes(end.split(' ')[0]), `the selected row is the other end: ${selected.text}`);
    await screenshot(browser, 'keyboard-journey-other-end');
  } finally {
    await browser.deleteSession();
  }
});

test('go from a district to a class to a student and back, by keyboard alone', async () => {
  const browser = await launch(driver, freshDataDir('journey-roster'));
  try {
    await waitForTree(browser, 120_000);
    await browser.execute(() => document.activeElement?.blur?.());

    // The Rosters area from the rail, then the district in the navigation.
    await tabToMatch(browser, 'nav[aria-label="Areas"] button[aria-label="Rosters"]', 'the rail\'s Rosters');
    await browser.keys(['Enter']);
    await tabToMatch(browser, 'nav[aria-label="Roster navigation"] button.nav-entry', 'the district in the navigation', 'District');
    // The entry's name, without its kind ("Org", shown in capitals).
    const district = await browser.execute(() => document.activeElement.querySelector('.nav-title')?.textContent.replace(/\s+/g, ' ').trim().replace(/^org\s*/i, '') ?? '');
    await browser.keys(['Enter']);
    await browser.waitUntil(() => browser.execute((d) => document.querySelector('nav[aria-label="Roster navigation"] [aria-current="location"]')?.textContent.includes(d) ?? false, district), {
      timeout: 15_000, timeoutMsg: `the navigation did not go into ${district}`,
    });

    // A class from the classes table, then a student from the class page.
    await tabToMatch(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link', 'a class in the table');
    const klass = await browser.execute(() => document.activeElement.textContent.trim());
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => (await pageLabel(browser)) === `Class ${klass}`, { timeout: 15_000, timeoutMsg: `the class ${klass} did not open` });
    await tabToMatch(browser, 'article[aria-label^="Class "] section[aria-label="Students"] button.link', 'a student of the class');
    const student = await browser.execute(() => document.activeElement.textContent.trim());
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => (await pageLabel(browser)).startsWith('User '), { timeout: 15_000, timeoutMsg: `the student ${student} did not open` });
    await screenshot(browser, 'keyboard-journey-student');

    // Back, by the record pane's Back button: the class again.
    await tabToMatch(browser, 'section[aria-label="Roster record"] button[aria-label="Back"]', 'the Back button');
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => (await pageLabel(browser)) === `Class ${klass}`, { timeout: 15_000, timeoutMsg: 'Back did not return to the class' });
    // Back is disabled there (the history's start): the focus goes to the class page's heading,
    // not to the page (a screen reader would say nothing).
    await browser.waitUntil(() => browser.execute(() => document.activeElement?.matches('section[aria-label="Roster record"] article h2') ?? false),
      { timeout: 10_000, timeoutMsg: 'the focus did not go to the class page\'s heading after Back' });
    assert.match(await browser.execute(() => document.querySelector('nav[aria-label="Roster navigation"] [aria-current="location"]')?.textContent ?? ''), new RegExp(district.slice(0, 20)));
  } finally {
    await browser.deleteSession();
  }
});

test('open a class\'s gradebook, enter five scores with flags and a comment, send them and read the audit, by keyboard alone', async () => {
  const browser = await launch(driver, freshDataDir('journey-gradebook'));
  const at = () => browser.execute(() => {
    const grid = document.querySelector('[role="grid"][aria-label^="Results of"]');
    const id = grid?.getAttribute('aria-activedescendant');
    const cell = id ? document.getElementById(id) : null;
    return { focused: document.activeElement === grid, student: cell?.getAttribute('data-student') ?? null, lineItem: cell?.getAttribute('data-line-item') ?? null };
  });
  try {
    await waitForTree(browser, 120_000);
    await browser.execute(() => document.activeElement?.blur?.());

    // A class from the rosters, and its gradebook from the class page.
    await tabToMatch(browser, 'nav[aria-label="Areas"] button[aria-label="Rosters"]', 'the rail\'s Rosters');
    await browser.keys(['Enter']);
    await tabToMatch(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link', 'a class in the table');
    await browser.keys(['Enter']);
    await tabToMatch(browser, 'article[aria-label^="Class "] button', 'Open gradebook', 'Open gradebook');
    await browser.keys(['Enter']);
    await browser.waitUntil(() => browser.execute(() => document.querySelector('[role="grid"][aria-label^="Results of"] .gb-cell[data-student]') !== null), { timeout: 20_000, timeoutMsg: 'the gradebook did not open' });
    // "Open gradebook" went with the Rosters area: the focus is on the Gradebook pane (a named
    // landmark, which a screen reader speaks), not on the page.
    await browser.waitUntil(() => browser.execute(() => document.activeElement?.matches('main[aria-label="Gradebook"]') ?? false),
      { timeout: 10_000, timeoutMsg: 'the focus did not go to the Gradebook pane' });
    await screenshot(browser, 'keyboard-journey-gradebook-opened');

    // Into the grid by Tab; five scores down the first column, each typed then Enter.
    await tabToMatch(browser, '[role="grid"][aria-label^="Results of"]', 'the results grid', null, 300);
    const first = await at();
    const max = await browser.execute((li) => Number(document.querySelector(`[role="columnheader"][data-line-item="${li}"] .gb-colmeta`)?.textContent.replace('/', '') ?? '0'), first.lineItem);
    assert.ok(max >= 5, `the first column takes scores up to ${max}`);
    const typed = [];
    for (let i = 0; i < 5; i += 1) {
      const here = await at();
      await browser.keys([...String(max - i), 'Enter']);
      typed.push(here);
      await browser.waitUntil(async () => (await at()).student !== here.student, { timeout: 10_000, timeoutMsg: `the score ${max - i} was not taken` });
    }
    // Flags on the cells: up to the last score, L (late); up again, M (missing).
    await browser.keys(['ArrowUp']);
    await browser.keys(['l']);
    await browser.keys(['ArrowUp']);
    await browser.keys(['m']);
    await browser.waitUntil(() => browser.execute((t) => document.querySelectorAll('.gb-cell[data-state="pending"]').length >= t, typed.length), { timeout: 10_000, timeoutMsg: 'the scores are not waiting to be sent' });
    const cellOf = (c) => `.gb-cell[data-student="${c.student}"][data-line-item="${c.lineItem}"]`;
    await browser.waitUntil(() => browser.execute((late, missing) => Boolean(document.querySelector(`${late} .gb-flags`) && document.querySelector(`${missing} .gb-flags`)), cellOf(typed[4]), cellOf(typed[3])), { timeout: 10_000, timeoutMsg: 'the flags did not show on their cells' });

    // A comment on the selected cell, from its panel: the grid is one Tab stop, one Tab leaves it.
    await browser.keys(['Tab']);
    assert.equal((await at()).focused, false, 'one Tab leaves the grid');
    assert.equal(await browser.execute(() => document.querySelector('[role="grid"][aria-label^="Results of"]')?.contains(document.activeElement) ?? true), false, 'the focus left the grid');
    await tabToMatch(browser, '[aria-label="Selected result"] textarea[aria-label="Comment"]', 'the comment field', null, 40);
    await browser.keys([...'Handed in on paper']);
    await tabToMatch(browser, '[aria-label="Selected result"] button', 'Save comment', 'Save comment');
    await browser.keys(['Enter']);
    const commented = await at();
    await browser.waitUntil(() => browser.execute((c) => document.querySelector(`${c} .gb-comment`) !== null, cellOf(commented)), { timeout: 10_000, timeoutMsg: 'the comment did not show on its cell' });

    // Send, from the toolbar; then the audit, by the tabs' arrows.
    await tabToMatch(browser, '.gb-toolbar button', 'Send changes', 'Send changes', 300);
    await browser.keys(['Enter']);
    await browser.waitUntil(() => browser.execute(() => document.querySelector('.gb-toolbar')?.textContent.includes('All changes sent') ?? false), { timeout: 30_000, timeoutMsg: 'the changes were not sent' });
    await tabToMatch(browser, '[role="tablist"][aria-label="Gradebook views"] [role="tab"][aria-selected="true"]', 'the selected tab', null, 300);
    await browser.keys(['ArrowRight']);
    await browser.waitUntil(() => browser.execute(() => document.querySelector('table[aria-label="Writes"]') !== null), { timeout: 10_000, timeoutMsg: 'the audit did not show' });
    const audit = await browser.execute(() => document.querySelector('table[aria-label="Writes"]')?.textContent ?? '');
    assert.match(audit, /sent/i, `the audit lists what was sent: ${audit.slice(0, 300)}`);
  } finally {
    await browser.deleteSession();
  }
});

test('/ moves to the search box until the settings turn it off (WCAG 2.1.4), by keyboard alone', async () => {
  const browser = await launch(driver, freshDataDir('journey-slash'));
  const searchFocused = () => browser.execute(() => document.activeElement?.id === 'search-frameworks');
  try {
    await waitForTree(browser, 120_000);
    await browser.execute(() => document.activeElement?.blur?.());
    await tabToMatch(browser, '[role="tree"][aria-label="Framework tree"] [role="treeitem"]', 'a tree row');
    await browser.keys(['/']);
    assert.ok(await searchFocused(), '/ from the tree focuses the search box');
    assert.equal(await browser.execute(() => document.activeElement.value), '', 'the / is not typed into it');

    // Ctrl+, then the switch, then Save.
    await browser.keys(['Control', ',']);
    await browser.keys(['Control']);
    await tabToMatch(browser, '#setting-slashFocusesSearch', 'the / switch');
    await browser.keys([' ']);
    assert.equal(await browser.execute(() => document.activeElement.checked), false, 'Space turns the switch off');
    await tabToMatch(browser, 'form[aria-label="App settings"] button[type="submit"]', 'Save settings');
    await browser.keys(['Enter']);
    await browser.waitUntil(() => browser.execute(() => document.querySelector('form[aria-label="App settings"] [role="status"]')?.textContent === 'Saved.'), {
      timeout: 10_000, timeoutMsg: 'the settings were not saved',
    });

    // Back in the tree, / stays there; Ctrl+K still searches.
    await tabToMatch(browser, 'nav[aria-label="Areas"] button[aria-label="Frameworks"]', 'the rail\'s Frameworks');
    await browser.keys(['Enter']);
    await tabToMatch(browser, '[role="tree"][aria-label="Framework tree"] [role="treeitem"]', 'a tree row');
    await browser.keys(['/']);
    assert.equal(await searchFocused(), false, '/ no longer leaves the tree');
    assert.ok(await browser.execute(() => document.activeElement?.getAttribute('role') === 'treeitem'), 'the focus stays on the row');
    await browser.keys(['Control', 'k']);
    await browser.keys(['Control']);
    assert.ok(await searchFocused(), 'Ctrl+K still focuses the search box');
  } finally {
    await browser.deleteSession();
  }
});
