// The app's native dialogs (GTK windows outside the web view, which WebDriver cannot see)
// answered as a user answers them: found by title on the test's X display and answered by
// keyboard through xdotool (OK is Alt+O, Cancel is Escape).

import { execFileSync } from 'node:child_process';

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

/** Waits for the native dialog titled `title` and confirms it (`accept`) or cancels it. */
export async function answerNative(title, accept, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  let id = dialogWindow(title);
  while (!id && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    id = dialogWindow(title);
  }
  if (!id) throw new Error(`no native dialog titled "${title}" showed within ${timeout} ms`);
  execFileSync('xdotool', ['windowfocus', '--sync', id]);
  execFileSync('xdotool', ['key', '--clearmodifiers', accept ? 'alt+o' : 'Escape']);
  const gone = Date.now() + 10_000;
  while (dialogWindow(title) && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 100));
}
