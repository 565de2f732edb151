//! The full-size graph's exploration: grow, collapse, remove, back and forward, filters, layers
//! and the keyboard's steps.

import { describe, expect, it } from "vitest";

import type { GraphEdge } from "../../bindings/GraphEdge";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import {
  NO_FILTERS,
  back,
  collapse,
  commit,
  describeNode,
  distances,
  drawn,
  explorationFrameworks,
  forward,
  frameworkId,
  grow,
  hiddenCount,
  hiddenCounts,
  historyOf,
  layers,
  layeredPositions,
  nodeLabel,
  remove,
  searchNodes,
  startExploration,
  stepToward,
  stepsByNode,
  stepsFrom,
} from "./explorationModel";
import { explorerElements } from "./graphExplorerElements";

function edge(
  id: string,
  origin: string,
  destination: string,
  associationType = "isChildOf",
  grouping: string | null = null,
): GraphEdge {
  return { id, origin, destination, associationType, grouping, publishedBy: null };
}

/** A depth-1 neighbourhood of `centre`: `edges` among the nodes, `hidden` per node. */
function hood(centre: string, edges: GraphEdge[], hidden: Record<string, number> = {}): NeighbourhoodGraph {
  const ids = [...new Set([centre, ...edges.flatMap((e) => [e.origin, e.destination])])];
  return {
    key: { connection: "local", identifier: "fw" },
    centre,
    depth: 1,
    limit: 100,
    nodes: ids.map((id) => ({
      identifier: id,
      kind: "item",
      code: id.toUpperCase(),
      label: `${id.toUpperCase()} Statement of ${id}`,
      uri: null,
      distance: id === centre ? 0 : 1,
      hidden: hidden[id] ?? 0,
      x: 0,
      y: 0,
      framework: { connection: "local", identifier: "fw" },
    })),
    edges,
    truncated: false,
    types: [...new Set(edges.map((e) => e.associationType))],
    groupings: [],
  };
}

// a is the parent of b and c; b is the parent of d and e; c is related to f.
const A = hood("a", [edge("1", "b", "a"), edge("2", "c", "a")], { b: 2, c: 1 });
const B = hood("b", [edge("1", "b", "a"), edge("3", "d", "b"), edge("4", "e", "b")], { a: 1 });
const C = hood("c", [edge("2", "c", "a"), edge("5", "c", "f", "isRelatedTo", "g1")], { a: 1 });

describe("growing", () => {
  it("starts from a neighbourhood and merges a node's neighbours when grown", () => {
    const start = startExploration(A);
    expect([...start.nodes.keys()]).toEqual(["a", "b", "c"]);
    expect(hiddenCount(start, "b")).toBe(2);
    const grown = grow(start, "b", B);
    expect([...grown.nodes.keys()]).toEqual(["a", "b", "c", "d", "e"]);
    expect(grown.edges.size).toBe(4);
    // b's hidden neighbours are drawn now; c's are not.
    expect(hiddenCount(grown, "b")).toBe(0);
    expect(hiddenCount(grown, "c")).toBe(1);
    expect(grown.grown.has("b")).toBe(true);
    // The start is unchanged (history keeps it).
    expect(start.nodes.size).toBe(3);
  });

  it("counts every node's hidden associations in one pass as it counts one node's", () => {
    // A self-loop counts once toward its node, as one association.
    const looped = hood("c", [edge("2", "c", "a"), edge("7", "c", "c", "isRelatedTo")], { c: 1 });
    const all = grow(grow(grow(startExploration(A), "b", B), "c", C), "c", looped);
    const counts = hiddenCounts(all);
    expect([...counts.keys()]).toEqual([...all.nodes.keys()]);
    for (const id of all.nodes.keys()) expect(counts.get(id)).toBe(hiddenCount(all, id));
    expect(counts.get("a")).toBe(0);
  });

  it("gathers the neighbourhood of a hub of 5,000 edges", () => {
    const edges = Array.from({ length: 5000 }, (_, i) => edge(`e${i}`, `n${i}`, "hub"));
    const hub = startExploration(hood("hub", edges));
    const graph = drawn(hub, NO_FILTERS);
    const steps = stepsByNode(graph);
    const counts = hiddenCounts(hub);
    expect(steps.get("hub")).toHaveLength(5000);
    expect(stepsFrom(graph, "n42")).toEqual(steps.get("n42"));
    expect(counts.get("hub")).toBe(0);
    expect(hub.nodes.get("hub")?.degree).toBe(5000);
  });

  it("collapses what a grow added, and what those added in turn", () => {
    const start = startExploration(A);
    const twice = grow(grow(start, "b", B), "c", C);
    const d = hood("d", [edge("3", "d", "b"), edge("6", "h", "d")]);
    const thrice = grow(twice, "d", d);
    expect(thrice.nodes.has("h")).toBe(true);
    const collapsed = collapse(thrice, "b");
    expect([...collapsed.nodes.keys()]).toEqual(["a", "b", "c", "f"]);
    expect(collapsed.grown.has("b")).toBe(false);
    expect([...collapsed.edges.keys()].sort()).toEqual(["1", "2", "5"]);
  });

  it("removes a node and its edges, never the root", () => {
    const twice = grow(startExploration(A), "b", B);
    const removed = remove(twice, "b");
    expect(removed.nodes.has("b")).toBe(false);
    expect([...removed.edges.keys()]).toEqual(["2"]);
    // What b added now hangs from the root: collapsing the root takes it away.
    expect(collapse(removed, "a").nodes.has("d")).toBe(false);
    expect(remove(twice, "a")).toBe(twice);
  });
});

