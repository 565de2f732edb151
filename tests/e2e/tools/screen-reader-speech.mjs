// What Orca says in the real window: the system's Orca screen reader (Debian 12: `apt-get install
// orca`, orca 43.1) run on the window's AT-SPI bus, its debug log read after each key, and each
// "SPEECH OUTPUT" printed under the step that caused it. Five journeys by keyboard: the framework
// tree (Tab to it, arrows, expand, Enter, back up), the rosters (a class, a student, back),
// a class's gradebook (Tab into the grid, arrows, a score typed, two flags), the Graph tab (the
// selected item opened in the graph, arrows along its associations, N, P, Enter) and the Map tab
// (arrows between segments, Space to zoom). Not a test: it prints
// for a person to read. Under each step it prints too what has the focus in the page, what has it
// for a new AT-SPI client (`atspi-focus.py`: no cache, unlike a screen reader running all along)
// and what the page's live regions announced, so a wrong or missing utterance can be told apart.
//
// It needs Orca, xdotool and the system Python (python3-pyatspi, Orca's own), and nothing of a
// desktop: a D-Bus session bus and AT-SPI bus of its own (as `screen-reader-session.mjs`; here
// with GSettings in memory and the XDG folders in the run's temporary folder, so that nothing is
// written to the home folder), Orca with its default settings (a preferences folder of its own)
// through `orca-speech.py`, which writes Orca's debug log line by line and sends the speech to no
// synthesizer. The keys go to the window through X (`xdotool`, the window given the X input focus:
// Xvfb runs no window manager), as a person's would, so Orca sees them too. WebDriver reads the
// page, waits for it, and takes the focus off before a journey that starts from the page's top (as
// `specs/keyboard-journey.test.mjs` does). No other Orca may run for this user (Orca would not
// start). A run takes about five minutes.
//
//   cd tests/e2e && xvfb-run -a --server-args="-screen 0 1280x800x24" \
//     node tools/screen-reader-speech.mjs [JOURNEYS] > screen-reader-speech.txt
//
// JOURNEYS: some of tree,rosters,gradebook,graph,map, comma-separated (all by default); graph
// and map need tree, which opens the framework and selects an item.
//
// SPEECH_LOG=path keeps Orca's debug log there (else it goes with the run's temporary folder).

import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freshDataDir, launch, startDriver } from '../lib/app.mjs';
import { currentFramework, waitForTree } from '../lib/explorer.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MATHS = 'Cairn Demo Mathematics';
const GRID = '[role="grid"][aria-label^="Results of"]';
const JOURNEYS = ['tree', 'rosters', 'gradebook', 'graph', 'map'];
const journeys = new Set(process.argv[2]?.split(',') ?? JOURNEYS);
for (const j of journeys) if (!JOURNEYS.includes(j)) throw new Error(`no journey "${j}": one of ${JOURNEYS.join(', ')}`);
if ((journeys.has('graph') || journeys.has('map')) && !journeys.has('tree')) throw new Error('graph and map need tree');
const VIEWS = '[role="tablist"][aria-label="Framework views"]';

/**
 * A session bus of our own, and the AT-SPI bus on it, leaving nothing in the home folder: the
 * services the bus starts (dconf, the portals, a keyring) get XDG folders under `dir`, and every
 * process here GSettings in memory (at-spi-bus-launcher would write toolkit-accessibility to the
 * user's dconf) and `dir`'s runtime folder (AT-SPI's sockets would go into ~/.cache).
 */
async function accessibilityBus(dir) {
  for (const sub of ['runtime', 'data', 'config', 'cache']) mkdirSync(path.join(dir, sub), { mode: 0o700 });
  const own = { XDG_RUNTIME_DIR: path.join(dir, 'runtime'), GSETTINGS_BACKEND: 'memory' };
  const services = { ...process.env, ...own, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_CACHE_HOME: path.join(dir, 'cache') };
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address'], { env: services, stdio: ['ignore', 'pipe', 'inherit'] });
  const address = await new Promise((resolve) => readline.createInterface({ input: bus.stdout }).once('line', resolve));
  const app = { ...own, DBUS_SESSION_BUS_ADDRESS: address.trim() };
  const env = { ...process.env, ...app };
  const launcher = spawn('/usr/libexec/at-spi-bus-launcher', ['--launch-immediately'], { env, stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1500));
  return { env, app, stop: () => { launcher.kill(); bus.kill(); } };
}

