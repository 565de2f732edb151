//! The visual crosswalk's model: each framework's tree as the rows it shows (its levels opened to
//! a depth, and any row opened or closed by the user), each pair drawn between the rows that show
//! its two items — an item inside a closed row is shown by that row, so the pairs of a closed
//! subtree are bundled, counted per association type — and the items without a counterpart
//! marked (a closed row counts those below it). Pure: no React, no canvas.

import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import type { FrameworkMap } from "../../bindings/FrameworkMap";
import type { MapRow } from "../../bindings/MapRow";

/** One side's tree: its rows' children and each item's first row. */
export interface SideTree {
  map: FrameworkMap;
  children: number[][];
  /** An item's first row (an item under several parents has one row under each). */
  rowOf: Map<string, number>;
}

/** Indexes `map` (its rows in depth-first order, the document first). */
export function sideTree(map: FrameworkMap): SideTree {
  const children: number[][] = map.rows.map(() => []);
  const rowOf = new Map<string, number>();
  map.rows.forEach((row, i) => {
    if (row.parent !== null) children[row.parent]?.push(i);
    if (!rowOf.has(row.identifier)) rowOf.set(row.identifier, i);
  });
  return { map, children, rowOf };
}

/** Which rows are open: those above `depth` unless closed, and those the user opened. */
export interface Openness {
  depth: number;
  opened: ReadonlySet<number>;
  closed: ReadonlySet<number>;
}

/** Whether row `i` (at `level`, 1 for the document's children) shows its children. */
export function isOpen(open: Openness, i: number, level: number): boolean {
  if (open.closed.has(i)) return false;
  return level < open.depth || open.opened.has(i);
}

/** A row shown: its place in the map's rows and its level (1 for the document's children). */
export interface ShownRow {
  index: number;
  level: number;
  row: MapRow;
  /** Whether it has children, and whether they are shown. */
  hasChildren: boolean;
  open: boolean;
}

/** The rows `side` shows under `open`, in tree order (the document itself not shown). */
export function shownRows(side: SideTree, open: Openness): ShownRow[] {
  const out: ShownRow[] = [];
  const stack: Array<[number, number]> = [...(side.children[0] ?? [])].reverse().map((i) => [i, 1]);
  while (stack.length > 0) {
    const [i, level] = stack.pop()!;
    const kids = side.children[i] ?? [];
    const shown = kids.length > 0 && isOpen(open, i, level);
    out.push({ index: i, level, row: side.map.rows[i]!, hasChildren: kids.length > 0, open: shown });
    if (shown) for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k]!, level + 1]);
  }
  return out;
}

/**
 * For every row of `side`, the place in `shown` of the row that shows it: itself when shown,
 * else its nearest shown ancestor (-1 for the document and rows outside the tree).
 */
export function shownPlace(side: SideTree, shown: readonly ShownRow[]): Int32Array {
  const place = new Int32Array(side.map.rows.length).fill(-1);
  shown.forEach((s, at) => {
    place[s.index] = at;
  });
  // Depth-first order: a parent comes before its children, so one pass fills the hidden ones.
  side.map.rows.forEach((row, i) => {
    if (place[i] === -1 && row.parent !== null && row.parent > 0) place[i] = place[row.parent]!;
  });
  return place;
}

/** A bundle: the pairs drawn as one link between two shown rows, of one association type. */
export interface Bundle {
  /** Places in each side's shown rows. */
  from: number;
  to: number;
  associationType: string;
  pairs: CrosswalkPair[];
}

/**
 * The links between the two sides' shown rows: every pair whose items are both in a tree, drawn
 * between the rows that show them, bundled by those rows and its type (in the order first met).
 */
export function bundles(
  pairs: readonly CrosswalkPair[],
  from: SideTree,
  fromPlace: Int32Array,
  to: SideTree,
  toPlace: Int32Array,
): Bundle[] {
  const found = new Map<string, Bundle>();
  for (const pair of pairs) {
    const a = from.rowOf.get(pair.from.identifier);
    const b = to.rowOf.get(pair.to.identifier);
    if (a === undefined || b === undefined) continue;
    const [x, y] = [fromPlace[a]!, toPlace[b]!];
    if (x < 0 || y < 0) continue;
    const key = `${x}\u0001${y}\u0001${pair.associationType}`;
    const bundle = found.get(key) ?? { from: x, to: y, associationType: pair.associationType, pairs: [] };
    bundle.pairs.push(pair);
    found.set(key, bundle);
  }
  return [...found.values()];
}

/**
 * For each shown row, how many items it shows have no counterpart: itself (an item with no pair)
 * and, when closed, every item below it.
 */
export function unmatched(
  side: SideTree,
  shown: readonly ShownRow[],
  place: Int32Array,
  matched: ReadonlySet<string>,
): number[] {
  const counts = shown.map(() => 0);
  side.map.rows.forEach((row, i) => {
    if (row.kind !== "item" || matched.has(row.identifier)) return;
    // An item under several parents counts once, at its first row.
    if (side.rowOf.get(row.identifier) !== i) return;
    const at = place[i]!;
    if (at >= 0) counts[at]! += 1;
  });
  return counts;
}

/** The identifiers of each side's items that have a counterpart in `pairs`. */
export function matchedItems(pairs: readonly CrosswalkPair[]): { from: Set<string>; to: Set<string> } {
  return {
    from: new Set(pairs.map((p) => p.from.identifier)),
    to: new Set(pairs.map((p) => p.to.identifier)),
  };
}
