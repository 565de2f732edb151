// The full-size graph in the real window: a demo domain opened in the Graph tab from the item
// panel's "Open in graph" (its neighbourhood, readable labels at the default zoom), the keyboard
// moving along an edge (the edge and node announced), Enter growing the focused node (its
// neighbours added, the item panel following), the layout switched, Back returning to the graph
// as it was, the list view one key away, and axe finding nothing on the view. Then Kindergarten
// opened from its tree row's menu: its Spanish translation (held by the Spanish edition's
// package) drawn in that framework's colour band, both frameworks in the legend, the edition left
// out and brought back. The drawing exported as PNG and SVG through the system's save dialog.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { axeViolations, describeViolations } from '../lib/axe.mjs';
import { clickText } from '../lib/dom.mjs';
import { syncDemoFrameworks } from '../lib/data.mjs';
import { expand, itemPanelText, openFramework, select, treeRows } from '../lib/explorer.mjs';
import { GRAPH_VIEW, graphButton, graphViewState, pressOnGraph } from '../lib/graphView.mjs';
import { saveFileNative } from '../lib/native.mjs';
import { choose } from '../lib/relations.mjs';

const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';

/** Opens the demo framework and selects the first domain (a second-level row) of its first
 * grade: its item panel shown. Answers the domain's row. */
async function selectDomain(browser) {
  await openFramework(browser, MATHS);
  const top = (await treeRows(browser)).find((r) => r.level === 1 && r.expanded === 'false');
  await expand(browser, top.code);
  const domain = (await treeRows(browser)).find((r) => r.level === 2);
  await select(browser, domain.code);
  await browser.waitUntil(async () => (await itemPanelText(browser)).includes(domain.code), { timeout: 10_000 });
  return domain;
}

