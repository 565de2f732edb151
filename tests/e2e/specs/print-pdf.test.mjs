// Print and PDF in the real window: the demo framework's print preview (Ctrl+P) shows the print
// document, and Save as PDF to a typed path (confirmed in the app's native dialog, as a user
// would) writes a PDF that `pdftotext -layout` reads back with the title page's fields, every
// item's code in the plan's order with its statement, the running header and `Page n of m` on
// every page. A hostile framework's PDF renders its LaTeX (no raw `$…$`) and keeps its markup
// inert: no script, no link to javascript:, nothing loaded from the network. A saved PDF and a
// cancelled one leave no file behind: neither a part the web view printed (in the app's temporary
// folder) nor a half-written PDF beside the destination. A search's results (Ctrl+P in the search
// box) and a crosswalk (its Print… button, as filtered) print too: their sections and every item in
// the preview's order, read back from the PDF. Print… goes through GTK's print dialog to the
// printer it remembers (GTK's Print to File here) with the same running header and page numbers.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cairn, freshDataDir, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { cacheFile, importPackages, syncDemoFrameworks } from '../lib/data.mjs';
import { currentFramework, openFramework, search, waitForTree } from '../lib/explorer.mjs';
import { choose, showView } from '../lib/relations.mjs';
import { answerNative, printNative } from '../lib/native.mjs';
import { parseCsv } from '../lib/csv.mjs';

const HOSTILE = 'e2e00000-0000-4000-8000-000000000000';
const MATHS = 'Cairn Demo Mathematics';
const SPANISH = 'Cairn Demo Mathematics — Spanish Edition';
const DIALOG = '[role="dialog"][aria-label^="Print "]';
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let driver;
/** The app's temporary folder (its `TMPDIR`), where the web view prints a PDF's parts. */
const appTmp = mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-print-tmp-'));
before(async () => { driver = await startDriver({ TMPDIR: appTmp }); });
after(async () => {
  await driver?.stop();
  rmSync(appTmp, { recursive: true, force: true });
});

/** Asserts that printing left nothing behind in `folder` (the destination's) or the app's
 * temporary folder. */
function assertNoStrays(folder) {
  const strays = [
    ...readdirSync(folder).filter((f) => /^\.cairn-(print|export)-/.test(f)),
    ...readdirSync(appTmp).filter((f) => f.startsWith('cairn-print-')),
  ];
  assert.deepEqual(strays, [], 'no temporary file or folder of the print is left');
}

/** Whitespace collapsed: lines wrap and indent differently on paper. */
const flat = (text) => text.replace(/\s+/g, ' ').trim();
/** Whitespace gone: a line may break after a hyphen on paper. */
const bare = (text) => text.replace(/\s+/g, '');

/** Opens the Print dialog with Ctrl+P and answers what its preview shows. */
async function openPreview(browser) {
  await browser.keys(['Control', 'p']);
  return readPreview(browser);
}

/** What the open Print dialog's preview shows, once it shows an item. */
async function readPreview(browser) {
  await browser.$(DIALOG).waitForExist({ timeout: 20_000, timeoutMsg: 'no Print dialog opened' });
  await browser.waitUntil(async () => (await browser.$$(`${DIALOG} .print-preview .print-item`)).length > 0, {
    timeout: 60_000,
    timeoutMsg: 'the print preview showed no item',
  });
  return browser.execute((dialog) => {
    const preview = document.querySelector(`${dialog} .print-preview`);
    // The statement's text up to its first formula (laid out in two dimensions on paper).
    const plain = (el) => {
      const copy = el.cloneNode(true);
      for (const math of copy.querySelectorAll('.katex')) math.replaceWith('\u0000');
      return copy.textContent.split('\u0000')[0];
    };
    return {
      title: preview.querySelector('.print-title-page h1')?.textContent,
      fields: [...preview.querySelectorAll('.print-fields tr')].map((tr) => [tr.querySelector('th').textContent, tr.querySelector('td').textContent]),
      codes: [...preview.querySelectorAll('.print-items .print-item')].map((i) => i.querySelector('.print-code')?.textContent ?? ''),
      statements: [...preview.querySelectorAll('.print-items .print-statement')].map(plain),
      sections: [...preview.querySelectorAll('.print-items .print-section h2')].map((h) => h.textContent),
      note: document.querySelector(`${dialog} p.muted`)?.textContent ?? '',
    };
  }, DIALOG);
}

