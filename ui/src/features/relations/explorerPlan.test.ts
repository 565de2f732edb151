import { describe, expect, it } from "vitest";

import { batches, extent, framing, type Framing } from "./explorerPlan";

const CARD = { width: 180, height: 72 };
const CANVAS = { width: 900, height: 600 };
const HOW: Framing = { padding: 30, most: 1.2, least: 0.05, reading: 0.85, centre: null };

/** Where `place` lands on the canvas under `view`. */
const onScreen = (view: ReturnType<typeof framing>, place: { x: number; y: number }) => ({
  x: place.x * view.zoom + view.pan.x,
  y: place.y * view.zoom + view.pan.y,
});

describe("the framing", () => {
  it("shows a small drawing whole, in the middle, never blown up past the most", () => {
    const view = framing(
      [
        { x: 0, y: 0 },
        { x: 210, y: 0 },
      ],
      CARD,
      CANVAS,
      HOW,
    );
    expect(view.zoom).toBe(1.2);
    expect(onScreen(view, { x: 105, y: 0 })).toEqual({ x: 450, y: 300 });
  });

  it("fits a drawing that can be read whole", () => {
    const places = [
      { x: 0, y: 0 },
      { x: 600, y: 300 },
    ];
    const view = framing(places, CARD, CANVAS, HOW);
    // (900 − 60) / (600 + 180) is the narrower side.
    expect(view.zoom).toBeCloseTo(840 / 780);
    const left = onScreen(view, { x: -90, y: 0 });
    expect(left.x).toBeCloseTo(30);
  });

  it("opens a drawing too big to read whole at the reading zoom, on the focused node", () => {
    const places = Array.from({ length: 50 }, (_, i) => ({ x: i * 210, y: 0 }));
    const view = framing(places, CARD, CANVAS, { ...HOW, centre: { x: 2100, y: 0 } });
    expect(view.zoom).toBe(0.85);
    expect(onScreen(view, { x: 2100, y: 0 })).toEqual({ x: 450, y: 300 });
    // Without the reading zoom (the Fit button): all of it, as small as it takes.
    const fitted = framing(places, CARD, CANVAS, { ...HOW, reading: null });
    expect(fitted.zoom).toBeLessThan(0.1);
  });

  it("answers a plain view for no nodes", () => {
    expect(framing([], CARD, CANVAS, HOW)).toEqual({ zoom: 1, pan: { x: 450, y: 300 } });
  });

  it("says what a view shows", () => {
    expect(extent({ zoom: 2, pan: { x: 100, y: -50 } }, CANVAS)).toEqual({ x1: -50, y1: 25, x2: 400, y2: 325 });
  });
});

describe("the batches", () => {
  const nodes = Array.from({ length: 10 }, (_, i) => ({ id: `n${i}` }));
  const places = new Map(nodes.map((n, i) => [n.id, { x: i * 200, y: 0 }]));
  // A chain n0 – n1 – … – n9, and one edge to a node that is not there.
  const edges = [
    ...nodes.slice(1).map((n, i) => ({ source: n.id, target: `n${i}` })),
    { source: "n0", target: "gone" },
  ];

  it("puts the nodes in view first, then the rest nearest the view first, each edge with its later end", () => {
    const plan = batches(nodes, edges, places, CARD, { x1: 300, y1: -100, x2: 700, y2: 100 }, 3);
    // n2 and n3's cards are in view (n1's ends at 290, n4's starts at 710); then by distance
    // from the view's middle (500), ties in the given order.
    expect(plan.map((b) => b.nodes.map((n) => n.id))).toEqual([
      ["n2", "n3"],
      ["n1", "n4", "n0"],
      ["n5", "n6", "n7"],
      ["n8", "n9"],
    ]);
    expect(plan[0]?.edges).toEqual([{ source: "n3", target: "n2" }]);
    expect(plan.flatMap((b) => b.edges)).toHaveLength(9);
    for (const [i, batch] of plan.entries()) {
      const before = new Set(plan.slice(0, i + 1).flatMap((b) => b.nodes.map((n) => n.id)));
      for (const e of batch.edges) expect(before.has(e.source) && before.has(e.target)).toBe(true);
    }
  });

  it("is one batch when everything is in view", () => {
    const plan = batches(nodes, edges, places, CARD, { x1: -1000, y1: -1000, x2: 5000, y2: 1000 }, 3);
    expect(plan).toHaveLength(1);
    expect(plan[0]?.nodes).toHaveLength(10);
  });
});
