// Markup from a framework is inert: statements carrying <img onerror>, <script>, <iframe>,
// javascript: links and remote images render as text or safe HTML, never run, load or navigate;
// every link left is clicked, and only the safe one reaches the system browser (a stand-in
// `xdg-open` on the app's PATH records what it is given); LaTeX renders with KaTeX.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDataDir, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { importPackages } from '../lib/data.mjs';
import { itemPanelText, openFramework, select } from '../lib/explorer.mjs';

// The system browser's stand-in: the opener plugin runs `xdg-open URL`, found on the PATH.
const browserDir = mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-browser-'));
const openedLog = path.join(browserDir, 'opened.txt');
writeFileSync(path.join(browserDir, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${openedLog}'\n`, { mode: 0o755 });
const opened = () => (existsSync(openedLog) ? readFileSync(openedLog, 'utf8').split('\n').filter(Boolean) : []);

let driver;
before(async () => { driver = await startDriver({ PATH: `${browserDir}:${process.env.PATH}` }); });
after(async () => {
  await driver?.stop();
  rmSync(browserDir, { recursive: true, force: true });
});

test('a hostile framework renders inert and LaTeX renders', async () => {
  const dataDir = freshDataDir('hostile');
  importPackages(dataDir, 'Fixtures', path.join(root, 'tests', 'e2e', 'fixtures', 'hostile-markup.json'));
  const browser = await launch(driver, dataDir);
  try {
    const home = await browser.getUrl();
    await openFramework(browser, 'Hostile Markup Fixture');
    const panel = '[role="region"][aria-label="Item details"]';

    for (const code of ['HOSTILE.IMG', 'HOSTILE.SCRIPT']) {
      await select(browser, code);
      await browser.pause(500); // time for an onerror or onload to fire, were it there
      const found = await browser.execute((s) => {
        const el = document.querySelector(s);
        return {
          pwned: window.__cairnPwned ?? null,
          scripts: el.querySelectorAll('script').length,
          iframes: el.querySelectorAll('iframe, object, embed').length,
          handlers: [...el.querySelectorAll('*')].filter((n) => [...n.attributes].some((a) => a.name.startsWith('on'))).length,
          jsLinks: [...el.querySelectorAll('a')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
          remote: [...el.querySelectorAll('img, source, video, audio')].filter((n) => /^https?:/i.test(n.getAttribute('src') ?? '')).length,
        };
      }, panel);
      assert.deepEqual(found, { pwned: null, scripts: 0, iframes: 0, handlers: 0, jsLinks: 0, remote: 0 }, code);
    }
    await screenshot(browser, 'hostile-markup');

    // The notes' links: the Markdown one to javascript: stays text, the raw <a> lost its href,
    // the safe one kept its. Each is clicked, and each click reaches the page.
    const links = await browser.$$(`${panel} .markdown a`);
    const texts = [];
    for (const link of links) texts.push(await link.getText());
    assert.deepEqual(texts, ['raw one', 'safe link'], 'the links left in the notes');
    assert.match(await itemPanelText(browser), /\[javascript link\]\(javascript:/, 'the refused link shows as text');
    await browser.execute(() => {
      window.__cairnClicks = [];
      document.addEventListener('click', (e) => window.__cairnClicks.push(e.target.closest('a')?.textContent ?? null), true);
    });
    for (const link of links) await link.click();
    await browser.waitUntil(async () => opened().length > 0, { timeout: 10_000, timeoutMsg: 'the safe link never reached the system browser' });
    await browser.pause(300);
    assert.deepEqual(await browser.execute(() => window.__cairnClicks), ['raw one', 'safe link'], 'the clicks the page received');
    // Nothing ran, the window stayed where it was, and only the safe link went to the browser.
    assert.equal(await browser.execute(() => window.__cairnPwned ?? null), null);
    assert.equal(await browser.getUrl(), home);
    assert.deepEqual(opened(), ['https://example.org/standards']);

    // LaTeX: inline and display math become KaTeX markup.
    await select(browser, 'LATEX.INLINE');
    const katex = await browser.execute((s) => document.querySelector(s).querySelectorAll('.katex').length, panel);
    assert.ok(katex >= 2, `KaTeX rendered ${katex} formulas`);
    assert.match(await itemPanelText(browser), /quadratic formula/);
    await screenshot(browser, 'latex');
  } finally {
    await browser.deleteSession();
  }
});
