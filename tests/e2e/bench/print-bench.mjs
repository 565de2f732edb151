// Save as PDF of the 20,000-item state-scale framework in the real window (under Xvfb, through
// tauri-driver): the time from the click to the saved file, the memory the app and its web
// processes added while printing (peak resident memory over what they held before), and the
// longest frame the window drew meanwhile (the window must not freeze). Prints a Markdown table
// of medians. Run with `scripts/bench-print.sh [RUNS]` (default 3).

import { execFileSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { median } from '../lib/bench.mjs';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { syncDemoFrameworks } from '../lib/data.mjs';
import { waitForTree } from '../lib/explorer.mjs';
import { answerNative } from '../lib/native.mjs';
import { openFrameworkOf } from '../lib/relations.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const CONNECTION = 'State demo';
const TITLE = 'Cairn Demo Mathematics';
const DIALOG = '[role="dialog"][aria-label^="Print "]';


/** Resident memory (KiB) of the newest `cairn-app` and every process below it (its web processes). */
function treeRss() {
  const app = Number(execFileSync('pgrep', ['-n', '-x', 'cairn-app'], { encoding: 'utf8' }).trim());
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const inTree = new Set([app]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) if (inTree.has(ppid) && !inTree.has(pid)) { inTree.add(pid); grew = true; }
  }
  return rows.filter(([pid]) => inTree.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0);
}

/** One Save as PDF into `file`: the seconds from the click to the saved file, the peak memory
 * added meanwhile (MB), what the dialog's preview added before it (MB), and the longest frame
 * (ms) from the click on. */
async function savePdf(browser, file) {
  const closed = treeRss();
  await browser.keys(['Control', 'p']);
  await browser.$(DIALOG).waitForExist({ timeout: 30_000 });
  await browser.waitUntil(async () => (await browser.$$(`${DIALOG} .print-preview .print-item`)).length > 0, { timeout: 120_000 });
  await (await browser.$(`${DIALOG} input[aria-label="Save as"]`)).setValue(file);
  // The print's memory from the click on; the dialog's (its preview builds the document the
  // print then uses, and keeps it) apart.
  const before = treeRss();
  let peak = before;
  const sampler = setInterval(() => { try { peak = Math.max(peak, treeRss()); } catch { /* the app between processes */ } }, 200);
  await browser.execute((dialog) => {
    // Frames meanwhile: the longest gap between two animation frames, from the click on.
    window.__printBench = { longest: 0, start: 0, end: 0 };
    let last = performance.now();
    const frame = (now) => {
      window.__printBench.longest = Math.max(window.__printBench.longest, now - last);
      last = now;
      if (!window.__printBench.end) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new MutationObserver((_, observer) => {
      if (!window.__printBench.start && document.querySelector(`${dialog} [role="progressbar"]`)) window.__printBench.start = Date.now();
      if (document.querySelector(`${dialog} [role="status"]`)) { window.__printBench.end = Date.now(); observer.disconnect(); }
    }).observe(document.body, { childList: true, subtree: true });
    [...document.querySelectorAll(`${dialog} button`)].find((b) => b.textContent.trim() === 'Save as PDF').click();
  }, DIALOG);
  await answerNative('Save to this file?', true);
  await browser.$(`${DIALOG} [role="status"]`).waitForExist({ timeout: 600_000, timeoutMsg: 'the PDF was never saved' });
  clearInterval(sampler);
  const measured = await browser.execute(() => window.__printBench);
  await screenshot(browser, 'print-bench-saved');
  await browser.execute((dialog) => {
    [...document.querySelectorAll(`${dialog} button`)].find((b) => b.textContent.trim() === 'Done').click();
  }, DIALOG);
  const pages = execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1];
  // Printed in parts, its front part holding only what the contents list: the title page still
  // counts every item, and the contents follow it.
  const front = execFileSync('pdftotext', ['-f', '1', '-l', '2', '-layout', file, '-'], { encoding: 'utf8' });
  if (!/19,990 items/.test(front) || !/Contents/.test(front)) throw new Error(`the title page or contents are wrong:\n${front.slice(0, 2000)}`);
  const bytes = statSync(file).size;
  rmSync(file);
  return {
    seconds: (measured.end - measured.start) / 1000,
    addedMb: (peak - before) / 1024,
    previewMb: (before - closed) / 1024,
    longestMs: measured.longest,
    pages: Number(pages),
    bytes,
  };
}

async function main() {
  const dataDir = freshDataDir('print-bench');
  const driver = await startDriver();
  try {
    process.stderr.write('bench: serving the state-scale demo and syncing its frameworks…\n');
    await syncDemoFrameworks(dataDir, CONNECTION, 'state');
    const browser = await launch(driver, dataDir);
    const runs = [];
    try {
      await waitForTree(browser, 180_000);
      await openFrameworkOf(browser, CONNECTION, TITLE);
      for (let i = 0; i < RUNS; i++) {
        const run = await savePdf(browser, path.join(dataDir, `state-${i}.pdf`));
        process.stderr.write(`bench: run ${i + 1}: ${JSON.stringify(run)}\n`);
        runs.push(run);
      }
    } finally {
      await browser.deleteSession();
    }
    const pages = runs[0].pages;
    const mb = (runs[0].bytes / 1e6).toFixed(1);
    console.log('| Measure | Target | Median | Runs |');
    console.log('|---|---|---|---|');
    console.log(`| 20,000-item framework to PDF, click to saved (${pages} pages, ${mb} MB) | ≤ 20 s | ${median(runs.map((r) => r.seconds)).toFixed(1)} s | ${runs.length} |`);
    console.log(`| Memory added while printing (peak RSS of the app and its web processes) | ≤ 300 MB | ${Math.round(median(runs.map((r) => r.addedMb)))} MB | ${runs.length} |`);
    console.log(`| Memory the dialog's preview added before (it builds the document the print uses) | — | ${Math.round(median(runs.map((r) => r.previewMb)))} MB | ${runs.length} |`);
    console.log(`| Longest frame in the window while printing | no freeze | ${Math.round(median(runs.map((r) => r.longestMs)))} ms | ${runs.length} |`);
  } finally {
    await driver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
