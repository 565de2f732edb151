//! What the two graph canvases (the relations panel's and the Graph tab's) take from the theme:
//! its colours, read when a canvas styles itself; the rules that draw each association type; and
//! a watch that restyles a canvas when the theme changes.

import type cytoscape from "cytoscape";

import { typeStyle } from "./graphStyle";

/** The value of the CSS variable `name` on `element`, else `fallback`. */
export function cssVar(element: HTMLElement, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
}

/** The theme's colours a canvas draws with. */
export interface CanvasColours {
  fg: string;
  bg: string;
  soft: string;
  accent: string;
  muted: string;
  /** One colour for every association type where the theme gives one (high contrast), else "". */
  edge: string;
}

/** The theme's colours as `container` sees them now. */
export function canvasColours(container: HTMLElement): CanvasColours {
  return {
    fg: cssVar(container, "--fg", "#1b1f24"),
    bg: cssVar(container, "--bg", "#ffffff"),
    soft: cssVar(container, "--bg-soft", "#f4f5f7"),
    accent: cssVar(container, "--accent", "#0b5cad"),
    muted: cssVar(container, "--fg-muted", "#57606a"),
    edge: cssVar(container, "--graph-edge", ""),
  };
}

/** How many band colours the theme defines (`--graph-framework-1` …); frameworks past it reuse them. */
export const BAND_COLOURS = 6;

/** The CSS variable of the band colour at `index` (a framework's place in the legend). */
export function bandVar(index: number): string {
  return `--graph-framework-${(index % BAND_COLOURS) + 1}`;
}

/**
 * The rules ringing the nodes of band `i` (the Graph tab's frameworks, in the legend's order) in
 * the theme's `--graph-framework-<i+1>`: an outline outside the node's border, which keeps telling
 * the node's kind (line style), its "+N more" (double) and the start (accent).
 */
export function frameworkBandRules(container: HTMLElement): cytoscape.StylesheetJson {
  return Array.from({ length: BAND_COLOURS }, (_, i) => ({
    selector: `node[band = ${i}]`,
    style: {
      "outline-color": cssVar(container, bandVar(i), "#0072b2"),
      "outline-width": 5,
      "outline-offset": 2,
      "outline-opacity": 1,
    },
  }));
}

/** The rules drawing the edges of class `t<i>` as `types[i]`: its colour (or the theme's one edge colour), line and arrow. */
export function edgeTypeRules(types: string[], edge: string): cytoscape.StylesheetJson {
  return types.map((type, i) => {
    const style = typeStyle(type);
    return {
      selector: `edge.t${i}`,
      style: {
        "line-color": edge || style.colour,
        "line-style": style.line,
        "target-arrow-color": edge || style.colour,
        "target-arrow-shape": style.arrow,
      },
    };
  });
}

/**
 * Calls `onChange` when the theme changes while a canvas is shown (the setting's `data-theme`,
 * or the system's light or dark); answers what stops watching.
 */
export function watchTheme(onChange: () => void): () => void {
  const setting = new MutationObserver(onChange);
  setting.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  const system = typeof window.matchMedia === "function" ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  system?.addEventListener("change", onChange);
  return () => {
    setting.disconnect();
    system?.removeEventListener("change", onChange);
  };
}
