// The printable HTML `cairn export --format html` writes, opened in WebKit (the window's engine:
// MiniBrowser driven by WebKitWebDriver, no app): the title page's fields, every item's code in
// the plan's order (the CSV table's) with its statement, LaTeX rendered by KaTeX (no raw `$…$`),
// and a hostile framework's markup inert — no script run, no frame, no handler, no remote load.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { remote } from 'webdriverio';
import { cairn, freshDataDir, root, shotsDir } from '../lib/app.mjs';
import { cacheFile, importPackages } from '../lib/data.mjs';
import { parseCsv } from '../lib/csv.mjs';

const MINIBROWSER = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/libexec/webkit2gtk-4.1/MiniBrowser']
  .find((p) => existsSync(p));
const HOSTILE = 'e2e00000-0000-4000-8000-000000000000';

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let driver;
let port;
before(async () => {
  port = await freePort();
  driver = spawn('/usr/bin/WebKitWebDriver', [`--port=${port}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  await new Promise((r) => setTimeout(r, 1000));
});
after(() => driver?.kill());

test('the HTML export prints every item in order, LaTeX rendered, hostile markup inert', { skip: !MINIBROWSER }, async () => {
  const dataDir = freshDataDir('print');
  importPackages(dataDir, 'Fixtures', path.join(root, 'tests', 'e2e', 'fixtures', 'hostile-markup.json'));
  const db = cacheFile(dataDir);
  const file = path.join(dataDir, 'hostile.html');
  cairn('export', 'framework', '--db', db, '--doc', HOSTILE, '--format', 'html', '--out', file);
  const rows = parseCsv(cairn('export', 'framework', '--db', db, '--doc', HOSTILE)).slice(1);

  const browser = await remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'error',
    capabilities: {
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    },
  });
  try {
    await browser.url(pathToFileURL(file).href);
    await browser.waitUntil(async () => (await browser.$$('.print-item')).length > 0, { timeout: 15_000 });
    await browser.pause(500); // time for an onerror or onload to fire, were it there
    const page = await browser.execute(() => ({
      title: document.querySelector('.print-title-page h1')?.textContent,
      fields: [...document.querySelectorAll('.print-fields th')].map((th) => th.textContent),
      codes: [...document.querySelectorAll('.print-items .print-item')].map((i) => i.querySelector('.print-code')?.textContent ?? ''),
      statements: [...document.querySelectorAll('.print-items .print-statement')].map((s) => s.textContent),
      katex: document.querySelectorAll('.print-items .katex').length,
      pwned: window.__cairnPwned ?? null,
      scripts: document.querySelectorAll('main script').length,
      frames: document.querySelectorAll('iframe, object, embed').length,
      handlers: [...document.querySelectorAll('main *')].filter((n) => [...n.attributes].some((a) => a.name.startsWith('on'))).length,
      jsLinks: [...document.querySelectorAll('main a')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
      remote: [...document.querySelectorAll('main img, main source')].filter((n) => /^https?:/i.test(n.getAttribute('src') ?? '')).length,
    }));
    assert.equal(page.title, 'Hostile Markup Fixture');
    assert.ok(page.fields.includes('Identifier'), String(page.fields));
    assert.deepEqual(page.codes, rows.map((r) => r[1] || r[2]), 'every item, in the CSV table\'s order');
    assert.equal(page.statements.length, rows.length);
    assert.ok(page.katex > 0, 'LaTeX rendered by KaTeX');
    for (const text of page.statements) assert.doesNotMatch(text, /\$[^$\s][^$]*\$/, `no raw $…$ in ${text}`);
    assert.deepEqual(
      { pwned: page.pwned, scripts: page.scripts, frames: page.frames, handlers: page.handlers, jsLinks: page.jsLinks, remote: page.remote },
      { pwned: null, scripts: 0, frames: 0, handlers: 0, jsLinks: 0, remote: 0 },
    );
    mkdirSync(shotsDir, { recursive: true });
    await browser.saveScreenshot(path.join(shotsDir, 'print-html.png'));
  } finally {
    await browser.deleteSession();
  }
});
