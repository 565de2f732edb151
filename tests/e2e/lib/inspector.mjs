// WebKit's remote inspector, for profiling the window's JavaScript: the app started with
// WEBKIT_INSPECTOR_HTTP_SERVER serves its web views' inspector protocol on that port, and the
// ScriptProfiler domain samples every script's stack (about one sample a millisecond of script).
// The page is driven through the same protocol (Runtime.evaluate): WebKitWebDriver reaches the
// web view through the inspector too, and a session cannot start beside an inspector server.
// Only a build with developer extras (a debug build) serves it.

import { spawn } from 'node:child_process';
import WebSocket from 'ws';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The socket paths of the inspectable web views the app on `port` lists (none while it starts). */
export async function inspectablePages(port) {
  const listing = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text()).catch(() => '');
  return [...new Set(listing.match(/socket\/\d+\/\d+\/WebPage/g) ?? [])];
}

/**
 * Starts `binary` on `dataDir` with its inspector on `port`, connects to its main web view and
 * answers that page's handle (see `inspectPage`); its `close()` also ends the app.
 */
export async function inspectApp(binary, dataDir, port) {
  const app = spawn(binary, ['--data-dir', dataDir], {
    env: { ...process.env, WEBKIT_INSPECTOR_HTTP_SERVER: `127.0.0.1:${port}` },
    stdio: 'ignore',
  });
  // The page's socket is listed once the web view loaded.
  for (let i = 0; !(await inspectablePages(port)).includes('socket/1/1/WebPage'); i++) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}`);
    if (i > 300) throw new Error(`no inspectable page on port ${port} after 60 s`);
    await sleep(200);
  }
  const page = await inspectPage(port, 'socket/1/1/WebPage');
  return { ...page, close: () => { page.close(); app.kill(); } };
}

/**
 * Connects to the web view at `socket` of the inspector on `port` and answers its handle:
 * `send(method, params)` (a command's answer), `listen(listener)` (its events),
 * `evaluate(expression)` (its value), `until(expression, what)` (waits for it to be truthy),
 * `profile(action)` (the samples taken while `action` ran), `startProfile()` and
 * `stopProfile()` (the same, around what the caller does) and `close()`.
 */
export async function inspectPage(port, socket) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/${socket}`);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  let target = null;
  let id = 0;
  const waiting = new Map();
  const listeners = new Set();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.method === 'Target.targetCreated') {
      if (message.params.targetInfo.type === 'page') target = message.params.targetInfo.targetId;
    } else if (message.method === 'Target.dispatchMessageFromTarget') {
      const inner = JSON.parse(message.params.message);
      if (inner.id !== undefined && waiting.has(inner.id)) {
        waiting.get(inner.id)(inner);
        waiting.delete(inner.id);
      } else for (const listener of listeners) listener(inner);
    }
  });
  for (let i = 0; !target; i++) {
    if (i > 100) throw new Error('the inspector named no page target');
    await sleep(50);
  }
  // Commands to the page go through the Target domain, wrapped.
  const send = (method, params = {}) => new Promise((resolve) => {
    const inner = { id: ++id, method, params };
    waiting.set(inner.id, resolve);
    ws.send(JSON.stringify({ id: inner.id, method: 'Target.sendMessageToTarget', params: { targetId: target, message: JSON.stringify(inner) } }));
  });
  const evaluate = async (expression) => {
    const answer = await send('Runtime.evaluate', { expression, returnByValue: true });
    if (answer.error || answer.result?.wasThrown) throw new Error(`in the page: ${JSON.stringify(answer.error ?? answer.result.result)}`);
    return answer.result?.result?.value;
  };
  let complete = null;
  const startProfile = async () => {
    complete = new Promise((resolve) => {
      const listener = (message) => {
        if (message.method !== 'ScriptProfiler.trackingComplete') return;
        listeners.delete(listener);
        resolve(message.params.samples?.stackTraces ?? []);
      };
      listeners.add(listener);
    });
    await send('ScriptProfiler.startTracking', { includeSamples: true });
  };
  const stopProfile = async () => {
    await send('ScriptProfiler.stopTracking');
    return complete;
  };
  return {
    send,
    listen: (listener) => listeners.add(listener),
    evaluate,
    async until(expression, what, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await evaluate(expression))) {
        if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
        await sleep(20);
      }
    },
    startProfile,
    stopProfile,
    async profile(action) {
      await startProfile();
      await action();
      return stopProfile();
    },
    close: () => ws.close(),
  };
}

/**
 * Prints the `top` functions of `samples` by samples inclusive (on the stack) and by self (on
 * top), each with its file and line (build the UI with `vite build --minify false` for names).
 */
export function printProfile(samples, top = 40) {
  const self = new Map();
  const inclusive = new Map();
  const name = (frame) => `${frame.name || '(anonymous)'} ${(frame.url || '').split('/').pop()}:${frame.line}`;
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const { stackFrames } of samples) {
    if (stackFrames.length === 0) continue;
    add(self, name(stackFrames[0]));
    for (const key of new Set(stackFrames.map(name))) add(inclusive, key);
  }
  console.log(`${samples.length} samples`);
  for (const [title, map] of [['inclusive', inclusive], ['self', self]]) {
    console.log(`\n${title}:`);
    for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(count).padStart(6)}  ${key}`);
  }
}
