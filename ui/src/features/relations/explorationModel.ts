//! The full-size graph's exploration: the nodes and associations the user has gathered by growing
//! nodes (each grow merges a node's neighbourhood), collapsing and removing them, with back and
//! forward through what they built; the filters and the layout's inputs (levels) over it; and the
//! keyboard's moves along the drawn edges. Pure: no React, no cytoscape.

import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { GraphEdge } from "../../bindings/GraphEdge";
import type { GraphNode } from "../../bindings/GraphNode";
import type { GroupingRef } from "../../bindings/GroupingRef";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import type { NodeKind } from "../../bindings/NodeKind";

/** A node gathered into the exploration. */
export interface ExploredNode {
  identifier: string;
  kind: NodeKind;
  code: string | null;
  label: string;
  /** The cached framework it belongs to (`null`: an end outside the cache). */
  framework: FrameworkKey | null;
  /** Its associations as far as known (drawn or not): the larger of what each fetch saw. */
  degree: number;
}

/** What the user has built. */
export interface Exploration {
  /** The node the exploration started from. */
  root: string;
  /** In the order they were gathered. */
  nodes: ReadonlyMap<string, ExploredNode>;
  edges: ReadonlyMap<string, GraphEdge>;
  /** Nodes whose neighbours were added (grown). */
  grown: ReadonlySet<string>;
  /** For each node added by growing another, that other (for collapsing). */
  addedBy: ReadonlyMap<string, string>;
  groupings: ReadonlyMap<string, GroupingRef>;
}

/** An exploration with its past and future: back and forward. */
export interface ExplorationHistory {
  past: Exploration[];
  present: Exploration;
  future: Exploration[];
}

/** The grouping filter's value for associations without a grouping. */
export const NO_GROUPING = "";

/** Most explorations remembered behind the present one. */
const HISTORY_MAX = 100;

/** How many of `edges` touch each node (an edge from a node to itself once). */
function touching(edges: Iterable<GraphEdge>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of edges) {
    counts.set(e.origin, (counts.get(e.origin) ?? 0) + 1);
    if (e.destination !== e.origin) counts.set(e.destination, (counts.get(e.destination) ?? 0) + 1);
  }
  return counts;
}

function explored(node: GraphNode, drawnEdges: number): ExploredNode {
  return {
    identifier: node.identifier,
    kind: node.kind,
    code: node.code,
    label: node.label,
    framework: node.framework,
    degree: drawnEdges + node.hidden,
  };
}

/** An exploration of `graph` (a node's neighbourhood), its centre grown. */
export function startExploration(graph: NeighbourhoodGraph): Exploration {
  const empty: Exploration = {
    root: graph.centre,
    nodes: new Map(),
    edges: new Map(),
    grown: new Set(),
    addedBy: new Map(),
    groupings: new Map(),
  };
  return grow(empty, graph.centre, graph);
}

/** `exploration` with the neighbourhood `graph` of `identifier` merged in and `identifier` grown. */
export function grow(exploration: Exploration, identifier: string, graph: NeighbourhoodGraph): Exploration {
  const nodes = new Map(exploration.nodes);
  const addedBy = new Map(exploration.addedBy);
  const edgesOf = touching(graph.edges);
  for (const n of graph.nodes) {
    const node = explored(n, edgesOf.get(n.identifier) ?? 0);
    const known = nodes.get(n.identifier);
    if (known) nodes.set(n.identifier, { ...known, degree: Math.max(known.degree, node.degree) });
    else {
      nodes.set(n.identifier, node);
      if (n.identifier !== identifier && n.identifier !== exploration.root) addedBy.set(n.identifier, identifier);
    }
  }
  const edges = new Map(exploration.edges);
  for (const e of graph.edges) edges.set(e.id, e);
  const groupings = new Map(exploration.groupings);
  for (const g of graph.groupings) groupings.set(g.identifier, g);
  return { ...exploration, nodes, edges, addedBy, groupings, grown: new Set(exploration.grown).add(identifier) };
}

