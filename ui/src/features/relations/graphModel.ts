//! The relationship graph as cytoscape elements: the neighbourhood the backend sent, with the
//! edges of unchosen groupings left out, each node labelled (with "+N more" where the drawing
//! was cut) and each edge typed for its style.

import type { GraphEdge } from "../../bindings/GraphEdge";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import type { NodeKind } from "../../bindings/NodeKind";

/** The grouping filter's value for associations without a grouping. */
export const NO_GROUPING = "";

/** A node as cytoscape receives it. */
export interface NodeElement {
  group: "nodes";
  data: { id: string; label: string; code: string | null; kind: NodeKind; centre: boolean; hidden: number };
}

/** An edge as cytoscape receives it. */
export interface EdgeElement {
  group: "edges";
  data: { id: string; source: string; target: string; type: string; tree: boolean };
}

/** Longest label drawn (the rest is in the item panel). */
const LABEL_MAX = 48;

function shorten(text: string): string {
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text;
}

/** Whether `edge` passes the grouping filter (`null`: every grouping). */
export function shown(edge: GraphEdge, groupings: ReadonlySet<string> | null): boolean {
  return groupings === null || groupings.has(edge.grouping ?? NO_GROUPING);
}

/** The elements of `graph`, keeping the edges of `groupings` only (`null`: all). */
export function elements(graph: NeighbourhoodGraph, groupings: ReadonlySet<string> | null): Array<NodeElement | EdgeElement> {
  const nodes: NodeElement[] = graph.nodes.map((n) => ({
    group: "nodes",
    data: {
      id: n.identifier,
      label: n.hidden > 0 ? `${shorten(n.label)}\n+${n.hidden} more` : shorten(n.label),
      code: n.code,
      kind: n.kind,
      centre: n.identifier === graph.centre,
      hidden: n.hidden,
    },
  }));
  const edges: EdgeElement[] = graph.edges
    .filter((e) => shown(e, groupings))
    .map((e) => ({
      group: "edges",
      data: { id: `e:${e.id}`, source: e.origin, target: e.destination, type: e.associationType, tree: e.associationType === "isChildOf" },
    }));
  return [...nodes, ...edges];
}

/** How many edges of each type are drawn. */
export function typeCounts(graph: NeighbourhoodGraph, groupings: ReadonlySet<string> | null): Map<string, number> {
  const counts = new Map<string, number>(graph.types.map((t) => [t, 0]));
  for (const e of graph.edges) if (shown(e, groupings)) counts.set(e.associationType, (counts.get(e.associationType) ?? 0) + 1);
  return counts;
}
