// The framework map in the real window: the demo's Mathematics opened in the Map tab, its first
// level the tree's first level in order, each segment as tall as its subtree (the tree's counts);
// coloured by item type (the legend's categories counted), by alignment to the Spanish edition
// (its translations make items aligned); the keyboard moving into a segment and zooming on it;
// Enter opening it in the tree; by change since another version (a hand-made framework's two
// imported versions); axe in three themes.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { freshDataDir, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { auditThemes } from '../lib/axe.mjs';
import { importPackages, syncDemoFrameworks } from '../lib/data.mjs';
import { openFramework, treeRows } from '../lib/explorer.mjs';
import { choose, openFrameworkOf, showView } from '../lib/relations.mjs';

const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';
const MAP = 'section[aria-label="Framework map"]';
const fixture = (name) => path.join(root, 'tests', 'e2e', 'fixtures', name);

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** The map's drawn segments once it has drawn (each with its place in px). */
async function segments(browser, until = (s) => s.length > 0) {
  let found = [];
  await browser.waitUntil(async () => {
    found = await browser.execute((map) => document.querySelector(`${map} canvas`)?.mapSegments?.() ?? [], MAP);
    return until(found);
  }, { timeout: 30_000, interval: 200, timeoutMsg: 'the map never drew what was awaited' });
  return found;
}

/** The legend's entries as [name, count]. */
async function legend(browser) {
  return browser.execute((map) => [...document.querySelectorAll(`${map} .map-legend li`)].map((li) => {
    const m = /^(.*) \(([\d,]+)\)$/.exec(li.textContent.trim());
    return m ? [m[1], Number(m[2].replace(/,/g, ''))] : [li.textContent, NaN];
  }), MAP);
}

