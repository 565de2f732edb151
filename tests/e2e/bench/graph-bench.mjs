// The full-size graph's performance in the real window (under Xvfb, through tauri-driver): a
// 500-node graph (a node of 1,000 children opened in the Graph tab, cut at 500) asked, laid out
// and drawn; each layout's time to lay out and draw those 500 nodes; and the frames while panning
// and zooming it, fitted (labels left out) and at reading zoom (labels drawn). Timed inside the
// page. Prints a Markdown table of medians.
// Run with `scripts/bench-graph.sh [RUNS]`.

import path from 'node:path';
import { median, printTable } from '../lib/bench.mjs';
import { freshDataDir, launch, startDriver } from '../lib/app.mjs';
import { importPackages, writeWidePackage } from '../lib/data.mjs';
import { openFramework, select, waitForTree } from '../lib/explorer.mjs';
import { GRAPH_VIEW, graphViewState } from '../lib/graphView.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const WIDE_TITLE = 'Bench: one wide node';
const NODES = 500;


/**
 * In the page: runs `start` (the name of an action below) and answers the ms until the Graph tab
 * reports a drawing of at least `nodes` nodes, two frames later (painted), with the canvas's own
 * layout-and-draw ms.
 */
async function timed(browser, action, arg, nodes) {
  return browser.executeAsync((view, action, arg, nodes, done) => {
    const size = () => document.querySelector(`${view} [aria-label="Graph size"]`);
    const was = size()?.dataset.drawnMs ?? null;
    let finished = false;
    const check = () => {
      const s = size();
      if (finished || !s || s.dataset.drawnMs === '' || s.dataset.drawnMs === was || Number(s.dataset.nodes) < nodes) return;
      finished = true;
      observer.disconnect();
      const canvasMs = Number(s.dataset.drawnMs);
      // The marks the view sets (useExploration.ts): when the answer came, when drawing began.
      const mark = (name) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? null;
      const [answered, drawing] = [mark('cairn:graph:answered'), mark('cairn:graph:drawing')];
      const drawn = performance.now();
      requestAnimationFrame(() => requestAnimationFrame(() => done({
        total: performance.now() - started,
        painted: performance.now() - drawn,
        canvas: canvasMs,
        asked: answered === null ? null : answered - started,
        rendered: answered === null || drawing === null ? null : drawing - answered,
      })));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    performance.clearMarks();
    const started = performance.now();
    if (action === 'open') {
      [...document.querySelectorAll('[aria-label="Item details"] button')].find((b) => b.textContent === 'Open in graph').click();
    } else {
      const select = document.querySelector(`${view} select[aria-label="Layout"]`);
      const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
      setter.call(select, arg);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    check();
  }, GRAPH_VIEW, action, arg, nodes);
}

/**
 * In the page: pans and zooms the drawing for `frames` frames (a step each frame, as a drag or a
 * wheel would) at `zoom` (null: as fitted) and answers each frame's interval in ms.
 */
async function frameTimes(browser, frames, zoom) {
  return browser.executeAsync((view, frames, zoom, done) => {
    const cy = document.querySelector(`${view} .graph-canvas`).cy;
    if (zoom !== null) cy.zoom({ level: zoom, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
    const times = [];
    let last = null;
    let i = 0;
    const step = (now) => {
      if (last !== null) times.push(now - last);
      last = now;
      if (i >= frames) return done(times);
      const phase = Math.floor(i / 30) % 4;
      if (phase === 0) cy.panBy({ x: 6, y: 3 });
      else if (phase === 1) cy.zoom({ level: cy.zoom() * 1.01, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
      else if (phase === 2) cy.panBy({ x: -6, y: -3 });
      else cy.zoom({ level: cy.zoom() / 1.01, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
      i++;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }, GRAPH_VIEW, frames, zoom);
}

async function main() {
  const driver = await startDriver();
  try {
    const dataDir = freshDataDir('graph-bench');
    const wide = path.join(dataDir, 'wide.json');
    writeWidePackage(wide, 1000);
    importPackages(dataDir, 'Bench', wide);
    const opens = [], asked = [], rendered = [], drawnOnOpen = [], painted = [], canvas = { layered: [], concentric: [], force: [] }, fitted = [], reading = [];
    for (let run = 0; run < RUNS; run++) {
      const browser = await launch(driver, dataDir);
      await browser.setTimeout({ script: 180_000 });
      await waitForTree(browser);
      await openFramework(browser, WIDE_TITLE);
      await select(browser, 'WIDE');
      await browser.waitUntil(() => browser.execute(() => [...document.querySelectorAll('[aria-label="Item details"] button')]
        .some((b) => b.textContent === 'Open in graph')), { timeout: 20_000, timeoutMsg: 'no Open in graph in the item panel' });
      const opened = await timed(browser, 'open', null, NODES);
      opens.push(opened.total);
      canvas.layered.push(opened.canvas);
      if (opened.asked !== null) asked.push(opened.asked);
      if (opened.rendered !== null) rendered.push(opened.rendered);
      painted.push(opened.painted);
      drawnOnOpen.push(opened.canvas);
      const state = await graphViewState(browser);
      if (state.nodes.length < NODES) throw new Error(`only ${state.nodes.length} nodes drawn`);
      for (const layout of ['concentric', 'force', 'layered']) {
        const t = await timed(browser, 'layout', layout, NODES);
        canvas[layout].push(t.canvas);
      }
      fitted.push(...(await frameTimes(browser, 240, null)));
      reading.push(...(await frameTimes(browser, 240, 1)));
      await browser.deleteSession();
    }
    const ms = (x) => `${Math.round(x)} ms`;
    const frames = (xs) => `median ${median(xs).toFixed(1)} ms, longest ${Math.max(...xs).toFixed(1)} ms, ${xs.filter((x) => x > 32).length} of ${xs.length} over 32 ms`;
    const rows = [
      [`Open a ${NODES}-node graph in the Graph tab: asked, laid out (layered), drawn`, '≤ 300 ms', ms(median(opens)), opens.length],
      [`  of which: asked and answered (relation_graph, depth 1, ${NODES} nodes)`, '—', ms(median(asked)), asked.length],
      ['  of which: the view rendered and the canvas made, up to the drawing', '—', ms(median(rendered)), rendered.length],
      ['  of which: laid out and drawn (the canvas\'s own time, the next row)', '—', ms(median(drawnOnOpen)), drawnOnOpen.length],
      ['  of which: the drawing painted on screen (two frames after the canvas drew)', '—', ms(median(painted)), painted.length],
      [`Layered layout of ${NODES} nodes and draw (in the canvas)`, '≤ 300 ms', ms(median(canvas.layered)), canvas.layered.length],
      [`Concentric layout of ${NODES} nodes and draw`, '≤ 300 ms', ms(median(canvas.concentric)), canvas.concentric.length],
      [`Force-directed (cose) layout of ${NODES} nodes and draw`, '—', ms(median(canvas.force)), canvas.force.length],
      [`Pan and zoom frames, ${NODES} nodes fitted (labels left out)`, 'none over 32 ms', frames(fitted), fitted.length],
      [`Pan and zoom frames, ${NODES} nodes at zoom 1 (labels drawn)`, 'none over 32 ms', frames(reading), reading.length],
    ];
    printTable(rows);
  } finally {
    await driver.stop();
  }
}

await main();