/**
 * Orca's debug log, read as it grows: `take()` answers the utterances logged since the last call.
 * A log entry starts at the line's start; its text's own line breaks come indented by 18 spaces.
 */
function speechLog(file) {
  let offset = 0;
  let partial = '';
  let entry = null;
  const utterances = [];
  const finish = () => {
    if (entry === null) return;
    const at = entry.indexOf("SPEECH OUTPUT: '");
    if (at >= 0) {
      const rest = entry.slice(at + "SPEECH OUTPUT: '".length);
      const m = /^([\s\S]*?)'(?: voice=\w+)?\s?\{[\s\S]*\}\s*$/.exec(rest);
      utterances.push(m ? m[1] : rest);
    }
    entry = null;
  };
  const read = () => {
    let size;
    try { size = statSync(file).size; } catch { return; }
    if (size <= offset) return;
    const buffer = Buffer.alloc(size - offset);
    const fd = openSync(file, 'r');
    readSync(fd, buffer, 0, buffer.length, offset);
    closeSync(fd);
    offset = size;
    const lines = (partial + buffer.toString('utf8')).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (line.startsWith(' '.repeat(18)) && entry !== null) entry += `\n${line.slice(18)}`;
      else { finish(); entry = line; }
    }
  };
  return {
    /** Reads what was written; answers how many utterances are complete so far. */
    poll() { read(); return utterances.length; },
    /** The utterances not taken yet (the last one only once a later entry has begun). */
    take() { read(); return utterances.splice(0); },
    /** Whether `text` was spoken (and not taken yet). */
    has(text) { read(); return utterances.some((u) => u.includes(text)); },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until Orca's log has stopped growing for `quiet` ms (Orca has worked through the events
 * the key caused: a new view can keep it busy for seconds), at least `least` ms, `most` at most.
 */
async function settle(file, { least = 1500, quiet = 1200, most = 30_000 } = {}) {
  const size = () => { try { return statSync(file).size; } catch { return 0; } };
  const started = Date.now();
  let last = size();
  let changed = started;
  for (;;) {
    await sleep(150);
    const now = Date.now();
    const n = size();
    if (n !== last) { last = n; changed = now; }
    if ((now - started >= least && now - changed >= quiet) || now - started >= most) return;
  }
}

/** What has the focus in the page: its role and name (the grid's active cell when the grid has it). */
const focused = (browser) => browser.execute(() => {
  let el = document.activeElement;
  if (!el || el === document.body) return 'nothing (the page)';
  const id = el.getAttribute('aria-activedescendant');
  const active = id ? document.getElementById(id) : null;
  const describe = (e) => {
    const role = e.getAttribute('role') ?? e.tagName.toLowerCase();
    const labelledby = e.getAttribute('aria-labelledby');
    const name = e.getAttribute('aria-label')
      ?? (labelledby ? labelledby.split(/\s+/).map((x) => document.getElementById(x)?.textContent ?? '').join(' ') : null)
      ?? e.textContent;
    return `${role} "${name.replace(/\s+/g, ' ').trim().slice(0, 100)}"`;
  };
  return active ? `${describe(el)}, active: ${describe(active)}` : describe(el);
});

const show = (utterances) => utterances.map((u) => `    "${u.replace(/\n/g, '\\n')}"`).join('\n') || '    (nothing)';

