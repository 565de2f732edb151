// The framework explorer as a user sees it, for the end-to-end tests and the bench: its parts
// found by ARIA role and accessible name (the names the UI promises), and the user's actions.

const TREE = '[role="tree"][aria-label="Framework tree"]';
const ROW = `${TREE} [role="treeitem"]`;

/** Waits until the explorer shows a tree with rows; answers how long it waited (ms). A window
 * that restored another main view (the session keeps it: Graph, Map...) is taken to the Tree tab. */
export async function waitForTree(browser, timeout = 60_000) {
  const started = Date.now();
  await browser.waitUntil(async () => browser.execute((row) => {
    if (document.querySelector(row)) return true;
    const tree = [...document.querySelectorAll('[role="tablist"][aria-label="Framework views"] [role="tab"]')]
      .find((tab) => tab.textContent.trim() === 'Tree');
    if (tree && tree.getAttribute('aria-selected') !== 'true') tree.click();
    return false;
  }, ROW), {
    timeout,
    interval: 50,
    timeoutMsg: 'the framework tree never showed a row',
  });
  return Date.now() - started;
}

/** The visible tree rows: level, code, statement, expanded, selected. */
export async function treeRows(browser) {
  return browser.execute((selector) => {
    return [...document.querySelectorAll(selector)].map((row) => ({
      level: Number(row.getAttribute('aria-level')),
      code: row.querySelector('.code')?.textContent ?? '',
      statement: row.querySelector('.statement')?.textContent ?? '',
      expanded: row.getAttribute('aria-expanded'),
      selected: row.getAttribute('aria-selected') === 'true',
    }));
  }, ROW);
}

/** The open framework's title as the sidebar marks it. */
export async function currentFramework(browser) {
  return browser.execute(() => document.querySelector('[aria-label="Frameworks"] [aria-current="true"] .fw-title')?.textContent ?? null);
}

/** Opens the framework whose title is `title` from the sidebar and waits for its tree. */
export async function openFramework(browser, title) {
  const entry = `[aria-label="Frameworks"] button.fw-entry`;
  let target = null;
  await browser.waitUntil(async () => {
    for (const candidate of await browser.$$(entry)) {
      if ((await candidate.$('.fw-title').getText()) === title) target = candidate;
    }
    return target !== null;
  }, { timeout: 20_000, timeoutMsg: `no framework titled "${title}" in the sidebar` });
  await target.click();
  await browser.waitUntil(async () => (await currentFramework(browser)) === title, {
    timeout: 20_000,
    timeoutMsg: `the framework "${title}" did not open`,
  });
  await waitForTree(browser);
}

/** The visible row whose code is `code`. */
export async function rowByCode(browser, code) {
  const rows = await browser.$$(ROW);
  for (const row of rows) {
    const codeEl = await row.$('.code');
    if ((await codeEl.isExisting()) && (await codeEl.getText()) === code) return row;
  }
  throw new Error(`no visible tree row with code ${code}`);
}

/** Expands the row with `code` (by its twisty) and waits until it says so. */
export async function expand(browser, code) {
  const row = await rowByCode(browser, code);
  await row.$('.vtree-twisty').click();
  await browser.waitUntil(async () => (await (await rowByCode(browser, code)).getAttribute('aria-expanded')) === 'true', {
    timeout: 10_000,
    timeoutMsg: `row ${code} did not expand`,
  });
}

/** Selects the row with `code` and waits for the item panel to show it. */
export async function select(browser, code) {
  const row = await rowByCode(browser, code);
  await row.$('.statement').click();
  await browser.waitUntil(async () => (await itemPanelText(browser)).includes(code), {
    timeout: 10_000,
    timeoutMsg: `the item panel did not show ${code}`,
  });
}

/** The item panel's text. */
export async function itemPanelText(browser) {
  return browser.execute(() => document.querySelector('[role="region"][aria-label="Item details"]')?.textContent ?? '');
}

/** The associations panel's text. */
export async function associationsText(browser) {
  return browser.execute(() => document.querySelector('[role="region"][aria-label="Associations"]')?.textContent ?? '');
}

/** Types `text` into the search box and answers the result options' texts once they show. */
export async function search(browser, text) {
  const box = await browser.$('[aria-label="Search frameworks"]');
  await box.click();
  await box.setValue(text);
  const options = '[role="listbox"][aria-label="Search results"] [role="option"]';
  await browser.waitUntil(async () => (await browser.$$(options)).length > 0, {
    timeout: 10_000,
    timeoutMsg: `no search result for "${text}"`,
  });
  return browser.execute((s) => [...document.querySelectorAll(s)].map((o) => o.textContent), options);
}
