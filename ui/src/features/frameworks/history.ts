//! Back and forward between visited items: a list and a place in it, as the session keeps them.

import type { Location } from "../../bindings/Location";

/** Visited items, oldest first, and the current one. */
export interface History {
  entries: Location[];
  index: number;
}

/** The most entries kept. */
export const HISTORY_LIMIT = 200;

function same(a: Location | undefined, b: Location): boolean {
  return (
    a !== undefined &&
    a.identifier === b.identifier &&
    a.key.connection === b.key.connection &&
    a.key.identifier === b.key.identifier
  );
}

/** `history` after visiting `location`: forward entries are dropped; a repeat is not added. */
export function visit(history: History, location: Location): History {
  if (same(history.entries[history.index], location)) return history;
  const entries = [...history.entries.slice(0, history.index + 1), location].slice(-HISTORY_LIMIT);
  return { entries, index: entries.length - 1 };
}

/** The place `step` entries away, or null at either end. */
export function move(history: History, step: -1 | 1): History | null {
  const index = history.index + step;
  if (index < 0 || index >= history.entries.length) return null;
  return { entries: history.entries, index };
}

/** A history read from a saved session, kept within bounds. */
export function fromSaved(entries: Location[], index: number): History {
  if (entries.length === 0) return { entries: [], index: -1 };
  return { entries, index: Math.min(Math.max(index, 0), entries.length - 1) };
}