describe("history", () => {
  it("goes back and forward through what the user built, a new step dropping the forward ones", () => {
    const one = startExploration(A);
    const two = grow(one, "b", B);
    const three = grow(two, "c", C);
    let h = commit(commit(historyOf(one), two), three);
    h = back(back(h));
    expect(h.present).toBe(one);
    expect(back(h)).toBe(h);
    h = forward(h);
    expect(h.present).toBe(two);
    h = commit(h, remove(two, "c"));
    expect(h.future).toEqual([]);
    expect(forward(h)).toBe(h);
    expect(back(h).present).toBe(two);
  });
});

describe("drawing", () => {
  const all = grow(grow(startExploration(A), "b", B), "c", C);

  it("filters by association type and grouping, keeping the nodes", () => {
    expect(drawn(all, NO_FILTERS).edges).toHaveLength(5);
    const byType = drawn(all, { ...NO_FILTERS, hiddenTypes: new Set(["isRelatedTo"]) });
    expect(byType.edges.map((e) => e.id)).not.toContain("5");
    expect(byType.nodes).toHaveLength(6);
    const byGrouping = drawn(all, { ...NO_FILTERS, hiddenGroupings: new Set([""]) });
    expect(byGrouping.edges.map((e) => e.id)).toEqual(["5"]);
  });

  it("lists the frameworks, the start node's first, and leaves a hidden one's nodes out", () => {
    const other = { connection: "Files", identifier: "es" };
    const withForeign = {
      ...C,
      nodes: C.nodes.map((n) => (n.identifier === "f" ? { ...n, framework: other } : n)),
    };
    const mixed = grow(grow(startExploration(A), "b", B), "c", withForeign);
    const frameworks = explorationFrameworks(mixed);
    expect(frameworks.map((f) => [f.key?.identifier, f.nodes])).toEqual([
      ["fw", 5],
      ["es", 1],
    ]);
    const hidden = drawn(mixed, { ...NO_FILTERS, hiddenFrameworks: new Set([frameworkId(other)]) });
    expect(hidden.nodes.map((n) => n.identifier)).not.toContain("f");
    expect(hidden.edges.map((e) => e.id)).not.toContain("5");
    // The start node stays whatever its framework.
    const own = drawn(mixed, { ...NO_FILTERS, hiddenFrameworks: new Set([frameworkId(A.key)]) });
    expect(own.nodes.map((n) => n.identifier)).toEqual(["a", "f"]);
    expect(describeNode(mixed, own, "f", "Spanish")).toContain("item, in Spanish, ");
    // Each node banded by its framework's place; one framework alone, no band.
    const ids = frameworks.map((f) => f.id);
    const bands = (graph: ReturnType<typeof drawn>, list: string[]) =>
      new Map(
        explorerElements(mixed, graph, "a", list).flatMap((e) =>
          e.group === "nodes" ? [[e.data.id, e.data.band]] : [],
        ),
      );
    const banded = bands(drawn(mixed, NO_FILTERS), ids);
    expect([banded.get("a"), banded.get("f")]).toEqual([0, 1]);
    expect(bands(drawn(all, NO_FILTERS), ids.slice(0, 1)).get("a")).toBe(-1);
  });

  it("layers parents above children and finds distances for the concentric layout", () => {
    const graph = drawn(all, NO_FILTERS);
    const layer = layers(graph);
    // f is related to c: beside it.
    expect([layer.get("a"), layer.get("b"), layer.get("d"), layer.get("f")]).toEqual([0, 1, 2, 1]);
    expect(distances(graph, "d").get("f")).toBe(4);
  });

  it("survives an isChildOf cycle", () => {
    const cyc = startExploration(hood("x", [edge("1", "x", "y"), edge("2", "y", "x")]));
    const layer = layers(drawn(cyc, NO_FILTERS));
    expect(layer.size).toBe(2);
  });

  it("labels a node with its code, the first words of its statement and +N more", () => {
    const node = {
      identifier: "n",
      kind: "item" as const,
      code: "S1.2",
      label: `S1.2 ${"word ".repeat(30)}`,
      framework: null,
      degree: 3,
    };
    const label = nodeLabel(node, 2);
    const [code, words, more] = label.split("\n");
    expect(code).toBe("S1.2");
    expect(words?.endsWith("…")).toBe(true);
    expect(words!.length).toBeLessThanOrEqual(49);
    expect(more).toBe("+2 more");
    expect(nodeLabel({ ...node, code: null, label: "Title" }, 0)).toBe("Title");
  });
});

