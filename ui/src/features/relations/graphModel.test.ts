//! The graph's framing: every node and its label inside the canvas, centred, never blown up.

import { describe, expect, it } from "vitest";
import { PADDING, framing, type NodeElement } from "./graphModel";

function node(id: string, x: number, y: number): NodeElement {
  return {
    group: "nodes",
    data: { id, label: id, code: null, kind: "item", centre: false, hidden: 0 },
    position: { x, y },
  };
}

describe("framing", () => {
  it("fits the widest drawing to the canvas and centres it", () => {
    const nodes = [node("a", 0, 0), node("b", 3000, 0), node("c", 1500, 180)];
    const { zoom, pan } = framing(nodes, 1000, 600, 0.1, 4);
    // Every node's place, with room for its label, lands inside the padded canvas.
    for (const n of nodes) {
      const x = n.position.x * zoom + pan.x;
      const y = n.position.y * zoom + pan.y;
      expect(x - 75 * zoom).toBeGreaterThanOrEqual(PADDING - 0.001);
      expect(x + 75 * zoom).toBeLessThanOrEqual(1000 - PADDING + 0.001);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(600);
    }
    // Centred across.
    expect((0 * zoom + pan.x + 3000 * zoom + pan.x) / 2).toBeCloseTo(500);
  });

  it("does not blow a single node up, and respects the smallest zoom", () => {
    expect(framing([node("a", 0, 0)], 1000, 600, 0.1, 4).zoom).toBe(1.5);
    const far = [node("a", 0, 0), node("b", 1_000_000, 0)];
    expect(framing(far, 1000, 600, 0.1, 4).zoom).toBe(0.1);
  });

  it("answers a neutral view for nothing to show or no room", () => {
    expect(framing([], 800, 400, 0.1, 4)).toEqual({ zoom: 1, pan: { x: 400, y: 200 } });
    expect(framing([node("a", 5, 5)], 0, 0, 0.1, 4).zoom).toBe(1);
  });
});