function without(exploration: Exploration, gone: ReadonlySet<string>): Exploration {
  const nodes = new Map([...exploration.nodes].filter(([id]) => !gone.has(id)));
  const edges = new Map([...exploration.edges].filter(([, e]) => nodes.has(e.origin) && nodes.has(e.destination)));
  const grown = new Set([...exploration.grown].filter((id) => nodes.has(id)));
  const addedBy = new Map<string, string>();
  for (const [id, by] of exploration.addedBy) {
    if (!nodes.has(id)) continue;
    // A node whose grower was removed hangs from the grower's own grower.
    let parent: string | undefined = by;
    while (parent !== undefined && gone.has(parent)) parent = exploration.addedBy.get(parent);
    if (parent !== undefined) addedBy.set(id, parent);
  }
  return { ...exploration, nodes, edges, grown, addedBy };
}

/** The nodes that growing `identifier` added, and those they added in turn. */
function addedBelow(exploration: Exploration, identifier: string): Set<string> {
  const below = new Set<string>();
  let frontier = [identifier];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const [id, by] of exploration.addedBy)
      if (frontier.includes(by) && !below.has(id) && id !== identifier) {
        below.add(id);
        next.push(id);
      }
    frontier = next;
  }
  below.delete(exploration.root);
  return below;
}

/** `exploration` with what growing `identifier` added taken away again. */
export function collapse(exploration: Exploration, identifier: string): Exploration {
  const next = without(exploration, addedBelow(exploration, identifier));
  const grown = new Set(next.grown);
  grown.delete(identifier);
  return { ...next, grown };
}

/** `exploration` with only the nodes of `shown` (and its root: an exploration always has one). */
export function keepOnly(exploration: Exploration, shown: ReadonlySet<string>): Exploration {
  const gone = new Set([...exploration.nodes.keys()].filter((id) => id !== exploration.root && !shown.has(id)));
  return gone.size === 0 ? exploration : without(exploration, gone);
}

/** `exploration` without `identifier` (the root stays: an exploration always has one node). */
export function remove(exploration: Exploration, identifier: string): Exploration {
  if (identifier === exploration.root || !exploration.nodes.has(identifier)) return exploration;
  return without(exploration, new Set([identifier]));
}

/** How many of `identifier`'s associations lead to nodes not drawn. */
export function hiddenCount(exploration: Exploration, identifier: string): number {
  return hiddenCounts(exploration).get(identifier) ?? 0;
}

/** Each node's associations not drawn (its degree less its drawn edges), in one pass over the edges. */
export function hiddenCounts(exploration: Exploration): Map<string, number> {
  const drawn = touching(exploration.edges.values());
  const counts = new Map<string, number>();
  for (const [id, node] of exploration.nodes) counts.set(id, Math.max(0, node.degree - (drawn.get(id) ?? 0)));
  return counts;
}

/** A history starting at `present`. */
export function historyOf(present: Exploration): ExplorationHistory {
  return { past: [], present, future: [] };
}

/** `history` moved on to `next` (the forward history dropped). */
export function commit(history: ExplorationHistory, next: Exploration): ExplorationHistory {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_MAX), present: next, future: [] };
}

/** One step back (unchanged at the start). */
export function back(history: ExplorationHistory): ExplorationHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

/** One step forward (unchanged at the end). */
export function forward(history: ExplorationHistory): ExplorationHistory {
  const next = history.future[0];
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1) };
}

/** What is drawn: association types, groupings and frameworks left out. */
export interface GraphFilters {
  hiddenTypes: ReadonlySet<string>;
  hiddenGroupings: ReadonlySet<string>;
  /** Frameworks by [`frameworkId`]: their nodes (the start node excepted) and edges left out. */
  hiddenFrameworks: ReadonlySet<string>;
}

