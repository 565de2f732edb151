// What a screen reader is given: the real window's AT-SPI accessibility tree (the interface Orca
// reads on Linux), dumped for the framework tree, the item panel, the gradebook's grid and a
// dialog. Not a test: it needs the system Python with python3-pyatspi (/usr/bin/python3) and
// prints for a person to read. A session of its own D-Bus bus and AT-SPI bus, the app driven
// through WebDriver as the tests do, `atspi-dump.py` run at each stop.
//
//   cd tests/e2e && xvfb-run -a --server-args="-screen 0 1280x800x24" \
//     node tools/screen-reader-session.mjs > screen-reader-session.txt

import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freshDataDir, launch, startDriver } from '../lib/app.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { expand, openFramework, select, treeRows, waitForTree } from '../lib/explorer.mjs';
import { waitFor } from '../lib/gradebook.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DUMP = path.join(here, 'atspi-dump.py');

/** A session bus of our own, and the AT-SPI bus on it. */
async function accessibilityBus() {
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = await new Promise((resolve) => readline.createInterface({ input: bus.stdout }).once('line', resolve));
  const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: address.trim() };
  const launcher = spawn('/usr/libexec/at-spi-bus-launcher', ['--launch-immediately'], { env, stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1500));
  return { env, stop: () => { launcher.kill(); bus.kill(); } };
}

/** Prints the AT-SPI subtree under the first node of `role` whose name holds `name`. */
function dump(env, title, role, name, depth = 6, limit = 60) {
  console.log(`\n### ${title}\n`);
  console.log(execFileSync('/usr/bin/python3', [DUMP, role, name, String(depth), String(limit)], { env, encoding: 'utf8', timeout: 120_000 }));
}

const bus = await accessibilityBus();
const driver = await startDriver({ DBUS_SESSION_BUS_ADDRESS: bus.env.DBUS_SESSION_BUS_ADDRESS, NO_AT_BRIDGE: '0' });
const browser = await launch(driver, freshDataDir('screen-reader'));
try {
  await waitForTree(browser, 120_000);
  await openFramework(browser, 'Cairn Demo Mathematics');
  const top = (await treeRows(browser)).find((r) => r.level === 1 && r.expanded === 'false');
  await expand(browser, top.code);
  const second = (await treeRows(browser)).find((r) => r.level === 2);
  await select(browser, second.code);
  dump(bus.env, 'The framework tree (a top row expanded, a second-level row selected)', 'tree', 'Framework tree', 3, 12);
  dump(bus.env, 'The item panel', '*', 'Item details', 3, 25);

  await click(browser, 'nav[aria-label="Areas"] button[aria-label="Rosters"]');
  await click(browser, '[role="table"][aria-label="Classes"] [role="row"] button.link');
  await clickText(browser, 'article[aria-label^="Class "] button', 'Open gradebook');
  await waitFor(browser, '[role="grid"][aria-label^="Results of"] .gb-cell[data-student]');
  await browser.execute(() => document.querySelector('[role="grid"][aria-label^="Results of"]').focus());
  await browser.keys(['ArrowDown', 'ArrowRight']);
  dump(bus.env, 'The gradebook grid (focused, the second row\'s second cell active)', 'table', 'Results of', 3, 60);

  await browser.keys(['F1']);
  await waitFor(browser, '[role="dialog"][aria-label="Keyboard shortcuts"]');
  dump(bus.env, 'The shortcut sheet (a dialog)', 'dialog', 'Keyboard shortcuts', 4, 14);
  await browser.keys(['Escape']);
} finally {
  await browser.deleteSession();
  await driver.stop();
  bus.stop();
}
