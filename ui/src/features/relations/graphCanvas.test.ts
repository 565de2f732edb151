//! The graph's SVG export drawn by the real cytoscape renderer (jsdom has no canvas: the
//! renderer's own canvases get a context that draws nothing and measures text roughly): a
//! well-formed document with every node's label as text, every edge stroked in its type's colour
//! and line style, over the window's background.

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { EdgeElement, NodeElement } from "./graphModel";
import { typeStyle } from "./graphStyle";

const { createGraphCanvas } = await vi.importActual<typeof import("./graphCanvas")>("./graphCanvas");

/** A 2D context that draws nothing: every method a no-op, text 6 px a character. */
function blankContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    canvas,
    measureText: (text: string) => ({
      width: 6 * text.length,
      actualBoundingBoxAscent: 8,
      actualBoundingBoxDescent: 2,
    }),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({
      width: w,
      height: h,
      data: new Uint8ClampedArray(w * h * 4),
    }),
    getLineDash: () => [],
  };
  return new Proxy(state, {
    get: (target, key) =>
      key in target ? target[key] : typeof key === "string" && METHODS.has(key) ? () => undefined : undefined,
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

const METHODS = new Set(
  (
    "save restore scale rotate translate transform setTransform resetTransform clearRect fillRect strokeRect beginPath " +
    "closePath moveTo lineTo bezierCurveTo quadraticCurveTo arc arcTo ellipse rect roundRect fill stroke clip fillText " +
    "strokeText drawImage createLinearGradient createRadialGradient createPattern putImageData setLineDash isPointInPath"
  ).split(" "),
);

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (this: HTMLCanvasElement) {
    return blankContext(this);
  } as never);
});

let destroy: (() => void) | null = null;
afterEach(() => {
  destroy?.();
  destroy = null;
  document.body.replaceChildren();
});

function node(
  id: string,
  label: string,
  x: number,
  y: number,
  kind: NodeElement["data"]["kind"] = "item",
): NodeElement {
  return { group: "nodes", data: { id, label, code: null, kind, centre: id === "a", hidden: 0 }, position: { x, y } };
}

function edge(id: string, source: string, target: string, type: string): EdgeElement {
  return { group: "edges", data: { id, source, target, type, tree: type === "isChildOf" } };
}

