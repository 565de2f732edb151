//! The full-size graph's canvas for component tests (jsdom draws no canvas): it keeps what it was
//! asked to show, in which layout, and answers the layered places as the nodes' positions.

import type { ExplorerCanvas, ExplorerEdge, ExplorerNode, LayoutName } from "../explorerCanvas";

/** A fake explorer canvas's state. */
export interface FakeExplorerCanvas {
  elements: Array<ExplorerNode | ExplorerEdge>;
  layout: LayoutName | null;
  focus: string | null;
  tap(identifier: string): void;
}

/** Every fake canvas created, the latest last. */
export const explorerCanvases: FakeExplorerCanvas[] = [];

export function createExplorerCanvas(_container: HTMLElement, onTap: (identifier: string) => void): ExplorerCanvas {
  const fake: FakeExplorerCanvas = { elements: [], layout: null, focus: null, tap: onTap };
  explorerCanvases.push(fake);
  return {
    show(elements, layout, _focus, done) {
      fake.elements = elements;
      fake.layout = layout;
      done?.(1);
    },
    positions: () =>
      new Map(fake.elements.flatMap((e) => (e.group === "nodes" ? [[e.data.id, e.position] as const] : []))),
    focus(identifier) {
      fake.focus = identifier;
    },
    centre: () => undefined,
    fit: () => undefined,
    zoomBy: () => undefined,
    attachMinimap: () => () => undefined,
    png: async () => new Uint8Array([137, 80, 78, 71]),
    svg: () => '<svg xmlns="http://www.w3.org/2000/svg"/>',
    destroy: () => undefined,
  };
}
