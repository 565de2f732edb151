// The crosswalk side by side in the real window: the demo's Mathematics and its Spanish edition
// (linked by translations) chosen in the Crosswalk tab, its "Side by side" view: at level 1 every
// pair drawn once (bundled where two share the first-level rows that show them); opened to level 4, one link per
// pair, as many as `cairn crosswalk --json` reports; a click on a link shows its pair; axe in
// three themes.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cairn, freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { auditThemes } from '../lib/axe.mjs';
import { cacheFile, syncDemoFrameworks } from '../lib/data.mjs';
import { clickText } from '../lib/dom.mjs';
import { openFramework } from '../lib/explorer.mjs';
import { choose, showView } from '../lib/relations.mjs';

const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';
const VISUAL = '.xwalk-visual';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** The links drawn, once `until` holds for them. */
async function links(browser, until) {
  let found = [];
  await browser.waitUntil(async () => {
    found = await browser.execute((view) => document.querySelector(`${view} canvas`)?.crosswalkLinks?.() ?? null, VISUAL);
    return found !== null && until(found);
  }, { timeout: 30_000, interval: 200, timeoutMsg: 'the links never showed what was awaited' });
  return found;
}

test('the crosswalk side by side: bundled at level 1, one link per pair opened, a click shows the pair, axe', async () => {
  const dataDir = freshDataDir('crosswalk-visual');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  const browser = await launch(driver, dataDir);
  const findings = [];
  try {
    await openFramework(browser, MATHS);
    await showView(browser, 'Crosswalk');
    await choose(browser, 'From framework', MATHS);
    await choose(browser, 'To framework', SPANISH);
    await browser.$('table[aria-label="Crosswalk pairs"]').waitForExist({ timeout: 30_000 });
    const [fromKey, toKey] = await browser.execute(() => ['From framework', 'To framework']
      .map((l) => JSON.parse(document.querySelector(`select[aria-label="${l}"]`).value)));
    const cli = JSON.parse(cairn('crosswalk', '--db', cacheFile(dataDir), '--from', `${fromKey[0]}:${fromKey[1]}`,
      '--to', `${toKey[0]}:${toKey[1]}`, '--json'));
    assert.ok(cli.pairs > 1, 'the two frameworks are linked by several pairs');

    await clickText(browser, '[role="tablist"][aria-label="Crosswalk views"] [role="tab"]', 'Side by side');
    // Level 1: every pair in one link (bundled where two share the rows that show them).
    const bundled = await links(browser, (ls) => ls.length > 0);
    assert.equal(bundled.reduce((n, l) => n + l.pairs, 0), cli.pairs, 'every pair drawn once');
    assert.ok(bundled.length <= cli.pairs);
    await screenshot(browser, 'crosswalk-visual');
    findings.push(...(await auditThemes(browser, 'crosswalk side by side')));

    // Opened to level 4: one link per pair.
    await choose(browser, 'Open to level', '4');
    const single = await links(browser, (ls) => ls.length === cli.pairs);
    assert.ok(single.every((l) => l.pairs === 1));
    const status = await browser.$(`${VISUAL} [aria-label="Links drawn"]`).getText();
    assert.match(status, new RegExp(`drawn as ${cli.pairs} links`));

    // A click on a link in view (at the canvas's middle, where the curve is half way) shows its
    // pair; clicked in the page, at the link's point.
    const height = await browser.execute((view) => document.querySelector(`${view} canvas`).clientHeight, VISUAL);
    const target = single.find((l) => (l.y0 + l.y1) / 2 > 10 && (l.y0 + l.y1) / 2 < height - 10);
    assert.ok(target, 'a link in view');
    await browser.execute((view, y) => {
      const canvas = document.querySelector(`${view} canvas`);
      const box = canvas.getBoundingClientRect();
      canvas.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left + box.width / 2, clientY: box.top + y }));
    }, VISUAL, (target.y0 + target.y1) / 2);
    await browser.$('[aria-label="Selected pair"]').waitForExist({ timeout: 10_000, timeoutMsg: 'the click did not show the pair' });
  } finally {
    if (findings.length > 0) console.error(`axe found:\n${findings.join('\n')}`);
    await browser.deleteSession();
  }
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
});
