// The window's boundary, played by a hostile page in the real window: a script calls the app's
// own commands through Tauri's invoke with paths it made up (the data folder's files, a home
// folder's .bashrc, secret and key, /etc/passwd, a folder), with grants it made up, and through
// the dialog and opener plugins' own commands; it asks for a typed path to be confirmed, and the
// user cancels the native dialog. Nothing is written, nothing changes, and no byte of any file
// comes back, in an answer or in an error.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { answerNative } from '../lib/native.mjs';

const SECRET = 'SECRET-8f14e45fceea167a';

let driver;
before(async () => { driver = await startDriver(); });
after(async () => { await driver?.stop(); });

/** Every file under `dir`, with its bytes and modification time, as text. */
function snapshot(dir) {
  const out = {};
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[full] = `${statSync(full).mtimeMs}:${readFileSync(full).toString('base64')}`;
    }
  };
  walk(dir);
  return out;
}

/** Calls each of `calls` ([command, args]) from the page as a script would; each answer or error as JSON text. */
async function invokeAll(browser, calls) {
  return browser.execute(async (calls) => {
    const internals = window.__TAURI_INTERNALS__;
    const answers = [];
    for (const [command, args] of calls) {
      const withChannel = { ...args };
      if ('onProgress' in withChannel) withChannel.onProgress = `__CHANNEL__:${internals.transformCallback(() => {})}`;
      try {
        answers.push({ command, ok: true, text: JSON.stringify(await internals.invoke(command, withChannel)) });
      } catch (error) {
        answers.push({ command, ok: false, text: JSON.stringify(error) });
      }
    }
    return answers;
  }, calls);
}

test('a page that names files writes nothing and reads nothing', async () => {
  const dataDir = freshDataDir('boundary');
  const home = mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-home-'));
  mkdirSync(path.join(home, '.ssh'));
  writeFileSync(path.join(home, '.bashrc'), `# ${SECRET}\nexport PATH\n`);
  writeFileSync(path.join(home, '.ssh', 'id_ed25519'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n`);
  writeFileSync(path.join(home, 'secret.json'), JSON.stringify({ CFDocument: { title: SECRET } }));
  const browser = await launch(driver, dataDir);
  try {
    await browser.$('[aria-label="Frameworks"] .fw-title').waitForExist({ timeout: 60_000 });
    const cache = path.join(dataDir, 'cache.sqlite');
    const before = snapshot(home);

    const named = [cache, dataDir, path.join(home, '.bashrc'), path.join(home, '.ssh', 'id_ed25519'),
      path.join(home, 'secret.json'), home, '/etc/passwd', 'read-1', 'write-1', 'write-2', ''];
    const key = { connection: 'Built-in sandbox', identifier: 'anything' };
    const bytes = [...Buffer.from(`echo ${SECRET}`)];
    const calls = [];
    for (const name of named) {
      for (const field of ['grant', 'path']) {
        calls.push(['write_file', { [field]: name, bytes }]);
        calls.push(['write_workbook', { [field]: name, sheets: [{ name: 'x', columns: ['a'], rows: [['x']] }] }]);
        calls.push(['export_framework_csv', { key, subtree: null, [field]: name, onProgress: true }]);
        calls.push(['export_framework_xlsx', { key, subtree: null, [field]: name, onProgress: true }]);
        calls.push(['export_framework_package', { key, [field]: name }]);
        calls.push(['export_rosters', { connection: 'Built-in sandbox', [field]: name, onProgress: true }]);
        calls.push(['import_row', { [field]: name, file: 'users.csv', line: 2 }]);
        calls.push(['reveal_file', { [field]: name }]);
      }
      for (const field of ['grants', 'paths']) {
        calls.push(['import_files', { connection: 'x', [field]: [name], force: true, onProgress: true }]);
        calls.push(['check_files', { [field]: [name] }]);
      }
      // The plugins' own file commands, which the capability does not grant.
      calls.push(['plugin:dialog|save', { options: { defaultPath: name } }]);
      calls.push(['plugin:dialog|open', { options: { defaultPath: name } }]);
      calls.push(['plugin:opener|reveal_item_in_dir', { paths: [name] }]);
      calls.push(['plugin:opener|open_path', { path: name }]);
      if (name === '') continue; // no certificate at all: a connection form like any other
      const form = { name: 'Hostile', baseUrl: 'https://127.0.0.1:9', tokenUrl: null, clientId: 'c', clientSecret: 's',
        scopes: [], dialect: 'spec', basePaths: { competency: null, rostering: null, gradebook: null, resources: null },
        caCert: name, anonymous: false };
      calls.push(['connection_save', { form, original: null }]);
      calls.push(['connection_test_form', { form, original: null }]);
    }
    const answers = await invokeAll(browser, calls);
    assert.equal(answers.length, calls.length);
    for (const answer of answers) {
      assert.equal(answer.ok, false, `${answer.command} was answered: ${answer.text}`);
      assert.ok(!answer.text.includes(SECRET) && !answer.text.includes('root:x:0'), `a file's bytes came back: ${answer.text}`);
    }

    // The page asks for a typed path to be confirmed; the user says no in the native dialog.
    const pending = browser.execute((target) => window.__TAURI_INTERNALS__.invoke('confirm_typed_path',
      { path: target, purpose: 'save' }), path.join(home, '.bashrc'));
    await answerNative('Save to this file?', false);
    assert.equal(await pending, null, 'cancelled: no grant');
    await screenshot(browser, 'boundary-after');
    const again = await invokeAll(browser, [['write_file', { grant: 'write-1', bytes }]]);
    assert.equal(again[0].ok, false, again[0].text);

    assert.deepEqual(snapshot(home), before, 'nothing at home was written or changed');
    // The app writes its own cache (the first launch's sync); the page's bytes never went there.
    assert.equal(readFileSync(cache).subarray(0, 15).toString(), 'SQLite format 3', 'the cache is still a database');
    const listed = await invokeAll(browser, [['connections_list', {}], ['list_frameworks', {}]]);
    assert.ok(listed.every((a) => a.ok && !a.text.includes('Hostile') && !a.text.includes(SECRET)), JSON.stringify(listed));
  } finally {
    await browser.deleteSession();
    rmSync(home, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});
