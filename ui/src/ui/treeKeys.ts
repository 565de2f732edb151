//! What a key does in a desktop tree, as a pure function of the visible rows: arrows, Home/End,
//! Left/Right to collapse, expand or move between parent and child, Enter to select, `*`.

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
export function treeKeyAction(rows: readonly TreeNav[], index: number, key: string, shiftKey = false): TreeAction | null {
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
