//! What a key does in a desktop tree, as a pure function of the visible rows: arrows, Home/End,
//! Left/Right to collapse, expand or move between parent and child, Enter to select, `*`, and
//! type-ahead (printable characters move to the next row starting with them).

/** What the tree needs to know of a visible row. */
export interface TreeNav {
  key: string;
  level: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** What a key press asks for. */
export type TreeAction =
  | { type: "focus"; index: number }
  | { type: "expand"; index: number }
  | { type: "collapse"; index: number }
  | { type: "select"; index: number }
  | { type: "expandSiblings"; index: number }
  | { type: "menu"; index: number };

/** The action of `key` on the row at `index`, or null when the tree does not handle it. */
export function treeKeyAction(
  rows: readonly TreeNav[],
  index: number,
  key: string,
  shiftKey = false,
): TreeAction | null {
  const row = rows[index];
  if (!row) return rows.length > 0 ? { type: "focus", index: 0 } : null;
  switch (key) {
    case "ArrowDown":
      return { type: "focus", index: Math.min(index + 1, rows.length - 1) };
    case "ArrowUp":
      return { type: "focus", index: Math.max(index - 1, 0) };
    case "Home":
      return { type: "focus", index: 0 };
    case "End":
      return { type: "focus", index: rows.length - 1 };
    case "PageDown":
      return { type: "focus", index: Math.min(index + 10, rows.length - 1) };
    case "PageUp":
      return { type: "focus", index: Math.max(index - 10, 0) };
    case "ArrowRight":
      if (row.hasChildren && !row.expanded) return { type: "expand", index };
      if (row.hasChildren && rows[index + 1]?.level === row.level + 1) return { type: "focus", index: index + 1 };
      return { type: "focus", index };
    case "ArrowLeft": {
      if (row.hasChildren && row.expanded) return { type: "collapse", index };
      for (let i = index - 1; i >= 0; i--) {
        if ((rows[i]?.level ?? 0) < row.level) return { type: "focus", index: i };
      }
      return { type: "focus", index };
    }
    case "Enter":
    case " ":
      return { type: "select", index };
    case "*":
      return { type: "expandSiblings", index };
    case "F10":
      return shiftKey ? { type: "menu", index } : null;
    case "ContextMenu":
      return { type: "menu", index };
    default:
      return null;
  }
}

/** How long a pause ends a type-ahead string (ms). */
export const TYPE_AHEAD_PAUSE_MS = 500;

/** Whether `key` (a `KeyboardEvent.key`) is one the tree's type-ahead takes: one printable
 * character that is not one of the tree's own keys (`*`, space) nor the search's `/`. */
export function isTypeAheadKey(key: string): boolean {
  return [...key].length === 1 && key !== "*" && key !== " " && key !== "/";
}

/**
 * Type-ahead (WAI-ARIA tree pattern): the index of the row the focus moves to when `typed` has
 * been typed with the focus on `index` — the next row (wrapping) any of whose `texts` starts with
 * it, ignoring case. A longer string tries the focused row first (typing on keeps it while it
 * still matches); one character typed again and again steps through the rows starting with it.
 * Null when no row matches.
 */
export function typeAheadIndex(texts: readonly (readonly string[])[], index: number, typed: string): number | null {
  if (typed === "" || texts.length === 0) return null;
  const chars = [...typed.toLocaleLowerCase()];
  const repeated = chars.every((c) => c === chars[0]);
  const prefix = repeated ? chars[0]! : chars.join("");
  const start = repeated ? index + 1 : index;
  for (let k = 0; k < texts.length; k++) {
    const i = (((start + k) % texts.length) + texts.length) % texts.length;
    if (texts[i]?.some((text) => text.trimStart().toLocaleLowerCase().startsWith(prefix))) return i;
  }
  return null;
}
