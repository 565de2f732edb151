// The framework map's and the visual crosswalk's performance in the real window (under Xvfb,
// through tauri-driver): a 20,000-item framework (100 top-level items of 199 each) opened in the
// Map tab — its tree and facts asked, laid out and drawn — then zoomed on a top-level item, and
// coloured by alignment to a second 20,000-item framework linked by 10,000 pairs; then the two
// side by side in the Crosswalk tab, at level 1 and opened to level 2. Timed inside the page;
// prints a Markdown table of medians. Run with `scripts/bench-map.sh [RUNS]`.

import path from 'node:path';
import { median, printTable } from '../lib/bench.mjs';
import { freshDataDir, launch, startDriver } from '../lib/app.mjs';
import { importPackages, writeCrosswalkPair } from '../lib/data.mjs';
import { openFramework, waitForTree } from '../lib/explorer.mjs';
import { choose, showView } from '../lib/relations.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const ITEMS = 20_000;
const MAP = 'section[aria-label="Framework map"]';


/**
 * In the page: runs `action` and answers the ms until the map reports a new drawing (two frames
 * later: painted), with the canvas's own drawing ms.
 */
async function timed(browser, action, arg) {
  return browser.executeAsync((map, action, arg, done) => {
    const size = () => document.querySelector(`${map} [aria-label="Map size"]`);
    const was = size()?.dataset.drawnAt ?? null;
    let finished = false;
    const check = () => {
      const s = size();
      if (finished || !s || s.dataset.drawnMs === '') return;
      // Coloured by alignment once the legend names the aligned items.
      if (action === 'align' && !/^Aligned/.test(document.querySelector(`${map} .map-legend li`)?.textContent ?? '')) return;
      if (action !== 'align' && s.dataset.drawnAt === was) return;
      finished = true;
      observer.disconnect();
      const canvasMs = Number(s.dataset.drawnMs);
      requestAnimationFrame(() => requestAnimationFrame(() => done({ total: performance.now() - started, canvas: canvasMs })));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const started = performance.now();
    const choose = (label, value) => {
      const select = document.querySelector(`${map} select[aria-label="${label}"]`);
      const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
      setter.call(select, value);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    if (action === 'open') {
      [...document.querySelectorAll('[role="tablist"][aria-label="Framework views"] [role="tab"]')].find((t) => t.textContent === 'Map').click();
    } else if (action === 'zoom') {
      const canvas = document.querySelector(`${map} canvas`);
      canvas.focus();
      canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      requestAnimationFrame(() => canvas.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true })));
    } else {
      choose('Colour by', 'alignment');
      requestAnimationFrame(() => {
        const other = [...document.querySelectorAll(`${map} select[aria-label="Aligned to"] option`)].find((o) => o.textContent.startsWith(arg));
        choose('Aligned to', other.value);
      });
    }
    check();
  }, MAP, action, arg);
}

/**
 * In the page: the Crosswalk tab's side-by-side view. `action` "show" picks its tab (the report
 * already computed), "level" opens both trees to `arg`; answers the ms until the links drawn
 * change (two frames later: painted) and how many there are.
 */
async function timedCrosswalk(browser, action, arg) {
  return browser.executeAsync((action, arg, done) => {
    const status = () => document.querySelector('.xwalk-visual [aria-label="Links drawn"]');
    const was = status()?.dataset.links ?? null;
    let finished = false;
    const check = () => {
      const s = status();
      if (finished || !s || s.dataset.links === was || s.dataset.links === '0') return;
      finished = true;
      observer.disconnect();
      const links = Number(s.dataset.links);
      requestAnimationFrame(() => requestAnimationFrame(() => done({ total: performance.now() - started, links })));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const started = performance.now();
    if (action === 'show') {
      [...document.querySelectorAll('[role="tablist"][aria-label="Crosswalk views"] [role="tab"]')].find((t) => t.textContent === 'Side by side').click();
    } else {
      const select = document.querySelector('.xwalk-visual select[aria-label="Open to level"]');
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, String(arg));
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    check();
  }, action, arg);
}

async function main() {
  const driver = await startDriver();
  try {
    const dataDir = freshDataDir('map-bench');
    const [a, b] = [path.join(dataDir, 'a.json'), path.join(dataDir, 'b.json')];
    const titles = writeCrosswalkPair(a, b, ITEMS);
    importPackages(dataDir, 'Bench', a, b);
    const opens = [], draws = [], zooms = [], aligns = [], shows = [], levels = [];
    let linksAtTwo = 0;
    for (let run = 0; run < RUNS; run++) {
      const browser = await launch(driver, dataDir);
      await browser.setTimeout({ script: 300_000 });
      await waitForTree(browser);
      await openFramework(browser, titles.a);
      const opened = await timed(browser, 'open');
      opens.push(opened.total);
      draws.push(opened.canvas);
      zooms.push((await timed(browser, 'zoom')).total);
      aligns.push((await timed(browser, 'align', titles.b)).total);
      // The crosswalk side by side: its report computed first (not timed here: the crosswalk's
      // own bench), then the view shown at level 1 and opened to level 2.
      await showView(browser, 'Crosswalk');
      await choose(browser, 'From framework', titles.a);
      await choose(browser, 'To framework', titles.b);
      await browser.$('table[aria-label="Crosswalk pairs"]').waitForExist({ timeout: 120_000 });
      shows.push((await timedCrosswalk(browser, 'show')).total);
      const two = await timedCrosswalk(browser, 'level', 2);
      levels.push(two.total);
      linksAtTwo = two.links;
      await browser.deleteSession();
    }
    const ms = (x) => `${Math.round(x)} ms`;
    const rows = [
      [`Open a ${ITEMS.toLocaleString('en')}-item framework's map: asked, laid out, drawn`, '≤ 500 ms', ms(median(opens)), opens.length],
      [`Its drawing alone (the canvas)`, '—', ms(median(draws)), draws.length],
      ['Zoom on a top-level item (drawn)', '—', ms(median(zooms)), zooms.length],
      [`Colour by alignment to another ${ITEMS.toLocaleString('en')}-item framework (10,000 pairs)`, '—', ms(median(aligns)), aligns.length],
      ['Crosswalk side by side shown (both trees asked, level 1 drawn)', '—', ms(median(shows)), shows.length],
      [`Crosswalk side by side opened to level 2 (${linksAtTwo.toLocaleString('en')} links drawn)`, '≤ 1 s', ms(median(levels)), levels.length],
    ];
    printTable(rows);
  } finally {
    await driver.stop();
  }
}

await main();
