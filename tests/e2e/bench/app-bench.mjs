// The app's performance in the real window (release build, under Xvfb, through tauri-driver):
// launch with a warm cache, first launch, opening the 20,000-item state framework, expanding a
// node of 1,000 children, search per keystroke, the longest frame while scrolling the fully
// expanded state tree, a 200-node relationship graph drawn and laid out, the crosswalk of two
// 20,000-item frameworks, a keystroke in the gradebook grid to painted, and memory afterwards.
// Prints a Markdown table of medians.
// Run with `scripts/bench-app.sh [RUNS]`; CAIRN_BENCH_ONLY=gradebook stops after the first
// launches and the gradebook's keystrokes (a few minutes instead of the state-scale sync).

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { median } from '../lib/bench.mjs';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { importPackages, syncDemoFrameworks, writeCrosswalkPair, writeWidePackage } from '../lib/data.mjs';
import { openFramework, waitForTree } from '../lib/explorer.mjs';
import { choose, drawnGraph, showView } from '../lib/relations.mjs';
import { openFirstGradebook } from '../lib/gradebook.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const STATE_TITLE = 'Cairn Demo Mathematics';
const STATE_CONNECTION = 'State demo';
const WIDE_TITLE = 'Bench: one wide node';
const ROW = '[role="tree"][aria-label="Framework tree"] [role="treeitem"]';


/** In the page: resolves with Date.now() once a tree row is on screen (after two frames). */
async function paintedAt(browser) {
  return browser.executeAsync((row, done) => {
    const settle = () => requestAnimationFrame(() => requestAnimationFrame(() => done(Date.now())));
    if (document.querySelector(row)) return settle();
    new MutationObserver((_, observer) => {
      if (document.querySelector(row)) { observer.disconnect(); settle(); }
    }).observe(document.body, { childList: true, subtree: true });
  }, ROW);
}

/**
 * When the newest `cairn-app` process started (ms since the epoch, to the kernel's 10 ms tick):
 * now, less its age — the system's uptime less its start in clock ticks after boot
 * (/proc/PID/stat, field 22).
 */
function appStartedAt() {
  const pid = execFileSync('pgrep', ['-n', '-x', 'cairn-app'], { encoding: 'utf8' }).trim();
  const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const startedAfterBoot = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) / hz;
  const now = Date.now();
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return now - (uptime - startedAfterBoot) * 1000;
}

/**
 * Launches the app on `dataDir`; answers the browser and the ms from the app's process starting
 * to a painted tree (the driver's own session set-up before it is not the app's).
 */
async function timedLaunch(driver, dataDir) {
  const browser = await launch(driver, dataDir);
  await browser.setTimeout({ script: 180_000 });
  const painted = await paintedAt(browser);
  return { browser, ms: painted - appStartedAt() };
}

/** In the page: clicks the entry `title` of `group` in the sidebar; times it to the tree painted. */
async function timedOpen(browser, group, title) {
  // The framework list may still be loading when the restored tree has painted.
  await browser.waitUntil(() => browser.execute((group, wanted) => {
    const list = [...document.querySelectorAll('[aria-label="Frameworks"] ul')].find((u) => u.getAttribute('aria-label') === group);
    return Boolean(list && [...list.querySelectorAll('button.fw-entry .fw-title')].some((t) => t.textContent === wanted));
  }, group, title), { timeout: 30_000, timeoutMsg: `no framework "${title}" under ${group} in the list` });
  return browser.executeAsync((group, wanted, row, done) => {
    const list = [...document.querySelectorAll('[aria-label="Frameworks"] ul')].find((u) => u.getAttribute('aria-label') === group);
    const entry = [...list.querySelectorAll('button.fw-entry')]
      .find((b) => b.querySelector('.fw-title')?.textContent === wanted);
    const tree = () => document.querySelector('[role="tree"][aria-label="Framework tree"]');
    const before = tree();
    const started = performance.now();
    entry.click();
    const check = () => {
      const current = document.querySelector('[aria-label="Frameworks"] [aria-current="true"] .fw-title')?.textContent;
      if (current === wanted && tree() && tree() !== before && document.querySelector(row)) {
        requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - started)));
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  }, group, title, ROW);
}

