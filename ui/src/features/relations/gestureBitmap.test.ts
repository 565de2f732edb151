import { afterEach, describe, expect, it, vi } from "vitest";
import type cytoscape from "cytoscape";

import { copyDrawingForGestures } from "./gestureBitmap";

/** A stand-in for cytoscape's canvas renderer: what `render` leaves, and the bitmap it uses. */
function fakeRenderer() {
  const layer = document.createElement("canvas");
  layer.width = 200;
  layer.height = 100;
  const r = {
    textureOnViewport: true,
    textureCache: null as null | { texture: HTMLCanvasElement; viewport: Record<string, unknown> },
    hoverData: { dragging: false },
    data: { wheelZooming: false, canvases: [null, null, layer], canvasNeedsRedraw: [false, false, true] },
    NODE: 2,
    canvasWidth: 200,
    canvasHeight: 100,
    ratio: 1,
    getPixelRatio: () => r.ratio,
    // What cytoscape's render does with the bitmap: makes its own when none is there; clears it
    // outside a gesture; draws the node layer when due.
    ownBitmaps: 0,
    render() {
      const gesture = r.hoverData.dragging || r.data.wheelZooming;
      if (gesture && !r.textureCache) {
        r.ownBitmaps++;
        r.textureCache = { texture: layer, viewport: {} };
      }
      if (!gesture) r.textureCache = null;
      r.data.canvasNeedsRedraw[2] = false;
    },
  };
  return r;
}

/** A stand-in for a cytoscape instance over `r`: its events and view. */
function fakeCy(r: ReturnType<typeof fakeRenderer>) {
  const handlers: (() => void)[] = [];
  const view = { zoom: 1, pan: { x: 0, y: 0 } };
  const cy = {
    renderer: () => r,
    on: (_events: string, handler: () => void) => handlers.push(handler),
    zoom: () => view.zoom,
    pan: () => view.pan,
  };
  return { cy: cy as unknown as cytoscape.Core, view, changed: () => handlers.forEach((h) => h()) };
}

describe("copyDrawingForGestures", () => {
  afterEach(() => vi.restoreAllMocks());

  const drawn: unknown[] = [];
  const context = () =>
    ({
      setTransform: () => undefined,
      clearRect: () => undefined,
      drawImage: (image: unknown) => drawn.push(image),
    }) as unknown as CanvasRenderingContext2D;

  it("starts a gesture from a copy of the node layer, with the view it was drawn at", () => {
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(context as never);
    const r = fakeRenderer();
    const { cy, view } = fakeCy(r);
    copyDrawingForGestures(cy);
    view.zoom = 2;
    view.pan = { x: 40, y: -20 };
    r.render(); // at rest: the node layer drawn at this view
    view.pan = { x: 46, y: -17 }; // the drag's first move
    r.hoverData.dragging = true;
    r.render();
    expect(r.ownBitmaps).toBe(0);
    expect(drawn).toContain(r.data.canvases[2]);
    expect(r.textureCache?.texture).not.toBe(r.data.canvases[2]);
    expect(r.textureCache?.viewport).toEqual({
      zoom: 2,
      pan: { x: 40, y: -20 },
      width: 200,
      height: 100,
      mpan: { x: -20, y: 10 },
    });
  });

  it("leaves the bitmap to cytoscape when the layer is not current", () => {
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(context as never);
    const r = fakeRenderer();
    const { cy, changed } = fakeCy(r);
    copyDrawingForGestures(cy);
    r.render();
    changed(); // an element added or restyled since the layer was drawn
    r.hoverData.dragging = true;
    r.render();
    expect(r.ownBitmaps).toBe(1);
    // Nor when the pixel ratio changed since (the window moved to another screen).
    r.hoverData.dragging = false;
    r.render();
    r.ratio = 2;
    r.hoverData.dragging = true;
    r.render();
    expect(r.ownBitmaps).toBe(2);
  });

  it("changes nothing where the renderer is not what it knows", () => {
    const cy = { renderer: () => ({ render: () => undefined }), on: vi.fn() } as unknown as cytoscape.Core;
    copyDrawingForGestures(cy);
    expect((cy as unknown as { on: ReturnType<typeof vi.fn> }).on).not.toHaveBeenCalled();
  });
});
