//! The results grid: students down, line items across, rows virtualized (TanStack Virtual). It
//! is one Tab stop (the WAI-ARIA grid pattern, the focus on the grid and the selected cell its
//! active descendant): arrows, Home/End, Ctrl+Home/Ctrl+End, PageUp/PageDown and Enter move
//! within it, Tab and Shift+Tab leave it. Typing or F2 starts an edit, which Enter saves moving
//! down and Tab saves moving right, as in a spreadsheet; Esc undoes the cell, Ctrl+Z the last
//! edit; L, I, M, P, X toggle late, incomplete, missing, in progress and exempt. What the checks
//! or the server refused is shown at the cell.

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";

import type { ClassGradebook } from "../../bindings/ClassGradebook";
import type { GradebookCell } from "../../bindings/GradebookCell";
import type { GradebookLineItem } from "../../bindings/GradebookLineItem";
import type { RecordState } from "../../bindings/RecordState";
import {
  FLAG_KEYS,
  FLAG_LABELS,
  STATE_LABELS,
  cellKey,
  hasFlag,
  move,
  navigate,
  shown,
  type Flag,
  type Position,
} from "./gradebookModel";
import { formatLocalDate } from "../../ui/formatDate";
import { wordsVersion } from "../../ui/wordsVersion";

const ROW = 28;
const NAME = 200;
const COL = 104;

/** What the grid asks its owner to do. */
export interface GridActions {
  /** Save a typed value in a cell: whether it was stored (refused or asked about: not yet). */
  commit(student: string, lineItem: string, text: string): Promise<boolean>;
  /** Toggle a flag of a cell. */
  flag(student: string, lineItem: string, flag: Flag): void;
  /** Undo the last edit. */
  undo(): void;
  /** The selection moved. */
  select(at: Position): void;
}

/** Why a cell's typed value was not stored (client checks), with the value kept. */
export interface CellProblem {
  text: string;
  message: string;
}

const FLAG_MARKS: Array<[Flag, string]> = [
  ["late", "L"],
  ["incomplete", "I"],
  ["missing", "M"],
  ["inProgress", "P"],
  ["exempt", "X"],
];

/** The id of a column header's `part`: its title (the header's name) or details (its description). */
function columnId(grid: string, col: number, part: "title" | "details"): string {
  return `${grid}-col${col}-${part}`;
}

/**
 * A cell's id, for the grid's `aria-activedescendant`, carrying its `version` (`cellVersion`):
 * a cell whose text changes is drawn as a new element with a new id. WebKitGTK tells the
 * platform of no change to an element's name or description, and a screen reader keeps what it
 * first read of an element ("not sent yet" added by the save went unspoken); a new active
 * descendant it reads afresh — as the tree's rows are always new elements (`VirtualTree.tsx`).
 */
export function cellId(grid: string, row: number, col: number, version: string): string {
  return `${grid}-r${row}-c${col}-${version}`;
}

/** A short token of what a cell says (its value, flags, comment, state and error), which
 * changes whenever any of them does. */
function cellVersion(cell: GradebookCell | undefined, problem: CellProblem | undefined): string {
  const flags = FLAG_MARKS.filter(([f]) => hasFlag(cell, f)).map(([, mark]) => mark);
  const parts = [shown(cell), cell?.state ?? "", flags.join(""), cell?.comment ?? "", cell?.error?.message ?? ""];
  if (problem) parts.push(problem.text, problem.message);
  return wordsVersion(parts.join("\u0000"));
}

