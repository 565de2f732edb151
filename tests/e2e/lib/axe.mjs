// axe-core in the real window: its source injected through WebDriver, run on the whole document
// against the WCAG 2.1 A and AA rules, its violations answered in a form a failing assertion can
// print (rule, impact, help, and each node's selector and summary).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets run: tags are not cumulative in axe, so every level is named. */
export const WCAG21AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules turned off, each only as a false positive shown here with the axe issue it matches.
 * (None so far: every finding was a real one and was fixed in the UI.)
 */
export const FALSE_POSITIVES = {};

/** Puts axe into the page when it is not there yet (a reload or a new window drops it). */
async function inject(browser) {
  const present = await browser.execute(() => typeof window.axe === 'object');
  if (!present) await browser.execute(AXE_SOURCE);
}

/**
 * Runs axe on the window's document and answers its violations, each as
 * `{ id, impact, help, nodes: [{ target, summary }] }`. Waits for no animation: the window's
 * state is whatever the caller waited for.
 */
export async function axeViolations(browser) {
  await inject(browser);
  const result = await browser.executeAsync((tags, rules, done) => {
    window.axe
      .run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] })
      .then((r) => done({ violations: r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 200) })),
      })) }))
      .catch((e) => done({ error: String(e && e.stack ? e.stack : e) }));
  }, WCAG21AA, Object.fromEntries(Object.keys(FALSE_POSITIVES).map((id) => [id, { enabled: false }])));
  if (result.error) throw new Error(`axe failed: ${result.error}`);
  return result.violations;
}

/** Violations as lines a failing test prints: view, rule, impact, help, then each node. */
export function describeViolations(view, violations) {
  return violations
    .map((v) => `${view}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes.map((n) => `    ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n')}`)
    .join('\n');
}

/** The themes every view is audited in. */
export const THEMES = ['light', 'dark', 'high-contrast'];

/**
 * Runs axe on what the window shows now in each theme (set as the theme setting sets it, on the
 * document's `data-theme`), then puts the setting's theme back; answers the findings as text.
 */
export async function auditThemes(browser, view) {
  const found = [];
  const setting = await browser.execute(() => document.documentElement.dataset.theme ?? null);
  for (const theme of THEMES) {
    await browser.execute((t) => { document.documentElement.dataset.theme = t; }, theme);
    const violations = await axeViolations(browser);
    if (violations.length > 0) found.push(describeViolations(`${view} [${theme}]`, violations));
  }
  await browser.execute((t) => {
    if (t) document.documentElement.dataset.theme = t; else delete document.documentElement.dataset.theme;
  }, setting);
  return found;
}