/** Waits for the Graph tab to say it saved to `file`. */
async function exportedTo(browser, file) {
  await browser.waitUntil(() => browser.execute((view) => document.querySelector(`${view} .export-message`)?.textContent ?? '', GRAPH_VIEW)
    .then((text) => text === `Saved to ${file}`), { timeout: 20_000, timeoutMsg: `the Graph tab did not save ${file}` });
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

test('the Graph tab: open, move by keyboard, grow, layouts, back, list view, axe', async () => {
  const dataDir = freshDataDir('graph-view');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  const browser = await launch(driver, dataDir);
  try {
    const domain = await selectDomain(browser);

    // "Open in graph" from the item panel: the Graph tab, the domain's neighbourhood, the domain
    // focused, labels in the style at the default zoom (code, first words, "+N more").
    await clickText(browser, '[aria-label="Item details"] button', 'Open in graph');
    const tab = await browser.$('[role="tablist"][aria-label="Framework views"] [role="tab"][aria-selected="true"]');
    assert.equal(await tab.getText(), 'Graph');
    const opened = await graphViewState(browser, (s) => s.nodes.length > 1);
    assert.equal(opened.nodes.length, opened.reported);
    const root = opened.nodes.find((n) => n.root);
    assert.ok(root.label.startsWith(domain.code), `the root's label ${JSON.stringify(root.label)}`);
    assert.ok(opened.zoom >= 0.64, `labels readable at the default zoom: ${opened.zoom}`);
    const labelShown = await browser.execute((view) => document.querySelector(`${view} .graph-surface`).cy.nodes()[0].style('label'), GRAPH_VIEW);
    assert.ok(labelShown.length > 0, 'node labels drawn at the default zoom');
    assert.ok(opened.nodes.some((n) => n.hidden > 0 && n.label.endsWith(`+${n.hidden} more`)), 'a node says how many more it has');
    await screenshot(browser, 'graph-view');

    // A drag that starts on a card pans the view, as one on the background does: cards do not
    // move, and a drag is not a click (nothing grows).
    const card = await browser.execute((view) => {
      const host = document.querySelector(`${view} .graph-surface`);
      const box = host.getBoundingClientRect();
      const node = host.cy.nodes().filter((n) => !n.data('root')).filter((n) => {
        const p = n.renderedPosition();
        return p.x > 40 && p.y > 40 && p.x < box.width - 120 && p.y < box.height - 80;
      })[0];
      const p = node.renderedPosition();
      return { id: node.id(), x: Math.round(box.left + p.x), y: Math.round(box.top + p.y), at: { ...node.position() }, pan: { ...host.cy.pan() } };
    }, GRAPH_VIEW);
    // Mid-drag the view moves as a bitmap (copied from the drawing as the drag began,
    // gestureBitmap.ts): the card is drawn where the view took it. The drag is the page's own
    // mouse events (WebDriver's pointer holds its moves until the button is released); a square
    // of 24 px of cytoscape's node layer around the card, before and mid-drag.
    const midDrag = await browser.executeAsync((view, x, y, done) => {
      const host = document.querySelector(`${view} .graph-surface`);
      const layer = host.querySelector('canvas[data-id="layer2-node"]');
      const target = host.querySelector('canvas:last-of-type');
      const around = (x, y) => {
        const box = layer.getBoundingClientRect();
        const ratio = layer.width / box.width;
        const side = Math.round(24 * ratio);
        return [...layer.getContext('2d').getImageData(Math.round((x - box.left) * ratio) - side / 2, Math.round((y - box.top) * ratio) - side / 2, side, side).data];
      };
      const mouse = (type, x, y) => (type === 'mousedown' ? target : window).dispatchEvent(new MouseEvent(type, {
        bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, buttons: type === 'mouseup' ? 0 : 1, view: window,
      }));
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      (async () => {
        const before = around(x, y);
        const pan = { ...host.cy.pan() };
        mouse('mousedown', x, y);
        for (let step = 1; step <= 3; step++) {
          mouse('mousemove', x + 10 * step, y + 7 * step);
          await frame();
        }
        await frame();
        const moved = { x: host.cy.pan().x - pan.x, y: host.cy.pan().y - pan.y };
        const during = around(x + moved.x, y + moved.y);
        mouse('mouseup', x + 30, y + 21);
        done({ drawn: before.some((v, i) => i % 4 === 3 && v > 0), moved, apart: during.reduce((sum, v, i) => sum + Math.abs(v - before[i]), 0) / during.length });
      })();
    }, GRAPH_VIEW, card.x, card.y);
    assert.ok(midDrag.drawn, 'the card is drawn under the pointer');
    assert.ok(Math.abs(midDrag.moved.x - 30) < 4 && Math.abs(midDrag.moved.y - 21) < 4, `the view moved with the drag: ${JSON.stringify(midDrag.moved)}`);
    assert.ok(midDrag.apart < 12, `mid-drag the card is drawn where the view took it (mean difference ${midDrag.apart.toFixed(1)} of 255)`);
    const card2 = await browser.execute((view, id) => {
      const host = document.querySelector(`${view} .graph-surface`);
      const box = host.getBoundingClientRect();
      const p = host.cy.getElementById(id).renderedPosition();
      return { x: Math.round(box.left + p.x), y: Math.round(box.top + p.y), pan: { ...host.cy.pan() } };
    }, GRAPH_VIEW, card.id);
    Object.assign(card, card2);
    // And WebDriver's drag, from the card where that left it.
    await browser.action('pointer', { parameters: { pointerType: 'mouse' } })
      .move({ x: card.x, y: card.y, origin: 'viewport' }).down({ button: 0 })
      .move({ x: card.x + 30, y: card.y + 20, origin: 'viewport', duration: 100 })
      .move({ x: card.x + 60, y: card.y + 40, origin: 'viewport', duration: 100 })
      .up({ button: 0 }).perform();
    const dragged = await browser.execute((view, id) => {
      const cy = document.querySelector(`${view} .graph-surface`).cy;
      return { pan: { ...cy.pan() }, at: { ...cy.getElementById(id).position() }, nodes: cy.nodes().length };
    }, GRAPH_VIEW, card.id);
    assert.ok(Math.abs(dragged.pan.x - card.pan.x - 60) < 8 && Math.abs(dragged.pan.y - card.pan.y - 40) < 8,
      `the view panned by the drag: ${JSON.stringify(card.pan)} → ${JSON.stringify(dragged.pan)}`);
    assert.deepEqual(dragged.at, card.at, 'the card stayed where the layout put it');
    assert.equal(dragged.nodes, opened.nodes.length, 'nothing grew');
    // A click on the card (where the drag left it) grows it and focuses it; − collapses it again
    // and Home returns to the start node.
    await browser.action('pointer', { parameters: { pointerType: 'mouse' } })
      .move({ x: card.x + 60, y: card.y + 40, origin: 'viewport' }).down({ button: 0 }).up({ button: 0 }).perform();
    const clicked = await graphViewState(browser, (s) => s.focus === card.id && s.nodes.find((n) => n.id === card.id)?.grown === true);
    assert.ok(clicked.nodes.length >= opened.nodes.length);
    await pressOnGraph(browser, '-', 'Home');
    await graphViewState(browser, (s) => s.focus === root.id && s.nodes.length === opened.nodes.length && !s.nodes.find((n) => n.id === card.id)?.grown);

    // The keyboard: down along an edge to a child of the domain, the edge and node read out.
    await pressOnGraph(browser, 'ArrowDown');
    const moved = await graphViewState(browser, (s) => s.focus && s.focus !== root.id);
    const child = moved.nodes.find((n) => n.id === moved.focus);
    assert.ok(moved.edges.some((e) => (e.source === child.id && e.target === root.id) || (e.source === root.id && e.target === child.id)),
      'the focus moved along an edge');
    assert.match(moved.part.description, /^By .*isChildOf/);
    assert.ok(moved.part.name.startsWith(child.label.split('\n')[0]), `read: ${moved.part.name}`);

    // Enter grows it: its neighbours join the graph, the item panel follows.
    const before = moved.nodes.length;
    await pressOnGraph(browser, 'Enter');
    const grown = await graphViewState(browser, (s) => s.nodes.find((n) => n.id === child.id)?.grown === true);
    if (child.hidden > 0) assert.ok(grown.nodes.length > before, `grown from ${before} to ${grown.nodes.length}`);
    const childCode = child.label.split('\n')[0];
    await browser.waitUntil(async () => (await itemPanelText(browser)).includes(childCode), {
      timeout: 10_000, timeoutMsg: `the item panel did not follow to ${childCode}`,
    });
    await screenshot(browser, 'graph-view-grown');

    // Another layout: concentric around the focused node, which stands in the middle.
    await choose(browser, 'Layout', 'Concentric around the focus');
    // The focused node in the middle: its neighbours on the first ring, all as far from it.
    const ringed = await graphViewState(browser, (s) => {
      const at = new Map(s.nodes.map((n) => [n.id, n]));
      const focused = at.get(child.id);
      const around = s.edges.flatMap((e) => (e.source === child.id ? [e.target] : e.target === child.id ? [e.source] : []));
      const radii = around.map((id) => Math.hypot(at.get(id).x - focused.x, at.get(id).y - focused.y));
      return radii.length >= 2 && Math.max(...radii) - Math.min(...radii) < 1 && Math.min(...radii) > 0;
    });
    assert.equal(ringed.nodes.length, grown.nodes.length);
    await screenshot(browser, 'graph-view-concentric');

    // Back: the graph as it was before the grow.
    await graphButton(browser, '← Back');
    const back = await graphViewState(browser, (s) => s.nodes.length === before);
    assert.equal(back.nodes.find((n) => n.id === child.id).grown, false);
    await graphButton(browser, 'Forward →');
    await graphViewState(browser, (s) => s.nodes.length === grown.nodes.length);

    // The list view, one key away: every node listed, its associations under it.
    await pressOnGraph(browser, 'l');
    const listed = await graphViewState(browser, (s) => s.listItems !== null);
    assert.equal(listed.listItems, grown.nodes.length);

    const violations = await axeViolations(browser);
    assert.equal(violations.length, 0, `axe found in the list view:\n${describeViolations('graph list view', violations)}`);
    await graphButton(browser, 'List view');
    await graphViewState(browser, (s) => s.nodes.length === grown.nodes.length);
    const drawing = await axeViolations(browser);
    assert.equal(drawing.length, 0, `axe found in the drawing:\n${describeViolations('graph drawing', drawing)}`);

    // Export PNG and SVG through the system's save dialog: the files written whole, the PNG a
    // picture of the drawing (at twice its size), the SVG with the nodes' codes as text.
    const png = path.join(dataDir, 'graph export.png');
    await graphButton(browser, 'PNG');
    await saveFileNative('Save as PNG', png);
    await exportedTo(browser, png);
    const bytes = readFileSync(png);
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    assert.ok(width >= 360 && height >= 144, `the PNG is ${width}×${height}`);
    const svgFile = path.join(dataDir, 'graph export.svg');
    await graphButton(browser, 'SVG');
    await saveFileNative('Save as SVG', svgFile);
    await exportedTo(browser, svgFile);
    const svg = readFileSync(svgFile, 'utf8');
    assert.match(svg, /^<\?xml [^>]*\?>\n<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const node of grown.nodes) {
      const code = node.label.split('\n')[0];
      assert.ok(svg.includes(`>${escapeXml(code)}<`), `the SVG has ${code}`);
    }
  } finally {
    await browser.deleteSession();
  }
});

test('the Graph tab across frameworks: opened from the tree\'s menu, a node of another framework banded and named, its framework left out and back', async () => {
  const dataDir = freshDataDir('graph-view-frameworks');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  const browser = await launch(driver, dataDir);
  try {
    await openFramework(browser, MATHS);
    const kindergarten = (await treeRows(browser)).find((r) => r.level === 1 && r.statement.includes('Kindergarten'));
    assert.ok(kindergarten, 'a Kindergarten row');
    await select(browser, kindergarten.code);
    // The row's menu, by its pointer button (shown on hover, so clicked in the page; WebDriver's
    // Shift+F10 ended the WebKit driver's session here): Open in graph.
    await browser.execute((code) => [...document.querySelectorAll('[role="treeitem"]')]
      .find((row) => row.querySelector('.code')?.textContent === code)?.querySelector('button.vtree-more')?.click(), kindergarten.code);
    await browser.waitUntil(() => browser.execute(() => {
      const item = [...document.querySelectorAll('[role="menuitem"]')].find((m) => m.textContent.trim() === 'Open in graph');
      item?.click();
      return Boolean(item);
    }), { timeout: 10_000, timeoutMsg: 'no "Open in graph" in the row\'s menu' });
    const bands = () => browser.execute((view) => document.querySelector(`${view} .graph-surface`).cy.nodes()
      .map((n) => ({ id: n.id(), band: n.data('band'), root: n.data('root') })), GRAPH_VIEW);
    const opened = await graphViewState(browser, (s) => s.nodes.length > 1);
    let drawn = [];
    await browser.waitUntil(async () => (drawn = await bands()).some((n) => n.band === 1), {
      timeout: 20_000, timeoutMsg: 'no node of another framework banded',
    });
    assert.equal(drawn.find((n) => n.root).band, 0, 'the start node in its framework\'s band');
    const legend = () => browser.execute((view) => [...document.querySelectorAll(`${view} fieldset.graph-frameworks label`)]
      .map((l) => l.textContent.replace(/\s+/g, ' ').trim()), GRAPH_VIEW);
    const names = await legend();
    assert.ok(names[0].startsWith(MATHS) && names.some((l) => l.startsWith(SPANISH)), `the legend: ${JSON.stringify(names)}`);
    await screenshot(browser, 'graph-view-frameworks');

    // The Spanish edition left out: its nodes go; ticked again, they are back.
    const foreign = drawn.filter((n) => n.band === 1).length;
    await clickText(browser, `${GRAPH_VIEW} fieldset.graph-frameworks label`, names.find((l) => l.startsWith(SPANISH)));
    await graphViewState(browser, (s) => s.nodes.length === opened.nodes.length - foreign);
    await clickText(browser, `${GRAPH_VIEW} fieldset.graph-frameworks label`, names.find((l) => l.startsWith(SPANISH)));
    await graphViewState(browser, (s) => s.nodes.length === opened.nodes.length);
  } finally {
    await browser.deleteSession();
  }
});

test('the Graph tab\'s tools (find, fit, minimap, remove, collapse), and the graph kept across a restart', async () => {
  const dataDir = freshDataDir('graph-view-tools');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  let browser = await launch(driver, dataDir);
  let kept;
  try {
    await selectDomain(browser);
    await clickText(browser, '[aria-label="Item details"] button', 'Open in graph');
    const opened = await graphViewState(browser, (s) => s.nodes.length > 2);
    const root = opened.nodes.find((n) => n.root);

    // The minimap is drawn beside the graph.
    const minimap = await browser.execute((view) => {
      const map = document.querySelector(`${view} canvas.graph-minimap`);
      return map ? { width: map.width, height: map.height } : null;
    }, GRAPH_VIEW);
    assert.ok(minimap && minimap.width > 0 && minimap.height > 0, `a minimap: ${JSON.stringify(minimap)}`);

    // Find: a node by its code takes the focus (one whose code begins no other's).
    const codeOf = (n) => n.label.split('\n')[0];
    const target = opened.nodes.find((n) => !n.root && !opened.nodes.some((o) => o !== n && codeOf(o).startsWith(codeOf(n))));
    assert.ok(target, `a node to find among ${opened.nodes.map(codeOf)}`);
    const code = codeOf(target);
    const find = await browser.$(`${GRAPH_VIEW} input[aria-label="Find a node in the graph"]`);
    await find.setValue(code);
    // Its Find button, clicked in the page (WebDriver's Enter in this field once ended the WebKit
    // driver's session, as its Shift+F10 does on a tree row).
    await browser.execute((view) => document.querySelector(`${view} form.graph-search button[type="submit"]`).click(), GRAPH_VIEW);
    await graphViewState(browser, (s) => s.focus === target.id);

    // Zoomed in, then fitted: every node inside the pane. The minimap keeps every node drawn
    // across the zoom's frames (its overview is drawn once and copied into each) and draws the
    // view's rectangle over it.
    const before = await minimapPixels(browser);
    assert.ok(before.nodes > 0, `the minimap draws the nodes: ${JSON.stringify(before)}`);
    await browser.execute((view) => document.querySelector(`${view} button[aria-label="Zoom in"]`).click(), GRAPH_VIEW);
    await browser.execute((view) => document.querySelector(`${view} button[aria-label="Zoom in"]`).click(), GRAPH_VIEW);
    const zoomed = await graphViewState(browser);
    await browser.pause(200); // the minimap draws in the next frame
    const after = await minimapPixels(browser);
    // The view's rectangle covers some nodes' pixels, differently at each zoom.
    assert.ok(after.nodes >= before.nodes * 0.8, `the nodes stay drawn: ${JSON.stringify({ before, after })}`);
    assert.ok(before.view || after.view, `the view's rectangle drawn: ${JSON.stringify({ before, after })}`);
    await graphButton(browser, 'Fit');
    await browser.waitUntil(() => browser.execute((view) => {
      const cy = document.querySelector(`${view} .graph-surface`).cy;
      const box = cy.elements().renderedBoundingBox();
      return box.x1 >= -1 && box.y1 >= -1 && box.x2 <= cy.width() + 1 && box.y2 <= cy.height() + 1;
    }, GRAPH_VIEW), { timeout: 10_000, timeoutMsg: 'Fit left a node outside the pane' });
    assert.ok((await graphViewState(browser)).zoom < zoomed.zoom, 'fitting zoomed out');

    // Grown, then collapsed again: the nodes it added go. Delete removes a node.
    await pressOnGraph(browser, 'Enter');
    const grown = await graphViewState(browser, (s) => s.nodes.find((n) => n.id === target.id)?.grown === true);
    await pressOnGraph(browser, '-');
    const collapsed = await graphViewState(browser, (s) => s.nodes.find((n) => n.id === target.id)?.grown === false);
    assert.equal(collapsed.nodes.length, opened.nodes.length, `collapsed from ${grown.nodes.length} back to the opened graph`);
    await pressOnGraph(browser, 'Delete');
    const removed = await graphViewState(browser, (s) => !s.nodes.some((n) => n.id === target.id));
    assert.equal(removed.nodes.length, opened.nodes.length - 1);
    assert.match(removed.part.description, /^Removed/);
    // Another node grown, kept for the restart.
    await pressOnGraph(browser, 'Home', 'n');
    const next = await graphViewState(browser, (s) => s.focus && s.focus !== root.id);
    await pressOnGraph(browser, 'Enter');
    kept = await graphViewState(browser, (s) => s.nodes.find((n) => n.id === next.focus)?.grown === true);
    await browser.pause(1_500); // the session is saved half a second after a change
  } finally {
    await browser.deleteSession();
  }

  // The next start: the Graph tab again, the same nodes, the grown node still grown.
  browser = await launch(driver, dataDir);
  try {
    await browser.waitUntil(async () => {
      const tab = await browser.$('[role="tablist"][aria-label="Framework views"] [role="tab"][aria-selected="true"]');
      return (await tab.isExisting()) && (await tab.getText()) === 'Graph';
    }, { timeout: 60_000, timeoutMsg: 'the Graph tab was not shown again' });
    const again = await graphViewState(browser, (s) => s.nodes.length === kept.nodes.length, 60_000);
    assert.deepEqual(again.nodes.map((n) => n.id).sort(), kept.nodes.map((n) => n.id).sort());
    assert.deepEqual(again.nodes.filter((n) => n.grown).map((n) => n.id).sort(), kept.nodes.filter((n) => n.grown).map((n) => n.id).sort());
    await screenshot(browser, 'graph-view-restored');
  } finally {
    await browser.deleteSession();
  }
});

/**
 * The Graph tab's minimap read back: how many of its pixels are the nodes' colour, and the box
 * of those in the view rectangle's colour (the theme's --fg-muted and --accent).
 */
function minimapPixels(browser) {
  return browser.execute((view) => {
    const map = document.querySelector(`${view} canvas.graph-minimap`);
    const rgb = (name) => {
      const probe = document.createElement('canvas').getContext('2d');
      probe.fillStyle = getComputedStyle(map).getPropertyValue(name).trim();
      probe.fillRect(0, 0, 1, 1);
      return Array.from(probe.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const [muted, accent] = [rgb('--fg-muted'), rgb('--accent')];
    const { data } = map.getContext('2d').getImageData(0, 0, map.width, map.height);
    let nodes = 0;
    let box = null;
    for (let i = 0; i < data.length; i += 4) {
      const is = (c) => data[i] === c[0] && data[i + 1] === c[1] && data[i + 2] === c[2];
      if (is(muted)) nodes += 1;
      if (is(accent)) {
        const [x, y] = [(i / 4) % map.width, Math.floor(i / 4 / map.width)];
        box = box ? { x1: Math.min(box.x1, x), y1: Math.min(box.y1, y), x2: Math.max(box.x2, x), y2: Math.max(box.y2, y) } : { x1: x, y1: y, x2: x, y2: y };
      }
    }
    return { nodes, view: box && { ...box, w: box.x2 - box.x1 } };
  }, GRAPH_VIEW);
}
