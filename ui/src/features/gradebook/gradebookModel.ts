//! The gradebook grid's rules, without React: cells by student and line item, moving within the
//! grid (the WAI-ARIA grid's keys) and after an edit like a spreadsheet (Enter down, Tab right),
//! the one-key flags, the edit a change makes, the empty
//! cells of a column, the undo of the last edits, and the audit as CSV.

import type { CellEdit } from "../../bindings/CellEdit";
import type { ClassGradebook } from "../../bindings/ClassGradebook";
import type { GradebookCell } from "../../bindings/GradebookCell";
import type { OutboxItem } from "../../bindings/OutboxItem";
import type { RecordState } from "../../bindings/RecordState";

/** A position in the grid: row (student) and column (line item) indexes. */
export interface Position {
  row: number;
  col: number;
}

export const cellKey = (student: string, lineItem: string) => `${student}\u0000${lineItem}`;

/** Every cell of a gradebook by student and line item. */
export function cellIndex(book: ClassGradebook): Map<string, GradebookCell> {
  const index = new Map<string, GradebookCell>();
  for (const cell of book.cells) index.set(cellKey(cell.student, cell.lineItem), cell);
  return index;
}

/** Where a key that commits an edit moves the selection, as in a spreadsheet: Enter down, Tab
 * right (to the next row's first column at the end), with Shift the other way. Null when there
 * is nowhere to go (Tab past the last cell, Shift+Tab before the first): the selection stays. */
export function move(at: Position, key: string, shift: boolean, rows: number, cols: number): Position | null {
  switch (key) {
    case "Enter":
      return clamp({ row: at.row + (shift ? -1 : 1), col: at.col }, rows, cols);
    case "Tab": {
      if (shift)
        return at.col > 0 ? { ...at, col: at.col - 1 } : at.row > 0 ? { row: at.row - 1, col: cols - 1 } : null;
      return at.col < cols - 1 ? { ...at, col: at.col + 1 } : at.row < rows - 1 ? { row: at.row + 1, col: 0 } : null;
    }
    default:
      return null;
  }
}

/** The modifiers a grid key came with. */
export interface KeyMods {
  shift: boolean;
  ctrl: boolean;
}

/** Where a key moves the selection within the grid, which is one Tab stop (the WAI-ARIA grid
 * pattern): arrows by a cell, Home/End to the row's first or last cell, Ctrl+Home/Ctrl+End to
 * the grid's first or last cell, PageUp/PageDown by `page` rows, Enter down (Shift+Enter up) as
 * in a spreadsheet. Null for every other key — Tab and Shift+Tab among them, which leave the
 * grid. */
export function navigate(
  at: Position,
  key: string,
  mods: KeyMods,
  rows: number,
  cols: number,
  page: number,
): Position | null {
  const to = (p: Position) => clamp(p, rows, cols);
  if (mods.ctrl) {
    if (key === "Home") return to({ row: 0, col: 0 });
    if (key === "End") return to({ row: rows - 1, col: cols - 1 });
    return null;
  }
  switch (key) {
    case "Enter":
      return move(at, key, mods.shift, rows, cols);
    case "ArrowDown":
      return to({ ...at, row: at.row + 1 });
    case "ArrowUp":
      return to({ ...at, row: at.row - 1 });
    case "ArrowRight":
      return to({ ...at, col: at.col + 1 });
    case "ArrowLeft":
      return to({ ...at, col: at.col - 1 });
    case "Home":
      return to({ ...at, col: 0 });
    case "End":
      return to({ ...at, col: cols - 1 });
    case "PageDown":
      return to({ ...at, row: at.row + Math.max(1, page) });
    case "PageUp":
      return to({ ...at, row: at.row - Math.max(1, page) });
    default:
      return null;
  }
}

/** A position kept within the grid's rows and columns. */
function clamp(p: Position, rows: number, cols: number): Position {
  return {
    row: Math.max(0, Math.min(rows - 1, p.row)),
    col: Math.max(0, Math.min(cols - 1, p.col)),
  };
}

/** A flag of a result: the four booleans, and exempt (a scoreStatus). */
export type Flag = "late" | "incomplete" | "missing" | "inProgress" | "exempt";

/** The one-key shortcuts of the flags (on a selected cell, not while typing). */
export const FLAG_KEYS: Record<string, Flag> = {
  l: "late",
  i: "incomplete",
  m: "missing",
  p: "inProgress",
  x: "exempt",
};

export const FLAG_LABELS: Record<Flag, string> = {
  late: "Late",
  incomplete: "Incomplete",
  missing: "Missing",
  inProgress: "In progress",
  exempt: "Exempt",
};

