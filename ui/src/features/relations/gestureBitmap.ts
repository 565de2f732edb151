//! The bitmap cytoscape moves while a pan or zoom gesture lasts, copied from the drawing already
//! on screen instead of drawn anew.
//!
//! With `textureOnViewport`, cytoscape's canvas renderer moves a bitmap of the view during a
//! gesture rather than drawing every element each frame — but it makes that bitmap in the
//! gesture's first frame by drawing the whole view again, at twice the canvas's resolution: 46–81
//! ms over the Graph tab's 500 nodes without a GPU, a stall as a drag begins. The view is already
//! drawn, at the place the gesture starts from, on the renderer's node layer; a copy of that
//! canvas is the same picture and takes about a millisecond. So the bitmap is that copy whenever
//! the layer is current (nothing added, removed or restyled since it was drawn, no gesture in
//! between); otherwise cytoscape makes its own. A zoom's bitmap is so at the screen's resolution
//! rather than twice it until the gesture ends and the view is drawn anew.
//!
//! This reaches into cytoscape's canvas renderer (3.34): its `render`, `textureCache` and layer
//! canvases, which the public API does not expose. Where they are not as expected, nothing is
//! changed.

import type cytoscape from "cytoscape";

/** A view: cytoscape's zoom and pan, and the pixel ratio it was drawn at. */
interface Viewport {
  zoom: number;
  pan: { x: number; y: number };
  ratio: number;
}

/** What is used of cytoscape's canvas renderer. */
interface Renderer {
  render(options?: { forcedContext?: unknown }): void;
  getPixelRatio(): number;
  textureOnViewport: boolean;
  textureCache: unknown;
  pinching?: boolean;
  swipePanning?: boolean;
  hoverData: { dragging?: boolean };
  data: { wheelZooming?: boolean; canvases: HTMLCanvasElement[]; canvasNeedsRedraw: boolean[] };
  NODE: number;
  canvasWidth: number;
  canvasHeight: number;
}

/** The renderer's internals, or null where they are not what this module knows. */
function rendererOf(cy: cytoscape.Core): Renderer | null {
  const r = (cy as unknown as { renderer?: () => Partial<Renderer> | null }).renderer?.();
  const ok =
    r &&
    typeof r.render === "function" &&
    typeof r.getPixelRatio === "function" &&
    typeof r.NODE === "number" &&
    r.hoverData &&
    Array.isArray(r.data?.canvases) &&
    r.data.canvases[r.NODE] instanceof HTMLCanvasElement &&
    Array.isArray(r.data.canvasNeedsRedraw);
  return ok ? (r as Renderer) : null;
}

/** Whether a gesture is moving the view, as cytoscape's renderer decides to draw its bitmap. */
function inGesture(r: Renderer): boolean {
  return Boolean(r.pinching || r.hoverData.dragging || r.swipePanning || r.data.wheelZooming);
}

/**
 * Makes `cy`'s gestures start from a copy of the node layer (see the module's note). Call it once,
 * right after the instance is made.
 */
export function copyDrawingForGestures(cy: cytoscape.Core): void {
  const r = rendererOf(cy);
  if (!r || !r.textureOnViewport) return;
  const render = r.render;
  // The view the node layer shows, while it shows every element as they are now.
  let drawn: Viewport | null = null;
  const copy = document.createElement("canvas");
  // An element changed, or the canvas was resized (which clears it): the layer is not current.
  cy.on("add remove class style data position resize", () => {
    drawn = null;
  });
  const bitmap = (view: Viewport) => {
    const layer = r.data.canvases[r.NODE]!;
    if (copy.width !== layer.width || copy.height !== layer.height) {
      copy.width = layer.width;
      copy.height = layer.height;
    }
    const context = copy.getContext("2d");
    if (!context || layer.width !== r.canvasWidth || layer.height !== r.canvasHeight) return null;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, copy.width, copy.height);
    context.drawImage(layer, 0, 0);
    // As cytoscape's renderer keeps its own: the canvas, and the view it shows.
    return {
      texture: copy,
      viewport: {
        zoom: view.zoom,
        pan: view.pan,
        width: r.canvasWidth,
        height: r.canvasHeight,
        mpan: { x: -view.pan.x / view.zoom, y: -view.pan.y / view.zoom },
      },
    };
  };
  r.render = function (this: Renderer, options) {
    if (options?.forcedContext) return render.call(this, options);
    const gesture = r.textureOnViewport && inGesture(r);
    // A new pixel ratio (the window on another screen) resizes the canvases in this render.
    if (gesture && !r.textureCache && drawn && drawn.ratio === r.getPixelRatio()) r.textureCache = bitmap(drawn);
    render.call(this, options);
    // Outside a gesture the layer, once nothing is left to draw on it, shows the view as it is.
    drawn =
      !gesture && !r.data.canvasNeedsRedraw[r.NODE]
        ? { zoom: cy.zoom(), pan: { ...cy.pan() }, ratio: r.getPixelRatio() }
        : null;
  };
}