/** Saves the open Print dialog's document as a PDF at `file` (typed, confirmed natively). */
async function savePdf(browser, file) {
  const saveAs = await browser.$(`${DIALOG} input[aria-label="Save as"]`);
  await saveAs.setValue(file);
  await browser.execute((dialog) => {
    [...document.querySelectorAll(`${dialog} button`)].find((b) => b.textContent.trim() === 'Save as PDF').click();
  }, DIALOG);
  await answerNative('Save to this file?', true);
  const status = await browser.$(`${DIALOG} [role="status"]`);
  await status.waitForExist({ timeout: 180_000, timeoutMsg: 'the PDF was never saved' });
  return status.getText();
}

/** The PDF's text, laid out, and its pages (split at form feeds). */
function pdfText(file) {
  // NFKC: a ligature a font still drew ("ﬀ") reads as its letters.
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).normalize('NFKC');
  return { text, pages: text.split('\f').filter((p) => p.trim() !== '') };
}

/** Asserts that `codes` (non-empty ones) appear in `text` in that order. */
function assertInOrder(text, codes) {
  let at = 0;
  for (const code of codes.filter(Boolean)) {
    const found = text.indexOf(code, at);
    assert.ok(found >= 0, `code ${code} missing (or out of order) after offset ${at}`);
    at = found + code.length;
  }
}

