// Markup from a framework is inert: statements carrying <img onerror>, <script>, <iframe>,
// javascript: links and remote images render as text or safe HTML, never run, load or navigate;
// LaTeX renders with KaTeX.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { freshDataDir, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { importPackages } from '../lib/data.mjs';
import { itemPanelText, openFramework, select } from '../lib/explorer.mjs';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

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

    // Clicking what was a javascript: link does nothing: no script, no navigation.
    const links = await browser.$$(`${panel} a`);
    for (const link of links) {
      if (/javascript link|raw one/.test(await link.getText())) await link.click();
    }
    await browser.pause(300);
    assert.equal(await browser.execute(() => window.__cairnPwned ?? null), null);
    assert.equal(await browser.getUrl(), home);

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
