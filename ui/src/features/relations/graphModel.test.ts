//! The graph's framing: every node and its label inside the canvas, centred, never blown up; and
//! the associations other frameworks publish, named with their publisher.

import { describe, expect, it } from "vitest";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import { PADDING, elements, foreignEdges, framing, type NodeElement } from "./graphModel";

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

describe("associations other frameworks publish", () => {
  const key = { connection: "Demo", identifier: "maths" };
  const spanish = { connection: "Demo", identifier: "spanish" };
  const graph: NeighbourhoodGraph = {
    key,
    centre: "k",
    depth: 1,
    limit: 100,
    truncated: false,
    types: ["isChildOf", "isTranslationOf"],
    groupings: [],
    nodes: [
      {
        identifier: "k",
        kind: "item",
        code: "K",
        label: "K Kindergarten",
        uri: null,
        distance: 0,
        hidden: 0,
        x: 0,
        y: 0,
        framework: key,
      },
      {
        identifier: "d",
        kind: "document",
        code: null,
        label: "Maths",
        uri: null,
        distance: 1,
        hidden: 0,
        x: 0,
        y: 0,
        framework: key,
      },
      {
        identifier: "es",
        kind: "item",
        code: "Kindergarten",
        label: "Kinder",
        uri: null,
        distance: 1,
        hidden: 0,
        x: 0,
        y: 0,
        framework: spanish,
      },
    ],
    edges: [
      { id: "own", associationType: "isChildOf", origin: "k", destination: "d", grouping: null, publishedBy: null },
      {
        id: "tr",
        associationType: "isTranslationOf",
        origin: "k",
        destination: "es",
        grouping: "g",
        publishedBy: { connection: "Demo", document: "spanish", label: "Spanish Edition" },
      },
    ],
  };

  it("lists only the others' edges, by their ends' labels, within the grouping filter", () => {
    expect(foreignEdges(graph, null)).toEqual([
      {
        id: "tr",
        type: "isTranslationOf",
        origin: "K Kindergarten",
        destination: "Kinder",
        publisher: "Spanish Edition",
      },
    ]);
    expect(foreignEdges(graph, new Set([""]))).toEqual([]);
  });

  it("gives the canvas each edge's publisher", () => {
    const edges = elements(graph, null).filter((e) => e.group === "edges");
    expect(edges.map((e) => e.data.publisher)).toEqual([null, "Spanish Edition"]);
  });
});