if (spawnSyncOk('pgrep', ['-u', String(process.getuid()), '-x', 'orca'])) {
  throw new Error('an Orca already runs for this user; Orca would not start a second one');
}
const work = mkdtempSync(path.join(os.tmpdir(), 'cairn-orca-'));
const bus = await accessibilityBus(work);
const logFile = process.env.SPEECH_LOG ?? path.join(work, 'orca-debug.log');
const orca = spawn('/usr/bin/python3', [path.join(here, 'orca-speech.py'), logFile, '--user-prefs', path.join(work, 'prefs')], {
  env: bus.env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const log = speechLog(logFile);
let driver;
let browser;

function spawnSyncOk(command, args) {
  try { execFileSync(command, args, { stdio: 'ignore' }); return true; } catch { return false; }
}

/** Presses `keys` (xdotool's names: Down, Return, alt+Left...) in the focused X window. */
function press(...keys) {
  execFileSync('xdotool', ['key', '--delay', '60', ...keys]);
}

/** Types `text` in the focused X window. */
function type(text) {
  execFileSync('xdotool', ['type', '--delay', '60', text]);
}

/** What the page's live regions said since the last call (recorded in the page as they change). */
const announced = (browser) => browser.execute(() => {
  if (!window.__announced) {
    window.__announced = [];
    const last = new Map();
    const observer = new MutationObserver(() => {
      for (const region of document.querySelectorAll('[data-announcer]')) {
        const text = region.textContent.trim();
        if (text && last.get(region) !== text) window.__announced.push(`${region.dataset.announcer}: ${text}`);
        last.set(region, text);
      }
    });
    for (const region of document.querySelectorAll('[data-announcer]')) observer.observe(region, { childList: true, subtree: true, characterData: true });
  }
  return window.__announced.splice(0);
});

/** What has the focus as a new AT-SPI client reads it (`atspi-focus.py`). */
function atspiFocus() {
  try {
    return execFileSync('/usr/bin/python3', [path.join(here, 'atspi-focus.py')], { env: bus.env, encoding: 'utf8', timeout: 60_000 }).trim();
  } catch (error) {
    return `(not read: ${String(error.message ?? error).split('\n')[0]})`;
  }
}

/**
 * One step: `act` (keys pressed, text typed), Orca let finish, then the heading, the page's focus,
 * the AT-SPI focus, what the page announced and what Orca said.
 */
async function step(title, act, options) {
  if (act !== null) log.take();
  await announced(browser);
  const keys = typeof act === 'string' ? act : act?.join(' ');
  if (Array.isArray(act)) press(...act);
  else if (typeof act === 'string') type(act);
  await settle(logFile, options);
  console.log(`\n### ${title}\n`);
  if (keys) console.log(`  ${Array.isArray(act) ? 'keys' : 'typed'}: ${keys}`);
  console.log(`  focus in the page: ${await focused(browser)}`);
  console.log(`  focus in AT-SPI:   ${atspiFocus()}`);
  const said = await announced(browser);
  if (said.length) console.log(`  the page announced: ${said.map((a) => `"${a}"`).join(', ')}`);
  console.log('  Orca said:');
  console.log(show(log.take()));
}

/**
 * Presses Tab (or `key`: shift+Tab) until the focused element matches `selector` (and holds
 * `text`); prints each stop's speech.
 */
async function tabTo(title, selector, text = null, most = 150, key = 'Tab') {
  console.log(`\n### ${title}\n`);
  log.take();
  const at = () => browser.execute((sel, t) => {
    const el = document.activeElement;
    return Boolean(el?.matches(sel) && (t === null || el.textContent.replace(/\s+/g, ' ').includes(t)));
  }, selector, text);
  for (let i = 1; i <= most; i += 1) {
    press(key);
    await settle(logFile, { least: 400, quiet: 600 });
    const hit = await at();
    const said = log.take();
    console.log(`  ${key} ${i}: ${said.length ? said.map((u) => `"${u.replace(/\n/g, '\\n')}"`).join(' ') : '(nothing)'}`);
    if (hit) {
      console.log(`  focus in the page: ${await focused(browser)}`);
      return;
    }
  }
  throw new Error(`${key} never reached ${title}`);
}

try {
  await new Promise((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const check = setInterval(() => {
      if (log.has('Screen reader on')) { clearInterval(check); resolve(); }
      else if (orca.exitCode !== null || Date.now() > deadline) { clearInterval(check); reject(new Error(`Orca did not start (see ${logFile})`)); }
    }, 200);
  });
  console.log(`Orca ${execFileSync('orca', ['--version'], { encoding: 'utf8' }).trim()}, its debug log: ${logFile}`);
  driver = await startDriver({ ...bus.app, NO_AT_BRIDGE: '0' });
  browser = await launch(driver, freshDataDir('screen-reader-speech'));
  await waitForTree(browser, 120_000);
  await settle(logFile, { least: 3000, quiet: 2000, most: 20_000 });
  // The window takes the X input focus (what a window manager gives the window it raises).
  const windows = execFileSync('xdotool', ['search', '--onlyvisible', '--name', '^Cairn$'], { encoding: 'utf8' }).trim().split('\n');
  execFileSync('xdotool', ['windowfocus', '--sync', windows[windows.length - 1]]);
  await browser.execute(() => document.activeElement?.blur?.());
  await step('The window opens (the built-in sandbox starts, the first framework shows)', null, { least: 1500 });

  // (a) The framework tree.
  if (journeys.has('tree')) {
    await tabTo(`Tab to ${MATHS} in the framework list`, 'button.fw-entry', MATHS);
    await step(`Enter: ${MATHS} opens`, ['Return'], { least: 2500 });
    if ((await currentFramework(browser)) !== MATHS) throw new Error(`${MATHS} did not open`);
    await tabTo('Tab to the framework tree', '[role="tree"][aria-label="Framework tree"] [role="treeitem"]');
    await step('Down: the next row', ['Down']);
    await step('Down: the next row', ['Down']);
    await step('Down: the next row', ['Down']);
    await step('Right: the row expands', ['Right']);
    await step('Down: its first child', ['Down']);
    await step('Down: the next child', ['Down']);
    await step('Enter: the row is selected, the item panel shows it', ['Return']);
    await step('Left: to the parent row', ['Left']);
    await step('Left: the parent collapses', ['Left']);
  }

  // (b) The rosters: a class, a student, back.
  if (journeys.has('rosters')) {
    await browser.execute(() => document.activeElement?.blur?.());
    await tabTo('Tab (from the page\'s start) to Rosters in the rail', 'nav[aria-label="Areas"] button[aria-label="Rosters"]');
    await step('Enter: the Rosters area', ['Return'], { least: 2500 });
    await tabTo('Tab to a class in the classes table', '[role="table"][aria-label="Classes"] [role="row"] button.link');
    await step('Enter: the class\'s page', ['Return'], { least: 2500 });
    await tabTo('Tab to a student of the class', 'article[aria-label^="Class "] section[aria-label="Students"] button.link');
    await step('Enter: the student\'s page', ['Return'], { least: 2500 });
    await tabTo('Shift+Tab to Back', 'section[aria-label="Roster record"] button[aria-label="Back"]', null, 20, 'shift+Tab');
    await step('Enter: back to the class', ['Return'], { least: 2500 });
  }

  // (c) The class's gradebook.
  if (journeys.has('gradebook')) {
    await tabTo('Tab to Open gradebook', 'article[aria-label^="Class "] button', 'Open gradebook');
    await step('Enter: the gradebook opens', ['Return'], { least: 3000 });
    await browser.waitUntil(() => browser.execute((g) => document.querySelector(`${g} .gb-cell[data-student]`) !== null, GRID), { timeout: 20_000, timeoutMsg: 'the gradebook did not open' });
    await tabTo('Tab into the results grid', GRID, null, 300);
    await step('Down: the next student', ['Down']);
    await step('Right: the next line item', ['Right']);
    await step('Right: the next line item', ['Right']);
    await step('Left: back', ['Left']);
    const max = await browser.execute((g) => {
      const cell = document.getElementById(document.querySelector(g).getAttribute('aria-activedescendant'));
      const li = cell?.getAttribute('data-line-item');
      return Number(document.querySelector(`[role="columnheader"][data-line-item="${li}"] .gb-colmeta`)?.textContent.replace('/', '') ?? '0');
    }, GRID);
    // A score of two digits, the second one of Orca's heading keys (1 to 6) when the range allows.
    const score = String(max >= 85 ? 85 : Math.max(0, max - 1));
    await step(`Typing ${score}: the cell is edited`, score);
    await step('Enter: the score is saved, the next student\'s cell', ['Return'], { least: 2500 });
    await step('Up: back to the scored cell', ['Up']);
    await step('M: the cell flagged missing', ['m']);
    await step('L: the cell flagged late', ['l']);
    // Orca+Z (Orca's key: Insert) turns Orca's single-letter keys off; the letters reach the page.
    await step('Insert+Z: Orca\'s structural navigation keys off', ['Insert+z']);
    await step('M: the cell flagged missing', ['m']);
    await step('Insert+Z: Orca\'s structural navigation keys on again', ['Insert+z']);
  }

  // (d) The Graph tab: the item selected in (a) opened in the graph, moved along its associations.
  if (journeys.has('graph')) {
    if (journeys.has('rosters') || journeys.has('gradebook')) {
      await browser.execute(() => document.activeElement?.blur?.());
      await tabTo('Tab (from the page\'s start) to Frameworks in the rail', 'nav[aria-label="Areas"] button[aria-label="Frameworks"]');
      await step('Enter: the Frameworks area, as it was left', ['Return'], { least: 2500 });
    }
    await browser.execute(() => document.activeElement?.blur?.());
    await tabTo('Tab to Open in graph in the item panel', 'button.link', 'Open in graph');
    await step('Enter: the Graph tab opens on the item', ['Return'], { least: 3000 });
    await tabTo('Tab to the graph\'s drawing', '.graph-canvas[role="listbox"]', null, 60);
    await step('Down: along an association', ['Down']);
    await step('Right: along an association', ['Right']);
    await step('N: the next node', ['n']);
    await step('N: the next node', ['n']);
    await step('P: the previous node', ['p']);
    await step('A: the node\'s associations read', ['a']);
    await step('Insert+Z: Orca\'s structural navigation keys off', ['Insert+z']);
    await step('P: the previous node', ['p']);
    await step('A: the node\'s associations read', ['a']);
    await step('Insert+Z: Orca\'s structural navigation keys on again', ['Insert+z']);
    await step('Enter: the node grows', ['Return'], { least: 2500 });
    await step('Home: back to the start', ['Home']);
  }

  // (e) The Map tab: the framework's segments by arrows.
  if (journeys.has('map')) {
    await browser.execute(() => document.activeElement?.blur?.());
    await tabTo('Tab to the selected view\'s tab', `${VIEWS} [role="tab"][aria-selected="true"]`);
    await step('Right: the next view\'s tab', ['Right'], { least: 2000 });
    if (!(await browser.execute((v) => document.activeElement?.closest(v) !== null && document.activeElement.textContent === 'Map', VIEWS))) {
      await step('Right: the next view\'s tab', ['Right'], { least: 2000 });
    }
    await tabTo('Tab to the map\'s drawing', '.map-drawing[role="tree"]', null, 60);
    await step('Right: into the first segment\'s children', ['Right']);
    await step('Down: the next segment', ['Down']);
    await step('Down: the next segment', ['Down']);
    await step('Up: the previous segment', ['Up']);
    await step('Space: zoomed in', ['space'], { least: 2000 });
    await step('Left: to the parent segment', ['Left']);
  }
} finally {
  await browser?.deleteSession().catch(() => {});
  await driver?.stop();
  orca.kill('SIGINT');
  await Promise.race([new Promise((r) => orca.once('exit', r)), sleep(5000)]);
  if (orca.exitCode === null && orca.signalCode === null) orca.kill('SIGKILL');
  bus.stop();
  rmSync(work, { recursive: true, force: true });
}