export const NO_FILTERS: GraphFilters = {
  hiddenTypes: new Set(),
  hiddenGroupings: new Set(),
  hiddenFrameworks: new Set(),
};

/** The framework filter's value for nodes outside the cache. */
export const NOT_CACHED = "";

/** The framework filter's value, and the legend's key, of a node's framework. */
export function frameworkId(key: FrameworkKey | null): string {
  return key === null ? NOT_CACHED : JSON.stringify([key.connection, key.identifier]);
}

/** A framework with nodes in the exploration: its key (`null`: outside the cache) and how many. */
export interface ExploredFramework {
  id: string;
  key: FrameworkKey | null;
  nodes: number;
}

/**
 * The frameworks the exploration's nodes belong to, the start node's first and then in the order
 * their first node was gathered (so a framework keeps its colour band as the user explores);
 * nodes outside the cache last.
 */
export function explorationFrameworks(exploration: Exploration): ExploredFramework[] {
  const found = new Map<string, ExploredFramework>();
  const root = exploration.nodes.get(exploration.root);
  if (root) found.set(frameworkId(root.framework), { id: frameworkId(root.framework), key: root.framework, nodes: 0 });
  for (const node of exploration.nodes.values()) {
    const id = frameworkId(node.framework);
    const entry = found.get(id) ?? { id, key: node.framework, nodes: 0 };
    found.set(id, { ...entry, nodes: entry.nodes + 1 });
  }
  const all = [...found.values()];
  return [...all.filter((f) => f.key !== null), ...all.filter((f) => f.key === null)];
}

/** Whether `edge` passes `filters`' type and grouping filters. */
export function edgeShown(edge: GraphEdge, filters: GraphFilters): boolean {
  return !filters.hiddenTypes.has(edge.associationType) && !filters.hiddenGroupings.has(edge.grouping ?? NO_GROUPING);
}

/** The drawn graph: the nodes and edges `filters` keep. */
export interface DrawnGraph {
  nodes: ExploredNode[];
  edges: GraphEdge[];
}

/**
 * The exploration as drawn under `filters`: the nodes of hidden frameworks left out (never the
 * start node), with every edge touching one; the edges of hidden types and groupings.
 */
export function drawn(exploration: Exploration, filters: GraphFilters): DrawnGraph {
  const nodes = [...exploration.nodes.values()].filter(
    (n) => n.identifier === exploration.root || !filters.hiddenFrameworks.has(frameworkId(n.framework)),
  );
  const kept = new Set(nodes.map((n) => n.identifier));
  return {
    nodes,
    edges: [...exploration.edges.values()].filter(
      (e) => kept.has(e.origin) && kept.has(e.destination) && edgeShown(e, filters),
    ),
  };
}

/** The association types of the exploration, the defined order kept from the first fetch, then by name. */
export function explorationTypes(exploration: Exploration): string[] {
  return [...new Set([...exploration.edges.values()].map((e) => e.associationType))].sort((a, b) => a.localeCompare(b));
}

/** Associations away from `from` over `graph`'s edges (either direction); unreachable nodes absent. */
export function distances(graph: DrawnGraph, from: string): Map<string, number> {
  const around = stepsByNode(graph);
  const seen = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; frontier.length > 0; d++) {
    const next: string[] = [];
    for (const id of frontier)
      for (const { other } of around.get(id) ?? [])
        if (!seen.has(other)) {
          seen.set(other, d);
          next.push(other);
        }
    frontier = next;
  }
  return seen;
}

/**
 * Each node's layer for the layered layout: parents above their children along `isChildOf`
 * (a node with no parent drawn is on top; a cycle is cut where it closes); a node in no drawn
 * `isChildOf` on the layer of the first node it is associated with that is (beside it), or on top.
 */
