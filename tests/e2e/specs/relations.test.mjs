// The relationship views in the real window: the graph of a demo item (as many nodes as the
// backend reports, a legend entry per type, its SVG export well-formed with every label and edge,
// a click on a node selects it in the tree), the crosswalk of the demo's two linked frameworks
// (the coverage `cairn crosswalk --json` reports), the diff of two imported versions of a
// hand-made framework (exactly its known changes), a rubric's table (the package's criteria
// and levels), and an association another framework publishes (Kindergarten's Spanish
// translation, held by the Spanish edition) in Kindergarten's panel, labelled and opening there.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cairn, freshDataDir, launch, root, screenshot, shotsDir, startDriver } from '../lib/app.mjs';
import { cacheFile, importPackages, syncDemoFrameworks } from '../lib/data.mjs';
import { associationsText, currentFramework, expand, itemPanelText, openFramework, select, treeRows } from '../lib/explorer.mjs';
import { choose, clickGraphNode, drawnGraph, graphSvg, listTexts, openFrameworkOf, showView } from '../lib/relations.mjs';
import { parseCsv } from '../lib/csv.mjs';

const fixture = (name) => path.join(root, 'tests', 'e2e', 'fixtures', name);
const v2 = JSON.parse(readFileSync(fixture('versions-v2.json'), 'utf8'));
const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