test('Save as PDF: the demo framework on paper, then a hostile one inert', { skip: !hasPdftotext && 'pdftotext is not installed' }, async () => {
  const dataDir = freshDataDir('print-pdf');
  const demoPdf = path.join(dataDir, 'demo.pdf');
  const hostilePdf = path.join(dataDir, 'hostile.pdf');
  let browser = await launch(driver, dataDir);
  try {
    await waitForTree(browser, 120_000);
    const title = await currentFramework(browser);
    assert.match(title, /^Cairn Demo Mathematics/);
    const preview = await openPreview(browser);
    assert.equal(preview.title, title);
    assert.match(preview.note, /^[\d,]+ items$/, `the preview shows every item: ${preview.note}`);
    await browser.execute((dialog) => {
      const preview = document.querySelector(`${dialog} .print-preview`);
      preview.scrollTop = preview.querySelector('.print-toc').offsetTop - 24;
    }, DIALOG);
    await screenshot(browser, 'print-preview');
    const saved = await savePdf(browser, demoPdf);
    assert.match(saved, new RegExp(`Saved ${preview.codes.length} items`));

    const { text, pages } = pdfText(demoPdf);
    const all = flat(text);
    assert.ok(all.includes(title), 'the title');
    for (const [label, value] of preview.fields) {
      assert.ok(bare(text).includes(bare(`${label}${value.slice(0, 40)}`)), `the title page's ${label}: ${value}`);
    }
    assertInOrder(all, preview.codes);
    for (const statement of preview.statements) {
      const start = flat(statement).slice(0, 40);
      assert.ok(bare(text).includes(bare(start)), `the statement "${start}"`);
    }
    assert.ok(pages.length > 2, `a title page, contents and items: ${pages.length} pages`);
    pages.forEach((page, i) => {
      assert.match(page, new RegExp(`Page ${i + 1} of ${pages.length}`), `page ${i + 1}'s number`);
      assert.ok(page.includes(title.slice(0, 30)), `page ${i + 1}'s running header`);
    });
    assertNoStrays(dataDir);

    // Cancelled as soon as it started: no PDF, and nothing else, is left.
    const cancelledPdf = path.join(dataDir, 'cancelled.pdf');
    await (await browser.$(`${DIALOG} input[aria-label="Save as"]`)).setValue(cancelledPdf);
    await browser.execute((dialog) => {
      [...document.querySelectorAll(`${dialog} button`)].find((b) => b.textContent.trim() === 'Save as PDF').click();
    }, DIALOG);
    await answerNative('Save to this file?', true);
    const cancel = await browser.$(`${DIALOG}`).$('button=Cancel');
    await cancel.waitForExist({ timeout: 20_000, timeoutMsg: 'no Cancel while saving' });
    await cancel.click();
    await browser.waitUntil(async () => (await browser.$(DIALOG).getText()).includes('cancelled'), {
      timeout: 60_000,
      timeoutMsg: 'the cancel was never reported',
    });
    await browser.pause(2_000); // What the web view might still write would land by now.
    assert.ok(!existsSync(cancelledPdf), 'a cancelled PDF is not written');
    assertNoStrays(dataDir);
  } finally {
    await browser.deleteSession();
  }

  // A hostile framework, imported while the app was closed.
  importPackages(dataDir, 'Fixtures', path.join(root, 'tests', 'e2e', 'fixtures', 'hostile-markup.json'));
  const rows = parseCsv(cairn('export', 'framework', '--db', cacheFile(dataDir), '--connection', 'Fixtures', '--doc', HOSTILE)).slice(1);
  browser = await launch(driver, dataDir);
  try {
    await openFramework(browser, 'Hostile Markup Fixture');
    const preview = await openPreview(browser);
    assert.deepEqual(preview.codes, rows.map((r) => r[1] || r[2]), 'the preview: every item in the CSV table\'s order');
    await savePdf(browser, hostilePdf);
    const { text } = pdfText(hostilePdf);
    const all = flat(text);
    assertInOrder(all, preview.codes);
    for (const statement of preview.statements) {
      const start = flat(statement).slice(0, 30);
      assert.ok(bare(text).includes(bare(start)), `the statement "${start}"`);
    }
    assert.doesNotMatch(text, /\$[^$\s][^$]*\$/, 'LaTeX rendered: no raw $…$');
    const bytes = readFileSync(hostilePdf).toString('latin1');
    assert.doesNotMatch(bytes, /\/JavaScript|\/JS\s*[(<]|javascript:/i, 'no script in the PDF');
    assert.doesNotMatch(bytes, /evil\.example/i, 'nothing of the iframe or the tracker image reached the PDF');
  } finally {
    await browser.deleteSession();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('Print… through the system\'s dialog: the printer it remembers gets the same numbered pages, or those asked for', { skip: !hasPdftotext && 'pdftotext is not installed' }, async () => {
  const dataDir = freshDataDir('print-dialog');
  const printed = path.join(dataDir, 'printed.pdf');
  // The settings a previous Print… kept (GTK's key file): GTK's "Print to File" printer, into
  // `printed`, pages 2 to 3 (GTK counts from 0). The dialog offers them again; Return prints.
  writeFileSync(path.join(dataDir, 'print-settings.ini'), `[Print Settings]\nprinter=Print to File\noutput-uri=file://${printed}\noutput-file-format=pdf\nprint-pages=ranges\npage-ranges=1-2\n`);
  const browser = await launch(driver, dataDir);
  const announced = () => browser.execute(() => document.querySelector('[data-announcer="polite"]')?.textContent ?? '');
  /** Clicks the Print dialog's Print… button, if it shows: whether it did. */
  const clickPrint = (click = true) => browser.execute((dialog, click) => {
    const button = [...document.querySelectorAll(`${dialog} button`)].find((b) => b.textContent.trim() === 'Print…');
    if (click) button?.click();
    return Boolean(button);
  }, DIALOG, click);
  const print = async (title) => {
    assert.ok(await clickPrint(), 'Print… shows');
    await printNative(`Print ${title}`);
    // The dialog's buttons come back once the job is sent (Cancel meanwhile).
    await browser.waitUntil(() => clickPrint(false), { timeout: 180_000, timeoutMsg: 'the job was never sent' });
    assert.equal(await announced(), 'Sent to the printer');
    await browser.waitUntil(() => existsSync(printed), { timeout: 20_000, timeoutMsg: 'the printer wrote no file' });
    const read = pdfText(printed);
    rmSync(printed);
    return read;
  };
  try {
    await waitForTree(browser, 120_000);
    const title = await currentFramework(browser);
    const preview = await openPreview(browser);

    // Closed without printing: nothing printed.
    assert.ok(await clickPrint(), 'Print… shows');
    await answerNative(`Print ${title}`, false);
    await browser.waitUntil(async () => (await announced()).includes('Printing cancelled'), { timeout: 20_000, timeoutMsg: 'the closed dialog was not reported' });
    assert.ok(!existsSync(printed), 'a closed print dialog prints nothing');

    // Pages 2 to 3 only, numbered as in the whole document.
    const some = await print(title);
    assert.equal(some.pages.length, 2, 'the two pages asked for');
    assert.match(some.pages[0], /Page 2 of \d+/);
    assert.match(some.pages[1], /Page 3 of \d+/);

    // The next dialog offers every page again.
    const { text, pages } = await print(title);
    assertInOrder(flat(text), preview.codes);
    assert.ok(pages.length > 2, `a title page, contents and items: ${pages.length} pages`);
    pages.forEach((page, i) => {
      assert.match(page, new RegExp(`Page ${i + 1} of ${pages.length}`), `page ${i + 1}'s number`);
      assert.ok(page.includes(title.slice(0, 30)), `page ${i + 1}'s running header`);
    });
    assert.match(some.pages[0], new RegExp(`Page 2 of ${pages.length}`), 'the pages asked for kept the whole\'s numbers');
    assert.match(readFileSync(path.join(dataDir, 'print-settings.ini'), 'utf8'), /printer=Print to File/, 'the printer is kept for the next print');
    assertNoStrays(dataDir);
  } finally {
    await browser.deleteSession();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('Save as PDF from a search\'s results and from a crosswalk, in sections', { skip: !hasPdftotext && 'pdftotext is not installed' }, async () => {
  const dataDir = freshDataDir('print-sources');
  await syncDemoFrameworks(dataDir, 'Demo', 'small');
  const browser = await launch(driver, dataDir);
  try {
    await openFramework(browser, MATHS);
    // A search's results: Ctrl+P in the search box prints them, not the framework.
    const hits = await search(browser, 'count');
    const frameworks = await browser.execute(() => [...new Set([...document.querySelectorAll('[aria-label="Search results"] .hit-framework')]
      .map((f) => f.textContent))]);
    await browser.keys(['Control', 'p']);
    const found = await readPreview(browser);
    assert.equal(found.title, 'Search results');
    assert.equal(found.codes.length, hits.length, 'every result the search lists');
    assert.deepEqual(found.sections, frameworks, 'a section per framework, in the order of its best result');
    const searchPdf = path.join(dataDir, 'search.pdf');
    assert.match(await savePdf(browser, searchPdf), new RegExp(`Saved ${hits.length} item`));
    let { text, pages } = pdfText(searchPdf);
    assertInOrder(flat(text), [...found.sections.slice(0, 1), ...found.codes]);
    assert.ok(flat(text).includes('count'), 'the words searched for on the title page');
    pages.forEach((page, i) => assert.match(page, new RegExp(`Page ${i + 1} of ${pages.length}`)));
    await browser.keys(['Escape']);
    await browser.$(DIALOG).waitForExist({ reverse: true, timeout: 10_000 });

    // A crosswalk, as filtered: its pairs by type, then each side's unmatched items.
    await showView(browser, 'Crosswalk');
    await choose(browser, 'From framework', MATHS);
    await choose(browser, 'To framework', SPANISH);
    await browser.$('table[aria-label="Crosswalk pairs"]').waitForExist({ timeout: 30_000 });
    await browser.execute(() => [...document.querySelectorAll('.crosswalk-view button')].find((b) => b.textContent.trim() === 'Print…').click());
    const walk = await readPreview(browser);
    assert.match(walk.title, new RegExp(`^Crosswalk of ${MATHS} to ${SPANISH}`));
    assert.ok(walk.sections.includes(`Not matched in ${MATHS}`) && walk.sections.includes(`Not matched in ${SPANISH}`), `sections: ${walk.sections}`);
    assert.equal(await browser.$(`${DIALOG} fieldset`).isExisting(), false, 'no columns to choose');
    await screenshot(browser, 'print-crosswalk');
    const walkPdf = path.join(dataDir, 'crosswalk.pdf');
    await savePdf(browser, walkPdf);
    ({ text, pages } = pdfText(walkPdf));
    assertInOrder(flat(text), walk.sections);
    assert.ok(flat(text).includes(MATHS.slice(0, 30)), 'the title page names the frameworks');
    pages.forEach((page, i) => assert.match(page, new RegExp(`Page ${i + 1} of ${pages.length}`)));
    assertNoStrays(dataDir);
  } finally {
    await browser.deleteSession();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
