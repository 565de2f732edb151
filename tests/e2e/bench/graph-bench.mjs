// The full-size graph's performance in the real window (under Xvfb, through tauri-driver): a
// 500-node graph (a node of 1,000 children opened in the Graph tab, cut at 500) asked, laid out
// and drawn — the part in view painted, then every node on the canvas; each layout's time to do
// the same for those 500 nodes; and the frames while the user pans (a mouse drag) and zooms (the
// wheel), fitted and at zoom 1, beside the frames of the same view left still (the control: what
// the machine costs a frame on its own). Timed inside the page. Prints a Markdown table of medians.
// Run with `scripts/bench-graph.sh [RUNS]`.

import { rmSync } from 'node:fs';
import path from 'node:path';
import { median, printTable } from '../lib/bench.mjs';
import { freshDataDir, launch, startDriver } from '../lib/app.mjs';
import { importPackages, writeWidePackage } from '../lib/data.mjs';
import { openFramework, select, waitForTree } from '../lib/explorer.mjs';
import { GRAPH_VIEW, graphViewState, idleFramesInPage, paintedFramesInPage, panAndZoomInPage } from '../lib/graphView.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const WIDE_TITLE = 'Bench: one wide node';
const NODES = 500;


/**
 * In the page: runs `action` (the name of one below) and answers when the part of the drawing in
 * view was drawn (the canvas's `cairn:graph:in-view` mark, set as cytoscape's frame that draws it
 * ends) and when the Graph tab reports every one of at least `nodes` nodes drawn (then two
 * frames: painted), in ms from the click, with the canvas's own ms and the view's marks.
 */
