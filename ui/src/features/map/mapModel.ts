//! The framework map's model: the map's rows as a hierarchy laid out by d3's partition (an
//! icicle: the document at the left, each level a column to its right, each segment's height its
//! share of the items below), the zoom on a segment, what each segment is coloured by (item type,
//! education level, alignment to another framework, change since another version) with the
//! legend's categories, and the keyboard's moves between segments. Pure: no React, no canvas.

import { hierarchy, partition, type HierarchyRectangularNode } from "d3-hierarchy";

import type { FrameworkMap } from "../../bindings/FrameworkMap";
import type { MapRow } from "../../bindings/MapRow";
import type { VersionDiff } from "../../bindings/VersionDiff";

/** A segment: a row of the map with its place in the unit square (x across levels, y down). */
export type Segment = HierarchyRectangularNode<MapEntry>;

/** A row with its place in `rows`. */
export interface MapEntry {
  row: MapRow;
  index: number;
  children: MapEntry[];
}

/** The map laid out once, in unit coordinates. */
export interface LaidOutMap {
  root: Segment;
  /** Every segment by its row's place. */
  byIndex: Segment[];
  /** Levels below the document. */
  depth: number;
}

/** Lays out `map`: each segment's height its number of rows, itself and every one below. */
export function layOut(map: FrameworkMap): LaidOutMap | null {
  const entries: MapEntry[] = map.rows.map((row, index) => ({ row, index, children: [] }));
  for (const entry of entries) {
    const parent = entry.row.parent === null ? undefined : entries[entry.row.parent];
    parent?.children.push(entry);
  }
  const top = entries[0];
  if (!top) return null;
  const tree = hierarchy(top, (e) => (e.children.length > 0 ? e.children : undefined)).sum(() => 1);
  const root = partition<MapEntry>().size([1, 1]).padding(0)(tree);
  // The partition leaves each parent's own share (its "1") blank below its children, which reads
  // as missing items where a subtree is small: the children are stretched to fill their parent,
  // each keeping its share of their sum.
  root.eachBefore((parent) => {
    const children = parent.children ?? [];
    const total = children.reduce((sum, child) => sum + (child.value ?? 0), 0);
    let at = parent.x0;
    for (const child of children) {
      child.x0 = at;
      at += total > 0 ? ((parent.x1 - parent.x0) * (child.value ?? 0)) / total : 0;
      child.x1 = at;
    }
  });
  const byIndex: Segment[] = [];
  root.each((s) => {
    byIndex[s.data.index] = s;
  });
  return { root, byIndex, depth: root.height };
}

/** A rectangle on the canvas, in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The most levels the view shows to the right of the zoomed segment. */
export const VISIBLE_LEVELS = 4;
/** A column is at least this wide, px: the number of levels shown follows the view's width. */
const MIN_COLUMN = 120;

/**
 * How many levels a `width` px view shows to the right of `focus`: one per [`MIN_COLUMN`] px, at
 * least one and at most [`VISIBLE_LEVELS`], no more than it has.
 */
export function levelsShown(focus: Segment, width: number): number {
  return Math.min(focus.height, VISIBLE_LEVELS, Math.max(1, Math.floor(width / MIN_COLUMN)));
}

/**
 * Where `segment` stands when the map is zoomed on `focus` in a `width` × `height` view: `focus`
 * fills the view's height in a first column half as wide as the others, its descendants share
 * the next [`levelsShown`] columns; anything outside it, or further right, is off the view (null).
 */
export function placeOf(segment: Segment, focus: Segment, width: number, height: number): Rect | null {
  const level = segment.depth - focus.depth;
  const levels = levelsShown(focus, width);
  if (level < 0 || level > levels) return null;
  const span = focus.x1 - focus.x0;
  if (span <= 0 || segment.x0 < focus.x0 || segment.x1 > focus.x1) return null;
  const column = width / (levels + 0.5);
  return {
    x: level === 0 ? 0 : (level - 0.5) * column,
    y: ((segment.x0 - focus.x0) / span) * height,
    width: level === 0 ? column / 2 : column,
    height: ((segment.x1 - segment.x0) / span) * height,
  };
}

/** What the map can be coloured by. */
export type Measure = "itemType" | "educationLevel" | "alignment" | "change";

/** A segment's category under a measure ("" for none). */
export type Categorise = (row: MapRow, index: number) => string;

/** The category text of a row without one. */
export const NONE = "";

/** Categories past this many share one colour, "Other". */
export const MAX_CATEGORIES = 8;

/** The category of a row by its item type or its education levels (joined, in order). */
export function factCategory(measure: "itemType" | "educationLevel"): Categorise {
  return (row) => {
    if (row.kind !== "item") return NONE;
    if (measure === "itemType") return row.itemType?.trim() ?? NONE;
    return row.educationLevels.join(", ");
  };
}

