//! How the relationship graph draws each association type and node kind: a colour and a line
//! style per type (defined types fixed, `ext:` and other types from a small palette by name), so
//! that the legend and the canvas say the same; text labels go alongside colour everywhere.

import type { NodeKind } from "../../bindings/NodeKind";

/** A line style cytoscape draws. */
export type LineStyle = "solid" | "dashed" | "dotted";

/** How one association type is drawn. */
export interface TypeStyle {
  colour: string;
  line: LineStyle;
  /** Whether the edge has an arrow at its destination. */
  arrow: boolean;
}

const DEFINED: Record<string, TypeStyle> = {
  isChildOf: { colour: "#7d8590", line: "solid", arrow: true },
  isPartOf: { colour: "#8250df", line: "solid", arrow: true },
  precedes: { colour: "#0969da", line: "solid", arrow: true },
  exactMatchOf: { colour: "#1a7f37", line: "solid", arrow: false },
  isRelatedTo: { colour: "#bc4c00", line: "dashed", arrow: false },
  isPeerOf: { colour: "#1b7c83", line: "dotted", arrow: false },
  replacedBy: { colour: "#cf222e", line: "dashed", arrow: true },
  exemplar: { colour: "#9a6700", line: "dotted", arrow: true },
  hasSkillLevel: { colour: "#6e7781", line: "dashed", arrow: true },
  isTranslationOf: { colour: "#bf3989", line: "dashed", arrow: true },
};

const PALETTE = ["#a475f9", "#e16f24", "#2da44e", "#d4a72c", "#218bff", "#fa4549"];
const LINES: LineStyle[] = ["dashed", "dotted"];

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/** The style of `associationType`. */
export function typeStyle(associationType: string): TypeStyle {
  const defined = DEFINED[associationType];
  if (defined) return defined;
  const h = hash(associationType);
  return { colour: PALETTE[h % PALETTE.length] as string, line: LINES[h % LINES.length] as LineStyle, arrow: true };
}

/** How each kind of node is told apart (shape and border), with the words the legend uses. */
export const KIND_STYLE: Record<NodeKind, { shape: string; border: LineStyle; label: string }> = {
  document: { shape: "round-rectangle", border: "solid", label: "Framework document" },
  item: { shape: "ellipse", border: "solid", label: "Item of this framework" },
  external: { shape: "diamond", border: "dashed", label: "Outside the framework" },
  unknown: { shape: "octagon", border: "dotted", label: "Unknown end" },
};
