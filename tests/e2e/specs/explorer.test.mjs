// The framework explorer in the real window: first launch on the built-in sandbox, the tree in
// sequenceNumber order, expanding, selecting, searching, and a restart with the sandbox stopped.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { bundledPackage, childCodes } from '../lib/case.mjs';
import {
  associationsText, currentFramework, expand, itemPanelText, openFramework, rowByCode, search, select, treeRows,
  waitForTree,
} from '../lib/explorer.mjs';

const ordering = bundledPackage('opensalt-ordering-sequence-numbers.json');
let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

test('first launch, the explorer, and a restart offline', async () => {
  const dataDir = freshDataDir('explorer');
  let browser = await launch(driver, dataDir);
  try {
    // First launch: the built-in sandbox is started and synced, and the demo framework opens.
    await waitForTree(browser, 120_000);
    assert.match(await currentFramework(browser), /^Cairn Demo Mathematics/);
    await screenshot(browser, 'first-launch');

    // The first level is in sequenceNumber order (ties by code), as the package file says.
    await openFramework(browser, 'ordering');
    const top = (await treeRows(browser)).filter((r) => r.level === 1).map((r) => r.code);
    assert.deepEqual(top, childCodes(ordering, null));

    // Expanding a node shows its children, in their order, right below it.
    await expand(browser, 'H.A.SCI.CSC');
    const rows = await treeRows(browser);
    const at = rows.findIndex((r) => r.code === 'H.A.SCI.CSC');
    const below = rows.slice(at + 1).filter((r) => r.level === 2).map((r) => r.code);
    assert.deepEqual(below, childCodes(ordering, 'H.A.SCI.CSC'));

    // Selecting an item shows its fields and its associations.
    await select(browser, 'H.A.SCI.CSC.CE');
    const panel = await itemPanelText(browser);
    assert.match(panel, /fullStatement/);
    assert.match(panel, /identifier/);
    assert.match(await associationsText(browser), /isChildOf/i);
    await screenshot(browser, 'item-selected');

    // A word of a deep item's statement finds it; Enter opens it in its tree, path expanded.
    const options = await search(browser, 'anthropocentric');
    assert.equal(options.length, 1, options.join('\n'));
    assert.match(options[0], /H\.A\.SCI\.CSC\.C\.CE\.L1\.1/);
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => (await treeRows(browser)).some((r) => r.selected && r.code === 'H.A.SCI.CSC.C.CE.L1.1'), {
      timeout: 10_000,
      timeoutMsg: 'the search result was not selected in its tree',
    });
    const path = (await treeRows(browser)).filter((r) => r.expanded === 'true').map((r) => r.code);
    for (const code of ['H.A.SCI.CSC', 'H.A.SCI.CSC.C', 'H.A.SCI.CSC.C.CE', 'H.A.SCI.CSC.C.CE.L1']) {
      assert.ok(path.includes(code), `${code} is expanded: ${path}`);
    }
    assert.ok(await (await rowByCode(browser, 'H.A.SCI.CSC.C.CE.L1.1')).isDisplayed({ withinViewport: true }));
    await screenshot(browser, 'search-opened');
    // Let the debounced session save land before the window closes.
    await browser.pause(1500);
  } finally {
    await browser.deleteSession();
  }

  // A restart opens the cache at once: same framework, same selection; the sandbox stays stopped.
  browser = await launch(driver, dataDir);
  try {
    await waitForTree(browser, 20_000);
    // The sidebar may mark it a moment after the tree paints (the relations panel loads too).
    await browser.waitUntil(async () => (await currentFramework(browser)) === 'ordering', {
      timeout: 5_000,
      timeoutMsg: 'the sidebar did not mark the restored framework',
    });
    await browser.waitUntil(async () => (await treeRows(browser)).some((r) => r.selected && r.code === 'H.A.SCI.CSC.C.CE.L1.1'), {
      timeout: 10_000,
      timeoutMsg: 'the selection was not restored',
    });
    assert.match(await itemPanelText(browser), /anthropocentric/);
    await screenshot(browser, 'restarted');
  } finally {
    await browser.deleteSession();
  }
  const log = readFileSync(path.join(dataDir, 'logs', 'Cairn.log'), 'utf8');
  assert.equal(log.match(/built-in sandbox started/g)?.length, 1, log);
});
