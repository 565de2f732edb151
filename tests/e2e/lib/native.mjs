// The app's native dialogs (GTK windows outside the web view, which WebDriver cannot see)
// answered as a user answers them: found by title on the test's X display and answered by
// keyboard through xdotool (OK is Alt+O, Cancel is Escape; a file chooser takes a path after
// Ctrl+L). A key sent before GTK has given the window focus is lost, so each answer is sent
// again until the dialog is gone.

import { execFileSync } from 'node:child_process';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The X window of the visible native dialog titled `title`, or null. */
function dialogWindow(title) {
  try {
    const pattern = `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`; // xdotool matches a regular expression
    const ids = execFileSync('xdotool', ['search', '--onlyvisible', '--name', pattern], { encoding: 'utf8' });
    return ids.trim().split('\n').filter(Boolean)[0] ?? null;
  } catch {
    return null; // xdotool exits 1 when nothing matches
  }
}

/** Waits for the dialog titled `title`, then gives it `keys` (xdotool arguments, run in
 * order) until it closes. */
async function answer(title, keys, timeout) {
  const deadline = Date.now() + timeout;
  let id = dialogWindow(title);
  while (!id && Date.now() < deadline) {
    await pause(200);
    id = dialogWindow(title);
  }
  if (!id) throw new Error(`no native dialog titled "${title}" showed within ${timeout} ms`);
  while (Date.now() < deadline) {
    await pause(300); // let GTK map and focus it
    execFileSync('xdotool', ['windowfocus', '--sync', id]);
    for (const args of keys) execFileSync('xdotool', args);
    for (let i = 0; i < 20 && dialogWindow(title); i += 1) await pause(100);
    if (!dialogWindow(title)) return;
  }
  throw new Error(`the native dialog "${title}" did not close`);
}

/** Waits for the native dialog titled `title` and confirms it (`accept`) or cancels it. */
export async function answerNative(title, accept, timeout = 20_000) {
  await answer(title, [['key', '--clearmodifiers', accept ? 'alt+o' : 'Escape']], timeout);
}

/** Waits for the system's print dialog titled `title` and prints (Return: its default button). */
export async function printNative(title, timeout = 30_000) {
  await answer(title, [['key', '--clearmodifiers', 'Return']], timeout);
}

/** Waits for the native file chooser titled `title` and opens `file` in it. */
export async function chooseFileNative(title, file, timeout = 20_000) {
  await answer(title, [['key', '--clearmodifiers', 'ctrl+l'], ['type', '--delay', '10', file], ['key', 'Return']], timeout);
}

/** Waits for the native save dialog titled `title` and saves as `file` (a whole path typed over
 * the suggested name, which GTK's name field takes). */
export async function saveFileNative(title, file, timeout = 20_000) {
  await answer(title, [['key', '--clearmodifiers', 'ctrl+a'], ['type', '--delay', '10', file], ['key', 'Return']], timeout);
}

/**
 * Asks the app's window titled `title` to close, as a window manager's close button does (a
 * WM_DELETE_WINDOW message; Xvfb has no window manager): the app sees a close request it may hold.
 */
export function closeWindowNative(title) {
  const pattern = `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const ids = execFileSync('xdotool', ['search', '--onlyvisible', '--name', pattern], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  if (ids.length === 0) throw new Error(`no window titled "${title}"`);
  const tool = new URL('../tools/wm-delete-window.py', import.meta.url).pathname;
  // The system's Python, whatever else is first on PATH: it needs only libX11.
  execFileSync('/usr/bin/python3', [tool, ...ids], { stdio: 'inherit' });
}
