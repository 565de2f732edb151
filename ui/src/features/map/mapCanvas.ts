//! Draws the framework map on a canvas: each visible segment filled with its category's colour
//! (the theme's `--map-N`), outlined where it is tall enough to tell apart, its code and
//! statement written where they fit, the selected segment ringed in the focus colour. Hand-drawn
//! on a 2D canvas rather than as SVG elements: 20,000 segments as DOM nodes cost seconds to lay
//! out in WebKitGTK, a canvas a few milliseconds to fill.

import { cssVar } from "../relations/canvasTheme";
import { placeOf, type LaidOutMap, type Rect, type Segment } from "./mapModel";

/** Text size of a segment's label, px. */
const FONT_SIZE = 12;
/** A segment is outlined from this height, px. */
const OUTLINE_FROM = 4;
/** A segment is labelled from this height and width, px. */
const LABEL_HEIGHT = FONT_SIZE + 6;
const LABEL_WIDTH = 48;

/** The theme's colours the map draws with. */
interface MapColours {
  fills: string[];
  none: string;
  fg: string;
  line: string;
  focus: string;
}

function mapColours(element: HTMLElement): MapColours {
  return {
    fills: Array.from({ length: 8 }, (_, i) => cssVar(element, `--map-${i + 1}`, "#dddddd")),
    none: cssVar(element, "--map-none", "#f2f3f5"),
    fg: cssVar(element, "--fg", "#1b1f24"),
    line: cssVar(element, "--fg-muted", "#57606a"),
    focus: cssVar(element, "--focus", "#1f6feb"),
  };
}

/** What one drawing shows. */
export interface MapFrame {
  map: LaidOutMap;
  /** The segment the view is zoomed on. */
  focus: Segment;
  /** The selected segment (ringed). */
  selected: Segment | null;
  /** Each row's colour slot (`null`: none). */
  slots: ReadonlyArray<number | null>;
}

/**
 * Draws `frame` on `canvas` at its CSS size (sharp at the device's pixel ratio); answers the
 * segments drawn with their places, for pointing and for the tests.
 */
export function drawMap(canvas: HTMLCanvasElement, frame: MapFrame): Array<{ segment: Segment; rect: Rect }> {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const ctx = canvas.getContext("2d");
  if (!ctx) return [];
  const colours = mapColours(canvas);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.font = `${FONT_SIZE}px system-ui, sans-serif`;
  ctx.textBaseline = "middle";
  const drawn: Array<{ segment: Segment; rect: Rect }> = [];
  // Only the zoomed segment's subtree can be on the view.
  frame.focus.each((segment) => {
    const rect = placeOf(segment, frame.focus, width, height);
    if (!rect || rect.height < 0.25) return;
    drawn.push({ segment, rect });
    const slot = frame.slots[segment.data.index];
    ctx.fillStyle = slot === null || slot === undefined ? colours.none : (colours.fills[slot] ?? colours.none);
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    if (rect.height >= OUTLINE_FROM) {
      ctx.strokeStyle = colours.line;
      ctx.lineWidth = 1;
      ctx.strokeRect(rect.x + 0.5, rect.y + 0.5, rect.width - 1, rect.height - 1);
    }
    if (rect.height >= LABEL_HEIGHT && rect.width >= LABEL_WIDTH) {
      const { row } = segment.data;
      const text = [row.code, row.label].filter(Boolean).join(" ");
      ctx.save();
      ctx.beginPath();
      ctx.rect(rect.x + 4, rect.y, rect.width - 8, rect.height);
      ctx.clip();
      ctx.fillStyle = colours.fg;
      ctx.fillText(text, rect.x + 6, rect.y + Math.min(rect.height / 2, LABEL_HEIGHT / 2 + 2));
      ctx.restore();
    }
  });
  const selected = frame.selected && drawn.find((d) => d.segment === frame.selected);
  if (selected) {
    ctx.strokeStyle = colours.focus;
    ctx.lineWidth = 3;
    const { x, y, width: w, height: h } = selected.rect;
    ctx.strokeRect(x + 1.5, y + 1.5, Math.max(0, w - 3), Math.max(2, h - 3));
  }
  return drawn;
}

/** The drawn segment under the point (x, y) of the canvas, if any. */
export function segmentAt(
  drawn: ReadonlyArray<{ segment: Segment; rect: Rect }>,
  x: number,
  y: number,
): Segment | null {
  // Deepest first: a segment's column holds only it.
  for (let i = drawn.length - 1; i >= 0; i--) {
    const { segment, rect } = drawn[i]!;
    if (x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height) return segment;
  }
  return null;
}
