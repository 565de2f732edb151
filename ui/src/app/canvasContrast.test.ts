//! Text drawn in the canvases (the Graph tab's cards, the relations panel's labels, the framework
//! map's segments) is outside what axe can measure, so its contrast is checked here from the
//! theme files themselves: every label colour on every colour it is drawn over, in the light,
//! the dark and the high-contrast theme (WCAG 1.4.3, 4.5:1), and the framework bands that ring the
//! Graph tab's cards against the background (1.4.11, 3:1).

import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { DEFINED_TYPES, PALETTE, typeStyle } from "../features/relations/graphStyle";
import { contrast, over } from "../test/contrast";

/** A theme file's text (the tests run without CSS, so it is read, not imported). */
const read = (name: string) => readFileSync(new URL(name, import.meta.url), "utf8");
const themeCss = read("./theme.css");
const highContrastCss = read("./highContrast.css");

type Tokens = Record<string, string>;

/** The `--name: #hex` declarations of the first rule whose selector is `selector`. */
function tokens(css: string, selector: string): Tokens {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector}`);
  const body = css.slice(start, css.indexOf("}", start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1], m[2]]));
}

const light = tokens(themeCss, ":root");
const dark = { ...light, ...tokens(themeCss, ':root[data-theme="dark"]') };
const highContrast = tokens(highContrastCss, ':root[data-theme="high-contrast"]');
/** Each theme as the canvases read it; high contrast over either system scheme. */
const THEMES: Record<string, Tokens> = {
  light,
  dark,
  "high contrast (light system)": { ...light, ...highContrast },
  "high contrast (dark system)": { ...dark, ...highContrast },
};

function token(theme: Tokens, name: string): string {
  const value = theme[name];
  if (!value) throw new Error(`the theme has no ${name}`);
  return value;
}

it("reads each theme's own colours from the theme files", () => {
  const backgrounds = new Set(Object.values(THEMES).map((theme) => theme["--bg"]));
  expect(backgrounds.size, "light, dark and high contrast each have their background").toBe(3);
  for (const theme of Object.values(THEMES)) expect(Object.keys(theme).length).toBeGreaterThan(20);
});

describe.each(Object.entries(THEMES))("the canvases' text in the %s theme", (_, theme) => {
  const [fg, bg, soft, accent] = ["--fg", "--bg", "--bg-soft", "--accent"].map((n) => token(theme, n)) as [
    string,
    string,
    string,
    string,
  ];

  it("writes the Graph tab's cards at 4.5:1 or more, focused or not", () => {
    // A card is filled with --bg-soft (--bg once explored); the focused one under the accent at 25 %.
    for (const fill of [soft, bg, over(accent, 0.25, soft), over(accent, 0.25, bg)])
      expect(contrast(fg, fill), `${fg} on ${fill}`).toBeGreaterThanOrEqual(4.5);
  });

  it("writes the relations panel's labels at 4.5:1 or more over whatever they cross", () => {
    // A label's backing is --bg at 85 %: at worst an edge, a node or the accent shows through.
    const edge = theme["--graph-edge"];
    const crossed = [
      soft,
      accent,
      token(theme, "--fg-muted"),
      ...(edge ? [edge] : DEFINED_TYPES.map((t) => typeStyle(t).colour)),
      ...(edge ? [] : PALETTE),
    ];
    for (const under of crossed) {
      const backing = over(bg, 0.85, under);
      expect(contrast(fg, backing), `${fg} on ${backing} (the backing over ${under})`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("writes the framework map's labels at 4.5:1 or more on every fill", () => {
    const fills = [...Array.from({ length: 8 }, (_, i) => `--map-${i + 1}`), "--map-none"].map((n) => token(theme, n));
    for (const fill of fills) expect(contrast(fg, fill), `${fg} on ${fill}`).toBeGreaterThanOrEqual(4.5);
  });

  it("rings cards in framework bands at 3:1 or more against the background", () => {
    for (let i = 1; i <= 6; i++) {
      const band = token(theme, `--graph-framework-${i}`);
      expect(contrast(band, bg), `${band} on ${bg}`).toBeGreaterThanOrEqual(3);
    }
  });
});
