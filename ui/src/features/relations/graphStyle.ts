//! How the relationship graph draws each association type and node kind: a colour, a line style
//! and a mark at the destination per type (defined types fixed and told apart without colour,
//! `ext:` and other types from a small palette by name), so that the legend and the canvas say
//! the same; text labels go alongside colour everywhere.

import type { NodeKind } from "../../bindings/NodeKind";

/** A line style cytoscape draws. */
export type LineStyle = "solid" | "dashed" | "dotted";

/** The mark at an edge's destination (cytoscape's arrow shapes). */
export type ArrowShape =
  | "triangle"
  | "vee"
  | "diamond"
  | "tee"
  | "circle"
  | "square"
  | "triangle-tee"
  | "circle-triangle"
  | "chevron"
  | "none";

/** How one association type is drawn. */
export interface TypeStyle {
  colour: string;
  line: LineStyle;
  /** The mark at the destination. */
  arrow: ArrowShape;
}

/**
 * The defined types: each pair differs by its line or its mark, never by colour alone (WCAG 1.4.1),
 * so that the graph reads in grey, in forced colours and to a reader who does not see colour; each
 * colour 3:1 or more on the light and the dark theme's background (WCAG 1.4.11).
 */
const DEFINED: Record<string, TypeStyle> = {
  isChildOf: { colour: "#7d8590", line: "solid", arrow: "triangle" },
  isPartOf: { colour: "#8250df", line: "solid", arrow: "diamond" },
  precedes: { colour: "#0969da", line: "solid", arrow: "vee" },
  exactMatchOf: { colour: "#1a7f37", line: "solid", arrow: "none" },
  isRelatedTo: { colour: "#bc4c00", line: "dashed", arrow: "none" },
  isPeerOf: { colour: "#1b7c83", line: "dotted", arrow: "none" },
  replacedBy: { colour: "#cf222e", line: "dashed", arrow: "tee" },
  exemplar: { colour: "#9a6700", line: "dotted", arrow: "triangle" },
  hasSkillLevel: { colour: "#6e7781", line: "dashed", arrow: "square" },
  isTranslationOf: { colour: "#bf3989", line: "dashed", arrow: "circle" },
};

/** The colours of the other types, by name; like the defined ones, 3:1 or more on both themes' backgrounds. */
export const PALETTE: readonly string[] = ["#a475f9", "#e16f24", "#2da44e", "#ad8200", "#218bff", "#fa4549"];
const LINES: LineStyle[] = ["dashed", "dotted"];
/** Marks no defined type uses: an `ext:` type never looks like a defined one without its colour. */
const EXTENSION_ARROWS: ArrowShape[] = ["triangle-tee", "circle-triangle", "chevron"];

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/** The defined types' names. */
export const DEFINED_TYPES: readonly string[] = Object.keys(DEFINED);

/** The style of `associationType`. */
export function typeStyle(associationType: string): TypeStyle {
  const defined = DEFINED[associationType];
  if (defined) return defined;
  const h = hash(associationType);
  return {
    colour: PALETTE[h % PALETTE.length] as string,
    line: LINES[h % LINES.length] as LineStyle,
    arrow: EXTENSION_ARROWS[Math.floor(h / LINES.length) % EXTENSION_ARROWS.length] as ArrowShape,
  };
}

/** How each kind of node is told apart (shape and border), with the words the legend uses. */
export const KIND_STYLE: Record<NodeKind, { shape: string; border: LineStyle; label: string }> = {
  document: { shape: "round-rectangle", border: "solid", label: "Framework document" },
  item: { shape: "ellipse", border: "solid", label: "Item of this framework" },
  external: { shape: "diamond", border: "dashed", label: "Outside the framework" },
  unknown: { shape: "octagon", border: "dotted", label: "Unknown end" },
};
