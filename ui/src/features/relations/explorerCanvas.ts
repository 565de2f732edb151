//! The full-size graph drawn by cytoscape.js: nodes as cards (code, first words, "+N more")
//! readable at zoom 1, three layouts (layered from the model's places, concentric around the
//! focused node, force-directed by cytoscape's cose), the keyboard's focus ring, taps, zoom and
//! fit, a minimap on a canvas of its own, and PNG and SVG export as the panel's graph does. With
//! `graphCanvas.ts`, the only module that touches cytoscape.

import cytoscape from "cytoscape";

import { canvasColours, cssVar, edgeTypeRules, frameworkBandRules, watchTheme } from "./canvasTheme";
import { drawSvg } from "./graphCanvas";
import { KIND_STYLE } from "./graphStyle";

/** The layouts to choose from. */
export type LayoutName = "layered" | "concentric" | "force";

/** A node as the explorer's canvas receives it. */
export interface ExplorerNode {
  group: "nodes";
  data: {
    id: string;
    label: string;
    kind: string;
    root: boolean;
    grown: boolean;
    hidden: number;
    ring: number;
    /** Its framework's place in the legend, modulo the band colours (-1: no band). */
    band: number;
  };
  /** The layered layout's place. */
  position: { x: number; y: number };
}

/** An edge as the explorer's canvas receives it. */
export interface ExplorerEdge {
  group: "edges";
  data: { id: string; source: string; target: string; type: string };
}

/** The full-size graph's drawing. */
export interface ExplorerCanvas {
  /**
   * Draws `elements` laid out by `layout`, framed on `focus` when they do not all fit at a
   * readable zoom; `done` gets the milliseconds it took.
   */
  show(
    elements: Array<ExplorerNode | ExplorerEdge>,
    layout: LayoutName,
    focus: string | null,
    done?: (ms: number) => void,
  ): void;
  /** Where each node stands now (model coordinates). */
  positions(): Map<string, { x: number; y: number }>;
  /** Rings `identifier` (the keyboard's node) and brings it into view; `null` clears the ring. */
  focus(identifier: string | null): void;
  /** Centres `identifier` at a readable zoom. */
  centre(identifier: string): void;
  fit(): void;
  zoomBy(factor: number): void;
  /** Draws the overview into `minimap` as the view moves; answers the way to stop. */
  attachMinimap(minimap: HTMLCanvasElement): () => void;
  png(): Promise<Uint8Array>;
  svg(): string;
  destroy(): void;
}

/** A node card's font size at zoom 1 (px). */
const FONT_SIZE = 11;
/** The smallest label, in px on screen, worth drawing. */
const READABLE_PX = 7;
/** Room between the drawing and the canvas's edge. */
const PADDING = 30;
/** The zoom a drawing opens at, at least, and a searched node is brought to: labels 9 px and more. */
const READING_ZOOM = 0.85;
/** The largest zoom a drawing opens at. */
const MOST_ZOOM = 1.2;

function labelsReadable(zoom: number): boolean {
  return zoom * FONT_SIZE >= READABLE_PX;
}

function stylesheet(container: HTMLElement, types: string[], labels: boolean): cytoscape.StylesheetJson {
  const { fg, bg, soft, accent, muted, edge } = canvasColours(container);
  const sheet: cytoscape.StylesheetJson = [
    {
      selector: "node",
      style: {
        label: labels ? "data(label)" : "",
        "font-size": FONT_SIZE,
        "font-family": "system-ui, sans-serif",
        color: fg,
        "text-wrap": "wrap",
        "text-max-width": "166px",
        "text-valign": "center",
        "text-halign": "center",
        "line-height": 1.25,
        shape: "round-rectangle",
        width: 180,
        height: 72,
        "background-color": soft,
        "border-width": 1.5,
        "border-color": muted,
      },
    },
    { selector: "node[kind = 'document']", style: { "border-color": accent, "border-width": 3 } },
    { selector: "node[hidden > 0]", style: { "border-style": "double", "border-width": 4 } },
    { selector: "node[?root]", style: { "border-color": accent, "border-width": 4, "font-weight": "bold" } },
    { selector: "node[?grown]", style: { "background-color": bg } },
    {
      selector: "node.focused",
      style: {
        "overlay-color": accent,
        "overlay-opacity": 0.25,
        "overlay-padding": 6,
        "overlay-shape": "round-rectangle",
      },
    },
    { selector: "edge", style: { width: edge ? 2.5 : 2, "curve-style": "bezier", "arrow-scale": 1.1 } },
    { selector: "edge.focused", style: { width: 4, "z-index": 10 } },
  ];
  for (const [kind, style] of Object.entries(KIND_STYLE))
    sheet.push({ selector: `node[kind = '${kind}']`, style: { "border-style": style.border } });
  sheet.push(...edgeTypeRules(types, edge));
  sheet.push(...frameworkBandRules(container));
  return sheet;
}

