//! The exploration as the explorer canvas's elements: each node's card label and "+N more", its
//! framework's colour band, its ring for the concentric layout (associations away from the
//! focused node) and its place in the layered layout; the edges the filters keep.

import { BAND_COLOURS } from "./canvasTheme";
import {
  distances,
  frameworkId,
  hiddenCounts,
  layeredPositions,
  nodeLabel,
  type DrawnGraph,
  type Exploration,
} from "./explorationModel";
import type { ExplorerEdge, ExplorerNode } from "./explorerCanvas";

/**
 * The elements of `graph` (drawn from `exploration`), rings counted from `focus`, each node's
 * band its framework's place in `frameworks` (ids in the legend's order; -1, no band, when there
 * is only one).
 */
export function explorerElements(
  exploration: Exploration,
  graph: DrawnGraph,
  focus: string,
  frameworks: readonly string[],
): Array<ExplorerNode | ExplorerEdge> {
  const places = layeredPositions(graph);
  const rings = distances(graph, focus);
  const farthest = Math.max(0, ...rings.values());
  const hiddenOf = hiddenCounts(exploration);
  const nodes: ExplorerNode[] = graph.nodes.map((n) => {
    const hidden = hiddenOf.get(n.identifier) ?? 0;
    return {
      group: "nodes",
      data: {
        id: n.identifier,
        label: nodeLabel(n, hidden),
        kind: n.kind,
        root: n.identifier === exploration.root,
        grown: exploration.grown.has(n.identifier),
        hidden,
        // Nodes no edge reaches go on the outermost ring.
        ring: rings.get(n.identifier) ?? farthest + 1,
        // Banded only when the drawing mixes frameworks: with one, a ring would say nothing.
        band: frameworks.length > 1 ? Math.max(0, frameworks.indexOf(frameworkId(n.framework))) % BAND_COLOURS : -1,
      },
      position: places.get(n.identifier) ?? { x: 0, y: 0 },
    };
  });
  const edges: ExplorerEdge[] = graph.edges.map((e) => ({
    group: "edges",
    data: { id: `e:${e.id}`, source: e.origin, target: e.destination, type: e.associationType },
  }));
  return [...nodes, ...edges];
}