describe("the keyboard", () => {
  const all = grow(startExploration(A), "b", B);
  const graph = drawn(all, NO_FILTERS);
  const positions = new Map([
    ["a", { x: 0, y: 0 }],
    ["b", { x: -100, y: 100 }],
    ["c", { x: 100, y: 100 }],
    ["d", { x: -150, y: 200 }],
    ["e", { x: -50, y: 200 }],
  ]);

  it("steps along an edge toward the arrow's direction", () => {
    expect(stepToward(graph, "a", "down", positions)?.other).toMatch(/b|c/);
    expect(stepToward(graph, "b", "up", positions)?.other).toBe("a");
    expect(stepToward(graph, "b", "down", positions)?.other).toMatch(/d|e/);
    // e's one edge leads up and left.
    expect(stepToward(graph, "e", "right", positions)).toBeNull();
    expect(stepToward(graph, "e", "up", positions)?.other).toBe("b");
    expect(stepToward(graph, "d", "left", positions)).toBeNull();
  });

  it("reads a node and finds nodes by code or words", () => {
    expect(describeNode(all, graph, "c")).toBe("C Statement of c, item, 1 association drawn, 1 more not drawn");
    expect(describeNode(all, graph, "b")).toContain("3 associations drawn, grown");
    expect(searchNodes(graph, "d").map((n) => n.identifier)[0]).toBe("d");
    expect(searchNodes(graph, "statement of e").map((n) => n.identifier)).toEqual(["e"]);
  });
});

describe("the layered layout", () => {
  it("puts each layer on a row, children under their parents, none on top of another", () => {
    const all = grow(grow(startExploration(A), "b", B), "c", C);
    const at = layeredPositions(drawn(all, NO_FILTERS));
    expect(at.get("a")?.y).toBeLessThan(at.get("b")?.y ?? 0);
    expect(at.get("b")?.y).toBeLessThan(at.get("d")?.y ?? 0);
    const places = new Set([...at.values()].map((p) => `${p.x},${p.y}`));
    expect(places.size).toBe(all.nodes.size);
    // b stands left of c, so b's children stand left of c's.
    expect(at.get("d")!.x).toBeLessThan(at.get("c")!.x + 1000);
  });

  it("wraps a wide layer into rows of at most 16, all under their parent", () => {
    const children = Array.from({ length: 40 }, (_, i) => edge(`e${i}`, `k${i}`, "p"));
    const at = layeredPositions(drawn(startExploration(hood("p", children)), NO_FILTERS));
    const place = (id: string) => at.get(id) as { x: number; y: number };
    expect(new Set(children.map((e) => place(e.origin).y)).size).toBe(3);
    for (const e of children) {
      expect(place(e.origin).y).toBeGreaterThan(place("p").y);
      expect(Math.abs(place(e.origin).x)).toBeLessThanOrEqual(7.5 * 210);
    }
    expect(new Set([...at.values()].map((p) => `${p.x},${p.y}`)).size).toBe(41);
  });
});