/** Whether a cell has a flag. */
export function hasFlag(cell: GradebookCell | undefined, flag: Flag): boolean {
  if (!cell) return false;
  return flag === "exempt" ? cell.scoreStatus === "exempt" : cell[flag];
}

/** The edit that leaves a cell as it is: the base every change starts from. */
export function editOf(classId: string, student: string, lineItem: string, cell: GradebookCell | undefined): CellEdit {
  return {
    classId,
    lineItem,
    student,
    score: cell?.score ?? null,
    textScore: cell?.textScore ?? null,
    scoreStatus: cell?.scoreStatus ?? null,
    scoreDate: cell?.scoreDate ?? null,
    comment: cell?.comment ?? null,
    late: cell?.late ?? false,
    incomplete: cell?.incomplete ?? false,
    missing: cell?.missing ?? false,
    inProgress: cell?.inProgress ?? false,
    extraCredit: false,
  };
}

/** A typed value: a number goes to `score`, anything else to `textScore`. */
export function typedValue(edit: CellEdit, text: string, hasScale: boolean): CellEdit {
  const t = text.trim();
  const numeric = t !== "" && !Number.isNaN(Number(t.replace(",", ".")));
  if (t === "")
    return {
      ...edit,
      score: null,
      textScore: null,
      scoreStatus: edit.scoreStatus === "fully graded" ? "not submitted" : edit.scoreStatus,
    };
  if (numeric || !hasScale) return { ...edit, score: t, textScore: null };
  return { ...edit, score: null, textScore: t };
}

/** The edit toggling a flag. */
export function toggled(edit: CellEdit, flag: Flag): CellEdit {
  if (flag === "exempt") {
    const exempt = edit.scoreStatus === "exempt";
    return {
      ...edit,
      scoreStatus: exempt ? (edit.score || edit.textScore ? "fully graded" : "not submitted") : "exempt",
    };
  }
  return { ...edit, [flag]: !edit[flag] };
}

/** What a cell shows. */
export function shown(cell: GradebookCell | undefined): string {
  return cell?.score ?? cell?.textScore ?? "";
}

/** The students of a column with no score and no text score. */
export function emptyCells(book: ClassGradebook, index: Map<string, GradebookCell>, lineItem: string): string[] {
  return book.students.filter((s) => shown(index.get(cellKey(s.id, lineItem))) === "").map((s) => s.id);
}

/** An edit made, with the cell as it was: the undo stack holds these. */
export interface Done {
  student: string;
  lineItem: string;
  /** The cell before (undefined: there was none). */
  before: GradebookCell | undefined;
}

/** The edit that undoes `done` (restores the cell as it was; an empty cell where there was none). */
export function undoEdit(classId: string, done: Done): CellEdit {
  return { ...editOf(classId, done.student, done.lineItem, done.before), extraCredit: true };
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The audit as CSV: when, connection, what, method, operation, record, outcome, attempts,
 * before, after, error. */
export function auditCsv(items: OutboxItem[]): string {
  const header = [
    "created",
    "sent",
    "connection",
    "what",
    "method",
    "operation",
    "record",
    "outcome",
    "attempts",
    "before",
    "after",
    "error",
  ];
  const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));
  const rows = items.map((i) =>
    [
      i.createdAt,
      i.sentAt ?? "",
      i.connection,
      i.label,
      i.method,
      i.operation,
      i.recordId,
      i.state,
      String(i.attempts),
      json(i.before),
      json(i.after ?? i.body),
      i.error?.message ?? "",
    ]
      .map(csvField)
      .join(","),
  );
  return [header.join(","), ...rows].join("\r\n") + "\r\n";
}

/** What a state is called next to a cell. */
export const STATE_LABELS: Record<RecordState, string> = {
  server: "saved",
  pending: "not sent yet",
  sending: "sending",
  failed: "refused",
  deleting: "to be deleted",
};

/** Whether unsent writes wait for the server to be back: one was sent and found it unreachable
 * or failing for the moment (5xx, 408, 429), so sending again later is what the user asked for.
 * Writes never sent wait for the user's "Send changes". */
export function waitingForServer(items: OutboxItem[]): boolean {
  return items.some((item) => {
    if (item.state !== "pending" || item.attempts === 0 || !item.error) return false;
    const { code, httpStatus } = item.error.failure;
    return code === "offline" || httpStatus === 408 || httpStatus === 429 || (httpStatus !== null && httpStatus >= 500);
  });
}

/** The class's line items that name the category or score scale `id` (what its DELETE leaves
 * pointing at nothing). */
export function dependentLineItems(
  book: ClassGradebook,
  collection: "categories" | "scoreScales",
  id: string,
): string[] {
  return book.lineItems
    .filter((l) => (collection === "categories" ? l.categoryId : l.scoreScaleId) === id)
    .map((l) => l.title);
}