async function timed(browser, action, arg, nodes) {
  return browser.executeAsync((view, action, arg, nodes, done) => {
    const size = () => document.querySelector(`${view} [aria-label="Graph size"]`);
    const mark = (name) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? null;
    const was = size()?.dataset.drawnMs ?? null;
    let finished = false;
    const check = () => {
      const s = size();
      if (finished || !s || s.dataset.drawnMs === '' || s.dataset.drawnMs === was || Number(s.dataset.nodes) < nodes) return;
      finished = true;
      observer.disconnect();
      const canvasMs = Number(s.dataset.drawnMs);
      const drawn = performance.now();
      const answer = () => {
        // The marks the view sets (useExploration.ts): when the answer came, when drawing began.
        const [answered, drawing, inView] = [mark('cairn:graph:answered'), mark('cairn:graph:drawing'), mark('cairn:graph:in-view')];
        if (inView === null) return requestAnimationFrame(answer); // every node was in view: its frame is still to come
        requestAnimationFrame(() => requestAnimationFrame(() => done({
          inView: inView - started,
          total: Math.max(performance.now(), inView) - started,
          painted: performance.now() - drawn,
          canvas: canvasMs,
          asked: answered === null ? null : answered - started,
          rendered: answered === null || drawing === null ? null : drawing - answered,
          inViewFromDrawing: drawing === null ? null : inView - drawing,
        })));
      };
      answer();
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
 * Where the frames over 32 ms of `times` (runs of 240 frames from `panAndZoomInPage`) fall: each
 * counted by its gesture (drag, wheel, alternately, 30 frames each) and its frame in it — the
 * first frame of a gesture is the one that draws cytoscape's bitmap of the view, a drag's end is
 * the next gesture's first frame, a wheel's some frames after it stops.
 */
function overs(times) {
  const counts = new Map();
  times.forEach((ms, k) => {
    if (ms <= 32) return;
    const at = k % 240;
    const place = `${Math.floor(at / 30) % 2 === 0 ? 'drag' : 'wheel'} ${at % 30}`;
    counts.set(place, (counts.get(place) ?? 0) + 1);
  });
  return [...counts].sort((a, b) => b[1] - a[1]).map(([place, n]) => `${place}: ${n}`).join(', ') || 'none';
}

/** The frames of `frames` frames of panning and zooming at `zoom` (null: fitted), in ms. */
function frameTimes(browser, frames, zoom) {
  return browser.executeAsync(panAndZoomInPage, GRAPH_VIEW, frames, zoom);
}

async function main() {
  const driver = await startDriver();
  try {
    const dataDir = freshDataDir('graph-bench');
    const wide = path.join(dataDir, 'wide.json');
    writeWidePackage(wide, 1000);
    importPackages(dataDir, 'Bench', wide);
    const opens = [], inView = [], asked = [], rendered = [], inViewDrawn = [];
    const layouts = { layered: { inView: [], all: [] }, concentric: { inView: [], all: [] }, force: { inView: [], all: [] } };
    const fitted = [], reading = [], idle = [], painted = [];
    for (let run = 0; run < RUNS; run++) {
      // Every run opens as the first did: no saved session restoring the last run's graph.
      rmSync(path.join(dataDir, 'session.json'), { force: true });
      const browser = await launch(driver, dataDir);
      await browser.setTimeout({ script: 180_000 });
      await waitForTree(browser);
      await openFramework(browser, WIDE_TITLE);
      await select(browser, 'WIDE');
      await browser.waitUntil(() => browser.execute(() => [...document.querySelectorAll('[aria-label="Item details"] button')]
        .some((b) => b.textContent === 'Open in graph')), { timeout: 20_000, timeoutMsg: 'no Open in graph in the item panel' });
      const opened = await timed(browser, 'open', null, NODES);
      opens.push(opened.total);
      if (opened.inView !== null) inView.push(opened.inView);
      if (opened.asked !== null) asked.push(opened.asked);
      if (opened.rendered !== null) rendered.push(opened.rendered);
      if (opened.inViewFromDrawing !== null) inViewDrawn.push(opened.inViewFromDrawing);
      layouts.layered.all.push(opened.canvas);
      const state = await graphViewState(browser);
      if (state.nodes.length < NODES) throw new Error(`only ${state.nodes.length} nodes drawn`);
      for (const layout of ['concentric', 'force', 'layered']) {
        const t = await timed(browser, 'layout', layout, NODES);
        if (t.inView !== null) layouts[layout].inView.push(t.inView);
        if (layout !== 'layered') layouts[layout].all.push(t.canvas);
      }
      fitted.push(...(await frameTimes(browser, 240, null)));
      reading.push(...(await frameTimes(browser, 240, 1)));
      idle.push(...(await browser.executeAsync(idleFramesInPage, 480)));
      painted.push(...(await browser.executeAsync(paintedFramesInPage, GRAPH_VIEW, 480)));
      await browser.deleteSession();
    }
    const ms = (xs) => (xs.length ? `${Math.round(median(xs))} ms` : '—');
    const frames = (xs) => `median ${median(xs).toFixed(1)} ms, longest ${Math.max(...xs).toFixed(1)} ms, ${xs.filter((x) => x > 32).length} of ${xs.length} over 32 ms`;
    const rows = [
      [`Open a ${NODES}-node graph in the Graph tab: asked, laid out (layered), the part in view drawn`, '≤ 300 ms', ms(inView), inView.length],
      [`  of which: asked and answered (relation_graph, depth 1, ${NODES} nodes)`, '—', ms(asked), asked.length],
      ['  of which: the view rendered and the canvas made, up to the drawing', '—', ms(rendered), rendered.length],
      ['  of which: laid out, the part in view drawn (cytoscape\'s next frame)', '—', ms(inViewDrawn), inViewDrawn.length],
      [`  then every one of the ${NODES} nodes on the canvas, painted`, '—', ms(opens), opens.length],
      [`Concentric layout of ${NODES} nodes (switched to): the part in view drawn`, '≤ 300 ms', ms(layouts.concentric.inView), layouts.concentric.inView.length],
      [`Force-directed (cose) layout of ${NODES} nodes: the part in view drawn`, '—', ms(layouts.force.inView), layouts.force.inView.length],
      [`Layered layout of ${NODES} nodes (switched back to): the part in view drawn`, '≤ 300 ms', ms(layouts.layered.inView), layouts.layered.inView.length],
      [`Every node on the canvas, in the canvas's own time: layered (on opening), concentric, cose`, '—', `${ms(layouts.layered.all)}, ${ms(layouts.concentric.all)}, ${ms(layouts.force.all)}`, layouts.layered.all.length],
      [`Pan (mouse drag) and zoom (wheel) frames, ${NODES} nodes fitted (labels too small to draw)`, 'none over 32 ms', frames(fitted), fitted.length],
      [`Pan (mouse drag) and zoom (wheel) frames, ${NODES} nodes at zoom 1 (labels drawn)`, 'none over 32 ms', frames(reading), reading.length],
      [`The control: frames of the same view with nothing to draw (no gesture), the machine's own stalls`, '—', frames(idle), idle.length],
      [`The control: frames of a canvas of the drawing's size copying a bitmap of it, shifted each frame (no cytoscape)`, '—', frames(painted), painted.length],
    ];
    printTable(rows);
    console.log(`\nFrames over 32 ms by where they fall (gesture, frame of its 30): fitted ${overs(fitted)}; at zoom 1 ${overs(reading)}`);
  } finally {
    await driver.stop();
  }
}

await main();