function layoutOptions(layout: LayoutName): cytoscape.LayoutOptions {
  switch (layout) {
    case "layered":
      return { name: "preset", fit: false };
    case "concentric":
      return {
        name: "concentric",
        fit: false,
        animate: false,
        minNodeSpacing: 24,
        // `ring`: associations away from the focused node; the focused node in the middle.
        concentric: (n: cytoscape.NodeSingular) => -Number(n.data("ring")),
        levelWidth: () => 1,
      } as cytoscape.LayoutOptions;
    case "force":
      return {
        name: "cose",
        fit: false,
        animate: false,
        randomize: false,
        nodeDimensionsIncludeLabels: false,
        idealEdgeLength: () => 120,
        nodeRepulsion: () => 400_000,
        numIter: 250,
      } as cytoscape.LayoutOptions;
  }
}

/** A graph drawn into `container`; a tap on a node calls `onTap` with its identifier. */
export function createExplorerCanvas(container: HTMLElement, onTap: (identifier: string) => void): ExplorerCanvas {
  const cy: cytoscape.Core = cytoscape({
    container,
    elements: [],
    minZoom: 0.05,
    maxZoom: 3,
    wheelSensitivity: 0.3,
    boxSelectionEnabled: false,
    autoungrabify: true,
    // Pan and zoom draw a bitmap of the drawing while they move (cytoscape's texture), not
    // every label anew: the web view draws without a GPU here.
    textureOnViewport: true,
    hideEdgesOnViewport: false,
  });
  cy.on("tap", "node", (event) => onTap(event.target.id() as string));
  const gone = () => cy.destroyed();
  let types: string[] = [];
  let labelled = true;
  let focused: string | null = null;
  const restyle = (labels: boolean) => {
    labelled = labels;
    cy.style(stylesheet(container, types, labels));
  };
  cy.on("zoom", () => {
    if (labelsReadable(cy.zoom()) !== labelled) restyle(!labelled);
  });
  const retheme = () => {
    if (!gone()) restyle(labelled);
  };
  const unwatchTheme = watchTheme(retheme);
  const withLabels = <T>(draw: () => T): T => {
    const was = labelled;
    if (!was) restyle(true);
    try {
      return draw();
    } finally {
      if (!was) restyle(false);
    }
  };
  const ring = (identifier: string | null) => {
    cy.elements(".focused").removeClass("focused");
    if (!identifier) return;
    const node = cy.getElementById(identifier);
    node.addClass("focused");
    node.connectedEdges().addClass("focused");
  };
  /**
   * Frames the drawing: all of it, never blown up past 1.2; `reading`: never shrunk below a
   * readable zoom either — then centred on the focused node, the minimap showing the rest.
   */
  const frame = (reading: boolean) => {
    const middle = { x: cy.width() / 2, y: cy.height() / 2 };
    cy.fit(undefined, PADDING);
    if (cy.zoom() > MOST_ZOOM) {
      cy.zoom({ level: MOST_ZOOM, renderedPosition: middle });
      cy.center();
    } else if (reading && cy.zoom() < READING_ZOOM) {
      cy.zoom({ level: READING_ZOOM, renderedPosition: middle });
      const node = focused ? cy.getElementById(focused) : cy.collection();
      cy.center(node.nonempty() ? node : undefined);
    }
    if (labelsReadable(cy.zoom()) !== labelled) restyle(!labelled);
  };
  const minimaps = new Set<() => void>();
  const overview = () => minimaps.forEach((draw) => draw());
  cy.on("viewport", overview);
  const canvas: ExplorerCanvas = {
    show(elements, layout, focus, done) {
      if (gone()) return;
      const start = performance.now();
      focused = focus;
      types = [...new Set(elements.flatMap((e) => (e.group === "edges" ? [e.data.type] : [])))];
      const definitions: cytoscape.ElementDefinition[] = elements.map((e) =>
        e.group === "edges" ? { ...e, classes: `t${types.indexOf(e.data.type)}` } : e,
      );
      cy.batch(() => {
        cy.elements().remove();
        // The labels go into the style once the frame says they can be read.
        restyle(false);
        cy.add(definitions);
      });
      cy.layout(layoutOptions(layout)).run();
      frame(true);
      ring(focused);
      overview();
      done?.(performance.now() - start);
    },
    positions() {
      const at = new Map<string, { x: number; y: number }>();
      if (gone()) return at;
      cy.nodes().forEach((n) => {
        at.set(n.id(), { ...n.position() });
      });
      return at;
    },
    focus(identifier) {
      if (gone()) return;
      focused = identifier;
      ring(identifier);
      if (!identifier) return;
      const node = cy.getElementById(identifier);
      if (node.empty()) return;
      const box = node.renderedBoundingBox();
      if (box.x1 < 0 || box.y1 < 0 || box.x2 > cy.width() || box.y2 > cy.height()) cy.center(node);
    },
    centre(identifier) {
      if (gone()) return;
      const node = cy.getElementById(identifier);
      if (node.empty()) return;
      if (cy.zoom() < READING_ZOOM) cy.zoom(READING_ZOOM);
      cy.center(node);
    },
    fit: () => {
      if (!gone()) frame(false);
    },
    zoomBy(factor) {
      if (gone()) return;
      cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
    },
    attachMinimap(minimap) {
      const context = minimap.getContext("2d");
      if (!context) return () => undefined;
      let pending = false;
      const draw = () => {
        if (pending || gone()) return;
        pending = true;
        requestAnimationFrame(() => {
          pending = false;
          if (gone()) return;
          const { width, height } = minimap;
          context.fillStyle = cssVar(container, "--bg-soft", "#f4f5f7");
          context.fillRect(0, 0, width, height);
          const box = cy.nodes().boundingBox();
          if (cy.nodes().empty() || box.w <= 0) return;
          const scale = Math.min(width / box.w, height / box.h) * 0.92;
          const ox = (width - box.w * scale) / 2 - box.x1 * scale;
          const oy = (height - box.h * scale) / 2 - box.y1 * scale;
          context.fillStyle = cssVar(container, "--fg-muted", "#57606a");
          cy.nodes().forEach((n) => {
            const p = n.position();
            context.fillRect(
              ox + (p.x - 90) * scale,
              oy + (p.y - 36) * scale,
              Math.max(2, 180 * scale),
              Math.max(2, 72 * scale),
            );
          });
          const view = cy.extent();
          context.strokeStyle = cssVar(container, "--accent", "#0b5cad");
          context.lineWidth = 2;
          context.strokeRect(ox + view.x1 * scale, oy + view.y1 * scale, view.w * scale, view.h * scale);
          Object.assign(minimap, { scale, ox, oy });
        });
      };
      // A click on the overview brings that place to the middle of the view.
      const moveTo = (event: MouseEvent) => {
        const { scale, ox, oy } = minimap as unknown as { scale?: number; ox: number; oy: number };
        if (!scale || gone()) return;
        const rect = minimap.getBoundingClientRect();
        const x = ((event.clientX - rect.left) * (minimap.width / rect.width) - ox) / scale;
        const y = ((event.clientY - rect.top) * (minimap.height / rect.height) - oy) / scale;
        cy.pan({ x: cy.width() / 2 - x * cy.zoom(), y: cy.height() / 2 - y * cy.zoom() });
      };
      minimap.addEventListener("click", moveTo);
      minimaps.add(draw);
      draw();
      return () => {
        minimaps.delete(draw);
        minimap.removeEventListener("click", moveTo);
      };
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
      minimaps.clear();
      if (!gone()) cy.destroy();
    },
  };
  // Reachable from the page for the end-to-end tests and the bench.
  Object.assign(container, { cy, graph: canvas });
  return canvas;
}
