// The relationship views as a user sees them, for the end-to-end tests and the bench: the graph
// (its canvas's nodes, a click on one, its SVG export), the main pane's tabs, pickers, and the
// views' contents.

import { waitForTree } from './explorer.mjs';

const GRAPH = '[aria-label="Relationship graph"]';

/** Opens the framework `title` of the connection `connection` from the sidebar. */
export async function openFrameworkOf(browser, connection, title) {
  const entry = await browser.$(`[aria-label="Frameworks"] ul[aria-label="${connection}"]`);
  await entry.waitForExist({ timeout: 20_000, timeoutMsg: `no connection ${connection} in the sidebar` });
  for (const candidate of await entry.$$('button.fw-entry')) {
    if ((await candidate.$('.fw-title').getText()) === title) {
      await candidate.scrollIntoView({ block: 'center' });
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
        nodes: cy.nodes().map((n) => ({ id: n.id(), kind: n.data('kind'), code: n.data('code'), label: n.data('label') })),
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

/**
 * The drawn graph's SVG export as the window makes it (what "Export SVG" saves), parsed by the
 * window: the document's text, the parser's error if any, its texts, the stroke colours of its
 * paths, and each edge's colour and each node's label on the canvas.
 */
export async function graphSvg(browser) {
  return browser.execute((graph) => {
    const host = document.querySelector(`${graph} .graph-canvas`);
    const text = host.graph.svg();
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const colour = (c) => c.replace(/\s+/g, '');
    return {
      text,
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      texts: [...doc.getElementsByTagName('text')].map((t) => t.textContent),
      strokes: [...doc.querySelectorAll('path[stroke]')].map((p) => colour(p.getAttribute('stroke'))),
      labels: host.cy.nodes().map((n) => n.data('label')),
      edgeColours: host.cy.edges().map((e) => colour(e.style('line-color'))),
    };
  }, GRAPH);
}

/** Switches the main pane to the tab `name`. */
export async function showView(browser, name) {
  const tabs = await browser.$$('[role="tablist"][aria-label="Framework views"] [role="tab"]');
  for (const tab of tabs) {
    if ((await tab.getText()) === name) {
      await tab.click();
      await browser.waitUntil(async () => (await tab.getAttribute('aria-selected')) === 'true', { timeout: 5_000 });
      return;
    }
  }
  throw new Error(`no tab ${name}`);
}

/** Chooses, in the select named `label`, the option for `text` (a framework's title, maybe with its version): its text, or its text followed by " (version)" or " — connection". */
export async function choose(browser, label, text) {
  await browser.$(`select[aria-label="${label}"]`).waitForExist({ timeout: 10_000 });
  const chosen = await browser.execute((l, t) => {
    const select = document.querySelector(`select[aria-label="${l}"]`);
    const option = [...select.options].find((o) => o.text === t || o.text.startsWith(`${t} (`) || o.text.startsWith(`${t} — `));
    if (!option) return null;
    select.value = option.value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return option.text;
  }, label, text);
  if (chosen === null) throw new Error(`no option "${text}" in ${label}`);
  return chosen;
}

/** The texts of the list items of the list named `label` (`[]` when there is no such list). */
export async function listTexts(browser, label) {
  return browser.execute((l) => [...document.querySelectorAll(`[aria-label="${l}"] > li`)].map((li) => li.textContent.trim()), label);
}