const Cell = memo(function Cell({
  id,
  row,
  col,
  name,
  student,
  lineItem,
  cell,
  problem,
  selected,
  max,
  min,
}: {
  id: string;
  row: number;
  col: number;
  name: string;
  student: string;
  lineItem: string;
  cell: GradebookCell | undefined;
  problem: CellProblem | undefined;
  selected: boolean;
  max: number | null;
  min: number | null;
}) {
  const state = problem ? "refused" : (cell?.state ?? "empty");
  const flags = FLAG_MARKS.filter(([f]) => hasFlag(cell, f));
  const error = problem?.message ?? cell?.error?.message;
  const title = [
    cell?.comment ? `Comment: ${cell.comment}` : null,
    flags.length ? flags.map(([f]) => FLAG_LABELS[f]).join(", ") : null,
    cell && cell.state !== "server" ? STATE_LABELS[cell.state] : null,
    error ?? null,
    min !== null || max !== null ? `Range ${min ?? "–"} to ${max ?? "–"}` : null,
  ]
    .filter(Boolean)
    .join("\n");
  const value = problem ? problem.text : shown(cell);
  // Announced with its student and line item (the grid keeps focus; the cell is its active
  // descendant), then what it holds, its flags, comment and state — in words hidden from sight,
  // the marks seen hidden from speech, so the name holds all that is seen. The name is also
  // given outright (aria-label): WebKitGTK's AT-SPI otherwise names a cell by its `title`
  // tooltip, so a screen reader heard "Range 0 to 10" and not whose score it was; the tooltip
  // stays, as the cell's description.
  const spoken = [
    flags.length ? flags.map(([f]) => FLAG_LABELS[f]).join(", ") : null,
    cell?.comment ? "has a comment" : null,
    cell && cell.state !== "server" ? STATE_LABELS[cell.state] : null,
    error ?? null,
  ]
    .filter(Boolean)
    .join("; ");
  const label = `${name}: ${value === "" ? "empty" : value}${spoken ? `; ${spoken}` : ""}`;
  return (
    <div
      id={id}
      role="gridcell"
      aria-label={label}
      aria-colindex={col + 2}
      data-row={row}
      data-col={col}
      aria-selected={selected}
      aria-invalid={error ? true : undefined}
      data-state={state}
      data-student={student}
      data-line-item={lineItem}
      className={`gb-cell state-${state}${selected ? " selected" : ""}`}
      title={title || undefined}
    >
      <span className="sr-only">{name}: </span>
      <span className="gb-value num">{value === "" ? <span className="sr-only">empty</span> : value}</span>
      {spoken && <span className="sr-only">; {spoken}</span>}
      {/* The marks are drawn by CSS from their attributes, not written as text: the name says
          them in words, and what is text in the cell stays part of its name (WCAG 2.5.3). */}
      {flags.length > 0 && (
        <span className="gb-flags" aria-hidden="true" data-marks={flags.map(([, m]) => m).join("")} />
      )}
      {cell?.comment && <span className="gb-comment" aria-hidden="true" />}
      {error && <span className="gb-error" aria-hidden="true" />}
    </div>
  );
});

/** The in-cell editor: its text lives here, so a keystroke repaints one input, not the grid. */
function Editor({
  initial,
  onDone,
}: {
  initial: string;
  onDone: (text: string | null, key: string, shift: boolean) => void;
}) {
  const [text, setText] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    const end = el.value.length;
    el.setSelectionRange(end, end);
  }, []);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      e.stopPropagation();
      onDone(text, e.key, e.shiftKey);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onDone(null, "Escape", false);
    }
  };
  return (
    <input
      ref={input}
      className="gb-editor num"
      aria-label="Score"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={onKey}
    />
  );
}

/** The grid of a class's results. */
/** What a column whose line item is not (or no longer) on the server says. */
const COLUMN_STATE: Record<Exclude<RecordState, "server">, string> = {
  pending: "not sent yet",
  sending: "sending",
  failed: "refused: see the Outbox",
  deleting: "to be deleted",
};

/** What a column says of its line item's state. */
function columnState(state: RecordState): string {
  return state === "server" ? "" : COLUMN_STATE[state];
}

/**
 * What a column header says beyond its title (category, period, due date in the user's locale,
 * range, state), joined by `sep`: its description, and with the title its tooltip.
 */
function columnDetails(line: GradebookLineItem, sep: string): string {
  const due = line.dueDate === null ? "—" : (formatLocalDate(line.dueDate, true) ?? line.dueDate);
  const parts = [
    `${line.category ?? "no category"} · ${line.gradingPeriod ?? "no grading period"}`,
    `Due ${due} · ${line.min ?? "–"} to ${line.max ?? "–"}`,
  ];
  if (!onServer(line)) parts.push(columnState(line.state));
  return parts.join(sep);
}

