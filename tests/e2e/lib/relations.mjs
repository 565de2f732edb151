// The relationship views as a user sees them, for the end-to-end tests and the bench: the graph
// (its canvas's nodes, a click on one), the main pane's tabs, pickers, and the views' contents.

import { waitForTree } from './explorer.mjs';

const GRAPH = '[aria-label="Relationship graph"]';

/** Opens the framework `title` of the connection `connection` from the sidebar. */
export async function openFrameworkOf(browser, connection, title) {
  const entry = await browser.$(`[aria-label="Frameworks"] ul[aria-label="${connection}"]`);
  await entry.waitForExist({ timeout: 20_000, timeoutMsg: `no connection ${connection} in the sidebar` });
  for (const candidate of await entry.$$('button.fw-entry')) {
    if ((await candidate.$('.fw-title').getText()) === title) {
      await candidate.click();
      await browser.waitUntil(async () => (await browser.execute(() => document.querySelector('[aria-label="Frameworks"] [aria-current="true"] .fw-title')?.textContent)) === title, { timeout: 20_000 });
      await waitForTree(browser);
      return;
    }
  }
  throw new Error(`no framework ${title} under ${connection}`);
}

/** Waits until the graph is drawn and laid out; answers what the backend reported and what the canvas holds. */
export async function drawnGraph(browser, timeout = 20_000) {
  let state = null;
  await browser.waitUntil(async () => {
    state = await browser.execute((graph) => {
      const size = document.querySelector(`${graph} [aria-label="Graph size"]`);
      const cy = document.querySelector(`${graph} .graph-canvas`)?.cy;
      if (!size || !cy || size.dataset.drawn === '') return null;
      return {
        reported: Number(size.dataset.nodes),
        drawn: Number(size.dataset.drawn),
        centre: cy.nodes('[?centre]').map((n) => n.id())[0] ?? null,
        nodes: cy.nodes().map((n) => ({ id: n.id(), kind: n.data('kind'), label: n.data('label') })),
        edgeTypes: [...new Set(cy.edges().map((e) => e.data('type')))],
        legend: [...document.querySelectorAll(`${graph} [aria-label="Legend"] li`)].map((li) => li.dataset.type),
      };
    }, GRAPH);
    return state !== null;
  }, { timeout, interval: 100, timeoutMsg: 'the graph was never drawn' });
  return state;
}

/** Clicks the node `id` where the canvas draws it (a real pointer click on the canvas). */
export async function clickGraphNode(browser, id) {
  const point = await browser.execute((graph, node) => {
    const host = document.querySelector(`${graph} .graph-canvas`);
    const cy = host.cy;
    const target = cy.getElementById(node);
    cy.center(target);
    const p = target.renderedPosition();
    const rect = host.getBoundingClientRect();
    return { x: Math.round(rect.left + p.x), y: Math.round(rect.top + p.y) };
  }, GRAPH, id);
  await browser.action('pointer').move({ x: point.x, y: point.y, origin: 'viewport' }).down().pause(50).up().perform();
}

/** Switches the main pane to the tab `name`. */
export async function showView(browser, name) {
  const tab = await browser.$(`[role="tablist"][aria-label="Framework views"] [role="tab"]=${name}`);
  await tab.click();
  await browser.waitUntil(async () => (await tab.getAttribute('aria-selected')) === 'true', { timeout: 5_000 });
}

/** Chooses, in the select named `label`, the option whose text starts with `text`. */
export async function choose(browser, label, text) {
  const select = await browser.$(`select[aria-label="${label}"]`);
  await select.waitForExist({ timeout: 10_000 });
  const options = await select.$$('option');
  for (const option of options) {
    if ((await option.getText()).startsWith(text)) {
      await select.selectByAttribute('value', await option.getAttribute('value'));
      return;
    }
  }
  throw new Error(`no option "${text}" in ${label}`);
}

/** The texts of the list items of the list named `label` (`[]` when there is no such list). */
export async function listTexts(browser, label) {
  return browser.execute((l) => [...document.querySelectorAll(`[aria-label="${l}"] > li`)].map((li) => li.textContent.trim()), label);
}
