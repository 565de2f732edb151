//! The full-size graph drawn by cytoscape.js: nodes as cards (code, first words, "+N more")
//! readable at zoom 1, three layouts (layered from the model's places, concentric around the
//! focused node, force-directed by cytoscape's cose — both laid out on a canvas-less cytoscape
//! first), put on the canvas view first (`explorerPlan.ts`), the keyboard's focus ring, taps,
//! zoom and fit, a minimap on a canvas of its own, and PNG and SVG export as the panel's graph
//! does. With `graphCanvas.ts` and `gestureBitmap.ts`, the only modules that touch cytoscape.

import cytoscape from "cytoscape";

import { canvasColours, cssVar, edgeTypeRules, frameworkBandRules, watchTheme } from "./canvasTheme";
import { batches, cover, extent, framing, type Batch, type Place } from "./explorerPlan";
import { copyDrawingForGestures } from "./gestureBitmap";
import { drawSvg } from "./graphCanvas";
import { KIND_STYLE } from "./graphStyle";

/** The performance mark set when the part of a drawing in view has been drawn (the bench's). */
export const GRAPH_IN_VIEW = "cairn:graph:in-view";

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
   * readable zoom: the part in view at once, the rest in the frames after; `done` gets the
   * milliseconds until every element was on the canvas.
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
/** The smallest label, in px on screen, worth drawing (cytoscape skips smaller ones). */
const READABLE_PX = 7;
/** A node card's size in the drawing's coordinates. */
const CARD = { width: 180, height: 72 };
/** Room between the drawing and the canvas's edge. */
const PADDING = 30;
/** The zoom a drawing opens at, at least, and a searched node is brought to: labels 9 px and more. */
const READING_ZOOM = 0.85;
/** The largest zoom a drawing opens at. */
const MOST_ZOOM = 1.2;
/** The zoom range the canvas allows. */
const [MIN_ZOOM, MAX_ZOOM] = [0.05, 3];
/** Nodes added per frame once the part in view is drawn. */
const NODES_PER_FRAME = 60;

