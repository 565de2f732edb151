//! The tree as positions: a position is the path of identifiers from a root row down to a node
//! (an item under two parents has two positions). The visible rows are the flattening of the
//! expanded positions over the children loaded so far.

import type { TreeRow } from "../../bindings/TreeRow";
import type { VirtualTreeRow } from "../../ui/VirtualTree";

const SEP = "\u001f";

/** A position's key. */
export function posKey(position: readonly string[]): string {
  return position.join(SEP);
}

/** The position of a key. */
export function keyPos(key: string): string[] {
  return key === "" ? [] : key.split(SEP);
}

/** Whether `key` is `ancestor` or lies below it. */
export function isAtOrBelow(key: string, ancestor: string): boolean {
  return key === ancestor || key.startsWith(ancestor + SEP);
}

/** A visible row of the framework tree. */
export interface FlatRow extends VirtualTreeRow {
  position: string[];
  row: TreeRow;
  /** Expanded but its children are not loaded yet. */
  loading: boolean;
}

/** The code and statement a row is named by. */
export function rowLabel(row: TreeRow): string {
  return row.humanCodingScheme ? `${row.humanCodingScheme} ${row.statement}` : row.statement;
}

/** The visible rows under `roots`. */
export function flatten(
  roots: readonly TreeRow[],
  children: ReadonlyMap<string, readonly TreeRow[]>,
  expanded: ReadonlySet<string>,
): FlatRow[] {
  const out: FlatRow[] = [];
  type Entry = { row: TreeRow; parent: string[]; setSize: number; posInSet: number };
  const stack: Entry[] = [];
  const pushAll = (rows: readonly TreeRow[], parent: string[]) => {
    for (let i = rows.length - 1; i >= 0; i--) {
      const row = rows[i] as TreeRow;
      stack.push({ row, parent, setSize: rows.length, posInSet: i + 1 });
    }
  };
  pushAll(roots, []);
  while (stack.length > 0) {
    const { row, parent, setSize, posInSet } = stack.pop() as Entry;
    const position = [...parent, row.identifier];
    const key = posKey(position);
    // A node already on its own path would repeat forever: shown, never expanded.
    const hasChildren = row.childCount > 0 && !parent.includes(row.identifier);
    const isExpanded = hasChildren && expanded.has(key);
    const kids = isExpanded ? children.get(row.identifier) : undefined;
    out.push({
      key,
      position,
      row,
      level: position.length,
      hasChildren,
      expanded: isExpanded,
      setSize,
      posInSet,
      label: rowLabel(row),
      typeAhead: row.humanCodingScheme ? [row.humanCodingScheme, row.statement] : [row.statement],
      loading: isExpanded && kids === undefined,
    });
    if (kids) pushAll(kids, position);
  }
  return out;
}

/** The keys of `position` and of every position below it that has children (for "expand all"). */
export function positionsBelow(
  position: readonly string[],
  children: ReadonlyMap<string, readonly TreeRow[]>,
): string[] {
  const out: string[] = [];
  const stack: string[][] = [[...position]];
  while (stack.length > 0) {
    const path = stack.pop() as string[];
    const id = path[path.length - 1] as string;
    const kids = children.get(id);
    if (!kids || kids.length === 0) continue;
    out.push(posKey(path));
    for (const kid of kids) {
      if (kid.childCount > 0 && !path.includes(kid.identifier)) stack.push([...path, kid.identifier]);
    }
  }
  return out;
}

/** The ancestors' keys of `position` (not itself), top first. */
export function ancestorKeys(position: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < position.length; i++) out.push(posKey(position.slice(0, i)));
  return out;
}

/** Of `paths`, the first whose ancestors are all expanded, else the first. */
export function preferredPath(paths: readonly string[][], expanded: ReadonlySet<string>): string[] | null {
  const open = paths.find((p) => ancestorKeys(p).every((k) => expanded.has(k)));
  return open ?? paths[0] ?? null;
}