/** Whether a column's line item is on the server as cached (its cells take results). */
function onServer(line: GradebookLineItem | undefined): boolean {
  return line?.state === "server";
}

export function ResultsGrid({
  book,
  cells,
  problems,
  readOnly,
  actions,
  at,
}: {
  book: ClassGradebook;
  cells: Map<string, GradebookCell>;
  problems: Map<string, CellProblem>;
  readOnly: boolean;
  actions: GridActions;
  at: Position;
}) {
  // The scrolling element is the grid itself: focusable, so its scrolling is in keyboard reach.
  const scroller = useRef<HTMLDivElement>(null);
  const grid = scroller;
  const gridId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const rows = book.students.length;
  const cols = book.lineItems.length;
  const virtual = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  const template = `${NAME}px repeat(${cols}, ${COL}px)`;
  const width = NAME + cols * COL;
  const current = (p: Position) => ({
    student: book.students[p.row]?.id ?? "",
    lineItem: book.lineItems[p.col]?.id ?? "",
  });

  useEffect(() => {
    virtual.scrollToIndex(at.row, { align: "auto" });
    const el = scroller.current;
    if (el) {
      const left = NAME + at.col * COL;
      if (left < el.scrollLeft + NAME) el.scrollLeft = Math.max(0, left - NAME);
      else if (left + COL > el.scrollLeft + el.clientWidth) el.scrollLeft = left + COL - el.clientWidth;
    }
  }, [at, virtual]);

  /** The rows the scroller shows at once, less the header's: PageUp/PageDown's step. */
  const pageRows = () => Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW) - 1);

  const goto = (p: Position) => {
    actions.select(p);
    grid.current?.focus();
  };

  const finish = async (text: string | null, key: string, shift: boolean) => {
    const { student, lineItem } = current(at);
    setEditing(null);
    if (text === null) {
      grid.current?.focus();
      return;
    }
    // Stored: move on like a spreadsheet; refused or asked about: stay on the cell.
    const stored = await actions.commit(student, lineItem, text);
    goto(stored ? (move(at, key, shift, rows, cols) ?? at) : at);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") {
      e.preventDefault();
      if (!readOnly) actions.undo();
      return;
    }
    if (e.altKey) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const next = navigate(at, e.key, { shift: e.shiftKey, ctrl }, rows, cols, pageRows());
    if (next) {
      e.preventDefault();
      goto(next);
      return;
    }
    if (ctrl) return;
    if (readOnly || !onServer(book.lineItems[at.col])) return;
    const { student, lineItem } = current(at);
    const key = cellKey(student, lineItem);
    const flag = FLAG_KEYS[e.key.toLowerCase()];
    if (flag && !e.shiftKey) {
      e.preventDefault();
      actions.flag(student, lineItem, flag);
      return;
    }
    if (e.key === "F2") {
      e.preventDefault();
      setEditing(`${key}\u0001${problems.get(key)?.text ?? shown(cells.get(key))}`);
      return;
    }
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      void actions.commit(student, lineItem, "");
      return;
    }
    if (e.key.length === 1 && /[0-9.,\-A-Za-z+]/.test(e.key)) {
      e.preventDefault();
      setEditing(`${key}\u0001${e.key}`);
    }
  };

  /** The cell under a pointer event, by the row and column it carries. */
  const cellAt = (e: MouseEvent<HTMLDivElement>): Position | null => {
    const el = (e.target as HTMLElement).closest<HTMLElement>("[data-row][data-col]");
    return el ? { row: Number(el.dataset.row), col: Number(el.dataset.col) } : null;
  };
  const onMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    const p = cellAt(e);
    if (!p) return;
    e.preventDefault();
    goto(p);
  };
  const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    const p = cellAt(e);
    const student = p && book.students[p.row];
    const line = p && book.lineItems[p.col];
    if (!student || !line || readOnly || !onServer(line)) return;
    const key = cellKey(student.id, line.id);
    setEditing(`${key}\u0001${shown(cells.get(key))}`);
  };
  const rendered = at.row >= 0 && at.col >= 0 && virtual.getVirtualItems().some((v) => v.index === at.row);
  const active = current(at);
  const activeKey = cellKey(active.student, active.lineItem);
  const activeId = cellId(gridId, at.row, at.col, cellVersion(cells.get(activeKey), problems.get(activeKey)));

  const editKey = editing?.split("\u0001")[0];
  const editText = editing?.slice((editKey?.length ?? 0) + 1) ?? "";

  return (
    <div className="gb-grid">
      <div
        ref={scroller}
        className="gb-scroller"
        role="grid"
        aria-label={`Results of ${book.classTitle}`}
        aria-rowcount={rows + 1}
        aria-colcount={cols + 1}
        aria-readonly={readOnly}
        aria-activedescendant={rendered && !editing ? activeId : undefined}
        tabIndex={0}
        onKeyDown={onKey}
        onMouseDown={onMouseDown}
        onDoubleClick={onDoubleClick}
      >
        <div className="gb-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, width }}>
          {/* Named through a labelled span like the line items' headers: WebKitGTK's AT-SPI gave
              this header, named by its text alone, an empty name. */}
          <div role="columnheader" aria-colindex={1} aria-labelledby={`${gridId}-student`} className="gb-name">
            <span id={`${gridId}-student`}>Student</span>
          </div>
          {book.lineItems.map((l, col) => {
            // Named by the line item's title alone, the rest (category, period, due date, range,
            // state) its description: WebKitGTK's AT-SPI otherwise names a header by its long
            // `title` tooltip, which stays for the pointer.
            const details = columnDetails(l, " · ");
            return (
              <div
                key={l.id}
                role="columnheader"
                aria-colindex={col + 2}
                aria-labelledby={columnId(gridId, col, "title")}
                aria-describedby={columnId(gridId, col, "details")}
                data-line-item={l.id}
                className={`gb-colhead${col === at.col ? " current" : ""}${onServer(l) ? "" : ` unsent ${l.state}`}`}
                title={`${l.title}\n${columnDetails(l, "\n")}`}
              >
                <span id={columnId(gridId, col, "title")} className="gb-coltitle">
                  {l.title}
                </span>
                <span className="gb-colmeta num">
                  {!onServer(l) && <span className="gb-colstate">{columnState(l.state)} · </span>}
                  {l.max !== null ? `/${l.max}` : ""}
                </span>
                <span id={columnId(gridId, col, "details")} hidden>
                  {details}
                </span>
              </div>
            );
          })}
        </div>
        <div style={{ height: virtual.getTotalSize(), position: "relative", width }}>
          {virtual.getVirtualItems().map((item) => {
            const student = book.students[item.index];
            if (!student) return null;
            return (
              <div
                key={student.id}
                role="row"
                aria-rowindex={item.index + 2}
                className="gb-row"
                style={{ gridTemplateColumns: template, width, height: ROW, transform: `translateY(${item.start}px)` }}
              >
                <div role="rowheader" aria-colindex={1} className="gb-name">
                  {student.name}
                </div>
                {book.lineItems.map((l, col) => {
                  const key = cellKey(student.id, l.id);
                  const selected = at.row === item.index && at.col === col;
                  if (editKey === key) {
                    return (
                      <div
                        key={l.id}
                        role="gridcell"
                        aria-colindex={col + 2}
                        aria-selected
                        className="gb-cell selected editing"
                      >
                        <Editor initial={editText} onDone={(text, k, shift) => void finish(text, k, shift)} />
                      </div>
                    );
                  }
                  const version = cellVersion(cells.get(key), problems.get(key));
                  return (
                    <Cell
                      key={`${l.id}-${version}`}
                      id={cellId(gridId, item.index, col, version)}
                      row={item.index}
                      col={col}
                      name={`${student.name}, ${l.title}`}
                      student={student.id}
                      lineItem={l.id}
                      cell={cells.get(key)}
                      problem={problems.get(key)}
                      selected={selected}
                      max={l.max}
                      min={l.min}
                    />
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
