// The full-size graph (the main pane's Graph tab) as a user sees it, for the end-to-end tests and
// the bench: what it has drawn, the focused node, the announcement, the list view.

export const GRAPH_VIEW = 'section.graph-explorer';

/**
 * Waits until the Graph tab has drawn `until` (a predicate on the state, or any drawing) and
 * answers it: the node count the view reports, the ms the last drawing took, the nodes on the
 * canvas with their data and places, the focused node, the announcement and what the drawing's
 * focused part (its active descendant, `ActivePart`) reads: its name and description.
 */
export async function graphViewState(browser, until = () => true, timeout = 30_000) {
  let state = null;
  await browser.waitUntil(async () => {
    state = await browser.execute((view) => {
      const size = document.querySelector(`${view} [aria-label="Graph size"]`);
      const host = document.querySelector(`${view} .graph-canvas`);
      const list = document.querySelector(`${view} [aria-label="Graph as a list"]`);
      const cy = document.querySelector(`${view} .graph-surface`)?.cy;
      if (!size || (!list && (!cy || size.dataset.drawnMs === ''))) return null;
      return {
        reported: Number(size.dataset.nodes),
        drawnMs: size.dataset.drawnMs === '' ? null : Number(size.dataset.drawnMs),
        nodes: cy ? cy.nodes().map((n) => ({ id: n.id(), label: n.data('label'), hidden: n.data('hidden'), grown: n.data('grown'), root: n.data('root'), x: n.position('x'), y: n.position('y') })) : [],
        edges: cy ? cy.edges().map((e) => ({ source: e.data('source'), target: e.data('target'), type: e.data('type') })) : [],
        zoom: cy ? cy.zoom() : null,
        focus: host?.dataset.focus ?? null,
        announcement: document.querySelector(`${view} [aria-label="Graph announcement"]`)?.textContent ?? '',
        part: (() => {
          const option = host && document.getElementById(host.getAttribute('aria-activedescendant') ?? '');
          if (!option) return null;
          const how = option.getAttribute('aria-describedby');
          return { name: option.getAttribute('aria-label'), description: how ? document.getElementById(how)?.textContent ?? '' : '' };
        })(),
        listItems: list ? list.querySelectorAll(':scope > li').length : null,
        busy: size.textContent.includes('loading'),
      };
    }, GRAPH_VIEW);
    return state !== null && !state.busy && until(state);
  }, { timeout, interval: 100, timeoutMsg: 'the graph view never drew what was awaited' });
  return state;
}

/** Puts the keyboard's focus on the drawing (as Tab would) and presses `keys` one by one. */
export async function pressOnGraph(browser, ...keys) {
  await browser.execute((view) => document.querySelector(`${view} .graph-canvas`)?.focus(), GRAPH_VIEW);
  for (const key of keys) await browser.keys(key);
}

/** Clicks the Graph tab's toolbar button named `name`. */
export async function graphButton(browser, name) {
  for (const button of await browser.$$(`${GRAPH_VIEW} [role="toolbar"] button`)) {
    if ((await button.getText()).trim() === name) {
      await button.waitForClickable({ timeout: 10_000 });
      await button.click();
      return;
    }
  }
  throw new Error(`no button ${name} in the graph's toolbar`);
}

/**
 * In the page (run through WebDriver or the inspector): pans and zooms the drawing for `frames`
 * frames at `zoom` (null: fitted) as a user does — a mouse drag across the canvas for 30 frames, then the wheel for 30 (a step each
 * frame), alternately in and out — through DOM events that cytoscape's own handlers take (so it
 * pans and zooms over its bitmap of the drawing while the gesture lasts, and draws anew when it
 * ends), and calls `done` with each frame's interval in ms, the redraws after each gesture
 * included.
 */
export function panAndZoomInPage(view, frames, zoom, done) {
  const host = document.querySelector(`${view} .graph-surface`);
  const cy = host.cy;
  if (zoom === null) host.graph.fit(); // as the Fit button does: the whole drawing in view
  else cy.zoom({ level: zoom, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  const box = host.getBoundingClientRect();
  const target = host.querySelector('canvas:last-of-type') ?? host;
  const at = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  const mouse = (type, x, y) => (type === 'mousedown' ? target : window).dispatchEvent(new MouseEvent(type, {
    bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, buttons: type === 'mouseup' ? 0 : 1, view: window,
  }));
  const wheel = (deltaY) => target.dispatchEvent(new WheelEvent('wheel', {
    bubbles: true, cancelable: true, clientX: at.x, clientY: at.y, deltaY, deltaMode: 0, view: window,
  }));
  const times = [];
  let last = null;
  let i = 0;
  let dragged = { x: at.x, y: at.y };
  const step = (now) => {
    if (last !== null) times.push(now - last);
    last = now;
    const phase = Math.floor(i / 30) % 4;
    const first = i % 30 === 0;
    // A drag ends when its 30 frames do.
    if (first && i > 0 && (phase === 1 || phase === 3)) mouse('mouseup', dragged.x, dragged.y);
    if (i >= frames) return done(times);
    if (phase === 0 || phase === 2) {
      const sign = phase === 0 ? 1 : -1;
      if (first) {
        dragged = { x: at.x, y: at.y };
        mouse('mousedown', dragged.x, dragged.y);
      }
      dragged = { x: dragged.x + 6 * sign, y: dragged.y + 3 * sign };
      mouse('mousemove', dragged.x, dragged.y);
    } else {
      wheel(phase === 1 ? -8 : 8);
    }
    i++;
    requestAnimationFrame(step);
  };
  // The fit or zoom above is drawn first: the frames timed are the gestures'.
  setTimeout(() => requestAnimationFrame(step), 500);
}

/**
 * In the page: the intervals of `frames` frames in which nothing is asked to draw (the same view,
 * no gesture), in ms — the control for `panAndZoomInPage`: what the machine, the X server and the
 * web view cost a frame on their own.
 */
export function idleFramesInPage(frames, done) {
  const times = [];
  let last = null;
  const step = (now) => {
    if (last !== null) times.push(now - last);
    last = now;
    if (times.length >= frames) return done(times);
    requestAnimationFrame(step);
  };
  setTimeout(() => requestAnimationFrame(step), 500);
}

/**
 * In the page: the intervals of `frames` frames in which a canvas of the drawing's size over the
 * Graph tab copies a bitmap of the drawing, shifted a little each frame, in ms — the second
 * control for `panAndZoomInPage`: the least a frame that moves the drawing costs the web view
 * (one canvas changed and painted), with no cytoscape in it. The canvas goes when done.
 */
export function paintedFramesInPage(view, frames, done) {
  const host = document.querySelector(`${view} .graph-surface`);
  const box = host.getBoundingClientRect();
  const source = [...host.querySelectorAll('canvas')].at(-1);
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height;
  Object.assign(canvas.style, {
    position: 'fixed', left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px`,
    background: 'white', zIndex: 10,
  });
  document.body.append(canvas);
  const bitmap = document.createElement('canvas');
  bitmap.width = source.width;
  bitmap.height = source.height;
  bitmap.getContext('2d').drawImage(source, 0, 0);
  const context = canvas.getContext('2d');
  const times = [];
  let last = null;
  const step = (now) => {
    if (last !== null) times.push(now - last);
    last = now;
    if (times.length >= frames) {
      canvas.remove();
      return done(times);
    }
    const shift = (times.length % 60) * 3;
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, shift, shift / 2);
    requestAnimationFrame(step);
  };
  setTimeout(() => requestAnimationFrame(step), 500);
}
