// The package as a user gets it: the app and the command line installed by apt from the .deb
// (scripts/test-package.sh installs it and points CAIRN_APP_BIN and CAIRN_CLI_BIN at
// /usr/bin), run with a clean home and no repository in sight. The first launch starts the
// built-in sandbox, syncs it and shows the demo framework; the data goes where the XDG base
// directories say; nothing is written next to the binaries; About names the version and commit;
// `cairn serve --demo` from the package serves what `cairn sync` reads.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { appBinary, cliBinary, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { currentFramework, waitForTree } from '../lib/explorer.mjs';
import { startSecretService } from '../lib/keyring.mjs';

const version = process.env.CAIRN_PACKAGE_VERSION;
const commit = process.env.CAIRN_PACKAGE_COMMIT;
const stops = [];
after(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A clean home of the test's own, removed at the end. */
function cleanHome(name) {
  const home = mkdtempSync(path.join(os.tmpdir(), `cairn-installed-${name}-`));
  stops.push(async () => rmSync(home, { recursive: true, force: true }));
  return home;
}

/** What is in the binaries' folder, to show that running them writes nothing there. */
function binFolder() {
  return readdirSync(path.dirname(appBinary)).sort();
}

/** The titles of the frameworks the package embeds (assets/frameworks/), which the sandbox serves. */
function bundledTitles() {
  const folder = path.join(root, 'assets', 'frameworks');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const json = JSON.parse(readFileSync(path.join(folder, f), 'utf8'));
      return (json.CFDocument ?? json.CFPackage?.CFDocument).title;
    });
}

test('the installed binaries are the packaged release', () => {
  assert.ok(appBinary.startsWith('/usr/bin/') && cliBinary.startsWith('/usr/bin/'), `${appBinary} ${cliBinary}`);
  const line = execFileSync(cliBinary, ['--version'], { encoding: 'utf8' }).trim();
  assert.equal(line, `cairn ${version} (commit ${commit})`);
});

test('the first launch of the installed app shows the demo framework', async () => {
  const before = binFolder();
  const keyring = await startSecretService();
  stops.push(() => keyring.stop());
  const home = cleanHome('app');
  // Only HOME: the XDG folders take their defaults under it, as on a new account.
  const env = { ...keyring.env, HOME: home, XDG_DATA_HOME: '', XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '' };
  const driver = await startDriver(env);
  stops.push(() => driver.stop());
  const browser = await launch(driver, null);
  try {
    await waitForTree(browser, 180_000);
    assert.match(await currentFramework(browser), /^Cairn Demo Mathematics/);
    const listed = await browser.execute(() =>
      [...document.querySelectorAll('[aria-label="Frameworks"] .fw-title')].map((e) => e.textContent),
    );
    for (const title of bundledTitles()) assert.ok(listed.includes(title), `${title} is not among ${listed}`);
    await screenshot(browser, 'installed-first-launch');

    // Settings → About: the version and the commit of the package.
    await browser.$('nav[aria-label="Areas"] [aria-label="Settings"]').click();
    const shown = await browser.$('[data-testid="about-version"]');
    await shown.waitForExist({ timeout: 10_000 });
    await shown.scrollIntoView();
    assert.equal(await shown.getText(), version);
    assert.equal(await browser.$('[data-testid="about-commit"]').getText(), commit);
    await screenshot(browser, 'installed-about');
  } finally {
    await browser.deleteSession();
  }
  const data = path.join(home, '.local', 'share', 'org.cairn.explorer');
  assert.ok(existsSync(path.join(data, 'cache.sqlite')), `the cache is in the XDG data folder (${data}): ${readdirSync(data)}`);
  assert.deepEqual(binFolder(), before, 'nothing was written next to the binaries');
});

test('cairn serve --demo from the package serves what cairn sync reads', async () => {
  const home = cleanHome('cli');
  const server = spawn(cliBinary, ['serve', '--demo', '--listen', '127.0.0.1:0', '--client', 'me:pw'], {
    cwd: home,
    env: { ...process.env, HOME: home },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stops.push(async () => server.kill());
  const ready = JSON.parse(
    await new Promise((resolve, reject) => {
      readline.createInterface({ input: server.stdout }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code}`)));
    }),
  );
  const db = path.join(home, 'cache.sqlite');
  const out = execFileSync(
    cliBinary,
    ['sync', '--base-url', ready.base_url, '--client-id', 'me', '--client-secret-env', 'CAIRN_SECRET', '--ca-cert', ready.ca_cert, '--db', db],
    { encoding: 'utf8', env: { ...process.env, HOME: home, CAIRN_SECRET: 'pw' }, cwd: home },
  );
  assert.match(out, /CFDocuments|documents/i, out);
  // The demo's rosters and its frameworks: the generated one and every bundled real one.
  const stats = execFileSync(cliBinary, ['stats', '--db', db], { encoding: 'utf8', cwd: home });
  const count = (name) => Number(new RegExp(`(\\d+)\\s+${name}\\b`).exec(stats)?.[1] ?? 0);
  assert.ok(count('CFDocuments') >= 7 && count('users') > 300 && count('classes') > 0, stats);
});
