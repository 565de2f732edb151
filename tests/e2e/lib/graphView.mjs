// The full-size graph (the main pane's Graph tab) as a user sees it, for the end-to-end tests and
// the bench: what it has drawn, the focused node, the announcement, the list view.

export const GRAPH_VIEW = 'section.graph-explorer';

/**
 * Waits until the Graph tab has drawn `until` (a predicate on the state, or any drawing) and
 * answers it: the node count the view reports, the ms the last drawing took, the nodes on the
 * canvas with their data and places, the focused node and the announcement.
 */
export async function graphViewState(browser, until = () => true, timeout = 30_000) {
  let state = null;
  await browser.waitUntil(async () => {
    state = await browser.execute((view) => {
      const size = document.querySelector(`${view} [aria-label="Graph size"]`);
      const host = document.querySelector(`${view} .graph-canvas`);
      const list = document.querySelector(`${view} [aria-label="Graph as a list"]`);
      if (!size || (!list && (!host?.cy || size.dataset.drawnMs === ''))) return null;
      const cy = host?.cy;
      return {
        reported: Number(size.dataset.nodes),
        drawnMs: size.dataset.drawnMs === '' ? null : Number(size.dataset.drawnMs),
        nodes: cy ? cy.nodes().map((n) => ({ id: n.id(), label: n.data('label'), hidden: n.data('hidden'), grown: n.data('grown'), root: n.data('root'), x: n.position('x'), y: n.position('y') })) : [],
        edges: cy ? cy.edges().map((e) => ({ source: e.data('source'), target: e.data('target'), type: e.data('type') })) : [],
        zoom: cy ? cy.zoom() : null,
        focus: host?.dataset.focus ?? null,
        announcement: document.querySelector(`${view} [aria-label="Graph announcement"]`)?.textContent ?? '',
        listItems: list ? list.querySelectorAll(':scope > li').length : null,
        busy: size.textContent.includes('loading'),
      };
    }, GRAPH_VIEW);
    return state !== null && !state.busy && until(state);
  }, { timeout, interval: 100, timeoutMsg: 'the graph view never drew what was awaited' });
  return state;
}

/** Puts the keyboard's focus on the drawing (as Tab would) and presses `keys` one by one. */
export async function pressOnGraph(browser, ...keys) {
  await browser.execute((view) => document.querySelector(`${view} .graph-canvas`)?.focus(), GRAPH_VIEW);
  for (const key of keys) await browser.keys(key);
}

/** Clicks the Graph tab's toolbar button named `name`. */
export async function graphButton(browser, name) {
  for (const button of await browser.$$(`${GRAPH_VIEW} [role="toolbar"] button`)) {
    if ((await button.getText()).trim() === name) {
      await button.waitForClickable({ timeout: 10_000 });
      await button.click();
      return;
    }
  }
  throw new Error(`no button ${name} in the graph's toolbar`);
}
