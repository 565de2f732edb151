//! The graph canvas for component tests (jsdom draws no canvas): it keeps what it was asked to
//! show and lets a test tap a node.

import type { GraphCanvas } from "../graphCanvas";
import type { EdgeElement, NodeElement } from "../graphModel";

/** A fake canvas's state. */
export interface FakeCanvas {
  elements: Array<NodeElement | EdgeElement>;
  tap(identifier: string): void;
  destroyed: boolean;
}

/** Every fake canvas created, the latest last. */
export const canvases: FakeCanvas[] = [];

export function createGraphCanvas(_container: HTMLElement, onSelect: (identifier: string) => void): GraphCanvas {
  const fake: FakeCanvas = { elements: [], tap: onSelect, destroyed: false };
  canvases.push(fake);
  return {
    show(elements, done) {
      fake.elements = elements;
      done?.();
    },
    fit: () => undefined,
    zoomBy: () => undefined,
    png: async () => new Uint8Array([137, 80, 78, 71]),
    svg: () => '<svg xmlns="http://www.w3.org/2000/svg"/>',
    destroy() {
      fake.destroyed = true;
    },
  };
}
