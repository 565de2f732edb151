//! The relationship graph as cytoscape elements: the neighbourhood the backend sent, with the
//! edges of unchosen groupings left out, each node labelled (with "+N more" where the drawing
//! was cut) and each edge typed for its style, with the framework publishing it when that is not
//! the open one.

import type { GraphEdge } from "../../bindings/GraphEdge";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import type { NodeKind } from "../../bindings/NodeKind";

/** The grouping filter's value for associations without a grouping. */
export const NO_GROUPING = "";

/** A node as cytoscape receives it. */
export interface NodeElement {
  group: "nodes";
  data: { id: string; label: string; code: string | null; kind: NodeKind; centre: boolean; hidden: number };
  /** Where the backend placed it. */
  position: { x: number; y: number };
}

/** An edge as cytoscape receives it. */
export interface EdgeElement {
  group: "edges";
  data: { id: string; source: string; target: string; type: string; tree: boolean; publisher?: string | null };
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
export function elements(
  graph: NeighbourhoodGraph,
  groupings: ReadonlySet<string> | null,
): Array<NodeElement | EdgeElement> {
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
    position: { x: n.x, y: n.y },
  }));
  const edges: EdgeElement[] = graph.edges
    .filter((e) => shown(e, groupings))
    .map((e) => ({
      group: "edges",
      data: {
        id: `e:${e.id}`,
        source: e.origin,
        target: e.destination,
        type: e.associationType,
        tree: e.associationType === "isChildOf",
        publisher: e.publishedBy?.label ?? null,
      },
    }));
  return [...nodes, ...edges];
}

/** The drawn edges another cached framework publishes, each with its ends' labels. */
export function foreignEdges(
  graph: NeighbourhoodGraph,
  groupings: ReadonlySet<string> | null,
): Array<{ id: string; type: string; origin: string; destination: string; publisher: string }> {
  const labels = new Map(graph.nodes.map((n) => [n.identifier, n.label]));
  return graph.edges
    .filter((e) => e.publishedBy && shown(e, groupings))
    .map((e) => ({
      id: e.id,
      type: e.associationType,
      origin: labels.get(e.origin) ?? e.origin,
      destination: labels.get(e.destination) ?? e.destination,
      publisher: e.publishedBy!.label,
    }));
}

/** How many edges of each type are drawn. */
export function typeCounts(graph: NeighbourhoodGraph, groupings: ReadonlySet<string> | null): Map<string, number> {
  const counts = new Map<string, number>(graph.types.map((t) => [t, 0]));
  for (const e of graph.edges)
    if (shown(e, groupings)) counts.set(e.associationType, (counts.get(e.associationType) ?? 0) + 1);
  return counts;
}

/** Room around a node for its label (at most 130 px wide, up to three lines below it). */
const LABEL_ROOM = { side: 75, above: 16, below: 48 };
/** The framing's largest zoom. */
const MOST_ZOOM = 1.5;
/** Room between the drawing and the canvas's edge. */
export const PADDING = 24;

/**
 * The zoom and pan that show every node of `elements` (and its label) within a canvas of
 * `width` × `height`, centred.
 */
export function framing(
  elements: Array<NodeElement | EdgeElement>,
  width: number,
  height: number,
  minZoom: number,
  maxZoom: number,
): { zoom: number; pan: { x: number; y: number } } {
  const nodes = elements.filter((e): e is NodeElement => e.group === "nodes");
  if (nodes.length === 0 || width <= 0 || height <= 0) return { zoom: 1, pan: { x: width / 2, y: height / 2 } };
  const xs = nodes.map((n) => n.position.x);
  const ys = nodes.map((n) => n.position.y);
  const left = Math.min(...xs) - LABEL_ROOM.side;
  const right = Math.max(...xs) + LABEL_ROOM.side;
  const top = Math.min(...ys) - LABEL_ROOM.above;
  const bottom = Math.max(...ys) + LABEL_ROOM.below;
  const fitted = Math.min((width - 2 * PADDING) / (right - left), (height - 2 * PADDING) / (bottom - top));
  // A small graph is not blown up past a readable size.
  const zoom = Math.min(maxZoom, MOST_ZOOM, Math.max(minZoom, fitted));
  return {
    zoom,
    pan: { x: width / 2 - zoom * ((left + right) / 2), y: height / 2 - zoom * ((top + bottom) / 2) },
  };
}