/**
 * Alignment coverage: "Aligned" for an item with an association to the other framework (`aligned`:
 * the identifiers with one), "Aligned below" for one whose descendant has, else "Not aligned".
 */
export function alignmentCategory(map: FrameworkMap, aligned: ReadonlySet<string>): Categorise {
  const below = new Set<number>();
  for (let i = map.rows.length - 1; i >= 0; i--) {
    const row = map.rows[i]!;
    if ((aligned.has(row.identifier) || below.has(i)) && row.parent !== null) below.add(row.parent);
  }
  return (row, index) => {
    if (row.kind !== "item") return NONE;
    if (aligned.has(row.identifier)) return "Aligned";
    return below.has(index) ? "Aligned below" : "Not aligned";
  };
}

/** The change categories, in the legend's order. */
export const CHANGE_ORDER = ["Added", "Moved", "Changed", "Unchanged"];

/**
 * Change since another version (`diff`: from it to the open framework): an item added, moved in
 * the tree, or changed (beyond its lastChangeDateTime), in that order of precedence; else
 * unchanged. The tree's marks name the moves (a diff whose tree was cut names fewer).
 */
export function changeCategory(diff: VersionDiff): Categorise {
  const added = new Set(diff.items.added.map((r) => r.identifier));
  const changed = new Set(diff.items.changed.filter((r) => !r.onlyLastChange).map((r) => r.identifier));
  const moved = new Set(diff.tree.filter((r) => r.mark === "moved").map((r) => r.identifier));
  return (row) => {
    if (row.kind !== "item") return NONE;
    if (added.has(row.identifier)) return "Added";
    if (moved.has(row.identifier)) return "Moved";
    return changed.has(row.identifier) ? "Changed" : "Unchanged";
  };
}

/** A legend entry: a category, its colour slot (0-based; `null` for none) and how many items. */
export interface Category {
  name: string;
  slot: number | null;
  items: number;
}

/**
 * The legend of `rows` under `categorise`: the categories by number of items (names in a fixed
 * order for alignment), at most [`MAX_CATEGORIES`] − 1 and "Other", then "None"; and each row's
 * slot.
 */
export function legendOf(
  rows: readonly MapRow[],
  categorise: Categorise,
  order?: readonly string[],
): { categories: Category[]; slots: Array<number | null> } {
  const counts = new Map<string, number>();
  const names = rows.map((row, i) => categorise(row, i));
  rows.forEach((row, i) => {
    if (row.kind === "item") counts.set(names[i]!, (counts.get(names[i]!) ?? 0) + 1);
  });
  const named = [...counts.entries()].filter(([name]) => name !== NONE);
  if (order) named.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  else named.sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const shown = named.length > MAX_CATEGORIES ? named.slice(0, MAX_CATEGORIES - 1) : named;
  const slotOf = new Map(shown.map(([name], i) => [name, i]));
  const categories: Category[] = shown.map(([name, items], i) => ({ name, slot: i, items }));
  const other = named.slice(shown.length).reduce((sum, [, n]) => sum + n, 0);
  if (other > 0) categories.push({ name: "Other", slot: MAX_CATEGORIES - 1, items: other });
  const none = counts.get(NONE) ?? 0;
  if (none > 0) categories.push({ name: "None", slot: null, items: none });
  const slots = names.map((name, i) => {
    if (rows[i]!.kind !== "item" || name === NONE) return null;
    return slotOf.get(name) ?? MAX_CATEGORIES - 1;
  });
  return { categories, slots };
}

/** A keyboard move on the map. */
export type MapMove = "parent" | "child" | "previous" | "next";

/** The segment `move` leads to from `at` (null where there is none). */
export function moveFrom(at: Segment, move: MapMove): Segment | null {
  switch (move) {
    case "parent":
      return at.parent;
    case "child":
      return at.children?.[0] ?? null;
    case "previous":
    case "next": {
      const siblings = at.parent?.children ?? [];
      const i = siblings.indexOf(at) + (move === "next" ? 1 : -1);
      return siblings[i] ?? null;
    }
  }
}

/** A segment's words: code and statement, how many below, and its category when it has one. */
export function describeSegment(segment: Segment, category: string | null): string {
  const { row } = segment.data;
  const name = [row.code, row.label].filter(Boolean).join(" ");
  const below = row.descendants === 1 ? "1 item below" : `${row.descendants} items below`;
  const level = segment.depth === 0 ? "the framework" : `level ${segment.depth}`;
  return `${name}, ${level}, ${below}${category ? `, ${category}` : ""}`;
}