export function layers(graph: DrawnGraph): Map<string, number> {
  const parents = new Map<string, string[]>();
  for (const e of graph.edges)
    if (e.associationType === "isChildOf" && e.origin !== e.destination) push(parents, e.origin, e.destination);
  const layer = new Map<string, number>();
  const visiting = new Set<string>();
  const depth = (id: string): number => {
    const known = layer.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    let d = 0;
    for (const p of parents.get(id) ?? []) d = Math.max(d, depth(p) + 1);
    visiting.delete(id);
    layer.set(id, d);
    return d;
  };
  const inTree = new Set<string>();
  for (const [child, ps] of parents) for (const id of [child, ...ps]) inTree.add(id);
  for (const n of graph.nodes) if (inTree.has(n.identifier)) depth(n.identifier);
  // The others, outward from the tree along any association.
  const around = stepsByNode(graph);
  let frontier = [...layer.keys()];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier)
      for (const { other } of around.get(id) ?? [])
        if (!layer.has(other)) {
          layer.set(other, layer.get(id) ?? 0);
          next.push(other);
        }
    frontier = next;
  }
  for (const n of graph.nodes) if (!layer.has(n.identifier)) layer.set(n.identifier, 0);
  return layer;
}

/** A step along an edge from the focused node. */
export interface Step {
  other: string;
  edge: GraphEdge;
  /** Whether the focused node is the edge's origin. */
  outgoing: boolean;
}

/** Every node's steps along the edges of `graph` (a node no edge touches has none). */
export function stepsByNode(graph: DrawnGraph): Map<string, Step[]> {
  const around = new Map<string, Step[]>();
  for (const edge of graph.edges) {
    push(around, edge.origin, { other: edge.destination, edge, outgoing: true });
    if (edge.origin !== edge.destination) push(around, edge.destination, { other: edge.origin, edge, outgoing: false });
  }
  return around;
}

/** The steps along drawn edges from `identifier`. */
export function stepsFrom(graph: DrawnGraph, identifier: string): Step[] {
  return stepsByNode(graph).get(identifier) ?? [];
}

export type Direction = "left" | "right" | "up" | "down";

/**
 * The step from `identifier` whose other end lies most nearly in `direction` on the drawing
 * (`positions`: y grows downwards), or `null` when no edge leads that way.
 */
export function stepToward(
  graph: DrawnGraph,
  identifier: string,
  direction: Direction,
  positions: ReadonlyMap<string, { x: number; y: number }>,
): Step | null {
  const here = positions.get(identifier);
  if (!here) return null;
  const [ux, uy] = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction] as [number, number];
  let best: Step | null = null;
  let bestScore = -Infinity;
  for (const step of stepsFrom(graph, identifier)) {
    const there = positions.get(step.other);
    if (!there || step.other === identifier) continue;
    const dx = there.x - here.x;
    const dy = there.y - here.y;
    const length = Math.hypot(dx, dy) || 1;
    const along = (dx * ux + dy * uy) / length;
    // Within 60° of the direction; the most aligned, then the nearest.
    if (along < 0.5) continue;
    const score = along - length / 1e6;
    if (score > bestScore) {
      bestScore = score;
      best = step;
    }
  }
  return best;
}

/** A node's words for a screen reader: its label, kind, and associations drawn and not. */
export function describeNode(
  exploration: Exploration,
  graph: DrawnGraph,
  identifier: string,
  elsewhere: string | null = null,
): string {
  const node = exploration.nodes.get(identifier);
  if (!node) return "";
  const steps = stepsFrom(graph, identifier).length;
  const hidden = hiddenCount(exploration, identifier);
  const kind = {
    document: "framework document",
    item: "item",
    external: "outside the framework",
    unknown: "unknown end",
  }[node.kind];
  const where = elsewhere ? `, in ${elsewhere}` : "";
  return `${node.label}, ${kind}${where}, ${steps} association${steps === 1 ? "" : "s"} drawn${hidden > 0 ? `, ${hidden} more not drawn` : ""}${exploration.grown.has(identifier) ? ", grown" : ""}`;
}

