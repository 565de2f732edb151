//! The relationship graph drawn by cytoscape.js on a canvas: styles per association type and node
//! kind, each node where the backend placed it (children below their parents), labels only at a
//! zoom where they can be read, node taps, zoom and fit, and PNG and SVG export (cytoscape's own
//! renderer draws both: the SVG on an `SvgContext`). The only module that touches cytoscape;
//! components get a `GraphCanvas`.

import cytoscape from "cytoscape";

import { PADDING, framing, type EdgeElement, type NodeElement } from "./graphModel";
import { canvasColours, cssVar, edgeTypeRules, watchTheme } from "./canvasTheme";
import { KIND_STYLE } from "./graphStyle";
import { SvgContext } from "./svgContext";

/** A drawn graph. */
export interface GraphCanvas {
  /** Draws `elements` anew and lays them out; `done` is called when laid out. */
  show(elements: Array<NodeElement | EdgeElement>, done?: () => void): void;
  fit(): void;
  zoomBy(factor: number): void;
  png(): Promise<Uint8Array>;
  svg(): string;
  destroy(): void;
}

/**
 * What the SVG export asks of cytoscape's canvas renderer (`cy.renderer()`, not in cytoscape's
 * typings): the calls its own PNG export makes to draw every element, in z order, straight onto
 * a 2D context. (`renderTo` would not do: it draws through its bitmap caches, and only what the
 * view shows.)
 */
interface CanvasRenderer {
  drawElements(context: CanvasRenderingContext2D, elements: unknown): void;
  getCachedZSortedEles(): unknown;
  /** Whether shapes are drawn as `Path2D`s (which an `SvgContext` cannot take); sets it with `on`. */
  path2dEnabled(on?: boolean): boolean | undefined;
}

/**
 * The whole graph as an SVG document: `cy`'s renderer draws every element, as it does for a
 * PNG, on a context that records SVG (labels as text, edges and shapes as paths), over `bg`.
 */
export function drawSvg(cy: cytoscape.Core, bg: string): string {
  const renderer = (cy as unknown as { renderer(): CanvasRenderer }).renderer();
  const box = cy.elements().boundingBox();
  const width = Math.max(1, Math.ceil(box.w));
  const height = Math.max(1, Math.ceil(box.h));
  const context = new SvgContext({ width, height });
  context.fillStyle = bg;
  context.fillRect(0, 0, width, height);
  context.translate(-box.x1, -box.y1);
  const paths = renderer.path2dEnabled();
  renderer.path2dEnabled(false);
  try {
    renderer.drawElements(context as unknown as CanvasRenderingContext2D, renderer.getCachedZSortedEles());
  } finally {
    renderer.path2dEnabled(paths);
  }
  // Scales in any viewer, as the drawing's own coordinates.
  context.getSvg().setAttribute("viewBox", `0 0 ${width} ${height}`);
  return context.document();
}

/** A node label's font size at zoom 1 (px). */
const FONT_SIZE = 10;
/** The smallest label, in px on screen, worth drawing. */
const READABLE_PX = 7;

/**
 * Whether labels are readable at `zoom`. Below that every label but the centre's is left out of
 * the style altogether: cytoscape's own `min-zoomed-font-size` skips drawing them but still
 * wraps and measures every one (two thirds of a 200-node graph's first frame).
 */
function labelsReadable(zoom: number): boolean {
  return zoom * FONT_SIZE >= READABLE_PX;
}