/** `#rrggbb` as canvas2svg writes a colour cytoscape gives as rgba(). */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16},${(n >> 8) & 255},${n & 255})`;
}

/** The graph of `elements` exported as SVG, parsed. */
function exported(elements: Array<NodeElement | EdgeElement>): { text: string; doc: Document } {
  const container = document.createElement("div");
  document.body.append(container);
  const canvas = createGraphCanvas(container, () => undefined);
  destroy = () => canvas.destroy();
  canvas.show(elements);
  const text = canvas.svg();
  return { text, doc: new DOMParser().parseFromString(text, "image/svg+xml") };
}

describe("the graph's SVG export", () => {
  const elements = [
    node("a", "Fractions & decimals <grade 4>", 0, 0, "document"),
    node("b", "Add fractions", -150, 120),
    node("c", "Compare decimals", 150, 120, "external"),
    node("d", "Ratios", 0, 240, "unknown"),
    edge("e1", "b", "a", "isChildOf"),
    edge("e2", "c", "a", "isRelatedTo"),
    edge("e3", "d", "b", "isPeerOf"),
  ];

  it("is a well-formed SVG document with every node's label as text", () => {
    const { text, doc } = exported(elements);
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(root.localName).toBe("svg");
    const [width, height] = [Number(root.getAttribute("width")), Number(root.getAttribute("height"))];
    expect(width).toBeGreaterThan(300);
    expect(height).toBeGreaterThan(240);
    expect(root.getAttribute("viewBox")).toBe(`0 0 ${width} ${height}`);
    // Wrapped labels are drawn a line a <text>: each label's words are there, in order.
    const words = [...doc.getElementsByTagName("text")].map((t) => t.textContent).join(" ");
    for (const n of elements.filter((e): e is NodeElement => e.group === "nodes")) {
      expect(words.replace(/\s+/g, " ")).toContain(n.data.label);
    }
    // Markup in a label stays text.
    expect(text).toContain("Fractions &amp; decimals");
    expect(text).toContain("&lt;grade 4&gt;");
    expect(doc.getElementsByTagName("grade")).toHaveLength(0);
  });

  it("strokes every edge in its type's colour and line style, over the window's background", () => {
    const { doc } = exported(elements);
    const paths = [...doc.getElementsByTagName("path")];
    const stroked = (type: string) => paths.filter((p) => p.getAttribute("stroke") === rgb(typeStyle(type).colour));
    // Each edge's line (an arrow is a filled path of the same colour).
    for (const type of ["isChildOf", "isRelatedTo", "isPeerOf"]) expect(stroked(type).length).toBeGreaterThanOrEqual(1);
    expect(stroked("isChildOf").every((p) => !p.hasAttribute("stroke-dasharray"))).toBe(true);
    expect(stroked("isRelatedTo").some((p) => p.hasAttribute("stroke-dasharray"))).toBe(true);
    expect(stroked("isPeerOf").some((p) => p.hasAttribute("stroke-dasharray"))).toBe(true);
    // isChildOf has an arrow at its target: a filled path in its colour.
    expect(paths.some((p) => p.getAttribute("fill") === rgb(typeStyle("isChildOf").colour))).toBe(true);
    // The background first, the size of the drawing.
    const background = doc.querySelector("rect");
    expect(background?.getAttribute("fill")).toBe("#ffffff");
    expect(background?.getAttribute("width")).toBe(doc.documentElement.getAttribute("width"));
  });

  it("takes a theme chosen while it is shown: one colour for every type in high contrast", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    const canvas = createGraphCanvas(container, () => undefined);
    destroy = () => {
      canvas.destroy();
      delete document.documentElement.dataset.theme;
    };
    canvas.show(elements);
    const cy = (container as unknown as { cy: { edges: () => Array<{ style: (p: string) => string }> } }).cy;
    const colours = () => new Set(cy.edges().map((e) => e.style("line-color")));
    expect(colours().size).toBe(3);
    // What highContrast.css gives the graph, as the document's theme turns high contrast.
    container.style.setProperty("--graph-edge", "#ffffff");
    document.documentElement.dataset.theme = "high-contrast";
    await vi.waitFor(() => expect([...colours()]).toEqual(["rgb(255,255,255)"]));
  });

  it("draws ellipses as curves, not polygons", () => {
    const { doc } = exported([node("b", "Alone", 0, 0)]);
    const shapes = [...doc.getElementsByTagName("path")].map((p) => p.getAttribute("d") ?? "");
    expect(shapes.some((d) => (d.match(/C/g) ?? []).length === 4 && !d.includes("L"))).toBe(true);
  });

  it("keeps labels out of the view at a small zoom, and in the export", () => {
    const many = Array.from({ length: 40 }, (_, i) => node(`n${i}`, `Node ${i}`, i * 400, 0));
    const container = document.createElement("div");
    document.body.append(container);
    const canvas = createGraphCanvas(container, () => undefined);
    destroy = () => canvas.destroy();
    canvas.show(many);
    const { cy } = container as unknown as { cy: import("cytoscape").Core };
    expect(cy.nodes("#n5").style("label")).toBe("");
    const doc = new DOMParser().parseFromString(canvas.svg(), "image/svg+xml");
    const texts = [...doc.getElementsByTagName("text")].map((t) => t.textContent);
    expect(texts).toContain("Node 5");
    expect(texts).toContain("Node 39");
    // The view's style is back as it was.
    expect(cy.nodes("#n5").style("label")).toBe("");
  });
});