/** An edge's words for a screen reader: origin, type, destination, by code where there is one. */
export function describeStep(exploration: Exploration, step: Step): string {
  const name = (id: string) => exploration.nodes.get(id)?.code ?? exploration.nodes.get(id)?.label ?? id;
  const { edge } = step;
  return `${name(edge.origin)} ${edge.associationType} ${name(edge.destination)}`;
}

/** Nodes drawn whose code or label contains `text` (case-insensitive), the codes matching first. */
export function searchNodes(graph: DrawnGraph, text: string): ExploredNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const all = graph.nodes;
  const byCode = all.filter((n) => n.code?.toLowerCase().startsWith(needle));
  const rest = all.filter((n) => !byCode.includes(n) && n.label.toLowerCase().includes(needle));
  return [...byCode, ...rest];
}

/** Words of a statement shown on a node. */
const STATEMENT_MAX = 48;

/** A node's label on the drawing: its code, the first words of its statement, "+N more". */
export function nodeLabel(node: ExploredNode, hidden: number): string {
  let text = node.label;
  if (node.code && text.startsWith(node.code)) text = text.slice(node.code.length).trim();
  if (text.length > STATEMENT_MAX) {
    const cut = text.slice(0, STATEMENT_MAX);
    const space = cut.lastIndexOf(" ");
    text = `${(space > STATEMENT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  const lines = [node.code, text].filter((l): l is string => Boolean(l));
  if (hidden > 0) lines.push(`+${hidden} more`);
  return lines.join("\n");
}

/** Room between the layered layout's nodes (a node is 180 × 72 px). */
const LAYER_GAP = { x: 210, y: 120 };
/** The most nodes a layer puts side by side; a wider layer wraps into rows this wide. */
const ROW_NODES = 16;
/** Room between the rows a wide layer wraps into. */
const WRAP_GAP = 96;

/**
 * The layered layout: each layer (`layers`) a band of rows, parents above children, a layer's
 * nodes ordered by where the nodes they hang from stand (one barycentre pass, top down), at most
 * `ROW_NODES` to a row (a node of 500 children is a block of rows under it, not a line 100,000 px
 * long that no view can show or cache), each row centred on x = 0.
 */
export function layeredPositions(graph: DrawnGraph): Map<string, { x: number; y: number }> {
  const layer = layers(graph);
  const rows: string[][] = [];
  for (const n of graph.nodes) {
    const l = layer.get(n.identifier) ?? 0;
    (rows[l] ??= []).push(n.identifier);
  }
  const above = new Map<string, string[]>();
  for (const e of graph.edges) {
    const lo = layer.get(e.origin) ?? 0;
    const ld = layer.get(e.destination) ?? 0;
    if (lo > ld) push(above, e.origin, e.destination);
    else if (ld > lo) push(above, e.destination, e.origin);
  }
  const x = new Map<string, number>();
  const positions = new Map<string, { x: number; y: number }>();
  let top = 0;
  for (const row of rows) {
    if (!row) continue;
    const wanted = new Map(
      row.map((id, i) => {
        const xs = (above.get(id) ?? []).flatMap((p) => (x.has(p) ? [x.get(p) as number] : []));
        return [id, xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.MAX_SAFE_INTEGER / 2 + i];
      }),
    );
    const ordered = [...row].sort((a, b) => (wanted.get(a) as number) - (wanted.get(b) as number));
    for (let first = 0; first < ordered.length; first += ROW_NODES) {
      const line = ordered.slice(first, first + ROW_NODES);
      for (const [i, id] of line.entries()) {
        const at = (i - (line.length - 1) / 2) * LAYER_GAP.x;
        x.set(id, at);
        positions.set(id, { x: at, y: top });
      }
      top += first + ROW_NODES < ordered.length ? WRAP_GAP : LAYER_GAP.y;
    }
  }
  return positions;
}

/** Adds `value` to the list of `key` in `lists` (in place: a hub's list grows in linear time). */
function push<T>(lists: Map<string, T[]>, key: string, value: T) {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}