function stylesheet(container: HTMLElement, types: string[], labels: boolean): cytoscape.StylesheetJson {
  // `edge`: one colour for every type where the theme gives one (high contrast), at a heavier width.
  const { fg, bg, soft, accent, muted, edge } = canvasColours(container);
  const sheet: cytoscape.StylesheetJson = [
    {
      selector: "node",
      style: {
        label: labels ? "data(label)" : "",
        "font-size": FONT_SIZE,
        // The window's font (cytoscape's default names Helvetica Neue first, which Linux lacks).
        "font-family": "system-ui, sans-serif",
        color: fg,
        "text-wrap": "wrap",
        "text-max-width": "130px",
        "text-valign": "bottom",
        "text-margin-y": 4,
        "text-background-color": bg,
        "text-background-opacity": 0.85,
        "text-background-padding": "1px",
        width: 18,
        height: 18,
        "background-color": soft,
        "border-width": 2,
        "border-color": muted,
      },
    },
    { selector: "node[kind = 'document']", style: { "background-color": accent, width: 26, height: 20 } },
    { selector: "node[hidden > 0]", style: { "border-style": "double", "border-width": 4 } },
    {
      selector: "node[?centre]",
      style: {
        "border-color": accent,
        "border-width": 4,
        width: 24,
        height: 24,
        label: "data(label)",
        "font-weight": "bold",
      },
    },
    { selector: "node:selected", style: { "overlay-color": accent, "overlay-opacity": 0.2, "overlay-padding": 4 } },
    { selector: "edge", style: { width: edge ? 2 : 1.5, "curve-style": "bezier", "arrow-scale": 0.8 } },
  ];
  for (const [kind, style] of Object.entries(KIND_STYLE)) {
    sheet.push({
      selector: `node[kind = '${kind}']`,
      style: { shape: style.shape as never, "border-style": style.border },
    });
  }
  sheet.push(...edgeTypeRules(types, edge));
  return sheet;
}

/** A graph drawn into `container`; a tap on a node calls `onSelect` with its identifier. */
export function createGraphCanvas(container: HTMLElement, onSelect: (identifier: string) => void): GraphCanvas {
  const cy: cytoscape.Core = cytoscape({
    container,
    elements: [],
    minZoom: 0.1,
    maxZoom: 4,
    wheelSensitivity: 0.3,
    boxSelectionEnabled: false,
  });
  cy.on("tap", "node", (event) => onSelect(event.target.id() as string));
  // A canvas destroyed (its framework closed) ignores what React still asks of it.
  const gone = () => cy.destroyed();
  let types: string[] = [];
  let labelled = false;
  const restyle = (labels: boolean) => {
    labelled = labels;
    cy.style(stylesheet(container, types, labels));
  };
  // Labels come and go as the zoom crosses the size where they can be read.
  cy.on("zoom", () => {
    if (labelsReadable(cy.zoom()) !== labelled) restyle(!labelled);
  });
  // The colours are the theme's, read when styling: a theme changed while the graph is shown (the
  // setting's `data-theme`, or the system's light or dark) restyles it.
  const retheme = () => {
    if (!gone()) restyle(labelled);
  };
  const unwatchTheme = watchTheme(retheme);
  /**
   * Answers `draw()` run with every label in the style (an export is drawn at its own scale, not
   * the view's), then restores the style. cytoscape draws an export at once, even a PNG whose
   * blob comes later.
   */
  const withLabels = <T>(draw: () => T): T => {
    const was = labelled;
    if (!was) restyle(true);
    try {
      return draw();
    } finally {
      if (!was) restyle(false);
    }
  };
  const canvas: GraphCanvas = {
    show(elements, done) {
      if (gone()) return;
      types = [...new Set(elements.flatMap((e) => (e.group === "edges" ? [e.data.type] : [])))];
      const definitions: cytoscape.ElementDefinition[] = elements.map((e) =>
        e.group === "edges" ? { ...e, classes: `t${types.indexOf(e.data.type)}` } : e,
      );
      // The backend placed every node (parents above children): no layout runs here, and the
      // view is framed from those places (cytoscape's own fit measures every label: ~150 ms).
      const { width, height } = container.getBoundingClientRect();
      const view = framing(elements, width, height, cy.minZoom(), cy.maxZoom());
      cy.batch(() => {
        cy.elements().remove();
        restyle(labelsReadable(view.zoom));
        cy.add(definitions);
      });
      cy.viewport(view);
      done?.();
    },
    fit: () => {
      if (!gone()) cy.fit(undefined, PADDING);
    },
    zoomBy(factor) {
      if (gone()) return;
      const { width, height } = container.getBoundingClientRect();
      cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: width / 2, y: height / 2 } });
    },
    async png() {
      const blob = await withLabels(() =>
        cy.png({ output: "blob-promise", full: true, scale: 2, bg: cssVar(container, "--bg", "#ffffff") }),
      );
      return new Uint8Array(await blob.arrayBuffer());
    },
    svg: () => withLabels(() => drawSvg(cy, cssVar(container, "--bg", "#ffffff"))),
    destroy: () => {
      unwatchTheme();
      if (!gone()) cy.destroy();
    },
  };
  // Reachable from the page for the end-to-end tests (which click nodes on the canvas and read
  // its SVG export).
  Object.assign(container, { cy, graph: canvas });
  return canvas;
}