/** The drawing's style; labels too small to read are not drawn, unless `exporting`. */
function stylesheet(container: HTMLElement, types: string[], exporting = false): cytoscape.StylesheetJson {
  const { fg, bg, soft, accent, muted, edge } = canvasColours(container);
  const sheet: cytoscape.StylesheetJson = [
    {
      selector: "node",
      style: {
        label: "data(label)",
        "font-size": FONT_SIZE,
        "min-zoomed-font-size": exporting ? 0 : READABLE_PX,
        "font-family": "system-ui, sans-serif",
        color: fg,
        "text-wrap": "wrap",
        "text-max-width": "166px",
        "text-valign": "center",
        "text-halign": "center",
        "line-height": 1.25,
        shape: "round-rectangle",
        width: CARD.width,
        height: CARD.height,
        "background-color": soft,
        "border-width": 1.5,
        "border-color": muted,
        // Cytoscape finds no element under the pointer (see `nodeAt`).
        events: "no",
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
    // Straight unless another edge joins the same two nodes: a bundle of bezier curves then.
    // (cytoscape looks for an edge's parallels every time it measures a bezier one.)
    {
      selector: "edge",
      style: { width: edge ? 2.5 : 2, "curve-style": "straight", "arrow-scale": 1.1, events: "no" },
    },
    { selector: "edge.parallel", style: { "curve-style": "bezier" } },
    { selector: "edge.focused", style: { width: 4, "z-index": 10 } },
    // No grey disc where a press lands (every press is the background's: `events: no` above).
    { selector: "core", style: { "active-bg-opacity": 0 } } as unknown as cytoscape.StylesheetJson[number],
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

/**
 * The places of `elements` laid out by `layout`: the layered layout's are the model's own; the
 * others are cytoscape's, laid out on a cytoscape without a canvas (nothing measured or drawn).
 */
function laidOut(elements: Array<ExplorerNode | ExplorerEdge>, layout: LayoutName): Map<string, Place> {
  const places = new Map<string, Place>();
  if (layout === "layered") {
    for (const e of elements) if (e.group === "nodes") places.set(e.data.id, e.position);
    return places;
  }
  const headless = cytoscape({
    headless: true,
    styleEnabled: true,
    style: [{ selector: "node", style: { width: CARD.width, height: CARD.height } }],
    elements: elements.map((e) => (e.group === "nodes" ? { ...e, position: { ...e.position } } : e)),
  });
  headless.layout(layoutOptions(layout)).run();
  headless.nodes().forEach((n) => {
    places.set(n.id(), { ...n.position() });
  });
  headless.destroy();
  return places;
}

/** An element on its way to the canvas. */
interface Placed {
  id: string;
  definition: cytoscape.ElementDefinition;
}

/** The node whose card holds `at` (model coordinates), the topmost where cards overlap. */
function nodeAt(cy: cytoscape.Core, at: cytoscape.Position): string | null {
  const nodes = cy.nodes().toArray();
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    const box = node.boundingBox({ includeLabels: false, includeOverlays: false });
    if (at.x >= box.x1 && at.x <= box.x2 && at.y >= box.y1 && at.y <= box.y2) return node.id();
  }
  return null;
}

/** A graph drawn into `container`; a tap on a node calls `onTap` with its identifier. */
export function createExplorerCanvas(container: HTMLElement, onTap: (identifier: string) => void): ExplorerCanvas {
  const cy: cytoscape.Core = cytoscape({
    container,
    elements: [],
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    wheelSensitivity: 0.3,
    boxSelectionEnabled: false,
    autoungrabify: true,
    // Pan and zoom draw a bitmap of the drawing while they move (cytoscape's texture), not
    // every label anew: the web view draws without a GPU here.
    textureOnViewport: true,
    hideEdgesOnViewport: false,
  });
  // That bitmap copied from the drawing on screen as a gesture begins, not drawn anew.
  copyDrawingForGestures(cy);
  // Cytoscape's own hit-testing is off (`events: no`): a press on a card made the card "active",
  // which drew the whole view anew (about 100 ms over 500 nodes without a GPU) just before a drag
  // from it drew the view again into its bitmap, and each move of the pointer was tested against
  // every element. A tap is the background's, and the card under it is found here; a drag pans
  // wherever it starts.
  cy.on("tap", (event) => {
    if (event.target !== cy) return;
    const hit = nodeAt(cy, event.position);
    if (hit) onTap(hit);
  });
  const gone = () => cy.destroyed();
  let types: string[] = [];
  let focused: string | null = null;
  // Every node's place, those still to be added included.
  let placed = new Map<string, Place>();
  const restyle = (exporting = false) => cy.style(stylesheet(container, types, exporting));
  const unwatchTheme = watchTheme(() => {
    if (!gone()) restyle();
  });
  // The batches still to be added, and the frame that adds the next.
  let pending: Array<Batch<Placed, Placed & { source: string; target: string }>> = [];
  let adding = 0;
  // Drawings shown so far: a drawing's callbacks do nothing once another has been shown.
  let shows = 0;
  let finished: (() => void) | null = null;
  const add = (batch: (typeof pending)[number]) => {
    cy.add([...batch.nodes, ...batch.edges].map((e) => e.definition));
  };
  /** Adds every batch still pending at once (an export, a search or the user's pan needs them). */
  const addAll = () => {
    if (pending.length === 0) return;
    cancelAnimationFrame(adding);
    adding = 0;
    const rest = pending;
    pending = [];
    cy.batch(() => rest.forEach(add));
    finished?.();
  };
  const addNext = () => {
    adding = requestAnimationFrame(() => {
      adding = 0;
      const next = pending.shift();
      if (!next || gone()) return;
      add(next);
      if (pending.length > 0) addNext();
      else finished?.();
    });
  };
  /** `draw` with every element on the canvas and every label drawn, whatever the zoom. */
  const withLabels = <T>(draw: () => T): T => {
    addAll();
    restyle(true);
    try {
      return draw();
    } finally {
      restyle();
    }
  };
  // The node ringed as the keyboard's (its edges too): a drawing's elements come with it.
  let ringed: string | null = null;
  const ring = (identifier: string | null) => {
    if (identifier === ringed) return;
    addAll();
    ringed = identifier;
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
    cy.viewport(
      framing(
        placed.values(),
        CARD,
        { width: cy.width(), height: cy.height() },
        {
          padding: PADDING,
          most: MOST_ZOOM,
          least: MIN_ZOOM,
          reading: reading ? READING_ZOOM : null,
          centre: (focused && placed.get(focused)) || null,
        },
      ),
    );
  };
  const minimaps = new Set<() => void>();
  const overview = () => minimaps.forEach((draw) => draw());
  cy.on("viewport", () => {
    // The view moved before the rest was added: it all comes at once.
    addAll();
    overview();
  });
  const canvas: ExplorerCanvas = {
    show(elements, layout, focus, done) {
      if (gone()) return;
      const start = performance.now();
      cancelAnimationFrame(adding);
      adding = 0;
      pending = [];
      finished = null;
      focused = focus;
      types = [...new Set(elements.flatMap((e) => (e.group === "edges" ? [e.data.type] : [])))];
      placed = laidOut(elements, layout);
      // Each edge's classes: its type, whether another edge joins the same two nodes, whether it
      // touches the focused node (so that the focus ring costs no second styling).
      const pairs = new Map<string, number>();
      const pair = (e: ExplorerEdge) => [e.data.source, e.data.target].sort().join("\n");
      for (const e of elements) if (e.group === "edges") pairs.set(pair(e), (pairs.get(pair(e)) ?? 0) + 1);
      const nodes = elements.flatMap((e) => {
        if (e.group !== "nodes") return [];
        const position = { ...(placed.get(e.data.id) ?? e.position) };
        const classes = e.data.id === focus ? "focused" : "";
        return [{ id: e.data.id, definition: { ...e, position, classes } }];
      });
      const edges = elements.flatMap((e) => {
        if (e.group !== "edges") return [];
        const classes = [`t${types.indexOf(e.data.type)}`];
        if ((pairs.get(pair(e)) ?? 0) > 1) classes.push("parallel");
        if (focus !== null && (e.data.source === focus || e.data.target === focus)) classes.push("focused");
        return [
          {
            id: e.data.id,
            source: e.data.source,
            target: e.data.target,
            definition: { ...e, classes: classes.join(" ") },
          },
        ];
      });
      ringed = focus;
      cy.batch(() => {
        cy.elements().remove();
        restyle();
        frame(true);
      });
      const view = extent({ zoom: cy.zoom(), pan: cy.pan() }, { width: cy.width(), height: cy.height() });
      const [first, ...rest] = batches(nodes, edges, placed, CARD, view, NODES_PER_FRAME);
      pending = rest;
      finished = () => {
        finished = null;
        overview();
        done?.(performance.now() - start);
      };
      cy.batch(() => add(first ?? { nodes: [], edges: [] }));
      // The rest once the part in view is drawn: the frame that draws it adds nothing more.
      const drawing = ++shows;
      cy.one("render", () => {
        if (drawing !== shows || gone()) return;
        performance.mark(GRAPH_IN_VIEW);
        if (pending.length > 0) addNext();
      });
      if (pending.length === 0) finished();
    },
    positions: () => new Map(placed),
    focus(identifier) {
      if (gone()) return;
      focused = identifier;
      ring(identifier);
      if (!identifier) return;
      if (cy.getElementById(identifier).empty()) addAll();
      const node = cy.getElementById(identifier);
      if (node.empty()) return;
      const box = node.renderedBoundingBox();
      if (box.x1 < 0 || box.y1 < 0 || box.x2 > cy.width() || box.y2 > cy.height()) cy.center(node);
    },
    centre(identifier) {
      if (gone()) return;
      if (cy.getElementById(identifier).empty()) addAll();
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
      // The nodes' overview is drawn once per layout, theme and size into a canvas of its own;
      // a frame of a pan or zoom copies it and draws the view's rectangle over it, with no
      // work (and no garbage) per node.
      const layer = document.createElement("canvas");
      let drawn: { places: Map<string, Place>; key: string } | null = null;
      let pending = false;
      const draw = () => {
        if (pending || gone()) return;
        pending = true;
        requestAnimationFrame(() => {
          pending = false;
          if (gone()) return;
          const { width, height } = minimap;
          const soft = cssVar(container, "--bg-soft", "#f4f5f7");
          const muted = cssVar(container, "--fg-muted", "#57606a");
          const key = `${width}x${height} ${soft} ${muted}`;
          if (drawn?.places !== placed || drawn.key !== key) {
            drawn = { places: placed, key };
            drawOverview(layer, [...placed.values()], width, height, soft, muted);
          }
          context.clearRect(0, 0, width, height);
          context.drawImage(layer, 0, 0);
          const { scale, ox, oy } = layer as unknown as { scale?: number; ox: number; oy: number };
          Object.assign(minimap, { scale, ox, oy });
          if (!scale) return;
          const view = cy.extent();
          context.strokeStyle = cssVar(container, "--accent", "#0b5cad");
          context.lineWidth = 2;
          context.strokeRect(ox + view.x1 * scale, oy + view.y1 * scale, view.w * scale, view.h * scale);
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
      cancelAnimationFrame(adding);
      pending = [];
      minimaps.clear();
      if (!gone()) cy.destroy();
    },
  };
  // Reachable from the page for the end-to-end tests and the bench.
  Object.assign(container, { cy, graph: canvas });
  return canvas;
}

/**
 * Draws every node's place (`all`, those not on the main canvas yet too) into `layer`, sized
 * `width` × `height`, on `background` in `colour`, and leaves the drawing's `scale` and offsets
 * (`ox`, `oy`) on it — no `scale` when there is nothing to draw.
 */
function drawOverview(
  layer: HTMLCanvasElement,
  all: Place[],
  width: number,
  height: number,
  background: string,
  colour: string,
): void {
  Object.assign(layer, { width, height, scale: undefined, ox: 0, oy: 0 });
  const context = layer.getContext("2d");
  if (!context) return;
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  const box = cover(all, CARD);
  if (!box) return;
  const [w, h] = [box.x2 - box.x1, box.y2 - box.y1];
  const scale = Math.min(width / w, height / h) * 0.92;
  const ox = (width - w * scale) / 2 - box.x1 * scale;
  const oy = (height - h * scale) / 2 - box.y1 * scale;
  context.fillStyle = colour;
  for (const p of all) {
    context.fillRect(
      ox + (p.x - CARD.width / 2) * scale,
      oy + (p.y - CARD.height / 2) * scale,
      Math.max(2, CARD.width * scale),
      Math.max(2, CARD.height * scale),
    );
  }
  Object.assign(layer, { scale, ox, oy });
}
