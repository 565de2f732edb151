// The system's wishes reach the real window (WCAG 1.4.3/1.4.11 through the system's contrast
// setting, 2.3.3 Animation from interactions): WebKitGTK answers `prefers-contrast: more` when
// GTK's theme is HighContrast (or HighContrastInverse) and `prefers-reduced-motion: reduce` when
// GTK's animations are off. Both are GTK settings, given here as a user's `gtk-3.0/settings.ini`
// (an `XDG_CONFIG_HOME` of the test's own): with the theme setting at "Follow the system", the
// window turns high contrast (muted text at 7:1 or more on its background), has no transitions,
// and axe finds nothing. A launch without that file is the control: none of it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import { axeViolations, describeViolations } from '../lib/axe.mjs';
import { waitForTree } from '../lib/explorer.mjs';

let config;
before(() => {
  config = mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-gtk-'));
  mkdirSync(path.join(config, 'gtk-3.0'));
  writeFileSync(
    path.join(config, 'gtk-3.0', 'settings.ini'),
    '[Settings]\ngtk-theme-name=HighContrast\ngtk-enable-animations=false\n',
  );
});
after(() => { if (config) rmSync(config, { recursive: true, force: true }); });

/** The WCAG contrast ratio of two computed `rgb(r, g, b)` colours. */
function contrast(a, b) {
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((c) => Number(c) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** What the window says of the system's wishes and how it answered them. */
function wishes(browser) {
  return browser.execute(() => {
    const root = document.documentElement;
    const probe = document.createElement('div');
    probe.className = 'bar-fill';
    probe.style.color = 'var(--fg-muted)';
    probe.style.backgroundColor = 'var(--bg)';
    document.body.append(probe);
    const computed = getComputedStyle(probe);
    const [transition, muted, background] = [computed.transitionProperty, computed.color, computed.backgroundColor];
    probe.remove();
    return {
      moreContrast: window.matchMedia('(prefers-contrast: more)').matches,
      lessMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      theme: root.dataset.theme ?? null,
      muted,
      background,
      transition,
    };
  });
}

/** Launches the app on a fresh data folder with `env` and answers what `wishes` saw once the
 * first launch opened the demo framework (the theme setting left at "Follow the system"). */
async function launchWith(env, name) {
  const driver = await startDriver(env);
  let browser;
  try {
    browser = await launch(driver, freshDataDir(name));
    await waitForTree(browser);
    return { seen: await wishes(browser), browser, driver };
  } catch (e) {
    await browser?.deleteSession().catch(() => {});
    await driver.stop();
    throw e;
  }
}

test('a high-contrast GTK theme and animations off: "Follow the system" turns high contrast with no motion, and axe finds nothing', async () => {
  const { seen, browser, driver } = await launchWith({ XDG_CONFIG_HOME: config }, 'system-wishes');
  try {
    assert.equal(seen.moreContrast, true, 'WebKitGTK answers prefers-contrast: more for the HighContrast theme');
    assert.equal(seen.lessMotion, true, 'WebKitGTK answers prefers-reduced-motion: reduce with animations off');
    assert.equal(seen.theme, 'high-contrast', 'the window follows the system into its high-contrast theme');
    const ratio = contrast(seen.muted, seen.background);
    assert.ok(ratio >= 7, `muted text ${seen.muted} on ${seen.background}: ${ratio.toFixed(1)}:1, under 7:1`);
    assert.equal(seen.transition, 'none', 'no transitions');
    await screenshot(browser, 'system-high-contrast');
    const violations = await axeViolations(browser);
    assert.deepEqual(violations, [], describeViolations('the explorer, the system asking for more contrast', violations));
  } finally {
    await browser.deleteSession().catch(() => {});
    await driver.stop();
  }
});

test('the control: without those GTK settings the window keeps its own theme and its motion', async () => {
  const { seen, browser, driver } = await launchWith({}, 'system-wishes-control');
  try {
    assert.equal(seen.moreContrast, false);
    assert.equal(seen.lessMotion, false);
    assert.equal(seen.theme, null, 'the system\'s light or dark, not high contrast');
    assert.notEqual(seen.transition, 'none');
  } finally {
    await browser.deleteSession().catch(() => {});
    await driver.stop();
  }
});
