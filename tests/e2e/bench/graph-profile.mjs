// Where the full-size graph's time goes, by WebKit's sampling profiler (lib/inspector.mjs): the
// graph-bench's 500-node graph opened ("Open in graph" until the part in view is drawn), then,
// with `gestures`, 120 frames of panning and zooming it at zoom 1. Prints the functions most
// often on the stack. Needs a debug build (developer extras); for names, build the UI without
// minifying first (`npx vite build --minify false` in ui/, then `cargo build -p cairn-app
// --features tauri/custom-protocol`). Usage: node tests/e2e/bench/graph-profile.mjs [gestures]
// under xvfb-run, with CAIRN_APP_BIN and CAIRN_CLI_BIN set.

import path from 'node:path';
import { appBinary, freshDataDir } from '../lib/app.mjs';
import { importPackages, writeWidePackage } from '../lib/data.mjs';
import { GRAPH_VIEW, panAndZoomInPage } from '../lib/graphView.mjs';
import { inspectApp, printProfile } from '../lib/inspector.mjs';

const dataDir = freshDataDir('graph-profile');
const wide = path.join(dataDir, 'wide.json');
writeWidePackage(wide, 1000);
importPackages(dataDir, 'Bench', wide);
const page = await inspectApp(appBinary, dataDir, 9300 + Math.floor(Math.random() * 600));
try {
  const button = (text) => `[...document.querySelectorAll('[aria-label="Item details"] button')].find((b) => b.textContent === ${JSON.stringify(text)})`;
  await page.until(`document.querySelectorAll('[role="treeitem"]').length > 0`, 'the tree');
  await page.evaluate(`[...document.querySelectorAll('[aria-label="Frameworks"] button.fw-entry')].find((b) => b.querySelector('.fw-title')?.textContent === 'Bench: one wide node').click()`);
  await page.until(`[...document.querySelectorAll('[role="treeitem"] .code')].some((c) => c.textContent === 'WIDE')`, 'the wide node');
  await page.evaluate(`[...document.querySelectorAll('[role="treeitem"]')].find((r) => r.querySelector('.code')?.textContent === 'WIDE').querySelector('.statement').click()`);
  await page.until(`${button('Open in graph')} !== undefined`, 'Open in graph');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const opening = await page.profile(async () => {
    await page.evaluate(`performance.clearMarks(); window.__clicked = performance.now(); ${button('Open in graph')}.click()`);
    await page.until(`performance.getEntriesByName('cairn:graph:in-view').length > 0`, 'the part in view drawn');
  });
  const marks = await page.evaluate(`performance.getEntriesByType('mark').map((m) => m.name + ' ' + Math.round(m.startTime - window.__clicked) + ' ms').join(', ')`);
  console.log(`Open in graph (from the click: ${marks})`);
  printProfile(opening);
  if (process.argv[2] === 'gestures') {
    await page.until(`(() => { const s = document.querySelector('${GRAPH_VIEW} [aria-label="Graph size"]'); return s && s.dataset.drawnMs !== '' && Number(s.dataset.nodes) >= 500; })()`, 'every node drawn', 120_000);
    const gestures = await page.profile(async () => {
      await page.evaluate(`window.__frames = null; (${panAndZoomInPage})(${JSON.stringify(GRAPH_VIEW)}, 120, 1, (times) => { window.__frames = times; })`);
      await page.until('window.__frames !== null', 'the gestures', 120_000);
    });
    const frames = await page.evaluate('window.__frames');
    console.log(`\nPan and zoom at zoom 1: frames over 32 ms: ${frames.filter((t) => t > 32).map((t) => Math.round(t)).join(', ')}`);
    printProfile(gestures);
  }
} finally {
  page.close();
}