/** In the page: expands the row with `code` by its twisty and times it to its children painted. */
async function timedExpand(browser, code, firstChild) {
  return browser.executeAsync((code, child, row, done) => {
    const byCode = (c) => [...document.querySelectorAll(row)].find((r) => r.querySelector('.code')?.textContent === c);
    const started = performance.now();
    byCode(code).querySelector('.vtree-twisty').click();
    const check = () => {
      if (byCode(code)?.getAttribute('aria-expanded') === 'true' && byCode(child)) {
        requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - started)));
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  }, code, firstChild, ROW);
}

/** In the page: the `search` command's round trip for each prefix of `word`, as typed. */
async function timedSearches(browser, word) {
  return browser.executeAsync(async (word, done) => {
    const { invoke, transformCallback } = window.__TAURI_INTERNALS__;
    // A progress channel, as @tauri-apps/api's Channel hands it to a command.
    const onProgress = `__CHANNEL__:${transformCallback(() => {})}`;
    const times = [];
    for (let i = 1; i <= word.length; i++) {
      const started = performance.now();
      await invoke('search', { query: word.slice(0, i), limit: 50, onProgress });
      times.push(performance.now() - started);
    }
    done(times);
  }, word);
}

/** In the page: types `word` into the search box, timing each keystroke to its results painted. */
async function timedTyping(browser, word) {
  return browser.executeAsync(async (word, done) => {
    const box = document.querySelector('[aria-label="Search frameworks"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const results = () => document.querySelector('[role="listbox"][aria-label="Search results"]');
    const times = [];
    box.focus();
    for (let i = 3; i <= word.length; i++) {
      const query = word.slice(0, i);
      const started = performance.now();
      setValue.call(box, query);
      box.dispatchEvent(new Event('input', { bubbles: true }));
      // The list says it is busy until it shows the answer to exactly what is typed now.
      await new Promise((resolve) => {
        const check = () => {
          if (results()?.getAttribute('aria-busy') === 'false') requestAnimationFrame(() => resolve());
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      times.push(performance.now() - started);
    }
    setValue.call(box, '');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    done(times);
  }, word);
}

/**
 * In the page: keystrokes in the gradebook grid, each timed to painted — the first starts the
 * cell's editor, the next ones type into it, Escape leaves the cell as it was.
 */
async function timedGridTyping(browser, samples) {
  return browser.executeAsync(async (samples, done) => {
    const grid = document.querySelector('[role="grid"][aria-label^="Results of"]');
    // The next paint: a frame callback runs just before the frame is painted, and a task it
    // queues runs just after (two frame callbacks would count a whole extra frame).
    const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const times = [];
    // Typing opens an editor only once the window knows it may write (the token's scopes).
    for (let waited = 0; grid.getAttribute('aria-readonly') !== 'false' && waited < 20_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    grid.focus();
    while (times.length < samples) {
      let started = performance.now();
      grid.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true, cancelable: true }));
      await painted();
      times.push(performance.now() - started);
      const input = grid.querySelector('input.gb-editor');
      for (const text of ['12', '12.', '12.5']) {
        started = performance.now();
        setValue.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await painted();
        times.push(performance.now() - started);
      }
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      await painted();
    }
    done(times);
  }, samples);
}

/** In the page: scrolls the tree from top to bottom, a screenful a frame; the longest frame. */
async function longestScrollFrame(browser) {
  return browser.executeAsync((done) => {
    const tree = document.querySelector('[role="tree"][aria-label="Framework tree"]');
    tree.scrollTop = 0;
    let last = performance.now();
    let longest = 0;
    let frames = 0;
    const step = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      frames++;
      if (tree.scrollTop + tree.clientHeight >= tree.scrollHeight - 1 || frames > 5000) return done({ longest, frames });
      tree.scrollTop += tree.clientHeight;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(() => { last = performance.now(); requestAnimationFrame(step); });
  });
}

/**
 * Memory (MB) of the app's process and of its web view's processes (its children), as the
 * proportional set size: each page counted once across them, shared libraries (WebKit's is
 * mapped by the app and by the web view) split between the processes that map them — what the
 * app costs the machine, where the resident size counted those libraries twice.
 */
function memoryMb() {
  const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim().split('\n').map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, ...comm]) => ({ pid, ppid, comm: comm.join(' ') }));
  const app = ps.filter((p) => p.comm === 'cairn-app');
  const ids = new Set(app.map((p) => p.pid));
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of ps) if (ids.has(p.ppid) && !ids.has(p.pid)) { ids.add(p.pid); grew = true; }
  }
  const pss = (p) => {
    try {
      const kb = readFileSync(`/proc/${p.pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+)/m);
      return kb ? Number(kb[1]) / 1024 : 0;
    } catch {
      return 0; // the process ended meanwhile
    }
  };
  const mb = (list) => list.reduce((sum, p) => sum + pss(p), 0);
  const all = ps.filter((p) => ids.has(p.pid));
  return { app: mb(app), webview: mb(all) - mb(app) };
}

/**
 * In the page: chooses `value` in the select named `label` (as the user's change would) and
 * answers the ms from that change to the result drawn — `{ graph: n }`: the graph of n nodes laid
 * out; `{ crosswalk: true }`: both coverages shown — two frames later (painted). Timed inside
 * the page, so WebDriver's round trips are not counted.
 */
async function timedChoice(browser, label, value, until) {
  return browser.executeAsync((label, value, until, done) => {
    const drawn = () => {
      if (until.graph) {
        const size = document.querySelector('[aria-label="Graph size"]');
        return Boolean(size) && Number(size.dataset.nodes) === until.graph && size.dataset.drawn === String(until.graph);
      }
      return document.querySelectorAll('.coverage [data-covered]').length === 2;
    };
    let finished = false;
    const check = () => {
      if (finished || !drawn()) return;
      finished = true;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - started)));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const select = document.querySelector(`select[aria-label="${label}"]`);
    const started = performance.now();
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    check();
  }, label, value, until);
}

/** Selects the state framework's first row, then times a 200-node, depth-3 graph from asking to drawn. */
async function timedGraph(browser, limit) {
  await browser.keys(['Escape']);
  await (await browser.$(ROW)).$('.statement').click();
  await drawnGraph(browser);
  await browser.$('select[aria-label="Depth"]').selectByAttribute('value', '3');
  await drawnGraph(browser);
  return timedChoice(browser, 'Most nodes', String(limit), { graph: limit });
}

/** Times the crosswalk of `from` and `to` from choosing TO to both coverages shown. */
async function timedCrosswalk(browser, from, to) {
  await showView(browser, 'Crosswalk');
  await choose(browser, 'From framework', from);
  const value = await browser.execute((t) => {
    const select = document.querySelector('select[aria-label="To framework"]');
    return [...select.options].find((o) => o.text === t || o.text.startsWith(`${t} (`) || o.text.startsWith(`${t} — `))?.value ?? null;
  }, to);
  if (value === null) throw new Error(`no option "${to}" in To framework`);
  const ms = await timedChoice(browser, 'To framework', value, { crosswalk: true });
  await showView(browser, 'Tree');
  return ms;
}

async function main() {
  const driver = await startDriver();
  const rows = [];
  try {
    // First launch: fresh folders, the built-in sandbox started and synced each time.
    const first = [];
    let dataDir;
    for (let i = 0; i < Math.min(RUNS, 3); i++) {
      dataDir = freshDataDir('bench');
      const { browser, ms } = await timedLaunch(driver, dataDir);
      first.push(ms);
      await browser.pause(1500); // the session is saved
      await browser.deleteSession();
    }

    // The gradebook of a demo class: keystrokes in its grid to painted.
    const gradebook = await timedLaunch(driver, dataDir);
    await openFirstGradebook(gradebook.browser);
    const keystrokes = await timedGridTyping(gradebook.browser, 40);
    await gradebook.browser.deleteSession();
    rows.push(['Keystroke in the gradebook grid to painted', '≤ 16 ms', `${median(keystrokes).toFixed(1)} ms`, keystrokes.length]);
    rows.push(['First launch: sandbox start, sync, painted tree', '≤ 5 s', `${Math.round(median(first))} ms`, first.length]);
    if (process.env.CAIRN_BENCH_ONLY === 'gradebook') {
      printTable(rows);
      return;
    }

    // The state-scale framework and a node of 1,000 children join the last folder's cache.
    process.stderr.write('bench: serving the state-scale demo and syncing its frameworks…\n');
    await syncDemoFrameworks(dataDir, STATE_CONNECTION, 'state');
    const wide = path.join(dataDir, 'wide.json');
    writeWidePackage(wide, 1000);
    importPackages(dataDir, 'Bench', wide);
    const [pairA, pairB] = [path.join(dataDir, 'crosswalk-a.json'), path.join(dataDir, 'crosswalk-b.json')];
    const pair = writeCrosswalkPair(pairA, pairB, 20_000);
    importPackages(dataDir, 'Bench', pairA, pairB);

    const warm = [], open = [], reopen = [], expand = [], commands = [], typing = [], graphs = [], crosswalks = [];
    let browser;
    for (let i = 0; i < RUNS; i++) {
      const launched = await timedLaunch(driver, dataDir);
      browser = launched.browser;
      warm.push(launched.ms);
      await waitForTree(browser);
      open.push(await timedOpen(browser, STATE_CONNECTION, STATE_TITLE));
      await openFramework(browser, WIDE_TITLE);
      expand.push(await timedExpand(browser, 'WIDE', 'WIDE.1'));
      reopen.push(await timedOpen(browser, STATE_CONNECTION, STATE_TITLE));
      commands.push(...await timedSearches(browser, 'conservation'));
      typing.push(...await timedTyping(browser, 'conservation'));
      graphs.push(await timedGraph(browser, 200));
      crosswalks.push(await timedCrosswalk(browser, pair.a, pair.b));
      // The next launch restores a small framework, so the state one is opened cold again.
      await openFramework(browser, 'ordering');
      await browser.pause(1500);
      await browser.deleteSession();
    }

    // Scrolling and memory in a launch of their own, so that what the runs above opened (two
    // more 20,000-item frameworks, their crosswalk, a graph) is not counted: the state framework
    // opened, everything below its roots expanded, scrolled top to bottom.
    browser = (await timedLaunch(driver, dataDir)).browser;
    await waitForTree(browser);
    await timedOpen(browser, STATE_CONNECTION, STATE_TITLE);
    // Everything below the state framework's roots expanded, then scrolled top to bottom.
    const firstRow = await browser.$(ROW);
    await firstRow.click();
    await browser.keys(['*']);
    await browser.waitUntil(async () => browser.execute(() => {
      const space = document.querySelector('[role="tree"][aria-label="Framework tree"] .vtree-space');
      const row = document.querySelector('[role="tree"][aria-label="Framework tree"] [role="treeitem"]');
      return space && row && space.getBoundingClientRect().height / row.getBoundingClientRect().height > 19_000;
    }), { timeout: 60_000, interval: 200, timeoutMsg: 'the state tree did not expand to 19,000 rows' });
    const scroll = [];
    for (let i = 0; i < 3; i++) scroll.push((await longestScrollFrame(browser)).longest);
    await screenshot(browser, 'bench-state-expanded');
    // What stays once the scrolling's garbage is collected (a measure taken at once catches
    // the collector's high-water mark, which it gives back within seconds).
    await browser.pause(5000);
    const memory = memoryMb();
    await browser.deleteSession();

    const ms = (x) => `${Math.round(x)} ms`;
    rows.push(['Launch to a painted tree, warm cache', '≤ 1 s', ms(median(warm)), warm.length]);
    rows.push(['Open the 20,000-item state framework (first time in the process)', '≤ 300 ms', ms(median(open)), open.length]);
    rows.push(['Open it again (graph already built)', '—', ms(median(reopen)), reopen.length]);
    rows.push(['Expand a node of 1,000 children to painted', '≤ 100 ms', ms(median(expand)), expand.length]);
    rows.push(['Search command per keystroke, every cached framework', '≤ 50 ms', ms(median(commands)), commands.length]);
    rows.push(['Keystroke to results painted (search box)', '—', ms(median(typing)), typing.length]);
    rows.push(['Graph of a 200-node neighbourhood drawn and laid out', '≤ 300 ms', ms(median(graphs)), graphs.length]);
    rows.push(['Crosswalk of two 20,000-item frameworks computed and shown', '≤ 1 s', ms(median(crosswalks)), crosswalks.length]);
    rows.push(['Longest frame scrolling the expanded 20,000-item tree', '≤ 50 ms', ms(median(scroll)), scroll.length]);
    rows.push(['Memory after that (proportional set size): app and web view', '≤ 500 MB', `${Math.round(memory.app + memory.webview)} MB (app ${Math.round(memory.app)}, web view ${Math.round(memory.webview)})`, 1]);
    printTable(rows);
  } finally {
    await driver.stop();
  }
}

function printTable(rows) {
  console.log('| Measure | Target | Median | Samples |');
  console.log('|---|---|---|---|');
  for (const [what, target, value, n] of rows) console.log(`| ${what} | ${target} | ${value} | ${n} |`);
}

await main();
