// The app around the window: its size, position and pane sizes survive a restart (even one
// that kills the app), a second launch on the default data folder brings the first window
// forward instead of opening another, and a web process that dies is replaced by a reload.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appBinary, freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { waitForTree } from '../lib/explorer.mjs';
import { startSecretService } from '../lib/keyring.mjs';

const stops = [];
after(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** The framework list's splitter once the window shows the open framework. */
async function sidebarSplitter(browser) {
  await waitForTree(browser, 120_000);
  return browser.$('[role="separator"][aria-label="Resize the framework list"]');
}

test('the window size, position and pane sizes survive a restart', async () => {
  const driver = await startDriver();
  stops.push(() => driver.stop());
  const dataDir = freshDataDir('window');
  let browser = await launch(driver, dataDir);
  let splitter;
  let wanted;
  let width;
  try {
    splitter = await sidebarSplitter(browser);
    await browser.setWindowRect(40, 30, 1100, 700);
    wanted = await browser.getWindowRect();
    assert.deepEqual([wanted.width, wanted.height], [1100, 700], 'the window took the size asked for');

    const before = Number(await splitter.getAttribute('aria-valuenow'));
    await browser.execute((el) => el.focus(), splitter);
    // One key per call: WebdriverIO presses a list's keys together, and a key held is one press.
    for (let i = 0; i < 3; i++) await browser.keys('ArrowRight');
    await browser.waitUntil(async () => Number(await splitter.getAttribute('aria-valuenow')) === before + 48, {
      timeout: 5_000,
      timeoutMsg: 'the arrow keys did not widen the framework list',
    });
    width = before + 48;
    // The geometry is saved half a second after the last move; the web view's storage within
    // about a second.
    await browser.waitUntil(() => existsSync(path.join(dataDir, 'window-state.json')), {
      timeout: 10_000,
      timeoutMsg: 'the window state was not saved in the data folder',
    });
    await new Promise((r) => setTimeout(r, 2_000));
  } finally {
    // Ending the session kills the app: nothing is saved at exit.
    await browser.deleteSession();
  }

  browser = await launch(driver, dataDir);
  try {
    splitter = await sidebarSplitter(browser);
    const rect = await browser.getWindowRect();
    await screenshot(browser, 'window-restored');
    assert.deepEqual(
      { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      { x: wanted.x, y: wanted.y, width: wanted.width, height: wanted.height },
      'the window came back where it was',
    );
    assert.equal(Number(await splitter.getAttribute('aria-valuenow')), width, 'the framework list kept its width');
    assert.ok(existsSync(path.join(dataDir, 'webview')), 'the web view keeps its storage in the data folder');
  } finally {
    await browser.deleteSession();
  }
});

/** The lines of every log file under `folder`. */
function logText(folder) {
  if (!existsSync(folder)) return '';
  return readdirSync(folder)
    .map((name) => readFileSync(path.join(folder, name), 'utf8'))
    .join('\n');
}

test('a second launch brings the first window forward', async () => {
  // The default data folder, in a home of the test's own, with a session bus of its own (the
  // single-instance plugin meets the second launch on D-Bus) and a keyring on it.
  const keyring = await startSecretService();
  stops.push(() => keyring.stop());
  const home = freshDataDir('home');
  const env = {
    ...keyring.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
  };
  const driver = await startDriver(env);
  stops.push(() => driver.stop());
  const browser = await launch(driver, null);
  try {
    await sidebarSplitter(browser);
    const title = await browser.getTitle();

    const second = spawn(appBinary, [], { env: { ...process.env, ...env }, stdio: 'ignore' });
    const code = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        second.kill();
        reject(new Error('the second launch did not end within 30 s: it opened a window of its own'));
      }, 30_000);
      second.once('exit', (status) => {
        clearTimeout(timer);
        resolve(status);
      });
    });
    assert.equal(code, 0, 'the second launch ended quietly');

    const logs = path.join(env.XDG_DATA_HOME, 'org.cairn.explorer', 'logs');
    await browser.waitUntil(() => logText(logs).includes('a second launch brought this window forward'), {
      timeout: 10_000,
      timeoutMsg: `the first window was not told of the second launch (logs in ${logs})`,
    });
    assert.equal(await browser.getTitle(), title, 'the first window still answers');
  } finally {
    await browser.deleteSession();
  }
});

test('a web process that dies is replaced: the page reloads and starts again', async () => {
  const driver = await startDriver();
  stops.push(() => driver.stop());
  const dataDir = freshDataDir('web-process');
  const browser = await launch(driver, dataDir);
  const logs = path.join(dataDir, 'logs');
  const starts = () => logText(logs).split('\n').filter((line) => line.includes("the window's page started")).length;
  try {
    await waitForTree(browser, 120_000);
    assert.equal(starts(), 1, 'the page started once');

    // The app on this data folder, and its web process (a child of it), killed as a crash would.
    const app = processes().find((p) => p.comm === 'cairn-app' && p.args.includes(dataDir));
    assert.ok(app, 'the app runs');
    const webProcesses = () => processes().filter((p) => p.ppid === app.pid && p.comm.startsWith('WebKitWebProces'));
    const [web, ...others] = webProcesses();
    assert.ok(web && others.length === 0, 'the window has one web process');
    process.kill(web.pid, 'SIGKILL');

    // WebDriver's session ends with the page's process: the log and the processes tell the rest.
    const until = async (done, what) => {
      for (let waited = 0; !done(); waited += 250) {
        if (waited > 60_000) throw new Error(`${what} (logs in ${logs})`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    await until(() => logText(logs).includes("the window's web process ended (Crashed); the page is reloaded"), 'the ending was not logged');
    await until(() => starts() === 2, 'the reloaded page did not start again');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = webProcesses();
    assert.ok(now.length === 1 && now[0].pid !== web.pid, 'a new web process draws the window, and stays');
  } finally {
    await browser.deleteSession().catch(() => {}); // the session ended with the page's process
  }
});

/** Every process: its id, parent, command name (as the kernel truncates it) and arguments. */
function processes() {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return [{ pid: Number(pid), ppid, comm, args }];
    } catch {
      return []; // ended meanwhile
    }
  });
}