test('graph, crosswalk, version diff and rubrics', async () => {
  const dataDir = freshDataDir('relations');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  importPackages(dataDir, 'Version 1', fixture('versions-v1.json'));
  importPackages(dataDir, 'Version 2', fixture('versions-v2.json'));
  const browser = await launch(driver, dataDir);
  try {
    // The graph of a demo standard: the nodes the backend reports, all drawn, a legend entry per type.
    await openFramework(browser, MATHS);
    const firstTop = (await treeRows(browser)).find((r) => r.level === 1 && r.expanded === 'false');
    await expand(browser, firstTop.code);
    const domain = (await treeRows(browser)).find((r) => r.level === 2);
    await select(browser, domain.code);
    const graph = await drawnGraph(browser);
    assert.ok(graph.reported > 1, `a neighbourhood: ${JSON.stringify(graph)}`);
    assert.equal(graph.drawn, graph.reported);
    assert.equal(graph.nodes.length, graph.reported);
    assert.deepEqual([...graph.legend].sort(), [...graph.edgeTypes].sort());
    assert.ok(graph.legend.includes('isChildOf'));
    await screenshot(browser, 'relations-graph');

    // Its SVG export (what "Export SVG" saves), read back by the window's own XML parser:
    // well-formed, every node's label as text (a wrapped label a line a <text>), every edge a
    // line stroked in its type's colour.
    const svg = await graphSvg(browser);
    mkdirSync(shotsDir, { recursive: true });
    writeFileSync(path.join(shotsDir, 'relations-graph.svg'), svg.text);
    assert.equal(svg.error, null);
    assert.equal(svg.root, 'svg');
    assert.equal(svg.namespace, 'http://www.w3.org/2000/svg');
    const words = (texts) => texts.join(' ').replace(/\s+/g, ' ');
    const drawnText = words(svg.texts);
    for (const label of svg.labels) assert.ok(drawnText.includes(words([label])), `no text for the label ${label}`);
    const count = (list, item) => list.filter((x) => x === item).length;
    for (const colour of new Set(svg.edgeColours)) {
      assert.ok(count(svg.strokes, colour) >= count(svg.edgeColours, colour), `edges of colour ${colour} missing`);
    }

    // A click on a node of the canvas selects that item in the tree, and the panel follows.
    const target = graph.nodes.find((n) => n.kind === 'item' && n.code && n.id !== graph.centre);
    await clickGraphNode(browser, target.id);
    const { code } = target;
    await browser.waitUntil(async () => (await treeRows(browser)).some((r) => r.selected && r.code === code), {
      timeout: 10_000,
      timeoutMsg: `clicking ${target.label} did not select it in the tree`,
    });
    await browser.waitUntil(async () => (await itemPanelText(browser)).includes(code), {
      timeout: 10_000,
      timeoutMsg: `the item panel did not follow to ${code}`,
    });
    const recentred = await drawnGraph(browser);
    assert.equal(recentred.centre, target.id);
    await screenshot(browser, 'relations-graph-clicked');

    // The crosswalk of the demo's two linked frameworks: the coverage `cairn crosswalk` reports.
    await showView(browser, 'Crosswalk');
    await choose(browser, 'From framework', MATHS);
    await choose(browser, 'To framework', SPANISH);
    const sides = async () => browser.execute(() => [...document.querySelectorAll('.coverage [data-covered]')]
      .map((el) => ({ covered: Number(el.dataset.covered), items: Number(el.dataset.items) })));
    await browser.waitUntil(async () => (await sides()).length === 2, { timeout: 30_000, timeoutMsg: 'no crosswalk shown' });
    const [fromKey, toKey] = await browser.execute(() => ['From framework', 'To framework']
      .map((l) => JSON.parse(document.querySelector(`select[aria-label="${l}"]`).value)));
    const cli = JSON.parse(cairn('crosswalk', '--db', cacheFile(dataDir), '--from', `${fromKey[0]}:${fromKey[1]}`,
      '--to', `${toKey[0]}:${toKey[1]}`, '--json'));
    assert.ok(cli.pairs > 0, 'the two frameworks are linked');
    assert.deepEqual(await sides(), [
      { covered: cli.from.covered, items: cli.from.items },
      { covered: cli.to.covered, items: cli.to.items },
    ]);
    const shown = await browser.$('[aria-label="Pairs shown"]').getText();
    assert.equal(shown, `${cli.pairs.toLocaleString('en-US')} ${cli.pairs === 1 ? 'pair' : 'pairs'}`);
    const firstPair = await browser.$('table[aria-label="Crosswalk pairs"] tbody tr td');
    await firstPair.scrollIntoView({ block: 'center' });
    await firstPair.click();
    await browser.$('[aria-label="Selected pair"]').waitForExist({ timeout: 5_000 });
    await screenshot(browser, 'relations-crosswalk');

    // The diff of the hand-made framework's two imported versions: exactly its known changes.
    await showView(browser, 'Versions');
    await choose(browser, 'Older version', 'Cairn Versions Sample (1.0)');
    await choose(browser, 'Newer version', 'Cairn Versions Sample (2.0)');
    await browser.$('table[aria-label="Counts"]').waitForExist({ timeout: 20_000 });
    const counts = await browser.execute(() => [...document.querySelectorAll('table[aria-label="Counts"] tbody tr')]
      .map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.deepEqual(counts, [
      ['Document', '0', '0', '1', '0'],
      ['Items', '1', '1', '1', '1'],
      ['Associations', '2', '1', '1', '0'],
    ]);
    assert.deepEqual(await listTexts(browser, 'Items: added'), ['added V.4 Tells time to the half hour.']);
    assert.deepEqual(await listTexts(browser, 'Items: removed'), ['removed V.3 Names coins by value.']);
    assert.deepEqual(await listTexts(browser, 'Items: only lastChangeDateTime changed'), ['V.2 Compares two whole numbers.']);
    const changed = await listTexts(browser, 'Items: changed');
    assert.equal(changed.length, 1);
    assert.match(changed[0], /V\.1 Reads and writes whole numbers to 120\./);
    assert.match(changed[0], /fullStatementReads whole numbers to 100\.Reads and writes whole numbers to 120\./);
    const marks = await browser.execute(() => [...document.querySelectorAll('[role="tree"][aria-label="Newer version\'s tree"] [role="treeitem"]')]
      .map((li) => [li.getAttribute('aria-level'), li.dataset.mark, li.textContent.trim()]));
    assert.deepEqual(marks, [
      ['1', 'changed', 'changed V.1 Reads and writes whole numbers to 120.'],
      ['1', '', 'V.2 Compares two whole numbers.'],
      ['2', 'moved', 'moved V.1.a Counts on from any number.'],
      ['1', 'added', 'added V.4 Tells time to the half hour.'],
    ]);
    await screenshot(browser, 'relations-versions');

    // A rubric of the package: reachable from its item's panel, a table of its criteria and levels.
    await showView(browser, 'Tree');
    await openFrameworkOf(browser, 'Version 2', 'Cairn Versions Sample');
    await select(browser, 'V.1');
    await browser.waitUntil(async () => (await browser.$$('[aria-label="Rubrics of this item"] button')).length > 0, {
      timeout: 10_000,
      timeoutMsg: 'the item panel shows no rubric',
    });
    const [link] = await browser.$$('[aria-label="Rubrics of this item"] button');
    assert.equal(await link.getText(), 'Number Sense Rubric');
    await link.click();
    const table = await browser.$('table[aria-label="Number Sense Rubric"]');
    await table.waitForExist({ timeout: 10_000 });
    const cells = await browser.execute(() => {
      const t = document.querySelector('table[aria-label="Number Sense Rubric"]');
      return {
        head: [...t.querySelectorAll('thead th')].map((th) => th.textContent),
        rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
      };
    });
    const [rubric] = v2.CFRubrics;
    const levels = rubric.CFRubricCriteria[0].CFRubricCriterionLevels.map((l) => l.quality);
    assert.deepEqual(cells.head, ['Criterion', 'Weight', ...levels]);
    assert.equal(cells.rows.length, rubric.CFRubricCriteria.length);
    for (const [i, criterion] of rubric.CFRubricCriteria.entries()) {
      const row = cells.rows[i];
      assert.ok(row[0].startsWith(criterion.category), row[0]);
      assert.equal(row[1], String(criterion.weight));
      for (const [j, level] of criterion.CFRubricCriterionLevels.entries()) {
        assert.ok(row[2 + j].includes(level.quality) && row[2 + j].includes(level.description) && row[2 + j].includes(`${level.score} pts`), row[2 + j]);
      }
    }
    await screenshot(browser, 'relations-rubric');

  } catch (error) {
    await screenshot(browser, 'relations-failed');
    throw error;
  } finally {
    await browser.deleteSession();
  }
});

// Session 21's CI run once saw the Kindergarten panel not list the Spanish translation within
// 10 s (the window then stopped answering WebDriver); it has passed in every run since, alone and
// in the suite. The wait is 20 s, for a busy machine.
test('an association another cached framework publishes shows on the item, labelled, and opens there', async () => {
  const dataDir = freshDataDir('relations-across');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  const browser = await launch(driver, dataDir);
  try {
    // Across the cache: Kindergarten's translation is held by the Spanish edition's package, not
    // by Mathematics'; Kindergarten's panel lists it all the same, labelled with the edition, and
    // its other end opens in the edition's tree.
    await openFramework(browser, MATHS);
    const kindergarten = (await treeRows(browser)).find((r) => r.level === 1 && r.statement.includes('Kindergarten'));
    assert.ok(kindergarten, 'a Kindergarten row');
    await select(browser, kindergarten.code);
    await browser.waitUntil(async () => (await associationsText(browser)).includes(`from ${SPANISH}`), {
      timeout: 20_000,
      timeoutMsg: 'the Spanish translation is not in Kindergarten\'s panel',
    });
    const translation = await browser.execute((spanish) => {
      const items = [...document.querySelectorAll('[role="region"][aria-label="Associations"] li')];
      const li = items.find((el) => el.querySelector('.publisher')?.textContent.includes(spanish));
      return { group: li?.closest('.assoc-group')?.querySelector('h4')?.textContent ?? '', end: li?.querySelector('button')?.textContent ?? '' };
    }, SPANISH);
    assert.match(translation.group, /isTranslationOf/);
    let end = null;
    for (const li of await browser.$$('[role="region"][aria-label="Associations"] li')) {
      if ((await li.getText()).includes(`from ${SPANISH}`)) end = await li.$('button');
    }
    await end.scrollIntoView({ block: 'center' });
    await end.click();
    await browser.waitUntil(async () => (await currentFramework(browser)) === SPANISH, {
      timeout: 20_000,
      timeoutMsg: 'the translation did not open in the Spanish edition',
    });
    await browser.waitUntil(async () => (await itemPanelText(browser)).includes(translation.end.split(' ')[0]), {
      timeout: 10_000,
      timeoutMsg: `the Spanish edition's panel did not show ${translation.end}`,
    });
  } finally {
    await browser.deleteSession();
  }
});

test('a crosswalk framework imported from a file adds its associations to both frameworks\' items, labelled', async () => {
  const dataDir = freshDataDir('relations-crosswalk-file');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  // The two frameworks' keys, as the crosswalk's pickers hold them.
  let browser = await launch(driver, dataDir);
  let keys;
  try {
    await openFramework(browser, MATHS);
    await showView(browser, 'Crosswalk');
    await browser.$('select[aria-label="From framework"]').waitForExist({ timeout: 10_000 });
    keys = await browser.execute((maths, spanish) => {
      const options = [...document.querySelectorAll('select[aria-label="From framework"] option')];
      const key = (wanted) => JSON.parse(options.find(wanted).value);
      return {
        maths: key((o) => o.text.startsWith(`${maths} (`)),
        spanish: key((o) => o.text.startsWith(`${spanish} (`)),
      };
    }, MATHS, SPANISH);
  } finally {
    await browser.deleteSession();
  }

  // A crosswalk package, as a state publishes one: a document of its own, no items, and an
  // association between an item of each framework (named by identifier).
  const rows = (key) => parseCsv(cairn('export', 'framework', '--db', cacheFile(dataDir), '--connection', key[0], '--doc', key[1])).slice(1);
  const [k] = rows(keys.maths).filter((r) => r[1] === 'K');
  const [kSpanish] = rows(keys.spanish).filter((r) => r[9] === '1');
  assert.ok(k && kSpanish, 'a first-level item of each framework');
  const base = 'https://crosswalk.example.org/ims/case/v1p0';
  const doc = 'c0ffee00-0000-4000-8000-000000000001';
  const link = 'c0ffee00-0000-4000-8000-000000000002';
  const title = 'Demo crosswalk from a file';
  const t = '2026-11-01T00:00:00+00:00';
  const file = path.join(dataDir, 'crosswalk.json');
  writeFileSync(file, JSON.stringify({
    CFDocument: { identifier: doc, uri: `${base}/CFDocuments/${doc}`, lastChangeDateTime: t, creator: 'Cairn tests', title },
    CFItems: [],
    CFAssociations: [{
      identifier: link, uri: `${base}/CFAssociations/${link}`, lastChangeDateTime: t, associationType: 'exactMatchOf',
      originNodeURI: { identifier: k[0], uri: `${base}/CFItems/${k[0]}`, title: k[1] },
      destinationNodeURI: { identifier: kSpanish[0], uri: `${base}/CFItems/${kSpanish[0]}`, title: kSpanish[1] || kSpanish[3] },
      CFDocumentURI: { identifier: doc, uri: `${base}/CFDocuments/${doc}`, title },
    }],
  }));
  importPackages(dataDir, 'Crosswalks', file);

  browser = await launch(driver, dataDir);
  try {
    for (const [framework, item] of [[MATHS, k], [SPANISH, kSpanish]]) {
      await openFramework(browser, framework);
      const code = item[1] || item[2];
      await select(browser, code);
      await browser.waitUntil(async () => (await associationsText(browser)).includes(`from ${title}`), {
        timeout: 20_000,
        timeoutMsg: `${framework}'s ${code} does not list the crosswalk file's association`,
      });
      const group = await browser.execute((t) => {
        const li = [...document.querySelectorAll('[role="region"][aria-label="Associations"] li')]
          .find((el) => el.querySelector('.publisher')?.textContent.includes(t));
        return li?.closest('.assoc-group')?.querySelector('h4')?.textContent ?? '';
      }, title);
      assert.match(group, /exactMatchOf/, `${framework}: listed under its type`);
    }
    await screenshot(browser, 'relations-crosswalk-file');
  } finally {
    await browser.deleteSession();
  }
});