test('the Map tab: the tree\'s first level sized by its subtrees, colours, keyboard, open in the tree, axe', async () => {
  const dataDir = freshDataDir('framework-map');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  importPackages(dataDir, 'Version 1', fixture('versions-v1.json'));
  importPackages(dataDir, 'Version 2', fixture('versions-v2.json'));
  const browser = await launch(driver, dataDir);
  const findings = [];
  try {
    await openFramework(browser, MATHS);
    const roots = await browser.execute(() => [...document.querySelectorAll('[role="tree"][aria-label="Framework tree"] [role="treeitem"][aria-level="1"]')]
      .map((row) => ({ code: row.querySelector('.code')?.textContent ?? '', count: Number((row.querySelector('.count')?.textContent ?? '0').replace(/,/g, '')) })));
    assert.ok(roots.length > 1, 'the tree has a first level');

    await showView(browser, 'Map');
    const drawn = await segments(browser);
    const top = drawn.filter((s) => s.depth === 1);
    assert.deepEqual(top.map((s) => s.code ?? ''), roots.map((r) => r.code), 'the first level is the tree\'s, in order');
    assert.deepEqual(top.map((s) => s.descendants), roots.map((r) => r.count), 'each sized by the tree\'s subtree count');
    // Heights in proportion to the rows each holds (itself and below).
    const unit = top[0].height / (top[0].descendants + 1);
    for (const s of top) assert.ok(Math.abs(s.height - unit * (s.descendants + 1)) < 1, `${s.code}: ${s.height}px`);
    const drawnMs = Number(await browser.execute((map) => document.querySelector(`${map} [aria-label="Map size"]`).dataset.drawnMs, MAP));
    console.log(`map drawn in ${drawnMs} ms (${drawn.length} segments)`);

    // Item types: the demo's grades, domains, clusters and standards, each counted.
    const types = await legend(browser);
    assert.ok(types.filter(([name]) => name !== 'None').length >= 3, `item types in the legend: ${JSON.stringify(types)}`);
    assert.ok(drawn.some((s) => s.depth > 0 && s.slot !== null), 'items coloured by their type');
    // Hovering a segment (the real pointer, moved over it) shows its item in a tip.
    const hovered = top[Math.min(1, top.length - 1)];
    const at = await browser.execute((map, h) => {
      const box = document.querySelector(`${map} canvas`).getBoundingClientRect();
      return { x: Math.round(box.left + h.x + h.width / 2), y: Math.round(box.top + h.y + h.height / 2) };
    }, MAP, hovered);
    await browser.action('pointer').move({ x: at.x, y: at.y, origin: 'viewport' }).perform();
    let tip = '';
    await browser.waitUntil(async () => (tip = await browser.execute((map) => document.querySelector(`${map} .map-tip`)?.textContent ?? '', MAP)) !== '', {
      timeout: 5_000, timeoutMsg: 'no tip over the hovered segment',
    });
    assert.ok(tip.startsWith(`${hovered.code} `) && tip.includes(`${hovered.descendants} items below`), `the tip: ${tip}`);
    await screenshot(browser, 'framework-map');
    await browser.execute((map) => { document.querySelector(`${map} [role="tree"]`).focus(); }, MAP);
    findings.push(...(await auditThemes(browser, 'framework map')));

    // Alignment to the Spanish edition: its translations make items aligned.
    await choose(browser, 'Colour by', 'Alignment to another framework');
    await choose(browser, 'Aligned to', SPANISH);
    await browser.waitUntil(async () => (await legend(browser)).some(([name, n]) => name === 'Aligned' && n > 0), {
      timeout: 30_000, timeoutMsg: 'no item aligned to the Spanish edition',
    });

    // The keyboard: into the first segment of the first level, zoom on it, open it in the tree.
    await browser.execute((map) => document.querySelector(`${map} [role="tree"]`).focus(), MAP);
    await browser.keys('ArrowRight');
    const selectedId = () => browser.execute((map) => document.querySelector(`${map} [role="tree"]`).dataset.selected, MAP);
    await browser.waitUntil(async () => (await selectedId()) === top[0].identifier, { timeout: 5_000, timeoutMsg: 'ArrowRight did not select the first segment' });
    // The segment read out: the tree's active descendant, a tree item at level 2.
    const said = await browser.execute((map) => {
      const tree = document.querySelector(`${map} [role="tree"]`);
      const item = document.getElementById(tree.getAttribute('aria-activedescendant'));
      return { name: item?.getAttribute('aria-label') ?? '', role: item?.getAttribute('role'), level: item?.getAttribute('aria-level') };
    }, MAP);
    assert.ok(said.name.startsWith(`${top[0].code} `) && said.name.includes(`${top[0].descendants} items below`), `read: ${said.name}`);
    assert.deepEqual([said.role, said.level], ['treeitem', '2']);
    await browser.keys(' ');
    // Zoomed: the segment alone in the first column, the view's whole height.
    const height = await browser.execute((map) => document.querySelector(`${map} canvas`).clientHeight, MAP);
    const zoomed = await segments(browser, (s) => s.some((x) => x.depth === 1 && x.x === 0 && Math.abs(x.height - height) < 1));
    assert.equal(zoomed.filter((s) => s.depth === 1).length, 1, 'zoomed on the first segment alone');
    assert.ok(zoomed.some((s) => s.depth === 2), 'its children drawn beside it');
    await screenshot(browser, 'framework-map-zoomed');
    await browser.keys('Enter');
    await browser.waitUntil(async () => (await treeRows(browser)).some((r) => r.selected && r.code === top[0].code), {
      timeout: 10_000, timeoutMsg: 'Enter did not open the segment in the tree',
    });

    // Change since another version: the hand-made framework's second version against its first
    // (V.4 added, V.1.a moved, V.1 changed; V.2's lastChangeDateTime alone changed).
    await openFrameworkOf(browser, 'Version 2', 'Cairn Versions Sample');
    await showView(browser, 'Map');
    await segments(browser);
    await choose(browser, 'Colour by', 'Change since another version');
    await choose(browser, 'Since', 'Cairn Versions Sample (1.0)');
    await browser.waitUntil(async () => (await legend(browser)).some(([name]) => name === 'Added'), {
      timeout: 30_000, timeoutMsg: 'the map was not coloured by change',
    });
    assert.deepEqual(await legend(browser), [['Added', 1], ['Moved', 1], ['Changed', 1], ['Unchanged', 1]]);
  } finally {
    if (findings.length > 0) console.error(`axe found:\n${findings.join('\n')}`);
    await browser.deleteSession();
  }
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
});
